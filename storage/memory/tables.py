"""The memory store's tables: immutable rows, JSON fields kept as text, as the SQL files keep
them, and :class:`MemoryTables`, the state every role of the memory store reads and writes.

Why one base for every role: a role's write may touch another role's table in the same step
(a finishing commit writes ratings; a review needs its match), exactly as one SQL
transaction may, so the tables are shared and the roles are only ways of reaching them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.integrity import from_json
from storage.records import (
    VENUE_SERVER,
    ActionRecord,
    AnalysisRow,
    LiveMessages,
    MatchRecord,
    Notice,
    PlayerStatus,
    Rating,
    RatingPoint,
)


@dataclass(frozen=True)
class StoredUser:
    name: str | None
    created_at: float
    locale: str | None = None


@dataclass(frozen=True)
class StoredMatch:
    """A stored match: only immutable values, JSON fields as text."""

    id: int
    game: str
    options: str
    seed: int
    status: str
    seats: tuple[str, ...]
    created_by: str
    created_at: float
    updated_at: float
    version: int
    state: str
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    result: str | None
    meta: str
    due_at: float | None = None
    venue: str = VENUE_SERVER


@dataclass(frozen=True)
class StoredAction:
    ply: int
    seat: int
    notation: str
    created_at: float
    detail: str
    undone: bool


TournamentRow = dict[str, Any]
"""A stored tournament as the SQL engines' rows have it, by column name (``data`` as JSON text),
so :func:`storage.rows.tournament_of` reads all three stores' tournaments alike. Replaced whole
on every change, never changed in place."""


Review = tuple[str, str, float, str | None, float | None]
"""(status, requested by, requested at, result as JSON text, finished at)"""


class MemoryTables:
    """Every table of the memory store, and what more than one role does with them.

    Each role's method runs without an ``await`` between its checks and its writes, so on one
    event loop a call is atomic without a lock, just as a transaction is in the SQL stores.
    """

    def __init__(self) -> None:
        self._users: dict[str, StoredUser] = {}
        self._matches: dict[int, StoredMatch] = {}
        self._log: dict[int, list[StoredAction]] = {}
        self._next_id = 1  # ids are never reused, like AUTOINCREMENT
        self._user_settings: dict[str, str] = {}  # JSON text, as in the SQL tables
        self._guild_settings: dict[str, str] = {}
        self._ratings: dict[tuple[str, str, str], Rating] = {}  # (guild, game, user)
        self._rated: set[int] = set()
        self._history: dict[tuple[str, str, str], list[RatingPoint]] = {}  # (guild, game, user)
        self._seen_at: float | None = None
        self._outages: dict[float, float] = {}
        self._tournaments: dict[int, TournamentRow] = {}
        self._next_tournament_id = 1
        self._uses: dict[tuple[str, str], list[float]] = {}  # (user, kind): times, oldest first
        self._reviews: dict[int, Review] = {}  # by match id
        self._analyses: dict[tuple[int, str], AnalysisRow] = {}
        """(match id, user): (tree as JSON text, note, nodes, size, updated at)"""
        self._notices: dict[int, Notice] = {}
        self._next_notice_id = 1
        self._blocks: dict[tuple[str, str], float] = {}  # (blocker, blocked) -> when
        self._live: dict[int, LiveMessages] = {}  # frozen records, by match id
        self._player_live: dict[tuple[int, str], PlayerStatus] = {}  # by (match, user)

    def _seat_users(self, seat_ids: Sequence[str], now: float) -> None:
        """Unknown seat holders get a nameless entry, as in the SQL stores."""
        for user_id in seat_ids:
            self._users.setdefault(user_id, StoredUser(None, now))

    @staticmethod
    def _settings_of(table: dict[str, str], key: str) -> dict[str, Any]:
        text = table.get(key)
        settings: dict[str, Any] = {} if text is None else from_json(text)
        return settings

    def _rate(self, match_id: int, rows: Sequence[Rating]) -> None:
        """Store rating rows with the match's receipt and one history point per rated user,
        wherever ratings are written (as the SQL stores do inside their rating write)."""
        self._rated.add(match_id)
        for r in rows:
            self._ratings[(r.guild_id, r.game, r.user_id)] = r
            point = RatingPoint(match_id, r.updated_at, r.rating, r.rd, r.games)
            self._history.setdefault((r.guild_id, r.game, r.user_id), []).append(point)


def _decoded(row: StoredMatch | StoredAction, *json_fields: str) -> dict[str, Any]:
    """A stored row's fields by name (the record's names), its JSON text decoded afresh so
    that callers never share stored objects."""
    values = dict(vars(row))
    for name in json_fields:
        values[name] = from_json(values[name])
    return values


def record_of(stored: StoredMatch) -> MatchRecord:
    return MatchRecord(**_decoded(stored, "options", "state", "result", "meta"))


def action_of(stored: StoredAction) -> ActionRecord:
    return ActionRecord(**_decoded(stored, "detail"))
