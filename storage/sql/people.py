"""The people roles over SQL (:mod:`storage.roles.people`); the readers of names and
settings for a list of users are functions, since a match's one read (:mod:`.matches`) runs
them inside its own transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.integrity import clean_text, encode_settings, from_json
from storage.roles import Players, Settings
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

    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        found = await self._fetch(
            f"SELECT user_id, settings FROM user_settings ORDER BY user_id{self.dialect.bytewise}"
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


async def names_of(
    conn: SqlConnection, dialect: Dialect, user_ids: Sequence[str]
) -> dict[str, str]:
    found = await _by_users(
        conn, dialect, "SELECT user_id, name FROM users", user_ids, " AND name IS NOT NULL"
    )
    return {row["user_id"]: row["name"] for row in found}


async def settings_of(
    conn: SqlConnection, dialect: Dialect, user_ids: Sequence[str]
) -> dict[str, dict[str, Any]]:
    select = "SELECT user_id, settings FROM user_settings"
    found = await _by_users(conn, dialect, select, user_ids)
    return {row["user_id"]: from_json(row["settings"]) for row in found}


async def _by_users(
    conn: SqlConnection, dialect: Dialect, select: str, user_ids: Sequence[str], extra: str = ""
) -> list[Row]:
    """One statement (a few on SQLite for a long list) for a whole listing's users."""
    rows: list[Row] = []
    for chunk in dialect.batches(list(dict.fromkeys(user_ids))):
        where, values = dialect.one_of("user_id", chunk, "text")
        rows += await conn.fetch(f"{select} WHERE {where}{extra}", *values)
    return rows
