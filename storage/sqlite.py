"""The production store: one SQLite file through one aiosqlite connection.

Every call takes the store's ``asyncio.Lock``. A single connection has a single transaction, so
without the lock a read from one coroutine could run inside another coroutine's open
transaction (seeing uncommitted rows) and two writers could interleave their statements. The
lock costs little: the bot is one process and each call is a handful of indexed statements.

The connection runs in autocommit mode (``isolation_level=None``) and writes open their own
``BEGIN IMMEDIATE``, so the transaction boundaries are exactly the ones written here rather
than the ones the ``sqlite3`` module would guess.
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
from storage.migrations import migrate, rollback_if_open
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

BUSY_TIMEOUT_MS = 1500
"""How long a statement waits for another process (a backup, the sqlite3 shell) to let go.
Short on purpose: the service retries a busy store briefly and then tells the player it is
busy, which is better than a silent five-second wait ending in an apology."""
OPEN_PATIENCE_S = 20.0
"""How long opening waits while another process creates or migrates the same new file."""

_MATCH_COLUMNS = (
    "m.id, m.game, m.options, m.seed, m.status, m.created_by, m.guild_id, m.channel_id,"
    " m.thread_id, m.created_at, m.updated_at, m.version, m.result, m.meta, s.state, m.due_at"
)
_MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
DUE_QUERY = (
    f"SELECT {_MATCH_COLUMNS} FROM matches m INDEXED BY matches_due"
    " JOIN snapshots s ON s.match_id = m.id"
    f" WHERE m.status = '{ACTIVE}' AND m.due_at IS NOT NULL AND m.due_at <= ?"
    " ORDER BY m.due_at, m.id LIMIT ?"
)
"""Due matches through the partial index ``matches_due`` (migration 4), named outright:
without ``ANALYZE`` statistics SQLite would rather take ``matches_by_status`` and sort every
active match on each tick. The status is a literal so the index's condition visibly holds."""
_SEAT_CHUNK = 500  # well under SQLite's bound-parameter limit
_RATING_COLUMNS = "user_id, game, guild_id, rating, rd, volatility, games, updated_at"
# Settings live in two tables of the same shape; the names are constants, never user input.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}
_TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, name, status, created_by, created_at, updated_at,"
    " version, data, due_at"
)
TOURNAMENTS_DUE_QUERY = (
    f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments INDEXED BY tournaments_due"
    " WHERE due_at IS NOT NULL AND due_at <= ?"
    " ORDER BY due_at, id LIMIT ?"
)
"""Due tournaments through the partial index ``tournaments_due``, named outright as for
matches, so a missing index is an error rather than a silent scan. No status test: the table
refuses a deadline on a closed tournament (its CHECK), so every row with one is open."""


class SqliteStore(SettingsByKind, Store):
    """Persistence in a SQLite file; see :mod:`storage.base` for the contract."""

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

    def _reading(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read transaction, so the match row and its seats come from the same moment even
        if another process (a backup script, the sqlite3 shell) writes in between."""
        return self._transaction("BEGIN")

    def _writing(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A write transaction that takes the write lock up front: a match is read and
        rewritten in one go, so waiting for the lock later could only end in a busy error."""
        return self._transaction("BEGIN IMMEDIATE")

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[aiosqlite.Connection]:
        """Committed when the block ends, rolled back on any error.

        ``BaseException`` covers cancellation too; a cancelled move must not leave its
        transaction open for the next coroutine to commit by accident.
        """
        async with self._lock:
            conn = self._require()
            try:
                await conn.execute(begin)
                yield conn
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

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        async with self._writing() as conn:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                (user_id, clean_text(name), now),
            )

    async def user_name(self, user_id: str) -> str | None:
        async with self._reading() as conn:
            row = await _one(conn, "SELECT name FROM users WHERE user_id = ?", (user_id,))
        return None if row is None else row["name"]

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
            cur = await conn.execute(
                "INSERT INTO matches (game, options, seed, status, created_by, guild_id,"
                " channel_id, created_at, updated_at, version, meta, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    game, options_json, seed, status, created_by, guild_id, channel_id,
                    now, now, meta_json, due,
                ),
            )  # fmt: skip
            match_id = cur.lastrowid
            await cur.close()
            assert match_id is not None
            await _put_seats(conn, match_id, seat_ids, now)
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state) VALUES (?, 1, ?)",
                (match_id, state_json),
            )
            record = await _fetch_one(conn, match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._reading() as conn:
            return await _fetch_one(conn, match_id)

    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Newest activity first; a user's matches are those they sit in *or* created.

        The creator is included because a lobby challenge may not seat its creator yet, and
        they still need to see (and cancel) it.
        """
        where: list[str] = []
        params: list[Any] = []
        if user_id is not None:
            where.append(
                "m.id IN (SELECT match_id FROM seats WHERE user_id = ?"
                " UNION SELECT id FROM matches WHERE created_by = ?)"
            )
            params += [user_id, user_id]
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return []
            where.append(f"m.status IN ({','.join('?' * len(statuses))})")
            params += statuses
        sql = f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        async with self._reading() as conn:
            return await _fetch_many(conn, f"{sql} {_ORDER}", params)

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        sql = f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.thread_id = ? ORDER BY m.id DESC"
        async with self._reading() as conn:
            found = await _fetch_many(conn, f"{sql} LIMIT 1", [thread_id])
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
        """See :meth:`Store.commit`. ``meta`` and ``seats`` are replaced whole, not merged.

        An unknown match raises ``LookupError`` rather than :class:`StaleVersion`: looking
        again would not help, so the caller should not be told to.
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
            row = await _one(conn, "SELECT status FROM matches WHERE id = ?", (match_id,))
            if row is None:
                raise LookupError(f"there is no match {match_id}")
            closed_change(
                match_id, row["status"], update, bool(append), undo_from_ply, expected_status
            )
            write_due, due_value = due_after(update.status or row["status"], due)
            cur = await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), result = COALESCE(?, result),"
                " meta = COALESCE(?, meta), thread_id = COALESCE(?, thread_id),"
                " channel_id = COALESCE(?, channel_id),"
                " due_at = CASE WHEN ? THEN ? ELSE due_at END"
                " WHERE id = ? AND version = ?",
                (
                    now, update.status, result_json, meta_json, update.thread_id,
                    update.channel_id, write_due, due_value, match_id, expected_version,
                ),
            )  # fmt: skip
            changed = cur.rowcount
            await cur.close()
            if changed != 1:
                if await _one(conn, "SELECT 1 FROM matches WHERE id = ?", (match_id,)) is None:
                    raise LookupError(f"there is no match {match_id}")
                raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
            if seat_ids is not None:
                await conn.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
                await _put_seats(conn, match_id, seat_ids, now)
            if undo_from_ply is not None:
                await conn.execute(
                    "UPDATE actions SET undone = 1 WHERE match_id = ? AND ply >= ? AND undone = 0",
                    (match_id, undo_from_ply),
                )
            if rows:
                last = await _one(
                    conn, "SELECT COALESCE(MAX(ply), 0) FROM actions WHERE match_id = ?",
                    (match_id,),
                )  # fmt: skip
                check_continues(int(last[0]) if last else 0, append)
                await conn.executemany(
                    "INSERT INTO actions (match_id, ply, seat, notation, created_at, detail,"
                    " undone) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, *row) for row in rows],
                )
            if state_json is not None:
                await conn.execute(
                    "UPDATE snapshots SET state = ?, version = ? WHERE match_id = ?",
                    (state_json, expected_version + 1, match_id),
                )
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
            cur = await conn.execute(
                f"UPDATE matches SET due_at = ? WHERE id = ?"
                f" AND status NOT IN ({','.join('?' * len(CLOSED_STATUSES))})",
                (due, match_id, *CLOSED_STATUSES),
            )
            changed = cur.rowcount
            await cur.close()
            if changed == 0 and not await _one(
                conn, "SELECT 1 FROM matches WHERE id = ?", (match_id,)
            ):
                raise LookupError(f"there is no match {match_id}")

    async def due_matches(self, now: float, limit: int = 500) -> list[MatchRecord]:
        """See :meth:`Store.due_matches`; the literal status lets the partial index apply."""
        async with self._reading() as conn:
            return await _fetch_many(conn, DUE_QUERY, [now, check_limit(limit)])

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        sql = (
            "SELECT ply, seat, notation, created_at, detail, undone FROM actions WHERE match_id = ?"
        )
        if not include_undone:
            sql += " AND undone = 0"
        async with self._reading() as conn:
            found = await conn.execute_fetchall(f"{sql} ORDER BY ply", (match_id,))
        return [action_of(row) for row in found]

    # -- settings --------------------------------------------------------------------------
    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        async with self._reading() as conn:
            found = await conn.execute_fetchall(
                "SELECT user_id, settings FROM user_settings ORDER BY user_id"
            )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        async with self._reading() as conn:
            row = await _one(conn, f"SELECT settings FROM {table} WHERE {column} = ?", (key,))
        return {} if row is None else from_json(row["settings"])

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")
        async with self._writing() as conn:
            if text is None:
                await conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (key,))
            else:
                await conn.execute(
                    f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                    f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    (key, text, now),
                )

    # -- counted uses ----------------------------------------------------------------------
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """See :meth:`Store.record_use`; ``BEGIN IMMEDIATE`` makes the count and the write one."""
        check_use(now, window, most)
        async with self._writing() as conn:
            await conn.execute(
                "DELETE FROM uses WHERE user_id = ? AND kind = ? AND at <= ?",
                (user_id, kind, now - window),
            )
            found = await conn.execute_fetchall(
                "SELECT at FROM uses WHERE user_id = ? AND kind = ? ORDER BY at, id",
                (user_id, kind),
            )
            times = [float(row["at"]) for row in found]
            granted = len(times) < most
            if granted:
                await conn.execute(
                    "INSERT INTO uses (user_id, kind, at) VALUES (?, ?, ?)", (user_id, kind, now)
                )
                times.append(float(now))
        return Uses(granted, tuple(sorted(times)))

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        async with self._reading() as conn:
            row = await _one(
                conn,
                f"SELECT {_RATING_COLUMNS} FROM ratings"
                " WHERE guild_id = ? AND game = ? AND user_id = ?",
                (guild_id, game, user_id),
            )
        return None if row is None else rating_of(row)

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        async with self._reading() as conn:
            found = await conn.execute_fetchall(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?"
                " ORDER BY rating DESC, user_id",
                (guild_id, game),
            )
        return [rating_of(row) for row in found]

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        async with self._reading() as conn:
            found = await conn.execute_fetchall(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ?"
                " ORDER BY game",
                (guild_id, user_id),
            )
        return [rating_of(row) for row in found]

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; the receipt row and the ratings commit together."""
        rows = check_ratings(guild_id, game, ratings, now)
        async with self._writing() as conn:
            if await _one(conn, "SELECT 1 FROM matches WHERE id = ?", (match_id,)) is None:
                raise LookupError(f"there is no match {match_id}")
            return await _store_ratings(
                conn, match_id, RatingsWrite(guild_id, game, rows, {}), rows, now, check=False
            )

    # -- names and liveness -----------------------------------------------------------------
    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        found = await self._by_users(
            "SELECT user_id, name FROM users", user_ids, "name IS NOT NULL"
        )
        return {row["user_id"]: row["name"] for row in found}

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        found = await self._by_users("SELECT user_id, settings FROM user_settings", user_ids)
        return {row["user_id"]: from_json(row["settings"]) for row in found}

    async def _by_users(
        self, select: str, user_ids: Sequence[str], extra: str = "1"
    ) -> list[sqlite3.Row]:
        ids = list(dict.fromkeys(user_ids))
        rows: list[sqlite3.Row] = []
        async with self._reading() as conn:
            for start in range(0, len(ids), _SEAT_CHUNK):
                chunk = ids[start : start + _SEAT_CHUNK]
                marks = ",".join("?" * len(chunk))
                rows += await conn.execute_fetchall(
                    f"{select} WHERE user_id IN ({marks}) AND {extra}", chunk
                )
        return rows

    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        async with self._writing() as conn:
            row = await _one(conn, "SELECT seen_at FROM heartbeat WHERE id = 1")
            last = None if row is None else float(row["seen_at"])
            outage = (last, now) if starting and last is not None and now > last else None
            if outage is not None:
                await conn.execute(
                    "INSERT INTO outages (started, ended) VALUES (?, ?)"
                    " ON CONFLICT (started) DO UPDATE SET ended = MAX(ended, excluded.ended)",
                    outage,
                )
            await conn.execute(
                "INSERT INTO heartbeat (id, seen_at) VALUES (1, ?) ON CONFLICT (id)"
                " DO UPDATE SET seen_at = MAX(seen_at, excluded.seen_at)",
                (now,),
            )
        return outage

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        async with self._reading() as conn:
            found = await conn.execute_fetchall(
                "SELECT started, ended FROM outages WHERE ended > ? ORDER BY started", (since,)
            )
        return [(float(row["started"]), float(row["ended"])) for row in found]

    async def last_alive(self) -> float | None:
        async with self._reading() as conn:
            row = await _one(conn, "SELECT seen_at FROM heartbeat WHERE id = 1")
        return None if row is None else float(row["seen_at"])

    # -- rating history --------------------------------------------------------------------
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """See :meth:`Store.rating_history`."""
        async with self._reading() as conn:
            found = await conn.execute_fetchall(
                f"SELECT {_HISTORY_COLUMNS} FROM rating_history"
                " WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY at, match_id",
                (guild_id, game, user_id),
            )
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
            cur = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, game, name, status, created_by,"
                " created_at, updated_at, version, data, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    new.guild_id, new.channel_id, new.game, new.name, new.status,
                    new.created_by, new.created_at, new.created_at, new.data, new.due_at,
                ),
            )  # fmt: skip
            tournament_id = cur.lastrowid
            await cur.close()
            assert tournament_id is not None
            record = await _tournament(conn, tournament_id)
        assert record is not None
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self._reading() as conn:
            return await _tournament(conn, tournament_id)

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """See :meth:`Store.list_tournaments`."""
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return []
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params += statuses
        sql = f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments"
        if where:
            sql += " WHERE " + " AND ".join(where)
        async with self._reading() as conn:
            found = await conn.execute_fetchall(f"{sql} ORDER BY id DESC", params)
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
        """See :meth:`Store.update_tournament`; the write lock is taken before the row is
        read, so the checks decide on what no other writer can change before COMMIT."""
        change = tournament_change(status, data, now, due_at)
        async with self._writing() as conn:
            row = await _one(
                conn, "SELECT status, version FROM tournaments WHERE id = ?", (tournament_id,)
            )
            if row is None:
                raise LookupError(f"there is no tournament {tournament_id}")
            check_open_and_current(tournament_id, row["status"], row["version"], expected_version)
            write_due, due_value = due_after_change(change.status or row["status"], change.due_at)
            await conn.execute(
                "UPDATE tournaments SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), data = COALESCE(?, data),"
                " due_at = CASE WHEN ? THEN ? ELSE due_at END WHERE id = ?",
                (change.now, change.status, change.data, write_due, due_value, tournament_id),
            )
            record = await _tournament(conn, tournament_id)
        assert record is not None
        return record

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """See :meth:`Store.due_tournaments`."""
        async with self._reading() as conn:
            found = await conn.execute_fetchall(TOURNAMENTS_DUE_QUERY, (now, check_limit(limit)))
        return [tournament_of(row) for row in found]


async def _tournament(conn: aiosqlite.Connection, tournament_id: int) -> TournamentRecord | None:
    row = await _one(
        conn, f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
    )
    return None if row is None else tournament_of(row)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


async def _store_ratings(
    conn: aiosqlite.Connection,
    match_id: int,
    write: RatingsWrite,
    rows: Sequence[Rating],
    now: float,
    *,
    check: bool = True,
) -> bool:
    """The receipt first: a match rated before keeps its ratings (False). Then, when asked,
    each row's ``games`` must still be what the new values were computed from."""
    cur = await conn.execute(
        "INSERT INTO rated_matches (match_id, guild_id, game, rated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
        (match_id, write.guild_id, write.game, now),
    )
    fresh = cur.rowcount == 1
    await cur.close()
    if not fresh:
        return False
    if check:
        stored: dict[str, int] = {}
        for r in rows:
            found = await _one(
                conn,
                "SELECT games FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (write.guild_id, write.game, r.user_id),
            )
            stored[r.user_id] = 0 if found is None else int(found["games"])
        check_expected_games(match_id, stored, write.expected_games)
    await conn.executemany(
        f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd,"
        " volatility = excluded.volatility, games = excluded.games,"
        " updated_at = excluded.updated_at",
        [
            (r.user_id, r.game, r.guild_id, r.rating, r.rd, r.volatility, r.games, r.updated_at)
            for r in rows
        ],
    )
    await _add_history(conn, match_id, rows)
    return True


# -- rating history --
_HISTORY_COLUMNS = "match_id, at, rating, rd, games"


async def _add_history(conn: aiosqlite.Connection, match_id: int, rows: Sequence[Rating]) -> None:
    """One point per rated user, inside the transaction that writes their rating."""
    await conn.executemany(
        "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, rating, rd, games)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (r.guild_id, r.game, r.user_id, match_id, r.updated_at, r.rating, r.rd, r.games)
            for r in rows
        ],
    )


async def _one(
    conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> sqlite3.Row | None:
    async with conn.execute(sql, tuple(params)) as cur:
        return await cur.fetchone()


async def _put_seats(
    conn: aiosqlite.Connection, match_id: int, seat_ids: Sequence[str], now: float
) -> None:
    """Seat users the bot has not met yet get a nameless row until ``ensure_user`` names them.

    A challenge can name someone who never spoke to the bot; refusing it for the foreign key
    would be unhelpful, and inventing a name would be wrong, so :meth:`user_name` says None.
    """
    await conn.executemany(
        "INSERT INTO users (user_id, name, created_at) VALUES (?, NULL, ?)"
        " ON CONFLICT (user_id) DO NOTHING",
        [(user_id, now) for user_id in dict.fromkeys(seat_ids)],
    )
    await conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id) VALUES (?, ?, ?)",
        [(match_id, seat, user_id) for seat, user_id in enumerate(seat_ids)],
    )


async def _fetch_one(conn: aiosqlite.Connection, match_id: int) -> MatchRecord | None:
    found = await _fetch_many(
        conn, f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.id = ?", [match_id]
    )
    return found[0] if found else None


async def _fetch_many(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any]
) -> list[MatchRecord]:
    rows = list(await conn.execute_fetchall(sql, tuple(params)))
    seats: dict[int, list[str]] = {row["id"]: [] for row in rows}
    ids = list(seats)
    for start in range(0, len(ids), _SEAT_CHUNK):
        chunk = ids[start : start + _SEAT_CHUNK]
        found = await conn.execute_fetchall(
            f"SELECT match_id, user_id FROM seats WHERE match_id IN ({','.join('?' * len(chunk))})"
            " ORDER BY match_id, seat",
            tuple(chunk),
        )
        for seat_row in found:
            seats[seat_row["match_id"]].append(seat_row["user_id"])
    return [match_of(row, tuple(seats[row["id"]])) for row in rows]
