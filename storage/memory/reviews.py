"""The reviews role of the memory store (:mod:`storage.roles.reviews`)."""

from __future__ import annotations

from typing import Any

from storage.integrity import from_json, to_json
from storage.memory.tables import MemoryTables
from storage.records import REVIEW_DONE, REVIEW_PENDING, ReviewRecord
from storage.roles import Reviews


class MemoryReviews(MemoryTables, Reviews):
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        if match_id not in self._matches:
            raise KeyError(f"no match {match_id}")  # the SQL engines' foreign key
        made = match_id not in self._reviews
        if made:
            self._reviews[match_id] = (REVIEW_PENDING, user_id, float(now), None, None)
        return self._review(match_id), made

    async def get_review(self, match_id: int) -> ReviewRecord | None:
        return self._review(match_id) if match_id in self._reviews else None

    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        known = self._reviews.get(match_id)
        if known is None:
            return None
        if known[0] == REVIEW_PENDING:
            text = to_json(result, "a review")  # refused as the SQL engines refuse it
            self._reviews[match_id] = (REVIEW_DONE, known[1], known[2], text, float(now))
        return self._review(match_id)

    async def pending_reviews(self) -> list[ReviewRecord]:
        waiting = [self._review(m) for m, row in self._reviews.items() if row[0] == REVIEW_PENDING]
        return sorted(waiting, key=lambda r: (r.requested_at, r.match_id))

    def _review(self, match_id: int) -> ReviewRecord:
        """A fresh record (its result decoded anew, so a caller's edit never reaches here)."""
        status, by, at, text, finished = self._reviews[match_id]
        return ReviewRecord(match_id, status, by, at, from_json(text), finished)
