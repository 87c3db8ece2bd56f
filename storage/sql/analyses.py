"""The analyses role over SQL (:mod:`storage.roles.analyses`).

The per-player cap is counted and the row written in one transaction that no other save of
the same player can interleave with: SQLite's ``BEGIN IMMEDIATE`` holds the whole file, and
PostgreSQL takes the dialect's per-user advisory lock first (there may be no row to lock
yet, such as two first saves on two matches at once), so two saves at once can never both
pass a cap that only one of them fits under."""

from __future__ import annotations

from storage.integrity import check_analysis_caps
from storage.records import AnalysisCaps, AnalysisRecord, AnalysisRow
from storage.roles import Analyses
from storage.rows import Row, analysis_of
from storage.sql.dialect import SqlConnection
from storage.sql.engine import SqlEngine

CAPPED_KIND = "analysis caps"
"""The name one player's saves wait for each other under (never a kind of counted use)."""

_ANALYSIS_OF = (
    "SELECT match_id, user_id, tree, note, nodes, size, updated_at FROM analyses"
    " WHERE match_id = ? AND user_id = ?"
)


class SqlAnalyses(SqlEngine, Analyses):
    async def analysis(self, match_id: int, user_id: str) -> AnalysisRecord | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(_ANALYSIS_OF, match_id, user_id)

        row = await self._statement(work)
        return None if row is None else analysis_of(row)

    async def _save_analysis(
        self, match_id: int, user_id: str, row: AnalysisRow, caps: AnalysisCaps
    ) -> AnalysisRecord:
        text, note, nodes, size, now = row
        serialize = self.dialect.serialize_uses

        async def work(conn: SqlConnection) -> Row | None:
            if serialize:
                await conn.execute(serialize, user_id, CAPPED_KIND)
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", match_id) is None:
                raise LookupError(f"no match {match_id}")
            others = await conn.fetchrow(
                "SELECT COALESCE(SUM(nodes), 0) AS nodes, COALESCE(SUM(size), 0) AS size"
                " FROM analyses WHERE user_id = ? AND match_id <> ?",
                user_id, match_id,
            )  # fmt: skip
            assert others is not None
            check_analysis_caps((int(others["nodes"]), int(others["size"])), nodes, size, caps)
            await conn.execute(
                "INSERT INTO analyses (match_id, user_id, tree, note, nodes, size, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET"
                " tree = excluded.tree, note = excluded.note, nodes = excluded.nodes,"
                " size = excluded.size, updated_at = excluded.updated_at",
                match_id, user_id, text, note, nodes, size, now,
            )  # fmt: skip
            return await conn.fetchrow(_ANALYSIS_OF, match_id, user_id)

        saved = await self._write(work)
        assert saved is not None
        return analysis_of(saved)
