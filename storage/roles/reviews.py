"""The reviews role: a finished match's review, asked for once and worked out once.

A review is stored as a request first and its result later, so a restart resumes the
requests still pending (:meth:`Reviews.pending_reviews`) and a finished review is shown again
instead of being worked out twice. Only the first request of a match makes a row. A role of
its own because the computer's queue is its only writer and reads nothing else here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from storage.records import ReviewRecord


class Reviews(ABC):
    """Reviews by match: requested, finished, pending."""

    @abstractmethod
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        """The match's review, made a pending request by ``user_id`` if it had none: (the
        review, whether this call made it). One transaction, so two asks at once make one."""

    @abstractmethod
    async def get_review(self, match_id: int) -> ReviewRecord | None: ...

    @abstractmethod
    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        """Store a pending review's result and mark it done; a review already done keeps its
        first result (returned unchanged), None when the match has no review."""

    @abstractmethod
    async def pending_reviews(self) -> list[ReviewRecord]:
        """Reviews asked for and not yet worked out, oldest first (resumed after a restart)."""
