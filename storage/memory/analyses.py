"""The analyses role of the memory store (:mod:`storage.roles.analyses`)."""

from __future__ import annotations

from storage.integrity import check_analysis_caps, from_json
from storage.memory.tables import MemoryTables
from storage.records import AnalysisCaps, AnalysisRecord, AnalysisRow
from storage.roles import Analyses


class MemoryAnalyses(MemoryTables, Analyses):
    async def analysis(self, match_id: int, user_id: str) -> AnalysisRecord | None:
        row = self._analyses.get((match_id, user_id))
        if row is None:
            return None
        text, note, nodes, size, at = row
        return AnalysisRecord(match_id, user_id, from_json(text), note, nodes, size, at)

    async def _save_analysis(
        self, match_id: int, user_id: str, row: AnalysisRow, caps: AnalysisCaps
    ) -> AnalysisRecord:
        if match_id not in self._matches:
            raise LookupError(f"no match {match_id}")
        others = [kept for (m, u), kept in self._analyses.items() if u == user_id and m != match_id]
        weight = (sum(r[2] for r in others), sum(r[3] for r in others))
        check_analysis_caps(weight, row[2], row[3], caps)
        self._analyses[(match_id, user_id)] = (*row[:4], float(row[4]))
        found = await self.analysis(match_id, user_id)
        assert found is not None
        return found
