"""The live-messages role of the memory store (:mod:`storage.roles.live`)."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.records import LiveMessages
from storage.roles import LiveStatus


class MemoryLiveStatus(MemoryTables, LiveStatus):
    async def live_messages(self, match_id: int) -> LiveMessages | None:
        return self._live.get(match_id)

    async def _keep_live_messages(self, live: LiveMessages) -> None:
        if live.match_id not in self._matches:
            raise LookupError(f"no match {live.match_id}")
        self._live[live.match_id] = live
