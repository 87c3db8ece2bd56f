"""The Fonver match state: an immutable snapshot between two actions.

Seats and colours are separate on purpose. Seat 0 is the player who places the first black
stone; under the pie rule the player in seat 1 may then swap and take Black, after which seat
0 plays White. ``black_seat`` records which seat holds Black, and everything that asks "whose
move" goes through colours first, then seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.fonver.board import BLACK, WHITE, Board

Phase = Literal["place", "capture", "pie"]
"""``place``: a turn starts with a placement. ``capture``: a crosscut is open and the same
player must capture (ruling 7). ``pie``: the second player chooses keep or swap (ruling 5)."""


@dataclass(frozen=True, slots=True)
class FonverState:
    """One moment of a match.

    ``crosscuts`` (anchors of open 2×2 crosscuts) and ``winner`` (a colour) are derived from
    the board and phase; they are kept so that play only looks at what a move changed.
    """

    size: int
    board: Board
    colour: int
    """The colour that acts next (in the ``pie`` phase: White, i.e. the deciding player)."""
    phase: Phase
    black_seat: int = 0
    pie_ahead: bool = False
    """The pie rule is on and the first stone is still to be placed."""
    crosscuts: frozenset[int] = frozenset()
    winner: int | None = None

    def seat_of(self, colour: int) -> int:
        return self.black_seat if colour == BLACK else 1 - self.black_seat

    def colour_of(self, seat: int) -> int:
        return BLACK if seat == self.black_seat else WHITE
