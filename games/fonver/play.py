"""How a Fonver turn unfolds: placement, capture steps, the pie decision (rulings 5–10).

Each transition checks its action first and refuses it with a sentence a player can act on
(what is wrong, and a few moves that would be legal). The checks live next to the
transitions so that ``parse`` and ``apply`` can never disagree about what is legal.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import compress
from operator import not_
from typing import NoReturn

from games.core import GameOver, RuleViolation
from games.fonver.actions import Capture, PieChoice, Place, Point, placements
from games.fonver.board import (
    BLACK,
    EMPTY,
    WHITE,
    Geometry,
    chain,
    connected,
    connects_from,
    crosscuts_at,
    geometry,
    other,
)
from games.fonver.sentences import COLOURS, SAY
from games.fonver.state import FonverState
from games.sentences import Sentence
from games.sentences import listing as alternatives

ALTERNATIVES = 3
"""How many legal moves an error message suggests."""


def listing(items: list[str]) -> str | Sentence:
    """``a``, ``a or b``, ``a, b or c`` — for suggestions in error messages."""
    return alternatives(items, limit=ALTERNATIVES)


# -- what is legal ------------------------------------------------------------------------------


def empty_points(state: FonverState) -> list[Place]:
    """Ruling 6: any empty point takes the placement; there is no other restriction."""
    # compress/not_ keep the scan over every point in C: it is most of a random playout.
    return list(compress(placements(state.size), map(not_, state.board)))


def capture_pairs(state: FonverState) -> list[tuple[int, int]]:
    """Ruling 7 as (source, target) index pairs, sorted.

    For each open crosscut: every mover stone in a chain through one of the mover's two
    crosscut stones, times the opponent's two crosscut stones.
    """
    geo = geometry(state.size)
    board = state.board
    mover = state.colour
    pairs: set[tuple[int, int]] = set()
    for anchor in state.crosscuts:
        block = geo.block(anchor)
        sources: set[int] = set()
        for point in block:
            if board[point] == mover and point not in sources:
                sources |= chain(board, geo, point)
        targets = [point for point in block if board[point] != mover]
        pairs.update((source, target) for source in sources for target in targets)
    return sorted(pairs)


def capture_steps(state: FonverState) -> list[Capture]:
    places = placements(state.size)
    return [Capture(places[s].point, places[t].point) for s, t in capture_pairs(state)]


def legal_steps(state: FonverState) -> list[Place | Capture | PieChoice]:
    """The next legal step of whoever acts, in a fixed order."""
    if state.winner is not None:
        return []
    if state.phase == "pie":
        return [PieChoice(swap=False), PieChoice(swap=True)]
    if state.phase == "capture":
        return list(capture_steps(state))
    return list(empty_points(state))


# -- checks with explanations ----------------------------------------------------------------


def _index(state: FonverState, point: Point) -> int:
    n = state.size
    if not (0 <= point.file < n and 0 <= point.rank < n):
        last = chr(ord("a") + n - 1)
        raise RuleViolation(SAY("off_board", point=str(point), last=last, size=n))
    return point.cell(n)


def _nearest_empty(state: FonverState, near: int) -> list[str]:
    geo = geometry(state.size)
    n = state.size
    r0, f0 = divmod(near, n)
    empties = [i for i, c in enumerate(state.board) if c == EMPTY]
    empties.sort(key=lambda i: (abs(i // n - r0) + abs(i % n - f0), i))
    return [geo.name(i) for i in empties[:ALTERNATIVES]]


def _capture_hint(state: FonverState) -> str | Sentence:
    return listing([str(step) for step in capture_steps(state)])


def _ensure_playing(state: FonverState) -> None:
    if state.winner is not None:
        raise GameOver(SAY("over", colour=COLOURS[state.winner]))


def _refuse_out_of_phase(state: FonverState, wanted: str) -> NoReturn:
    colour = COLOURS[state.colour]
    if state.phase == "pie":
        raise RuleViolation(SAY("pie_first"))
    if state.phase == "capture":
        raise RuleViolation(SAY("must_capture", colour=colour, example=_capture_hint(state)))
    example = listing(_nearest_empty(state, (state.size * state.size) // 2))
    if wanted == "capture":
        raise RuleViolation(SAY("no_crosscut", example=example))
    raise RuleViolation(SAY("no_pie", colour=colour, example=example))


def check_place(state: FonverState, action: Place) -> int:
    """The index ``action`` places on, or a refusal saying why it cannot."""
    _ensure_playing(state)
    if state.phase != "place":
        _refuse_out_of_phase(state, "place")
    index = _index(state, action.point)
    if state.board[index] != EMPTY:
        raise RuleViolation(
            SAY("occupied", point=str(action.point), points=listing(_nearest_empty(state, index)))
        )
    return index


def check_capture(state: FonverState, action: Capture) -> tuple[int, int]:
    """The (source, target) indices of a legal capture step, or a refusal saying why not."""
    _ensure_playing(state)
    if state.phase != "capture":
        _refuse_out_of_phase(state, "capture")
    geo = geometry(state.size)
    board = state.board
    mover = state.colour
    source = _index(state, action.source)
    target = _index(state, action.target)
    open_blocks = [a for a in geo.blocks_of[target] if a in state.crosscuts]
    if not open_blocks or board[target] != other(mover):
        capturable = sorted({t for _, t in capture_pairs(state)})
        own = board[target] == mover and open_blocks
        raise RuleViolation(
            SAY(
                "own_stone" if own else "not_in_crosscut",
                target=str(action.target),
                targets=listing([geo.name(t) for t in capturable]),
            )
        )
    if board[source] != mover:
        raise RuleViolation(
            SAY(
                "no_stone",
                source=str(action.source),
                colour=COLOURS[mover],
                example=_hint_for(state, target),
            )
        )
    friends = chain(board, geo, source)
    for anchor in open_blocks:
        if any(p in friends and board[p] == mover for p in geo.block(anchor)):
            return source, target
    raise RuleViolation(
        SAY(
            "not_in_chain",
            source=str(action.source),
            target=str(action.target),
            example=_hint_for(state, target),
        )
    )


def _hint_for(state: FonverState, target: int) -> str | Sentence:
    geo = geometry(state.size)
    steps = [f"{geo.name(s)}>{geo.name(t)}" for s, t in capture_pairs(state) if t == target]
    return listing(steps)


def check_pie(state: FonverState) -> None:
    _ensure_playing(state)
    if state.phase != "pie":
        _refuse_out_of_phase(state, "pie")


# -- transitions ---------------------------------------------------------------------------


def _end_turn(state: FonverState, board: tuple[int, ...], won: bool) -> FonverState:
    """Ruling 10: the turn passes; the mover wins if a chain now joins their edges."""
    return FonverState(
        size=state.size,
        board=board,
        colour=other(state.colour),
        phase="place",
        black_seat=state.black_seat,
        winner=state.colour if won else None,
    )


def place(state: FonverState, index: int) -> FonverState:
    """Ruling 6, then ruling 7's obligation if the stone formed a crosscut."""
    board = state.board
    mover = state.colour
    board = (*board[:index], mover, *board[index + 1 :])
    if state.pie_ahead:  # ruling 5: the opening stone, then the second player decides
        return replace(state, board=board, colour=WHITE, phase="pie", pie_ahead=False)
    geo = geometry(state.size)
    cuts = crosscuts_at(board, geo, (index,))
    if cuts:
        return replace(state, board=board, phase="capture", crosscuts=frozenset(cuts))
    # Without captures the only new connection can run through the stone just placed.
    return _end_turn(state, board, connects_from(board, geo, index))


def capture(state: FonverState, source: int, target: int) -> FonverState:
    """Ruling 7: one step; the turn ends (ruling 8) once no crosscut is left."""
    geo = geometry(state.size)
    mover = state.colour
    cells = list(state.board)
    cells[source] = EMPTY
    cells[target] = mover
    board = tuple(cells)
    touched = set(geo.blocks_of[source]) | set(geo.blocks_of[target])
    cuts = {a for a in state.crosscuts if a not in touched}
    cuts |= crosscuts_at(board, geo, (target,))
    if cuts:
        return replace(state, board=board, crosscuts=frozenset(cuts))
    # Earlier steps of this turn may have built the connection too, so look at the whole board.
    return _end_turn(state, board, connected(board, geo, mover))


def choose(state: FonverState, swap: bool) -> FonverState:
    """Ruling 5: keep leaves seat 1 on White; swap gives seat 1 Black. White moves next."""
    return FonverState(
        size=state.size,
        board=state.board,
        colour=WHITE,
        phase="place",
        black_seat=1 if swap else 0,
    )


def apply_action(state: FonverState, action: Place | Capture | PieChoice) -> FonverState:
    if isinstance(action, Place):
        return place(state, check_place(state, action))
    if isinstance(action, Capture):
        return capture(state, *check_capture(state, action))
    if isinstance(action, PieChoice):
        check_pie(state)
        return choose(state, action.swap)
    raise RuleViolation(SAY("not_a_move", action=repr(action)))


def winner_on(board: tuple[int, ...], geo: Geometry) -> int | None:
    """The colour joining its edges, if any (at most one can: the two paths would cross)."""
    for colour in (BLACK, WHITE):
        if connected(board, geo, colour):
            return colour
    return None
