"""What is kept and looked up, built from the match core (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.match.wiring import Core
from bot.service.play.wiring import Play
from bot.service.records.exports import Records
from bot.service.records.listings import Listings
from bot.service.records.next_game import NextGame
from bot.service.records.together import Together


@dataclasses.dataclass(frozen=True)
class Kept:
    listings: Listings
    records: Records
    together: Together
    """What two people have played together (a person's menu)."""
    next_game: NextGame
    """The most urgent match waiting for a player (``/me games``' button)."""


def build(core: Core, played: Play) -> Kept:
    """``played``: the moves, whose board the "Next game" button shows."""
    return Kept(
        Listings(core),
        Records(core.reader, core.workers),
        Together(core),
        NextGame(core, played.moves),
    )
