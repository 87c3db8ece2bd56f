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
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

import ai
import games
from bot.service import premoves
from bot.service.base import (
    Loaded,
    Refusal,
    Step,
    User,
    guarded,
    plural_names,
)
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
from bot.service.clocks import ClockKeeper
from bot.service.correspondence import CorrespondenceCases
from bot.service.endings import Endings
from bot.service.hands import Hands
from bot.service.limits import Limits
from bot.service.listings import Listings
from bot.service.lobby import Lobby, lobby_of
from bot.service.notifier import Notifier
from bot.service.openings import Openings, challenger_seat
from bot.service.opponents import OpponentCases, is_computer
from bot.service.panel import PanelCases
from bot.service.premoves import Premoves, turn_position
from bot.service.reader import MatchReader, rules_named
from bot.service.records import Records
from bot.service.replies import Button, Post, Reply
from bot.service.seeks import Seeks, seek_of
from bot.service.servers import Servers
from bot.service.suggest import suggest
from bot.service.summaries import round_summary
from bot.service.tournaments.cases import TournamentCases
from bot.service.transition import Transitions, stale
from bot.service.workers import Workers
from bot.words import words
from games.core import IllegalMove, Outcome, Rules, quoted
from storage.base import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
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


class Service(
    PanelCases,
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
        self._legal: OrderedDict[tuple[int, int], dict[str, str]] = OrderedDict()
        self._cache_size = cache_size
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
        self.hand = self.hands.hand
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
