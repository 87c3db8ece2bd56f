"""Scheduler cost: ``python -m benchmarks.scheduler [--matches N]``.

The bot looks for due reminders and timeouts by recomputing every clock from the store on
each tick (nothing lives in memory, so restarts lose nothing). This measures what that costs:
a tick over N active clocked Ordo matches in one SQLite file when nothing is due (the usual
case) and when every match is due a reminder, as the median of several ticks, against the
tick interval budget (a tick should take well under 1 % of the 60 s interval).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.report import emit
from bot.service import Service, User
from storage import SqliteStore

TARGET_IDLE_TICK_S = 0.6
"""1 % of the default 60 s tick interval for 1,000 matches."""


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def setup(path: Path, matches: int, clock: Clock) -> Service:
    store = SqliteStore(path)
    await store.open()
    service = Service(store, clock=clock, default_time="3d+1d max 7d", seed_source=lambda: 1)
    for i in range(matches):
        alice, bob = User(f"a{i}", f"A{i}"), User(f"b{i}", f"B{i}")
        reply = await service.challenge(alice, "ordo", bob, color="first")
        await service.accept(bob, match_id=reply.match_id)
    return service


async def timed_ticks(service: Service, count: int) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await service.tick()
        times.append(time.perf_counter() - start)
    return times


async def main_async(matches: int, ticks: int) -> None:
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        service = await setup(Path(folder) / "bench.sqlite3", matches, clock)
        idle = statistics.median(await timed_ticks(service, ticks))
        clock.now += 2 * 86400 + 60  # everyone now has under 24 h left: one reminder each
        start = time.perf_counter()
        sent = len(await service.tick())
        due = time.perf_counter() - start
        again = statistics.median(await timed_ticks(service, ticks))
        await service.store.close()
    print(f"active clocked matches: {matches}")
    print(
        f"idle tick (nothing due), median of {ticks}: {idle * 1000:.0f} ms "
        f"(target ≤ {TARGET_IDLE_TICK_S * 1000:.0f} ms, ratio {TARGET_IDLE_TICK_S / idle:.1f}×)"
    )
    each = due / max(sent, 1) * 1000
    print(f"tick sending {sent} reminders: {due * 1000:.0f} ms ({each:.2f} ms each)")
    print(f"next ticks (all already reminded), median: {again * 1000:.0f} ms")
    emit(
        "scheduler",
        {"matches": matches, "idle_tick_ms": idle * 1000, "reminders_sent": sent,
         "reminder_ms_each": each, "reminded_tick_ms": again * 1000},
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--ticks", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main_async(args.matches, args.ticks))


if __name__ == "__main__":
    main()
