"""The people roles of the memory store (:mod:`storage.roles.people`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.integrity import clean_text, encode_settings, from_json
from storage.memory.tables import MemoryTables, StoredUser
from storage.roles import Players, Settings


class MemoryPlayers(MemoryTables, Players):
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        known = self._users.get(user_id)
        made = now if known is None else known.created_at
        self._users[user_id] = StoredUser(clean_text(name), made)

    async def user_name(self, user_id: str) -> str | None:
        known = self._users.get(user_id)
        return None if known is None else known.name

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        known = {uid: self._users.get(uid) for uid in user_ids}
        return {uid: u.name for uid, u in known.items() if u is not None and u.name is not None}


class MemorySettings(MemoryTables, Settings):
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        return self._settings_of(self._user_settings, user_id)

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        table = self._user_settings
        return {uid: self._settings_of(table, uid) for uid in user_ids if uid in table}

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        _save(self._user_settings, user_id, encode_settings(settings, "user settings"))

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        return self._settings_of(self._guild_settings, guild_id)

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        _save(self._guild_settings, guild_id, encode_settings(settings, "guild settings"))

    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        return [(key, from_json(self._user_settings[key])) for key in sorted(self._user_settings)]


def _save(table: dict[str, str], key: str, text: str | None) -> None:
    """An empty object is no row, as in the SQL stores."""
    if text is None:
        table.pop(key, None)
    else:
        table[key] = text
