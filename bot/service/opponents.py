"""Computer opponents at the table: who they are, when they move, and ``/hint``.

A computer seat is an ordinary seat held by a reserved user id, ``ai:<level>:<n>``: the level
travels with the seat, so a restart knows how hard each computer plays without any other
record, and a FENCE! table can hold several computers (``n`` tells them apart). Nothing about
a pending computer turn is kept in memory either: a computer is "to move" exactly when the
stored position says its seat is, so the scheduler's tick finds and resumes every such turn
after a restart.

Why the computer moves through :meth:`bot.service.moves.Moves.move`: its turn then passes
the same guards as a person's (one transition, the version it read, the clocks, the
closed-match guard), and if anything changed while it thought — an undo, a resignation, a
second process that moved first — the stale version refuses the move instead of playing it
into a new position.

The search itself runs in the worker pool (:class:`bot.service.workers.Workers`), one step
at a time, and sees only ``rules.view(state, its seat)``: for FENCE! no other player's cards.
All the steps of one turn are thought out first and played as one typed line, so the thread
gets one post per computer turn, not one per step.

Decisions where the issue is silent:

* Computer matches start at once (nobody to accept) and are unrated unless ``rated:true``;
  the computer's rating, when rated, is kept per level like a player's.
* The seed of each search is derived from the match's seed and version, so the same position
  of the same match always gets the same reply — a restart in mid-thought changes nothing.
* ``/hint`` is for running unrated matches only, for the player to move, and thinks at the
  easy level's budget (a hint should come quickly, and should not play the game for you);
  each server bounds the hints a player gets an hour (:mod:`bot.service.limits`).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ai
from bot.service.base import Refusal, User, guarded
from bot.service.replies import COMPUTER_PREFIX, Reply, is_computer
from bot.words import words
from storage.base import ACTIVE, MatchRecord, Store

if TYPE_CHECKING:
    from bot.service.limits import Limits
    from bot.service.moves import Moves
    from bot.service.reader import MatchReader
    from bot.service.workers import Workers

log = logging.getLogger(__name__)

LEVELS = tuple(ai.LEVELS)
COMPUTER_WORDS = frozenset({"ai", "computer", "bot", "cpu"})
"""What a console player may type as ``opponent:`` to play the computer."""


def computer(level: str = "normal", number: int = 1) -> User:
    if level not in ai.LEVELS:
        raise Refusal("computer.bad_level", levels=", ".join(LEVELS), level=repr(level))
    name = "Computer" if number == 1 else f"Computer {number}"
    return User(f"{COMPUTER_PREFIX}{level}:{number}", f"{name} ({level})")


def level_of(user_id: str) -> str:
    level = user_id.removeprefix(COMPUTER_PREFIX).split(":", 1)[0]
    return level if level in ai.LEVELS else "normal"


def has_computer(record: MatchRecord) -> bool:
    return any(is_computer(uid) for uid in record.seats)


def think(game: str, view: dict[str, Any], seat: int, level: str, seed: int, seconds: float) -> str:
    """The work sent to a worker process: a top-level function of plain values."""
    return ai.choose(game, view, seat, level=level, seed=seed, budget_s=seconds)


def _search_seed(record: MatchRecord, step: int) -> int:
    return (record.seed * 1_000_003 + record.version * 101 + step) % 2**31


class Opponents:
    """Computer turns and hints: the reader, the moves (a computer moves like a person), the
    workers (the search runs there) and the limits (hints an hour); the store to find the
    matches whose computer is to move."""

    def __init__(
        self,
        store: Store,
        reader: MatchReader,
        moves: Moves,
        workers: Workers,
        limits: Limits,
        computer_seconds: dict[str, float] | None = None,
    ) -> None:
        self.store = store
        self.reader = reader
        self.moves = moves
        self.workers = workers
        self.limits = limits
        self.computer_seconds = {**ai.LEVELS, **(computer_seconds or {})}
        """Seconds of thought per computer move at each level."""
        self.computer_turn_limit = 64
        """Most steps one computer turn (and turns in a row) may take: a guard, never reached."""
        self._thinking: set[int] = set()
        """Matches whose computer turn this process is working out now."""

    async def computer_turns(self, match_id: int | None = None) -> list[Reply]:
        """Let every computer whose seat is to move play, until a person is to move or the
        match ends. Without ``match_id``: every active match (the scheduler's resume after a
        restart). Each reply carries the thread post of one computer turn."""
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

    async def _play_computer_turns(self, match_id: int) -> list[Reply]:
        replies: list[Reply] = []
        for _ in range(self.computer_turn_limit):
            record = await self.store.get_match(match_id)
            if record is None or record.status != ACTIVE:
                break
            planned = await self._plan_computer_turn(record)
            if planned is None:
                break
            uid, text = planned
            player = User(uid, (await self.store.user_name(uid)) or uid)
            reply = await self.moves.move(player, text, match_id=record.id, version=record.version)
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
                notation = await self.workers.run(
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
                # A fault in the search must not stall the match: play the first legal step
                # (and say so in the log, where the fault can be fixed).
                log.exception("the computer's search failed in match %s", record.id)
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
        notation = await self.workers.run(
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
