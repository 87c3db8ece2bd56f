"""The tournaments role over SQL (:mod:`storage.roles.tournaments`)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.records import TournamentRecord
from storage.roles import Tournaments
from storage.rows import tournament_of
from storage.sql.dialect import SqlConnection
from storage.sql.engine import TOURNAMENT_COLUMNS, SqlEngine
from storage.tournaments import (
    NewTournament,
    TournamentChange,
    check_open_and_current,
    due_after_change,
)


class SqlTournaments(SqlEngine, Tournaments):
    async def _create_tournament(self, new: NewTournament) -> TournamentRecord:
        async def work(conn: SqlConnection) -> TournamentRecord | None:
            tournament_id = await conn.insert(
                "INSERT INTO tournaments (guild_id, channel_id, game, name, status, created_by,"
                " created_at, updated_at, version, data, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                new.guild_id, new.channel_id, new.game, new.name, new.status,
                new.created_by, new.created_at, new.created_at, new.data, new.due_at,
            )  # fmt: skip
            return await _tournament(conn, tournament_id)

        record = await self._write(work)
        assert record is not None
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async def work(conn: SqlConnection) -> TournamentRecord | None:
            return await _tournament(conn, tournament_id)

        return await self._read(work)

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        found = self._filter(
            None if guild_id is None else ("guild_id = ?", [guild_id]), "status", statuses
        )
        if found is None:
            return []
        where, params = found
        rows = await self._fetch(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments{where} ORDER BY id DESC", *params
        )
        return [tournament_of(row) for row in rows]

    async def _update_tournament(
        self, tournament_id: int, expected_version: int, change: TournamentChange
    ) -> TournamentRecord:
        """The row is read (and locked, where rows are locked) before anything is decided,
        so a concurrent update waits and then reads the version this one left behind."""
        lock_rows = self.dialect.lock_rows

        async def work(conn: SqlConnection) -> TournamentRecord | None:
            row = await conn.fetchrow(
                f"SELECT status, version FROM tournaments WHERE id = ?{lock_rows}", tournament_id
            )
            if row is None:
                raise LookupError(f"there is no tournament {tournament_id}")
            check_open_and_current(tournament_id, row["status"], row["version"], expected_version)
            write_due, due_value = due_after_change(change.status or row["status"], change.due_at)
            await conn.execute(
                "UPDATE tournaments SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), data = COALESCE(?, data),"
                " due_at = CASE WHEN ? THEN CAST(? AS DOUBLE PRECISION) ELSE due_at END"
                " WHERE id = ?",
                change.now, change.status, change.data, write_due, due_value, tournament_id,
            )  # fmt: skip
            return await _tournament(conn, tournament_id)

        record = await self._write(work)
        assert record is not None
        return record


async def _tournament(conn: SqlConnection, tournament_id: int) -> TournamentRecord | None:
    row = await conn.fetchrow(
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", tournament_id
    )
    return None if row is None else tournament_of(row)
