"""Past one machine: ``python -m benchmarks.scale [--postgres] [--quick]``.

Idle cost, at 1,000 and 10,000 active clocked matches side by side so growth shows:

* ``tick_ms_idle_*``: one scheduler tick when nothing is due (the usual minute), median;
* ``rss_mb_idle_*``: the resident memory of this process holding that store open after ticks.

Throughput, on SQLite and (``--postgres``) on a PostgreSQL server this script starts itself
with the ``pgserver`` package, the two stores side by side in one run:

* ``moves_per_s`` and ``move_p95_ms``: ``--players`` people, each pair moving in its own live
  match (Ordo, Fendo, Fonver and Fuer in turn) as fast as the bot answers, for ``--seconds``;
  each move is typed in its match's thread on a community server, as on Discord, and is read,
  checked, committed and its board drawn as in the bot, drawing in ``--workers`` processes;
* the curve as work grows: 16, 64 and 256 players (``--players``) on a database already
  holding 1,000 stored matches, and 16 players on databases holding 1,000, 10,000 and 100,000
  (``--stored``: a mix of finished and active matches of 5,000 users, each with a snapshot and
  a log, written in bulk before the run);
* ``store_calls_per_move`` (mean) and ``store_calls_per_move_max``: the store calls
  (transactions; on PostgreSQL, trips to the server) one move made, counted by a counting
  store under the bot's own (``_all``: every call of the run, starting and ending matches
  included, over the moves);
* where a move's time goes: the CPU milliseconds per move of this process (the event loop and
  SQLite's thread), of the worker processes (drawing) and of the PostgreSQL server, read from
  ``/proc`` (Linux); the players' own work (choosing a random move) is counted apart and left
  out. ``--profile`` prints the busiest functions of this process during the first run.

Targets (issue 34): at least 150 moves/s with p95 at most 120 ms for 16 players on 2 cores,
on both stores; per-move CPU at most 10 ms all told; at most 6 store calls per move; the tick
at most 10 ms idle at 10,000; RSS at most 150 MB. ``--quick``: the tick at 1,000 only and 4 s
per run (every point of the curve still measured).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import os
import pstats
import random
import resource
import sqlite3
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.match.workers import Workers, default_size
from storage import Store, open_store
from storage.wrapped import CountingStore

TARGETS = {
    "moves_per_s": 150.0, "move_p95_ms": 120.0, "cpu_ms_per_move": 10.0,
    "store_calls_per_move": 6.0, "tick_ms_idle_10k": 10.0, "rss_mb_idle_10k": 150.0,
}  # fmt: skip
GAMES = ("ordo", "fendo", "fonver", "fuer")
GUILD = "g1"
SEED_USERS = 5000
SEED_PLIES = 10
"""Log rows of each stored match (so 100,000 stored matches hold a million)."""


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


def label(count: int) -> str:
    return f"{count // 1000}k" if count % 1000 == 0 and count else str(count)


# -- idle ticks ------------------------------------------------------------------------------
async def populate(service: Service, count: int) -> None:
    """``count`` active Ordo matches on a 3-day clock: the first made by the use cases, the
    rest copies of its row (same state, clock and deadline), which is what the tick reads."""
    alice, bob = User("a0", "A0"), User("b0", "B0")
    reply = await service.challenge(alice, "ordo", bob, color="first", time_control="3d")
    await service.accept(bob, match_id=reply.match_id)
    model = await service.store.get_match(reply.match_id or 0)
    assert model is not None
    for i in range(1, count):
        await service.store.create_match(
            game=model.game, options=dict(model.options), seed=model.seed, status=model.status,
            seats=[f"a{i}", f"b{i}"], created_by=f"a{i}", state=model.state,
            now=service.clock(), meta=dict(model.meta), due_at=model.due_at,
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


# -- the stores: a SQLite file or a database on a throwaway PostgreSQL server ----------------
@contextlib.contextmanager
def postgres_server() -> Iterator[Any]:
    import pgserver  # a development dependency: a real server from pip

    with tempfile.TemporaryDirectory() as folder:
        server = pgserver.get_server(folder, cleanup_mode="stop")
        try:
            yield server
        finally:
            server.cleanup()


@dataclass(frozen=True)
class Database:
    """One fresh database of one store: where it is, how to fill it in bulk, whose CPU is
    its server's."""

    store: str
    url: str
    server_pid: int | None
    bulk: Callable[[dict[str, list[tuple[Any, ...]]]], Awaitable[None]]


def sqlite_database(folder: str, name: str) -> Database:
    path = Path(folder) / f"{name}.sqlite3"

    async def bulk(tables: dict[str, list[tuple[Any, ...]]]) -> None:
        def write() -> None:
            with contextlib.closing(sqlite3.connect(path)) as conn, conn:
                for table, rows in tables.items():
                    marks = ", ".join("?" * len(COLUMNS[table]))
                    conn.executemany(
                        f"INSERT INTO {table} ({', '.join(COLUMNS[table])}) VALUES ({marks})",
                        rows,
                    )

        await asyncio.to_thread(write)

    return Database("sqlite", f"sqlite:///{path}", None, bulk)


async def postgres_database(server: Any, name: str) -> Database:
    import asyncpg

    admin = await asyncpg.connect(server.get_uri())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = server.get_uri(database=name)

    async def bulk(tables: dict[str, list[tuple[Any, ...]]]) -> None:
        conn = await asyncpg.connect(url)
        try:
            for table, rows in tables.items():
                await conn.copy_records_to_table(table, records=rows, columns=COLUMNS[table])
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('matches', 'id'),"
                " (SELECT MAX(id) FROM matches))"
            )
            await conn.execute("ANALYZE")
        finally:
            await conn.close()

    return Database("postgres", url, server.get_pid(), bulk)


COLUMNS = {
    "users": ("user_id", "name", "created_at"),
    "matches": ("id", "game", "options", "seed", "status", "created_by", "guild_id",
                "created_at", "updated_at", "version", "result", "meta"),
    "seats": ("match_id", "seat", "user_id"),
    "snapshots": ("match_id", "version", "state"),
    "actions": ("match_id", "ply", "seat", "notation", "created_at", "detail", "undone"),
}  # fmt: skip


def stored_matches(count: int) -> dict[str, list[tuple[Any, ...]]]:
    """``count`` matches as rows: four in five finished, the rest active, between 5,000 users
    of one server; each holds a real Ordo position and its log of :data:`SEED_PLIES` plies."""
    rules = games.get("ordo")
    rng = random.Random(count)
    state = rules.new(2, None, 1)
    log = []
    for ply in range(1, SEED_PLIES + 1):
        action = rng.choice(rules.legal_actions(state))
        detail = {
            "turn": ply,
            "ends_turn": True,
            "highlight": rules.presentation.highlight(state, action),
        }
        log.append((ply, (ply - 1) % 2, rules.format(state, action), json.dumps(detail)))
        state = rules.apply(state, action)
    snapshot, result = json.dumps(rules.dump(state)), json.dumps({"winners": [0]})
    users = [(f"u{n}", f"User {n}", 1.0) for n in range(SEED_USERS)]
    tables: dict[str, list[tuple[Any, ...]]] = {"users": users, "matches": [], "seats": [],
                                                "snapshots": [], "actions": []}  # fmt: skip
    for match in range(1, count + 1):
        seats = rng.sample(range(SEED_USERS), 2)
        finished = match % 5 != 0
        at = 1.7e9 + match
        tables["matches"].append((
            match, "ordo", "{}", 1, "finished" if finished else "active", f"u{seats[0]}", GUILD,
            at, at + 100, SEED_PLIES + 1, result if finished else None, '{"rated": true}',
        ))  # fmt: skip
        tables["seats"] += [(match, seat, f"u{user}") for seat, user in enumerate(seats)]
        tables["snapshots"].append((match, SEED_PLIES + 1, snapshot))
        tables["actions"] += [(match, p, s, n, at + p, d, False) for p, s, n, d in log]
    return tables


# -- where a move's CPU goes -----------------------------------------------------------------
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


# -- the players -----------------------------------------------------------------------------
class Tally:
    """What the players saw: each move's latency and store calls, and the CPU they spent
    choosing their moves."""

    def __init__(self, counted: CountingStore) -> None:
        self.counted = counted
        self.latencies: list[float] = []
        self.calls: list[int] = []
        self.choosing = 0.0


async def player(service: Service, number: int, until: float, tally: Tally) -> None:
    """Someone moving in their own match, for both of its sides, as fast as the bot answers,
    each move typed in the match's thread on the server; a new match when one ends. They
    follow the position themselves (the bot's answer says the move was played) rather than
    asking the store for it: the store's work is the bot's to measure."""
    game = GAMES[number % len(GAMES)]
    rules = games.get(game)
    rng = random.Random(number)
    people = [
        User(f"p{number}{side}", f"P{number}{side}", guild_id=GUILD, guild_locale="en-US")
        for side in "ab"
    ]  # fmt: skip
    made = await service.challenge(people[0], game, people[1], color="first", guild_id=GUILD)
    for thread in range(1, 10**6):
        match_id = made.match_id or 0
        assert (await service.accept(people[1], match_id=match_id)).ok
        place = f"t{number}-{thread}"
        await service.attach_place(match_id, channel_id="c1", thread_id=place)
        record = await service.store.get_match(match_id)
        assert record is not None
        state, seats = rules.load(record.state), record.seats
        while rules.outcome(state) is None:
            if time.perf_counter() >= until:
                return
            thinking = time.process_time()
            action = rng.choice(rules.legal_actions(state))
            text = rules.format(state, action)
            who = people[0] if seats[rules.to_move(state)[0]] == people[0].id else people[1]
            state = rules.apply(state, action)
            tally.choosing += time.process_time() - thinking
            start, calls = time.perf_counter(), tally.counted.made_by_this_task()
            moved = await service.move(who, text, where=place)
            tally.latencies.append(time.perf_counter() - start)
            tally.calls.append(tally.counted.made_by_this_task() - calls)
            assert moved.ok, moved.text
        made = await service.rematch(people[0], match_id=match_id)


async def throughput(
    database: Database,
    players: int,
    seconds: float,
    workers: Workers,
    profile: cProfile.Profile | None = None,
) -> dict[str, float]:
    """Moves per second, latency, store calls and CPU milliseconds per move by part."""
    meter = CpuMeter(database.server_pid)
    async with opened(database.url) as store:
        counted = CountingStore(store)
        service = Service(counted, seed_source=lambda: 7, workers=workers)
        tally = Tally(counted)
        until = time.perf_counter() + seconds
        before = meter.read()
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
        await asyncio.gather(*(player(service, n, until, tally) for n in range(players)))
        if profile is not None:
            profile.disable()
        elapsed = time.perf_counter() - start
        after = meter.read()
    moves = max(1, len(tally.latencies))
    latencies = tally.latencies or [0.0]
    p95 = statistics.quantiles(latencies, n=20)[-1] if len(latencies) > 1 else latencies[0]
    figures = {
        "moves_per_s": len(tally.latencies) / elapsed,
        "move_p95_ms": p95 * 1000,
        "move_p50_ms": statistics.median(latencies) * 1000,
        "store_calls_per_move": statistics.mean(tally.calls or [0]),
        "store_calls_per_move_max": max(tally.calls or [0]),
        "store_calls_per_move_all": counted.total() / moves,
    }
    after["service"] -= tally.choosing
    for part in ("service", "workers", "database"):
        figures[f"cpu_ms_per_move_{part}"] = (after[part] - before[part]) * 1000 / moves
    figures["cpu_ms_per_move"] = sum(
        figures[f"cpu_ms_per_move_{part}"] for part in ("service", "workers", "database")
    )
    return figures


async def seeded(make: Callable[[str], Awaitable[Database]], count: int) -> Database:
    """A fresh database of that store holding ``count`` stored matches."""
    database = await make(f"stored{label(count).lower()}")
    async with opened(database.url):
        pass  # the schema
    started = time.perf_counter()
    await database.bulk(stored_matches(count))
    print(f"  ({database.store}: {count:,} stored matches written in "
          f"{time.perf_counter() - started:.1f} s)")  # fmt: skip
    return database


ROW = "{:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>9} {:>9}"


async def curve(args: argparse.Namespace, folder: str, server: Any | None) -> dict[str, Any]:
    """Every point of the curve on each store, side by side; the figures by name."""

    async def in_folder(name: str) -> Database:
        return sqlite_database(folder, name)

    makers: dict[str, Callable[[str], Awaitable[Database]]] = {"sqlite": in_folder}
    if server is not None:
        makers["postgres"] = lambda name: postgres_database(server, name)
    first, base = min(args.stored), min(args.players)
    points = [(players, first) for players in args.players]
    points += [(base, stored) for stored in args.stored if stored != first]
    workers = Workers(args.workers)
    await workers.start()
    profile = cProfile.Profile(time.process_time) if args.profile else None
    profiling = profile
    figures: dict[str, Any] = {}
    print(ROW.format("store", "stored", "players", "moves/s", "p50 ms", "p95 ms", "calls/mv",
                     "CPU svc", "CPU draw", "CPU db"))  # fmt: skip
    try:
        databases: dict[tuple[str, int], Database] = {}
        for players, stored in points:
            for store, make in makers.items():
                if (store, stored) not in databases:
                    databases[store, stored] = await seeded(make, stored)
                row = await throughput(
                    databases[store, stored], players, args.seconds, workers, profile
                )
                profile = None  # the first run only
                print(ROW.format(
                    store, f"{stored:,}", players, f"{row['moves_per_s']:.1f}",
                    f"{row['move_p50_ms']:.0f}", f"{row['move_p95_ms']:.0f}",
                    f"{row['store_calls_per_move']:.2f}/{row['store_calls_per_move_max']}",
                    f"{row['cpu_ms_per_move_service']:.2f}",
                    f"{row['cpu_ms_per_move_workers']:.2f}",
                    f"{row['cpu_ms_per_move_database']:.2f}",
                ))  # fmt: skip
                point = f"{store}_p{players}_m{label(stored)}"
                figures.update({f"{key}_{point}": value for key, value in row.items()})
                if (players, stored) == (base, first):
                    figures.update({f"{key}_{store}": value for key, value in row.items()})
    finally:
        workers.close()
    if profiling is not None:
        print("\nbusiest functions of this process during the first run:")
        pstats.Stats(profiling).sort_stats("tottime").print_stats(30)
    return figures


async def main_async(args: argparse.Namespace) -> None:
    figures: dict[str, Any] = {"load_avg_1m_start": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'active matches':>15} {'idle tick ms':>13} {'RSS MB':>8}")
        for count in args.matches:
            url = f"sqlite:///{folder}/ticks{count}.sqlite3"
            tick_ms, rss = await tick_figures(url, count, args.ticks)
            print(f"{count:15,} {tick_ms:13.2f} {rss:8.0f}")
            figures[f"tick_ms_idle_{label(count)}"] = tick_ms
            figures[f"rss_mb_idle_{label(count)}"] = rss
        print(
            f"\nmoves, {args.seconds:g} s a point, drawing in {args.workers} worker processes "
            f"on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the start)"
        )
        with contextlib.ExitStack() as stack:
            server = stack.enter_context(postgres_server()) if args.postgres else None
            figures.update(await curve(args, folder, server))
    stores = ["sqlite", "postgres"] if args.postgres else ["sqlite"]
    headline = ("moves_per_s", "move_p95_ms", "cpu_ms_per_move", "store_calls_per_move",
                "store_calls_per_move_max")  # fmt: skip
    for key in headline:
        worst = min if key == "moves_per_s" else max
        figures[key] = worst(figures[f"{key}_{store}"] for store in stores)
    if args.postgres:
        figures["moves_per_s_postgres_over_sqlite"] = (
            figures["moves_per_s_postgres"] / figures["moves_per_s_sqlite"]
        )
    figures["load_avg_1m_end"] = os.getloadavg()[0]
    print(
        "(calls/mv: store calls per move, mean/most; CPU ms per move: svc, the bot's process"
        " with SQLite's thread;\n draw, the worker processes drawing boards; db, the PostgreSQL"
        " server. The headline figures are the worse store's.)"
    )
    print("targets: " + ", ".join(f"{k} {v:g}" for k, v in TARGETS.items()))
    emit("scale", {**figures, "players": min(args.players), "workers": args.workers,
                   "seconds": args.seconds, "quick": bool(args.quick)})  # fmt: skip


def counts(text: str) -> list[int]:
    return [int(n) for n in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches",
        type=counts,
        default=[1000, 10000],
        help="active clocked match counts for the idle tick (default 1000,10000)",
    )
    parser.add_argument("--ticks", type=int, default=7)
    parser.add_argument(
        "--players",
        type=counts,
        default=[16, 64, 256],
        help="players moving at once, the first also at every stored size",
    )
    parser.add_argument(
        "--stored",
        type=counts,
        default=[1000, 10000, 100000],
        help="matches already stored, written in bulk before the moves",
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="of moves, per point")
    parser.add_argument("--workers", type=int, default=default_size())
    parser.add_argument("--postgres", action="store_true", help="also measure PostgreSQL")
    parser.add_argument("--profile", action="store_true", help="profile the first run")
    parser.add_argument("--quick", action="store_true",
                        help="the tick at 1,000 only, 4 s per point")  # fmt: skip
    args = parser.parse_args()
    if args.quick:
        args.matches, args.seconds = [1000], min(args.seconds, 4.0)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
