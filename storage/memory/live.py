"""The live-messages role of the memory store (:mod:`storage.roles.live`)."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.records import LiveMessages, PlayerStatus
from storage.roles import LiveStatus


class MemoryLiveStatus(MemoryTables, LiveStatus):
    async def live_messages(self, match_id: int) -> LiveMessages | None:
        return self._live.get(match_id)

    async def _keep_live_messages(self, live: LiveMessages) -> None:
        if live.match_id not in self._matches:
            raise LookupError(f"no match {live.match_id}")
        self._live[live.match_id] = live

    async def player_statuses(self, match_id: int) -> list[PlayerStatus]:
        return sorted(
            (s for (m, _), s in self._player_live.items() if m == match_id),
            key=lambda s: s.user_id,
        )

    async def _keep_player_status(self, status: PlayerStatus) -> None:
        if status.match_id not in self._matches:
            raise LookupError(f"no match {status.match_id}")
        self._player_live[(status.match_id, status.user_id)] = status
