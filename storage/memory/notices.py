"""The notices role of the memory store (:mod:`storage.roles.notices`)."""

from __future__ import annotations

from storage.memory.tables import MemoryTables
from storage.records import Notice
from storage.roles import Notices


class MemoryNotices(MemoryTables, Notices):
    async def _add_notice(
        self, user_id: str, text: str, now: float, topic: str, match_id: int | None
    ) -> Notice:
        if topic:
            for old in [
                n for n in self._notices.values() if (n.user_id, n.topic) == (user_id, topic)
            ]:
                del self._notices[old.id]
        notice = Notice(self._next_notice_id, user_id, text, now, topic, match_id)
        self._next_notice_id += 1
        self._notices[notice.id] = notice
        return notice

    async def notices(self, user_id: str) -> list[Notice]:
        return sorted(
            (n for n in self._notices.values() if n.user_id == user_id), key=lambda n: n.id
        )

    async def users_with_notices(self) -> set[str]:
        return {n.user_id for n in self._notices.values()}

    async def drop_notices(self, user_id: str, through: int) -> None:
        for notice in list(self._notices.values()):
            if notice.user_id == user_id and notice.id <= through:
                del self._notices[notice.id]
