"""FENCE!: a city of tiles, pawns moved by road and by cards, the Cops, Jail and Hot Goods.

``RULES`` is the registry's entry point. The tile set is data (``data/city.json``), loaded
and validated by ``tiles``; ``citymap`` holds map geometry and placement legality; ``setup``,
``play`` and ``goods`` hold the phases; ``engine`` ties steps together; ``drop`` lets the
game go on when a seat leaves; ``notation`` and ``labels`` turn steps into text; ``view`` is
the only door for hidden information.
"""

from __future__ import annotations

from games.fence.actions import (
    Accept,
    Action,
    Boat,
    CopsRoad,
    Draw,
    Hunch,
    NoTrade,
    Offer,
    Place,
    PlaceCops,
    PlacePawn,
    PlacePost,
    PlaceTunnel,
    PostTrade,
    Push,
    Refuse,
    Swap,
    TipOff,
    Yourself,
)
from games.fence.rules import FenceRules
from games.fence.state import FenceState

RULES = FenceRules()

__all__ = [
    "RULES",
    "Accept",
    "Action",
    "Boat",
    "CopsRoad",
    "Draw",
    "FenceRules",
    "FenceState",
    "Hunch",
    "NoTrade",
    "Offer",
    "Place",
    "PlaceCops",
    "PlacePawn",
    "PlacePost",
    "PlaceTunnel",
    "PostTrade",
    "Push",
    "Refuse",
    "Swap",
    "TipOff",
    "Yourself",
]
