"""What only the SQLite store has: the file, its pragmas, migrations and transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage import (
    ACTIVE,
    ActionRecord,
    MatchUpdate,
    SchemaTooNew,
    SqliteStore,
    StaleVersion,
)
from storage.migrations import LATEST_VERSION, MIGRATIONS


async def _create(store: SqliteStore, **extra: object) -> int:
    made = await store.create_match(
        game="ordo", options={"size": 10}, seed=7, status=ACTIVE, seats=["a", "b"],
        created_by="a", state={"s": 0}, now=1.0, **extra,
    )  # fmt: skip
    return made.id


def _query(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


async def test_open_creates_parent_folder_schema_and_version_rows(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "bot.db"
    async with SqliteStore(path):
        pass
    assert path.exists()
    tables = {name for (name,) in _query(path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"schema_version", "users", "matches", "seats", "actions", "snapshots"} <= tables
    versions = [v for (v,) in _query(path, "SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    indexes = {n for (n,) in _query(path, "SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"seats_by_user", "matches_by_status", "matches_by_thread"} <= indexes


async def test_wal_and_foreign_keys_are_on(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "bot.db")
    async with store:
        conn = store._conn
        assert conn is not None
        async with conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        async with conn.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1
        async with conn.execute("PRAGMA busy_timeout") as cur:
            assert (await cur.fetchone())[0] > 0
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute("INSERT INTO seats (match_id, seat, user_id) VALUES (999, 0, 'x')")


async def test_reopening_the_file_keeps_data_and_migrates_once(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as first:
        await first.ensure_user("a", "Ann", now=1.0)
        match_id = await _create(first)
        await first.commit(
            match_id, 1, MatchUpdate(state={"s": 1}, thread_id="t"), now=2.0,
            append=[ActionRecord(ply=1, seat=0, notation="x", created_at=2.0)],
        )  # fmt: skip
    async with SqliteStore(path) as second:
        await second.open()  # opening an open store is harmless too
        got = await second.get_match(match_id)
        assert got is not None
        assert (got.version, got.state, got.thread_id) == (2, {"s": 1}, "t")
        assert await second.user_name("a") == "Ann"
        assert [a.notation for a in await second.actions(match_id)] == ["x"]
    assert _query(path, "SELECT COUNT(*) FROM schema_version") == [(LATEST_VERSION,)]


async def test_database_from_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path):
        pass
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (?, 0)", (LATEST_VERSION + 1,))
    store = SqliteStore(path)
    with pytest.raises(SchemaTooNew, match=f"version {LATEST_VERSION + 1}"):
        await store.open()
    with pytest.raises(RuntimeError, match="not open"):
        await store.get_match(1)


async def test_using_a_closed_store_says_so(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "bot.db")
    with pytest.raises(RuntimeError, match="not open"):
        await store.user_name("a")
    async with store:
        await store.ensure_user("a", "A", now=1.0)
    with pytest.raises(RuntimeError, match="not open"):
        await store.user_name("a")


@pytest.mark.parametrize("yields", range(12))
async def test_cancelled_commit_leaves_no_open_transaction(tmp_path: Path, yields: int) -> None:
    """Whenever a move is cancelled, it applied fully or not at all, and the next one works."""
    async with SqliteStore(tmp_path / "bot.db") as store:
        match_id = await _create(store)
        task = asyncio.create_task(
            store.commit(
                match_id, 1, MatchUpdate(state={"s": 1}), now=2.0,
                append=[ActionRecord(ply=1, seat=0, notation="x", created_at=2.0)],
            )
        )  # fmt: skip
        for _ in range(yields):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        got = await store.get_match(match_id)
        assert got is not None
        log = await store.actions(match_id)
        assert (got.version, got.state, len(log)) in [(1, {"s": 0}, 0), (2, {"s": 1}, 1)]
        after = await store.commit(match_id, got.version, MatchUpdate(status="finished"), now=3.0)
        assert after.version == got.version + 1
        with pytest.raises(StaleVersion):
            await store.commit(match_id, got.version, MatchUpdate(), now=4.0)
