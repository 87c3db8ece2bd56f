"""Whether a Fonver player can win with the turn it is about to play, found quickly.

A turn is a placement and the captures it forces (ruling 7), and the game is judged when
the captures are over (ruling 10). A placement that opens no crosscut wins exactly when it
joins the player's two edges, which only a point with one empty point between the edges
along orthogonal chains can do (a 0-1 search from each edge finds them all); a placement
that opens a crosscut moves stones about, so its captures are followed out one by one. No
other placement can win, so the answer is exact.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.fonver_distance import Links, distances, links
from games.fonver.board import EMPTY, geometry, other
from games.fonver.play import capture, capture_pairs, place
from games.fonver.state import FonverState

Step = int | tuple[int, int]

CAPTURE_NODES = 4_000
"""Capture positions followed at most per check; past that a placement counts as not
winning (long capture chains that end in a connection are rare; the budget is not)."""


def _reach(board: tuple[int, ...], colour: int, sources: tuple[int, ...], geo: Links) -> list[int]:
    """Empty points on the cheapest orthogonal path from ``sources`` to each point."""
    return distances(board, colour, sources, geo, bridges=False)


def opens_crosscut(board: tuple[int, ...], point: int, colour: int, size: int) -> bool:
    """Whether ``colour`` placing on ``point`` makes a crosscut (and so must capture)."""
    geo = geometry(size)
    enemy = other(colour)
    for anchor in geo.blocks_of[point]:
        a, b, c, d = geo.block(anchor)
        opposite = {a: d, d: a, b: c, c: b}[point]
        sides = [q for q in (a, b, c, d) if q not in (point, opposite)]
        if board[opposite] == colour and all(board[q] == enemy for q in sides):
            return True
    return False


def winning_points(state: FonverState) -> list[int]:
    """Placements worth following for a win of the player to act: those that join the edges
    outright, then those that open a crosscut."""
    board, colour, n = state.board, state.colour, state.size
    geo = links(n)
    low, high = geo.edges[colour]
    up = _reach(board, colour, low, geo)
    down = _reach(board, colour, high, geo)
    joins = [p for p, s in enumerate(board) if s == EMPTY and up[p] == 1 and down[p] == 1]
    cuts = [
        p
        for p, s in enumerate(board)
        if s == EMPTY and p not in joins and opens_crosscut(board, p, colour, n)
    ]
    return joins + cuts


def _finishes_with_win(state: FonverState, mover: int, budget: list[int]) -> bool:
    if state.winner is not None:
        return state.winner == mover
    if state.colour != mover or state.phase != "capture":
        return False
    for source, target in capture_pairs(state):
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if _finishes_with_win(capture(state, source, target), mover, budget):
            return True
    return False


def wins_at_once(state: FonverState) -> bool:
    """Whether the player to act can finish a turn with its edges joined."""
    if state.winner is not None or state.phase == "pie":
        return False
    mover = state.colour
    budget = [CAPTURE_NODES]
    if state.phase == "capture":
        return _finishes_with_win(state, mover, budget)
    return any(_finishes_with_win(place(state, p), mover, budget) for p in winning_points(state))


class FonverTactics:
    """:class:`ai.safety.Tactics` for Fonver: steps are point indices and (source, target)
    capture pairs, players are colours."""

    multi_step = True

    def mover(self, state: FonverState) -> int:
        return state.colour

    def winner(self, state: FonverState) -> int | None:
        return state.winner

    def steps(self, state: FonverState) -> Sequence[Step]:
        if state.phase == "capture":
            return capture_pairs(state)
        return [p for p, s in enumerate(state.board) if s == EMPTY]

    def apply(self, state: FonverState, step: Step) -> FonverState:
        if isinstance(step, int):
            return place(state, step)
        return capture(state, *step)

    def wins_at_once(self, state: FonverState) -> bool:
        return wins_at_once(state)
