"""Computer opponents at the table: who they are, when they move, and ``/hint``.

A computer seat is an ordinary seat held by a reserved user id, ``ai:<level>:<n>``: the level
travels with the seat, so a restart knows how hard each computer plays without any other
record, and a FENCE! table can hold several computers (``n`` tells them apart). Nothing about
a pending computer turn is kept in memory either: a computer is "to move" exactly when the
stored position says its seat is, so the scheduler's tick finds and resumes every such turn
after a restart.

Why the computer moves through :meth:`bot.service.play.moves.Moves.move`: its turn then passes
the same guards as a person's (one transition, the version it read, the clocks, the
closed-match guard), and if anything changed while it thought — an undo, a resignation, a
second process that moved first — the stale version refuses the move instead of playing it
into a new position.

The search itself runs in the search pool (:meth:`bot.service.match.workers.Workers.search`), one
step at a time, and sees only ``rules.view(state, its seat)``: for FENCE! no other player's
cards. All the steps of one turn are thought out first and played as one typed line, so the
thread gets one post per computer turn, not one per step.

When a computer is to move, its match is *queued* (:mod:`bot.service.computer.queue`): by the
front end after a person's move, by the scheduler's tick for every due one (which is how a
restart finds them). :meth:`Opponents.serve_computer_turns` plays the queue, one person
after another, one computer turn per turn in the queue, as many at once as there are search
processes; the tick itself never waits for a search. The console plays its computer's answer
at once instead (:meth:`Opponents.computer_turns`), so a script's output never depends on
timing.

Decisions where the issue is silent:

* Computer matches start at once (nobody to accept). One rule for every game with a computer
  seat, two-player or a FENCE! lobby (:func:`rated_game`): it is unrated unless its creator
  asks ``rated:true`` — a practice game should cost nobody rating points, and a creator who
  wants the result counted says so. When rated, every seat is rated as in any game: the
  computer's rating is kept per seat id (level and number) like a player's.
* The seed of each search is derived from the match's seed and version, so the same position
  of the same match always gets the same reply — a restart in mid-thought changes nothing.
* ``/hint`` is for running unrated matches only (by the rule above: games with the computer
  unless asked ``rated:true``, games between people started ``rated:false``), for the
  player to move, and thinks at the easy level's budget (a hint should come quickly, and
  should not play the game for you);
  each server bounds the hints a player gets an hour (:mod:`bot.service.match.limits`). It is a
  search, so it runs in the search pool: it may wait for the one step being searched there,
  and no person's board ever waits for it.
* A computer turn of several steps (a Fonver capture chain) counts as one turn in the
  queue: it is one post, and the steps are searched back to back.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ai
import games
from bot.service.base import Refusal, User, guarded
from bot.service.computer.levels import AUTO, AUTO_PREFIX, CHOICES
from bot.service.computer.queue import ComputerTurnQueue, owner_of
from bot.service.match.clock import timecontrol as tc
from bot.service.match.meta import has_computer
from bot.service.match.transition import public_version
from bot.service.match.wiring import OnCore
from bot.service.replies import COMPUTER_PREFIX, Reply, is_computer
from bot.service.text.command_map import choice_list
from bot.service.text.computer_names import computer_name
from bot.words import words
from storage.base import ACTIVE, MatchRecord, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.play.moves import Moves

log = logging.getLogger(__name__)

LEVELS = tuple(ai.LEVELS)
COMPUTER_WORDS = frozenset({"ai", "computer", "bot", "cpu"})
"""What a console player may type as ``opponent:`` to play the computer."""


def computer(level: str = "normal", number: int = 1) -> User:
    """The computer player at ``level``; ``auto`` is a seat still to be given its level
    (:mod:`bot.service.computer.levels`), which the use case seating it resolves first."""
    if level not in CHOICES:
        raise Refusal("computer.bad_level", levels=choice_list(CHOICES), level=repr(level))
    user_id = f"{AUTO_PREFIX}{number}" if level == AUTO else f"{COMPUTER_PREFIX}{level}:{number}"
    return User(user_id, computer_name(user_id, words()) or user_id)  # stored: English


def level_of(user_id: str) -> str:
    level = user_id.removeprefix(COMPUTER_PREFIX).split(":", 1)[0]
    return level if level in ai.LEVELS else "normal"


def rated_game(asked: bool | None, with_computer: bool) -> bool:
    """Whether a game is rated: as its creator asked (``rated:``), else rated between people
    and unrated with a computer seat — the one rule for ``/play`` against the computer and a
    lobby a computer joins, which the hint refusal (``computer.hint_rated``) states."""
    if asked is not None:
        return asked
    return not with_computer


def computer_to_move(record: MatchRecord) -> bool:
    """Whether a computer seat must act in ``record`` now (reads the stored position)."""
    if record.status != ACTIVE or not has_computer(record):
        return False
    rules = games.get(record.game)
    state = rules.load(record.state)
    return any(is_computer(record.seats[s]) for s in rules.to_move(state))


Deliver = Callable[[list[Reply]], Awaitable[None]]
"""How a front end posts the replies of one computer turn (Discord: to the match thread)."""


def think(game: str, view: dict[str, Any], seat: int, level: str, seed: int, seconds: float) -> str:
    """The work sent to a worker process: a top-level function of plain values."""
    return ai.choose(game, view, seat, level=level, seed=seed, budget_s=seconds)


def fingerprint(view: Mapping[str, Any]) -> str:
    """A short stable digest of a view, for the log line of a search fault: the operator
    finds the position from the match id, its version and the step, and the digest confirms
    it is the one the search was given. Digested from the *public* view, because a digest
    of the seat's own view could be matched against guessed hands (ruling 29 keeps cards
    out of logs)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _search_seed(record: MatchRecord, step: int) -> int:
    return (record.seed * 1_000_003 + record.version * 101 + step) % 2**31


class Opponents(OnCore):
    """Computer turns and hints: the reader, the moves (a computer moves like a person), the
    workers (the search runs there), the limits (hints an hour), the queue of due computer
    turns, and what the queue's due marks need (the clock keeper and the reminders to see a
    clock's next event, the transitions to move a wrong mark); the store to find the matches
    whose computer is to move."""

    def __init__(
        self,
        core: Core,
        moves: Moves,
        computer_seconds: dict[str, float] | None = None,
    ) -> None:
        super().__init__(core)
        self.moves = moves
        self.reminders = core.reminders
        self.computer_queue = ComputerTurnQueue()
        """Computer turns due, waiting for a search (:mod:`bot.service.computer.queue`)."""
        self.computer_seconds = {**ai.LEVELS, **(computer_seconds or {})}
        """Seconds of thought per computer move at each level."""
        self.computer_turn_limit = 64
        """Most steps one computer turn (and turns in a row) may take: a guard, never reached."""
        self._thinking: set[int] = set()
        """Matches whose computer turn this process is working out now."""
        self.search_faults: Counter[str] = Counter()
        """Searches that raised (or answered an illegal step), per game, since the start:
        each is logged with its traceback and played around (:meth:`_plan_computer_turn`)."""

    async def computer_turns(self, match_id: int | None = None) -> list[Reply]:
        """Let every computer whose seat is to move play, until a person is to move or the
        match ends, now: the console's answer right after a move (the bot queues the turn
        instead, :meth:`queue_computer_turn`). Without ``match_id``: every active match.
        Each reply carries the thread post of one computer turn."""
        if match_id is not None:
            found = await self.store.get_match(match_id)
            records = [found] if found is not None else []
        else:
            records = await self.store.list_matches(statuses=(ACTIVE,))
        replies: list[Reply] = []
        for record in records:
            if record.status != ACTIVE or not has_computer(record):
                continue
            if record.id in self._thinking:
                continue  # already thinking about it (a tick and a move's follow-up at once)
            self._thinking.add(record.id)
            try:
                replies.extend(await self._play_computer_turns(record.id))
            except Exception:
                log.exception("the computer could not move in match %s", record.id)
            finally:
                self._thinking.discard(record.id)
        return replies

    def queue_computer_turn(self, record: MatchRecord) -> bool:
        """Queue the match's computer turn if a computer is to move in ``record`` (read after
        the last move); False when none is, or the match is queued or being played already."""
        if not computer_to_move(record):
            return False
        return self.computer_queue.put(record.id, owner_of(record))

    async def queue_computer_turn_of(self, match_id: int) -> None:
        """:meth:`queue_computer_turn` for a match named by id (a front end after a move)."""
        record = await self.store.get_match(match_id)
        if record is not None:
            self.queue_computer_turn(record)

    def queue_due_computer_turn(self, record: MatchRecord, now: float) -> bool:
        """The tick's test for a due match: True when it is queued as a computer turn.

        A match with a computer seat whose clock has nothing due is due because a computer
        is to move (the commit that made it so marked it due then): it is queued without
        reading its position, which costs a validated load (about a millisecond each, and a
        tick may meet hundreds). The player reads the position anyway; if a person turns out
        to be the one to move, it puts the clock's own moment back (:meth:`_play_queued`)."""
        if not has_computer(record):
            return False
        clocks = self.clocks.of(record)
        event = tc.next_event(clocks, self.reminders) if clocks is not None else None
        if event is None or event > now:
            self.computer_queue.put(record.id, owner_of(record))
            return True
        return self.queue_computer_turn(record)

    def thinking_about(self, match_id: int) -> bool:
        """Whether this process is working out the match's computer turn now."""
        return match_id in self._thinking

    def working_on(self) -> frozenset[int]:
        """Matches whose computer turn is queued or being worked out now: the tick leaves
        them alone (they stay due until played)."""
        return self.computer_queue.queued() | self._thinking

    async def serve_computer_turns(self, deliver: Deliver) -> None:
        """Play queued computer turns until cancelled, one per search process at a time, and
        hand each turn's replies to ``deliver``. Started once by a front end that has a
        scheduler (Discord); searches then never hold up the tick, nor each other's people."""

        async def player() -> None:
            while True:
                match_id = await self.computer_queue.get()
                replies = await self._play_queued(match_id)
                if not replies:
                    continue
                try:
                    await deliver(replies)
                except Exception:
                    log.exception("posting the computer's move failed (match %s)", match_id)

        await asyncio.gather(*(player() for _ in range(self.workers.searches_at_once)))

    async def play_queued_computer_turns(self) -> list[Reply]:
        """Play everything queued now, in the queue's order, and return the replies: the
        console's scheduler (after ``!clock``) and tests, where nothing runs in the
        background."""
        replies: list[Reply] = []
        while (match_id := self.computer_queue.take()) is not None:
            replies.extend(await self._play_queued(match_id))
        return replies

    async def _play_queued(self, match_id: int) -> list[Reply]:
        """One computer turn of a match taken from the queue; the match goes back to the end
        of its person's line when another computer turn follows (a FENCE! table with several
        computers), so a table of computers is one search at a time like everyone else."""
        more = False
        replies: list[Reply] = []
        if match_id in self._thinking:  # this process plays it already (the console's answer)
            self.computer_queue.done(match_id)
            return replies
        self._thinking.add(match_id)
        try:
            replies = await self._play_computer_turns(match_id, turns=1)
            after = await self.store.get_match(match_id)
            if after is not None and after.status == ACTIVE:
                to_move = computer_to_move(after)
                # Again at once only after a turn was played: a turn that could not be
                # played (its move refused) waits for the next tick, not a search in a loop.
                more = bool(replies) and to_move
                if not replies and not to_move:
                    await self._due_again(after)
        except Exception:
            log.exception("the computer could not move in match %s", match_id)
        finally:
            self._thinking.discard(match_id)
            self.computer_queue.done(match_id, again=more)
        return replies

    async def _due_again(self, record: MatchRecord) -> None:
        """Queued on a due mark that was not a computer's turn (a person is to move): the
        match is due again when its clock next says, or the tick would queue it forever."""
        now = self.clock()
        if record.due_at is not None and record.due_at <= now:
            await self.transitions.reschedule(
                record, self.transitions.due_at(record, MatchUpdate(), now)
            )

    async def _play_computer_turns(self, match_id: int, turns: int | None = None) -> list[Reply]:
        replies: list[Reply] = []
        for _ in range(turns or self.computer_turn_limit):
            record = await self.store.get_match(match_id)
            if record is None or record.status != ACTIVE:
                break
            planned = await self._plan_computer_turn(record)
            if planned is None:
                break
            uid, text = planned
            player = User(uid, (await self.store.user_name(uid)) or uid)
            current = public_version(record)
            reply = await self.moves.move(player, text, match_id=record.id, version=current)
            if not reply.ok:
                log.warning("computer move %r refused in match %s: %s", text, match_id, reply.text)
                break
            replies.append(replace(reply, text=""))
        return replies

    async def _plan_computer_turn(self, record: MatchRecord) -> tuple[str, str] | None:
        """(the computer's user id, its whole turn as one typed line), or None when no
        computer is to move. Each step is searched from the view the computer has then."""
        loaded = self.reader.load(record)
        rules, state = loaded.rules, loaded.state
        seats = [s for s in rules.to_move(state) if is_computer(record.seats[s])]
        if not seats or rules.outcome(state) is not None:
            return None
        seat = seats[0]
        uid = record.seats[seat]
        level = level_of(uid)
        steps: list[str] = []
        current = state
        while True:
            try:
                notation = await self.workers.search(
                    think,
                    record.game,
                    rules.view(current, seat),
                    seat,
                    level,
                    _search_seed(record, len(steps)),
                    self.computer_seconds[level],
                )
                action = rules.parse(current, notation)
            except Exception:
                # A fault in the search is a bug to fix, never to hide: logged with its
                # traceback and counted. Only then, for the players' sake, the match goes on
                # with the first legal step rather than stall.
                self.search_faults[record.game] += 1
                log.exception(
                    "the computer's search failed (%s, match %s, version %s, seat %s, step %s,"
                    " view %s; fault %s of this game since the start): playing the first"
                    " legal step instead",
                    record.game,
                    record.id,
                    record.version,
                    seat,
                    len(steps),
                    fingerprint(rules.view(current, None)),
                    self.search_faults[record.game],
                )
                action = rules.legal_actions(current)[0]
            after = rules.apply(current, action)
            steps.append(rules.format(current, action))
            if (
                rules.turn_ended(current, after)
                or rules.outcome(after) is not None
                or seat not in rules.to_move(after)
                or len(steps) >= self.computer_turn_limit
            ):
                break
            current = after
        return uid, rules.step_separator.join(steps)

    @guarded
    async def hint(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The computer's suggestion for the caller's next step, privately."""
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where, statuses=(ACTIVE,))
        if record.status != ACTIVE:  # a match named by id may be over, or not begun
            raise Refusal("computer.hint_not_running", match=record.id)
        if record.meta.get("rated", False):
            raise Refusal("computer.hint_rated", match=record.id)
        loaded = self.reader.load(record)
        seat = self.reader.seat_of(record, actor)
        if seat not in loaded.rules.to_move(loaded.state):
            raise Refusal("computer.hint_not_your_turn")
        await self.limits.hint(actor, record.guild_id)  # last: a refused ask costs nothing
        notation = await self.workers.search(
            think,
            record.game,
            loaded.rules.view(loaded.state, seat),
            seat,
            "easy",
            _search_seed(record, 0),
            self.computer_seconds["easy"],
        )
        return Reply(
            text=words(actor.locale)("computer.hint", move=notation, match=record.id),
            match_id=record.id,
        )
