"""The production store: one SQLite file, one connection, one thread of its own.

The transactions themselves are :class:`storage.sql.SqlStore`'s, shared with PostgreSQL; this
module opens the file, runs each transaction and runs the shared SQL on ``sqlite3``.

Why a thread of its own, and one crossing per transaction: ``sqlite3`` blocks while it works
(and while another process holds the file, up to the busy timeout), so the event loop must
not call it directly; but crossing to a thread for every statement, as a general-purpose
async wrapper does, cost about 0.2 ms of CPU per store call, more than SQLite's own work (a
few microseconds for an indexed read or a commit under WAL). So each transaction is one
function (:data:`storage.sql.Work`) that only awaits the connection, whose methods here
never suspend: the thread runs that function from ``BEGIN`` to ``COMMIT`` in one go
(:func:`_run_to_end`) and the event loop awaits one future.

One thread, one connection: transactions run one after another in the order they were
asked, so no lock is needed, a read never sees another's open transaction, and a transaction
whose caller was cancelled still runs to its own commit or rollback (the caller merely stops
waiting), never leaving the connection inside a transaction.

The connection runs in autocommit mode (``isolation_level=None``) and each transaction opens
its own ``BEGIN`` (reads) or ``BEGIN IMMEDIATE`` (writes), so the boundaries are exactly the
ones written here. That write lock covers the whole file, so SQLite's dialect locks no rows: a
write's reads already hold until it commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from storage.base import StoreBusy
from storage.migrations import migrate, rollback_if_open
from storage.sql import (
    Dialect,
    SqlStore,
    Work,
    due_matches_query,
    due_tournaments_query,
)

T = TypeVar("T")

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
        self._conn: sqlite3.Connection | None = None
        self._thread: ThreadPoolExecutor | None = None

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect, set the pragmas and migrate; opening an open store does nothing."""
        if self._conn is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        thread = self._thread = self._thread or ThreadPoolExecutor(1, "sqlite")
        deadline = time.monotonic() + OPEN_PATIENCE_S
        delay = 0.05
        while True:
            try:
                self._conn = await asyncio.get_running_loop().run_in_executor(
                    thread, _connect, self.path
                )
                return
            except sqlite3.OperationalError as exc:
                # Switching a new file to WAL takes an exclusive lock without waiting on the
                # busy handler: a second process opening the same new file at the same moment
                # gets "database is locked" at once. It only has to wait its turn.
                if not _is_busy(exc) or time.monotonic() > deadline:
                    thread.shutdown(wait=False)
                    self._thread = None
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)

    async def close(self) -> None:
        conn, thread = self._conn, self._thread
        self._conn, self._thread = None, None
        if thread is None:
            return
        if conn is not None:
            await asyncio.get_running_loop().run_in_executor(thread, conn.close)
        thread.shutdown(wait=False)

    async def on_connection(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` in the store's thread, between transactions: for tests and
        benchmarks that reach the file directly (a statement trace, a query plan, a bulk
        seed). Whatever ``fn`` leaves open it must close."""
        conn, thread = self._require()
        return await asyncio.get_running_loop().run_in_executor(thread, fn, conn)

    async def _read(self, work: Work[T]) -> T:
        """A read transaction, so the match row and its seats come from the same moment even
        if another process (a backup script, the sqlite3 shell) writes in between."""
        return await self._transaction("BEGIN", work)

    async def _write(self, work: Work[T]) -> T:
        """A write transaction that takes the write lock up front: a match is read and
        rewritten in one go, so waiting for the lock later could only end in a busy error."""
        return await self._transaction("BEGIN IMMEDIATE", work)

    async def _transaction(self, begin: str, work: Work[T]) -> T:
        conn, thread = self._require()
        return await asyncio.get_running_loop().run_in_executor(
            thread, _in_transaction, conn, begin, work
        )

    def _require(self) -> tuple[sqlite3.Connection, ThreadPoolExecutor]:
        if self._conn is None or self._thread is None:
            raise RuntimeError("the store is not open; call open() or use 'async with'")
        return self._conn, self._thread


def _connect(path: Path) -> sqlite3.Connection:
    """In the store's thread: the connection, its pragmas, the schema brought up to date."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        # WAL makes NORMAL durable against application crashes, which is what a bot needs.
        conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn, time.time())
    except BaseException:
        conn.close()
        raise
    return conn


def _in_transaction(conn: sqlite3.Connection, begin: str, work: Work[T]) -> T:
    """In the store's thread: ``work`` from ``begin`` to ``COMMIT``, rolled back on any error;
    a busy file becomes :class:`StoreBusy`."""
    try:
        conn.execute(begin)
        result = _run_to_end(work(_SqliteConnection(conn)))
        conn.execute("COMMIT")
        return result
    except sqlite3.OperationalError as exc:
        rollback_if_open(conn)
        if _is_busy(exc):
            raise StoreBusy(str(exc)) from exc
        raise
    except BaseException:
        rollback_if_open(conn)
        raise


def _run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """The value of a coroutine that never suspends (it awaits only :class:`_SqliteConnection`,
    whose methods return at once), run without an event loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a SQLite transaction awaited something other than its connection")


class _SqliteConnection:
    """The shared SQL on ``sqlite3``, whose ``?`` marks it already speaks. Its methods are
    coroutines for the shared code's sake, but never suspend (see :func:`_run_to_end`)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> int:
        return self._conn.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, *params: Any) -> Sequence[sqlite3.Row]:
        rows: list[sqlite3.Row] = self._conn.execute(sql, params).fetchall()
        return rows

    async def fetchrow(self, sql: str, *params: Any) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self._conn.execute(sql, params).fetchone()
        return row

    async def fetchval(self, sql: str, *params: Any) -> Any:
        row = await self.fetchrow(sql, *params)
        return None if row is None else row[0]

    async def insert(self, sql: str, *params: Any) -> int:
        new_id = self._conn.execute(sql, params).lastrowid
        assert new_id is not None
        return new_id


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text
