"""The deadlines role for tournaments (issue 18.3): the scheduler asks an index which leagues
and Swiss events are due, earliest first. Every store runs these; the query-plan tests look
inside the two SQL stores."""

from __future__ import annotations

from pathlib import Path

import asyncpg
import pytest

from storage import (
    TOURNAMENT_CANCELLED,
    TOURNAMENT_RUNNING,
    SqliteStore,
    Store,
)
from storage.postgres import TOURNAMENTS_DUE_QUERY as PG_DUE_QUERY
from storage.postgres import PostgresStore
from storage.sqlite import TOURNAMENTS_DUE_QUERY as SQLITE_DUE_QUERY
from tests.storage.conftest import MakeTournament


async def test_due_tournaments_earliest_first_ties_by_id_and_limited(
    store: Store, make_tournament: MakeTournament
) -> None:
    late = await make_tournament(due_at=300.0)
    tie_a = await make_tournament(due_at=200.0, status=TOURNAMENT_RUNNING)
    tie_b = await make_tournament(due_at=200.0)
    early = await make_tournament(due_at=100.0, status=TOURNAMENT_RUNNING)
    await make_tournament(due_at=301.0)  # not yet due
    await make_tournament()  # never due
    closed = await make_tournament(due_at=50.0)
    await store.update_tournament(closed.id, 1, now=101.0, status=TOURNAMENT_CANCELLED)

    due = await store.due_tournaments(300.0)
    assert [t.id for t in due] == [early.id, tie_a.id, tie_b.id, late.id]
    assert due[0] == await store.get_tournament(early.id)
    assert [t.id for t in await store.due_tournaments(300.0, limit=2)] == [early.id, tie_a.id]
    assert [t.id for t in await store.due_tournaments(200.0)] == [early.id, tie_a.id, tie_b.id]
    assert await store.due_tournaments(99.9) == []
    assert [t.id for t in await store.due_tournaments(300.0, 100)] == [t.id for t in due]


async def test_due_tournaments_refuses_a_limit_that_is_not_a_count(store: Store) -> None:
    for limit in (0, -1, True):
        with pytest.raises(ValueError):
            await store.due_tournaments(1.0, limit=limit)


async def test_a_moved_deadline_moves_the_tournament_in_the_queue(
    store: Store, make_tournament: MakeTournament
) -> None:
    first = await make_tournament(due_at=100.0)
    second = await make_tournament(due_at=200.0)
    await store.update_tournament(first.id, 1, now=150.0, due_at=400.0)
    assert [t.id for t in await store.due_tournaments(1000.0)] == [second.id, first.id]
    await store.update_tournament(second.id, 1, now=150.0, due_at=None)
    assert [t.id for t in await store.due_tournaments(1000.0)] == [first.id]


async def test_sqlite_due_query_reads_the_partial_index(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "bot.db") as store:
        plan = await store.on_connection(
            lambda conn: conn.execute(f"EXPLAIN QUERY PLAN {SQLITE_DUE_QUERY}", (1.0, 5)).fetchall()
        )
        text = " ".join(str(row[3]) for row in plan)
        assert "tournaments_due" in text, text
        assert "TEMP B-TREE" not in text, text  # the index gives the order: no sort
        listing = await store.on_connection(
            lambda conn: conn.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM tournaments WHERE guild_id = ? AND status = ?",
                ("g1", "running"),
            ).fetchall()
        )
        assert "tournaments_by_guild" in " ".join(str(row[3]) for row in listing)


async def test_postgres_due_query_reads_the_partial_index(pg_url: str) -> None:
    """On a server's worth of history (mostly finished events over many guilds, a few open
    with deadlines) the tick reads ``tournaments_due`` in order, with no sort, even as the
    generic plan the server caches for a prepared statement."""
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(
            "INSERT INTO tournaments (guild_id, game, name, status, created_by, created_at,"
            " updated_at, version, data, due_at)"
            " SELECT 'g' || (n % 200), 'ordo', 'T' || n,"
            " CASE WHEN n % 50 = 0 THEN 'running' ELSE 'finished' END, 'a', n, n, 1, '{}',"
            " CASE WHEN n % 50 = 0 THEN 1e9 + n END"
            " FROM generate_series(1, 5000) AS n"
        )
        await conn.execute("ANALYZE tournaments")
        await conn.execute("SET plan_cache_mode = force_generic_plan")
        lines = [r[0] for r in await conn.fetch(f"EXPLAIN {PG_DUE_QUERY}", 1.0, 100)]
        listing = [
            r[0]
            for r in await conn.fetch(
                "EXPLAIN SELECT id FROM tournaments WHERE guild_id = $1 AND status = $2",
                "g1", "running",
            )
        ]  # fmt: skip
    finally:
        await conn.close()
    text = "\n".join(lines)
    assert "tournaments_due" in text, text
    assert "Sort" not in text and "Seq Scan" not in text, text
    assert "tournaments_by_guild" in "\n".join(listing), listing
    async with PostgresStore(pg_url) as store:
        assert await store.due_tournaments(1e9) == []
        assert len(await store.due_tournaments(2e9)) == 100
