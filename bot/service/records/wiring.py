"""What is kept and looked up, built from the match core (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.match.wiring import Core
from bot.service.records.exports import Records
from bot.service.records.listings import Listings
from bot.service.records.together import Together


@dataclasses.dataclass(frozen=True)
class Kept:
    listings: Listings
    records: Records
    together: Together
    """What two people have played together (a person's menu)."""


def build(core: Core) -> Kept:
    return Kept(Listings(core), Records(core.reader, core.workers), Together(core))
