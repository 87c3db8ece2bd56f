"""Scheduler cost: ``python -m benchmarks.scheduler [--matches N] [--quick]``.

The bot looks for due reminders and timeouts by recomputing every clock from the store on
each tick (nothing lives in memory, so restarts lose nothing). This measures what that costs:
a tick over N active clocked Ordo matches in one SQLite file when nothing is due (the usual
case) and when every match is due a reminder, as the median of several ticks, against the
tick interval budget (a tick should take well under 1 % of the 60 s interval).

Each figure is measured twice in one run, side by side: with no quiet hours, and with every
player keeping quiet hours and the weekend pause (issue 43.4), whose pauses the tick reads
only for a match its deadline index says is due.
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


async def setup(path: Path, matches: int, clock: Clock, quiet: bool = False) -> Service:
    store = SqliteStore(path)
    await store.open()
    service = Service(store, clock=clock, default_time="3d+1d max 7d", seed_source=lambda: 1)
    for i in range(matches):
        alice, bob = User(f"a{i}", f"A{i}"), User(f"b{i}", f"B{i}")
        if quiet:
            for player in (alice, bob):
                await service.quiet(player, zone="Europe/Berlin", hours="22-7", weekend=True)
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


async def measure(matches: int, ticks: int, quiet: bool) -> dict[str, float]:
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        service = await setup(Path(folder) / "bench.sqlite3", matches, clock, quiet)
        idle = statistics.median(await timed_ticks(service, ticks))
        clock.now += 2 * 86400 + 60  # under 24 h left unless quiet time paused the clock
        start = time.perf_counter()
        sent = len(await service.tick())
        due = time.perf_counter() - start
        again = statistics.median(await timed_ticks(service, ticks))
        await service.store.close()
    return {
        "idle_tick_ms": idle * 1000,
        "reminders_sent": sent,
        "due_tick_ms": due * 1000,
        "reminder_ms_each": due / max(sent, 1) * 1000,
        "reminded_tick_ms": again * 1000,
    }


async def main_async(matches: int, ticks: int) -> None:
    plain = await measure(matches, ticks, quiet=False)
    quiet = await measure(matches, ticks, quiet=True)
    print(f"active clocked matches: {matches}; median of {ticks} ticks each")
    print(f"{'':34}{'no quiet hours':>16}{'all quiet hours':>17}")
    rows = (
        ("idle tick (nothing due), ms", "idle_tick_ms"),
        ("tick after two days, ms", "due_tick_ms"),
        ("  reminders it sent", "reminders_sent"),
        ("next ticks (all handled), ms", "reminded_tick_ms"),
    )
    for label, key in rows:
        print(f"{label:34}{plain[key]:>16.1f}{quiet[key]:>17.1f}")
    worst = max(plain["idle_tick_ms"], quiet["idle_tick_ms"]) / 1000
    ratio = TARGET_IDLE_TICK_S / worst
    print(f"idle target ≤ {TARGET_IDLE_TICK_S * 1000:.0f} ms (ratio {ratio:.1f}×)")
    emit(
        "scheduler",
        {"matches": matches, "idle_tick_ms": plain["idle_tick_ms"],
         "reminders_sent": plain["reminders_sent"],
         "reminder_ms_each": plain["reminder_ms_each"],
         "reminded_tick_ms": plain["reminded_tick_ms"],
         "quiet_idle_tick_ms": quiet["idle_tick_ms"],
         "quiet_due_tick_ms": quiet["due_tick_ms"],
         "quiet_reminders_sent": quiet["reminders_sent"],
         "quiet_reminded_tick_ms": quiet["reminded_tick_ms"]},
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--ticks", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="200 matches (a minute or two)")
    args = parser.parse_args()
    asyncio.run(main_async(200 if args.quick else args.matches, args.ticks))


if __name__ == "__main__":
    main()
