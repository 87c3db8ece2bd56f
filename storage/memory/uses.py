"""The counted-uses role of the memory store (:mod:`storage.roles.uses`)."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.records import Uses
from storage.roles import CountedUses


class MemoryUses(MemoryTables, CountedUses):
    async def _record_use(
        self, user_id: str, kind: str, now: float, window: float, most: int
    ) -> Uses:
        kept = sorted(t for t in self._uses.get((user_id, kind), ()) if t > now - window)
        granted = len(kept) < most
        if granted:
            kept.append(float(now))
        if kept:
            self._uses[(user_id, kind)] = kept
        else:
            self._uses.pop((user_id, kind), None)
        return Uses(granted, tuple(kept))
