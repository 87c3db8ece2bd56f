"""The store for a bot serving many servers: PostgreSQL through an asyncpg pool.

Same contract as :class:`storage.sqlite.SqliteStore` (``tests/storage`` drives both). Each
call takes a pooled connection and, for writes, one transaction; the match version guards
commits exactly as in SQLite, so two bot processes can never both apply a move. JSON travels
as text through ``storage.integrity`` (the one strict encoder) and is stored as ``jsonb``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import asyncpg

from storage.base import ActionRecord, MatchRecord, MatchUpdate, Rating, StaleVersion, Store
from storage.integrity import (
    check_continues,
    check_ratings,
    check_seats,
    check_status,
    check_undo_from,
    encode_actions,
    encode_settings,
    from_json,
    to_json,
)
from storage.pg_migrations import migrate

_MATCH_COLUMNS = (
    "m.id, m.game, m.options::text AS options, m.seed, m.status, m.created_by, m.guild_id,"
    " m.channel_id, m.thread_id, m.created_at, m.updated_at, m.version,"
    " m.result::text AS result, m.meta::text AS meta, s.state::text AS state"
)
_MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
_RATING_COLUMNS = "user_id, game, guild_id, rating, rd, volatility, games, updated_at"
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}


class PostgresStore(Store):
    """Persistence in PostgreSQL; see :mod:`storage.base` for the contract.

    ``try_lead``/``release_lead`` elect one scheduler among bot processes with session-level
    advisory locks held on a dedicated connection: the lock lives exactly as long as that
    connection, so a crashed leader's lock is released by the server and another process
    takes over on its next try.
    """

    def __init__(self, dsn: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.dsn = dsn
        self._min_size = min_size
        self._max_size = max_size
        self._pool: asyncpg.Pool | None = None
        self._lead_conn: asyncpg.Connection | None = None
        self._leading: set[str] = set()

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        if self._pool is not None:
            return
        pool = await asyncpg.create_pool(
            self.dsn, min_size=self._min_size, max_size=self._max_size
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn, time.time())
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._lead_conn is not None:
            conn, self._lead_conn = self._lead_conn, None
            self._leading.clear()
            await conn.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    def _require(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open; call open() or use 'async with'")
        return self._pool

    # -- leadership ------------------------------------------------------------------------
    async def try_lead(self, name: str) -> bool:
        """True if this store now leads ``name`` (or already did); never waits."""
        if name in self._leading:
            return True
        if self._lead_conn is None or self._lead_conn.is_closed():
            self._leading.clear()
            self._lead_conn = await asyncpg.connect(self.dsn)
        got = await self._lead_conn.fetchval(
            "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", name
        )
        if got:
            self._leading.add(name)
        return bool(got)

    async def release_lead(self, name: str) -> None:
        """Give up ``name`` so another process may lead; releasing what one lacks is a no-op."""
        if name not in self._leading or self._lead_conn is None:
            return
        self._leading.discard(name)
        await self._lead_conn.fetchval(
            "SELECT pg_advisory_unlock(hashtextextended($1, 0))", name
        )

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        await self._require().execute(
            "INSERT INTO users (user_id, name, created_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
            user_id, name, now,
        )  # fmt: skip

    async def user_name(self, user_id: str) -> str | None:
        return await self._require().fetchval(
            "SELECT name FROM users WHERE user_id = $1", user_id
        )

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
    ) -> MatchRecord:
        check_status(status)
        seat_ids = check_seats(seats)
        options_json = to_json(options, "options")
        state_json = to_json(state, "state")
        meta_json = to_json(meta or {}, "meta")
        async with self._require().acquire() as conn, conn.transaction():
            match_id = await conn.fetchval(
                "INSERT INTO matches (game, options, seed, status, created_by, guild_id,"
                " channel_id, created_at, updated_at, version, meta)"
                " VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $8, 1, $9::jsonb)"
                " RETURNING id",
                game, options_json, seed, status, created_by, guild_id, channel_id, now,
                meta_json,
            )  # fmt: skip
            await _put_seats(conn, match_id, seat_ids, now)
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state) VALUES ($1, 1, $2::jsonb)",
                match_id, state_json,
            )  # fmt: skip
            record = await _fetch_one(conn, match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._require().acquire() as conn, _snapshot(conn):
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
        async with self._require().acquire() as conn, _snapshot(conn):
            return await _fetch_many(conn, f"{sql} {_ORDER}", params)

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        sql = (
            f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.thread_id = $1"
            " ORDER BY m.id DESC LIMIT 1"
        )
        async with self._require().acquire() as conn, _snapshot(conn):
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
    ) -> MatchRecord:
        """See :meth:`Store.commit`; the guarded UPDATE row-locks the match until COMMIT, so a
        concurrent commit on the same version waits, then finds the version moved on."""
        if update.status is not None:
            check_status(update.status)
        seat_ids = None if update.seats is None else check_seats(update.seats)
        state_json = None if update.state is None else to_json(update.state, "state")
        result_json = None if update.result is None else to_json(update.result, "result")
        meta_json = None if update.meta is None else to_json(update.meta, "meta")
        check_undo_from(undo_from_ply)
        append = list(append)
        rows = encode_actions(append)
        async with self._require().acquire() as conn, conn.transaction():
            changed = await conn.fetchval(
                "UPDATE matches SET version = version + 1, updated_at = $1,"
                " status = COALESCE($2, status), result = COALESCE($3::jsonb, result),"
                " meta = COALESCE($4::jsonb, meta), thread_id = COALESCE($5, thread_id),"
                " channel_id = COALESCE($6, channel_id)"
                " WHERE id = $7 AND version = $8 RETURNING id",
                now, update.status, result_json, meta_json, update.thread_id,
                update.channel_id, match_id, expected_version,
            )  # fmt: skip
            if changed is None:
                if await conn.fetchval("SELECT 1 FROM matches WHERE id = $1", match_id) is None:
                    raise LookupError(f"there is no match {match_id}")
                raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
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
                    " undone) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)",
                    [(match_id, p, s, n, c, d, bool(u)) for p, s, n, c, d, u in rows],
                )
            if state_json is not None:
                await conn.execute(
                    "UPDATE snapshots SET state = $1::jsonb, version = $2 WHERE match_id = $3",
                    state_json, expected_version + 1, match_id,
                )  # fmt: skip
            record = await _fetch_one(conn, match_id)
        assert record is not None
        return record

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        sql = (
            "SELECT ply, seat, notation, created_at, detail::text AS detail, undone"
            " FROM actions WHERE match_id = $1"
        )
        if not include_undone:
            sql += " AND NOT undone"
        found = await self._require().fetch(f"{sql} ORDER BY ply", match_id)
        return [
            ActionRecord(
                ply=row["ply"],
                seat=row["seat"],
                notation=row["notation"],
                created_at=row["created_at"],
                detail=from_json(row["detail"]),
                undone=bool(row["undone"]),
            )
            for row in found
        ]

    # -- settings --------------------------------------------------------------------------
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        return await self._settings("user", user_id)

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        await self._save_settings("user", user_id, settings, now)

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        return await self._settings("guild", guild_id)

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        await self._save_settings("guild", guild_id, settings, now)

    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        found = await self._require().fetch(
            "SELECT user_id, settings::text AS settings FROM user_settings"
            ' ORDER BY user_id COLLATE "C"'
        )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        text = await self._require().fetchval(
            f"SELECT settings::text FROM {table} WHERE {column} = $1", key
        )
        return {} if text is None else from_json(text)

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")
        pool = self._require()
        if text is None:
            await pool.execute(f"DELETE FROM {table} WHERE {column} = $1", key)
        else:
            await pool.execute(
                f"INSERT INTO {table} ({column}, settings, updated_at) VALUES ($1, $2::jsonb, $3)"
                f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                key, text, now,
            )  # fmt: skip

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        row = await self._require().fetchrow(
            f"SELECT {_RATING_COLUMNS} FROM ratings"
            " WHERE guild_id = $1 AND game = $2 AND user_id = $3",
            guild_id, game, user_id,
        )  # fmt: skip
        return None if row is None else _rating(row)

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        found = await self._require().fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND game = $2"
            ' ORDER BY rating DESC, user_id COLLATE "C"',
            guild_id, game,
        )  # fmt: skip
        return [_rating(row) for row in found]

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        found = await self._require().fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND user_id = $2"
            ' ORDER BY game COLLATE "C"',
            guild_id, user_id,
        )  # fmt: skip
        return [_rating(row) for row in found]

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; the receipt row and the ratings commit together."""
        rows = check_ratings(guild_id, game, ratings, now)
        async with self._require().acquire() as conn, conn.transaction():
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = $1", match_id) is None:
                raise LookupError(f"there is no match {match_id}")
            fresh = await conn.fetchval(
                "INSERT INTO rated_matches (match_id, guild_id, game, rated_at)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO NOTHING RETURNING match_id",
                match_id, guild_id, game, now,
            ) is not None  # fmt: skip
            if fresh and rows:
                await conn.executemany(
                    f"INSERT INTO ratings ({_RATING_COLUMNS})"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                    " rating = excluded.rating, rd = excluded.rd,"
                    " volatility = excluded.volatility, games = excluded.games,"
                    " updated_at = excluded.updated_at",
                    [
                        (r.user_id, r.game, r.guild_id, r.rating, r.rd, r.volatility, r.games,
                         r.updated_at)
                        for r in rows
                    ],
                )  # fmt: skip
        return fresh


def _snapshot(conn: asyncpg.Connection) -> Any:
    """A read-only REPEATABLE READ transaction: a match row and its seats from one moment."""
    return conn.transaction(isolation="repeatable_read", readonly=True)


def _rating(row: asyncpg.Record) -> Rating:
    return Rating(
        user_id=row["user_id"],
        game=row["game"],
        guild_id=row["guild_id"],
        rating=row["rating"],
        rd=row["rd"],
        volatility=row["volatility"],
        games=row["games"],
        updated_at=row["updated_at"],
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
    return [_record(row, tuple(seats[row["id"]])) for row in rows]


def _record(row: asyncpg.Record, seats: tuple[str, ...]) -> MatchRecord:
    return MatchRecord(
        id=row["id"],
        game=row["game"],
        options=from_json(row["options"]),
        seed=row["seed"],
        status=row["status"],
        seats=seats,
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        version=row["version"],
        state=from_json(row["state"]),
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        result=from_json(row["result"]),
        meta=from_json(row["meta"]),
    )
