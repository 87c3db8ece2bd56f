"""The web board and the Discord Activity, built from the match core and playing
(:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.match.wiring import Core
from bot.service.pages.activity import ActivityPages, ActivitySessions
from bot.service.pages.analysis import Analysis
from bot.service.pages.web import BoardPages
from bot.service.play.wiring import Play


@dataclasses.dataclass(frozen=True)
class Pages:
    pages: BoardPages
    """The web board (bot/web): who may look, what a page shows, moves by clicking."""
    activity: ActivityPages
    """The web board inside Discord: sessions, and the match an Activity opens on."""
    analysis: Analysis
    """The analysis board (its lines and the private note per match and player)."""


def build(core: Core, play: Play, sessions: ActivitySessions | None) -> Pages:
    # A move on the web board answers no command: its post goes where its venue sends it.
    move = core.places.placing(play.moves.move, answered=False)
    pages = BoardPages(core.store, core.clocks, core.web, move, core.reader.may_see, sessions)
    activity = ActivityPages(core.store, sessions if core.web else None, pages.access, core.clock)
    analysis = Analysis(core.store, core.clock, pages, core.reader, play.premoves)
    return Pages(pages, activity, analysis)
