"""The worker pool: work really leaves the bot's process, and a dead worker is replaced."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import time
from pathlib import Path

import pytest

import games
import render
from bot.service.match.workers import Workers


async def test_inline_runs_in_this_process() -> None:
    workers = Workers(0)
    assert await workers.run(os.getpid) == os.getpid()
    workers.close()


async def test_pool_runs_in_another_process_and_survives_a_killed_worker() -> None:
    workers = Workers(1)
    try:
        await workers.start()
        first = await workers.run(os.getpid)
        assert first != os.getpid()
        assert await workers.run(sum, range(1000)) == 499500
        os.kill(first, signal.SIGKILL)
        second = await workers.run(os.getpid)
        assert second not in (first, os.getpid())
    finally:
        workers.close()


def test_negative_size_is_refused() -> None:
    with pytest.raises(ValueError):
        Workers(-1)


def wait_for_file(path: str) -> int:
    """A stand-in search that runs until the test releases it (no clock involved)."""
    while not os.path.exists(path):
        time.sleep(0.01)
    return os.getpid()


async def test_people_work_runs_while_every_search_worker_is_busy(tmp_path: Path) -> None:
    """Searches have their own processes: with the search pool busy and another search queued
    behind it, a board for a person is still drawn (and the searches are still running)."""
    workers = Workers(1, search_size=1)
    release = tmp_path / "release"
    try:
        await workers.start()
        searching = asyncio.ensure_future(workers.search(wait_for_file, str(release)))
        queued = asyncio.ensure_future(workers.search(wait_for_file, str(release)))
        view = games.get("ordo").view(games.get("ordo").new(), None)
        image = await workers.run(functools.partial(render.render, "ordo", view))
        assert image.startswith(b"\x89PNG")
        assert not searching.done() and not queued.done()
        release.touch()
        searcher = await searching
        assert searcher == await queued and searcher != await workers.run(os.getpid)
    finally:
        release.touch()
        workers.close()


async def test_searches_run_at_a_lower_priority_than_people_work() -> None:
    workers = Workers(1, search_size=1)
    try:
        await workers.start()
        assert await workers.search(os.nice, 0) > await workers.run(os.nice, 0)
    finally:
        workers.close()


async def test_searches_run_only_on_cpu_time_nobody_else_wants() -> None:
    """The computer's own budget (issue 34.5): on Linux a search process is on the idle
    policy, so people's boards and the event loop always get the core first."""
    workers = Workers(1, search_size=1)
    try:
        await workers.start()
        assert await workers.search(os.sched_getscheduler, 0) == os.SCHED_IDLE
        assert await workers.run(os.sched_getscheduler, 0) == os.SCHED_OTHER
    finally:
        workers.close()


async def test_inline_searches_run_in_this_process() -> None:
    workers = Workers(0)
    assert workers.search_size == 0
    assert await workers.search(os.getpid) == os.getpid()
    workers.close()
