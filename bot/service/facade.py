"""Transport-free use cases: everything a player can do, for the console, Discord and tests.

The service decides *who may act* (participants only, the seat to move only), runs the rules
engines, commits each accepted action in one versioned transaction, renders the board and
answers with plain :mod:`bot.service.replies` objects. It never imports discord, so the console and
the test-suite drive exactly the code the Discord cogs use.

Errors are turned into sentences in exactly one place, :func:`_guarded`: an ``IllegalMove``
or a :class:`Refusal` becomes an ephemeral one-liner, a stale write becomes "the board
changed", and anything else is logged with the match id and answered with a short apology.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import ParamSpec

import ai
from bot.service.boards import (
    Boards,
    final_outcome,
    match_title,
    options_text,
    perspective,
    result_text,
    seat_label,
    terms_text,
)
from bot.service.challenges import Challenges
from bot.service.clocks import ClockKeeper
from bot.service.correspondence import CorrespondenceCases
from bot.service.endings import Endings
from bot.service.hands import Hands
from bot.service.limits import Limits
from bot.service.listings import Listings
from bot.service.lobby import Lobby
from bot.service.moves import Moves
from bot.service.notifier import Notifier
from bot.service.openings import Openings, challenger_seat
from bot.service.opponents import OpponentCases
from bot.service.panel import Guide, Panel
from bot.service.premoves import Premoves
from bot.service.reader import MatchReader, rules_named
from bot.service.records import Records
from bot.service.seeks import Seeks
from bot.service.servers import Servers
from bot.service.tournaments.cases import TournamentCases
from bot.service.transition import Transitions
from bot.service.workers import Workers
from storage.base import (
    MatchRecord,
    Store,
)

log = logging.getLogger(__name__)

P = ParamSpec("P")

LinkFn = Callable[[MatchRecord], "str | None"]
ALT_LIMIT = 400
"""Discord allows 1,024 characters of image description; a screen reader wants far fewer."""


class Service(
    CorrespondenceCases,
    OpponentCases,
    TournamentCases,
):
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
    ) -> None:
        self.store = store
        self.clock = clock
        self.default_time = default_time
        """Time control of new matches when neither /play nor the server names one."""
        self.reminders = tuple(sorted(reminders, reverse=True))
        """Seconds left on a clock at which its player is reminded."""
        self.vacation_days = vacation_days
        self._seed_source = seed_source or (lambda: secrets.randbits(31))
        self.link = link
        self.transitions = Transitions(store, clock, self.reminders)
        self.clocks = ClockKeeper(store, clock, default_time)
        self.limits = Limits(store, clock)
        """Per-user limits of each server, checked where the work they bound is created."""
        self.notifier = Notifier(store, self.clocks, link)
        self.workers = workers or Workers(0)
        """Where rendering and the computer's search run: a process pool, or inline."""
        self.computer_seconds = {**ai.LEVELS, **(computer_seconds or {})}
        """Seconds of thought per computer move at each level."""
        self.computer_turn_limit = 64
        """Most steps one computer turn (and turns in a row) may take: a guard, never reached."""
        self._thinking: set[int] = set()
        """Matches whose computer turn this process is working out now."""
        self.reader = MatchReader(store, clock)
        self.hands = Hands(self.reader, self.notifier, self.workers)
        self.boards = Boards(self.reader, self.clocks, self.notifier, self.workers, self.hands)
        self.records = Records(self.reader, self.workers)
        self.premoves = Premoves(self.reader, self.transitions)
        self.servers = Servers(store, clock, default_time)
        self.endings = Endings(
            store, clock, self.reader, self.boards, self.transitions, self.clocks
        )
        self.listings = Listings(store, clock, self.reader, self.clocks, self.notifier)
        self.openings = Openings(self.reader, self.boards, self.transitions, self.clocks)
        self.seeking = Seeks(
            store,
            clock,
            self.reader,
            self.limits,
            self.clocks,
            self.openings,
            self._seed_source,
            link,
        )
        self.lobby = Lobby(
            store,
            clock,
            self.reader,
            self.boards,
            self.transitions,
            self.clocks,
            self.limits,
            self.servers,
            self._seed_source,
        )
        self.challenges = Challenges(
            store,
            clock,
            self.reader,
            self.transitions,
            self.clocks,
            self.limits,
            self.servers,
            self.openings,
            self.lobby,
            self.seeking,
            self.endings,
            self._seed_source,
        )
        self.guide = Guide(self.boards, self.notifier)
        self.moves = Moves(
            store,
            clock,
            self.reader,
            self.boards,
            self.transitions,
            self.clocks,
            self.endings,
            self.guide,
            self.notifier,
            cache_size,
        )
        self.panels = Panel(self.reader, self.guide, self.moves)
        self.hand = self.hands.hand
        self.play = self.challenges.play
        self.challenge = self.challenges.challenge
        self.attach_place = self.challenges.attach_place
        self.accept = self.challenges.accept
        self.decline = self.challenges.decline
        self.rematch = self.challenges.rematch
        self.move = self.moves.move
        self.step = self.moves.step
        self.board = self.moves.board
        self.suggestions = self.moves.suggestions
        self.labelled_suggestions = self.moves.labelled_suggestions
        self.panel = self.panels.panel
        self.open_seek = self.seeking.open_seek
        self.seeks = self.seeking.seeks
        self.open_lobby = self.lobby.open_lobby
        self.join = self.lobby.join
        self.add_computer = self.lobby.add_computer
        self.leave = self.lobby.leave
        self.start = self.lobby.start
        self.resign = self.endings.resign
        self.draw = self.endings.draw
        self.undo = self.endings.undo
        self.games = self.listings.games
        self.find_active = self.listings.find_active
        self.open_matches = self.listings.open_matches
        self.history = self.listings.history
        self.rules = self.listings.rules
        self.export = self.records.export
        self.premove = self.premoves.premove
        self.premove_suggestions = self.premoves.premove_suggestions
        self.server_settings = self.servers.server_settings
        # -- transitional: the mixins not yet turned into classes reach these here
        self._touch = self.reader.touch
        self.player_names = self.reader.player_names
        self._load = self.reader.load
        self._find = self.reader.find
        self._may_see = self.reader.may_see
        self._seat_of = self.reader.seat_of
        self._live_actions = self.reader.live_actions
        self._seat_label = seat_label
        self._result_text = result_text
        self._final_outcome = final_outcome
        self._perspective = perspective
        self._match_title = match_title
        self._options_text = options_text
        self._terms_text = terms_text
        self._rules_named = rules_named
        self._image = self.boards.image
        self._board_post = self.boards.board_post
        self._turn_reply = self.boards.turn_reply
        self._dms_after = self.boards.dms_after
        self._linked = self.notifier.linked
        self._check_enabled = self.servers.check_enabled
        self._drop = self.endings._drop
        self._timeout = self.endings.timeout
        self._flag_fell = self.endings.flag_fell
        self._finish_by_agreement = self.endings.finish_by_agreement
        self._do_undo = self.endings.do_undo
        self._challenger_seat = challenger_seat
        self._begin = self.openings.begin
        self._accept_seek = self.seeking.accept_seek
