"""What every store checks and writes for a tournament, before any transaction opens.

The three stores must refuse the same calls the same way, and a refusal must cost nothing, so
the checks that need no stored data live here, beside the ones in ``storage.integrity`` that
matches use; each engine then only decides on what it reads inside its transaction
(:func:`check_open_and_current`).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from storage.integrity import check_due_update, to_json
from storage.records import (
    TOURNAMENT_CLOSED,
    TOURNAMENT_STATUSES,
    UNCHANGED,
    StaleVersion,
    TournamentClosed,
    Unchanged,
)

TOURNAMENT_OPEN = tuple(s for s in TOURNAMENT_STATUSES if s not in TOURNAMENT_CLOSED)
"""The statuses in which a tournament may still be due: signup and running."""


class NewTournament(NamedTuple):
    """A new tournament's checked fields, serialised as the SQL engines store them."""

    guild_id: str
    channel_id: str | None
    game: str
    name: str
    created_by: str
    status: str
    data: str
    created_at: float
    due_at: float | None


class TournamentChange(NamedTuple):
    """An update's checked fields: None leaves a column as it is, except ``due_at``, where
    None clears the deadline and UNCHANGED leaves it."""

    status: str | None
    data: str | None
    now: float
    due_at: float | Unchanged | None


def check_tournament_status(status: str) -> str:
    """An unknown status would hide a tournament from every filtered listing and from the
    scheduler, so it is refused outright."""
    if status not in TOURNAMENT_STATUSES:
        raise ValueError(
            f"unknown tournament status {status!r}; expected one of {TOURNAMENT_STATUSES}"
        )
    return status


def encode_data(data: dict[str, Any]) -> str:
    """The service's JSON object as text; anything but a dict is a caller's mistake."""
    if not isinstance(data, dict):
        raise TypeError(f"tournament data must be a dict, got {type(data).__name__}")
    return to_json(data, "tournament data")


def check_now(now: float) -> float:
    """Times are finite seconds: a NaN ``updated_at`` would sort nowhere and compare as
    nothing."""
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        raise ValueError(f"now must be a finite timestamp, got {now!r}")
    return float(now)


def check_text(value: str, what: str) -> str:
    """Any text will do (names repeat freely), but text it must be, without a NUL: the SQL
    columns are NOT NULL, and PostgreSQL cannot store a NUL in ``text`` at all, so refusing
    both here keeps the memory store a twin of the other two."""
    if not isinstance(value, str):
        raise TypeError(f"tournament {what} must be a string, got {type(value).__name__}")
    if "\x00" in value:
        raise ValueError(f"tournament {what} must not contain a NUL character")
    return value


def tournament_change(
    status: str | None,
    data: dict[str, Any] | None,
    now: float,
    due_at: float | Unchanged | None,
) -> TournamentChange:
    return TournamentChange(
        None if status is None else check_tournament_status(status),
        None if data is None else encode_data(data),
        check_now(now),
        check_due_update(due_at),
    )


def check_open_and_current(
    tournament_id: int, stored_status: str, stored_version: int, expected_version: int
) -> None:
    """A closed tournament first: looking again would not help, so no "stale" for it."""
    if stored_status in TOURNAMENT_CLOSED:
        raise TournamentClosed(tournament_id, stored_status)
    if stored_version != expected_version:
        raise StaleVersion(f"tournament {tournament_id} is no longer at version {expected_version}")


def due_after_change(
    new_status: str, due_at: float | Unchanged | None
) -> tuple[bool, float | None]:
    """(write ``due_at``?, its value): a closed tournament never wakes the scheduler again."""
    if new_status in TOURNAMENT_CLOSED:
        return True, None
    if due_at is UNCHANGED:
        return False, None
    return True, due_at
