"""The FENCE! colour set, shared by the map, its legend and the hand: one place, so a pawn
on the map and its disc in the hand can never drift apart."""

from __future__ import annotations

from dataclasses import replace

from games.fence.view import FenceView
from render.common import PALETTE, RGB, Palette

PAWN_COLOURS: tuple[RGB, ...] = (
    (46, 160, 67),
    (245, 130, 32),
    (140, 80, 200),
    (240, 200, 30),
    (236, 100, 170),
    (20, 160, 165),
)
COPS: RGB = (24, 36, 96)
LAND: RGB = (222, 214, 186)
WATER: RGB = (96, 160, 214)
ROAD: RGB = (70, 70, 76)
OFF_LIMITS: RGB = (150, 150, 150)
GOODS: RGB = (212, 160, 20)
TUNNEL: RGB = (150, 40, 150)
RED_CARD: RGB = (200, 36, 40)
BLUE_CARD: RGB = (36, 84, 190)
OTHER_CARD: RGB = (96, 96, 104)
# "You may pick this": candidate spots and neighbourhoods. Magenta is used by nothing else on
# the map (the pink pawn is much lighter), so it never reads as a piece or the last move.
CHOICE: RGB = (200, 0, 120)
SPOT_FILL: RGB = (255, 232, 244)
STRUCK: RGB = (170, 0, 0)
OFFER: RGB = (255, 226, 130)
POST: RGB = (24, 120, 64)
EMPTY_SPOT: RGB = (168, 158, 136)


def palette_of(view: FenceView) -> Palette:
    """The shared palette with the pawns' colours and this match's seat names, so the title
    bar's swatches are the pawns on the map."""
    names = tuple(view.get("seat_names") or ())
    return replace(PALETTE, seat_colours=PAWN_COLOURS, seat_names=names or PALETTE.seat_names)
