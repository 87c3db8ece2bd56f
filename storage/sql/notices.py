"""The notices role over SQL (:mod:`storage.roles.notices`)."""

from __future__ import annotations

from storage.records import Notice
from storage.roles import Notices
from storage.rows import notice_of
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine


class SqlNotices(SqlEngine, Notices):
    async def _add_notice(
        self, user_id: str, text: str, now: float, topic: str, match_id: int | None
    ) -> Notice:
        async def work(conn: SqlConnection) -> int:
            if topic:
                await conn.execute(
                    "DELETE FROM notices WHERE user_id = ? AND topic = ?", user_id, topic
                )
            return await conn.insert(
                "INSERT INTO notices (user_id, topic, match_id, text, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                user_id, topic, match_id, text, now,
            )  # fmt: skip

        notice_id = await self._write(work)
        return Notice(notice_id, user_id, text, now, topic, match_id)

    async def notices(self, user_id: str) -> list[Notice]:
        rows = await self._fetch(
            "SELECT id, user_id, topic, match_id, text, created_at FROM notices"
            " WHERE user_id = ? ORDER BY id",
            user_id,
        )
        return [notice_of(row) for row in rows]

    async def users_with_notices(self) -> set[str]:
        rows = await self._fetch("SELECT DISTINCT user_id FROM notices")
        return {row["user_id"] for row in rows}

    async def drop_notices(self, user_id: str, through: int) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "DELETE FROM notices WHERE user_id = ? AND id <= ?", user_id, through
            )

        await self._statement(work)
