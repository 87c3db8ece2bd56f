"""The counted-uses role: a per-user allowance over a rolling window (hints an hour).

Counted uses outlive the process: they are rows, and :meth:`CountedUses.record_use` counts
and takes one in one transaction, so a restart forgets nothing and two requests at once can
never both take the last one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.integrity import check_use
from storage.records import Uses


class CountedUses(ABC):
    """Uses by (user, kind), counted and taken at once."""

    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """Record one use of ``kind`` by the user at ``now`` unless ``most`` uses already lie
        within the window (``at > now - window``); then nothing is written and ``granted`` is
        False. One transaction: the count and the write cannot be split by another caller, so
        uses asked for at once never exceed ``most``. Uses that left the window are forgotten
        in the same transaction. ``ValueError`` for a window that is not a positive finite
        number of seconds or a ``most`` below 1.
        """
        check_use(now, window, most)
        return await self._record_use(user_id, kind, now, window, most)

    @abstractmethod
    async def _record_use(
        self, user_id: str, kind: str, now: float, window: float, most: int
    ) -> Uses: ...
