"""The store for a bot serving many communities: PostgreSQL through an asyncpg pool.

The transactions themselves are :class:`storage.sql.SqlStore`'s, shared with SQLite, and
``tests/storage`` drives the memory, SQLite and PostgreSQL stores with the same tests; this
module opens the pool, begins and ends transactions, elects the scheduler's leader and runs
the shared SQL on asyncpg. SQLite serialises writers with one file lock; here several bot
processes may write at once, so each write transaction first locks the rows it decides on
(``SELECT … FOR UPDATE``, the dialect's ``lock_rows``): the match row for a commit, the rating
rows in user order for a finishing commit. A second writer waits for the first and then sees
its result, which is what makes the version check, the closed-match guard and the rating check
as strong as they are in SQLite. Waits are bounded by ``lock_timeout``; a wait that runs out
(someone holding a lock in ``psql``), a deadlock or a lost connection becomes
:class:`StoreBusy`, like a busy SQLite file: worth a short retry.

JSON columns are ``json`` (not ``jsonb``): ``json`` keeps the exact text the one strict encoder
in ``storage.integrity`` wrote, key order included, just as SQLite and the memory store do, and
asyncpg hands it back as that text.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import asyncpg

from storage.base import StoreBusy
from storage.pg_migrations import MATCH_CHANNEL, PgConnection, migrate
from storage.sql import (
    Dialect,
    SqlStore,
    Work,
    due_matches_query,
    due_tournaments_query,
)

LOCK_TIMEOUT_MS = 1500
"""How long a statement waits for a row another connection holds, as SQLite's busy timeout:
a commit holds its rows for milliseconds, so a longer wait means someone is holding them by
hand, and the player is better served by an honest "busy" than by a hung command."""
OPEN_PATIENCE_S = 20.0
"""How long opening keeps trying while the server is still starting (``docker compose up``
starts the bot and the database together)."""

_BUSY_ERRORS = (
    asyncpg.exceptions.LockNotAvailableError,  # lock_timeout ran out
    asyncpg.exceptions.TransactionRollbackError,  # deadlock or serialization failure
    # The server restarting, or an administrator cutting connections: the pool replaces a
    # lost connection on the next call. Retrying a commit whose COMMIT was lost is safe: if it
    # did land, the retry finds the version moved on (StaleVersion) instead of applying twice.
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    OSError,
)
_STARTING_ERRORS = (OSError, asyncpg.exceptions.CannotConnectNowError)
_LOST_ERRORS = (
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
)
_TRY_LOCK = "SELECT pg_try_advisory_lock(hashtextextended($1, 0))"
_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"

log = logging.getLogger(__name__)
T = TypeVar("T")

_USES_LOCK_CLASS = 7_361
"""First key of the two-key advisory lock taken while counting a user's uses; two-key locks
never collide with the one-key locks of leadership and migrations (PostgreSQL keeps the two
key spaces apart)."""

POSTGRES = Dialect(
    lock_rows=" FOR UPDATE", bytewise=' COLLATE "C"', greatest="GREATEST", arrays=True,
    index_hints=False, meta_number="CAST(meta->>CAST(? AS text) AS BIGINT)",
    settings_text="(settings->>'{key}')",
    serialize_uses=(
        f"SELECT pg_advisory_xact_lock({_USES_LOCK_CLASS}, hashtext(? || ':' || ?))"
    ),
    json_list="json_agg", json_row="json_build_array", json_reads=True,
)  # fmt: skip
"""Rows are locked, text sorts by code point only when asked (``"C"``), a list travels as
one array so a statement's text, and the plan the server caches for it, never varies,
counted uses of one user wait for each other on an advisory lock (several processes may ask
at once, and there is no row to lock before the first use), and a match with its log, names
and settings comes back in one statement (every statement is a trip to the server)."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The shared SQL in asyncpg's marks: each ``?`` becomes ``$1``, ``$2``… in order.

    The shared SQL has no ``?`` inside a string literal or an identifier, so every one is a
    parameter. Cached: the same few statements run again and again.
    """
    marks = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(marks)}", sql)


DUE_QUERY = numbered(due_matches_query(POSTGRES))
TOURNAMENTS_DUE_QUERY = numbered(due_tournaments_query(POSTGRES))


def _lock_name(name: str) -> str:
    """Advisory lock keys are server-wide numbers; the prefix keeps ours apart from others'."""
    return f"boardbot:{name}"


class PostgresStore(SqlStore):
    """Persistence in PostgreSQL; see :mod:`storage.base` for the contract.

    ``try_lead``/``release_lead`` elect one scheduler among bot processes with session-level
    advisory locks held on a dedicated connection: the lock lives exactly as long as that
    connection, so a crashed leader's lock is released by the server and another process
    takes over on its next try.
    """

    dialect = POSTGRES

    def __init__(
        self,
        dsn: str,
        *,
        password: str | None = None,
        min_size: int = 1,
        max_size: int = 10,
        open_patience: float = OPEN_PATIENCE_S,
    ) -> None:
        self.dsn = dsn
        self._password = password
        """Kept apart from ``dsn`` (``DATABASE_PASSWORD``) so it needs no URL encoding; None
        leaves asyncpg to the URL's password, then libpq's ``PGPASSWORD`` and ``.pgpass``."""
        self._min_size = min_size
        self._max_size = max_size
        self._open_patience = open_patience
        self._pool: asyncpg.Pool | None = None
        self._lead_conn: asyncpg.Connection | None = None
        self._leading: set[str] = set()

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect (waiting while the server starts up) and migrate; idempotent."""
        if self._pool is not None:
            return
        deadline = time.monotonic() + self._open_patience
        delay = 0.1
        while True:
            try:
                pool = await asyncpg.create_pool(
                    self.dsn,
                    password=self._password,
                    min_size=self._min_size,
                    max_size=self._max_size,
                    server_settings={
                        "lock_timeout": str(LOCK_TIMEOUT_MS),
                        "application_name": "boardbot",
                    },
                    reset=_nothing_to_reset,
                )
                break
            except _STARTING_ERRORS:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        try:
            async with pool.acquire() as conn:
                await migrate(conn, time.time())
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Close the pool and the leadership connection; leadership passes to another process."""
        self._leading.clear()
        if self._lead_conn is not None:
            conn, self._lead_conn = self._lead_conn, None
            await conn.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    def _require(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open; call open() or use 'async with'")
        return self._pool

    async def _read(self, work: Work[T]) -> T:
        """A read-only snapshot, so a match row and its seats come from the same moment."""
        return await self._transaction(work, isolation="repeatable_read", readonly=True)

    async def _write(self, work: Work[T]) -> T:
        """One READ COMMITTED transaction, committed when ``work`` returns, rolled back on any
        error (cancellation included: asyncpg rolls back a transaction block left by one)."""
        return await self._transaction(work)

    async def _statement(self, work: Work[T]) -> T:
        """One statement needs no transaction around it (it sees one snapshot and is atomic
        by itself), so the two trips to the server for BEGIN and COMMIT are saved."""
        return await self._transaction(work, transaction=False)

    async def _transaction(self, work: Work[T], transaction: bool = True, **options: Any) -> T:
        async with self._require().acquire() as conn:
            try:
                if not transaction:
                    return await work(_PostgresConnection(conn))
                async with conn.transaction(**options):
                    return await work(_PostgresConnection(conn))
            except _BUSY_ERRORS as exc:
                raise StoreBusy(str(exc)) from exc
            except asyncpg.exceptions.InternalClientError as exc:
                # asyncpg's answer, now and then, to a connection the server cut while it sat
                # idle in the pool (MagicStack/asyncpg#1069). Such a connection must not go back
                # to the pool: close it here so the pool opens a fresh one.
                conn.terminate()
                raise StoreBusy(f"the database connection was lost: {exc}") from exc

    # -- news of changes -------------------------------------------------------------------
    async def watch_matches(
        self, changed: Callable[[int], None]
    ) -> Callable[[], Awaitable[None]] | None:
        """See :meth:`Store.watch_matches`: a connection of its own LISTENs on the channel
        every change of a match's version notifies (a trigger, migration 9), whichever
        process made it, so nobody has to poll."""
        self._require()
        conn = await asyncpg.connect(
            self.dsn,
            password=self._password,
            server_settings={"application_name": "boardbot-listener"},
        )

        def heard(_conn: object, _pid: int, _channel: str, payload: object) -> None:
            try:
                changed(int(str(payload)))
            except ValueError:
                log.warning("ignored a match change notice %r", str(payload)[:40])

        await conn.add_listener(MATCH_CHANNEL, heard)

        async def stop() -> None:
            if not conn.is_closed():
                await conn.close()

        return stop

    # -- leadership ------------------------------------------------------------------------
    async def try_lead(self, name: str) -> bool:
        """True if this store leads ``name`` now; never waits for the current leader.

        A leader asking again gets True only while its lock connection is alive: if the
        server dropped it, the lock went with it and another process may lead already, so
        this one answers False (logged), and tries for the lock afresh on its next call. A
        server that cannot be reached is also a False: no leader is better than two.
        """
        self._require()
        try:
            conn = await self._lead_connection()
            if name in self._leading:
                await conn.fetchval("SELECT 1")
                return True
            got = bool(await conn.fetchval(_TRY_LOCK, _lock_name(name)))
        except _LOST_ERRORS as exc:
            was_leading = name in self._leading
            self._drop_lead_connection()
            log.warning(
                "lost the connection holding the %r lock (%s)%s", name, exc,
                "; stepping down until the lock is won again" if was_leading else "",
            )  # fmt: skip
            return False
        if got:
            self._leading.add(name)
        return got

    async def release_lead(self, name: str) -> None:
        """Give up ``name`` so another process may lead; releasing what one lacks is a no-op."""
        if name not in self._leading or self._lead_conn is None:
            return
        self._leading.discard(name)
        try:
            await self._lead_conn.fetchval(_UNLOCK, _lock_name(name))
        except _LOST_ERRORS:
            self._drop_lead_connection()  # the lock went with the connection anyway

    async def _lead_connection(self) -> asyncpg.Connection:
        """The connection that holds this process's leadership locks, opened on first use."""
        if self._lead_conn is None or self._lead_conn.is_closed():
            self._leading.clear()
            self._lead_conn = await asyncpg.connect(
                self.dsn,
                password=self._password,
                server_settings={"application_name": "boardbot-leader"},
            )
        return self._lead_conn

    def _drop_lead_connection(self) -> None:
        self._leading.clear()
        conn, self._lead_conn = self._lead_conn, None
        if conn is not None and not conn.is_closed():
            conn.terminate()


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """What a connection going back to the pool needs beyond asyncpg's own rollback of an
    open transaction: nothing. The store changes no session state on a pooled connection —
    its settings are fixed at connect, its advisory locks end with their transaction, it
    never listens — so asyncpg's default reset (``RESET ALL``, ``UNLISTEN``, unlocking,
    ``CLOSE ALL``) would only cost a trip to the server after every call."""


class _PostgresConnection:
    """The shared SQL on one asyncpg connection."""

    def __init__(self, conn: PgConnection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> int:
        status: str = await self._conn.execute(numbered(sql), *params)
        count = status.rsplit(" ", 1)[-1]  # "INSERT 0 1", "UPDATE 2", "DELETE 0"
        return int(count) if count.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, *params: Any) -> Sequence[asyncpg.Record]:
        found: list[asyncpg.Record] = await self._conn.fetch(numbered(sql), *params)
        return found

    async def fetchrow(self, sql: str, *params: Any) -> asyncpg.Record | None:
        row: asyncpg.Record | None = await self._conn.fetchrow(numbered(sql), *params)
        return row

    async def fetchval(self, sql: str, *params: Any) -> Any:
        return await self._conn.fetchval(numbered(sql), *params)

    async def insert(self, sql: str, *params: Any) -> int:
        new_id: int = await self._conn.fetchval(f"{numbered(sql)} RETURNING id", *params)
        return new_id
