"""The storage interface: a small async API with two implementations.

``SqliteStore`` (``storage/sqlite.py``) is the real one; ``MemoryStore``
(``storage/memory.py``) is its twin for fast tests. Both pass the same test-suite
(``tests/storage``). SQL lives only in ``storage/``.

Design points:

* **The log is the truth.** Every accepted action is a row of ``actions`` (append-only; an
  agreed undo marks rows ``undone`` instead of deleting them) and the latest state is a
  snapshot beside it. A snapshot can always be rebuilt by replaying the live rows.
* **One writer per match.** :meth:`Store.commit` is one transaction guarded by the match's
  ``version``; a write against a stale version raises :class:`StaleVersion` and changes
  nothing, so two concurrent moves can never both apply.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

# Match status values.
CHALLENGE = "challenge"  # waiting for the opponent to accept (or a lobby filling up)
ACTIVE = "active"
FINISHED = "finished"
DECLINED = "declined"
CANCELLED = "cancelled"
OPEN_STATUSES = (CHALLENGE, ACTIVE)


class StaleVersion(Exception):
    """The match changed since it was read; the caller must look again."""


@dataclass(frozen=True)
class ActionRecord:
    """One accepted action in a match's log."""

    ply: int  # 1-based position in the log (counting undone rows too)
    seat: int
    notation: str
    created_at: float
    detail: dict[str, Any] = field(default_factory=dict)
    """Public facts for the renderer (``Rules.highlight``) and the history."""
    undone: bool = False


@dataclass(frozen=True)
class MatchRecord:
    """A match row with its seats and latest snapshot."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    seats: tuple[str, ...]  # user id per seat (seat 0 first)
    created_by: str
    created_at: float
    updated_at: float
    version: int
    state: dict[str, Any]  # Rules.dump of the latest state
    guild_id: str | None = None
    channel_id: str | None = None
    thread_id: str | None = None
    result: dict[str, Any] | None = None  # Outcome.to_dict() once finished
    meta: dict[str, Any] = field(default_factory=dict)
    """Small per-match extras the service keeps (pending draw/undo offers, the highlight of
    the last turn, the colour choice of a challenge…)."""


@dataclass(frozen=True)
class MatchUpdate:
    """Fields to change in :meth:`Store.commit`; ``None`` leaves a field as it is."""

    status: str | None = None
    state: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None
    seats: Sequence[str] | None = None
    thread_id: str | None = None
    channel_id: str | None = None


class Store(ABC):
    """Async persistence for users, matches, seats, the action log and snapshots."""

    async def open(self) -> None:  # noqa: B027 - optional hook
        """Connect and run migrations (idempotent)."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release the connection."""

    async def __aenter__(self) -> Store:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- users -----------------------------------------------------------------------------
    @abstractmethod
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        """Create the user, or refresh their display name."""

    @abstractmethod
    async def user_name(self, user_id: str) -> str | None: ...

    # -- matches ---------------------------------------------------------------------------
    @abstractmethod
    async def create_match(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        status: str,
        seats: Sequence[str],
        created_by: str,
        state: dict[str, Any],
        now: float,
        guild_id: str | None = None,
        channel_id: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> MatchRecord:
        """Insert a match with version 1."""

    @abstractmethod
    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    @abstractmethod
    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Matches (optionally of one user / in some statuses), newest activity first."""

    @abstractmethod
    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """The match whose thread this is, if any."""

    @abstractmethod
    async def commit(
        self,
        match_id: int,
        expected_version: int,
        update: MatchUpdate,
        *,
        now: float,
        append: Sequence[ActionRecord] = (),
        undo_from_ply: int | None = None,
    ) -> MatchRecord:
        """Apply ``update``, mark rows with ``ply >= undo_from_ply`` undone, append
        ``append`` — all in one transaction, only if the stored version is
        ``expected_version`` (else :class:`StaleVersion`). Bumps the version by one and
        returns the new record."""

    # -- log -------------------------------------------------------------------------------
    @abstractmethod
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The match's log in ply order."""
