"""Past one machine: ``python -m benchmarks.scale``.

Three figures, each at 1,000 and 10,000 active clocked matches side by side so growth shows:

* ``tick_ms_idle``: one scheduler tick when nothing is due (the usual minute), median;
* ``rss_mb_idle``: the resident memory of this process holding that store open after ticks;

and one of throughput, on SQLite and (with ``--postgres``) on a PostgreSQL server this script
starts itself with the ``pgserver`` package:

* ``moves_per_s`` and ``move_p95_ms``: ``--players`` concurrent players, each moving in its own
  live match (Ordo, Fendo, Fonver and Fuer in turn) as fast as the bot answers, for
  ``--seconds``; every move is validated, committed and its board rendered as in the bot,
  rendering in ``--workers`` processes (0: a thread).

Where a move's time goes: the CPU milliseconds per move of this process (the event loop, the
players' own move choice, SQLite's thread), of the worker processes (rendering) and of the
PostgreSQL server, read from ``/proc`` (Linux). ``--profile`` also prints the busiest
functions of this process during the SQLite run.

Targets (issue 16, and "Safe to run for a community" 5): tick ≤ 10 ms idle at 10,000;
≥ 60 moves/s with p95 ≤ 250 ms on SQLite and PostgreSQL with the worker pool on 2 cores;
RSS ≤ 150 MB. ``--quick``: 1,000 matches, 8 s of moves per store.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import random
import resource
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.workers import Workers, default_size
from storage import Store, open_store

TARGETS = {"tick_ms_idle_10k": 10.0, "moves_per_s": 60.0, "move_p95_ms": 250.0,
           "rss_mb_idle_10k": 150.0}  # fmt: skip
GAMES = ("ordo", "fendo", "fonver", "fuer")


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def rss_mb() -> float:
    """Resident set size now (Linux ``/proc``), else the peak from ``getrusage``."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def populate(service: Service, count: int) -> None:
    """``count`` active Ordo matches on a 3-day clock: the first made by the use cases, the
    rest copies of its row (same state, clock and deadline), which is what the tick reads."""
    alice, bob = User("a0", "A0"), User("b0", "B0")
    reply = await service.challenge(alice, "ordo", bob, color="first", time_control="3d")
    await service.accept(bob, match_id=reply.match_id)
    model = await service.store.get_match(reply.match_id or 0)
    assert model is not None
    extra: dict[str, Any] = {}
    if hasattr(model, "due_at"):
        extra["due_at"] = model.due_at
    for i in range(1, count):
        await service.store.create_match(
            game=model.game, options=dict(model.options), seed=model.seed, status=model.status,
            seats=[f"a{i}", f"b{i}"], created_by=f"a{i}", state=model.state,
            now=service.clock(), meta=dict(model.meta), **extra,
        )  # fmt: skip


async def idle_ticks(service: Service, ticks: int) -> float:
    await service.tick()  # the first tick may find the start-up's own bookkeeping
    times = []
    for _ in range(ticks):
        start = time.perf_counter()
        replies = await service.tick()
        times.append(time.perf_counter() - start)
        assert not replies, "nothing should be due in an idle tick"
    return statistics.median(times) * 1000


@contextlib.contextmanager
def postgres_server() -> Iterator[tuple[str, int]]:
    """A throwaway server: its URL and the process id of its postmaster."""
    import pgserver  # a development dependency: a real server from pip

    with tempfile.TemporaryDirectory() as folder:
        server = pgserver.get_server(folder, cleanup_mode="stop")
        try:
            yield server.get_uri(), server.get_pid()
        finally:
            server.cleanup()


def _parents() -> dict[int, int]:
    """Every process's parent, from ``/proc`` (empty where there is none)."""
    parents = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parents[int(entry.name)] = int(fields[1])
    return parents


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU of one process so far (0 once it is gone)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _tree(root: int, parents: dict[int, int]) -> set[int]:
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        grew = bool(more)
        tree |= more
    return tree


class CpuMeter:
    """CPU seconds spent by this process, its descendants (the worker pool) and the
    database server's processes, so a slow run says which of them is the bottleneck."""

    def __init__(self, database_pid: int | None = None) -> None:
        self.database_pid = database_pid

    def read(self) -> dict[str, float]:
        parents = _parents()
        database = _tree(self.database_pid, parents) if self.database_pid else set()
        workers = _tree(os.getpid(), parents) - {os.getpid()} - database
        return {
            "service": time.process_time(),
            "workers": sum(_cpu_seconds(pid) for pid in workers),
            "database": sum(_cpu_seconds(pid) for pid in database),
        }


@contextlib.asynccontextmanager
async def opened(url: str) -> AsyncIterator[Store]:
    store = open_store(url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def tick_figures(url: str, count: int, ticks: int) -> tuple[float, float]:
    async with opened(url) as store:
        service = Service(store, clock=Clock(), seed_source=lambda: 1)
        await populate(service, count)
        tick_ms = await idle_ticks(service, ticks)
        return tick_ms, rss_mb()


async def player(
    service: Service,
    number: int,
    until: float,
    latencies: list[float],
    rng: random.Random,
    choosing: list[float] | None = None,
) -> None:
    """Moves as fast as the bot answers; ``choosing`` collects the CPU seconds spent picking
    random moves (the players' work, not the bot's)."""
    game = GAMES[number % len(GAMES)]
    rules = games.get(game)
    people = [User(f"p{number}a", f"P{number}a"), User(f"p{number}b", f"P{number}b")]
    reply = await service.challenge(people[0], game, people[1], color="first", rated=False)
    await service.accept(people[1], match_id=reply.match_id)
    match_id = reply.match_id or 0
    while time.perf_counter() < until:
        record = await service.store.get_match(match_id)
        assert record is not None
        thinking = time.process_time()
        state = rules.load(record.state)
        if rules.outcome(state) is not None or record.status != "active":
            reply = await service.rematch(people[0], match_id=match_id)
            match_id = reply.match_id or match_id
            await service.accept(people[1], match_id=match_id)
            continue
        seat = rules.to_move(state)[0]
        text = rules.format(state, rng.choice(rules.legal_actions(state)))
        who = next(p for p in people if p.id == record.seats[seat])
        if choosing is not None:
            choosing.append(time.process_time() - thinking)
        start = time.perf_counter()
        moved = await service.move(who, text, match_id=match_id)
        latencies.append(time.perf_counter() - start)
        assert moved.ok, moved.text


async def throughput(
    url: str,
    players: int,
    seconds: float,
    workers: int,
    database_pid: int | None = None,
    profile: cProfile.Profile | None = None,
) -> dict[str, float]:
    """Moves per second, p95 latency and CPU milliseconds per move by part."""
    pool = Workers(workers)
    await pool.start()
    meter = CpuMeter(database_pid)
    try:
        async with opened(url) as store:
            service = Service(store, seed_source=lambda: 7, workers=pool)
            latencies: list[float] = []
            choosing: list[float] = []
            until = time.perf_counter() + seconds
            before = meter.read()
            start = time.perf_counter()
            if profile is not None:
                profile.enable()
            await asyncio.gather(*(
                player(service, n, until, latencies, random.Random(n), choosing)
                for n in range(players)
            ))  # fmt: skip
            if profile is not None:
                profile.disable()
            elapsed = time.perf_counter() - start
            after = meter.read()
    finally:
        pool.close()
    moves = max(1, len(latencies))
    p95 = statistics.quantiles(latencies, n=20)[-1] * 1000 if len(latencies) > 1 else 0.0
    figures = {"moves_per_s": len(latencies) / elapsed, "move_p95_ms": p95}
    after["service"] -= sum(choosing)
    after["players"], before["players"] = sum(choosing), 0.0
    for part in ("service", "workers", "database", "players"):
        figures[f"cpu_ms_per_move_{part}"] = (after[part] - before[part]) * 1000 / moves
    return figures


async def main_async(args: argparse.Namespace) -> None:
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'active matches':>15} {'idle tick ms':>13} {'RSS MB':>8}")
        for count in args.matches:
            url = f"sqlite:///{folder}/ticks{count}.sqlite3"
            tick_ms, rss = await tick_figures(url, count, args.ticks)
            print(f"{count:15,} {tick_ms:13.2f} {rss:8.0f}")
            label = f"{count // 1000}k" if count % 1000 == 0 else str(count)
            figures[f"tick_ms_idle_{label}"] = tick_ms
            figures[f"rss_mb_idle_{label}"] = rss
        urls: dict[str, tuple[str, int | None]] = {
            "sqlite": (f"sqlite:///{folder}/moves.sqlite3", None)
        }
        profile = cProfile.Profile(time.process_time) if args.profile else None
        with contextlib.ExitStack() as stack:
            if args.postgres:
                urls["postgres"] = stack.enter_context(postgres_server())
            print(
                f"\n{'store':>10} {'workers':>8} {'moves/s':>8} {'p95 ms':>8}"
                f"   CPU ms per move: {'service':>8} {'workers':>8} {'database':>9} "
                f"{'players':>8}"
            )
            for name, (url, pid) in urls.items():
                row = await throughput(
                    url, args.players, args.seconds, args.workers, pid,
                    profile if name == "sqlite" else None,
                )  # fmt: skip
                print(
                    f"{name:>10} {args.workers:8} {row['moves_per_s']:8.1f} "
                    f"{row['move_p95_ms']:8.0f}{'':>20}{row['cpu_ms_per_move_service']:8.1f} "
                    f"{row['cpu_ms_per_move_workers']:8.1f} {row['cpu_ms_per_move_database']:9.1f} "
                    f"{row['cpu_ms_per_move_players']:8.1f}"
                )
                figures.update({f"{key}_{name}": value for key, value in row.items()})
    best = "postgres" if args.postgres else "sqlite"
    figures["moves_per_s"] = figures[f"moves_per_s_{best}"]
    figures["move_p95_ms"] = figures[f"move_p95_ms_{best}"]
    print(
        "(service: the bot's process, i.e. the event loop and SQLite's thread; workers: "
        "rendering in the pool;\n database: the PostgreSQL server; players: the benchmark's "
        "players choosing random moves in the same process)"
    )
    if profile is not None:
        print("\nbusiest functions of this process during the SQLite run:")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    print("\ntargets: " + ", ".join(f"{k} {v:g}" for k, v in TARGETS.items()))
    emit("scale", {**figures, "players": args.players, "workers": args.workers})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches",
        type=lambda t: [int(n) for n in t.split(",")],
        default=[1000, 10000],
        help="active match counts (default 1000,10000)",
    )
    parser.add_argument("--ticks", type=int, default=7)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=default_size())
    parser.add_argument("--postgres", action="store_true", help="also measure PostgreSQL")
    parser.add_argument("--profile", action="store_true", help="profile the SQLite run")
    parser.add_argument("--quick", action="store_true", help="1,000 matches, 8 s per store")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.seconds = [1000], min(args.seconds, 8.0)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
