"""The people roles of the memory store (:mod:`storage.roles.people`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from storage.integrity import clean_text, encode_settings, from_json
from storage.memory.tables import MemoryTables, StoredUser
from storage.records import ACTIVE, FINISHED
from storage.roles import Personal, Players, Settings


class MemoryPlayers(MemoryTables, Players):
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        known = self._users.get(user_id)
        self._users[user_id] = (
            StoredUser(clean_text(name), now)
            if known is None
            else replace(known, name=clean_text(name))
        )

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

    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        found = [(key, from_json(self._user_settings[key])) for key in sorted(self._user_settings)]
        if having is None:
            return found
        key, value = having
        return [(uid, settings) for uid, settings in found if settings.get(key) == value]


# -- people: locale, quiet hours, challenge preferences, blocks (issue 43) ------------------
class MemoryPersonal(MemoryTables, Personal):
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        known = {uid: self._users.get(uid) for uid in user_ids}
        return {uid: u.locale for uid, u in known.items() if u is not None and u.locale}

    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        known = self._users.get(user_id) or StoredUser(None, now)
        self._users[user_id] = replace(known, locale=clean_text(locale) if locale else None)

    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        if blocked:
            self._blocks.setdefault((user_id, other_id), now)
        else:
            self._blocks.pop((user_id, other_id), None)

    async def blocked_by(self, user_id: str) -> list[str]:
        return sorted(other for who, other in self._blocks if who == user_id)

    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        return sorted({who for who in among if (who, user_id) in self._blocks})

    async def played_together(self, user_id: str, other_id: str) -> bool:
        return any(
            user_id in m.seats and other_id in m.seats and m.status in (ACTIVE, FINISHED)
            for m in self._matches.values()
        )


def _save(table: dict[str, str], key: str, text: str | None) -> None:
    """An empty object is no row, as in the SQL stores."""
    if text is None:
        table.pop(key, None)
    else:
        table[key] = text
