"""``python -m bot --check``: is the bot alive? The container's health check.

Docker (and compose's ``depends_on … service_healthy``) needs an answer from outside the bot's
process. The bot's scheduler writes a heartbeat into the store every ``TICK_SECONDS``, so the
store can tell: the check opens the configured store as the bot would, reads the last heartbeat
without writing one, and says in one line how old it is. Healthy (exit 0) when the store opens
and the heartbeat is at most :func:`stale_after` old; otherwise one line saying what is wrong
and exit 1 — never 2, which Docker reserves.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from bot.settings import Settings
from storage import read_database_setting

CHECK_SECONDS = 10.0
"""Opening gives up after this long (a PostgreSQL server that does not answer): well inside the
health check's own timeout, so the answer is this line rather than Docker's kill."""
STALE_TICKS = 3
"""Missed scheduler ticks before the bot counts as down: one late tick is a busy moment."""
STALE_FLOOR = 120.0
"""…but never less than this, so a short ``TICK_SECONDS`` does not make a slow tick fatal."""


def stale_after(settings: Settings) -> float:
    """Seconds without a heartbeat after which the bot is not running (or is stuck)."""
    return max(STALE_TICKS * settings.tick_seconds, STALE_FLOOR)


def age_text(seconds: float) -> str:
    """``42 s``, ``5 min``, ``3 h 5 min``, ``2 days 4 h``: exact enough to compare ticks."""
    seconds = max(seconds, 0.0)
    if seconds < 120:
        return f"{seconds:.0f} s"
    minutes = int(seconds // 60)
    if minutes < 120:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} days {hours} h" if hours else f"{days} days"


async def check(settings: Settings, clock: Callable[[], float] = time.time) -> tuple[bool, str]:
    """Whether the bot is healthy, and the one line that says so (or what is wrong)."""
    database = read_database_setting(settings.database_url)
    described = database.describe()
    if database.kind == "memory":
        return False, "unhealthy: DATABASE_URL is memory, so no other process can see the bot"
    if database.path is not None and not database.path.exists():
        # Opening would create an empty database: a check with the wrong path must not.
        return False, (
            f"unhealthy: no database at {database.path} (the bot has not started here,"
            " or DATABASE_URL names another file)"
        )
    store = settings.store()
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            await store.open()
            last = await store.last_alive()
    except TimeoutError:
        return False, f"unhealthy: cannot open {described}: no answer in {CHECK_SECONDS:.0f} s"
    except Exception as error:  # whatever it is, the answer is one line
        reason = " ".join(str(error).split())
        return False, f"unhealthy: cannot open {described}: {type(error).__name__}: {reason}"
    finally:
        await store.close()
    if last is None:
        return False, f"unhealthy: {described} opens, but no heartbeat yet (the bot never ran)"
    age, limit = clock() - last, stale_after(settings)
    if age > limit:
        return False, (
            f"unhealthy: {described} opens, but last heartbeat {age_text(age)} ago (over"
            f" {age_text(limit)}): the bot is not running, or its scheduler is stuck"
        )
    return True, f"ok: {described}; last heartbeat {age_text(age)} ago"
