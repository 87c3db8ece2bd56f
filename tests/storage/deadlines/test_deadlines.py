"""Indexed deadlines (issue 16.2): ``due_at`` on every match, written with the commit that
makes it due, cleared when the match closes, and read back by ``due_matches`` through an index.
Every store runs these; the query-plan tests look inside the two SQL stores."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
    FINISHED,
    UNCHANGED,
    MatchUpdate,
    SqliteStore,
    StaleVersion,
    Store,
)
from storage.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from storage.postgres import DUE_QUERY as PG_DUE_QUERY
from storage.postgres import POSTGRES, PostgresStore, numbered
from storage.sql import due_matches_query
from storage.sqlite import DUE_QUERY as SQLITE_DUE_QUERY
from storage.sqlite import SQLITE
from tests.pgserver import fresh_database, migrated_through


async def test_due_at_is_stored_with_the_match(store: Store, make_match: Any) -> None:
    plain = await make_match()
    timed = await make_match(status=ACTIVE, due_at=500.25)
    assert plain.due_at is None
    assert timed.due_at == 500.25
    assert (await store.get_match(timed.id)).due_at == 500.25  # type: ignore[union-attr]
    assert [m.due_at for m in await store.list_matches()] == [500.25, None]


@pytest.mark.parametrize("closed", [FINISHED, DECLINED, CANCELLED])
async def test_a_match_created_closed_has_no_deadline(
    store: Store, make_match: Any, closed: str
) -> None:
    match = await make_match(status=closed, due_at=500.0)
    assert match.due_at is None


async def test_commit_leaves_sets_and_clears_due_at(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE, due_at=500.0)
    kept = await store.commit(match.id, 1, MatchUpdate(state={"n": 1}), now=101.0)
    assert kept.due_at == 500.0 and MatchUpdate().due_at is UNCHANGED
    moved = await store.commit(match.id, 2, MatchUpdate(due_at=900.0), now=102.0)
    assert moved.due_at == 900.0 and moved.version == 3
    cleared = await store.commit(match.id, 3, MatchUpdate(due_at=None), now=103.0)
    assert cleared.due_at is None
    assert (await store.get_match(match.id)) == cleared


async def test_a_stale_commit_moves_no_deadline(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE, due_at=500.0)
    await store.commit(match.id, 1, MatchUpdate(state={"n": 1}), now=101.0)
    with pytest.raises(StaleVersion):
        await store.commit(match.id, 1, MatchUpdate(due_at=10.0), now=102.0)
    assert (await store.get_match(match.id)).due_at == 500.0  # type: ignore[union-attr]


@pytest.mark.parametrize("closed", [FINISHED, DECLINED, CANCELLED])
async def test_closing_a_match_clears_its_deadline_whatever_the_update_says(
    store: Store, make_match: Any, closed: str
) -> None:
    match = await make_match(status=ACTIVE, due_at=500.0)
    done = await store.commit(match.id, 1, MatchUpdate(status=closed, due_at=600.0), now=101.0)
    assert done.due_at is None
    # Bookkeeping on the closed match cannot plant a deadline either.
    later = await store.commit(
        match.id, done.version, MatchUpdate(meta={"posted": 1}, due_at=700.0), now=102.0
    )
    assert later.due_at is None
    await store.set_due(match.id, 800.0)
    assert (await store.get_match(match.id)).due_at is None  # type: ignore[union-attr]
    assert await store.due_matches(10_000.0) == []


async def test_a_lobby_keeps_its_deadline(store: Store, make_match: Any) -> None:
    match = await make_match(status=CHALLENGE, due_at=500.0)
    started = await store.commit(match.id, 1, MatchUpdate(status=ACTIVE), now=101.0)
    assert started.due_at == 500.0


async def test_set_due_is_bookkeeping_outside_the_version(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE)
    await store.set_due(match.id, 300.0)
    after = await store.get_match(match.id)
    assert after is not None and after.due_at == 300.0
    assert (after.version, after.updated_at) == (match.version, match.updated_at)
    # A move read before the deadline moved still commits: the version did not change.
    await store.commit(match.id, match.version, MatchUpdate(state={"n": 1}), now=101.0)
    await store.set_due(match.id, None)
    assert (await store.get_match(match.id)).due_at is None  # type: ignore[union-attr]


async def test_set_due_on_an_unknown_match_is_a_lookup_error(store: Store) -> None:
    with pytest.raises(LookupError):
        await store.set_due(404, 1.0)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
async def test_a_deadline_that_is_no_time_is_refused(
    store: Store, make_match: Any, bad: float
) -> None:
    match = await make_match(status=ACTIVE, due_at=500.0)
    with pytest.raises(ValueError):
        await store.set_due(match.id, bad)
    with pytest.raises(ValueError):
        await store.commit(match.id, 1, MatchUpdate(due_at=bad), now=101.0)
    with pytest.raises(ValueError):
        await make_match(due_at=bad)
    stored = await store.get_match(match.id)
    assert stored is not None and stored.due_at == 500.0 and stored.version == 1


async def test_due_matches_are_active_due_and_earliest_first(store: Store, make_match: Any) -> None:
    late = await make_match(status=ACTIVE, due_at=300.0)
    early = await make_match(status=ACTIVE, due_at=100.0)
    tie = await make_match(status=ACTIVE, due_at=300.0)
    await make_match(status=ACTIVE, due_at=301.0)  # not yet
    await make_match(status=ACTIVE)  # no deadline
    await make_match(status=CHALLENGE, due_at=50.0)  # a lobby is not scheduled yet
    finished = await make_match(status=ACTIVE, due_at=60.0)
    await store.commit(finished.id, 1, MatchUpdate(status=FINISHED), now=101.0)

    due = await store.due_matches(300.0)
    assert [m.id for m in due] == [early.id, late.id, tie.id]
    assert [m.id for m in await store.due_matches(300.0, limit=2)] == [early.id, late.id]
    assert await store.due_matches(99.0) == []
    assert due[0] == await store.get_match(early.id)


async def test_due_matches_leave_out_the_skipped_ones_before_the_limit(
    store: Store, make_match: Any
) -> None:
    """The tick skips the matches whose computer turn is queued (they stay due until
    played): the query leaves them out, so however many are queued the clocks still get
    their batch — and more ids than one SQLite statement takes in a list work too."""
    made = [await make_match(status=ACTIVE, due_at=100.0 + i) for i in range(6)]
    queued = [made[0].id, made[2].id, made[3].id]
    due = await store.due_matches(300.0, limit=2, skip=queued)
    assert [m.id for m in due] == [made[1].id, made[4].id]
    assert due[0] == await store.get_match(made[1].id)
    many = {*queued, *range(10**6, 10**6 + 1500)}
    assert [m.id for m in await store.due_matches(300.0, skip=many)] == [
        made[1].id, made[4].id, made[5].id,
    ]  # fmt: skip
    assert [m.id for m in await store.due_matches(300.0, skip=())] == [m.id for m in made]


async def test_due_matches_limit_must_be_a_positive_count(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.due_matches(1.0, limit=0)


async def test_a_new_deadline_takes_a_match_out_of_the_due_list(
    store: Store, make_match: Any
) -> None:
    """The scheduler's round: read what is due, act, plan the next look."""
    match = await make_match(status=ACTIVE, due_at=100.0)
    assert [m.id for m in await store.due_matches(150.0)] == [match.id]
    await store.set_due(match.id, 250.0)
    assert await store.due_matches(150.0) == []
    assert [m.id for m in await store.due_matches(250.0)] == [match.id]


_MANY = 10_000


async def test_sqlite_due_query_reads_the_partial_index(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "bot.db") as store:
        rows = [
            ("ordo", "{}", 1, ACTIVE if i % 3 else FINISHED, "u", 1.0, 1.0, 1, "{}",
             1e9 + i if i % 3 else None)
            for i in range(_MANY)
        ]  # fmt: skip

        def seed(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            conn.executemany(
                "INSERT INTO matches (game, options, seed, status, created_by, created_at,"
                " updated_at, version, meta, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            conn.execute(
                "INSERT INTO snapshots (match_id, version, state) SELECT id, 1, '{}' FROM matches"
            )
            # No ANALYZE: a fresh file has no statistics, and the tick must be cheap anyway.
            return conn.execute(f"EXPLAIN QUERY PLAN {SQLITE_DUE_QUERY}", (500.0, 500)).fetchall()

        plan = await store.on_connection(seed)
        skipping = await store.on_connection(
            lambda conn: conn.execute(
                f"EXPLAIN QUERY PLAN {due_matches_query(SQLITE, skipping=True)}",
                (500.0, "[1, 2]", 500),
            ).fetchall()
        )
        for rows in (plan, skipping):
            details = " | ".join(str(row[3]) for row in rows)
            assert "INDEX matches_due" in details, details
            assert "SCAN m " not in details + " " and "TEMP B-TREE" not in details, details
        assert await store.due_matches(500.0) == []
        assert len(await store.due_matches(1e9 + _MANY)) == 500
        assert len(await store.due_matches(1e9 + _MANY, skip=range(1, 400))) == 500


async def test_postgres_due_query_reads_the_partial_index(pg_url: str) -> None:
    async with PostgresStore(pg_url) as store:
        pool = store._pool
        assert pool is not None
        await pool.execute(
            "INSERT INTO matches (game, options, seed, status, created_by, created_at,"
            " updated_at, version, meta, due_at)"
            " SELECT 'ordo', '{}', 1, CASE WHEN i % 3 = 0 THEN 'finished' ELSE 'active' END,"
            " 'u', 1, 1, 1, '{}', CASE WHEN i % 3 = 0 THEN NULL ELSE 1e9 + i END"
            " FROM generate_series(0, $1 - 1) AS i",
            _MANY,
        )
        await pool.execute(
            "INSERT INTO snapshots (match_id, version, state) SELECT id, 1, '{}' FROM matches"
        )
        await pool.execute("ANALYZE matches")
        async with pool.acquire() as conn:
            # A prepared statement with parameters, as the store runs it, forced to the
            # generic plan that the server caches for repeated ticks.
            await conn.execute("SET plan_cache_mode = force_generic_plan")
            lines = [r[0] for r in await conn.fetch(f"EXPLAIN {PG_DUE_QUERY}", 500.0, 500)]
            skipping = numbered(due_matches_query(POSTGRES, skipping=True))
            both = [r[0] for r in await conn.fetch(f"EXPLAIN {skipping}", 500.0, [1, 2], 500)]
            await conn.execute("RESET plan_cache_mode")
        for text in ("\n".join(lines), "\n".join(both)):
            assert "matches_due" in text, text
            assert "Seq Scan on matches" not in text, text
        assert await store.due_matches(500.0) == []
        assert len(await store.due_matches(1e9 + _MANY)) == 500


async def test_upgrading_a_sqlite_file_makes_its_active_matches_due_at_once(
    tmp_path: Path,
) -> None:
    """Matches from before migration 4 have no deadline yet: the scheduler must look at each
    active one on its first tick (and plan its real deadline), or their clocks would stop."""
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL)")
        for number in (1, 2, 3):
            for statement in SQLITE_MIGRATIONS[number - 1]:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
        for match_id, status in ((1, ACTIVE), (2, FINISHED), (3, CHALLENGE)):
            conn.execute(
                "INSERT INTO matches (id, game, options, seed, status, created_by, created_at,"
                " updated_at, version, meta) VALUES (?, 'ordo', '{}', 1, ?, 'a', 1, ?, 1, '{}')",
                (match_id, status, 10.0 * match_id),
            )
            conn.execute("INSERT INTO snapshots VALUES (?, 1, '{}')", (match_id,))
    async with SqliteStore(path) as store:
        assert [m.id for m in await store.due_matches(1e12)] == [1]
        assert (await store.get_match(1)).due_at == 0.0  # type: ignore[union-attr]
        assert (await store.get_match(3)).due_at is None  # type: ignore[union-attr]


async def test_upgrading_a_postgres_database_makes_its_active_matches_due_at_once(
    pg_server: Any,
) -> None:
    url = fresh_database(pg_server)
    conn = await asyncpg.connect(url)
    try:
        await migrated_through(conn, 3)
        for match_id, status in ((1, ACTIVE), (2, FINISHED), (3, CHALLENGE)):
            await conn.execute(
                "INSERT INTO matches (id, game, options, seed, status, created_by, created_at,"
                " updated_at, version, meta) VALUES ($1, 'ordo', '{}', 1, $2, 'a', 1, $3, 1,"
                " '{}')",
                match_id, status, 10.0 * match_id,
            )  # fmt: skip
            await conn.execute("INSERT INTO snapshots VALUES ($1, 1, '{}')", match_id)
    finally:
        await conn.close()
    async with PostgresStore(url) as store:
        assert [m.id for m in await store.due_matches(1e12)] == [1]
        assert (await store.get_match(1)).due_at == 0.0  # type: ignore[union-attr]
        assert (await store.get_match(3)).due_at is None  # type: ignore[union-attr]
