"""How a match ends or steps back: resignation, a player dropping out, time running out,
agreed draws and agreed undos, and the proposals that lead to them.

Why together: each of these is one transition decided by the players (or their clock)
rather than by a move, and each ends in the same board reply; a resignation, a timeout and a
FENCE! player leaving are literally the same :meth:`Endings._drop`.

A computer opponent answers a proposal at once instead of leaving it waiting (issue 26.7):

* **A draw** it accepts only when it is not ahead: its own winning chance, judged in the
  search pool like a review's positions (:class:`Judge`), is at
  most :data:`DRAW_THRESHOLD` (½: even or worse). Ahead, it declines and plays on.
* **An undo** it declines in a rated game (a rating must come from the moves played) and
  allows in an unrated one: a game against the computer is mostly practice, where taking
  back a slip is the point. The usual checks come first (only your own last turn).
* Either answer is one line in the thread and the asker's reply; a declined proposal is
  never stored, so no buttons wait for an answer that will not come.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import games
from bot.service.base import DROP, Loaded, Refusal, User, guarded, match_status
from bot.service.match.clock import timecontrol as tc
from bot.service.match.reader import replay
from bot.service.match.wiring import OnCore
from bot.service.play import premoves
from bot.service.replies import Button, Post, Reply, is_computer
from bot.service.text.describer import said
from bot.service.text.markdown import escape
from bot.words import words
from games.core import Outcome
from storage.base import CLOSED_STATUSES, ActionRecord, MatchRecord, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.play.boards import Boards


class Judge(Protocol):
    """What a draw offer to the computer asks of it: its winning chance in the position
    (:meth:`bot.service.computer.reviews.Reviews.chance` answers it). A protocol here, so play
    never imports the computer, which sits over it."""

    async def chance(self, record: MatchRecord, view: Mapping[str, Any], seat: int) -> float: ...


DRAW_THRESHOLD = 0.5
"""A computer accepts a draw when its own winning chance is at most this: not ahead."""


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


class Endings(OnCore):
    """The reader, the presenter, the transitions and the clocks; the store for the log."""

    def __init__(self, core: Core, boards: Boards, *, judge: Judge | None = None) -> None:
        super().__init__(core)
        self.boards = boards
        self.judge = judge
        """Judges a position for a computer answering a draw offer (None: it never does)."""

    @guarded
    async def ask_resign(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """``/match resign`` typed: the question, with the one button that resigns. Phones
        make misclicks easy and a resignation is final, so every front end asks first (the
        button, or the console's ``confirm:true``, calls :meth:`resign`)."""
        record = await self.reader.find(actor, match_id, where)
        if record.status in CLOSED_STATUSES:
            raise Refusal("errors.closed", match=record.id, status=match_status(record.status))
        loaded = self.reader.load(record)
        if self.reader.seat_of(record, actor) not in self._active_seats(loaded):
            raise Refusal("resign.already_left")
        say = words(actor.locale)
        return Reply(
            text=say("resign.confirm", match=record.id),
            buttons=(Button(say("resign.confirm_button"), "resign", "danger"),),
            match_id=record.id,
        )

    @guarded
    async def resign(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Resign at once: the confirming press (see :meth:`ask_resign`)."""
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where)
        loaded = self.reader.load(record)
        seat = self.reader.seat_of(record, actor)
        # the reason is stored with the result and shown to everyone: the server's language
        shared = words(await self.reader.match_language(record))
        names = await self.reader.player_names(record, shared.language)
        return await self._drop(
            loaded,
            seat,
            "resignation",
            shared("resign.reason", player=names[seat]),
            shared("resign.line", player=names[seat]),
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
        ending = rules.outcome(remaining)
        meta = {**record.meta, "dropped": [*record.meta.get("dropped", []), seat]}
        meta = await self.clocks.after_change(record, rules, loaded.state, remaining, meta, now)
        done = await self.transitions.commit(
            record,
            MatchUpdate(state=rules.dump(remaining), meta=meta),
            append=[entry],
            outcome=ending,
            now=now,
        )
        after = Loaded(done.record, rules, remaining)
        shared = await self.reader.shared(done.record)
        told = [
            said(shared, notice) for notice in rules.presentation.notices(loaded.state, remaining)
        ]
        lines = [line, *told, *done.rating_lines]
        return await self.boards.turn_reply(
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
        post = await self.boards.board_post(after, lines, ping=True)
        return Reply(text=done_text or words()("common.done"), post=post, match_id=record.id)

    @guarded
    async def draw(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Offer a draw, or accept the opponent's standing offer."""
        record, seat, offer = await self._agreement(actor, match_id, where, "draw")
        if offer is not None and offer != seat:
            return await self.finish_by_agreement(actor, record)
        if offer == seat:
            raise Refusal("draw.already_offered")
        if (machine := self._computer_opposite(record, seat)) is not None and self.judge:
            return await self._computer_answers_draw(actor, record, machine)
        return await self._propose(
            actor, record, "draw", {"draw_offer": seat}, player=escape(actor.name), match=record.id
        )

    async def _agreement(
        self, actor: User, match_id: int | None, where: str | None, kind: str
    ) -> tuple[MatchRecord, int, Any]:
        """The match, the caller's seat and the standing proposal of ``kind`` (draw, undo).

        Agreements need every opponent's consent; with hidden cards and several players an
        undo would also re-deal secrets, so these stay two-player features."""
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where)
        if len(record.seats) > 2:
            raise Refusal(PROPOSALS[kind].two_players_only)
        return record, self.reader.seat_of(record, actor), record.meta.get(PROPOSALS[kind].meta_key)

    async def finish_by_agreement(self, actor: User, record: MatchRecord) -> Reply:
        loaded = self.reader.load(record)
        shared = words(await self.reader.match_language(record))
        outcome = Outcome(winners=(), termination="agreement", reason=shared("draw.agreed"))
        return await self._finish(
            loaded,
            outcome,
            [shared("draw.accepted", player=escape(actor.name))],
            words(actor.locale)("common.done"),
        )

    @guarded
    async def undo(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Ask to take back your last turn, or agree to the opponent's request."""
        record, seat, request = await self._agreement(actor, match_id, where, "undo")
        if request is not None and request["seat"] != seat:
            return await self.do_undo(actor, record)
        if request is not None:
            raise Refusal("undo.already_asked")
        live = await self.reader.live_actions(record.id)
        if not live:
            raise Refusal("undo.nothing")
        last = live[-1]
        if last.seat != seat:
            await self._explain_no_undo(record, seat, live, actor.locale)
        pending = {"undo_request": {"seat": seat, "turn": last.detail.get("turn")}}
        if (machine := self._computer_opposite(record, seat)) is not None:
            return await self._computer_answers_undo(actor, record, machine, pending)
        return await self._propose(
            actor, record, "undo", pending, player=escape(actor.name), move=last.notation
        )

    async def _explain_no_undo(
        self, record: MatchRecord, seat: int, live: Sequence[ActionRecord], locale: object
    ) -> None:
        """Why an undo asked on one's own turn cannot be: the opponent has already answered
        the asker's last move (named, with who answered), or the asker has not moved yet."""
        mine = [a for a in live if a.seat == seat and a.notation != DROP]
        if not mine:
            raise Refusal("undo.not_moved", match=record.id)
        turn = mine[-1].detail.get("turn")
        shown = " ".join(
            a.detail.get("public", a.notation) for a in mine if a.detail.get("turn") == turn
        )
        names = await self.reader.player_names(record, locale)
        raise Refusal("undo.replied", player=names[live[-1].seat], move=shown)

    @staticmethod
    def _computer_opposite(record: MatchRecord, seat: int) -> int | None:
        """The computer's seat facing ``seat`` in a two-player match, if it is one."""
        other = 1 - seat
        return other if is_computer(record.seats[other]) else None

    async def _computer_name(self, record: MatchRecord, seat: int, locale: object) -> str:
        return (await self.reader.player_names(record, locale))[seat]

    async def _computer_answers_draw(self, actor: User, record: MatchRecord, machine: int) -> Reply:
        """Accept when not ahead (:data:`DRAW_THRESHOLD`), else decline; see the module."""
        assert self.judge is not None
        loaded = self.reader.load(record)
        chance = await self.judge.chance(record, loaded.rules.view(loaded.state, None), machine)
        shared = words(await self.reader.match_language(record))
        say = words(actor.locale)
        name = await self._computer_name(record, machine, say.language)
        named = await self._computer_name(record, machine, shared.language)  # in the thread
        if chance <= DRAW_THRESHOLD:
            outcome = Outcome(winners=(), termination="agreement", reason=shared("draw.agreed"))
            return await self._finish(
                loaded, outcome, [shared("draw.computer_accepts", player=named)],
                say("draw.computer_accepts", player=name),
            )  # fmt: skip
        percent = round(100 * chance)
        return Reply(
            text=say("draw.computer_declines", player=name, chance=percent),
            post=Post(text=shared("draw.computer_declines", player=named, chance=percent)),
            match_id=record.id,
        )

    async def _computer_answers_undo(
        self, actor: User, record: MatchRecord, machine: int, pending: dict[str, Any]
    ) -> Reply:
        """Decline in a rated game, allow in an unrated one; see the module."""
        name = await self._computer_name(record, machine, actor.locale)
        if record.meta.get("rated", False):
            shared = words(await self.reader.match_language(record))
            named = await self._computer_name(record, machine, shared.language)  # the thread's
            return Reply(
                text=words(actor.locale)("undo.computer_declines", player=name),
                post=Post(text=shared("undo.computer_declines", player=named)),
                match_id=record.id,
            )
        done = await self.transitions.commit(record, MatchUpdate(meta={**record.meta, **pending}))
        machine_user = User(record.seats[machine], name)
        reply = await self.do_undo(machine_user, done.record)
        return replace(reply, text=words(actor.locale)("undo.computer_accepts", player=name))

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
        shared = words(await self.reader.match_language(record))
        meta = {**record.meta, **pending}
        await self.transitions.commit(record, MatchUpdate(meta=meta))
        others = tuple(uid for uid in record.seats if uid != actor.id)
        return Reply(
            text=words(actor.locale)(words_of.ack),
            post=Post(
                text=shared(words_of.post, **params),
                ping=shared(words_of.question, **params),
                mentions=others,
                buttons=(
                    Button(shared(words_of.yes), "accept", "success"),
                    Button(shared(words_of.no), "decline", "danger"),
                ),
            ),
            match_id=record.id,
        )

    async def do_undo(self, actor: User, record: MatchRecord) -> Reply:
        rules = games.get(record.game)
        live = await self.reader.live_actions(record.id)
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
        shared = words(await self.reader.match_language(record))
        lines = [shared("undo.done_line", player=escape(actor.name), moves=taken)]
        return await self.boards.turn_reply(loaded, lines, words(actor.locale)("undo.done"), before)

    async def timeout(self, record: MatchRecord, seat: int) -> Reply:
        loaded = self.reader.load(record)
        shared = words(await self.reader.match_language(record))
        names = await self.reader.player_names(record, shared.language)
        reason = shared("clock.ran_out", player=names[seat])
        return await self._drop(loaded, seat, "timeout", reason, f"⏰ {reason}")

    async def flag_fell(self, record: MatchRecord, seat: int, locale: str = "en") -> Reply | None:
        """A move that arrives after its player's clock ran out (the scheduler had not looked
        yet, or the bot was down) loses on time instead of being played."""
        clocks = self.clocks.of(record)
        if clocks is None:
            return None
        if seat not in tc.expired(clocks, self.clock(), await self.clocks.vacations(record)):
            return None
        done = await self.timeout(record, seat)
        return replace(done, text=words(locale)("clock.too_late"))
