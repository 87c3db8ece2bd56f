"""Board geometry as bitboards: squares, fences and areas for the 7×7, 9×9 and 11×11 boards.

A square is an index ``rank * size + file`` (a1 is 0) and a set of squares is a Python int
with one bit per square. Fences are kept as two bitmasks: ``east`` holds bit *i* when a fence
stands between square *i* and its eastern neighbour, ``north`` when one stands between *i* and
its northern neighbour. Every fence has exactly one such "low" square, so a fence is the pair
(side, low square) with side ``"e"`` or ``"n"``.

Working on whole sets at once is what keeps Fendo fast enough in pure Python: one shift moves
every square of a set one step, and the fence masks stop it at fences and the board edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SIZES = (7, 9, 11)
FILES = "abcdefghijk"
SIDES = ("n", "e", "s", "w")
"""The four sides of a square in the order actions are listed."""

Edge = tuple[str, int]
"""A fence position: ``("e", low)`` between low and low+1, ``("n", low)`` between low and
low+size."""


@dataclass(frozen=True)
class Geometry:
    """Everything about one board size that never changes during a game."""

    size: int
    full: int
    can_go_east: int
    """Squares that have an eastern neighbour (every file but the last)."""
    can_go_north: int
    """Squares that have a northern neighbour (every rank but the last)."""
    names: tuple[str, ...]

    @property
    def squares(self) -> int:
        return self.size * self.size

    def name(self, square: int) -> str:
        return self.names[square]

    def square(self, name: str) -> int | None:
        """The index of a square name, or None if the board has no such square."""
        text = name.strip().lower()
        if len(text) < 2 or text[0] not in FILES[: self.size] or not text[1:].isdigit():
            return None
        rank = int(text[1:])
        if not 1 <= rank <= self.size or text[1:] != str(rank):
            return None
        return (rank - 1) * self.size + FILES.index(text[0])

    def neighbour(self, square: int, side: str) -> int | None:
        """The square across ``side`` of ``square``, or None at the board edge."""
        n = self.size
        file, rank = square % n, square // n
        if side == "n":
            return square + n if rank < n - 1 else None
        if side == "s":
            return square - n if rank > 0 else None
        if side == "e":
            return square + 1 if file < n - 1 else None
        return square - 1 if file > 0 else None

    def edge(self, square: int, side: str) -> Edge | None:
        """The fence position on ``side`` of ``square``; None on the board edge."""
        other = self.neighbour(square, side)
        if other is None:
            return None
        if side in ("n", "e"):
            return (side, square)
        return ("n" if side == "s" else "e", other)

    def edge_squares(self, edge: Edge) -> tuple[int, int]:
        kind, low = edge
        return (low, low + (1 if kind == "e" else self.size))

    def edge_name(self, edge: Edge) -> str:
        low, high = self.edge_squares(edge)
        return f"{self.names[low]}/{self.names[high]}"

    def start_squares(self) -> tuple[int, int]:
        """White's and Orange's first piece: the middle of their own edge (ruling 3)."""
        middle = self.size // 2
        return (middle, (self.size - 1) * self.size + middle)


@cache
def geometry(size: int) -> Geometry:
    """The (immutable, shared) geometry of a board size."""
    n = size
    full = (1 << (n * n)) - 1
    last_file = sum(1 << (r * n + n - 1) for r in range(n))
    last_rank = ((1 << n) - 1) << (n * (n - 1))
    names = tuple(f"{FILES[i % n]}{i // n + 1}" for i in range(n * n))
    return Geometry(
        size=n,
        full=full,
        can_go_east=full & ~last_file,
        can_go_north=full & ~last_rank,
        names=names,
    )


def squares_of(mask: int) -> list[int]:
    """The square indices in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def flood(seed: int, east_open: int, north_open: int, size: int) -> int:
    """Every square connected to ``seed`` without crossing a fence or the board edge.

    ``east_open``/``north_open`` are the squares whose eastern/northern side may be crossed.
    Pieces do not block an area, so no occupancy is involved.
    """
    area = seed
    while True:
        grown = (
            area
            | ((area & east_open) << 1)
            | ((area >> 1) & east_open)
            | ((area & north_open) << size)
            | ((area >> size) & north_open)
        )
        if grown == area:
            return area
        area = grown


def all_areas(full: int, east_open: int, north_open: int, size: int) -> list[int]:
    """The partition of the board into areas (ruling 5), ordered by their lowest square."""
    areas: list[int] = []
    rest = full
    while rest:
        area = flood(rest & -rest, east_open, north_open, size)
        areas.append(area)
        rest &= ~area
    return areas
