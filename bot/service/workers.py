"""CPU-heavy work (rendering, GIF export, computer opponents' search) away from the event loop.

Why processes: a thread still holds the GIL while Pillow composes an image or a search runs in
pure Python, so the gateway heartbeat and every other guild would wait. A
``ProcessPoolExecutor`` runs the work on the other cores; the event loop only awaits a future.

``size=0`` runs the work inline on a thread instead: right for the console, the tests and a
one-core machine, where a second process buys nothing. Work functions must be importable
top-level functions with picklable arguments (views are plain dicts, so they are).
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


def default_size() -> int:
    """One worker per core. The event loop's own process mostly waits (on Discord, the
    database and these workers), so keeping a core free for it left that core idle:
    measured with ``benchmarks.scale`` on 2 cores, 1 worker gave 27 moves/s, 2 gave 45."""
    return max(1, os.cpu_count() or 1)


def _warm() -> int:
    """Import the heavy modules once per worker, and draw what every image reuses (fonts,
    empty boards), so the first real job is not the slow one."""
    import games  # noqa: F401
    import render

    render.warm()
    return os.getpid()


class Workers:
    """A process pool that is created lazily, restarted if a worker dies, and closed once."""

    def __init__(self, size: int = 0) -> None:
        if size < 0:
            raise ValueError("the worker pool size is 0 (inline) or more")
        self.size = size
        self._pool: ProcessPoolExecutor | None = None

    @property
    def inline(self) -> bool:
        return self.size == 0

    def _executor(self) -> Executor:
        if self._pool is None:
            # forkserver: workers never inherit the bot's event loop, sockets or database thread
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(max_workers=self.size, mp_context=context)
        return self._pool

    async def start(self) -> None:
        """Start and warm every worker now rather than on the first player's move."""
        if self.inline:
            return
        loop = asyncio.get_running_loop()
        executor = self._executor()
        pids = await asyncio.gather(
            *(loop.run_in_executor(executor, _warm) for _ in range(self.size))
        )
        log.info("worker pool ready: %d processes %s", self.size, sorted(set(pids)))

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        if self.inline:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            # a worker was killed (out of memory, a signal): start a fresh pool and try once more
            log.warning("a worker process died; restarting the pool")
            self.close()
            return await loop.run_in_executor(self._executor(), fn, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
