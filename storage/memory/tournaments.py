"""The tournaments role of the memory store (:mod:`storage.roles.tournaments`)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.memory.tables import MemoryTables
from storage.records import TournamentRecord
from storage.roles import Tournaments
from storage.rows import tournament_of
from storage.tournaments import (
    NewTournament,
    TournamentChange,
    check_open_and_current,
    due_after_change,
)


class MemoryTournaments(MemoryTables, Tournaments):
    async def _create_tournament(self, new: NewTournament) -> TournamentRecord:
        stored = {
            **new._asdict(), "id": self._next_tournament_id, "updated_at": new.created_at,
            "version": 1,
        }  # fmt: skip
        self._next_tournament_id += 1
        self._tournaments[stored["id"]] = stored
        return tournament_of(stored)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        stored = self._tournaments.get(tournament_id)
        return None if stored is None else tournament_of(stored)

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        wanted = None if statuses is None else set(statuses)
        found = [
            t
            for t in self._tournaments.values()
            if (guild_id is None or t["guild_id"] == guild_id)
            and (wanted is None or t["status"] in wanted)
        ]
        found.sort(key=lambda t: int(t["id"]), reverse=True)
        return [tournament_of(t) for t in found]

    async def _update_tournament(
        self, tournament_id: int, expected_version: int, change: TournamentChange
    ) -> TournamentRecord:
        stored = self._tournaments.get(tournament_id)
        if stored is None:
            raise LookupError(f"there is no tournament {tournament_id}")
        status, version = stored["status"], stored["version"]
        check_open_and_current(tournament_id, status, version, expected_version)
        new_status = change.status or status
        write_due, due_value = due_after_change(new_status, change.due_at)
        updated = {
            **stored,
            "status": new_status,
            "data": stored["data"] if change.data is None else change.data,
            "updated_at": change.now,
            "version": version + 1,
            "due_at": due_value if write_due else stored["due_at"],
        }
        self._tournaments[tournament_id] = updated
        return tournament_of(updated)
