"""Playing: a typed move, a step button, the board, and the moves offered as you type.

A move is the heart of the bot: read the match as the player saw it, check it is their turn
and their clock still runs, play the text in a worker thread, play a stored conditional
answer in the same transaction (:mod:`bot.service.play.premoves`), commit once through the
transitions, then draw the board. Everything a move needs from elsewhere is handed in: the
endings (a flag that fell), the guide (a risky step is confirmed first), the presenter.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Loaded, Refusal, Step, User, guarded, plural_names
from bot.service.match.reader import last_turn
from bot.service.match.transition import stale
from bot.service.play import premoves
from bot.service.play.boards import seat_label
from bot.service.play.premoves import turn_position
from bot.service.replies import Reply
from bot.service.text.describer import (
    SAID_KEY,
    played_text,
    said,
    said_data,
    told_in_words,
    told_label,
    told_path,
)
from bot.service.text.suggest import suggest
from bot.service.text.summaries import round_summary
from bot.words import DEFAULT_LANGUAGE, Words, words
from games.core import IllegalMove, Outcome, Rules
from games.presentation import Presentation
from games.text import quoted
from storage.base import ACTIVE, CHALLENGE, ActionRecord, MatchRecord, MatchUpdate, Store

if TYPE_CHECKING:
    from bot.service.match.clocks import ClockKeeper
    from bot.service.match.notifier import Notifier
    from bot.service.match.reader import MatchReader
    from bot.service.match.transition import Transitions
    from bot.service.play.boards import Boards
    from bot.service.play.endings import Endings
    from bot.service.play.guide import Guide

log = logging.getLogger("bot.service")


class Moves:
    """The reader, the presenter, the transitions, the clocks, the endings (a flag that fell
    is a timeout), the guide (Confirm panels) and the notifier (who confirms every move)."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        reader: MatchReader,
        boards: Boards,
        transitions: Transitions,
        clocks: ClockKeeper,
        endings: Endings,
        guide: Guide,
        notifier: Notifier,
        cache_size: int = 256,
    ) -> None:
        self.store = store
        self.clock = clock
        self.reader = reader
        self.boards = boards
        self.transitions = transitions
        self.clocks = clocks
        self.endings = endings
        self.guide = guide
        self.notifier = notifier
        self._legal: OrderedDict[tuple[int, int, str], dict[str, str]] = OrderedDict()
        """Readable labels of every legal move, per (match, version, language):
        autocomplete's cache."""
        self._cache_size = cache_size

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
        loaded = await self.reader.find_loaded(actor, match_id, where, statuses=(ACTIVE,))
        # After the read that brought the players' names: an unchanged name is not written.
        await self.reader.touch(actor)
        record = loaded.record
        if record.status != ACTIVE:
            raise Refusal("move.match_over", match=record.id)
        if stale(record, version):
            raise Refusal("move.out_of_date")
        rules, state = loaded.rules, loaded.state
        seat = self.reader.seat_of(record, actor)
        to_move = rules.to_move(state)
        if seat not in to_move:
            names = await self.reader.player_names(record, actor.locale)
            others = plural_names(
                [seat_label(rules, state, s, names[s], actor.locale) for s in to_move],
                actor.locale,
            )
            raise Refusal("move.not_your_turn", players=others)
        if (late := await self.endings.flag_fell(record, seat, actor.locale)) is not None:
            return late
        if not text.strip():
            raise Refusal("move.empty", example=rules.info.notation_help or "see /rules.")
        # A trailing "!" means "I know, play it": no confirmation for a risky move.
        confirmed = text.rstrip().endswith("!")
        if confirmed:
            text = text.rstrip()[:-1]
        # the movers' names go into what the thread reads (a computer's in its words)
        names = await self.reader.player_names(record, await self.reader.match_language(record))
        if told_in_words(rules) and words(actor.locale).language != DEFAULT_LANGUAGE:
            text = await asyncio.to_thread(panel_words, words(actor.locale), rules, state, text)
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
        risky = [step for step in steps if step.confirm]
        if risky and not confirmed and version is None:
            # A step the game wants confirmed (FENCE!'s ruling 20: walking onto the Cops) is
            # confirmed first, typed or guided alike.
            if len(steps) == 1 and (
                asked := await self.guide.confirmation_panel(actor, loaded, steps[0].notation)
            ):
                return asked
            raise Refusal(f"move.{risky[0].confirm}", move=risky[0].notation)
        log_rows = await self.reader.recent_log(record.id)
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
        final, answer_steps = new_state, list[Step]()
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
        shared = await self.reader.shared(updated)  # the thread's lines: the server's language
        # The result line states the outcome's reason; a notice saying the same is dropped.
        reason = outcome.reason if outcome else None
        for step in steps:
            if step.description is not None:
                lines.append(said(shared, step.description))
            lines.extend(said(shared, n) for n in step.notices if n != reason)
        lines.extend(round_summary(rules, state, new_state, names, shared.language))
        if answer_steps:
            lines.append(
                shared(
                    "premove.played",
                    player=names[author],
                    moves=rules.step_separator.join(step.notation for step in answer_steps),
                )
            )
            for step in answer_steps:
                lines.extend(said(shared, n) for n in step.notices if n != reason)
        lines.extend(done.rating_lines)
        post = await self.boards.board_post(after, lines, ping=ended, mid_turn=not ended)
        return Reply(
            text=played_text(words(actor.locale), rules, steps),
            post=post,
            match_id=record.id,
            dms=await self.boards.dms_after(after, state, ended=ended),
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
        steps and the meta with the lines that remain (see :mod:`bot.service.play.premoves`)."""
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
        told = rules.presentation
        for action in rules.parse_many(state, text):
            if seat not in rules.to_move(current):
                raise Refusal("move.turn_ended")
            after = rules.apply(current, action)
            steps.append(
                Step(
                    notation=rules.format(current, action),
                    highlight=told.highlight(current, action),
                    description=told.describe(current, action, name),
                    ends_turn=rules.turn_ended(current, after),
                    public=told.public_notation(current, action),
                    notices=tuple(told.notices(current, after)),
                    confirm=told.confirm_before(current, action),
                )
            )
            current = after
        return current, steps

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
        await self.reader.touch(actor)
        record = await self.reader.find(
            actor, match_id, where, statuses=(ACTIVE,), participant=False
        )
        if record.status == CHALLENGE:
            raise Refusal("board.not_started", match=record.id)
        loaded = self.reader.load(record)
        live = last_turn(await self.reader.recent_log(record.id))
        mid_turn = bool(live) and not live[-1].detail.get("ends_turn", True)
        post = await self.boards.board_post(loaded, [], ping=False, mid_turn=mid_turn, flip=flip)
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
            record = await self.reader.find(actor, match_id, where)
        except Refusal:
            return []
        seat = record.seats.index(actor.id)
        rules = games.get(record.game)
        say = words(actor.locale)
        key = (record.id, record.version, say.language)
        labels = self._legal.get(key)
        if labels is None:
            state = rules.load(record.state)
            if seat not in rules.to_move(state):
                return []
            labels = await asyncio.to_thread(self._labels, rules, state, say)
            self._legal[key] = labels
            while len(self._legal) > self._cache_size:
                self._legal.popitem(last=False)
        else:
            self._legal.move_to_end(key)
            if seat not in rules.to_move(rules.load(record.state)):
                return []
        found = suggest(labels, typed, limit)
        if not found and (typed_words := typed.lower().split()):
            found = [
                n for n, label in labels.items() if all(w in label.lower() for w in typed_words)
            ]
        return [(labels.get(value, value + " …"), value) for value in found[:limit]]

    @staticmethod
    def _labels(rules: Rules[Any, Any], state: Any, say: Words) -> dict[str, str]:
        """Notation → readable label of every legal action in ``say``'s language (the label
        is the notation for games that have no words of their own)."""
        if type(rules.presentation).label is Presentation.label:
            return {n: n for n in rules.legal_notations(state)}
        return {
            rules.format(state, a): told_label(say, rules, state, a)
            for a in rules.legal_actions(state)
        }

    @guarded
    async def step(
        self,
        actor: User,
        value: str,
        *,
        match_id: int | None = None,
        version: int | None = None,
    ) -> Reply:
        """A step button or menu under a board was pressed (the pie rule's keep/swap, a
        capture). It plays at once, or, for players who asked to confirm their moves, first
        opens the same one-button Confirm panel a guided turn ends with. Typed ``/move``
        never asks: typing a move is deliberate, misclicks happen on buttons."""
        if not await self.notifier.confirms_moves(actor):
            return await self.move(actor, value, match_id=match_id, version=version)
        loaded = await self.reader.find_loaded(actor, match_id, None)
        record = loaded.record
        rules, state = loaded.rules, loaded.state
        if stale(record, version) or record.seats.index(actor.id) not in rules.to_move(state):
            return await self.move(actor, value, match_id=match_id, version=version)
        asked = await self.guide.confirmation_panel(actor, loaded, value)
        return asked or await self.move(actor, value, match_id=match_id, version=version)


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
                    **({SAID_KEY: told} if (told := said_data(step)) else {}),
                    **({"clock_before": clock_before} if clock_before and not rows else {}),
                    **({"conditional": True} if conditional else {}),
                },
            )
        )
        if step.ends_turn:
            turn += 1
    return rows


def panel_words(say: Words, rules: Rules[Any, Any], state: Any, text: str) -> str:
    """What a player typed from the guided panel in their own language ("Selbst ziehen mit
    R4 nach Glasshouse"): the notation of the one step it names, else the text as it was
    (the engine reads English words and notation itself)."""
    wanted = " ".join(text.lower().split())
    found = []
    for action in rules.legal_actions(state):
        path = told_path(say, rules, state, action)
        spoken = {told_label(say, rules, state, action), " ".join(path), path[-1] if path else ""}
        if wanted in {" ".join(s.lower().split()) for s in spoken if s}:
            found.append(action)
    return rules.format(state, found[0]) if len(found) == 1 else text
