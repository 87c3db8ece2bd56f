"""The people who play, over time, built from everything under them (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.computer.wiring import Computer
from bot.service.match.wiring import Core
from bot.service.matchmaking.wiring import Matchmaking
from bot.service.people.correspondence import Correspondence
from bot.service.people.locales import LocaleNotes
from bot.service.people.notices import Notices
from bot.service.people.quiet import QuietHours
from bot.service.people.ratings import Ratings
from bot.service.play.wiring import Play


@dataclasses.dataclass(frozen=True)
class People:
    notices: Notices
    """DMs a front end could not deliver, kept for their player's next command."""
    correspondence: Correspondence
    quiet_hours: QuietHours
    locales: LocaleNotes
    """Every command notes its caller's client language, which their DMs speak."""
    ratings: Ratings


def build(
    core: Core, play: Play, computer: Computer, matchmaking: Matchmaking, *, vacation_days: float
) -> People:
    quiet = QuietHours(core.store, core.clock, core.reader, core.transitions, core.notifier)
    correspondence = Correspondence(
        core, computer.opponents, play.endings, matchmaking.tournament_cases,
        vacation_days=vacation_days, quiet=quiet,
    )  # fmt: skip
    notes = LocaleNotes(core.store, core.clock)
    return People(Notices(core.store, core.clock), correspondence, quiet, notes, Ratings(core))
