"""What every SQL role stands on: :class:`SqlEngine`'s transactions, and the columns and
readers more than one role's statements share."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from storage.integrity import from_json
from storage.records import CLOSED_STATUSES, MatchRecord
from storage.rows import Row, match_of
from storage.sql.dialect import Dialect, SqlConnection, T, Work

MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, name, status, created_by, created_at, updated_at,"
    " version, data, due_at"
)
CLOSED = ", ".join(f"'{status}'" for status in CLOSED_STATUSES)


class SqlEngine(ABC):
    """An engine's transactions, which every SQL role runs its statements in.

    Each method hands its transaction to the engine as one function of a connection
    (:data:`Work`), through :meth:`_read` or :meth:`_write`; the engine commits it when the
    function returns and rolls it back on any error. One function per transaction, rather
    than a block inside the caller, lets SQLite run the whole transaction in its own thread
    in one go (:mod:`storage.sqlite`) instead of crossing threads once per statement.
    """

    dialect: ClassVar[Dialect]

    @abstractmethod
    async def _read(self, work: Work[T]) -> T:
        """``work`` in a read transaction, so a match row and its seats come from the same
        moment."""

    @abstractmethod
    async def _write(self, work: Work[T]) -> T:
        """``work`` in a write transaction; :attr:`Dialect.lock_rows` makes its reads hold."""

    @abstractmethod
    async def _statement(self, work: Work[T]) -> T:
        """``work`` that runs exactly one statement, which is atomic and sees one moment by
        itself, so an engine may run it without a transaction around it."""

    async def _fetch(self, sql: str, *params: Any) -> list[Row]:
        """One statement's rows, read on their own."""

        async def work(conn: SqlConnection) -> list[Row]:
            return list(await conn.fetch(sql, *params))

        return await self._statement(work)

    async def _fetchval(self, sql: str, *params: Any) -> Any:
        async def work(conn: SqlConnection) -> Any:
            return await conn.fetchval(sql, *params)

        return await self._statement(work)

    def _filter(
        self,
        owner: tuple[str, Sequence[Any]] | None,
        status_column: str,
        statuses: Sequence[str] | None,
    ) -> tuple[str, list[Any]] | None:
        """A listing's ``WHERE`` (with its leading space, or none) and its parameters, for an
        owner condition (its SQL and its parameters) and a list of statuses; None when an
        empty list of statuses rules out every row, so no statement need run."""
        where: list[str] = []
        params: list[Any] = []
        if owner is not None:
            where.append(owner[0])
            params += owner[1]
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return None
            condition, values = self.dialect.one_of(status_column, statuses, "text")
            where.append(condition)
            params += values
        return (" WHERE " + " AND ".join(where) if where else ""), params


@functools.cache
def match_columns(dialect: Dialect) -> str:
    """A match row's columns (``m``: matches, ``s``: snapshots), its seats among them as one
    JSON list of ``[seat, user id]`` pairs, so a match is one statement, not two."""
    return (
        "m.id, m.game, m.options, m.seed, m.status, m.created_by, m.guild_id, m.channel_id,"
        " m.thread_id, m.created_at, m.updated_at, m.version, m.result, m.meta, s.state,"
        f" m.due_at, m.venue, (SELECT {dialect.json_list}({dialect.json_row}(seat, user_id))"
        " FROM seats WHERE match_id = m.id) AS seat_list"
    )


def matches_of(rows: Sequence[Row]) -> list[MatchRecord]:
    """The matches a statement with :func:`match_columns` selected."""
    return [match_of(row, seats_of(row["seat_list"])) for row in rows]


def seats_of(listed: str | None) -> tuple[str, ...]:
    """User ids by seat from a JSON list of ``[seat, user id]`` (None: no seats)."""
    return tuple(user_id for _, user_id in sorted(from_json(listed) or []))
