"""The service's one front: it builds each floor of use cases from the floors under it (each
subpackage's ``wiring.build``) and offers their public methods under the names the front ends
and tests call, each through the one command pipeline (:mod:`bot.service.pipeline`).

The service decides *who may act* (participants only, the seat to move only), runs the rules
engines, commits each accepted action in one versioned transaction, renders the board and
answers with plain :mod:`bot.service.replies` objects. It never imports discord, so the console
and the test-suite drive exactly the code the Discord cogs use.

Why a facade and no mixins: each use case is a class that receives what it uses in its
constructor (the match core — store, clock, reader, transitions, clocks, notifier, workers:
:class:`bot.service.match.wiring.Core` — and the few other use cases it hands work to), so a
reader follows a move in one direction — front end → use case → transition → store — and
nothing here holds logic: every public name below is bound to the use case that does the work.
Errors become sentences in exactly one place, :func:`bot.service.base.guarded`.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

from bot.service import pipeline
from bot.service.computer import wiring as computer
from bot.service.match import wiring as match
from bot.service.match.limits import Limits
from bot.service.match.links import BoardLinks
from bot.service.match.places import LinkFn
from bot.service.match.venues import server_only
from bot.service.match.workers import Workers
from bot.service.matchmaking import wiring as matchmaking
from bot.service.pages import wiring as pages
from bot.service.pages.activity import ActivitySessions
from bot.service.people import wiring as people
from bot.service.play import wiring as play
from bot.service.records import wiring as records
from storage import open_store
from storage.base import Store
from storage.cached import CachedStore

P = ParamSpec("P")


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
        store = CachedStore(store)  # type: ignore[abstract]  # its methods are made with the class (storage.wrapped)
        self.store = store
        """The store as every use case sees it: each command (one
        :class:`bot.service.pipeline.Pipeline` call) reads each thing once
        (:mod:`storage.cached`); outside a command, the store itself."""
        core = match.build(
            store,
            clock=clock,
            seeds=seed_source or (lambda: secrets.randbits(31)),
            link=link,
            web=web,
            workers=workers or Workers(0),
            limits=limits,
            default_time=default_time,
            reminders=reminders,
        )
        self.clock, self.link, self.workers = clock, link, core.workers
        self.default_time, self.reminders = default_time, core.reminders
        self.vacation_days = vacation_days
        self.transitions, self.clocks, self.limits = core.transitions, core.clocks, core.limits
        self.notifier, self.reader, self.places = core.notifier, core.reader, core.places
        # Each floor is built from the ones under it (bot/service/<concern>/wiring.py); the
        # reviews come before playing, whose endings ask them to judge a draw offer.
        self.reviews = computer.reviews(core, seconds=review_seconds, iterations=review_iterations)
        played = play.build(core, judge=self.reviews, cache_size=cache_size)
        self.hands, self.boards, self.guide = played.hands, played.boards, played.guide
        self.endings, self.moves = played.endings, played.moves
        self.panels, self.premoves = played.panels, played.premoves
        self.live = played.live
        made = matchmaking.build(core, played)
        self.servers, self.openings, self.seeking = made.servers, made.openings, made.seeking
        self.lobby, self.challenges = made.lobby, made.challenges
        self.tournament_cases, self.consent = made.tournament_cases, made.consent
        thinking = computer.build(core, played, self.reviews, computer_seconds=computer_seconds)
        self.opponents, self.computer_queue = thinking.opponents, thinking.opponents.computer_queue
        kept = records.build(core, played)
        self.listings, self.records = kept.listings, kept.records
        self.together, self.next_games = kept.together, kept.next_game
        shown = pages.build(core, played, activity)
        self.pages, self.activity, self.analysis = shown.pages, shown.activity, shown.analysis
        later = people.build(core, played, thinking, made, vacation_days=vacation_days)
        self.notices, self.correspondence = later.notices, later.correspondence
        self.quiet_hours, self.locales = later.quiet_hours, later.locales
        self.ratings = later.ratings
        self._offer(pipeline.Pipeline(self.places, self.servers, self.notices, self.locales))

    def _offer(self, placed: pipeline.Pipeline) -> None:
        """What the front ends call to play: each name is the use case's own method, most of
        them as one command each (:class:`bot.service.pipeline.Pipeline`); an answer that
        posts, DMs or makes a match also says where that match lives (its place)."""

        # A command about a server (its settings, ladder, seeks, tournaments) is refused where
        # the bot is in none (server_only, bot.service.match.venues).
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
        self.seeks = placed(server_only(self.seeking.seeks))
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
        self._offer_more(placed)

    def _offer_more(self, placed: pipeline.Pipeline) -> None:
        """What the front ends call besides playing: the listings, the computer, the
        correspondence and the tournaments (as :meth:`_offer`). Background work — the tick,
        the computer's turns, reviews — is no one command: a search takes seconds, and each
        command it runs is one of its own."""
        placed_all = self.places.placing_all
        self.games = placed(self.listings.games)
        self.next_game = placed(self.next_games.next_game)
        self.find_active = self.listings.find_active
        self.open_matches = self.listings.open_matches
        self.match_choices = self.listings.match_choices
        self.history = placed(self.listings.history)
        self.rules = placed(self.listings.rules)
        self.hand = placed(self.hands.hand)
        self.export = placed(self.records.export)
        self.premove = placed(self.premoves.premove)
        self.premove_suggestions = self.premoves.premove_suggestions
        self.match_note = placed(self.analysis.note)
        self.computer_turns = placed_all(self.opponents.computer_turns)
        self.queue_computer_turn = self.opponents.queue_computer_turn
        self.queue_computer_turn_of = self.opponents.queue_computer_turn_of
        self.serve_computer_turns = lambda deliver: self.opponents.serve_computer_turns(
            self.places.placing_each(deliver)
        )
        self.play_queued_computer_turns = placed_all(self.opponents.play_queued_computer_turns)
        self.hint = placed(self.opponents.hint)
        self.review = placed(self.reviews.review)
        self.serve_reviews = lambda deliver: self.reviews.serve(self.places.placing_each(deliver))
        self.play_queued_reviews = placed_all(self.reviews.play_queued)
        self.server_settings = placed(server_only(self.servers.server_settings))
        self.notify = placed(self.correspondence.notify)
        self.challenge_settings = placed(self.consent.challenges)
        self.quiet = placed(self.quiet_hours.quiet)
        self.may_challenge = placed(self.consent.ask)
        self.games_with = placed(self.together.games_with)
        self.on_startup = self.correspondence.on_startup
        # every bot process asks before each tick, the leader or not: the moment to read again
        # who has a kept DM (another process may have kept it)
        self.lead_ticks = self.notices.refreshing(self.correspondence.lead_ticks)
        self.tick = placed_all(self.correspondence.tick)
        self.vacation = placed(self.correspondence.vacation)
        self.waiting = placed(self.correspondence.waiting)
        self.rating = placed(self.ratings.rating)
        self.stats = placed(self.ratings.stats)
        self.leaderboard = placed(server_only(self.ratings.leaderboard))
        self.tournament_create = placed(server_only(self.tournament_cases.tournament_create))
        self.tournament_join = placed(server_only(self.tournament_cases.tournament_join))
        self.tournament_leave = placed(server_only(self.tournament_cases.tournament_leave))
        self.tournament_start = placed(server_only(self.tournament_cases.tournament_start))
        self.tournament_cancel = placed(server_only(self.tournament_cases.tournament_cancel))
        self.tournament_tick = placed_all(self.tournament_cases.tournament_tick)
        self.advance = placed_all(self.tournament_cases.advance)
        self.tournament_standings = placed(server_only(self.tournament_cases.tournament_standings))
        self.tournaments = placed(server_only(self.tournament_cases.tournaments))
        self.player_names = self.reader.player_names
        self.live_posted = self.live.posted
        self.live_card = self.live.card
        self.live_dm_posted = self.live.dm_posted
        self.live_player_changes = self.live.player_changes
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
