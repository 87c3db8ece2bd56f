"""The production store: one SQLite file through one aiosqlite connection.

The transactions themselves are :class:`storage.sql.SqlStore`'s, shared with PostgreSQL; this
module opens the file, runs each transaction and runs the shared SQL on ``sqlite3``.

Why one thread crossing per transaction: aiosqlite keeps the ``sqlite3`` connection on a thread
of its own, so the event loop never blocks on the file (nor on another process holding it, up
to the busy timeout). Its calls cross to that thread once per statement, and each crossing cost
about 0.2 ms of CPU — more than SQLite's own work (microseconds for an indexed read or a commit
under WAL), and a move ran dozens of statements. So each transaction is one function
(:data:`storage.sql.Work`) that only awaits the connection, whose methods here never suspend:
aiosqlite's thread runs that function from ``BEGIN`` to ``COMMIT`` in one go
(:func:`_in_transaction`, :func:`_run_to_end`), and the event loop awaits one future.

One thread, one connection, one queue: transactions run one after another in the order they
were asked, so no lock is needed, a read never sees another's open transaction, and a
transaction whose caller was cancelled still runs to its own commit or rollback (the caller
merely stops waiting), never leaving the connection inside a transaction.

The connection runs in autocommit mode (``isolation_level=None``) and each transaction opens
its own ``BEGIN`` (reads) or ``BEGIN IMMEDIATE`` (writes), so the boundaries are exactly the
ones written here. That write lock covers the whole file, so SQLite's dialect locks no rows: a
write's reads already hold until it commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

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
        self._conn: aiosqlite.Connection | None = None

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect, set the pragmas and migrate; opening an open store does nothing."""
        if self._conn is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + OPEN_PATIENCE_S
        delay = 0.05
        while True:
            conn = await aiosqlite.connect(self.path, isolation_level=None)
            try:
                await _in_thread(conn, _prepare)
                self._conn = conn
                return
            except sqlite3.OperationalError as exc:
                await conn.close()
                # Switching a new file to WAL takes an exclusive lock without waiting on the
                # busy handler: a second process opening the same new file at the same moment
                # gets "database is locked" at once. It only has to wait its turn.
                if not _is_busy(exc) or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)
            except BaseException:
                await conn.close()
                raise

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def on_connection(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the connection's thread, between transactions: for tests and
        benchmarks that reach the file directly (a statement trace, a query plan, a bulk
        seed). Whatever ``fn`` leaves open it must close."""
        return await _in_thread(self._require(), fn)

    async def _read(self, work: Work[T]) -> T:
        """A read transaction, so the match row and its seats come from the same moment even
        if another process (a backup script, the sqlite3 shell) writes in between."""
        return await _in_thread(self._require(), _in_transaction, "BEGIN", work)

    async def _write(self, work: Work[T]) -> T:
        """A write transaction that takes the write lock up front: a match is read and
        rewritten in one go, so waiting for the lock later could only end in a busy error."""
        return await _in_thread(self._require(), _in_transaction, "BEGIN IMMEDIATE", work)

    async def _statement(self, work: Work[T]) -> T:
        """One statement, its own transaction (the connection is in autocommit mode)."""
        return await _in_thread(self._require(), _in_transaction, None, work)

    def _require(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the store is not open; call open() or use 'async with'")
        return self._conn


async def _in_thread(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """``fn(sqlite3_connection, *args)`` on the aiosqlite connection's own thread, in one
    crossing, behind everything queued before it.

    aiosqlite offers no public call for a function of the connection; ``_execute`` is the
    queue every one of its public calls goes through (``execute``, ``commit``, …: they
    hand it a function of the ``sqlite3`` connection, as this does), and ``_conn`` is that
    connection as its thread sees it. Both are kept in this one helper, so an aiosqlite that
    changed them would fail here, at once, in every storage test.
    """

    def call() -> T:
        return fn(conn._conn, *args)

    # ``_execute`` carries no annotations (it is private); this is the type of what it does.
    execute = cast(Callable[[Callable[[], T]], Awaitable[T]], conn._execute)
    return await execute(call)


def _prepare(conn: sqlite3.Connection) -> None:
    """On the connection's thread: its pragmas, and the schema brought up to date."""
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA foreign_keys = ON")
    # WAL makes NORMAL durable against application crashes, which is what a bot needs.
    conn.execute("PRAGMA synchronous = NORMAL")
    migrate(conn, time.time())


def _in_transaction(conn: sqlite3.Connection, begin: str | None, work: Work[T]) -> T:
    """On the connection's thread: ``work`` from ``begin`` to ``COMMIT`` (None: one statement
    on its own), rolled back on any error; a busy file becomes :class:`StoreBusy`."""
    try:
        if begin is not None:
            conn.execute(begin)
        result = _run_to_end(work(_SqliteConnection(conn)))
        if begin is not None:
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
