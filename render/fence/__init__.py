"""FENCE! images: the city map (``render``) and one player's private hand (``render_hand``).

Both are pure functions of a *view*: the map of a public view can only show public facts,
and the hand image is only ever made from that player's own view, for a direct message.

The map is drawn north up, cropped to the placed tiles (plus, while the map is still being
drafted, one ring of empty spots where the next tile may go). Column and row labels on all
four edges are exactly the ``x,y`` players type in ``place … at x,y``. The whole city is one
panel (``layout`` says why it is drawn for zooming), the pieces stand beside the names
(``pieces``), and ``focus`` asks for the close-up that reads on a phone as posted
(``detail``): the piece being moved and every place it may go.
Dice values are digits (pips blur at that size) and an off-limits neighbourhood's name is
struck through. Per-seat facts (cards, Jail, First Player, boats) sit under each name in the
title bar, so the image needs no second list of players; the Trading Post is a "TP" tag.

Highlight entries (``highlight=[…]``, oldest first) the map understands:

- ``{"kind": "tile", "pos": [x, y]}``: the tile just placed or swapped in (framed).
- ``{"kind": "pawn" | "cops" | "tunnel", "to": hood, "from": hood | None}``: a piece that
  moved (ringed, with a line from where it came from).
- ``{"kind": "spots", "spots": [[x, y], …]}``: the legal spots for the tile a player is
  placing. Each is drawn as a magenta-framed square labelled with its ``x,y`` so the player
  can match it to the bot's select menu; the crop always includes them.
- ``{"kind": "choices", "hoods": [hood_id, …]}``: neighbourhoods a player may choose
  (pawn or Cops destinations), each ringed in the same magenta; a close-up holds as many
  of them as a picture readable on a phone can and names the rest under it.

Other kinds (``hunch``, ``draw``) and unknown ones are ignored, so the rules can add facts
without breaking old images.

The modules, lowest first (each imports only those above it): ``colours``, ``marks``
(cached text, the Cops disc), ``highlights`` (reading highlight entries), ``layout``,
``tile_text`` (where a tile's words go), ``pieces`` (where the pawns and the Cops stand,
beside the names), ``legend`` (title bar and legend), ``detail`` (the close-up's window),
``tiles`` (a tile's land, water, roads and names),
``city`` (the map) and ``hand``. A trade offer's wording lives in ``games.fence.describe``.
"""

from __future__ import annotations

from render.fence.city import close_up_layout, map_layout, render
from render.fence.colours import (
    BLUE_CARD,
    CHOICE,
    COPS,
    OTHER_CARD,
    PAWN_COLOURS,
    RED_CARD,
    SPOT_FILL,
)
from render.fence.detail import DETAIL_SPAN, MIN_DETAIL_WIDTH, CloseUp, detail_plan
from render.fence.hand import render_hand
from render.fence.layout import MAX_CELL, MIN_CELL, CityLayout

__all__ = [
    "BLUE_CARD",
    "CHOICE",
    "COPS",
    "DETAIL_SPAN",
    "MAX_CELL",
    "MIN_CELL",
    "MIN_DETAIL_WIDTH",
    "OTHER_CARD",
    "PAWN_COLOURS",
    "RED_CARD",
    "SPOT_FILL",
    "CityLayout",
    "CloseUp",
    "close_up_layout",
    "detail_plan",
    "map_layout",
    "render",
    "render_hand",
]
