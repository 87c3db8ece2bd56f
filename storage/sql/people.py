"""The people roles over SQL (:mod:`storage.roles.people`); the readers of names and
settings for a list of users are functions, since a match's one read (:mod:`.matches`) runs
them inside its own transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from storage.integrity import clean_text, encode_settings, from_json
from storage.records import ACTIVE, FINISHED
from storage.roles import Personal, Players, Settings
from storage.rows import Row
from storage.sql.dialect import Dialect, SqlConnection
from storage.sql.engine import SqlEngine

# Settings live in two tables of the same shape; the names are constants, never user input.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}


class SqlPlayers(SqlEngine, Players):
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                user_id, clean_text(name), now,
            )  # fmt: skip

        await self._statement(work)

    async def user_name(self, user_id: str) -> str | None:
        name: str | None = await self._fetchval("SELECT name FROM users WHERE user_id = ?", user_id)
        return name

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        async def work(conn: SqlConnection) -> dict[str, str]:
            return await names_of(conn, self.dialect, user_ids)

        return await self._read(work)


class SqlSettings(SqlEngine, Settings):
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        return await self._settings("user", user_id)

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        async def work(conn: SqlConnection) -> dict[str, dict[str, Any]]:
            return await settings_of(conn, self.dialect, user_ids)

        return await self._read(work)

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        await self._save_settings("user", user_id, settings, now)

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        return await self._settings("guild", guild_id)

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        await self._save_settings("guild", guild_id, settings, now)

    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        where, values = "", []
        if having:
            key, value = having
            if not key.isidentifier():
                raise ValueError(f"not a settings key: {key!r}")
            where, values = f" WHERE {self.dialect.settings_text.format(key=key)} = ?", [value]
        found = await self._fetch(
            f"SELECT user_id, settings FROM user_settings{where}"
            f" ORDER BY user_id{self.dialect.bytewise}",
            *values,
        )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        text = await self._fetchval(f"SELECT settings FROM {table} WHERE {column} = ?", key)
        settings: dict[str, Any] = {} if text is None else from_json(text)
        return settings

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")

        async def work(conn: SqlConnection) -> None:
            if text is None:
                await conn.execute(f"DELETE FROM {table} WHERE {column} = ?", key)
            else:
                await conn.execute(
                    f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                    f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    key, text, now,
                )  # fmt: skip

        await self._write(work)


# -- people: locale, quiet hours, challenge preferences, blocks (issue 43) ------------------
class SqlPersonal(SqlEngine, Personal):
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        async def work(conn: SqlConnection) -> dict[str, str]:
            return await locales_of(conn, self.dialect, user_ids)

        return await self._read(work)

    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at, locale) VALUES (?, NULL, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                user_id, now, clean_text(locale) if locale else None,
            )  # fmt: skip

        await self._statement(work)

    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            if blocked:
                await conn.execute(
                    "INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (user_id, blocked_id) DO NOTHING",
                    user_id, other_id, now,
                )  # fmt: skip
            else:
                await conn.execute(
                    "DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?", user_id, other_id
                )

        await self._statement(work)

    async def blocked_by(self, user_id: str) -> list[str]:
        found = await self._fetch(
            "SELECT blocked_id FROM blocks WHERE user_id = ?"
            f" ORDER BY blocked_id{self.dialect.bytewise}",
            user_id,
        )
        return [row["blocked_id"] for row in found]

    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        async def work(conn: SqlConnection) -> list[str]:
            found = await _by_users(
                conn, self.dialect, "SELECT user_id FROM blocks", among, " AND blocked_id = ?",
                (user_id,),
            )  # fmt: skip
            return sorted({row["user_id"] for row in found})

        return await self._read(work)

    async def played_together(self, user_id: str, other_id: str) -> bool:
        found = await self._fetchval(
            "SELECT 1 FROM seats AS a JOIN seats AS b ON a.match_id = b.match_id"
            " JOIN matches AS m ON m.id = a.match_id"
            " WHERE a.user_id = ? AND b.user_id = ? AND m.status IN (?, ?) LIMIT 1",
            user_id, other_id, ACTIVE, FINISHED,
        )  # fmt: skip
        return found is not None


async def _known(
    conn: SqlConnection,
    dialect: Dialect,
    user_ids: Sequence[str],
    column: Literal["locale", "name"],
) -> dict[str, str]:
    """The users' ``column`` of ``users`` where it is set: one query for both columns read
    this way (a column name, never a caller's text, goes into the statement)."""
    select = f"SELECT user_id, {column} FROM users"
    found = await _by_users(conn, dialect, select, user_ids, f" AND {column} IS NOT NULL")
    return {row["user_id"]: row[column] for row in found}


async def locales_of(
    conn: SqlConnection, dialect: Dialect, user_ids: Sequence[str]
) -> dict[str, str]:
    return await _known(conn, dialect, user_ids, "locale")


async def names_of(
    conn: SqlConnection, dialect: Dialect, user_ids: Sequence[str]
) -> dict[str, str]:
    return await _known(conn, dialect, user_ids, "name")


async def settings_of(
    conn: SqlConnection, dialect: Dialect, user_ids: Sequence[str]
) -> dict[str, dict[str, Any]]:
    select = "SELECT user_id, settings FROM user_settings"
    found = await _by_users(conn, dialect, select, user_ids)
    return {row["user_id"]: from_json(row["settings"]) for row in found}


async def _by_users(
    conn: SqlConnection,
    dialect: Dialect,
    select: str,
    user_ids: Sequence[str],
    extra: str = "",
    extra_values: Sequence[Any] = (),
) -> list[Row]:
    """One statement (a few on SQLite for a long list) for a whole listing's users."""
    rows: list[Row] = []
    for chunk in dialect.batches(list(dict.fromkeys(user_ids))):
        where, values = dialect.one_of("user_id", chunk, "text")
        rows += await conn.fetch(f"{select} WHERE {where}{extra}", *values, *extra_values)
    return rows
