"""The ratings role of the memory store (:mod:`storage.roles.ratings`)."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.records import Rating, RatingPoint
from storage.roles import Ratings


class MemoryRatings(MemoryTables, Ratings):
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        return self._ratings.get((guild_id, game, user_id))

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        found = [r for (g, name, _), r in self._ratings.items() if (g, name) == (guild_id, game)]
        return sorted(found, key=lambda r: (-r.rating, r.user_id))

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        found = [r for (g, _, u), r in self._ratings.items() if (g, u) == (guild_id, user_id)]
        return sorted(found, key=lambda r: r.game)

    async def _save_ratings(
        self, guild_id: str, game: str, match_id: int, rows: tuple[Rating, ...], now: float
    ) -> bool:
        if match_id not in self._matches:
            raise LookupError(f"there is no match {match_id}")
        if match_id in self._rated:
            return False
        self._rate(match_id, rows)
        return True

    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        found = self._history.get((guild_id, game, user_id), [])
        return sorted(found, key=lambda p: (p.at, p.match_id))
