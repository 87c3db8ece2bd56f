"""The ratings role over SQL (:mod:`storage.roles.ratings`); :func:`store_ratings` is also
the rating write of a finishing commit (:mod:`.matches`), inside that commit's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.integrity import check_expected_games
from storage.records import Rating, RatingPoint, RatingsChanged, RatingsWrite
from storage.roles import Ratings
from storage.rows import Row, rating_of, rating_point_of
from storage.sql.dialect import Dialect, SqlConnection
from storage.sql.engine import SqlEngine

_RATING_COLUMNS = "user_id, game, guild_id, rating, rd, volatility, games, updated_at"
_HISTORY_COLUMNS = "match_id, at, rating, rd, games"


class SqlRatings(SqlEngine, Ratings):
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(
                f"SELECT {_RATING_COLUMNS} FROM ratings"
                " WHERE guild_id = ? AND game = ? AND user_id = ?",
                guild_id, game, user_id,
            )  # fmt: skip

        row = await self._read(work)
        return None if row is None else rating_of(row)

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        bytewise = self.dialect.bytewise
        return await self._ratings(
            "guild_id = ? AND game = ?", f"rating DESC, user_id{bytewise}", guild_id, game
        )

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        bytewise = self.dialect.bytewise
        return await self._ratings(
            "guild_id = ? AND user_id = ?", f"game{bytewise}", guild_id, user_id
        )

    async def _ratings(self, where: str, order: str, *params: Any) -> list[Rating]:
        found = await self._fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE {where} ORDER BY {order}", *params
        )
        return [rating_of(row) for row in found]

    async def _save_ratings(
        self, guild_id: str, game: str, match_id: int, rows: tuple[Rating, ...], now: float
    ) -> bool:
        """The receipt row and the ratings commit together."""

        async def work(conn: SqlConnection) -> bool:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", match_id) is None:
                raise LookupError(f"there is no match {match_id}")
            write = RatingsWrite(guild_id, game, rows, {})
            return await store_ratings(conn, self.dialect, match_id, write, rows, now, check=False)

        return await self._write(work)

    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        found = await self._fetch(
            f"SELECT {_HISTORY_COLUMNS} FROM rating_history"
            " WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY at, match_id",
            guild_id, game, user_id,
        )  # fmt: skip
        return [rating_point_of(row) for row in found]


async def store_ratings(
    conn: SqlConnection,
    dialect: Dialect,
    match_id: int,
    write: RatingsWrite,
    rows: Sequence[Rating],
    now: float,
    *,
    check: bool = True,
) -> bool:
    """The receipt first: a match rated before keeps its ratings (False). Then, when asked,
    each row's ``games`` must still be what the new values were computed from.

    Existing rows are read (and locked, where rows are locked) in user order, so two
    finishing matches never wait on each other in a circle; a row that does not exist yet
    cannot be locked, so its upsert carries the check itself: if another match created it
    meanwhile, the conflict branch finds a ``games`` other than the expected one, writes
    nothing, and the commit is refused.
    """
    fresh = await conn.execute(
        "INSERT INTO rated_matches (match_id, guild_id, game, rated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
        match_id, write.guild_id, write.game, now,
    )  # fmt: skip
    if not fresh:
        return False
    ordered = sorted(rows, key=lambda r: r.user_id)
    if check:
        users, values = dialect.one_of("user_id", [r.user_id for r in ordered], "text")
        found = await conn.fetch(
            f"SELECT user_id, games FROM ratings WHERE guild_id = ? AND game = ? AND {users}"
            f" ORDER BY user_id{dialect.bytewise}{dialect.lock_rows}",
            write.guild_id, write.game, *values,
        )  # fmt: skip
        stored = {r.user_id: 0 for r in ordered}
        stored.update({row["user_id"]: int(row["games"]) for row in found})
        check_expected_games(match_id, stored, write.expected_games)
    for r in ordered:
        guard = write.expected_games.get(r.user_id, 0) if check else None
        written = await conn.execute(
            f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " rating = excluded.rating, rd = excluded.rd,"
            " volatility = excluded.volatility, games = excluded.games,"
            " updated_at = excluded.updated_at"
            " WHERE CAST(? AS BIGINT) IS NULL OR ratings.games = ?",
            r.user_id, r.game, r.guild_id, r.rating, r.rd, r.volatility, r.games,
            r.updated_at, guard, guard,
        )  # fmt: skip
        if not written:
            raise RatingsChanged(f"ratings of {r.user_id} changed while match {match_id} ended")
    # One history point per rated user, inside the transaction that writes their rating.
    await conn.executemany(
        "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, rating, rd,"
        " games) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (r.guild_id, r.game, r.user_id, match_id, r.updated_at, r.rating, r.rd, r.games)
            for r in ordered
        ],
    )
    return True
