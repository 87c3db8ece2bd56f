"""Playing: a typed move, a step button, the board, and the moves offered as you type.

A move is the heart of the bot: read the match as the player saw it, check it is their turn
and their clock still runs, play the text in a worker thread, play a stored conditional
answer in the same transaction (:mod:`bot.service.play.premoves`), commit once through the
transitions, then draw the board. Everything a move needs from elsewhere is handed in: the
endings (a flag that fell), the guide (a risky step is confirmed first), the presenter.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Refusal, Step, User, guarded
from bot.service.match.reader import Loaded, MatchContext, last_turn
from bot.service.match.transition import Committed, stale
from bot.service.match.wiring import OnCore
from bot.service.play import premoves, turns
from bot.service.play.boards import seat_label
from bot.service.play.turns import Typed, authorize, confirm, log_records, turn_position
from bot.service.replies import Post, Reply
from bot.service.text.describer import Seats, seats_of, told_label, told_move
from bot.service.text.suggest import suggest
from bot.service.text.summaries import round_summary
from bot.words import Words, words
from games.core import IllegalMove, Outcome, Rules
from games.presentation import Presentation
from storage.base import ACTIVE, CHALLENGE, ActionRecord, MatchRecord, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.play.boards import Boards
    from bot.service.play.endings import Endings
    from bot.service.play.guide import Guide

log = logging.getLogger("bot.service")


@dataclasses.dataclass(frozen=True)
class Turn:
    """A typed move as it will be committed: its log rows (a conditional answer's after the
    mover's), the match meta, the state and outcome after it all."""

    typed: Typed
    rows: tuple[ActionRecord, ...]
    meta: dict[str, Any]
    number: int
    """The number of the turn the typed steps belong to (the first, if they end several)."""
    now: float
    final: Any
    outcome: Outcome | None
    ended: bool
    """The mover's turn is over (a new one begins, or the match ended)."""
    answer: tuple[Step, ...] = ()
    """The stored conditional answer played after it (:mod:`bot.service.play.premoves`)."""
    author: int | None = None
    """The seat that stored ``answer``."""


def _live(context: MatchContext) -> list[ActionRecord]:
    """The rows of the context's log that still stand (not undone)."""
    return [a for a in context.log if not a.undone]


class Moves(OnCore):
    """The match core (the reader, the transitions, the clocks, the notifier: who confirms
    every move), the presenter, the endings (a flag that fell is a timeout) and the guide
    (Confirm panels)."""

    def __init__(
        self, core: Core, boards: Boards, endings: Endings, guide: Guide, cache_size: int = 256
    ) -> None:
        super().__init__(core)
        self.boards = boards
        self.endings = endings
        self.guide = guide
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
        press on an old message never plays into a changed position. The match is read once
        (:meth:`MatchReader.context`) and handed down the named steps, in their order.
        """
        context = await self.reader.context(actor, match_id, where)
        seat = authorize(context, actor, version)
        if (late := await self.endings.flag_fell(context.record, seat, actor.locale)) is not None:
            return late
        typed = await self.parse(context, seat, text, words(actor.locale))
        if (question := confirm(typed, version)) is not None:
            return await self.ask(actor, context, typed, question)
        turn = await self.premove(context, await self.turn(context, seat, typed))
        done = await self.commit_turn(context, turn)
        return await self.announce(actor, context, turn, done)

    @staticmethod
    async def parse(context: MatchContext, seat: int, text: str, say: Words) -> Typed:
        """What ``text`` plays (:func:`bot.service.play.turns.parse`), worked out in a worker
        thread: a big move list must not stall the gateway."""
        return await asyncio.to_thread(turns.parse, context, seat, text, say)

    async def ask(
        self, actor: User, context: MatchContext, typed: Typed, question: Refusal
    ) -> Reply:
        """The announce step of a move to be confirmed first (:func:`turns.confirm`): one step
        opens the guided panel at its Confirm button; else ``question`` is the answer."""
        if len(typed.steps) == 1 and (
            asked := await self.guide.confirmation_panel(
                actor, context.loaded, typed.steps[0].notation
            )
        ):
            return asked
        raise question

    async def turn(self, context: MatchContext, seat: int, typed: Typed) -> Turn:
        """``typed`` as the log rows and match meta it commits: the clocks after it, and the
        clocks this turn found (an agreed undo of the turn puts them back exactly)."""
        record, rules = context.record, context.rules
        ply = context.log[-1].ply if context.log else 0
        number, begun = turn_position(_live(context))
        now = self.clock()
        clock_before = None if begun else record.meta.get("clock")
        rows = log_records(typed.steps, seat, ply, number, now, clock_before)
        meta = {k: v for k, v in record.meta.items() if k not in ("draw_offer", "undo_request")}
        meta = await self.clocks.after_change(record, rules, context.state, typed.state, meta, now)
        outcome = rules.outcome(typed.state)
        ended = typed.steps[-1].ends_turn or outcome is not None
        return Turn(typed, tuple(rows), meta, number, now, typed.state, outcome, ended)

    async def premove(self, context: MatchContext, turn: Turn) -> Turn:
        """``turn`` with the stored conditional answer to it played, in the same commit
        (:mod:`bot.service.play.premoves`), and the lines that remain kept."""
        if not turn.ended or premoves.META_KEY not in turn.meta:
            return turn
        record, rules, typed = context.record, context.rules, turn.typed
        their_turn = rules.step_separator.join(
            [a.notation for a in _live(context) if a.detail.get("turn") == turn.number]
            + [step.notation for step in typed.steps]
        )
        final, answer, meta = await self._conditional_answer(
            record, rules, typed.state, turn.meta, turn.number, their_turn, turn.outcome,
            context.names(),
        )  # fmt: skip
        if not answer:
            return dataclasses.replace(turn, meta=meta)
        # Only a sole seat to move after a whole turn has answers (_conditional_answer).
        (author,) = rules.to_move(typed.state)
        clock_before = meta.get("clock")
        meta = await self.clocks.after_change(record, rules, typed.state, final, meta, turn.now)
        rows = log_records(
            answer, author, turn.rows[-1].ply, turn.number + 1, turn.now, clock_before,
            conditional=True,
        )  # fmt: skip
        return dataclasses.replace(
            turn, rows=(*turn.rows, *rows), meta=meta, final=final,
            outcome=rules.outcome(final), answer=tuple(answer), author=author,
        )  # fmt: skip

    async def commit_turn(self, context: MatchContext, turn: Turn) -> Committed:
        """The turn stored, once, through the transitions (which finish a match it ends)."""
        return await self.transitions.commit(
            context.record,
            MatchUpdate(state=context.rules.dump(turn.final), meta=turn.meta),
            append=turn.rows,
            outcome=turn.outcome,
            now=turn.now,
        )

    async def announce(
        self, actor: User, context: MatchContext, turn: Turn, done: Committed
    ) -> Reply:
        """The mover's reply, the thread's post (its lines in the thread's language) and the
        DMs the turn brings, all from the context read before it."""
        rules, shared, steps = context.rules, context.shared, turn.typed.steps
        names = context.names()
        after = context.after(done.record, turn.final, turn.rows)
        mine = words(actor.locale)
        mover = context.seat_of(actor.id) if actor.id in context.record.seats else None
        seats = (
            seats_of(rules, context.state, names, shared.language),
            seats_of(rules, context.state, context.names(mine.language), mine.language),
        )
        lines, text = told_move(
            shared,
            mine,
            rules,
            steps,
            summary=round_summary(rules, context.state, turn.typed.state, names, shared.language),
            answer=turn.answer,
            answered=(
                seat_label(
                    rules, turn.typed.state, turn.author, names[turn.author], shared.language
                )
                if turn.author is not None
                else ""
            ),
            reason=turn.outcome.reason if turn.outcome else None,
            seats=seats,
            mover=(
                (
                    seat_label(rules, context.state, mover, names[mover], shared.language),
                    seat_label(
                        rules,
                        context.state,
                        mover,
                        context.names(mine.language)[mover],
                        mine.language,
                    ),
                )
                if mover is not None
                else (None, None)
            ),
        )
        lines.extend(done.rating_lines)
        post = await self.boards.board_post(after, lines, ping=turn.ended, mid_turn=not turn.ended)
        return Reply(
            text=text,
            post=post,
            match_id=context.record.id,
            dms=await self.boards.dms_after(after.loaded, context.state, ended=turn.ended),
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
                turns.play, rules, state, branch.mine, author, names[author]
            )
        except (IllegalMove, Refusal):
            # Checked at entry from this very position, so only a changed engine gets here.
            log.warning("match %s: a stored conditional move no longer plays", record.id)
            return state, [], premoves.without_all(meta)
        return final, steps, premoves.with_lines(meta, author, branch.then, turn + 2)

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
        post = await self.board_of(self.reader.load(record), flip=flip)
        return Reply(text="", ephemeral=False, post=post, match_id=record.id)

    async def board_of(
        self, loaded: Loaded, language: str | None = None, *, flip: bool = False
    ) -> Post:
        """The board post of ``loaded`` as it stands, pinging nobody: in the thread's
        language, or in ``language`` for an answer to one reader alone (the "Next game"
        board), images and buttons included."""
        context = await self.reader.context_of(loaded)
        if language is not None and language != context.language:
            context = MatchContext.of(loaded, language, context.known, context.log)
        live = last_turn(context.log)
        mid_turn = bool(live) and not live[-1].detail.get("ends_turn", True)
        return await self.boards.board_post(context, [], ping=False, mid_turn=mid_turn, flip=flip)

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
            names = await self.reader.player_names(record, say.language)
            seats = seats_of(rules, state, names, say.language)
            labels = await asyncio.to_thread(self._labels, rules, state, say, seats)
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
    def _labels(rules: Rules[Any, Any], state: Any, say: Words, seats: Seats) -> dict[str, str]:
        """Notation → readable label of every legal action in ``say``'s language, players
        named by ``seats`` (the label is the notation for games that have no words of their
        own)."""
        if type(rules.presentation).label is Presentation.label:
            return {n: n for n in rules.legal_notations(state)}
        return {
            rules.format(state, a): told_label(say, rules, state, a, seats)
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
