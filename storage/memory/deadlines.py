"""The deadlines role of the memory store (:mod:`storage.roles.deadlines`): a scan here, an
index in the SQL stores."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from storage.memory.tables import MemoryTables, record_of
from storage.records import ACTIVE, CLOSED_STATUSES, MatchRecord, TournamentRecord
from storage.roles import Deadlines
from storage.rows import tournament_of
from storage.tournaments import TOURNAMENT_OPEN


class MemoryDeadlines(MemoryTables, Deadlines):
    async def _set_due(self, match_id: int, due_at: float | None) -> None:
        stored = self._matches.get(match_id)
        if stored is None:
            raise LookupError(f"there is no match {match_id}")
        if stored.status not in CLOSED_STATUSES:
            self._matches[match_id] = replace(stored, due_at=due_at)

    async def _due_matches(
        self, now: float, limit: int, skip: Collection[int]
    ) -> list[MatchRecord]:
        skipped = set(skip)
        due = sorted(
            (m.due_at, m.id)
            for m in self._matches.values()
            if m.status == ACTIVE and m.due_at is not None and m.due_at <= now
            and m.id not in skipped
        )  # fmt: skip
        return [record_of(self._matches[match_id]) for _, match_id in due[:limit]]

    async def _due_tournaments(self, now: float, limit: int) -> list[TournamentRecord]:
        due = sorted(
            (t["due_at"], t["id"])
            for t in self._tournaments.values()
            if t["status"] in TOURNAMENT_OPEN and t["due_at"] is not None and t["due_at"] <= now
        )
        return [tournament_of(self._tournaments[i]) for _, i in due[:limit]]
