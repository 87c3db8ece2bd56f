"""The notices role: a message nobody could receive, kept until its player is next seen.

A DM that could not be delivered (closed DMs) becomes a notice; the next command of that
player shows it and drops it. A role of its own because only the deliverer writes it and only
the command pipeline's greeting reads it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.integrity import check_notice
from storage.records import Notice


class Notices(ABC):
    """Kept messages by user, oldest first, a newer one of a topic replacing the older."""

    async def add_notice(
        self,
        user_id: str,
        text: str,
        now: float,
        *,
        topic: str = "",
        match_id: int | None = None,
    ) -> Notice:
        """Keep ``text`` for ``user_id`` until they are next seen. A non-empty ``topic``
        replaces that user's earlier notice of the same topic in the same transaction (the new
        one is then the newest). ``ValueError`` for a time that is not a finite number."""
        kept = check_notice(now, text)
        return await self._add_notice(user_id, kept, float(now), topic, match_id)

    @abstractmethod
    async def _add_notice(
        self, user_id: str, text: str, now: float, topic: str, match_id: int | None
    ) -> Notice:
        """Store a checked notice (dropping the user's older one of a non-empty topic)."""

    @abstractmethod
    async def notices(self, user_id: str) -> list[Notice]:
        """The user's kept notices, oldest first (one indexed query; ``[]`` for most)."""

    @abstractmethod
    async def users_with_notices(self) -> set[str]:
        """Everyone who has a notice kept: one query, so a command needs no look of its own
        for the many who have none."""

    @abstractmethod
    async def drop_notices(self, user_id: str, through: int) -> None:
        """Forget the user's notices with ``id <= through`` (those just shown); a notice kept
        meanwhile has a larger id and stays."""
