"""The analyses role: each player's lines and private note per match (the analysis board).

A player's analysis is theirs alone, so it is one row of ``analyses`` beside the match, never
in it: saving touches no version, no ``updated_at`` and no log, so nothing another seat can
read changes. Saving is one write, which also checks the player's total over all their
matches (:class:`storage.records.AnalysisCaps`). A role of its own because only the analysis
board and ``/match note`` read or write it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from storage.integrity import weighed_analysis
from storage.records import AnalysisCaps, AnalysisRecord, AnalysisRow


class Analyses(ABC):
    """analysis: a player's lines and note per match."""

    @abstractmethod
    async def analysis(self, match_id: int, user_id: str) -> AnalysisRecord | None:
        """``user_id``'s analysis of the match, None if they never saved one."""

    async def save_analysis(
        self,
        match_id: int,
        user_id: str,
        tree: dict[str, Any],
        note: str,
        nodes: int,
        now: float,
        caps: AnalysisCaps,
    ) -> AnalysisRecord:
        """Replace ``user_id``'s analysis of the match (tree and note whole) in one
        transaction, unless their analyses of all matches together would then pass ``caps``
        (:class:`storage.records.AnalysisFull`, nothing written); ``LookupError`` for an
        unknown match. It never touches the match itself: its version, ``updated_at`` and log
        stay as they are."""
        text, size = weighed_analysis(tree, note)
        return await self._save_analysis(match_id, user_id, (text, note, nodes, size, now), caps)

    @abstractmethod
    async def _save_analysis(
        self, match_id: int, user_id: str, row: AnalysisRow, caps: AnalysisCaps
    ) -> AnalysisRecord:
        """Store a weighed analysis in one transaction: ``LookupError`` for an unknown match,
        :class:`storage.records.AnalysisFull` (nothing written) when the player's other
        matches' analyses and this one together would pass ``caps``
        (:func:`storage.integrity.check_analysis_caps`)."""
