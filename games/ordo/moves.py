"""Move generation: rulings 5 to 9 over bitboards.

Every candidate is judged by one question, "is the mover's group whole afterwards?" (rulings 5
and 9). Lifting a piece, or a line, leaves the rest of its group in one or more parts; the
move is legal exactly when the landing square (or the landed line) touches every one of those
parts and every other group of the mover. The parts are worked out once per piece or line, not
once per destination, and a piece whose ring of friendly neighbours is already linked skips
the flood fill entirely. That is what keeps a full generation well under a millisecond in
plain Python.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from games.ordo.board import (
    BOARD,
    LINKED_RINGS,
    NAMES,
    NEIGHBOURS,
    SQUARES,
    STEPS,
    WIDTH,
    components,
    file_of,
    grow,
    halo,
    rank_of,
    ray,
    ring,
    squares_of,
)

WHITE, BLACK = 0, 1
COLOUR_NAMES = ("White", "Black")


class Move(NamedTuple):
    """One whole turn.

    The piece on ``origin`` lands on ``target``. For an ordo move the line of pieces from
    ``origin`` to ``far_end`` travels with it by the same offset; a single-piece move has
    ``far_end == origin``. Canonical ordo moves name the lower end (file a side, rank 1 side)
    as ``origin``. Squares are bit indices (see :mod:`games.ordo.board`).
    """

    origin: int
    target: int
    far_end: int

    @property
    def is_ordo(self) -> bool:
        return self.far_end != self.origin

    def __str__(self) -> str:
        """Context-free text: ``c3-c5`` or ``a2:d2-a3`` (captures need a position to show)."""
        if self.is_ordo:
            return f"{NAMES[self.origin]}:{NAMES[self.far_end]}-{NAMES[self.target]}"
        return f"{NAMES[self.origin]}-{NAMES[self.target]}"


_new = tuple.__new__
"""Builds a Move without NamedTuple's Python-level ``__new__``: half the cost, and generation
builds tens of thousands of moves a second."""


# ---------------------------------------------------------------------------------------------
# Direction tables (data, per colour and per "split at the start of the turn").
# ---------------------------------------------------------------------------------------------

FORWARD = ("N", "S")
"""The forward step per colour (ruling 3)."""
BACKWARD = ("S", "N")

_SINGLE_STEPS: dict[tuple[int, bool], tuple[str, ...]] = {
    (WHITE, False): ("N", "NE", "NW", "E", "W"),
    (BLACK, False): ("S", "SE", "SW", "E", "W"),
    (WHITE, True): ("N", "NE", "NW", "E", "W", "S", "SE", "SW"),
    (BLACK, True): ("S", "SE", "SW", "E", "W", "N", "NE", "NW"),
}
"""Ruling 6, widened by ruling 8 when the group is split."""

LINE_STEPS: dict[tuple[int, bool], tuple[tuple[str, ...], tuple[str, ...]]] = {
    (colour, split): (
        (FORWARD[colour], BACKWARD[colour]) if split else (FORWARD[colour],),
        ("E", "W"),
    )
    for colour in (WHITE, BLACK)
    for split in (False, True)
}
"""(steps of a horizontal line, steps of a vertical line): rulings 7 and 8."""

_Path = tuple[tuple[int, int], ...]
"""A ray as (square, bit) pairs, so the hot loops never shift."""

RAYS: dict[str, dict[int, _Path]] = {
    step: {sq: tuple((t, 1 << t) for t in ray(sq, step)) for sq in SQUARES} for step in STEPS
}
PIECE_RAYS: dict[tuple[int, bool], dict[int, tuple[_Path, ...]]] = {
    key: {sq: tuple(RAYS[step][sq] for step in steps if RAYS[step][sq]) for sq in SQUARES}
    for key, steps in _SINGLE_STEPS.items()
}
OFFSETS: dict[str, int] = {step: dr * WIDTH + df for step, (df, dr) in STEPS.items()}


def shift(mask: int, offset: int) -> int:
    return mask << offset if offset > 0 else mask >> -offset


def single_steps(colour: int, split: bool) -> tuple[str, ...]:
    return _SINGLE_STEPS[colour, split]


# ---------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------


def _piece_moves(
    sq: int,
    group: int,
    joins_others: int,
    own: int,
    occ: int,
    opp: int,
    rays: dict[int, tuple[_Path, ...]],
) -> list[Move]:
    """Single moves of the piece on ``sq``; ``joins_others`` marks the squares touching every
    other group of the mover (the whole board when the mover is not split)."""
    found = []
    for path in rays[sq]:
        for t, bit in path:
            if bit & occ:
                if bit & opp:
                    found.append(t)
                break
            found.append(t)
    if not found or (joins_others != BOARD and not any(joins_others >> t & 1 for t in found)):
        return []
    rest = group ^ (1 << sq)
    if not rest:
        ok = joins_others
    elif ring(own, sq) in LINKED_RINGS:
        if joins_others == BOARD:
            return [_new(Move, (sq, t, sq)) for t in found if NEIGHBOURS[t] & rest]
        ok = halo(rest) & joins_others
    else:
        # Lifting this piece may cut its group. A landing square must at least touch what is
        # left, which often rules every target out before any flood fill is paid for.
        found = [t for t in found if NEIGHBOURS[t] & rest and joins_others >> t & 1]
        if not found:
            return []
        ok = joins_others
        for part in components(rest):
            ok &= halo(part)
    return [_new(Move, (sq, t, sq)) for t in found if ok >> t & 1]


def _free(sq: int, path: _Path, occ: int) -> int:
    """How many empty squares lie ahead of ``sq`` before the first piece or the edge."""
    n = 0
    for _, bit in path:
        if bit & occ:
            break
        n += 1
    return n


def _line_moves(
    first: int, last: int, line: int, offset: int, reach: int, need: list[int]
) -> list[Move]:
    out = []
    for distance in range(1, reach + 1):
        k = offset * distance
        around = halo(shift(line, k))
        for part in need:
            if not around & part:
                break
        else:
            out.append(_new(Move, (first, first + k, last)))
    return out


def _parts_without(group: int, line: int) -> list[int]:
    """The pieces of ``group`` left when ``line`` lifts off, split into their groups.

    If the pieces bordering the line still touch one another inside the line's halo, any
    path through the line can go round it, so the rest is one group and no full flood fill
    is needed.
    """
    rest = group ^ line
    if not rest:
        return []
    border = halo(line) & rest
    if border and grow(border & -border, border) == border:
        return [rest]
    return components(rest)


def _run_moves(
    run: list[int],
    steps: tuple[str, ...],
    group: int,
    others: list[int],
    occ: int,
) -> list[Move]:
    """Ordo moves of every sub-line (2+ pieces) of one maximal run of pieces."""
    out: list[Move] = []
    parts: dict[tuple[int, int], list[int]] = {}
    size = len(run)
    for step in steps:
        rays = RAYS[step]
        free = [_free(sq, rays[sq], occ) for sq in run]
        offset = OFFSETS[step]
        for i in range(size - 1):
            reach = free[i]
            if not reach:
                continue
            line = 1 << run[i]
            for j in range(i + 1, size):
                if not free[j]:
                    break  # a blocked piece stops every longer sub-line too
                reach = min(reach, free[j])
                line |= 1 << run[j]
                need = parts.get((i, j))
                if need is None:
                    need = parts[i, j] = _parts_without(group, line) + others
                out += _line_moves(run[i], run[j], line, offset, reach, need)
    return out


def _runs(group: int, stride: int) -> list[list[int]]:
    """Maximal runs of 2+ adjacent pieces along ranks (stride 1) or files (stride WIDTH)."""
    starts = group & (group >> stride) & ~(group << stride)
    runs = []
    for start in squares_of(starts):
        run = [start]
        nxt = start + stride
        while group >> nxt & 1:
            run.append(nxt)
            nxt += stride
        runs.append(run)
    return runs


def _batches(own: int, opp: int, colour: int) -> Iterator[list[Move]]:
    """Legal moves unit by unit (each piece, then each run of lines), in canonical order."""
    groups = components(own)
    split = len(groups) > 1
    occ = own | opp
    rays = PIECE_RAYS[colour, split]
    for group in groups:
        joins_others = BOARD
        for other in groups:
            if other != group:
                joins_others &= halo(other)
        for sq in squares_of(group):
            yield _piece_moves(sq, group, joins_others, own, occ, opp, rays)
    across, along = LINE_STEPS[colour, split]
    for group in groups:
        others = [g for g in groups if g != group]
        for run in _runs(group, 1):
            yield _run_moves(run, across, group, others, occ)
        for run in _runs(group, WIDTH):
            yield _run_moves(run, along, group, others, occ)


def legal_moves(own: int, opp: int, colour: int) -> list[Move]:
    """Every legal move of ``colour``: single moves by group and square, then ordo moves."""
    out: list[Move] = []
    for batch in _batches(own, opp, colour):
        out += batch
    return out


def has_move(own: int, opp: int, colour: int) -> bool:
    """Whether ``colour`` has any legal move, stopping at the first piece or line that has one."""
    return any(_batches(own, opp, colour))


def _group_of(own: int, bit: int) -> tuple[int, list[int], bool]:
    groups = components(own)
    group = next(g for g in groups if g & bit)
    return group, [g for g in groups if g != group], len(groups) > 1


def piece_moves(own: int, opp: int, colour: int, sq: int) -> list[Move]:
    """The legal single moves of the piece on ``sq`` (empty if it is not ``colour``'s)."""
    if not own >> sq & 1:
        return []
    group, others, split = _group_of(own, 1 << sq)
    joins_others = BOARD
    for other in others:
        joins_others &= halo(other)
    rays = PIECE_RAYS[colour, split]
    return _piece_moves(sq, group, joins_others, own, own | opp, opp, rays)


def line_squares(first: int, last: int) -> list[int] | None:
    """The squares from ``first`` to ``last`` if they share a rank or file, else None."""
    lo, hi = min(first, last), max(first, last)
    if rank_of(lo) == rank_of(hi):
        return list(range(lo, hi + 1))
    if file_of(lo) == file_of(hi):
        return list(range(lo, hi + 1, WIDTH))
    return None


def line_moves(own: int, opp: int, colour: int, first: int, last: int) -> list[Move]:
    """The legal ordo moves of exactly the line ``first``..``last`` (lower end first)."""
    squares = line_squares(first, last)
    if squares is None or len(squares) < 2 or first > last:
        return []
    line = sum(1 << sq for sq in squares)
    if own & line != line:
        return []
    group, others, split = _group_of(own, line & -line)
    across, along = LINE_STEPS[colour, split]
    steps = across if rank_of(first) == rank_of(last) else along
    occ = own | opp
    need = _parts_without(group, line) + others
    out: list[Move] = []
    for step in steps:
        reach = min(_free(sq, RAYS[step][sq], occ) for sq in squares)
        out += _line_moves(first, last, line, OFFSETS[step], reach, need)
    return out


def moves_of(own: int, opp: int, colour: int, move: Move) -> list[Move]:
    """The legal moves of the same piece or line as ``move`` (to check or explain it)."""
    if move.is_ordo:
        return line_moves(own, opp, colour, move.origin, move.far_end)
    return piece_moves(own, opp, colour, move.origin)


def play(own: int, opp: int, move: Move) -> tuple[int, int]:
    """The mover's and the opponent's pieces after ``move`` (assumed legal)."""
    if move.is_ordo:
        line = sum(1 << sq for sq in line_squares(move.origin, move.far_end) or ())
        return (own ^ line) | shift(line, move.target - move.origin), opp
    landing = 1 << move.target
    return (own ^ (1 << move.origin)) | landing, opp & ~landing & BOARD


def is_split(own: int) -> bool:
    return len(components(own)) > 1
