"""Live updates: every open page hears within a second that its match changed.

Why polling: a move can be made in any process — this one, the Discord bot, another web
process — and they share nothing but the database. So each web process asks the service for
the version of every match someone is watching, every half second, once per match however
many pages show it, and pushes the new number to those pages (server-sent events); a page
then fetches what it may see. A move made through this process wakes its match at once.
PostgreSQL's LISTEN/NOTIFY would save the polling but needs a connection per process held
open, a channel in every write path and a different answer for SQLite; one indexed row read
per watched match per half second is cheap and the same on every store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
GONE = -1
"""Pushed to a page's queue when its match is gone or the server is stopping."""


@dataclass
class _Watch:
    match_id: int
    last: int | None
    queues: set[asyncio.Queue[int]] = field(default_factory=set)
    poked: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class LiveHub:
    """One poller per watched match, shared by all its pages; nothing kept for a match
    nobody watches."""

    def __init__(
        self,
        version: Callable[[int], Awaitable[int | None]],
        *,
        interval: float = POLL_SECONDS,
    ) -> None:
        self._version = version
        self.interval = interval
        self._watches: dict[int, _Watch] = {}
        self._closed = False

    @contextlib.asynccontextmanager
    async def subscribe(self, match_id: int, seen: int) -> AsyncIterator[asyncio.Queue[int]]:
        """A queue of the match's new versions, from ``seen`` on (as the page last read it)."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        if self._closed:
            queue.put_nowait(GONE)
            yield queue
            return
        watch = self._watches.get(match_id)
        if watch is None:
            watch = _Watch(match_id, seen)
            watch.task = asyncio.create_task(self._poll(watch), name=f"live-{match_id}")
            self._watches[match_id] = watch
        elif watch.last is not None and watch.last != seen:
            queue.put_nowait(watch.last)  # it changed between the page's read and now
        watch.queues.add(queue)
        try:
            yield queue
        finally:
            watch.queues.discard(queue)
            if not watch.queues and self._watches.get(match_id) is watch:
                del self._watches[match_id]
                if watch.task is not None:
                    watch.task.cancel()

    def poke(self, match_id: int) -> None:
        """Look now: this process just changed the match."""
        watch = self._watches.get(match_id)
        if watch is not None:
            watch.poked.set()

    @property
    def watched(self) -> int:
        return len(self._watches)

    async def _poll(self, watch: _Watch) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watch.poked.wait(), self.interval)
            watch.poked.clear()
            try:
                version = await self._version(watch.match_id)
            except Exception:
                log.warning("live updates: reading match %s failed", watch.match_id, exc_info=True)
                continue
            if version is None:
                version = GONE
            if version != watch.last:
                watch.last = version
                for queue in list(watch.queues):
                    queue.put_nowait(version)
            if version == GONE:
                return

    async def close(self) -> None:
        """Stop every poller and end every page's stream (the server is stopping)."""
        self._closed = True
        for watch in list(self._watches.values()):
            if watch.task is not None:
                watch.task.cancel()
            for queue in watch.queues:
                queue.put_nowait(GONE)
        self._watches.clear()
