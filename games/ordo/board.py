"""Board geometry as Python-int bitboards.

The board is 10 files by 8 ranks. Each rank takes 11 bits: the ten squares plus one guard bit
that is always empty, so shifting a mask one file east or west (or diagonally) drops pieces
that would wrap round an edge instead of teleporting them to the other side. A square is its
bit index, ``rank * 11 + file``; every table here is indexed that way and built once at import.
"""

from __future__ import annotations

from collections.abc import Iterator

FILES = 10
RANKS = 8
WIDTH = FILES + 1
"""Bits per rank: the guard bit sits at file index 10."""

FILE_LETTERS = "abcdefghij"


def square(file: int, rank: int) -> int:
    """Bit index of the square on ``file`` (0 = a) and ``rank`` (0 = rank 1)."""
    return rank * WIDTH + file


def file_of(sq: int) -> int:
    return sq % WIDTH


def rank_of(sq: int) -> int:
    return sq // WIDTH


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < FILES and 0 <= rank < RANKS


SQUARES: tuple[int, ...] = tuple(square(f, r) for r in range(RANKS) for f in range(FILES))
"""Every square, rank 1 first and a to j within a rank: the engine's canonical order."""

NAMES: dict[int, str] = {sq: f"{FILE_LETTERS[file_of(sq)]}{rank_of(sq) + 1}" for sq in SQUARES}
BY_NAME: dict[str, int] = {name: sq for sq, name in NAMES.items()}

BOARD: int = sum(1 << sq for sq in SQUARES)
RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << square(f, r) for f in range(FILES)) for r in range(RANKS)
)

# Compass steps as (file delta, rank delta); rank deltas point up the board (towards rank 8).
STEPS: dict[str, tuple[int, int]] = {
    "N": (0, 1),
    "NE": (1, 1),
    "NW": (-1, 1),
    "E": (1, 0),
    "W": (-1, 0),
    "S": (0, -1),
    "SE": (1, -1),
    "SW": (-1, -1),
}


def ray(sq: int, step: str) -> tuple[int, ...]:
    """The squares from ``sq`` (exclusive) to the edge in direction ``step``."""
    df, dr = STEPS[step]
    f, r = file_of(sq) + df, rank_of(sq) + dr
    out = []
    while on_board(f, r):
        out.append(square(f, r))
        f, r = f + df, r + dr
    return tuple(out)


def _neighbour_mask(sq: int) -> int:
    mask = 0
    for df, dr in STEPS.values():
        f, r = file_of(sq) + df, rank_of(sq) + dr
        if on_board(f, r):
            mask |= 1 << square(f, r)
    return mask


NEIGHBOURS: tuple[int, ...] = tuple(
    _neighbour_mask(sq) if sq in SQUARES else 0 for sq in range(RANKS * WIDTH)
)
"""The up-to-eight squares touching each square (the connection rule's adjacency)."""


def squares_of(mask: int) -> Iterator[int]:
    """The squares set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def halo(mask: int) -> int:
    """``mask`` grown by one square in all eight directions (clipped to the board)."""
    row = mask | (mask << 1) | (mask >> 1)
    return (row | (row << WIDTH) | (row >> WIDTH)) & BOARD


def grow(seed: int, within: int) -> int:
    """The part of ``within`` connected to ``seed``: a bitboard flood fill."""
    while True:
        row = seed | (seed << 1) | (seed >> 1)
        bigger = (row | (row << WIDTH) | (row >> WIDTH)) & within
        if bigger == seed:
            return seed
        seed = bigger


def components(mask: int) -> list[int]:
    """The 8-connected groups of ``mask``, the one holding the lowest square first."""
    parts = []
    while mask:
        part = grow(mask & -mask, mask)
        parts.append(part)
        mask ^= part
    return parts


# ---------------------------------------------------------------------------------------------
# Local articulation test. Lifting a piece cannot split its group if the friendly pieces around
# it already touch one another inside its 3x3 ring: any path through the piece can detour
# around it. Reading the ring costs two shifts, so most pieces never need a flood fill.
# ---------------------------------------------------------------------------------------------

RING_PAD = WIDTH + 1
"""Shift applied before reading a ring so that squares on rank 1 or file a stay non-negative."""

_RING_OFFSETS: tuple[tuple[int, int], ...] = tuple(
    (df, dr) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (df, dr) != (0, 0)
)
_RING_BITS: tuple[int, ...] = tuple(1 << (RING_PAD + dr * WIDTH + df) for df, dr in _RING_OFFSETS)
RING_WINDOW: int = sum(_RING_BITS)


def _ring_is_linked(pattern: int) -> bool:
    present = [off for off, bit in zip(_RING_OFFSETS, _RING_BITS, strict=True) if pattern & bit]
    if len(present) <= 1:
        return True
    reached = {present[0]}
    frontier = [present[0]]
    while frontier:
        fx, fy = frontier.pop()
        for other in present:
            if other not in reached and max(abs(other[0] - fx), abs(other[1] - fy)) == 1:
                reached.add(other)
                frontier.append(other)
    return len(reached) == len(present)


LINKED_RINGS: frozenset[int] = frozenset(
    pattern
    for n in range(256)
    if _ring_is_linked(pattern := sum(bit for i, bit in enumerate(_RING_BITS) if n >> i & 1))
)
"""Ring patterns (read with :func:`ring`) whose pieces are all linked without the centre."""


def ring(mask: int, sq: int) -> int:
    """The pieces of ``mask`` around ``sq``, as a key of :data:`LINKED_RINGS`."""
    return ((mask << RING_PAD) >> sq) & RING_WINDOW
