"""CPU-heavy work (rendering, GIF export, computer opponents' search) away from the event loop.

Why processes: a thread still holds the GIL while Pillow composes an image or a search runs in
pure Python, so the gateway heartbeat and every other guild would wait. A
``ProcessPoolExecutor`` runs the work on the other cores; the event loop only awaits a future.

Why two pools: work for people (boards, GIF exports, charts: tens of milliseconds, someone
waiting for it) and the computer's search (seconds per step, up to 8 s at the strong level)
must not share one queue, or a person's board waits behind every search submitted before
it. :meth:`Workers.run` uses the people's pool (``size`` processes), :meth:`Workers.search`
its own pool (``search_size`` processes) — and the search processes run only on CPU time
nobody else wants (Linux's ``SCHED_IDLE`` policy; elsewhere ``nice`` +10), so a render, the
event loop or anything else the machine runs always gets the core first, and the search
merely finds fewer moves in its fixed wall-clock budget: the computer's own budget is the
idle time. Measured with ``python -m benchmarks.fairness`` (150 strong games queued, 8 s
searches, 2 cores): with ``nice`` +10 alone a person's median move went from 8 to 12 ms
while searches ran; with ``SCHED_IDLE``, 9 to 8 ms.

Sizes: the people's pool has one process per core (measured with ``benchmarks.scale`` on 2
cores: 1 worker 27 moves/s, 2 workers 45), the search pool half the cores, at least one. On
2 cores that is 2 + 1 processes: renders can use both cores, searches one at a time, and the
idle policy keeps the third process from costing a person anything.
``python -m benchmarks.fairness`` measures exactly that case. The number of computer turns
played at once is the search pool's size, so searches never queue inside the pool either.

``size=0`` runs all work inline on a thread instead (searches too): right for the console,
the tests and a one-core machine, where a second process buys nothing. Work functions must be
importable top-level functions with picklable arguments (views are plain dicts, so they are).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

SEARCH_NICENESS = 10
"""How much lower the search processes' CPU priority is (Linux: a weight of about a tenth)."""


PRELOADED = (__name__, "games", "render", "ai")
"""Imported once by the fork server, before it forks any worker: each worker then starts with
them in memory (shared, copy-on-write) instead of importing the service, the engines, the
renderers and the searches itself — seconds per process, paid again on every start of the
bot and every restart of a pool. The fork server is one per bot process, so this is paid once
per process. Importing starts no thread and opens nothing, so forking after it stays safe."""


def default_size() -> int:
    """One worker per core. The event loop's own process mostly waits (on Discord, the
    database and these workers), so keeping a core free for it left that core idle:
    measured with ``benchmarks.scale`` on 2 cores, 1 worker gave 27 moves/s, 2 gave 45."""
    return max(1, os.cpu_count() or 1)


def default_search_size() -> int:
    """Half the cores, at least one: searches use a core each for seconds at a time, and
    the other half stays for people's boards (which also have the higher priority)."""
    return max(1, (os.cpu_count() or 1) // 2)


def _warm() -> int:
    """Import the heavy modules once per worker, and draw what every image reuses (fonts,
    empty boards), so the first real job is not the slow one."""
    import games  # noqa: F401
    import render

    render.warm()
    return os.getpid()


def _warm_search() -> int:
    import ai  # noqa: F401
    import games  # noqa: F401

    return os.getpid()


def _lower_priority() -> None:
    """Runs first in every search process (the pool's initializer): a lower priority, and on
    Linux the idle policy, under which the process runs only when no other wants the CPU."""
    try:
        os.nice(SEARCH_NICENESS)
    except OSError:  # a platform without nice: the separate pool still keeps renders apart
        log.debug("could not lower the search processes' priority")
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
        except OSError:  # a container that forbids it: the nice value still holds
            log.debug("could not put the search processes on the idle policy")


class _Pool:
    """One process pool: created lazily, restarted if a worker dies, closed once."""

    def __init__(
        self, name: str, size: int, warm: Callable[[], int], init: Callable[[], None] | None
    ) -> None:
        self.name = name
        self.size = size
        self._warm = warm
        self._init = init
        self._pool: ProcessPoolExecutor | None = None

    def executor(self) -> Executor:
        if self._pool is None:
            # forkserver: workers never inherit the bot's event loop, sockets or database thread
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(PRELOADED))
            self._pool = ProcessPoolExecutor(
                max_workers=self.size, mp_context=context, initializer=self._init
            )
        return self._pool

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        executor = self.executor()
        pids = await asyncio.gather(
            *(loop.run_in_executor(executor, self._warm) for _ in range(self.size))
        )
        log.info("%s pool ready: %d processes %s", self.name, self.size, sorted(set(pids)))

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor(), fn, *args)
        except BrokenProcessPool:
            # a worker was killed (out of memory, a signal): start a fresh pool and try once more
            log.warning("a %s worker process died; restarting the pool", self.name)
            self.close()
            return await loop.run_in_executor(self.executor(), fn, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class Workers:
    """The people's pool (:meth:`run`) and the search pool (:meth:`search`), or inline."""

    def __init__(self, size: int = 0, search_size: int | None = None) -> None:
        if size < 0:
            raise ValueError("the worker pool size is 0 (inline) or more")
        if search_size is not None and search_size < (1 if size else 0):
            raise ValueError("the search pool has at least one process beside a worker pool")
        self.size = size
        self.search_size = 0 if size == 0 else (search_size or default_search_size())
        self._people = _Pool("worker", size, _warm, None)
        self._search = _Pool("search", self.search_size, _warm_search, _lower_priority)

    @property
    def inline(self) -> bool:
        return self.size == 0

    @property
    def searches_at_once(self) -> int:
        """How many computer turns to play at once: one per search process, so a search
        never waits inside the pool (inline: one, on its thread)."""
        return max(1, self.search_size)

    async def start(self) -> None:
        """Start and warm every worker now rather than on the first player's move."""
        if self.inline:
            return
        await asyncio.gather(self._people.start(), self._search.start())

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        """Work a person is waiting for: boards, exports, charts."""
        if self.inline:
            return await asyncio.to_thread(fn, *args)
        return await self._people.run(fn, *args)

    async def search(self, fn: Callable[..., T], /, *args: Any) -> T:
        """The computer's search, in its own lower-priority processes."""
        if self.inline:
            return await asyncio.to_thread(fn, *args)
        return await self._search.run(fn, *args)

    def close(self) -> None:
        self._people.close()
        self._search.close()
