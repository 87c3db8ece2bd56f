"""The worker pool: work really leaves the bot's process, and a dead worker is replaced."""

from __future__ import annotations

import os
import signal

import pytest

from bot.service.workers import Workers


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
