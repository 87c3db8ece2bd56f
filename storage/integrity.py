"""What every store refuses before it writes anything.

The memory, SQLite and PostgreSQL stores must behave as twins, so every check that does not need
the stored data lives here and runs before a transaction opens: a bad argument then costs
nothing and can never leave a match half-written. The roles (:mod:`storage.roles`) call these
checks in their public methods, so an engine only ever sees arguments already checked. JSON
goes through one encoder for the same reason — the memory store keeps JSON text too, so a
tuple comes back as a list and a non-JSON value is refused from all stores alike, instead of
working in tests and failing in production.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from storage.records import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    CLOSED_STATUSES,
    DECLINED,
    FINISHED,
    UNCHANGED,
    VENUES,
    ActionRecord,
    AnalysisCaps,
    AnalysisFull,
    MatchClosed,
    MatchUpdate,
    Rating,
    RatingsChanged,
    RatingsWrite,
    StaleVersion,
    StatusChanged,
    Unchanged,
)

KNOWN_STATUSES = (CHALLENGE, ACTIVE, FINISHED, DECLINED, CANCELLED)

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def clean_text(value: str) -> str:
    """Text every engine stores alike: a lone UTF-16 surrogate becomes U+FFFD and a NUL goes.

    A Discord payload may carry a lone surrogate (JSON allows ``"\\ud800"``); Python keeps it,
    the memory store would too, SQLite cannot encode it and PostgreSQL refuses it, and no
    engine but memory can hold a NUL in text. Replacing both the same way everywhere keeps the
    three stores twins, and a player named with one still gets a readable name."""
    if not _UNSTORABLE.search(value):
        return value
    return _UNSTORABLE.sub(lambda m: "" if m.group() == "\x00" else "\ufffd", value)


def to_json(value: Any, what: str) -> str:
    """Encode strictly: NaN and infinities are not JSON and would not survive a reload."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} is not JSON-safe: {exc}") from exc


def from_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def check_status(status: str) -> str:
    """An unknown status would silently drop a match out of every listing, so refuse it."""
    if status not in KNOWN_STATUSES:
        raise ValueError(f"unknown match status {status!r}; expected one of {KNOWN_STATUSES}")
    return status


def check_venue(venue: str) -> str:
    """A venue no deliverer knows would leave a match's posts with nowhere to go."""
    if venue not in VENUES:
        raise ValueError(f"unknown venue {venue!r}; expected one of {VENUES}")
    return venue


def check_notice(now: float, text: str) -> str:
    """A notice's time must be a finite number (they are shown oldest first) and its text is
    stored as every engine stores text."""
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        raise ValueError(f"now must be a finite number of seconds, got {now!r}")
    return clean_text(str(text))


def check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """Seats are user ids; a bare string would otherwise be split into one seat per letter."""
    if isinstance(seats, str):
        raise TypeError("seats must be a sequence of user ids, not a single string")
    out = tuple(seats)
    for user_id in out:
        if not isinstance(user_id, str):
            raise TypeError(f"seat user ids must be strings, got {user_id!r}")
    return out


def check_undo_from(undo_from_ply: int | None) -> None:
    if undo_from_ply is not None and undo_from_ply < 1:
        raise ValueError(f"undo_from_ply must be 1 or more, got {undo_from_ply}")


def encode_actions(append: Sequence[ActionRecord]) -> list[tuple[int, int, str, float, str, int]]:
    """Rows for the log, checked for internal order; continuity with the log is checked later.

    Plies count undone rows too, so an undo never frees a ply number: the log stays a faithful
    record of everything that was ever played, in the order it was played.
    """
    rows = []
    for i, rec in enumerate(append):
        if i and rec.ply != append[i - 1].ply + 1:
            raise ValueError("appended actions must have consecutive ply numbers")
        if rec.seat < 0:
            raise ValueError(f"seat must be 0 or more, got {rec.seat}")
        if not math.isfinite(rec.created_at):
            raise ValueError("action created_at must be a finite timestamp")
        detail = to_json(rec.detail, f"detail of ply {rec.ply}")
        rows.append((rec.ply, rec.seat, rec.notation, rec.created_at, detail, int(rec.undone)))
    return rows


def check_continues(last_ply: int, append: Sequence[ActionRecord]) -> None:
    """A gap or an overlap in the log means the caller read a stale log; refuse it loudly."""
    if append and append[0].ply != last_ply + 1:
        raise ValueError(
            f"appended actions must start at ply {last_ply + 1}, got ply {append[0].ply}"
        )


def _cleaned(value: Any) -> Any:
    """``value`` with every string in it (keys too) stored as :func:`clean_text` stores text."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(str(key)): _cleaned(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_cleaned(item) for item in value]
    return value


def encode_settings(settings: dict[str, Any], what: str) -> str | None:
    """Settings as JSON text, or None when empty (an empty object is stored as no row).

    Their strings are cleaned as text is (:func:`clean_text`): PostgreSQL indexes a person's
    settings by field (``settings->>'notify'``), and reading any field there fails on a
    ``\\u0000`` anywhere in the object, so a NUL would make that person's settings
    unwritable on one engine alone."""
    if not isinstance(settings, dict):
        raise TypeError(f"{what} must be a dict, got {type(settings).__name__}")
    return to_json(_cleaned(settings), what) if settings else None


def check_ratings(
    guild_id: str, game: str, ratings: Sequence[Rating], now: float
) -> tuple[Rating, ...]:
    """The ratings to store, normalised to floats and stamped with ``now``.

    A NaN would poison every later update of that player and sort unpredictably on the
    ladder, and a rating filed under another game or guild would land on the wrong ladder,
    so both are refused before anything is written.
    """
    now = float(now)
    if not math.isfinite(now):
        raise ValueError("now must be a finite timestamp")
    out: list[Rating] = []
    seen: set[str] = set()
    for r in ratings:
        if (r.guild_id, r.game) != (guild_id, game):
            raise ValueError(
                f"rating of {r.user_id!r} is for game {r.game!r} in guild {r.guild_id!r},"
                f" not {game!r} in {guild_id!r}"
            )
        if r.user_id in seen:
            raise ValueError(f"user {r.user_id!r} is rated twice in one match")
        seen.add(r.user_id)
        values = (float(r.rating), float(r.rd), float(r.volatility))
        if not all(math.isfinite(v) for v in values) or values[1] <= 0 or values[2] <= 0:
            raise ValueError(f"rating of {r.user_id!r} is not finite and positive: {r}")
        if isinstance(r.games, bool) or not isinstance(r.games, int) or not 0 <= r.games < 2**63:
            raise ValueError(f"games of {r.user_id!r} must be a count, got {r.games!r}")
        out.append(Rating(r.user_id, game, guild_id, *values, games=r.games, updated_at=now))
    return tuple(out)


def closed_change(
    match_id: int,
    status: str,
    update: MatchUpdate,
    appends: bool,
    undo_from_ply: int | None,
    expected_status: str | None,
) -> None:
    """The guard that makes results final, whatever the command forgot to check.

    A closed match may still take bookkeeping (``meta`` such as posted-message ids, a
    thread id) but never a new status, state, result, seats or log entry.
    """
    touches_game = (
        update.status is not None
        or update.state is not None
        or update.result is not None
        or update.seats is not None
        or appends
        or undo_from_ply is not None
    )
    if status in CLOSED_STATUSES and touches_game:
        raise MatchClosed(match_id, status)
    if expected_status is not None and status != expected_status:
        raise StatusChanged(f"match {match_id} is {status}, not {expected_status}")


def check_expected_games(match_id: int, stored: dict[str, int], expected: dict[str, int]) -> None:
    """Every rating row must still count the games the new values were computed from."""
    moved = sorted(u for u, games in stored.items() if expected.get(u, 0) != games)
    if moved:
        raise RatingsChanged(f"ratings of {', '.join(moved)} changed while match {match_id} ended")


def check_due(due_at: float | None) -> float | None:
    """A deadline is a finite number of seconds; a NaN would never compare as due, so the
    match would silently never wake again."""
    if due_at is None:
        return None
    if isinstance(due_at, bool) or not isinstance(due_at, int | float):
        raise TypeError(f"due_at must be epoch seconds or None, got {due_at!r}")
    if not math.isfinite(due_at):
        raise ValueError(f"due_at must be a finite timestamp, got {due_at!r}")
    return float(due_at)


def check_due_update(due_at: float | Unchanged | None) -> float | Unchanged | None:
    """:func:`check_due` for a :class:`MatchUpdate` field, where UNCHANGED is a value too."""
    return due_at if due_at is UNCHANGED else check_due(due_at)


def due_after(new_status: str, due_at: float | Unchanged | None) -> tuple[bool, float | None]:
    """What a change does to ``due_at``: (write it?, the value). A closed match has no
    deadline, whatever the change asked for."""
    if new_status in CLOSED_STATUSES:
        return True, None
    if due_at is UNCHANGED:
        return False, None
    return True, due_at


def check_use(now: float, window: float, most: int) -> None:
    """A window must be a positive finite length and ``most`` a count of at least one: a NaN
    window would count nothing and grant every use."""
    for name, value in (("now", now), ("window", window)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{name} must be seconds, got {value!r}")
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number of seconds, got {value!r}")
    if window <= 0:
        raise ValueError(f"window must be positive, got {window!r}")
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        raise ValueError(f"most must be a count of at least 1, got {most!r}")


def check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive count, got {limit!r}")
    return limit


class NewMatch(NamedTuple):
    """A new match as every engine stores it, checked and serialised once (by
    :meth:`storage.roles.matches.Matches.create_match`)."""

    game: str
    options: str
    seed: int
    status: str
    seats: tuple[str, ...]
    created_by: str
    state: str
    now: float
    guild_id: str | None
    channel_id: str | None
    meta: str
    due_at: float | None
    venue: str


@dataclass(frozen=True)
class CheckedCommit:
    """A :meth:`storage.base.Store.commit` checked and serialised before any transaction
    opens, the same for every engine (:func:`check_commit`); :meth:`decide` is the rest of the
    guard, on what the engine read inside its transaction."""

    update: MatchUpdate
    now: float
    append: tuple[ActionRecord, ...]
    rows: list[tuple[int, int, str, float, str, int]]
    """``append`` as log rows (:func:`encode_actions`)."""
    undo_from_ply: int | None
    expected_status: str | None
    seats: tuple[str, ...] | None
    state: str | None
    result: str | None
    meta: str | None
    due_at: float | Unchanged | None
    ratings: RatingsWrite | None
    rating_rows: tuple[Rating, ...] | None
    """``ratings.ratings`` checked and stamped (:func:`check_ratings`)."""

    def decide(
        self, match_id: int, status: str, version: int, expected_version: int, last_ply: int
    ) -> tuple[bool, float | None]:
        """The guard on the stored row, in the contract's order — closed, status, version, a
        log that goes on from its last ply — and then what to do with ``due_at``: (write it?,
        the value), as :func:`due_after` says for the status after the commit."""
        closed_change(
            match_id, status, self.update, bool(self.append), self.undo_from_ply,
            self.expected_status,
        )  # fmt: skip
        if version != expected_version:
            raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
        check_continues(last_ply, self.append)
        return due_after(self.update.status or status, self.due_at)


def check_commit(
    update: MatchUpdate,
    *,
    now: float,
    append: Sequence[ActionRecord],
    undo_from_ply: int | None,
    expected_status: str | None,
    ratings: RatingsWrite | None,
) -> CheckedCommit:
    """Everything a commit is refused for without reading the store, checked once for every
    engine, so none of them can forget a check or run them in another order."""
    rating_rows = (
        None
        if ratings is None
        else check_ratings(ratings.guild_id, ratings.game, ratings.ratings, now)
    )
    if update.status is not None:
        check_status(update.status)
    seats = None if update.seats is None else check_seats(update.seats)
    state = None if update.state is None else to_json(update.state, "state")
    result = None if update.result is None else to_json(update.result, "result")
    meta = None if update.meta is None else to_json(update.meta, "meta")
    check_undo_from(undo_from_ply)
    due = check_due_update(update.due_at)
    appended = tuple(append)
    return CheckedCommit(
        update=update, now=now, append=appended, rows=encode_actions(appended),
        undo_from_ply=undo_from_ply, expected_status=expected_status, seats=seats, state=state,
        result=result, meta=meta, due_at=due, ratings=ratings, rating_rows=rating_rows,
    )  # fmt: skip


# -- analysis: a player's lines and note per match --------------------------------------------
def weighed_analysis(tree: dict[str, Any], note: str) -> tuple[str, int]:
    """The tree as stored (JSON text) and what tree and note weigh together, in UTF-8 bytes."""
    text = to_json(tree, "an analysis")
    return text, len(text.encode()) + len(note.encode())


def check_analysis_caps(others: tuple[int, int], nodes: int, size: int, caps: AnalysisCaps) -> None:
    """Refuse a save whose player would hold more than ``caps`` with it: ``others`` is what
    their other matches' analyses weigh (nodes, bytes)."""
    if others[0] + nodes > caps.nodes:
        raise AnalysisFull("nodes")
    if others[1] + size > caps.size:
        raise AnalysisFull("size")
