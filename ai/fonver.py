"""The Fonver computer opponent: connection distance as prior and judge of a tree search.

What the AI knows:

* **Distance.** :mod:`ai.fonver_distance` counts the empty points each colour still needs
  to join its edges (diagonal bridges included). The evaluation is the difference, with
  half a stone for the side to move, squashed into a win chance.
* **Candidates.** A placement is worth searching only on or near someone's shortest
  connection: points are ranked by the sum of both colours' best path through them, so the
  search looks first where the two plans collide. A point that completes a connection or
  blocks the opponent's last gap comes first by construction (its path cost is 1).
* **Captures.** Each capture step (ruling 7) is a node of its own; steps are ranked by the
  distance balance they leave, so the search chooses which stone to move and which to take.

Decisions where the rulings say nothing about play (ruling 5 leaves the pie to taste):

* As the first player under the pie rule the AI opens near its own edge, in the middle
  file on the second rank: modest enough that the opponent should keep, useful if kept.
* Deciding the pie, the AI swaps when the first stone is central: at least a quarter of
  the board (``size // 4`` points) away from every edge.
* Nothing in the rulings ends a game in which both sides trade one stone back and forth
  for ever; the AI, when ahead, avoids the capture that starts such a trade (``_unlooped``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import games
from ai.ask import Ask
from ai.budget import Budget
from ai.fonver_distance import FAR, Links, distance, links, through
from ai.fonver_tactics import FonverTactics, opens_crosscut
from ai.mcts import Settings, search
from ai.safety import first_safe, reserve
from games.fonver.board import EMPTY, geometry, other
from games.fonver.play import capture, capture_pairs, place
from games.fonver.state import FonverState

Step = int | tuple[int, int]
"""A placement (point index) or a capture step (source, target) inside the search."""

PLACEMENTS = 16
"""Placements kept per node, best first (progressive widening rarely goes further)."""
CAPTURES = 12
"""Capture steps looked at per node; they are judged exactly, so this bounds the cost."""
CUTS = 4
"""Crosscut-opening placements moved to the front of a node's candidates."""

SETTINGS = Settings(exploration=0.35, widen=1.5, alpha=0.5)
STEEPNESS = 0.6
"""Win chance per stone of distance lead: ``1 / (1 + exp(-STEEPNESS * lead))``."""
AHEAD = 0.55
"""Root value above which the AI avoids a capture that may start an endless trade."""
LOOP_SLACK = 0.15
"""How much root value the AI gives up to avoid such a capture."""
NOISE = 0.04
"""Half-width of the seeded noise added to each leaf's win chance."""


def state_from_view(view: Mapping[str, Any]) -> FonverState:
    """The engine state behind a Fonver view (everything in Fonver is public)."""
    size = int(view["size"])
    geo = geometry(size)
    board = ["."] * (size * size)
    for colour, char in (("black", "B"), ("white", "W")):
        for name in view["stones"][colour]:
            index = geo.index(name)
            if index is None:
                raise ValueError(f"{name} is not a point of a {size}×{size} board")
            board[index] = char
    colour = view["to_move_colour"]
    if colour is None:  # over: the turn passed to the loser
        colour = "white" if view["winner_colour"] == "black" else "black"
    data = {
        "size": size,
        "board": "".join(board),
        "colour": "B" if colour == "black" else "W",
        "phase": "place" if view["phase"] == "over" else view["phase"],
        "black_seat": list(view["seat_colours"]).index("black"),
        "pie_ahead": bool(view["pie_ahead"]),
    }
    return games.get("fonver").load(data)


def judge(board: tuple[int, ...], colour: int, geo: Links) -> float:
    """Chance that ``colour``, about to act, wins: from the two connection distances."""
    mine = distance(board, colour, geo)
    theirs = distance(board, other(colour), geo)
    if mine >= FAR and theirs >= FAR:
        return 0.5
    lead = min(theirs, 40) - min(mine, 40) + 0.5
    return 1.0 / (1.0 + math.exp(-STEEPNESS * lead))


def ranked_placements(state: FonverState, geo: Links) -> list[int]:
    """Empty points best first: lowest sum of both colours' best path through them, then
    nearest the centre (which orders the empty board sensibly)."""
    board = state.board
    mine, _ = through(board, state.colour, geo)
    theirs, _ = through(board, other(state.colour), geo)
    n = geo.size
    middle = (n - 1) / 2
    scored = []
    for point, stone in enumerate(board):
        if stone != EMPTY:
            continue
        rank, file = divmod(point, n)
        own, opp = min(mine[point], 2 * n), min(theirs[point], 2 * n)
        urgent = 0 if own == 1 else 1 if opp == 1 else 2
        centre = abs(rank - middle) + abs(file - middle)
        scored.append((urgent, own + opp + 0.05 * centre, point))
    scored.sort()
    order = [point for _, _, point in scored]
    # The placements that open a crosscut: each brings a capture, which both removes an
    # enemy stone and moves one of the mover's anywhere along its chain — how connections
    # are built in two strides. The path ranking cannot see that, so the best few of them
    # come right after the points that finish or stop a connection.
    urgent = sum(1 for tier, _, _ in scored if tier < 2)
    cuts = [p for p in order[urgent:] if opens_crosscut(board, p, state.colour, n)][:CUTS]
    rest = [p for p in order[urgent:] if p not in cuts]
    return order[:urgent] + cuts + rest


def ranked_captures(state: FonverState, geo: Links) -> list[tuple[int, int]]:
    """Capture steps best first by the balance they leave (exactly, for the few looked at)."""
    pairs = capture_pairs(state)
    n = geo.size

    def nearness(pair: tuple[int, int]) -> tuple[int, int, int]:
        (source, target) = pair
        sr, sf = divmod(source, n)
        tr, tf = divmod(target, n)
        return (abs(sr - tr) + abs(sf - tf), source, target)

    pairs.sort(key=nearness)
    mover = state.colour
    scored = []
    for source, target in pairs[:CAPTURES]:
        after = capture(state, source, target)
        if after.winner == mover:
            return [(source, target)]
        board = after.board
        balance = distance(board, other(mover), geo) - distance(board, mover, geo)
        scored.append((-balance, nearness((source, target)), (source, target)))
    scored.sort()
    return [pair for _, _, pair in scored]


class FonverDomain:
    """Fonver as :class:`ai.mcts.Domain` sees it; players are colours."""

    def __init__(self, size: int) -> None:
        self.geo = links(size)

    def player(self, state: FonverState) -> int:
        return state.colour

    def winner(self, state: FonverState) -> int | None:
        return state.winner

    def apply(self, state: FonverState, action: Step) -> FonverState:
        if isinstance(action, int):
            return place(state, action)
        return capture(state, *action)

    def actions(self, state: FonverState) -> Sequence[Step]:
        if state.phase == "capture":
            return ranked_captures(state, self.geo)
        return ranked_placements(state, self.geo)[:PLACEMENTS]

    def evaluate(self, state: FonverState, rng: random.Random) -> float:
        # A little seeded noise: two players who each see one capture as best can otherwise
        # trade the same stone back and forth for ever (the view has no history to spot it).
        chance = judge(state.board, state.colour, self.geo) + rng.uniform(-NOISE, NOISE)
        return min(1.0, max(0.0, chance))


def _name(size: int, step: Step) -> str:
    names = geometry(size).names
    if isinstance(step, int):
        return names[step]
    return f"{names[step[0]]}>{names[step[1]]}"


def pie_choice(state: FonverState) -> str:
    """Swap when the first stone stands a quarter of the board away from every edge."""
    n = state.size
    point = next(i for i, c in enumerate(state.board) if c != EMPTY)
    rank, file = divmod(point, n)
    margin = min(rank, file, n - 1 - rank, n - 1 - file)
    return "swap" if margin >= n // 4 else "keep"


def choose(ask: Ask) -> str:
    clock = ask.budget.start()  # the whole call counts, preparation included
    state = state_from_view(ask.view)
    n = state.size
    if state.phase == "pie":
        return pie_choice(state)
    if state.pie_ahead:
        return _name(n, n + n // 2)  # second rank, middle file (see the module docstring)
    domain = FonverDomain(n)
    candidates = domain.actions(state)
    if len(candidates) == 1:
        return _name(n, candidates[0])
    rows = search(domain, state, reserve(clock), ask.rng, SETTINGS)
    if not rows:
        return _name(n, candidates[0])
    best = _unlooped(rows, n) if state.phase == "capture" else rows[0][0]
    tactics = FonverTactics()
    ranked = itertools.chain([best], (row[0] for row in rows), tactics.steps(state))
    safe = first_safe(tactics, state, ranked, clock, ask.tally)
    return _name(n, best if safe is None else safe)


def _unlooped(rows: list[tuple[Step, int, float]], size: int) -> Step:
    """The capture to play, steering clear of an endless trade when ahead.

    Two players can trade one stone for ever: each places beside the other's stone, closes
    a crosscut and captures with the stone just placed, which restores the position of two
    turns before. The view has no history, so the AI cannot see the repetition; instead
    the side that is ahead (it has something to lose from a game that never ends) prefers
    a capture whose stone does not come from right beside its target, when one is nearly
    as good.
    """
    best, _, value = rows[0]
    if value < AHEAD or not _beside(best, size):
        return best
    for step, _, other_value in rows[1:]:
        if other_value >= value - LOOP_SLACK and not _beside(step, size):
            return step
    return best


def _beside(step: Step, size: int) -> bool:
    if isinstance(step, int):
        return False
    (sr, sf), (tr, tf) = divmod(step[0], size), divmod(step[1], size)
    return abs(sr - tr) + abs(sf - tf) == 1


def appraise(
    view: Mapping[str, Any], seat: int, budget: Budget, rng: random.Random
) -> tuple[float, str]:
    """(``seat``'s winning chance, the best next step for the side to move) — :func:`ai.judge`.

    The chance is the mean value of the most visited root action (the tree's own estimate of
    the move it would play); with a single candidate, the connection-distance judgement of the
    position it leads to.
    Around the pie (the first stone, the keep-or-swap choice) the position counts as even
    (½): the pie rule exists to make it so, and the first stone is the AI's fixed opening."""
    state = state_from_view(view)
    n = state.size
    if state.winner is not None:
        return (1.0 if state.seat_of(state.winner) == seat else 0.0), ""
    if state.phase == "pie" or state.pie_ahead:
        return 0.5, choose(Ask(view, seat, budget, rng))
    mover = state.seat_of(state.colour)
    domain = FonverDomain(n)
    candidates = domain.actions(state)
    rows = search(domain, state, budget.start(), rng, SETTINGS)
    if rows and rows[0][1] > 0:
        chance = rows[0][2]
        best = rows[0][0]
    else:  # a single candidate: judge the position it leads to
        best = candidates[0]
        after = domain.apply(state, best)
        if after.winner is not None:
            chance = 1.0 if after.winner == state.colour else 0.0
        else:
            chance = judge(after.board, after.colour, domain.geo)
            chance = chance if after.colour == state.colour else 1.0 - chance
    return (chance if mover == seat else 1.0 - chance), _name(n, best)
