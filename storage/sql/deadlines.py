"""The deadlines role over SQL (:mod:`storage.roles.deadlines`): each ask is one indexed
query, whatever the number of matches with nothing due."""

from __future__ import annotations

import functools
from collections.abc import Collection

from storage.records import ACTIVE, MatchRecord, TournamentRecord
from storage.roles import Deadlines
from storage.rows import tournament_of
from storage.sql.dialect import Dialect, SqlConnection
from storage.sql.engine import CLOSED, TOURNAMENT_COLUMNS, SqlEngine, match_columns, matches_of


@functools.cache
def due_matches_query(dialect: Dialect, skipping: bool = False) -> str:
    """Due matches through the partial index ``matches_due`` (migration 4); ``skipping``:
    leaving out a list of ids (parameters: now, the list, the limit).

    The status is a literal so the index's condition visibly holds, to SQLite and to
    PostgreSQL's planner even for a prepared statement. SQLite is also told the index by
    name: without ``ANALYZE`` statistics it would rather take ``matches_by_status`` and sort
    every active match on each tick.
    """
    skipped = f" AND {dialect.none_of('m.id', 'bigint')}" if skipping else ""
    return (
        f"SELECT {match_columns(dialect)} FROM matches m{dialect.indexed_by('matches_due')}"
        " JOIN snapshots s ON s.match_id = m.id"
        f" WHERE m.status = '{ACTIVE}' AND m.due_at IS NOT NULL AND m.due_at <= ?{skipped}"
        " ORDER BY m.due_at, m.id LIMIT ?"
    )


@functools.cache
def due_tournaments_query(dialect: Dialect) -> str:
    """Due tournaments through the partial index ``tournaments_due``, its condition spelled
    out so a planner can prove the index applies, and named outright where hints are used, so
    a missing index is an error rather than a silent scan.

    No status test: the table refuses a deadline on a closed tournament (its CHECK), so every
    row with one is open, and a status test would only tempt a planner to the listing index
    and a sort.
    """
    return (
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments{dialect.indexed_by('tournaments_due')}"
        " WHERE due_at IS NOT NULL AND due_at <= ?"
        " ORDER BY due_at, id LIMIT ?"
    )


class SqlDeadlines(SqlEngine, Deadlines):
    async def _set_due(self, match_id: int, due_at: float | None) -> None:
        """A closed match's row is left untouched."""

        async def work(conn: SqlConnection) -> None:
            changed = await conn.execute(
                f"UPDATE matches SET due_at = ? WHERE id = ? AND status NOT IN ({CLOSED})",
                due_at, match_id,
            )  # fmt: skip
            if not changed and not await conn.fetchval(
                "SELECT 1 FROM matches WHERE id = ?", match_id
            ):
                raise LookupError(f"there is no match {match_id}")

        await self._write(work)

    async def _due_matches(
        self, now: float, limit: int, skip: Collection[int]
    ) -> list[MatchRecord]:
        """The skipped ids are left out by the query, so they cost neither a read nor a
        decoding."""
        query = due_matches_query(self.dialect, bool(skip))
        params = (now, self.dialect.listed(skip), limit) if skip else (now, limit)

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return matches_of(await conn.fetch(query, *params))

        return await self._read(work)

    async def _due_tournaments(self, now: float, limit: int) -> list[TournamentRecord]:
        found = await self._fetch(due_tournaments_query(self.dialect), now, limit)
        return [tournament_of(row) for row in found]
