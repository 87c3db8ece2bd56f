"""Store engines side by side: ``python -m benchmarks.storage [--matches N] [--commits N]``.

What the scheduler and the players feel from each engine: a ``due_matches`` call over N active
matches when nothing is due (every tick, the usual case) and when 100 are due, and one
versioned move commit (state, log row, deadline) on a match. PostgreSQL runs on a throwaway
local server from the ``pgserver`` package (the dev extra) unless ``--postgres-url`` names one;
without either the PostgreSQL column is left out. Figures are medians of ``--repeat`` calls.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks.report import emit
from storage import ACTIVE, ActionRecord, MatchUpdate, MemoryStore, SqliteStore, Store

TARGET_IDLE_DUE_MS = 5.0
"""A tick's read when nothing is due, for 10,000 matches: it should not grow with them."""
NOW = 1_800_000_000.0


async def _median_ms(call: Callable[[], Awaitable[Any]], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def measure(store: Store, matches: int, commits: int, repeat: int) -> dict[str, float]:
    start = time.perf_counter()
    ids = []
    for i in range(matches):
        made = await store.create_match(
            game="ordo", options={}, seed=i, status=ACTIVE, seats=[f"a{i}", f"b{i}"],
            created_by=f"a{i}", state={"ply": 0}, now=NOW, due_at=NOW + 86400 + i,
        )  # fmt: skip
        ids.append(made.id)
    per_create = (time.perf_counter() - start) / matches * 1000
    idle = await _median_ms(lambda: store.due_matches(NOW), repeat)
    for match_id in ids[:100]:
        await store.set_due(match_id, NOW - 1)
    busy = await _median_ms(lambda: store.due_matches(NOW), repeat)

    record = await store.get_match(ids[-1])
    assert record is not None
    times = []
    for ply in range(1, commits + 1):
        begin = time.perf_counter()
        record = await store.commit(
            record.id, record.version, MatchUpdate(state={"ply": ply}, due_at=NOW + ply),
            now=NOW + ply, append=[ActionRecord(ply, ply % 2, f"m{ply}", NOW + ply)],
        )  # fmt: skip
        times.append(time.perf_counter() - begin)
    return {
        "create_ms": per_create,
        "due_idle_ms": idle,
        "due_100_ms": busy,
        "commit_ms": statistics.median(times) * 1000,
    }


async def main_async(
    matches: int, commits: int, repeat: int, engines: set[str], postgres_url: str | None
) -> None:
    results: dict[str, dict[str, float]] = {}
    if "memory" in engines:
        async with MemoryStore() as memory:
            results["memory"] = await measure(memory, matches, commits, repeat)
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in engines:
            async with SqliteStore(Path(folder) / "bench.sqlite3") as sqlite:
                results["sqlite"] = await measure(sqlite, matches, commits, repeat)
        server = None
        if "postgres" in engines and postgres_url is None:
            try:
                import pgserver  # type: ignore[import-untyped]
            except ImportError:
                print("PostgreSQL left out: no --postgres-url, no pgserver (the dev extra)")
            else:
                server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
                server.psql("CREATE DATABASE bench;")
                postgres_url = str(server.get_uri("bench"))
        if "postgres" in engines and postgres_url is not None:
            from storage.postgres import PostgresStore

            async with PostgresStore(postgres_url) as pg:
                results["postgres"] = await measure(pg, matches, commits, repeat)
        if server is not None:
            server.cleanup()

    rows = [
        ("create a match", "create_ms"),
        (f"due_matches, nothing due of {matches}", "due_idle_ms"),
        ("due_matches, 100 due", "due_100_ms"),
        ("commit a move (state, log, deadline)", "commit_ms"),
    ]
    names = list(results)
    print(f"{'median ms':40}" + "".join(f"{e:>10}" for e in names))
    for label, key in rows:
        print(f"{label:40}" + "".join(f"{results[e][key]:>10.2f}" for e in names))
    worst = max(results[e]["due_idle_ms"] for e in names)
    print(f"idle due_matches target ≤ {TARGET_IDLE_DUE_MS} ms: worst engine {worst:.2f} ms")
    emit(
        "storage",
        {"matches": matches, **{f"{e}_{k}": v for e, r in results.items() for k, v in r.items()}},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--commits", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--engines", default="memory,sqlite,postgres", help="comma separated")
    parser.add_argument("--postgres-url", default=None, help="postgresql://… (else pgserver)")
    args = parser.parse_args()
    engines = {e.strip() for e in args.engines.split(",") if e.strip()}
    asyncio.run(main_async(args.matches, args.commits, args.repeat, engines, args.postgres_url))


if __name__ == "__main__":
    main()
