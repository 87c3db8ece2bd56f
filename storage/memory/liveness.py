"""The liveness role of the memory store (:mod:`storage.roles.liveness`); leadership needs
nothing here, one process holding the store."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.roles import Liveness


class MemoryLiveness(MemoryTables, Liveness):
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        last = self._seen_at
        outage = (last, now) if starting and last is not None and now > last else None
        if outage is not None:
            self._outages[outage[0]] = max(self._outages.get(outage[0], now), now)
        self._seen_at = now if last is None else max(last, now)
        return outage

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        return sorted((a, b) for a, b in self._outages.items() if b > since)

    async def last_alive(self) -> float | None:
        return self._seen_at
