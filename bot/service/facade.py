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

import asyncio
import dataclasses
import functools
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

import ai
import games
import render
from bot.service import premoves
from bot.service.base import (
    DROP,
    Loaded,
    Refusal,
    Step,
    User,
    ago,
    guarded,
    parse_id,
    plural_names,
    shown_id,
)
from bot.service.clocks import ClockKeeper
from bot.service.computer_queue import ComputerTurnQueue
from bot.service.correspondence import CorrespondenceCases
from bot.service.hands import HandCases, private_part
from bot.service.image_labels import image_labels
from bot.service.limits import Limits
from bot.service.lobby import LobbyCases, lobby_of
from bot.service.notifier import Notifier
from bot.service.opponents import OpponentCases, is_computer
from bot.service.panel import PanelCases, guided
from bot.service.premoves import PremoveCases, turn_position
from bot.service.records import RecordCases
from bot.service.replies import Button, DirectMessage, Post, Reply
from bot.service.seeks import SeekCases, seek_of
from bot.service.suggest import suggest
from bot.service.summaries import round_summary
from bot.service.timecontrol import TimeControl
from bot.service.tournaments.cases import TournamentCases
from bot.service.transition import Transitions, stale
from bot.service.weblinks import BoardLinks
from bot.service.webpages import BoardPages
from bot.service.workers import Workers
from bot.words import words
from games.core import IllegalMove, Outcome, Rules, quoted, shorten
from storage.base import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    CLOSED_STATUSES,
    DECLINED,
    FINISHED,
    OPEN_STATUSES,
    ActionRecord,
    MatchRecord,
    MatchUpdate,
    StaleVersion,
    Store,
)

log = logging.getLogger(__name__)

P = ParamSpec("P")

LinkFn = Callable[[MatchRecord], "str | None"]
ALT_LIMIT = 400
"""Discord allows 1,024 characters of image description; a screen reader wants far fewer."""


@dataclasses.dataclass(frozen=True)
class Proposal:
    """What a proposal to the opponent is called: where it waits in ``meta`` and the
    catalogue keys of its thread post, question, buttons and the proposer's answer."""

    meta_key: str
    post: str
    question: str
    yes: str
    no: str
    ack: str
    two_players_only: str


PROPOSALS = {
    "draw": Proposal(
        "draw_offer", "draw.offer", "draw.question", "button.accept_draw", "button.decline",
        "draw.offered", "draw.two_players_only",
    ),
    "undo": Proposal(
        "undo_request", "undo.request", "undo.question", "button.allow_undo", "button.refuse",
        "undo.requested", "undo.two_players_only",
    ),
}  # fmt: skip


class Service(
    LobbyCases,
    HandCases,
    PanelCases,
    CorrespondenceCases,
    RecordCases,
    OpponentCases,
    PremoveCases,
    SeekCases,
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
        limits: Limits | None = None,
        web: BoardLinks | None = None,
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
        self.limits = limits or Limits(store, clock)
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
        self.computer_queue = ComputerTurnQueue()
        """Computer turns due, waiting for a search (:mod:`bot.service.computer_queue`)."""
        self._legal: OrderedDict[tuple[int, int], dict[str, str]] = OrderedDict()
        self._cache_size = cache_size
        self.pages = BoardPages(store, self.clocks, web, self.move, self._may_see)
        """The web board (bot/web): who may look, what a page shows, moves by clicking."""

    # ------------------------------------------------------------------------------------
    # helpers: users, matches, names
    # ------------------------------------------------------------------------------------
    async def _touch(self, *users: User) -> None:
        now = self.clock()
        for user in users:
            await self.store.ensure_user(user.id, user.name, now)

    async def player_names(self, record: MatchRecord) -> list[str]:
        known = await self.store.user_names(record.seats)
        return [known.get(uid, uid) for uid in record.seats]

    @staticmethod
    def _load(record: MatchRecord) -> Loaded:
        rules = games.get(record.game)
        return Loaded(record, rules, rules.load(record.state))

    async def _find(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        statuses: Sequence[str] = (ACTIVE,),
        participant: bool = True,
    ) -> MatchRecord:
        """The match a command is about: the explicit id (any status), else the match whose
        thread the command was typed in, else the caller's only match in ``statuses`` —
        finished matches never make the choice ambiguous."""
        if match_id is not None:
            number = parse_id(match_id)
            record = None if number is None else await self.store.get_match(number)
            if record is None:
                raise Refusal("match.no_such", match=shown_id(match_id))
        elif where is not None and (record := await self.store.find_by_thread(where)):
            pass
        else:
            mine = [
                m
                for m in await self.store.list_matches(user_id=actor.id, statuses=statuses)
                if actor.id in m.seats
            ]
            if not mine:
                raise Refusal("match.none_here")
            if len(mine) > 1:
                listing = ", ".join([f"#{m.id} {games.get(m.game).info.title}" for m in mine[:6]])
                raise Refusal("match.several", listing=listing)
            record = mine[0]
        if participant and actor.id not in record.seats:
            raise Refusal("match.not_playing", match=record.id)
        if not self._may_see(actor, record):
            raise Refusal("match.not_visible")
        return await self._readable(record)

    async def _readable(self, record: MatchRecord) -> MatchRecord:
        """The record with a snapshot the rules can load: an unreadable one (a bad disk, a
        hand edit, an old bug) is rebuilt from the action log, which is the truth, logged,
        and stored again while the match is open (a closed match's snapshot is only repaired
        in memory: its game may not change, and the rebuilt state is the same game)."""
        if record.status not in (ACTIVE, FINISHED):
            return record
        rules = games.get(record.game)
        try:
            rules.load(record.state)
            return record
        except Exception:
            log.error(
                "match %s: the stored position is unreadable; rebuilding it from the log",
                record.id,
                exc_info=True,
            )
        actions = await self.store.actions(record.id)
        rebuilt = rules.dump(await asyncio.to_thread(replay, rules, record, actions))
        if record.status == ACTIVE:
            try:
                return await self.store.commit(
                    record.id, record.version, MatchUpdate(state=rebuilt), now=self.clock()
                )
            except StaleVersion:
                pass
        return dataclasses.replace(record, state=rebuilt)

    @staticmethod
    def _may_see(actor: User, record: MatchRecord) -> bool:
        """Players always see their match; anyone else only from the server it is played in
        and where they can see its thread or channel (the front end says which they can
        see; the console is one server where everyone sees everything)."""
        if actor.id in record.seats or actor.can_view is None:
            return True
        if actor.guild_id is None or record.guild_id != actor.guild_id:
            return False
        place = record.thread_id or record.channel_id
        return bool(place) and actor.can_view(place)

    def _seat_of(self, record: MatchRecord, actor: User) -> int:
        return record.seats.index(actor.id)

    @staticmethod
    def _seat_label(rules: Rules[Any, Any], state: Any, seat: int, name: str) -> str:
        """ "alice (White)": the seat's name in this position (Fonver's pie swap changes it)."""
        called = rules.seat_name(state, seat)
        return f"{name} ({called})" if called else name

    async def _to_move_text(self, loaded: Loaded, names: Sequence[str]) -> str:
        seats = loaded.rules.to_move(loaded.state)
        labels = [self._seat_label(loaded.rules, loaded.state, s, names[s]) for s in seats]
        return words()("board.to_move", players=plural_names(labels)) if labels else ""

    def _result_text(
        self, rules: Rules[Any, Any], state: Any, outcome: Outcome, names: Sequence[str]
    ) -> str:
        say = words()  # posted in the match thread: shared text
        reason = f" {outcome.reason}" if outcome.reason else ""
        if outcome.is_draw:
            return say("result.drawn", reason=reason)
        winners = [self._seat_label(rules, state, s, names[s]) for s in outcome.winners]
        scores = ""
        if outcome.scores is not None:
            scores = " " + say(
                "result.scores",
                scores=", ".join(f"{names[i]} {score}" for i, score in enumerate(outcome.scores)),
            )
        return (
            say("result.won", n=len(winners), players=plural_names(winners), reason=reason) + scores
        )

    async def _live_actions(self, match_id: int) -> list[ActionRecord]:
        return await self.store.actions(match_id)

    async def _last_turn_highlights(self, match_id: int) -> list[dict[str, Any]]:
        actions = await self._live_actions(match_id)
        if not actions:
            return []
        turn = actions[-1].detail.get("turn")
        return [a.detail.get("highlight", {}) for a in actions if a.detail.get("turn") == turn]

    async def _image(
        self,
        loaded: Loaded,
        *,
        perspective: int | None,
        status: str | None = None,
        extra_highlight: Sequence[dict[str, Any]] = (),
        focus: Sequence[int] = (),
        locale: str = "en",
    ) -> bytes:
        names = await self.player_names(loaded.record)
        highlights = await self._last_turn_highlights(loaded.id) + list(extra_highlight)
        view = loaded.rules.view(loaded.state, None)
        return await self.workers.run(
            functools.partial(
                render.render,
                loaded.record.game,
                view,
                perspective=perspective,
                highlight=highlights,
                players=names,
                status=status,
                focus=list(focus) or None,
                labels=image_labels(locale),  # English unless a reply to one reader
            )
        )

    @staticmethod
    def _perspective(loaded: Loaded, flip: bool = False) -> int:
        """One orientation per match: the first player's view, always — a board that turned
        round to face whoever is to move made a shared thread hard to follow (issue 14.15).
        ``/board flip:true`` shows the other side's view."""
        return 1 if flip and len(loaded.record.seats) > 1 else 0

    def _controls(
        self, loaded: Loaded, mid_turn: bool
    ) -> tuple[tuple[Button, ...], tuple[str, ...]]:
        """Buttons for tiny decisions (the pie rule's keep/swap), a select menu for the
        steps of a turn that continues (captures); typed /move always works as well."""
        if not loaded.rules.to_move(loaded.state):
            return (), ()
        rules, state = loaded.rules, loaded.state
        actions = rules.legal_actions(state)
        if not actions or len(actions) > 25:
            return (), ()  # too many for a menu: /move with autocomplete is the way
        notations = [rules.format(state, a) for a in actions]
        if len(notations) <= 5:
            return tuple(Button(n, "step", "primary", n) for n in notations), ()
        if mid_turn and len(notations) <= 25:
            return (), tuple(notations)
        return (), ()

    async def _board_post(
        self,
        loaded: Loaded,
        lines: Sequence[str],
        *,
        ping: bool,
        mid_turn: bool = False,
        flip: bool = False,
    ) -> Post:
        say = words()  # the match thread is shared: see bot.words
        names = await self.player_names(loaded.record)
        rules = loaded.rules
        outcome = self._final_outcome(loaded)
        status = self._result_text(rules, loaded.state, outcome, names) if outcome else None
        text_lines = list(lines)
        if status:
            text_lines.append(status)
        else:
            text_lines.append(await self._to_move_text(loaded, names))
        image = await self._image(
            loaded, perspective=self._perspective(loaded, flip), status=status
        )
        detail = None
        if (focus := self._close_up(loaded)) and not status:
            detail = await self._image(loaded, perspective=None, focus=focus)
        mentions: tuple[str, ...] = ()
        ping_text = ""
        seats = rules.to_move(loaded.state) if not outcome else []
        if seats and not status:
            text_lines.extend(await self.clocks.lines(loaded.record, seats, names))
        if ping and seats:
            mentions = await self.notifier.pingable([loaded.record.seats[s] for s in seats])
            pinged = [s for s in seats if loaded.record.seats[s] in mentions]
            who = plural_names([names[s] for s in pinged])
            ping_text = (
                say("board.your_turn", players=who, game=rules.info.title, match=loaded.id)
                if pinged
                else ""
            )
        elif ping and outcome:
            mentions = tuple(dict.fromkeys(loaded.record.seats))
            ping_text = say("board.over", match=loaded.id)
        secret = not outcome and any(
            private_part(rules, loaded.state, s) for s in range(len(names))
        )
        # Step buttons spell out legal moves, which would show the mover's cards to everyone:
        # games with secrets offer only the private panel and /move.
        buttons, choices = (
            (self._finished_buttons(), ())
            if outcome
            else ((), ())
            if secret
            else self._controls(loaded, mid_turn)
        )
        if seats and guided(rules):
            buttons = (Button(say("button.choose_move"), "panel", "primary"), *buttons)
        if secret:
            buttons = (*buttons, Button(say("button.my_cards"), "hand", "secondary"))
        if self.pages.enabled:
            # Each presser gets their own link, privately: a thread post is read by many.
            buttons = (*buttons, Button(say("web.open_yours"), "web_link", "secondary"))
        title = self._match_title(rules, loaded.id, names)
        text = "\n".join(line for line in text_lines if line)
        return Post(
            detail=detail,
            text=text,
            alt=shorten(
                say("board.alt", game=rules.info.title, match=loaded.id)
                + " "
                + " ".join(line for line in text.splitlines() if not line.startswith("⏳")),
                ALT_LIMIT,
            ),
            image=image,
            ping=ping_text,
            mentions=mentions,
            buttons=buttons,
            choices=choices,
            title=title,
        )

    @staticmethod
    def _close_up(loaded: Loaded) -> list[int]:
        """Where a close-up helps: the pawn of the seat that must act in a game whose board is
        a whole city (views with ``pawns`` by seat); nothing for the others."""
        seats = loaded.rules.to_move(loaded.state)
        pawns = loaded.rules.view(loaded.state, None).get("pawns")
        if not seats or not isinstance(pawns, list) or seats[0] >= len(pawns):
            return []
        pawn = pawns[seats[0]]
        return [pawn] if isinstance(pawn, int) and pawn >= 0 else []

    @staticmethod
    def _final_outcome(loaded: Loaded) -> Outcome | None:
        if loaded.record.result is not None:
            return Outcome.from_dict(loaded.record.result)
        if loaded.record.status == FINISHED:
            return loaded.rules.outcome(loaded.state)
        return None

    @staticmethod
    def _rules_named(game: str) -> Rules[Any, Any]:
        """The rules of a game a player named; an unknown name is a :class:`Refusal` that
        lists the games there are."""
        try:
            return games.get(game)
        except KeyError as exc:
            raise Refusal(str(exc.args[0])) from None

    async def _turn_reply(
        self, after: Loaded, lines: Sequence[str], text: str, before: Any | None
    ) -> Reply:
        """The answer to anything that starts a new turn outside a move (a start, an undo, a
        player leaving): the board with a ping in the thread, and the private news."""
        post = await self._board_post(after, lines, ping=True)
        return Reply(
            text=text, post=post, match_id=after.id, dms=await self._dms_after(after, before)
        )

    async def _dms_after(
        self, after: Loaded, before: Any | None, *, ended: bool = True
    ) -> tuple[DirectMessage, ...]:
        """What a change tells players privately: changed secrets (all of them at the
        start, ``before`` None) and "your turn" DMs for those who asked for them."""
        dms = await self._secret_dms(after, before) + await self.notifier.turn_dms(after, ended)
        return await self.pages.with_links(after.record, dms)

    async def web_link(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The caller's own link to a match's web board (:mod:`bot.service.webpages`)."""
        return await self.pages.link(actor, match_id=match_id, where=where)

    def _linked(self, record: MatchRecord, text: str) -> str:
        return self.notifier.linked(record, text)

    # ------------------------------------------------------------------------------------
    # challenge life cycle
    # ------------------------------------------------------------------------------------
    async def play(
        self,
        actor: User,
        game: str,
        *,
        opponent: User | None = None,
        invited: Sequence[User] = (),
        seats: int | None = None,
        color: str | None = None,
        options: dict[str, Any] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        time_control: str | None = None,
        rated: bool | None = None,
        min_rating: int | None = None,
        max_rating: int | None = None,
    ) -> Reply:
        """``/play``: a challenge for two-player games (an open one with nobody named), a
        lobby for bigger ones."""
        try:
            info = self._rules_named(game).info
        except Refusal as refusal:
            return Reply.refuse(refusal.say(actor.locale))
        if info.max_players > 2:
            guests = [*invited, *([opponent] if opponent else [])]
            return await self.open_lobby(
                actor,
                game,
                seats=seats,
                invited=guests,
                options=options,
                guild_id=guild_id,
                channel_id=channel_id,
                time_control=time_control,
                rated=rated,
            )
        return await self.challenge(
            actor,
            game,
            opponent,
            color=color,
            options=options,
            guild_id=guild_id,
            channel_id=channel_id,
            time_control=time_control,
            rated=rated,
            min_rating=min_rating,
            max_rating=max_rating,
        )

    @guarded
    async def challenge(
        self,
        actor: User,
        game: str,
        opponent: User | None,
        *,
        color: str | None = None,
        options: dict[str, Any] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        time_control: str | None = None,
        rated: bool | None = None,
        min_rating: int | None = None,
        max_rating: int | None = None,
    ) -> Reply:
        rules = self._rules_named(game)
        await self._check_enabled(rules.info.name, guild_id)
        info = rules.info
        if info.max_players > 2:
            raise Refusal("challenge.needs_lobby", game=info.title, name=info.name)
        if info.min_players != 2:
            raise Refusal("challenge.not_two_player", game=info.title)
        if opponent is None:  # nobody named: an open challenge for anyone here
            return await self.open_seek(
                actor,
                game,
                color=color,
                options=options,
                guild_id=guild_id,
                channel_id=channel_id,
                time_control=time_control,
                rated=rated,
                min_rating=min_rating,
                max_rating=max_rating,
            )
        if opponent.id == actor.id:
            raise Refusal("challenge.yourself")
        checked = rules.options(options)
        versus_computer = is_computer(opponent.id)
        if versus_computer:
            await self.limits.computer_game(actor, guild_id)
        if versus_computer and rated is None:
            rated = False  # a practice game unless asked otherwise
        extra = await self.clocks.new_match_meta(guild_id, time_control, rated)
        seed = self._seed_source()
        seat = self._challenger_seat(rules, color, seed)
        await self._touch(actor, opponent)
        seats = [actor.id, opponent.id] if seat == 0 else [opponent.id, actor.id]
        state = rules.new(2, checked, seed)
        record = await self.store.create_match(
            game=info.name,
            options=checked,
            seed=seed,
            status=CHALLENGE,
            seats=seats,
            created_by=actor.id,
            state=rules.dump(state),
            now=self.clock(),
            guild_id=guild_id,
            channel_id=channel_id,
            meta={"color": (color or "random").lower(), **extra},
        )
        if versus_computer:  # nobody to ask: the computer accepts at once
            started = await self._accept_challenge(opponent, record)
            return dataclasses.replace(
                started,
                text=words(actor.locale)(
                    "challenge.computer_begins", opponent=opponent.name, match=record.id
                ),
                created=True,
            )
        names = [actor.name, opponent.name] if seat == 0 else [opponent.name, actor.name]
        sides = ", ".join(self._seat_label(rules, state, i, n) for i, n in enumerate(names))
        opts = self._options_text(rules, checked) + self._terms_text(extra)
        shared = words()  # the challenge post is read by both players: see bot.words
        post = Post(
            text=shared(
                "challenge.post",
                challenger=actor.name,
                opponent=opponent.name,
                game=info.title,
                match=record.id,
                seats=sides,
            )
            + opts,
            ping=shared("challenge.ping", opponent=opponent.name),
            mentions=(opponent.id,),
            buttons=(
                Button(shared("button.accept"), "accept", "success"),
                Button(shared("button.decline"), "decline", "danger"),
            ),
            title=shared("challenge.title", game=info.title, match=record.id),
        )
        return Reply(
            text=words(actor.locale)("challenge.sent", opponent=opponent.name, match=record.id),
            ephemeral=True,
            post=post,
            match_id=record.id,
            created=True,
        )

    @staticmethod
    def _options_text(rules: Rules[Any, Any], options: dict[str, Any]) -> str:
        """Only the options that differ from the game's defaults: a FENCE! lobby listing all
        19 of them buried the two that mattered (issue 14.12)."""
        defaults = rules.options(None)
        changed = {k: v for k, v in options.items() if defaults.get(k) != v}
        if not changed:
            return ""
        parts = ", ".join(
            f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items()
        )
        return "\n" + words()("match.options", options=parts)

    @staticmethod
    def _terms_text(meta: dict[str, Any]) -> str:
        control = TimeControl.from_dict(meta.get("time") or {})
        say = words()
        rated = say("match.rated" if meta.get("rated", True) else "match.unrated")
        return "\n" + say("match.terms", time=control.describe(), rated=rated)

    @staticmethod
    def _challenger_seat(rules: Rules[Any, Any], color: str | None, seed: int) -> int:
        word = (color or "random").strip().lower()
        seat_names = [s.lower() for s in rules.info.seat_names]
        if word == "first":
            return 0
        if word == "second":
            return 1
        if word in seat_names[:2]:
            return seat_names.index(word)
        if word == "random":
            return random.Random(seed).randrange(2)
        allowed = ", ".join(["first", "second", "random", *seat_names[:2]])
        raise Refusal("challenge.bad_color", color=repr(color), allowed=allowed)

    async def attach_place(
        self, match_id: int, *, channel_id: str | None, thread_id: str | None
    ) -> None:
        """Remember where a match lives (the adapter created its thread)."""
        for _ in range(5):
            record = await self.store.get_match(match_id)
            if record is None:
                return
            try:
                await self.store.commit(
                    match_id,
                    record.version,
                    MatchUpdate(channel_id=channel_id, thread_id=thread_id),
                    now=self.clock(),
                )
                return
            except StaleVersion:
                continue

    @guarded
    async def accept(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Accept whatever the other side proposed: a challenge, a draw or an undo — or
        anyone's open challenge."""
        await self._touch(actor)
        if match_id is not None or where is not None:
            found = await self._find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=False
            )
            if seek_of(found) is not None:
                return await self._accept_seek(actor, found)
        record = await self._pending_for(actor, match_id, where)
        if record.status == CHALLENGE:
            return await self._accept_challenge(actor, record)
        meta = record.meta
        seat = self._seat_of(record, actor)
        if meta.get("draw_offer") is not None and meta["draw_offer"] != seat:
            return await self._finish_by_agreement(actor, record)
        if meta.get("undo_request") is not None and meta["undo_request"]["seat"] != seat:
            return await self._do_undo(actor, record)
        raise Refusal("answer.nothing_in", match=record.id)

    @guarded
    async def decline(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Decline a challenge (or withdraw your own), a draw offer or an undo request."""
        await self._touch(actor)
        if match_id is not None or where is not None:
            found = await self._find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=False
            )
            if seek_of(found) is not None and actor.id != found.created_by:
                raise Refusal("seek.only_challenger")
            if actor.id not in found.seats:
                raise Refusal("match.not_playing", match=found.id)
            if lobby_of(found):
                return await self.leave(actor, match_id=found.id)
        record = await self._pending_for(actor, match_id, where, own_challenges=True)
        if record.status == CHALLENGE:
            withdrawn = actor.id == record.created_by
            status = CANCELLED if withdrawn else DECLINED
            await self.transitions.commit(record, MatchUpdate(status=status))
            text = words()(
                "challenge.withdrawn" if withdrawn else "challenge.declined",
                player=actor.name,
                match=record.id,
            )
            others = tuple(uid for uid in record.seats if uid != actor.id)
            return Reply(
                text=words(actor.locale)("common.done"),
                post=Post(text=text, ping=text, mentions=others),
                match_id=record.id,
            )
        meta = dict(record.meta)
        seat = self._seat_of(record, actor)
        if meta.get("draw_offer") is not None and meta["draw_offer"] != seat:
            meta.pop("draw_offer")
            what = "answer.declined_draw"
        elif meta.get("undo_request") is not None and meta["undo_request"]["seat"] != seat:
            meta.pop("undo_request")
            what = "answer.declined_undo"
        else:
            raise Refusal("answer.nothing_in", match=record.id)
        await self.transitions.commit(record, MatchUpdate(meta=meta))
        others = tuple(uid for uid in record.seats if uid != actor.id)
        text = words()(what, player=actor.name)
        return Reply(
            text=words(actor.locale)("answer.declined"),
            post=Post(text=text, ping=text, mentions=others),
            match_id=record.id,
        )

    async def _pending_for(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        own_challenges: bool = False,
    ) -> MatchRecord:
        if match_id is not None or where is not None:
            record = await self._find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=True
            )
            if record.status not in OPEN_STATUSES:
                raise Refusal("answer.not_open", match=record.id, status=record.status)
            if lobby_of(record):
                raise Refusal("answer.is_lobby", match=record.id)
            if record.status == CHALLENGE and record.created_by == actor.id and not own_challenges:
                raise Refusal("answer.own_challenge")
            return record
        waiting = []
        for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES):
            if actor.id not in m.seats or lobby_of(m):
                continue
            if m.status == CHALLENGE:
                if m.created_by != actor.id or own_challenges:
                    waiting.append(m)
                continue
            seat = m.seats.index(actor.id)
            for key in ("draw_offer", "undo_request"):
                pending = m.meta.get(key)
                if pending is None:
                    continue
                by = pending if key == "draw_offer" else pending["seat"]
                if by != seat:
                    waiting.append(m)
                    break
        if not waiting:
            raise Refusal("answer.nothing")
        if len(waiting) > 1:
            listing = ", ".join(f"#{m.id}" for m in waiting[:8])
            raise Refusal("answer.several", listing=listing)
        return waiting[0]

    async def _accept_challenge(self, actor: User, record: MatchRecord) -> Reply:
        if record.created_by == actor.id:
            raise Refusal("answer.own_challenge")
        return await self._begin(actor, record, words()("challenge.begins", player=actor.name))

    async def _begin(
        self,
        actor: User,
        record: MatchRecord,
        line: str,
        *,
        seats: Sequence[str] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Reply:
        """A waiting two-player challenge (or a seek, whose ``seats`` are filled now) starts:
        one transition to active with its clocks running, then the board with a ping."""
        rules = games.get(record.game)
        state = rules.load(record.state)
        meta = dict(record.meta if meta is None else meta)
        meta.update(self.clocks.start_meta(rules, state, len(seats or record.seats), meta))
        update = MatchUpdate(status=ACTIVE, seats=seats, meta=meta)
        updated = (await self.transitions.commit(record, update)).record
        return await self._turn_reply(
            self._load(updated), [line], words(actor.locale)("challenge.accepted"), None
        )

    # ------------------------------------------------------------------------------------
    # moves
    # ------------------------------------------------------------------------------------
    @guarded
    async def move(
        self,
        actor: User,
        text: str,
        *,
        match_id: int | None = None,
        where: str | None = None,
        version: int | None = None,
    ) -> Reply:
        """Play one action, or several steps of one turn typed together.

        ``version``, when given (buttons and menus carry it), must still be current so a
        press on an old message never plays into a changed position.
        """
        await self._touch(actor)
        record = await self._find(actor, match_id, where, statuses=(ACTIVE,))
        loaded = self._load(record)
        if record.status != ACTIVE:
            raise Refusal("move.match_over", match=record.id)
        if stale(record, version):
            raise Refusal("move.out_of_date")
        rules, state = loaded.rules, loaded.state
        seat = self._seat_of(record, actor)
        to_move = rules.to_move(state)
        if seat not in to_move:
            names = await self.player_names(record)
            others = plural_names([self._seat_label(rules, state, s, names[s]) for s in to_move])
            raise Refusal("move.not_your_turn", players=others)
        if (late := await self._flag_fell(record, seat, actor.locale)) is not None:
            return late
        if not text.strip():
            raise Refusal("move.empty", example=rules.info.notation_help or "see /rules.")
        # A trailing "!" means "I know, play it": no confirmation for a risky move.
        confirmed = text.rstrip().endswith("!")
        if confirmed:
            text = text.rstrip()[:-1]
        names = await self.player_names(record)
        try:
            new_state, steps = await asyncio.to_thread(
                self._play, rules, state, text, seat, names[seat]
            )
        except IllegalMove:
            # An autocomplete group ("c1- …") chosen and sent as it is: the start of a move.
            stem = text.strip().rstrip("…").strip()
            completions = await asyncio.to_thread(
                lambda: [n for n in rules.legal_notations(state) if n.startswith(stem)]
            )
            if not stem or not completions or stem in completions:
                raise
            if len(completions) > 1:
                listed = ", ".join(completions[:8]) + (", …" if len(completions) > 8 else "")
                raise Refusal("move.prefix", stem=quoted(stem), moves=listed) from None
            new_state, steps = await asyncio.to_thread(
                self._play, rules, state, completions[0], seat, names[seat]
            )
        risky = [step for step in steps if step.highlight.get("onto_cops")]
        if risky and not confirmed and version is None:
            # Ruling 20: walking onto the Cops is confirmed first, typed or guided alike.
            if len(steps) == 1 and (
                asked := await self._confirmation_panel(actor, loaded, steps[0].notation)
            ):
                return asked
            raise Refusal("move.onto_cops", move=risky[0].notation)
        log_rows = await self.store.actions(record.id, include_undone=True)
        ply = log_rows[-1].ply if log_rows else 0
        live = [a for a in log_rows if not a.undone]
        turn, begun = turn_position(live)
        now = self.clock()
        # The clocks as this turn found them: an agreed undo of the turn puts them back exactly.
        clock_before = None if begun else record.meta.get("clock")
        appended = log_records(steps, seat, ply, turn, now, clock_before)
        outcome = rules.outcome(new_state)
        meta = {k: v for k, v in record.meta.items() if k not in ("draw_offer", "undo_request")}
        meta = await self.clocks.after_change(record, rules, state, new_state, meta, now)
        ended = steps[-1].ends_turn or outcome is not None
        final, answer_steps = new_state, []
        if ended and premoves.META_KEY in meta:
            their_turn = rules.step_separator.join(
                [a.notation for a in live if a.detail.get("turn") == turn]
                + [step.notation for step in steps]
            )
            final, answer_steps, meta = await self._conditional_answer(
                record, rules, new_state, meta, turn, their_turn, outcome, names
            )
        if answer_steps:
            # Only a sole seat to move after a whole turn has answers (_conditional_answer).
            (author,) = rules.to_move(new_state)
            clock_before = meta.get("clock")
            meta = await self.clocks.after_change(record, rules, new_state, final, meta, now)
            appended += log_records(
                answer_steps, author, appended[-1].ply, turn + 1, now, clock_before,
                conditional=True,
            )  # fmt: skip
            outcome = rules.outcome(final)
        done = await self.transitions.commit(
            record,
            MatchUpdate(state=rules.dump(final), meta=meta),
            append=appended,
            outcome=outcome,
            now=now,
        )
        updated = done.record
        after = Loaded(updated, rules, final)
        lines: list[str] = []
        # The result line states the outcome's reason; a notice saying the same is dropped.
        said = outcome.reason if outcome else None
        for step in steps:
            if step.description:
                lines.append(step.description)
            lines.extend(n for n in step.notices if n != said)
        lines.extend(round_summary(rules, state, new_state, names))
        if answer_steps:
            lines.append(
                words()(
                    "premove.played",
                    player=names[author],
                    moves=rules.step_separator.join(step.notation for step in answer_steps),
                )
            )
            for step in answer_steps:
                lines.extend(n for n in step.notices if n != said)
        lines.extend(done.rating_lines)
        post = await self._board_post(after, lines, ping=ended, mid_turn=not ended)
        played = " ".join(step.notation for step in steps)
        return Reply(
            text=words(actor.locale)("move.played", moves=played),
            post=post,
            match_id=record.id,
            dms=await self._dms_after(after, state, ended=ended),
        )

    async def _conditional_answer(
        self,
        record: MatchRecord,
        rules: Rules[Any, Any],
        state: Any,
        meta: dict[str, Any],
        turn: int,
        their_turn: str,
        outcome: Outcome | None,
        names: Sequence[str],
    ) -> tuple[Any, list[Step], dict[str, Any]]:
        """The stored answer to the turn just played, if one matches: the state after it, its
        steps and the meta with the lines that remain (see :mod:`bot.service.premoves`)."""
        movers = rules.to_move(state)
        author = next(iter(movers), None)
        if outcome is not None or author is None or len(movers) != 1:
            return state, [], premoves.without_all(meta)
        tree = premoves.stored(meta, author)
        branch = (
            premoves.answer(tree, their_turn)
            if premoves.stored_turn(meta, author) == turn
            else None
        )
        if branch is None:
            return state, [], premoves.without_all(meta)
        try:
            final, steps = await asyncio.to_thread(
                self._play, rules, state, branch.mine, author, names[author]
            )
        except (IllegalMove, Refusal):
            # Checked at entry from this very position, so only a changed engine gets here.
            log.warning("match %s: a stored conditional move no longer plays", record.id)
            return state, [], premoves.without_all(meta)
        return final, steps, premoves.with_lines(meta, author, branch.then, turn + 2)

    @staticmethod
    def _play(
        rules: Rules[Any, Any], state: Any, text: str, seat: int, name: str
    ) -> tuple[Any, list[Step]]:
        """Parse and apply in a worker thread (big move lists must not stall the gateway)."""
        steps: list[Step] = []
        current = state
        for action in rules.parse_many(state, text):
            if seat not in rules.to_move(current):
                raise Refusal("move.turn_ended")
            after = rules.apply(current, action)
            steps.append(
                Step(
                    notation=rules.format(current, action),
                    highlight=rules.highlight(current, action),
                    description=rules.describe(current, action, name),
                    ends_turn=rules.turn_ended(current, after),
                    public=rules.public_notation(current, action),
                    notices=tuple(rules.notices(current, after)),
                )
            )
            current = after
        return current, steps

    # ------------------------------------------------------------------------------------
    # board, resign, draw, undo
    # ------------------------------------------------------------------------------------
    @guarded
    async def board(
        self,
        actor: User,
        *,
        match_id: int | None = None,
        where: str | None = None,
        flip: bool = False,
    ) -> Reply:
        """The current board, visible where it was asked for (this also repairs a post that
        failed to reach the thread); ``flip`` shows it from the second player's side."""
        await self._touch(actor)
        record = await self._find(actor, match_id, where, statuses=(ACTIVE,), participant=False)
        if record.status == CHALLENGE:
            raise Refusal("board.not_started", match=record.id)
        loaded = self._load(record)
        live = await self._live_actions(record.id)
        mid_turn = bool(live) and not live[-1].detail.get("ends_turn", True)
        post = await self._board_post(loaded, [], ping=False, mid_turn=mid_turn, flip=flip)
        return Reply(text="", ephemeral=False, post=post, match_id=record.id)

    @guarded
    async def resign(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        await self._touch(actor)
        record = await self._find(actor, match_id, where)
        loaded = self._load(record)
        seat = self._seat_of(record, actor)
        names = await self.player_names(record)
        shared = words()  # the reason is stored with the result and shown to everyone
        return await self._drop(
            loaded,
            seat,
            "resignation",
            shared("resign.reason", player=names[seat]),
            shared("resign.line", player=actor.name),
            words(actor.locale)("common.done"),
        )

    async def _drop(
        self,
        loaded: Loaded,
        seat: int,
        termination: str,
        reason: str,
        line: str,
        done_text: str = "",
    ) -> Reply:
        """A player leaves (resignation, timeout). Two-player games end; bigger games go on
        without them when the rules allow (``Rules.drop_player``) — the departure is kept in
        the log as a ``drop`` entry so replaying the log still gives the same state."""
        record, rules = loaded.record, loaded.rules
        if seat not in self._active_seats(loaded):
            raise Refusal("resign.already_left")
        remaining = None
        if len(record.seats) > 2:
            remaining = rules.drop_player(loaded.state, seat)
        if remaining is None:
            winners = tuple(s for s in range(len(record.seats)) if s != seat)
            outcome = Outcome(winners=winners, termination=termination, reason=reason)
            return await self._finish(loaded, outcome, [line], done_text)
        live = await self.store.actions(record.id, include_undone=True)
        now = self.clock()
        ply = live[-1].ply + 1 if live else 1
        turn = max([int(a.detail.get("turn", 0)) for a in live] or [0]) + 1
        entry = ActionRecord(
            ply=ply,
            seat=seat,
            notation=DROP,
            created_at=now,
            detail={"turn": turn, "ends_turn": True, "drop": termination},
        )
        outcome = rules.outcome(remaining)
        meta = {**record.meta, "dropped": [*record.meta.get("dropped", []), seat]}
        meta = await self.clocks.after_change(record, rules, loaded.state, remaining, meta, now)
        done = await self.transitions.commit(
            record,
            MatchUpdate(state=rules.dump(remaining), meta=meta),
            append=[entry],
            outcome=outcome,
            now=now,
        )
        after = Loaded(done.record, rules, remaining)
        lines = [line, *rules.notices(loaded.state, remaining), *done.rating_lines]
        return await self._turn_reply(
            after, lines, done_text or words()("common.done"), loaded.state
        )

    @staticmethod
    def _active_seats(loaded: Loaded) -> set[int]:
        """Seats still in the game (not dropped earlier)."""
        dropped = loaded.record.meta.get("dropped", [])
        return {s for s in range(len(loaded.record.seats)) if s not in dropped}

    async def _finish(
        self, loaded: Loaded, outcome: Outcome, lines: list[str], done_text: str = ""
    ) -> Reply:
        record = loaded.record
        meta = {k: v for k, v in record.meta.items() if k not in ("draw_offer", "undo_request")}
        done = await self.transitions.commit(record, MatchUpdate(meta=meta), outcome=outcome)
        after = Loaded(done.record, loaded.rules, loaded.state)
        lines = [*lines, *done.rating_lines]
        post = await self._board_post(after, lines, ping=True)
        return Reply(text=done_text or words()("common.done"), post=post, match_id=record.id)

    @guarded
    async def draw(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Offer a draw, or accept the opponent's standing offer."""
        record, seat, offer = await self._agreement(actor, match_id, where, "draw")
        if offer is not None and offer != seat:
            return await self._finish_by_agreement(actor, record)
        if offer == seat:
            raise Refusal("draw.already_offered")
        return await self._propose(
            actor, record, "draw", {"draw_offer": seat}, player=actor.name, match=record.id
        )

    async def _agreement(
        self, actor: User, match_id: int | None, where: str | None, kind: str
    ) -> tuple[MatchRecord, int, Any]:
        """The match, the caller's seat and the standing proposal of ``kind`` (draw, undo).

        Agreements need every opponent's consent; with hidden cards and several players an
        undo would also re-deal secrets, so these stay two-player features."""
        await self._touch(actor)
        record = await self._find(actor, match_id, where)
        if len(record.seats) > 2:
            raise Refusal(PROPOSALS[kind].two_players_only)
        return record, self._seat_of(record, actor), record.meta.get(PROPOSALS[kind].meta_key)

    async def _finish_by_agreement(self, actor: User, record: MatchRecord) -> Reply:
        loaded = self._load(record)
        shared = words()
        outcome = Outcome(winners=(), termination="agreement", reason=shared("draw.agreed"))
        return await self._finish(
            loaded,
            outcome,
            [shared("draw.accepted", player=actor.name)],
            words(actor.locale)("common.done"),
        )

    @guarded
    async def undo(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Ask to take back your last turn, or agree to the opponent's request."""
        record, seat, request = await self._agreement(actor, match_id, where, "undo")
        if request is not None and request["seat"] != seat:
            return await self._do_undo(actor, record)
        if request is not None:
            raise Refusal("undo.already_asked")
        live = await self._live_actions(record.id)
        if not live:
            raise Refusal("undo.nothing")
        last = live[-1]
        if last.seat != seat:
            raise Refusal("undo.not_yours")
        pending = {"undo_request": {"seat": seat, "turn": last.detail.get("turn")}}
        return await self._propose(
            actor, record, "undo", pending, player=actor.name, move=last.notation
        )

    async def _propose(
        self,
        actor: User,
        record: MatchRecord,
        kind: str,
        pending: dict[str, Any],
        **params: Any,
    ) -> Reply:
        """Record a proposal (draw, undo) that the other side answers with /accept or
        /decline — or the buttons, which do the same."""
        words_of = PROPOSALS[kind]
        shared = words()
        meta = {**record.meta, **pending}
        await self.transitions.commit(record, MatchUpdate(meta=meta))
        others = tuple(uid for uid in record.seats if uid != actor.id)
        return Reply(
            text=words(actor.locale)(words_of.ack),
            post=Post(
                text=shared(words_of.post, **params),
                ping=shared(words_of.question),
                mentions=others,
                buttons=(
                    Button(shared(words_of.yes), "accept", "success"),
                    Button(shared(words_of.no), "decline", "danger"),
                ),
            ),
            match_id=record.id,
        )

    async def _do_undo(self, actor: User, record: MatchRecord) -> Reply:
        rules = games.get(record.game)
        live = await self._live_actions(record.id)
        turn = record.meta["undo_request"]["turn"]
        keep = [a for a in live if a.detail.get("turn") != turn]
        dropped = [a for a in live if a.detail.get("turn") == turn]
        if not dropped:
            raise Refusal("undo.already_done")
        state = await asyncio.to_thread(replay, rules, record, keep)
        # Conditional moves were written for the position the undo takes away.
        meta = premoves.without_all(record.meta)
        meta = {k: v for k, v in meta.items() if k not in ("draw_offer", "undo_request")}
        before = rules.load(record.state)
        if (clock_before := dropped[0].detail.get("clock_before")) and "clock" in meta:
            # Exactly the clocks the undone turn began with: the requester's thinking time
            # keeps running from then, and nobody gets the increment of a turn that was not
            # played. Reminders already sent stay sent.
            sent = set(meta["clock"].get("reminded", ()))
            meta["clock"] = {
                **clock_before,
                "reminded": sorted(sent | set(clock_before.get("reminded", ()))),
            }
        else:
            meta = await self.clocks.after_change(record, rules, before, state, meta, self.clock())
        done = await self.transitions.commit(
            record, MatchUpdate(state=rules.dump(state), meta=meta), undo_from_ply=dropped[0].ply
        )
        loaded = Loaded(done.record, rules, state)
        taken = " ".join(a.notation for a in dropped)
        lines = [words()("undo.done_line", player=actor.name, moves=taken)]
        return await self._turn_reply(loaded, lines, words(actor.locale)("undo.done"), before)

    # ------------------------------------------------------------------------------------
    # listings and information
    # ------------------------------------------------------------------------------------
    @guarded
    async def games(self, actor: User) -> Reply:
        """My open matches, whose turn and since when."""
        say = words(actor.locale)
        await self._touch(actor)
        records = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES)
            if actor.id in m.seats and m.seats.index(actor.id) not in m.meta.get("dropped", [])
        ]
        if not records:
            return Reply(text=say("games.none"))
        now = self.clock()
        lines = []
        directory = await self.clocks.directory(records)
        for record in records:
            loaded = self._load(record)
            names = directory.player_names(record)
            gone = set(record.meta.get("dropped", []))  # players who left a FENCE! game
            opponents = plural_names(
                [
                    n
                    for seat, (uid, n) in enumerate(zip(record.seats, names, strict=True))
                    if uid != actor.id and seat not in gone
                ]
            )
            title = loaded.rules.info.title
            since = ago(now - record.updated_at, actor.locale)
            if (lobby := lobby_of(record)) is not None:
                state = say(
                    "games.lobby_mine" if record.created_by == actor.id else "games.lobby",
                    seated=len(record.seats),
                    seats=lobby.get("seats"),
                )
            elif record.status == CHALLENGE:
                state = (
                    say("games.waiting_for", players=opponents)
                    if record.created_by == actor.id
                    else say("games.challenge_for_you")
                )
            else:
                seats = loaded.rules.to_move(loaded.state)
                movers = [record.seats[s] for s in seats]
                state = (
                    say("games.your_turn")
                    if actor.id in movers
                    else say("games.their_turn", players=plural_names([names[s] for s in seats]))
                ) + await self.clocks.games_clock(record, seats, actor.id, directory)
            line = say(
                "games.line",
                match=record.id,
                game=title,
                opponents=opponents,
                state=state,
                since=since,
            )
            if seek_of(record) is not None:
                line = say("games.open_seek", match=record.id, game=title, since=since)
            lines.append(self._linked(record, line))
        return Reply(text="\n".join(lines))

    async def find_active(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> MatchRecord:
        """The caller's active match a command is about; :class:`Refusal` says why not."""
        record = await self._find(actor, match_id, where)
        if record.status in CLOSED_STATUSES:
            raise Refusal(
                words(actor.locale)("errors.closed", match=record.id, status=record.status)
            )
        return record

    async def open_matches(self, actor: User) -> list[MatchRecord]:
        """The caller's open matches (for the adapters' match pickers)."""
        return [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES)
            if actor.id in m.seats
        ]

    @guarded
    async def history(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The numbered list of turns, in notation."""
        record = await self._find(actor, match_id, where, statuses=(ACTIVE,), participant=False)
        rules = games.get(record.game)
        state = rules.load(record.state)
        names = await self.player_names(record)
        live = await self._live_actions(record.id)
        if not live:
            return Reply(
                text=words(actor.locale)("history.empty", match=record.id), match_id=record.id
            )
        turns: dict[int, list[ActionRecord]] = {}
        for action in live:
            turns.setdefault(int(action.detail.get("turn", action.ply)), []).append(action)
        lines = [self._match_title(rules, record.id, names)]
        over = record.status == FINISHED
        for number, (_, acts) in enumerate(sorted(turns.items()), start=1):
            seat = acts[0].seat
            who = self._seat_label(rules, state, seat, names[seat])
            shown = [shown_notation(a, reveal=over) for a in acts]
            lines.append(f"{number}. {who}: {' '.join(shown)}")
        if record.result:
            outcome = Outcome.from_dict(record.result)
            lines.append(self._result_text(rules, state, outcome, names))
        return Reply(text="\n".join(lines), match_id=record.id)

    @staticmethod
    def _match_title(rules: Rules[Any, Any], match_id: int, names: Sequence[str]) -> str:
        return words()(
            "match.title", game=rules.info.title, match=match_id, players=" vs ".join(names)
        )

    @guarded
    async def rules(self, game: str, locale: str = "en") -> Reply:
        return Reply(text=rules_text(self._rules_named(game), locale))

    async def suggestions(
        self,
        actor: User,
        typed: str,
        *,
        match_id: int | None = None,
        where: str | None = None,
        limit: int = 25,
    ) -> list[str]:
        """Autocomplete for /move: the caller's legal moves filtered by what was typed."""
        return [
            value
            for _, value in await self.labelled_suggestions(
                actor, typed, match_id=match_id, where=where, limit=limit
            )
        ]

    async def labelled_suggestions(
        self,
        actor: User,
        typed: str,
        *,
        match_id: int | None = None,
        where: str | None = None,
        limit: int = 25,
    ) -> list[tuple[str, str]]:
        """(what to show, what to type) pairs: a complete move is shown in readable words
        when the game has them ("Move yourself with R3 B5 to Cabbagetown" for
        ``yourself R3 B5 cabbagetown``), a folded prefix as itself. Typing words of a label
        finds the move too.

        Cached per match version, since Discord gives autocomplete no time to think twice.
        """
        try:
            record = await self._find(actor, match_id, where)
        except Refusal:
            return []
        seat = record.seats.index(actor.id)
        rules = games.get(record.game)
        key = (record.id, record.version)
        labels = self._legal.get(key)
        if labels is None:
            state = rules.load(record.state)
            if seat not in rules.to_move(state):
                return []
            labels = await asyncio.to_thread(self._labels, rules, state)
            self._legal[key] = labels
            while len(self._legal) > self._cache_size:
                self._legal.popitem(last=False)
        else:
            self._legal.move_to_end(key)
            if seat not in rules.to_move(rules.load(record.state)):
                return []
        found = suggest(labels, typed, limit)
        if not found and (words := typed.lower().split()):
            found = [n for n, label in labels.items() if all(w in label.lower() for w in words)]
        return [(labels.get(value, value + " …"), value) for value in found[:limit]]

    @staticmethod
    def _labels(rules: Rules[Any, Any], state: Any) -> dict[str, str]:
        """Notation → readable label of every legal action (the label is the notation for
        games that have no words of their own)."""
        if type(rules).label is Rules.label:
            return {n: n for n in rules.legal_notations(state)}
        return {rules.format(state, a): rules.label(state, a) for a in rules.legal_actions(state)}


def log_records(
    steps: Sequence[Step],
    seat: int,
    last_ply: int,
    turn: int,
    now: float,
    clock_before: dict[str, Any] | None,
    *,
    conditional: bool = False,
) -> list[ActionRecord]:
    """Log rows for the steps of one seat, from turn ``turn`` on; the first row keeps the
    clocks the turn began with (an agreed undo puts them back exactly)."""
    rows: list[ActionRecord] = []
    for step in steps:
        rows.append(
            ActionRecord(
                ply=last_ply + len(rows) + 1,
                seat=seat,
                notation=step.notation,
                created_at=now,
                detail={
                    "turn": turn,
                    "ends_turn": step.ends_turn,
                    "highlight": step.highlight,
                    **({"public": step.public} if step.public != step.notation else {}),
                    **({"clock_before": clock_before} if clock_before and not rows else {}),
                    **({"conditional": True} if conditional else {}),
                },
            )
        )
        if step.ends_turn:
            turn += 1
    return rows


def shown_notation(action: ActionRecord, *, reveal: bool) -> str:
    """An action as the public may read it: secrets hidden until the game is over."""
    if action.notation == DROP:
        return words()("history.leaves", reason=action.detail.get("drop", "resignation"))
    return action.notation if reveal else action.detail.get("public", action.notation)


def replay(rules: Rules[Any, Any], record: MatchRecord, actions: Sequence[ActionRecord]) -> Any:
    """Rebuild a match's state from its log — the log is the truth."""
    state = rules.new(len(record.seats), record.options, record.seed)
    for action in actions:
        if action.notation == DROP:
            state = rules.drop_player(state, action.seat)
        else:
            state = rules.apply(state, rules.parse(state, action.notation))
    return state


def rules_text(rules: Rules[Any, Any], locale: object = "en") -> str:
    """The rules summary; the games' own texts (summary, notation, options) stay English."""
    say = words(locale)
    info = rules.info
    players = (
        say("rules.players", n=info.min_players)
        if info.min_players == info.max_players
        else say("rules.players_range", low=info.min_players, high=info.max_players)
    )
    lines = [
        say("rules.heading", game=info.title, players=players, seats=", ".join(info.seat_names)),
        info.summary,
    ]
    if info.notation_help:
        lines.append(say("rules.notation", help=info.notation_help))
    if info.options:
        lines.append(say("rules.options"))
        for opt in info.options:
            default = str(opt.default).lower() if isinstance(opt.default, bool) else opt.default
            lines.append(
                say(
                    "rules.option",
                    name=opt.name,
                    description=opt.description,
                    allowed=opt.allowed(),
                    default=default,
                )
            )
    return "\n".join(lines)
