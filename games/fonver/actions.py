"""Fonver's actions: small frozen values whose ``str`` is their move notation (ruling 13).

An action names points by file and rank rather than by board index, so it reads and prints
the same on every board size; the rules turn it into indices when it is applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple


class Point(NamedTuple):
    """A point by 0-based file (a = 0) and 0-based rank (rank 1 = 0)."""

    file: int
    rank: int

    def __str__(self) -> str:
        return f"{chr(ord('a') + self.file)}{self.rank + 1}"

    def cell(self, size: int) -> int:
        """The point's index in a board of ``size`` (rank-major); not ``index``, which a tuple
        already has for another meaning."""
        return self.rank * size + self.file

    @classmethod
    def at(cls, index: int, size: int) -> Point:
        rank, file = divmod(index, size)
        return cls(file, rank)


@dataclass(frozen=True, slots=True)
class Place:
    """Ruling 6: put one stone of the mover's colour on an empty point."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)


@dataclass(frozen=True, slots=True)
class Capture:
    """Ruling 7: the mover's stone on ``source`` moves onto the opponent's stone on ``target``."""

    source: Point
    target: Point

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


@dataclass(frozen=True, slots=True)
class PieChoice:
    """Ruling 5: the second player keeps White or swaps to take Black and its first stone."""

    swap: bool

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


Action = Place | Capture | PieChoice

KEEP = PieChoice(swap=False)
SWAP = PieChoice(swap=True)


@cache
def placements(size: int) -> tuple[Place, ...]:
    """One shared ``Place`` per board index, so listing legal placements allocates nothing."""
    return tuple(Place(Point.at(i, size)) for i in range(size * size))
