"""How matches come to be, built from the match core and playing (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.match.wiring import Core
from bot.service.matchmaking.challenges import Challenges
from bot.service.matchmaking.consent import Consent
from bot.service.matchmaking.lobby import Lobby
from bot.service.matchmaking.openings import Openings
from bot.service.matchmaking.seeks import Seeks
from bot.service.matchmaking.servers import Servers
from bot.service.matchmaking.tournaments.cases import Tournaments
from bot.service.matchmaking.tournaments.posts import TournamentPosts
from bot.service.play.wiring import Play


@dataclasses.dataclass(frozen=True)
class Matchmaking:
    servers: Servers
    openings: Openings
    seeking: Seeks
    lobby: Lobby
    challenges: Challenges
    tournament_cases: Tournaments
    consent: Consent
    """Who takes a challenge, an invitation or a seat from whom."""


def build(core: Core, play: Play) -> Matchmaking:
    servers = Servers(core.store, core.clock, core.default_time)
    openings = Openings(core.reader, play.boards, core.transitions, core.clocks)
    consent = Consent(core.store, core.clock)
    seeking = Seeks(core, openings, consent)
    lobby = Lobby(core, play.boards, servers, consent)
    posts = TournamentPosts(core.store, core.workers)
    return Matchmaking(
        servers=servers,
        openings=openings,
        seeking=seeking,
        lobby=lobby,
        challenges=Challenges(core, servers, openings, lobby, seeking, play.endings, consent),
        tournament_cases=Tournaments(core, play.boards, servers, posts),
        consent=consent,
    )
