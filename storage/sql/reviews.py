"""The reviews role over SQL (:mod:`storage.roles.reviews`)."""

from __future__ import annotations

from typing import Any

from storage.integrity import to_json
from storage.records import REVIEW_DONE, REVIEW_PENDING, ReviewRecord
from storage.roles import Reviews
from storage.rows import Row, review_of
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine

_REVIEW_COLUMNS = "match_id, status, requested_by, requested_at, result, finished_at FROM reviews"
_REVIEW_BY_MATCH = f"SELECT {_REVIEW_COLUMNS} WHERE match_id = ?"


class SqlReviews(SqlEngine, Reviews):
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        async def work(conn: SqlConnection) -> tuple[Row | None, int]:
            made = await conn.execute(
                "INSERT INTO reviews (match_id, status, requested_by, requested_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
                match_id, REVIEW_PENDING, user_id, now,
            )  # fmt: skip
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id), made

        row, made = await self._write(work)
        assert row is not None
        return review_of(row), made > 0

    async def get_review(self, match_id: int) -> ReviewRecord | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id)

        row = await self._read(work)
        return None if row is None else review_of(row)

    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        text = to_json(result, "a review")

        async def work(conn: SqlConnection) -> Row | None:
            await conn.execute(
                "UPDATE reviews SET status = ?, result = ?, finished_at = ?"
                " WHERE match_id = ? AND status = ?",
                REVIEW_DONE, text, now, match_id, REVIEW_PENDING,
            )  # fmt: skip
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id)

        row = await self._write(work)
        return None if row is None else review_of(row)

    async def pending_reviews(self) -> list[ReviewRecord]:
        found = await self._fetch(
            f"SELECT {_REVIEW_COLUMNS} WHERE status = ? ORDER BY requested_at, match_id",
            REVIEW_PENDING,
        )
        return [review_of(row) for row in found]
