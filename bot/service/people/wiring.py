"""The people who play, over time, built from everything under them (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.computer.wiring import Computer
from bot.service.match.wiring import Core
from bot.service.matchmaking.wiring import Matchmaking
from bot.service.people.correspondence import Correspondence
from bot.service.people.notices import Notices
from bot.service.play.wiring import Play


@dataclasses.dataclass(frozen=True)
class People:
    notices: Notices
    """DMs a front end could not deliver, kept for their player's next command."""
    correspondence: Correspondence


def build(
    core: Core, play: Play, computer: Computer, matchmaking: Matchmaking, *, vacation_days: float
) -> People:
    correspondence = Correspondence(
        core, computer.opponents, play.endings, matchmaking.tournament_cases,
        vacation_days=vacation_days,
    )  # fmt: skip
    return People(Notices(core.store, core.clock), correspondence)
