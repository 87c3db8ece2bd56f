"""The production store: one SQLite file through one aiosqlite connection.

The transactions themselves are :class:`storage.sql.SqlStore`'s, shared with PostgreSQL; this
module opens the file, begins and ends transactions, and runs the shared SQL on aiosqlite.

Every call takes the store's ``asyncio.Lock``. A single connection has a single transaction, so
without the lock a read from one coroutine could run inside another coroutine's open
transaction (seeing uncommitted rows) and two writers could interleave their statements. The
lock costs little: the bot is one process and each call is a handful of indexed statements.

The connection runs in autocommit mode (``isolation_level=None``) and writes open their own
``BEGIN IMMEDIATE``, so the transaction boundaries are exactly the ones written here rather
than the ones the ``sqlite3`` module would guess. That write lock covers the whole file, so
SQLite's dialect locks no rows: a write's reads already hold until it commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.base import StoreBusy
from storage.migrations import migrate, rollback_if_open
from storage.sql import (
    Dialect,
    SqlConnection,
    SqlStore,
    due_matches_query,
    due_tournaments_query,
)

BUSY_TIMEOUT_MS = 1500
"""How long a statement waits for another process (a backup, the sqlite3 shell) to let go.
Short on purpose: the service retries a busy store briefly and then tells the player it is
busy, which is better than a silent five-second wait ending in an apology."""
OPEN_PATIENCE_S = 20.0
"""How long opening waits while another process creates or migrates the same new file."""

SQLITE = Dialect(lock_rows="", bytewise="", greatest="MAX", arrays=False, index_hints=True)
"""No row locks (``BEGIN IMMEDIATE`` holds the file), text already sorts by code point
(``BINARY``), and indexes are named outright: a fresh file has no ``ANALYZE`` statistics."""
DUE_QUERY = due_matches_query(SQLITE)
TOURNAMENTS_DUE_QUERY = due_tournaments_query(SQLITE)


class SqliteStore(SqlStore):
    """Persistence in a SQLite file; see :mod:`storage.base` for the contract."""

    dialect = SQLITE

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect, set the pragmas and migrate; opening an open store does nothing."""
        if self._conn is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + OPEN_PATIENCE_S
        delay = 0.05
        while True:
            try:
                self._conn = await self._connect()
                return
            except sqlite3.OperationalError as exc:
                # Switching a new file to WAL takes an exclusive lock without waiting on the
                # busy handler: a second process opening the same new file at the same moment
                # gets "database is locked" at once. It only has to wait its turn.
                if not _is_busy(exc) or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            # WAL makes NORMAL durable against application crashes, which is what a bot needs.
            await conn.execute("PRAGMA synchronous = NORMAL")
            await migrate(conn, time.time())
        except BaseException:
            await conn.close()
            raise
        return conn

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            async with self._lock:
                await conn.close()

    def _reading(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A read transaction, so the match row and its seats come from the same moment even
        if another process (a backup script, the sqlite3 shell) writes in between."""
        return self._transaction("BEGIN")

    def _writing(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A write transaction that takes the write lock up front: a match is read and
        rewritten in one go, so waiting for the lock later could only end in a busy error."""
        return self._transaction("BEGIN IMMEDIATE")

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[SqlConnection]:
        """Committed when the block ends, rolled back on any error.

        ``BaseException`` covers cancellation too; a cancelled move must not leave its
        transaction open for the next coroutine to commit by accident.
        """
        async with self._lock:
            conn = self._require()
            try:
                await conn.execute(begin)
                yield _SqliteConnection(conn)
                await conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                await rollback_if_open(conn)
                if _is_busy(exc):
                    raise StoreBusy(str(exc)) from exc
                raise
            except BaseException:
                await rollback_if_open(conn)
                raise

    def _require(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the store is not open; call open() or use 'async with'")
        return self._conn


class _SqliteConnection:
    """The shared SQL on aiosqlite, whose ``?`` marks it already speaks."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> int:
        async with self._conn.execute(sql, params) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, *params: Any) -> Sequence[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, *params: Any) -> sqlite3.Row | None:
        async with self._conn.execute(sql, params) as cur:
            row: sqlite3.Row | None = await cur.fetchone()
        return row

    async def fetchval(self, sql: str, *params: Any) -> Any:
        row = await self.fetchrow(sql, *params)
        return None if row is None else row[0]

    async def insert(self, sql: str, *params: Any) -> int:
        async with self._conn.execute(sql, params) as cur:
            new_id = cur.lastrowid
        assert new_id is not None
        return new_id


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text
