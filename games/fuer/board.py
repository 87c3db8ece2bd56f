"""The fixed geometry of the 45-space diamond (rulings 1 and 2), computed once.

Spaces are numbered ``q * 5 + r``, which is exactly the order of their names (ruling 1:
a letter for ``q``, a digit for ``r + 1``; ``a1, a2, …, i5``). Walking the set bits of a
bitboard from low to high therefore visits spaces in the order players read them, so
subsets come out already in canonical notation order without any sorting.

A row of constant ``r`` (axis (1, 0)) is the only line long enough to hold six pieces:
columns have five spaces and diagonals at most five. The overline ban of ruling 9 therefore
only ever looks along rows, which are a stride of :data:`ROW_STEP` bits.
"""

from __future__ import annotations

from collections.abc import Iterator

WIDTH = 9  # q runs 0..8, letters a..i
HEIGHT = 5  # r runs 0..4, digits 1..5
SIZE = WIDTH * HEIGHT
FULL = (1 << SIZE) - 1

LETTERS = "abcdefghi"

# The three hex axes of ruling 2, plus their opposites, give the six neighbour steps.
AXES: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, -1))
STEPS: tuple[tuple[int, int], ...] = AXES + tuple((-dq, -dr) for dq, dr in AXES)


ROW_STEP = HEIGHT  # moving one step along a row changes q by 1, the space number by 5


def index(q: int, r: int) -> int:
    return q * HEIGHT + r


def coords(cell: int) -> tuple[int, int]:
    """(q, r) of a space number."""
    return cell // HEIGHT, cell % HEIGHT


def on_board(q: int, r: int) -> bool:
    return 0 <= q < WIDTH and 0 <= r < HEIGHT


NAMES: tuple[str, ...] = tuple(f"{LETTERS[q]}{r + 1}" for q, r in map(coords, range(SIZE)))
CELL_OF: dict[str, int] = {name: cell for cell, name in enumerate(NAMES)}

# Bitmask of each space's neighbours.
NEIGHBOURS: tuple[int, ...] = tuple(
    sum(1 << index(q + dq, r + dr) for dq, dr in STEPS if on_board(q + dq, r + dr))
    for q, r in (coords(c) for c in range(SIZE))
)

# Spaces after a given one: the candidates left when subsets are enumerated in order, so
# each subset is produced once and already sorted.
LATER: tuple[int, ...] = tuple(FULL & ~((2 << c) - 1) for c in range(SIZE))

# Ruling 3: the central 3×3 rhombus q ∈ {3,4,5}, r ∈ {1,2,3}.
START_TILES = sum(1 << index(q, r) for q in (3, 4, 5) for r in (1, 2, 3))


def _line(q: int, r: int, dq: int, dr: int) -> tuple[int, ...]:
    cells = []
    while on_board(q, r):
        cells.append(index(q, r))
        q, r = q + dq, r + dr
    return tuple(cells)


def _all_lines() -> tuple[tuple[int, ...], ...]:
    """Every maximal straight line of spaces along the three axes."""
    lines: list[tuple[int, ...]] = []
    for dq, dr in AXES:
        for cell in range(SIZE):
            q, r = coords(cell)
            if on_board(q - dq, r - dr):
                continue  # not the first space of its line
            lines.append(_line(q, r, dq, dr))
    return tuple(lines)


LINES: tuple[tuple[int, ...], ...] = _all_lines()


def bits(mask: int) -> Iterator[int]:
    """Space numbers of the set bits, lowest (first in name order) first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def row_run(occupied: int, cell: int) -> int:
    """Length of the run of occupied spaces along the row through ``cell`` (counted as
    occupied), the only axis on which an overline can form."""
    length = 1
    other = cell - ROW_STEP
    while other >= 0 and occupied >> other & 1:
        length += 1
        other -= ROW_STEP
    other = cell + ROW_STEP
    while other < SIZE and occupied >> other & 1:
        length += 1
        other += ROW_STEP
    return length
