"""Live updates: every open page hears within a second that its match changed.

A move can be made in any process — this one, the Discord bot, another web process — and
they share nothing but the database. So one task per web process (not one per match, not
one per page) keeps the public version of every match someone watches here and pushes each
new number to that match's pages (server-sent events); a page then fetches what it may see.

* **On PostgreSQL** changes are pushed: every change of a match's version is announced by
  the database (a trigger, ``NOTIFY``), this process ``LISTEN``s, and only the matches
  announced are read again — one small read per batch of announcements. A full look at every
  watched match every :data:`SAFETY_SECONDS` covers a lost listening connection.
* **Elsewhere (SQLite)** the task asks for the versions of *all* watched matches in one
  query every quarter of a second: cheap (primary-key lookups, one statement) and the same whether
  one page or ten thousand are open.

A move made through this process wakes its match at once in both cases.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
SAFETY_SECONDS = 15.0
"""With pushed news, how often every watched match is looked at anyway."""
GONE = -1
"""Pushed to a page's queue when its match is gone or the server is stopping."""

Versions = Callable[[Sequence[int]], Awaitable[dict[int, int]]]
Stop = Callable[[], Awaitable[None]]
Changes = Callable[[Callable[[int], None]], Awaitable[Stop | None]]


@dataclass
class _Watch:
    last: int
    queues: set[asyncio.Queue[int]] = field(default_factory=set)


class LiveHub:
    """The watched matches of one web process and their pages' queues; nothing is kept for
    a match nobody watches."""

    def __init__(
        self,
        versions: Versions,
        *,
        interval: float = POLL_SECONDS,
        changes: Changes | None = None,
    ) -> None:
        self._versions = versions
        self._changes = changes
        self.interval = interval
        self._watches: dict[int, _Watch] = {}
        self._dirty: set[int] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stop_listening: Stop | None = None
        self._closed = False
        self.pushed = False
        """Whether the store pushes news of changes (else every watched match is polled)."""
        self.reads = 0
        """Version reads made so far (each one statement for any number of matches)."""

    @contextlib.asynccontextmanager
    async def subscribe(self, match_id: int, seen: int) -> AsyncIterator[asyncio.Queue[int]]:
        """A queue of the match's new versions, from ``seen`` on (as the page last read it)."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        if self._closed:
            queue.put_nowait(GONE)
            yield queue
            return
        await self._start()
        watch = self._watches.get(match_id)
        if watch is None:
            watch = self._watches[match_id] = _Watch(seen)
            self.poke(match_id)  # it may have changed since the page read it
        elif watch.last != seen:
            queue.put_nowait(watch.last)  # it changed between the page's read and now
        watch.queues.add(queue)
        try:
            yield queue
        finally:
            watch.queues.discard(queue)
            if not watch.queues and self._watches.get(match_id) is watch:
                del self._watches[match_id]

    def poke(self, match_id: int) -> None:
        """Look at ``match_id`` now: this process (or the database) says it changed."""
        if match_id in self._watches:
            self._dirty.add(match_id)
            self._wake.set()

    @property
    def watched(self) -> int:
        return len(self._watches)

    @property
    def pages(self) -> int:
        return sum(len(w.queues) for w in self._watches.values())

    async def _start(self) -> None:
        if self._task is not None:
            return
        self._task = asyncio.create_task(self._run(), name="live-pages")
        if self._changes is not None:
            try:
                self._stop_listening = await self._changes(self.poke)
            except Exception:
                log.warning("live updates: no news from the database; polling", exc_info=True)
            self.pushed = self._stop_listening is not None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        last_full = loop.time()
        while True:
            wait = SAFETY_SECONDS if self.pushed else self.interval
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()
            now = loop.time()
            if not self.pushed or now - last_full >= SAFETY_SECONDS:
                wanted, last_full = list(self._watches), now
                self._dirty.clear()
            else:
                wanted = [m for m in self._dirty if m in self._watches]
                self._dirty.clear()
            if wanted:
                await self._look(wanted)

    async def _look(self, match_ids: list[int]) -> None:
        try:
            found = await self._versions(match_ids)
        except Exception:
            log.warning("live updates: reading %s matches failed", len(match_ids), exc_info=True)
            return
        self.reads += 1
        for match_id in match_ids:
            watch = self._watches.get(match_id)
            version = found.get(match_id, GONE)
            if watch is None or version == watch.last:
                continue
            watch.last = version
            for queue in list(watch.queues):
                queue.put_nowait(version)

    async def close(self) -> None:
        """Stop looking and end every page's stream (the server is stopping)."""
        self._closed = True
        await stopped(self._task)
        self._task = None
        if self._stop_listening is not None:
            with contextlib.suppress(Exception):
                await self._stop_listening()
        for watch in list(self._watches.values()):
            for queue in watch.queues:
                queue.put_nowait(GONE)
        self._watches.clear()


async def stopped(task: asyncio.Task[None] | None) -> None:
    """Cancel ``task`` and wait until it has stopped: a task only cancelled is still pending
    when the server's loop closes, and its "Task was destroyed but it is pending!" error then
    lands in whatever runs next."""
    if task is None or task.done():
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


HANGUP_SECONDS = 0.1
"""How soon a closed page's stream is noticed, and its place in the limits given back."""


class Hangups:
    """Streams whose page went away, noticed at once rather than at the next write.

    aiohttp runs a handler on after its client hung up (unless the whole server cancels
    handlers, which would also cut a move short between its commit and its thread post), and
    a quiet stream writes only every :data:`~bot.web.app.KEEP_ALIVE_SECONDS`: until then a
    reloaded page's old stream would keep its place under the per-link and per-address caps
    and lock the player out. So one task per web process looks at every open stream's
    connection every :data:`HANGUP_SECONDS` (a flag read each, however many are open) and ends
    those that closed by handing their queue :data:`GONE`; it runs only while streams are open.
    """

    def __init__(self, interval: float = HANGUP_SECONDS) -> None:
        self.interval = interval
        self._open: dict[asyncio.Queue[int], Callable[[], bool]] = {}
        self._task: asyncio.Task[None] | None = None

    @contextlib.contextmanager
    def watch(self, queue: asyncio.Queue[int], closed: Callable[[], bool]) -> Iterator[None]:
        """While inside, ``queue`` gets :data:`GONE` once ``closed()`` says the page left."""
        self._open[queue] = closed
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="live-hangups")
        try:
            yield
        finally:
            self._open.pop(queue, None)

    async def _run(self) -> None:
        while self._open:
            await asyncio.sleep(self.interval)
            for queue, closed in list(self._open.items()):
                if closed():
                    del self._open[queue]
                    queue.put_nowait(GONE)

    async def close(self) -> None:
        await stopped(self._task)
        self._task = None
