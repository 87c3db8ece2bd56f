"""Rows of the two SQL engines as records.

``sqlite3.Row`` and ``asyncpg.Record`` are both read by column name, so one reader per record
type serves SQLite and PostgreSQL alike; a column added by a migration is then read in one
place.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from storage.integrity import from_json
from storage.records import (
    ActionRecord,
    AnalysisRecord,
    MatchRecord,
    Notice,
    Rating,
    RatingPoint,
    ReviewRecord,
    TournamentRecord,
)

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")


class Row(Protocol):
    """A row read by column name: ``sqlite3.Row``, ``asyncpg.Record`` and a plain dict (the
    memory store's tournaments) all are one."""

    def __getitem__(self, key: str, /) -> Any: ...


def match_of(row: Row, seats: tuple[str, ...]) -> MatchRecord:
    return MatchRecord(
        id=row["id"],
        game=row["game"],
        options=from_json(row["options"]),
        seed=row["seed"],
        status=row["status"],
        seats=seats,
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        version=row["version"],
        state=from_json(row["state"]),
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        result=from_json(row["result"]),
        meta=from_json(row["meta"]),
        due_at=row["due_at"],
        venue=row["venue"],
    )


def notice_of(row: Row) -> Notice:
    match_id = row["match_id"]
    return _by_name(
        Notice,
        row,
        id=int(row["id"]),
        created_at=float(row["created_at"]),
        match_id=None if match_id is None else int(match_id),
    )


def _by_name(record: type[R], row: Row, **decoded: Any) -> R:
    """A record whose fields are the row's columns of the same names; ``decoded`` gives the
    fields a column holds in another form (JSON text, an integer flag)."""
    fields = (f.name for f in dataclasses.fields(record))
    return record(**{name: decoded[name] if name in decoded else row[name] for name in fields})


def tournament_of(row: Row) -> TournamentRecord:
    """Also the memory store's reader, so all three stores decode a tournament one way."""
    return _by_name(TournamentRecord, row, data=from_json(row["data"]))


def rating_of(row: Row) -> Rating:
    return _by_name(Rating, row)


# -- rating history --
def rating_point_of(row: Row) -> RatingPoint:
    return _by_name(RatingPoint, row)


def action_of(row: Row) -> ActionRecord:
    return _by_name(ActionRecord, row, detail=from_json(row["detail"]), undone=bool(row["undone"]))


def review_of(row: Row) -> ReviewRecord:
    finished = row["finished_at"]
    return _by_name(
        ReviewRecord,
        row,
        match_id=int(row["match_id"]),
        requested_at=float(row["requested_at"]),
        result=from_json(row["result"]),
        finished_at=None if finished is None else float(finished),
    )


def analysis_of(row: Row) -> AnalysisRecord:
    numbers = {name: int(row[name]) for name in ("match_id", "nodes", "size")}
    return _by_name(
        AnalysisRecord,
        row,
        tree=from_json(row["tree"]),
        updated_at=float(row["updated_at"]),
        **numbers,
    )
