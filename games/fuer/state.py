"""Immutable position and turn values.

The board is three integers used as bitboards (tiles, dark pieces, light pieces) so that a
state is cheap to copy and compare, and move generation can work with masks instead of
sets. A turn is one value holding the tile and everything done with pieces, because the
rulings make the tile and its pieces a single decision (ruling 5–8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from games.core import Outcome

PIECES_PER_PLAYER = 20  # ruling 3
COLOURS = ("F", "S")  # seat 0 = First (dark), seat 1 = Second (light), ruling 4
# Ruling 4 calls the seats First (dark) and Second (light); players see the colours, so the
# seats are named by them (the /play colour option still takes first/second too).
SEAT_NAMES = ("Dark", "Light")

MOVE_RANGES = ("any", "adjacent")  # ruling 6 option
OVERLINES = ("six_or_more", "seven_or_more")  # ruling 9 option
OVERLINE_LENGTH = {"six_or_more": 6, "seven_or_more": 7}


class Turn(NamedTuple):
    """One whole turn.

    ``placed`` holds the new pieces in name order (k ≥ 2); ``move`` is ``(from, to)`` for a
    k = 1 turn. A named tuple rather than a dataclass because move generation builds
    thousands of these per position and tuples are the cheapest immutable value to make.
    """

    tile: int
    placed: tuple[int, ...]
    move: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class FuerState:
    tiles: int
    dark: int
    light: int
    supply: tuple[int, int]
    to_move: int
    move_range: str = "any"
    overline: str = "six_or_more"
    outcome: Outcome | None = None
    win_line: tuple[int, ...] = ()
    """The spaces of the winning line, kept so that views can show why the game ended."""

    @property
    def pieces(self) -> int:
        return self.dark | self.light

    def own(self, seat: int) -> int:
        return self.light if seat else self.dark

    @property
    def overline_length(self) -> int:
        return OVERLINE_LENGTH[self.overline]

    @property
    def options(self) -> dict[str, Any]:
        return {"move_range": self.move_range, "overline": self.overline}
