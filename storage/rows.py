"""Rows of the two SQL engines as records.

``sqlite3.Row`` and ``asyncpg.Record`` are both read by column name, so one reader per record
type serves SQLite and PostgreSQL alike; a column added by a migration is then read in one
place.
"""

from __future__ import annotations

from typing import Any, Protocol

from storage.integrity import from_json
from storage.records import (
    ActionRecord,
    MatchRecord,
    Notice,
    Rating,
    RatingPoint,
    ReviewRecord,
    TournamentRecord,
)


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
    return Notice(
        id=int(row["id"]),
        user_id=row["user_id"],
        text=row["text"],
        created_at=float(row["created_at"]),
        topic=row["topic"],
        match_id=None if match_id is None else int(match_id),
    )


def tournament_of(row: Row) -> TournamentRecord:
    """Also the memory store's reader, so all three stores decode a tournament one way."""
    return TournamentRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        name=row["name"],
        status=row["status"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        version=row["version"],
        data=from_json(row["data"]),
        due_at=row["due_at"],
    )


def rating_of(row: Row) -> Rating:
    return Rating(
        user_id=row["user_id"],
        game=row["game"],
        guild_id=row["guild_id"],
        rating=row["rating"],
        rd=row["rd"],
        volatility=row["volatility"],
        games=row["games"],
        updated_at=row["updated_at"],
    )


# -- rating history --
def rating_point_of(row: Row) -> RatingPoint:
    return RatingPoint(
        match_id=row["match_id"],
        at=row["at"],
        rating=row["rating"],
        rd=row["rd"],
        games=row["games"],
    )


def action_of(row: Row) -> ActionRecord:
    return ActionRecord(
        ply=row["ply"],
        seat=row["seat"],
        notation=row["notation"],
        created_at=row["created_at"],
        detail=from_json(row["detail"]),
        undone=bool(row["undone"]),
    )


def review_of(row: Row) -> ReviewRecord:
    finished = row["finished_at"]
    return ReviewRecord(
        match_id=int(row["match_id"]),
        status=row["status"],
        requested_by=row["requested_by"],
        requested_at=float(row["requested_at"]),
        result=from_json(row["result"]),
        finished_at=None if finished is None else float(finished),
    )
