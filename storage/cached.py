"""The service's per-request cache: one command reads each thing once.

Why: a move asked the store about fourteen times — names four times, the match, its log and
settings twice each — because each collaborator (the reader, the presenter, the notifier, the
clocks) asks for what it needs, as it should: handing each one the others' answers would tangle
them. Instead the store they share remembers, for the length of one command, what it has read,
and the first read of a match brings along what the rest of the command asks next
(:meth:`storage.base.Store.read_match`: the end of its log, its players' names and settings, the
outages) in the same round trip.

What keeps it honest:

* **One request, one task.** It remembers only inside :func:`request` (the service opens one
  around each command) and only for the task that opened it; everywhere else every call goes
  straight to the store. Nothing read for one command is ever served to another, nor to a task
  the command started.
* **Writes go through and correct what they touch.** A commit keeps the record it returns (what
  the database holds now) and extends the log it read with the rows it appended; saved
  settings, a moved deadline and a heartbeat (which may add an outage) are forgotten, to be read
  again if asked. A write that fails forgets everything read so far, so the retry of a command
  (a busy file, ratings that moved) starts from fresh reads.
* **The guards stay where they were.** A versioned write still names the version the command
  read, and the store still refuses it when another process changed the match meanwhile
  (:class:`storage.base.StaleVersion`): a cached read can make a command's answer refused,
  never wrong. Ratings are never cached: a finishing commit checks them against what it read.
* **Copies out.** Everything handed out is a copy, so a caller changing a record cannot change
  what the next caller gets (the stores' own promise, ``tests/storage/test_isolation.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from storage.base import RECENT_ACTIONS, ActionRecord, LogTail, MatchReading, MatchRecord
from storage.integrity import CheckedCommit, NewMatch, clean_text, from_json, to_json
from storage.wrapped import Forwarding

T = TypeVar("T")


@dataclass
class _Reads:
    """What one request has read from one store (and what its own writes left there)."""

    matches: dict[int, MatchRecord] = field(default_factory=dict)
    threads: dict[str, int] = field(default_factory=dict)
    logs: dict[int, LogTail] = field(default_factory=dict)
    names: dict[str, str | None] = field(default_factory=dict)
    """None: the user has no name (or no row)."""
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)
    """``{}``: the user has no settings."""
    guilds: dict[str, dict[str, Any]] = field(default_factory=dict)
    locales: dict[str, str | None] = field(default_factory=dict)
    """None: the user has no client language kept."""
    outages: tuple[float, list[tuple[float, float]]] | None = None
    """The outages ending after the first number, as read."""

    def learn(self, reading: MatchReading, people: Sequence[str]) -> None:
        record = reading.record
        self.matches[record.id] = record
        self.logs[record.id] = reading.log
        for user_id in people:
            self.names[user_id] = reading.names.get(user_id)
            self.settings[user_id] = reading.settings.get(user_id, {})
            self.locales[user_id] = reading.locales.get(user_id)
        if self.outages is None or record.created_at < self.outages[0]:
            self.outages = (record.created_at, list(reading.outages))


class _Request:
    """One command's reads, for the task that opened it and only until it ends."""

    def __init__(self) -> None:
        self.owner = _current_task()
        self.ended = False
        self.reads: dict[int, _Reads] = {}
        """By the ``id`` of the :class:`CachedStore` that read them (a test may run two
        services, on two stores, in one command)."""

    def serving(self) -> bool:
        return not self.ended and _current_task() is self.owner


_REQUEST: ContextVar[_Request | None] = ContextVar("store_request", default=None)


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no event loop running: a plain call, never inside a request
        return None


@contextlib.contextmanager
def request() -> Iterator[None]:
    """Remember reads until the block ends. Inside a request already (a command calling
    another), the block shares the request it is in."""
    current = _REQUEST.get()
    if current is not None and current.serving():
        yield
        return
    made = _Request()
    token = _REQUEST.set(made)
    try:
        yield
    finally:
        made.ended = True
        _REQUEST.reset(token)


def _fresh(value: T) -> T:
    """A deep copy of plain data and records (pickle: exact types, C speed)."""
    copied: T = pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return copied


async def _known(
    memo: dict[str, str | None],
    fetch: Callable[[Sequence[str]], Awaitable[dict[str, str]]],
    user_ids: Sequence[str],
) -> dict[str, str]:
    """The users' values (names, locales) with one read for those not yet in ``memo``; a user
    the store has none for is remembered as None, so they are not asked for again."""
    wanted = list(dict.fromkeys(user_ids))
    if missing := [u for u in wanted if u not in memo]:
        found = await fetch(missing)
        memo.update({u: found.get(u) for u in missing})
    return {u: value for u in wanted if (value := memo[u]) is not None}


def _as_stored(action: ActionRecord) -> ActionRecord:
    """An appended log row as the store reads it back (its detail through JSON)."""
    return ActionRecord(
        ply=action.ply,
        seat=action.seat,
        notation=action.notation,
        created_at=float(action.created_at),
        detail=from_json(to_json(action.detail, "detail")),
        undone=bool(action.undone),
    )


class CachedStore(Forwarding):
    """``inner``, remembering within each :func:`request` what it read; see the module."""

    def _reads(self) -> _Reads | None:
        current = _REQUEST.get()
        if current is None or not current.serving():
            return None
        return current.reads.setdefault(id(self), _Reads())

    async def _write(self, call: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        """A write handed on; if it fails, the request forgets everything it read."""
        try:
            return await call(*args, **kwargs)
        except BaseException:
            current = _REQUEST.get()
            if current is not None and current.serving():
                current.reads.pop(id(self), None)
            raise

    # -- matches ---------------------------------------------------------------------------
    async def _read_match(
        self, match_id: int | None, thread_id: str | None, users: Sequence[str], recent: int
    ) -> MatchReading | None:
        reading = await self.inner._read_match(match_id, thread_id, users, recent)
        reads = self._reads()
        if reading is not None and reads is not None:
            reads.learn(reading, [*reading.record.seats, *users])
            if thread_id is not None and match_id is None:
                reads.threads[thread_id] = reading.record.id
        return _fresh(reading) if reads is not None else reading

    async def get_match(self, match_id: int) -> MatchRecord | None:
        reads = self._reads()
        if reads is None:
            return await self.inner.get_match(match_id)
        if match_id not in reads.matches:
            reading = await self.inner.read_match(match_id)
            if reading is None:
                return None
            reads.learn(reading, reading.record.seats)
        return _fresh(reads.matches[match_id])

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        reads = self._reads()
        if reads is None:
            return await self.inner.find_by_thread(thread_id)
        found = reads.threads.get(thread_id)
        if found is None or found not in reads.matches:
            reading = await self.inner.read_match(thread_id=thread_id)
            if reading is None:
                return None
            reads.learn(reading, reading.record.seats)
            found = reads.threads[thread_id] = reading.record.id
        return _fresh(reads.matches[found])

    async def _create_match(self, new: NewMatch) -> MatchRecord:
        record = await self._write(self.inner._create_match, new)
        if (reads := self._reads()) is not None:
            reads.matches[record.id] = record
            reads.logs[record.id] = LogTail((), whole=True)
        return _fresh(record)

    async def _commit(
        self, match_id: int, expected_version: int, checked: CheckedCommit
    ) -> MatchRecord:
        record = await self._write(self.inner._commit, match_id, expected_version, checked)
        if (reads := self._reads()) is None:
            return record
        reads.matches[match_id] = record
        reads.threads = {t: m for t, m in reads.threads.items() if m != match_id}
        if record.thread_id:
            reads.threads[record.thread_id] = match_id
        if (tail := reads.logs.get(match_id)) is not None:
            undo = checked.undo_from_ply
            rows = [
                replace(a, undone=True) if undo is not None and a.ply >= undo else a
                for a in tail.rows
            ]
            appended = (_as_stored(a) for a in checked.append)
            reads.logs[match_id] = LogTail((*rows, *appended), tail.whole)
        return _fresh(record)

    async def _set_due(self, match_id: int, due_at: float | None) -> None:
        await self._write(self.inner._set_due, match_id, due_at)
        if (reads := self._reads()) is not None:
            reads.matches.pop(match_id, None)

    # -- the log ---------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        reads = self._reads()
        if reads is None:
            return await self.inner.actions(match_id, include_undone=include_undone)
        tail = reads.logs.get(match_id)
        if tail is None or not tail.whole:
            rows = await self.inner.actions(match_id, include_undone=True)
            tail = reads.logs[match_id] = LogTail(tuple(rows), whole=True)
        return _fresh([a for a in tail.rows if include_undone or not a.undone])

    async def recent_actions(self, match_id: int, rows: int = RECENT_ACTIONS) -> LogTail:
        reads = self._reads()
        if reads is None:
            return await self.inner.recent_actions(match_id, rows)
        tail = reads.logs.get(match_id)
        if tail is None or (not tail.whole and len(tail.rows) < rows):
            tail = reads.logs[match_id] = await self.inner.recent_actions(match_id, rows)
        cut = tail.rows[-rows:] if rows > 0 else ()
        return LogTail(_fresh(cut), whole=tail.whole and len(cut) == len(tail.rows))

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        """Written unless this request read that very name for the user already (a move
        reads its players' names with the match, so a player's every move need not write
        their unchanged name)."""
        reads = self._reads()
        if reads is not None and reads.names.get(user_id) == clean_text(name):
            return
        await self._write(self.inner.ensure_user, user_id, name, now)
        if reads is not None:
            reads.names[user_id] = clean_text(name)

    async def user_name(self, user_id: str) -> str | None:
        reads = self._reads()
        if reads is None or user_id not in reads.names:
            return await self.inner.user_name(user_id)
        return reads.names[user_id]

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        reads = self._reads()
        if reads is None:
            return await self.inner.user_names(user_ids)
        return await _known(reads.names, self.inner.user_names, user_ids)

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        reads = self._reads()
        if reads is None:
            return await self.inner.users_settings(user_ids)
        wanted = list(dict.fromkeys(user_ids))
        if missing := [u for u in wanted if u not in reads.settings]:
            found = await self.inner.users_settings(missing)
            reads.settings.update({u: found.get(u, {}) for u in missing})
        return _fresh({u: reads.settings[u] for u in wanted if reads.settings[u]})

    async def user_settings(self, user_id: str) -> dict[str, Any]:
        reads = self._reads()
        if reads is None:
            return await self.inner.user_settings(user_id)
        if user_id not in reads.settings:
            reads.settings[user_id] = await self.inner.user_settings(user_id)
        return _fresh(reads.settings[user_id])

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        await self._write(self.inner.save_user_settings, user_id, settings, now)
        if (reads := self._reads()) is not None:
            reads.settings.pop(user_id, None)

    # -- people: locale, quiet hours, challenge preferences, blocks -----------------------
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        reads = self._reads()
        if reads is None:
            return await self.inner.user_locales(user_ids)
        return await _known(reads.locales, self.inner.user_locales, user_ids)

    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        await self._write(self.inner.save_user_locale, user_id, locale, now)
        if (reads := self._reads()) is not None:
            reads.locales[user_id] = clean_text(locale) if locale else None

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        reads = self._reads()
        if reads is None:
            return await self.inner.guild_settings(guild_id)
        if guild_id not in reads.guilds:
            reads.guilds[guild_id] = await self.inner.guild_settings(guild_id)
        return _fresh(reads.guilds[guild_id])

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        await self._write(self.inner.save_guild_settings, guild_id, settings, now)
        if (reads := self._reads()) is not None:
            reads.guilds.pop(guild_id, None)

    # -- liveness --------------------------------------------------------------------------
    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        reads = self._reads()
        if reads is None:
            return await self.inner.outages(since)
        if reads.outages is None or since < reads.outages[0]:
            reads.outages = (since, await self.inner.outages(since))
        return [o for o in reads.outages[1] if o[1] > since]

    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        outage = await self._write(self.inner.mark_alive, now, starting=starting)
        if (reads := self._reads()) is not None:
            reads.outages = None
        return outage


def _forgetting_write(name: str) -> Callable[..., Awaitable[Any]]:
    """A write whose data the cache never holds: handed on, with the failure rule."""

    async def call(self: CachedStore, *args: Any, **kwargs: Any) -> Any:
        return await self._write(getattr(self.inner, name), *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


OTHER_WRITES = (
    "record_use", "request_review", "finish_review", "save_ratings", "create_tournament",
    "update_tournament", "add_notice", "drop_notices", "save_analysis",
    "update_tournament", "add_notice", "drop_notices", "set_block", "keep_live_messages",
    "keep_player_status",
)  # fmt: skip
"""Writes of what the cache never holds: handed on, forgetting the request's reads if they
fail (as every write does)."""
PASSED_THROUGH = frozenset({
    "list_matches", "due_matches", "match_versions", "watch_matches", "try_lead", "release_lead",
    "users_with_settings", "last_alive", "get_review", "pending_reviews", "rating", "ratings",
    "user_ratings", "rating_history", "get_tournament", "list_tournaments", "due_tournaments",
    "notices", "users_with_notices", "analysis",
    "blocked_by", "blockers_among", "played_together", "live_messages",
    "player_statuses",
})  # fmt: skip
"""Reads the cache leaves to the store every time: listings, ratings (a finishing commit checks
what it read), tournaments, reviews, notices, leadership. A store call added to the interface
must be put here, among :data:`OTHER_WRITES` or given a method of its own
(``tests/storage/test_cached.py`` holds the list complete)."""
for _name in OTHER_WRITES:
    setattr(CachedStore, _name, _forgetting_write(_name))
