"""The in-memory twin of the SQL stores, for fast tests: one module per role
(:mod:`storage.roles`), all over the shared :class:`storage.memory.tables.MemoryTables`.

It keeps every JSON field as JSON *text*, exactly as the SQL tables do. That is the deep copy
the contract asks for — a caller mutating a returned dict, or one it passed in, can never
reach stored data — and it makes the twin honest: whatever SQLite would turn into a list or
refuse as non-JSON, this store turns and refuses the same way.

Each method runs without an ``await`` between its checks and its writes, so on one event loop
a call is atomic without a lock, just as a transaction is in the SQL stores.
"""

from __future__ import annotations

from collections.abc import Sequence

from storage.base import Store
from storage.memory.analyses import MemoryAnalyses
from storage.memory.deadlines import MemoryDeadlines
from storage.memory.live import MemoryLiveStatus
from storage.memory.liveness import MemoryLiveness
from storage.memory.matches import MemoryMatches, MemoryMatchNews
from storage.memory.notices import MemoryNotices
from storage.memory.people import MemoryPersonal, MemoryPlayers, MemorySettings
from storage.memory.ratings import MemoryRatings
from storage.memory.reviews import MemoryReviews
from storage.memory.tournaments import MemoryTournaments
from storage.memory.uses import MemoryUses
from storage.records import MatchReading


class MemoryStore(
    MemoryMatches, MemoryMatchNews, MemoryPlayers, MemorySettings, MemoryRatings,
    MemoryTournaments, MemoryReviews, MemoryNotices, MemoryDeadlines, MemoryLiveness,
    MemoryUses, MemoryAnalyses, Store, MemoryPersonal, MemoryLiveStatus,
):  # fmt: skip
    """Dict-backed store with the same behaviour as the SQL ones; see :mod:`storage.base`."""

    async def _read_match(
        self, match_id: int | None, thread_id: str | None, users: Sequence[str], recent: int
    ) -> MatchReading | None:
        """Composed of the single reads of several roles, which is right for a store with no
        round trips to save."""
        if match_id is not None:
            record = await self.get_match(match_id)
        else:
            assert thread_id is not None
            record = await self.find_by_thread(thread_id)
        if record is None:
            return None
        people = list(dict.fromkeys([*record.seats, *users]))
        return MatchReading(
            record=record,
            log=await self.recent_actions(record.id, recent),
            names=await self.user_names(people),
            settings=await self.users_settings(people),
            outages=tuple(await self.outages(since=record.created_at)),
            locales=await self.user_locales(people),
        )


__all__ = ["MemoryStore"]
