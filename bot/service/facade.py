"""The service's one wiring object: it builds every use case with its collaborators and
offers their public methods under the names the front ends and tests call.

The service decides *who may act* (participants only, the seat to move only), runs the rules
engines, commits each accepted action in one versioned transaction, renders the board and
answers with plain :mod:`bot.service.replies` objects. It never imports discord, so the console
and the test-suite drive exactly the code the Discord cogs use.

Why a facade and no mixins: each use case is a class that receives what it uses in its
constructor (the match reader, the transitions, the clock keeper, the notifier, the
workers, and the few other use cases it hands work to), so a reader follows a move in one
direction — front end → use case → transition → store — and nothing here holds logic: every
public name below is bound to the use case that does the work. Errors become sentences in
exactly one place, :func:`bot.service.base.guarded`.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ParamSpec, TypeVar

from bot.service.computer.opponents import Opponents
from bot.service.computer.reviews import Reviews
from bot.service.match.clocks import ClockKeeper
from bot.service.match.limits import Limits
from bot.service.match.links import BoardLinks
from bot.service.match.notifier import Notifier
from bot.service.match.reader import LinkFn, MatchReader
from bot.service.match.transition import TournamentTransitions, Transitions
from bot.service.match.venues import server_only
from bot.service.match.workers import Workers
from bot.service.matchmaking.challenges import Challenges
from bot.service.matchmaking.consent import Consent
from bot.service.matchmaking.lobby import Lobby
from bot.service.matchmaking.openings import Openings
from bot.service.matchmaking.seeks import Seeks
from bot.service.matchmaking.servers import Servers
from bot.service.matchmaking.tournaments.cases import Tournaments
from bot.service.matchmaking.tournaments.posts import TournamentPosts
from bot.service.pages.activity import ActivityPages, ActivitySessions
from bot.service.pages.web import BoardPages
from bot.service.people.correspondence import Correspondence
from bot.service.people.locales import LocaleNotes
from bot.service.people.notices import Notices
from bot.service.people.quiet import QuietHours
from bot.service.play.boards import Boards
from bot.service.play.endings import Endings
from bot.service.play.guide import Guide
from bot.service.play.hands import Hands
from bot.service.play.moves import Moves
from bot.service.play.panel import Panel
from bot.service.play.premoves import Premoves
from bot.service.records.exports import Records
from bot.service.records.listings import Listings
from bot.service.replies import Reply
from storage import open_store
from storage.base import Store
from storage.cached import CachedStore, request

P = ParamSpec("P")


T = TypeVar("T")


def requesting(case: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """``case`` as one request: from noting the server's language to placing the answer, it
    reads each thing once (:mod:`storage.cached`)."""

    @functools.wraps(case)
    async def one_request(*args: P.args, **kwargs: P.kwargs) -> T:
        with request():
            return await case(*args, **kwargs)

    return one_request


class Service:
    """The use cases. One instance per bot (or console run); it holds no game state itself —
    every command reads the match from the store, so restarts are invisible."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        link: LinkFn | None = None,
        cache_size: int = 256,
        default_time: str = "none",
        reminders: Sequence[float] = (24 * 3600.0, 2 * 3600.0),
        vacation_days: float = 30.0,
        workers: Workers | None = None,
        computer_seconds: dict[str, float] | None = None,
        limits: Limits | None = None,
        web: BoardLinks | None = None,
        activity: ActivitySessions | None = None,
        review_seconds: float = 0.5,
        review_iterations: int | None = None,
    ) -> None:
        store = CachedStore(store)
        self.store = store
        """The store as every use case sees it: each command (one :func:`requesting` call)
        reads each thing once (:mod:`storage.cached`); outside a command, the store itself."""
        self.clock = clock
        self.default_time = default_time
        """Time control of new matches when neither /play nor the server names one."""
        self.reminders = tuple(sorted(reminders, reverse=True))
        """Seconds left on a clock at which its player is reminded."""
        self.vacation_days = vacation_days
        seeds = seed_source or (lambda: secrets.randbits(31))
        self.link = link
        self.workers = workers or Workers(0)
        """Where rendering and the computer's search run: a process pool, or inline."""

        # -- collaborators every use case may be given -----------------------------------
        self.transitions = Transitions(store, clock, self.reminders)
        self.clocks = ClockKeeper(store, clock, default_time)
        self.limits = limits or Limits(store, clock)
        """Per-user limits of each server, checked where the work they bound is created."""
        self.notifier = Notifier(store, self.clocks, link)
        self.reader = MatchReader(store, clock, self.transitions, link, web)
        self.hands = Hands(self.reader, self.notifier, self.workers)
        self.boards = Boards(self.reader, self.clocks, self.notifier, self.workers, self.hands, web)
        self.servers = Servers(store, clock, default_time)
        self.guide = Guide(self.boards, self.notifier)
        self.notices = Notices(store, clock)
        """DMs a front end could not deliver, kept for their player's next command."""
        self.locales = LocaleNotes(store, clock)
        """Every command notes its caller's client language, which their DMs speak."""
        self.consent = Consent(store, clock)
        """Who takes a challenge, an invitation or a seat from whom."""

        # -- the use cases, each built from what it uses ---------------------------------
        basics = (store, clock, self.reader)
        self.reviews = Reviews(
            store, self.reader, self.transitions, self.limits, self.workers,
            seconds=review_seconds, iterations=review_iterations,
        )  # fmt: skip
        """``/match review``: the judging budget per position (seconds; iterations in tests);
        it also judges for a computer answering a draw offer."""
        self.endings = Endings(
            *basics, self.boards, self.transitions, self.clocks, judge=self.reviews
        )
        self.openings = Openings(self.reader, self.boards, self.transitions, self.clocks)
        self.seeking = Seeks(
            *basics, self.transitions, self.limits, self.clocks, self.openings, seeds, link,
            self.consent,
        )  # fmt: skip
        self.lobby = Lobby(
            *basics, self.boards, self.transitions, self.clocks, self.limits, self.servers, seeds,
            self.consent,
        )  # fmt: skip
        self.challenges = Challenges(
            *basics, self.transitions, self.clocks, self.limits, self.servers, self.openings,
            self.lobby, self.seeking, self.endings, seeds, self.consent,
        )  # fmt: skip
        self.moves = Moves(
            *basics, self.boards, self.transitions, self.clocks, self.endings, self.guide,
            self.notifier, cache_size,
        )  # fmt: skip
        self.panels = Panel(self.reader, self.guide, self.moves)
        self.premoves = Premoves(self.reader, self.transitions)
        self.listings = Listings(*basics, self.clocks, self.notifier)
        self.records = Records(self.reader, self.workers)
        self.pages = BoardPages(
            store,
            self.clocks,
            web,
            self.reader.placing(self.moves.move, answered=False),  # no command to answer
            self.reader.may_see,
            activity,
        )
        """The web board (bot/web): who may look, what a page shows, moves by clicking."""
        self.activity = ActivityPages(store, activity if web else None, self.pages.access, clock)
        """The web board inside Discord: sessions, and the match an Activity opens on."""
        self.opponents = Opponents(
            store, clock, self.reader, self.moves, self.workers, self.limits, self.clocks,
            self.transitions, self.reminders, computer_seconds,
        )  # fmt: skip
        self.computer_queue = self.opponents.computer_queue
        self.tournament_cases = Tournaments(
            *basics, self.boards, self.transitions, TournamentTransitions(store, clock),
            self.clocks, self.limits, self.servers, TournamentPosts(store, self.workers),
            self.workers, seeds,
        )  # fmt: skip
        self.quiet_hours = QuietHours(store, clock, self.reader, self.transitions, self.notifier)
        self.correspondence = Correspondence(
            *basics, self.transitions, self.clocks, self.notifier, self.workers,
            self.opponents, self.endings, self.tournament_cases,
            reminders=self.reminders, vacation_days=vacation_days, quiet=self.quiet_hours,
        )  # fmt: skip

        # -- what the front ends call: each name is the use case's own method; an answer
        # that posts, DMs or makes a match also says where that match lives (its place)
        # (and a command first notes the Discord language of the server it came from, which
        # its shared posts speak unless the server chose one: bot.service.text.languages; and its
        # answer brings the caller the DMs they could not be sent: bot.service.people.notices)
        def placed(case: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
            noted = self.locales.noting(self.servers.noting(self.notices.showing(case)))
            return requesting(self.reader.placing(noted))

        def in_servers(case: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
            """A command about a server (its settings, ladder, seeks, tournaments): refused
            where the bot is in none (bot.service.match.venues)."""
            return placed(server_only(case))

        # (Background work — the tick, the computer's turns, reviews — is no one request:
        # a search takes seconds, and each command it runs opens its own.)
        placed_all = self.reader.placing_all
        self.play = placed(self.challenges.play)
        self.challenge = placed(self.challenges.challenge)
        self.attach_place = self.challenges.attach_place
        self.accept = placed(self.challenges.accept)
        self.decline = placed(self.challenges.decline)
        self.rematch = placed(self.challenges.rematch)
        self.open_lobby = placed(self.lobby.open_lobby)
        self.join = placed(self.lobby.join)
        self.add_computer = placed(self.lobby.add_computer)
        self.leave = placed(self.lobby.leave)
        self.start = placed(self.lobby.start)
        self.open_seek = placed(self.seeking.open_seek)
        self.seeks = in_servers(self.seeking.seeks)
        self.move = placed(self.moves.move)
        self.step = placed(self.moves.step)
        self.board = placed(self.moves.board)
        self.web_link = placed(self.pages.link)
        self.suggestions = self.moves.suggestions
        self.labelled_suggestions = self.moves.labelled_suggestions
        self.panel = placed(self.panels.panel)
        self.resign = placed(self.endings.resign)
        self.ask_resign = placed(self.endings.ask_resign)
        self.draw = placed(self.endings.draw)
        self.undo = placed(self.endings.undo)
        self.games = placed(self.listings.games)
        self.find_active = self.listings.find_active
        self.open_matches = self.listings.open_matches
        self.match_choices = self.listings.match_choices
        self.history = placed(self.listings.history)
        self.rules = placed(self.listings.rules)
        self.hand = placed(self.hands.hand)
        self.export = placed(self.records.export)
        self.premove = placed(self.premoves.premove)
        self.premove_suggestions = self.premoves.premove_suggestions
        self.computer_turns = placed_all(self.opponents.computer_turns)
        self.queue_computer_turn = self.opponents.queue_computer_turn
        self.queue_computer_turn_of = self.opponents.queue_computer_turn_of
        self.serve_computer_turns = lambda deliver: self.opponents.serve_computer_turns(
            self.reader.placing_each(deliver)
        )
        self.play_queued_computer_turns = placed_all(self.opponents.play_queued_computer_turns)
        self.hint = placed(self.opponents.hint)
        self.review = placed(self.reviews.review)
        self.serve_reviews = lambda deliver: self.reviews.serve(self.reader.placing_each(deliver))
        self.play_queued_reviews = placed_all(self.reviews.play_queued)
        self.server_settings = in_servers(self.servers.server_settings)
        self.notify = placed(self.correspondence.notify)
        self.challenge_settings = placed(self.consent.challenges)
        self.quiet = placed(self.quiet_hours.quiet)
        self.on_startup = self.correspondence.on_startup
        # every bot process asks before each tick, the leader or not: the moment to read again
        # who has a kept DM (another process may have kept it)
        self.lead_ticks = self.notices.refreshing(self.correspondence.lead_ticks)
        self.tick = placed_all(self.correspondence.tick)
        self.vacation = placed(self.correspondence.vacation)
        self.waiting = placed(self.correspondence.waiting)
        self.rating = placed(self.correspondence.rating)
        self.stats = placed(self.correspondence.stats)
        self.leaderboard = in_servers(self.correspondence.leaderboard)
        self.tournament_create = in_servers(self.tournament_cases.tournament_create)
        self.tournament_join = in_servers(self.tournament_cases.tournament_join)
        self.tournament_leave = in_servers(self.tournament_cases.tournament_leave)
        self.tournament_start = in_servers(self.tournament_cases.tournament_start)
        self.tournament_cancel = in_servers(self.tournament_cases.tournament_cancel)
        self.tournament_tick = placed_all(self.tournament_cases.tournament_tick)
        self.advance = placed_all(self.tournament_cases.advance)
        self.tournament_standings = in_servers(self.tournament_cases.tournament_standings)
        self.tournaments = in_servers(self.tournament_cases.tournaments)
        self.player_names = self.reader.player_names
        self.holds_match = self.reader.holds_match
        self.undelivered = self.notices.keep
        """A front end could not deliver a DM (closed DMs): keep it for the player's next
        command (bot.service.people.notices)."""

    @classmethod
    def on_database(
        cls, database_url: str, *, password: str | None = None, **options: Any
    ) -> Service:
        """A service on the configured database (a SQLite file, a PostgreSQL URL or
        ``memory``; a PostgreSQL password kept apart from the URL), so a front end never
        handles the store itself; :meth:`open` it first."""
        return cls(open_store(database_url, password=password or None), **options)

    async def open(self) -> None:
        """Open (and migrate) the store; the first moment with an event loop is the time."""
        await self.store.open()

    async def close(self) -> None:
        await self.store.close()

    @property
    def computer_seconds(self) -> dict[str, float]:
        """Seconds of thought per computer move at each level (the opponents' setting)."""
        return self.opponents.computer_seconds

    @computer_seconds.setter
    def computer_seconds(self, seconds: dict[str, float]) -> None:
        self.opponents.computer_seconds = seconds
