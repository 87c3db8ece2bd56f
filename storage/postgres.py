"""The store for a bot serving many communities: PostgreSQL through an asyncpg pool.

Same contract as :class:`storage.sqlite.SqliteStore`; ``tests/storage`` drives the memory, SQLite
and PostgreSQL stores with the same tests. SQLite serialises writers with one file lock;
here several bot processes may write at once, so each write transaction first locks the rows
it decides on (``SELECT … FOR UPDATE``): the match row for a commit, the rating rows in user
order for a finishing commit. A second writer waits for the first and then sees its result,
which is what makes the version check, the closed-match guard and the rating check as strong
as they are in SQLite. Waits are bounded by ``lock_timeout``; a wait that runs out (someone
holding a lock in ``psql``), a deadlock or a lost connection becomes :class:`StoreBusy`, like a
busy SQLite file: worth a short retry.

JSON columns are ``json`` (not ``jsonb``): ``json`` keeps the exact text the one strict encoder
in ``storage.integrity`` wrote, key order included, just as SQLite and the memory store do.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import asyncpg

from storage.base import (
    ACTIVE,
    CLOSED_STATUSES,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    ActionRecord,
    MatchRecord,
    MatchUpdate,
    Rating,
    RatingPoint,
    RatingsChanged,
    RatingsWrite,
    StaleVersion,
    Store,
    StoreBusy,
    TournamentRecord,
    Unchanged,
    Uses,
)
from storage.integrity import (
    check_continues,
    check_due,
    check_due_update,
    check_expected_games,
    check_limit,
    check_ratings,
    check_seats,
    check_status,
    check_undo_from,
    check_use,
    clean_text,
    closed_change,
    due_after,
    encode_actions,
    encode_settings,
    from_json,
    new_match,
    to_json,
)
from storage.pg_migrations import migrate
from storage.rows import (
    SettingsByKind,
    action_of,
    match_of,
    rating_of,
    rating_point_of,
    tournament_of,
)
from storage.tournaments import (
    check_open_and_current,
    due_after_change,
    new_tournament,
    tournament_change,
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
_USES_LOCK_CLASS = 7_361
"""First key of the two-key advisory lock taken while counting a user's uses; two-key locks
never collide with the one-key locks of leadership and migrations (PostgreSQL keeps the two
key spaces apart)."""

log = logging.getLogger(__name__)

_MATCH_COLUMNS = (
    "m.id, m.game, m.options::text AS options, m.seed, m.status, m.created_by, m.guild_id,"
    " m.channel_id, m.thread_id, m.created_at, m.updated_at, m.version,"
    " m.result::text AS result, m.meta::text AS meta, s.state::text AS state, m.due_at"
)
_MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
DUE_WHERE = f"m.status = '{ACTIVE}' AND m.due_at IS NOT NULL AND m.due_at <= $1"
"""Due matches, with the status as a literal so the planner can prove the partial index
``matches_due`` (migration 4) applies even to a prepared statement."""
DUE_QUERY = (
    f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE {DUE_WHERE} ORDER BY m.due_at, m.id LIMIT $2"
)
_RATING_COLUMNS = "user_id, game, guild_id, rating, rd, volatility, games, updated_at"
# Settings live in two tables of the same shape; the names are constants, never user input.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}
_TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, name, status, created_by, created_at, updated_at,"
    " version, data::text AS data, due_at"
)
TOURNAMENTS_DUE_QUERY = (
    f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments"
    " WHERE due_at IS NOT NULL AND due_at <= $1"
    " ORDER BY due_at, id LIMIT $2"
)
"""Due tournaments through the partial index ``tournaments_due``, its condition spelled out
so the planner can prove the index applies to the prepared statement too. No status test: the
table refuses a deadline on a closed tournament (its CHECK), so every row with one is open,
and a status test would only tempt the planner to the listing index and a sort."""


def _lock_name(name: str) -> str:
    """Advisory lock keys are server-wide numbers; the prefix keeps ours apart from others'."""
    return f"boardbot:{name}"


class PostgresStore(SettingsByKind, Store):
    """Persistence in PostgreSQL; see :mod:`storage.base` for the contract.

    ``try_lead``/``release_lead`` elect one scheduler among bot processes with session-level
    advisory locks held on a dedicated connection: the lock lives exactly as long as that
    connection, so a crashed leader's lock is released by the server and another process
    takes over on its next try.
    """

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

    def _reading(self) -> AbstractAsyncContextManager[asyncpg.Connection]:
        """A read-only snapshot, so a match row and its seats come from the same moment."""
        return self._transaction(isolation="repeatable_read", readonly=True)

    def _writing(self) -> AbstractAsyncContextManager[asyncpg.Connection]:
        """One READ COMMITTED transaction, committed when the block ends, rolled back on any
        error (cancellation included: asyncpg rolls back a transaction block left by one)."""
        return self._transaction()

    @asynccontextmanager
    async def _transaction(self, **options: Any) -> AsyncIterator[asyncpg.Connection]:
        async with self._require().acquire() as conn:
            try:
                async with conn.transaction(**options):
                    yield conn
            except _BUSY_ERRORS as exc:
                raise StoreBusy(str(exc)) from exc
            except asyncpg.exceptions.InternalClientError as exc:
                # asyncpg's answer, now and then, to a connection the server cut while it sat
                # idle in the pool (MagicStack/asyncpg#1069). Such a connection must not go back
                # to the pool: close it here so the pool opens a fresh one.
                conn.terminate()
                raise StoreBusy(f"the database connection was lost: {exc}") from exc

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

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        async with self._writing() as conn:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                user_id, clean_text(name), now,
            )  # fmt: skip

    async def user_name(self, user_id: str) -> str | None:
        async with self._reading() as conn:
            name: str | None = await conn.fetchval(
                "SELECT name FROM users WHERE user_id = $1", user_id
            )
        return name

    # -- matches ---------------------------------------------------------------------------
    async def create_match(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        status: str,
        seats: Sequence[str],
        created_by: str,
        state: dict[str, Any],
        now: float,
        guild_id: str | None = None,
        channel_id: str | None = None,
        meta: dict[str, Any] | None = None,
        due_at: float | None = None,
    ) -> MatchRecord:
        seat_ids, options_json, state_json, meta_json, due = new_match(
            status, seats, options, state, meta, due_at
        )
        async with self._writing() as conn:
            match_id = await conn.fetchval(
                "INSERT INTO matches (game, options, seed, status, created_by, guild_id,"
                " channel_id, created_at, updated_at, version, meta, due_at)"
                " VALUES ($1, $2::json, $3, $4, $5, $6, $7, $8, $8, 1, $9::json, $10)"
                " RETURNING id",
                game, options_json, seed, status, created_by, guild_id, channel_id, now,
                meta_json, due,
            )  # fmt: skip
            await _put_seats(conn, match_id, seat_ids, now)
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state) VALUES ($1, 1, $2::json)",
                match_id, state_json,
            )  # fmt: skip
            record = await _fetch_one(conn, match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._reading() as conn:
            return await _fetch_one(conn, match_id)

    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Newest activity first; a user's matches are those they sit in *or* created."""
        where: list[str] = []
        params: list[Any] = []
        if user_id is not None:
            params.append(user_id)
            where.append(
                f"m.id IN (SELECT match_id FROM seats WHERE user_id = ${len(params)}"
                f" UNION SELECT id FROM matches WHERE created_by = ${len(params)})"
            )
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return []
            params.append(statuses)
            where.append(f"m.status = ANY(${len(params)}::text[])")
        sql = f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        async with self._reading() as conn:
            return await _fetch_many(conn, f"{sql} {_ORDER}", params)

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        sql = (
            f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.thread_id = $1"
            " ORDER BY m.id DESC LIMIT 1"
        )
        async with self._reading() as conn:
            found = await _fetch_many(conn, sql, [thread_id])
        return found[0] if found else None

    async def commit(
        self,
        match_id: int,
        expected_version: int,
        update: MatchUpdate,
        *,
        now: float,
        append: Sequence[ActionRecord] = (),
        undo_from_ply: int | None = None,
        expected_status: str | None = None,
        ratings: RatingsWrite | None = None,
    ) -> MatchRecord:
        """See :meth:`Store.commit`; checks run in the same order as in the SQLite store.

        The match row is locked first (``FOR UPDATE``), so a concurrent commit waits here
        and then reads the status and version this one left; the checks then decide on
        data no other writer can change before COMMIT.
        """
        rating_rows = (
            None
            if ratings is None
            else check_ratings(ratings.guild_id, ratings.game, ratings.ratings, now)
        )
        if update.status is not None:
            check_status(update.status)
        seat_ids = None if update.seats is None else check_seats(update.seats)
        state_json = None if update.state is None else to_json(update.state, "state")
        result_json = None if update.result is None else to_json(update.result, "result")
        meta_json = None if update.meta is None else to_json(update.meta, "meta")
        check_undo_from(undo_from_ply)
        due = check_due_update(update.due_at)
        append = list(append)
        rows = encode_actions(append)
        async with self._writing() as conn:
            row = await conn.fetchrow(
                "SELECT status, version FROM matches WHERE id = $1 FOR UPDATE", match_id
            )
            if row is None:
                raise LookupError(f"there is no match {match_id}")
            closed_change(
                match_id, row["status"], update, bool(append), undo_from_ply, expected_status
            )
            if row["version"] != expected_version:
                raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
            write_due, due_value = due_after(update.status or row["status"], due)
            await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = $1,"
                " status = COALESCE($2, status), result = COALESCE($3::json, result),"
                " meta = COALESCE($4::json, meta), thread_id = COALESCE($5, thread_id),"
                " channel_id = COALESCE($6, channel_id),"
                " due_at = CASE WHEN $8 THEN $9::double precision ELSE due_at END"
                " WHERE id = $7",
                now, update.status, result_json, meta_json, update.thread_id,
                update.channel_id, match_id, write_due, due_value,
            )  # fmt: skip
            if seat_ids is not None:
                await conn.execute("DELETE FROM seats WHERE match_id = $1", match_id)
                await _put_seats(conn, match_id, seat_ids, now)
            if undo_from_ply is not None:
                await conn.execute(
                    "UPDATE actions SET undone = TRUE"
                    " WHERE match_id = $1 AND ply >= $2 AND NOT undone",
                    match_id, undo_from_ply,
                )  # fmt: skip
            if rows:
                last = await conn.fetchval(
                    "SELECT COALESCE(MAX(ply), 0) FROM actions WHERE match_id = $1", match_id
                )
                check_continues(int(last), append)
                await conn.executemany(
                    "INSERT INTO actions (match_id, ply, seat, notation, created_at, detail,"
                    " undone) VALUES ($1, $2, $3, $4, $5, $6::json, $7)",
                    [(match_id, p, s, n, c, d, bool(u)) for p, s, n, c, d, u in rows],
                )
            if state_json is not None:
                await conn.execute(
                    "UPDATE snapshots SET state = $1::json, version = $2 WHERE match_id = $3",
                    state_json, expected_version + 1, match_id,
                )  # fmt: skip
            if ratings is not None and rating_rows is not None:
                await _store_ratings(conn, match_id, ratings, rating_rows, now)
            record = await _fetch_one(conn, match_id)
        assert record is not None
        return record

    # -- deadlines -------------------------------------------------------------------------
    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """See :meth:`Store.set_due`."""
        due = check_due(due_at)
        async with self._writing() as conn:
            status = await conn.fetchval(
                "UPDATE matches SET due_at = CASE WHEN status = ANY($3::text[])"
                " THEN due_at ELSE $2 END WHERE id = $1 RETURNING status",
                match_id, due, list(CLOSED_STATUSES),
            )  # fmt: skip
            if status is None:
                raise LookupError(f"there is no match {match_id}")

    async def due_matches(self, now: float, limit: int = 500) -> list[MatchRecord]:
        """See :meth:`Store.due_matches`."""
        async with self._reading() as conn:
            return await _fetch_many(conn, DUE_QUERY, [now, check_limit(limit)])

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        sql = (
            "SELECT ply, seat, notation, created_at, detail::text AS detail, undone"
            " FROM actions WHERE match_id = $1"
        )
        if not include_undone:
            sql += " AND NOT undone"
        async with self._reading() as conn:
            found = await conn.fetch(f"{sql} ORDER BY ply", match_id)
        return [action_of(row) for row in found]

    # -- settings --------------------------------------------------------------------------
    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT user_id, settings::text AS settings FROM user_settings"
                ' ORDER BY user_id COLLATE "C"'
            )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        async with self._reading() as conn:
            text = await conn.fetchval(
                f"SELECT settings::text FROM {table} WHERE {column} = $1", key
            )
        return {} if text is None else from_json(text)

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")
        async with self._writing() as conn:
            if text is None:
                await conn.execute(f"DELETE FROM {table} WHERE {column} = $1", key)
            else:
                await conn.execute(
                    f"INSERT INTO {table} ({column}, settings, updated_at)"
                    " VALUES ($1, $2::json, $3)"
                    f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    key, text, now,
                )  # fmt: skip

    # -- counted uses ----------------------------------------------------------------------
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """See :meth:`Store.record_use`. Several processes may ask at once: a transaction-scoped
        advisory lock on (user, kind) makes each count-and-write wait for the one before."""
        check_use(now, window, most)
        async with self._writing() as conn:
            await conn.execute(
                "SELECT pg_advisory_xact_lock($1, hashtext($2 || ':' || $3))",
                _USES_LOCK_CLASS, user_id, kind,
            )  # fmt: skip
            await conn.execute(
                "DELETE FROM uses WHERE user_id = $1 AND kind = $2 AND at <= $3",
                user_id, kind, now - window,
            )  # fmt: skip
            found = await conn.fetch(
                "SELECT at FROM uses WHERE user_id = $1 AND kind = $2 ORDER BY at, id",
                user_id, kind,
            )  # fmt: skip
            times = [float(row["at"]) for row in found]
            granted = len(times) < most
            if granted:
                await conn.execute(
                    "INSERT INTO uses (user_id, kind, at) VALUES ($1, $2, $3)", user_id, kind, now
                )
                times.append(float(now))
        return Uses(granted, tuple(sorted(times)))

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        async with self._reading() as conn:
            row = await conn.fetchrow(
                f"SELECT {_RATING_COLUMNS} FROM ratings"
                " WHERE guild_id = $1 AND game = $2 AND user_id = $3",
                guild_id, game, user_id,
            )  # fmt: skip
        return None if row is None else rating_of(row)

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND game = $2"
                ' ORDER BY rating DESC, user_id COLLATE "C"',
                guild_id, game,
            )  # fmt: skip
        return [rating_of(row) for row in found]

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND user_id = $2"
                ' ORDER BY game COLLATE "C"',
                guild_id, user_id,
            )  # fmt: skip
        return [rating_of(row) for row in found]

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; the receipt row and the ratings commit together."""
        rows = check_ratings(guild_id, game, ratings, now)
        async with self._writing() as conn:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = $1", match_id) is None:
                raise LookupError(f"there is no match {match_id}")
            return await _store_ratings(
                conn, match_id, RatingsWrite(guild_id, game, rows, {}), rows, now, check=False
            )

    # -- names and liveness -----------------------------------------------------------------
    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT user_id, name FROM users"
                " WHERE user_id = ANY($1::text[]) AND name IS NOT NULL",
                list(dict.fromkeys(user_ids)),
            )
        return {row["user_id"]: row["name"] for row in found}

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT user_id, settings::text AS settings FROM user_settings"
                " WHERE user_id = ANY($1::text[])",
                list(dict.fromkeys(user_ids)),
            )
        return {row["user_id"]: from_json(row["settings"]) for row in found}

    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """See :meth:`Store.mark_alive`; the heartbeat row is locked while the gap is read, so
        two processes starting together record one outage, not two overlapping ones."""
        async with self._writing() as conn:
            last = await conn.fetchval("SELECT seen_at FROM heartbeat WHERE id = 1 FOR UPDATE")
            outage = (last, now) if starting and last is not None and now > last else None
            if outage is not None:
                await conn.execute(
                    "INSERT INTO outages (started, ended) VALUES ($1, $2) ON CONFLICT (started)"
                    " DO UPDATE SET ended = GREATEST(outages.ended, excluded.ended)",
                    *outage,
                )
            await conn.execute(
                "INSERT INTO heartbeat (id, seen_at) VALUES (1, $1) ON CONFLICT (id)"
                " DO UPDATE SET seen_at = GREATEST(heartbeat.seen_at, excluded.seen_at)",
                now,
            )
        return None if outage is None else (float(outage[0]), float(outage[1]))

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT started, ended FROM outages WHERE ended > $1 ORDER BY started", since
            )
        return [(float(row["started"]), float(row["ended"])) for row in found]

    async def last_alive(self) -> float | None:
        async with self._reading() as conn:
            seen = await conn.fetchval("SELECT seen_at FROM heartbeat WHERE id = 1")
        return None if seen is None else float(seen)

    # -- rating history --------------------------------------------------------------------
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """See :meth:`Store.rating_history`."""
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_HISTORY_COLUMNS} FROM rating_history"
                " WHERE guild_id = $1 AND game = $2 AND user_id = $3 ORDER BY at, match_id",
                guild_id, game, user_id,
            )  # fmt: skip
        return [rating_point_of(row) for row in found]

    # -- tournaments -----------------------------------------------------------------------
    async def create_tournament(
        self,
        *,
        guild_id: str,
        channel_id: str | None,
        game: str,
        name: str,
        created_by: str,
        data: dict[str, Any],
        now: float,
        status: str = TOURNAMENT_SIGNUP,
        due_at: float | None = None,
    ) -> TournamentRecord:
        """See :meth:`Store.create_tournament`."""
        new = new_tournament(
            guild_id=guild_id, channel_id=channel_id, game=game, name=name,
            created_by=created_by, status=status, data=data, now=now, due_at=due_at,
        )  # fmt: skip
        async with self._writing() as conn:
            row = await conn.fetchrow(
                "INSERT INTO tournaments (guild_id, channel_id, game, name, status, created_by,"
                " created_at, updated_at, version, data, due_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 1, $8::json, $9)"
                f" RETURNING {_TOURNAMENT_COLUMNS}",
                new.guild_id, new.channel_id, new.game, new.name, new.status,
                new.created_by, new.created_at, new.data, new.due_at,
            )  # fmt: skip
        assert row is not None
        return tournament_of(row)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self._reading() as conn:
            row = await conn.fetchrow(
                f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1", tournament_id
            )
        return None if row is None else tournament_of(row)

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """See :meth:`Store.list_tournaments`."""
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            params.append(guild_id)
            where.append(f"guild_id = ${len(params)}")
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return []
            params.append(statuses)
            where.append(f"status = ANY(${len(params)}::text[])")
        sql = f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments"
        if where:
            sql += " WHERE " + " AND ".join(where)
        async with self._reading() as conn:
            found = await conn.fetch(f"{sql} ORDER BY id DESC", *params)
        return [tournament_of(row) for row in found]

    async def update_tournament(
        self,
        tournament_id: int,
        expected_version: int,
        *,
        now: float,
        status: str | None = None,
        data: dict[str, Any] | None = None,
        due_at: float | Unchanged | None = UNCHANGED,
    ) -> TournamentRecord:
        """See :meth:`Store.update_tournament`. The row is locked first (``FOR UPDATE``), so
        a concurrent update waits and then reads the version this one left behind."""
        change = tournament_change(status, data, now, due_at)
        async with self._writing() as conn:
            row = await conn.fetchrow(
                "SELECT status, version FROM tournaments WHERE id = $1 FOR UPDATE", tournament_id
            )
            if row is None:
                raise LookupError(f"there is no tournament {tournament_id}")
            check_open_and_current(tournament_id, row["status"], row["version"], expected_version)
            write_due, due_value = due_after_change(change.status or row["status"], change.due_at)
            updated = await conn.fetchrow(
                "UPDATE tournaments SET version = version + 1, updated_at = $1,"
                " status = COALESCE($2, status), data = COALESCE($3::json, data),"
                " due_at = CASE WHEN $4 THEN $5::double precision ELSE due_at END"
                f" WHERE id = $6 RETURNING {_TOURNAMENT_COLUMNS}",
                change.now, change.status, change.data, write_due, due_value, tournament_id,
            )  # fmt: skip
        assert updated is not None
        return tournament_of(updated)

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """See :meth:`Store.due_tournaments`."""
        async with self._reading() as conn:
            found = await conn.fetch(TOURNAMENTS_DUE_QUERY, now, check_limit(limit))
        return [tournament_of(row) for row in found]


async def _store_ratings(
    conn: asyncpg.Connection,
    match_id: int,
    write: RatingsWrite,
    rows: Sequence[Rating],
    now: float,
    *,
    check: bool = True,
) -> bool:
    """The receipt first: a match rated before keeps its ratings (False). Then, when asked,
    each row's ``games`` must still be what the new values were computed from.

    Existing rows are locked in user order (two finishing matches never wait on each other
    in a circle); a row that does not exist yet cannot be locked, so its upsert carries the
    check itself: if another match created it meanwhile, the conflict branch finds a
    ``games`` other than the expected one, writes nothing, and the commit is refused.
    """
    fresh = await conn.fetchval(
        "INSERT INTO rated_matches (match_id, guild_id, game, rated_at)"
        " VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO NOTHING RETURNING match_id",
        match_id, write.guild_id, write.game, now,
    )  # fmt: skip
    if fresh is None:
        return False
    ordered = sorted(rows, key=lambda r: r.user_id)
    if check:
        found = await conn.fetch(
            "SELECT user_id, games FROM ratings WHERE guild_id = $1 AND game = $2"
            ' AND user_id = ANY($3::text[]) ORDER BY user_id COLLATE "C" FOR UPDATE',
            write.guild_id, write.game, [r.user_id for r in ordered],
        )  # fmt: skip
        stored = {r.user_id: 0 for r in ordered}
        stored.update({row["user_id"]: int(row["games"]) for row in found})
        check_expected_games(match_id, stored, write.expected_games)
    for r in ordered:
        guard = write.expected_games.get(r.user_id, 0) if check else None
        written = await conn.fetchval(
            f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " rating = excluded.rating, rd = excluded.rd,"
            " volatility = excluded.volatility, games = excluded.games,"
            " updated_at = excluded.updated_at"
            " WHERE $9::bigint IS NULL OR ratings.games = $9::bigint RETURNING 1",
            r.user_id, r.game, r.guild_id, r.rating, r.rd, r.volatility, r.games,
            r.updated_at, guard,
        )  # fmt: skip
        if written is None:
            raise RatingsChanged(f"ratings of {r.user_id} changed while match {match_id} ended")
    await _add_history(conn, match_id, ordered)
    return True


# -- rating history --
_HISTORY_COLUMNS = "match_id, at, rating, rd, games"


async def _add_history(conn: asyncpg.Connection, match_id: int, rows: Sequence[Rating]) -> None:
    """One point per rated user, inside the transaction that writes their rating."""
    await conn.executemany(
        "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, rating, rd, games)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [
            (r.guild_id, r.game, r.user_id, match_id, r.updated_at, r.rating, r.rd, r.games)
            for r in rows
        ],
    )


async def _put_seats(
    conn: asyncpg.Connection, match_id: int, seat_ids: Sequence[str], now: float
) -> None:
    """Seat users the bot has not met yet get a nameless row until ``ensure_user`` names them."""
    await conn.executemany(
        "INSERT INTO users (user_id, name, created_at) VALUES ($1, NULL, $2)"
        " ON CONFLICT (user_id) DO NOTHING",
        [(user_id, now) for user_id in dict.fromkeys(seat_ids)],
    )
    await conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id) VALUES ($1, $2, $3)",
        [(match_id, seat, user_id) for seat, user_id in enumerate(seat_ids)],
    )


async def _fetch_one(conn: asyncpg.Connection, match_id: int) -> MatchRecord | None:
    found = await _fetch_many(
        conn, f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.id = $1", [match_id]
    )
    return found[0] if found else None


async def _fetch_many(
    conn: asyncpg.Connection, sql: str, params: Sequence[Any]
) -> list[MatchRecord]:
    rows = await conn.fetch(sql, *params)
    seats: dict[int, list[str]] = {row["id"]: [] for row in rows}
    if seats:
        found = await conn.fetch(
            "SELECT match_id, user_id FROM seats WHERE match_id = ANY($1::bigint[])"
            " ORDER BY match_id, seat",
            list(seats),
        )
        for seat_row in found:
            seats[seat_row["match_id"]].append(seat_row["user_id"])
    return [match_of(row, tuple(seats[row["id"]])) for row in rows]
