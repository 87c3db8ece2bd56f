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
    Rating,
    SchemaTooNew,
    SqliteStore,
    StaleVersion,
)
from storage.base import LiveMessages
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

        def pragma(name: str) -> object:
            return lambda conn: conn.execute(f"PRAGMA {name}").fetchone()[0]

        assert await store.on_connection(pragma("journal_mode")) == "wal"
        assert await store.on_connection(pragma("foreign_keys")) == 1
        assert await store.on_connection(pragma("busy_timeout")) > 0
        with pytest.raises(sqlite3.IntegrityError):
            await store.on_connection(
                lambda conn: conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id) VALUES (999, 0, 'x')"
                )
            )


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


def _version_1_file(path: Path) -> None:
    """A database exactly as a bot that knew only migration 1 left it, with one match."""
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (1, 0)")
        conn.execute("INSERT INTO users VALUES ('a', 'Ann', 1.0), ('b', NULL, 1.0)")
        conn.execute(
            "INSERT INTO matches (id, game, options, seed, status, created_by, guild_id,"
            " created_at, updated_at, version, result, meta) VALUES (5, 'ordo', '{}', 7,"
            " 'finished', 'a', 'g1', 1.0, 3.0, 3, '{\"winners\":[0]}', '{}')"
        )
        conn.execute("INSERT INTO seats VALUES (5, 0, 'a'), (5, 1, 'b')")
        conn.execute("INSERT INTO actions VALUES (5, 1, 0, 'a2-a3', 2.0, '{}', 0)")
        conn.execute("INSERT INTO snapshots VALUES (5, 3, '{\"s\":1}')")


async def test_version_1_database_is_migrated_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    _version_1_file(path)
    async with SqliteStore(path) as store:
        got = await store.get_match(5)
        assert got is not None
        assert (got.seats, got.version, got.state, got.result) == (
            ("a", "b"), 3, {"s": 1}, {"winners": [0]}
        )  # fmt: skip
        assert await store.user_name("a") == "Ann"
        assert [a.notation for a in await store.actions(5)] == ["a2-a3"]
        assert await store.user_settings("a") == {}
        assert await store.save_ratings("g1", "ordo", 5, [Rating("a", "ordo", "g1")], now=4.0)
        await store.save_user_settings("a", {"digest": True}, now=4.0)
    versions = _query(path, "SELECT version FROM schema_version ORDER BY version")
    assert versions == [(n,) for n in range(1, LATEST_VERSION + 1)]
    assert got.due_at is None  # migration 4 gives old matches no deadline
    tables = {n for (n,) in _query(path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"user_settings", "guild_settings", "ratings", "rated_matches"} <= tables
    assert "live_messages" in tables  # migration 13: a match's status card and ping
    assert "live_player_messages" in tables  # 14: each player's card of a direct match
    async with SqliteStore(path) as live:
        await live.keep_live_messages(LiveMessages(5, "9", "10", None))
        assert await live.live_messages(5) == LiveMessages(5, "9", "10", None)
    async with SqliteStore(path) as again:
        assert await again.user_settings("a") == {"digest": True}
        assert not await again.save_ratings("g1", "ordo", 5, [Rating("a", "ordo", "g1")], 5.0)
    assert _query(path, "SELECT COUNT(*) FROM schema_version") == [(LATEST_VERSION,)]


async def test_matches_running_before_the_upgrade_are_due_at_once(tmp_path: Path) -> None:
    """Migration 4 makes every active match due, so the first tick after an upgrade looks at
    each one and gives it its real deadline; nothing running is forgotten."""
    path = tmp_path / "bot.db"
    _version_1_file(path)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO matches (id, game, options, seed, status, created_by, guild_id,"
            " created_at, updated_at, version, result, meta) VALUES (6, 'ordo', '{}', 7,"
            " 'active', 'a', 'g1', 1.0, 3.0, 1, NULL, '{}')"
        )
        conn.execute("INSERT INTO seats VALUES (6, 0, 'a'), (6, 1, 'b')")
        conn.execute("INSERT INTO snapshots VALUES (6, 1, '{\"s\":1}')")
    async with SqliteStore(path) as store:
        assert [m.id for m in await store.due_matches(now=1.0)] == [6]
        assert (await store.get_match(5)).due_at is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO user_settings VALUES ('u', '[1]', 0)",
        "INSERT INTO user_settings VALUES ('u', '{oops', 0)",
        "INSERT INTO guild_settings VALUES ('g', '\"on\"', 0)",
        "INSERT INTO ratings VALUES ('g', 'ordo', 'u', 1500, 0, 0.06, 0, 0)",
        "INSERT INTO ratings VALUES ('g', 'ordo', 'u', 1500, 350, 0, 0, 0)",
        "INSERT INTO ratings VALUES ('g', 'ordo', 'u', 1500, 350, 0.06, -1, 0)",
        "INSERT INTO rated_matches VALUES (999, 'g', 'ordo', 0)",
    ],
)
async def test_schema_refuses_hand_edits_the_bot_could_not_load(tmp_path: Path, sql: str) -> None:
    async with SqliteStore(tmp_path / "bot.db") as store:
        with pytest.raises(sqlite3.IntegrityError):
            await store.on_connection(lambda conn: conn.execute(sql))
