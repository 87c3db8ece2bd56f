"""The deadlines role: what the scheduler must look at now, asked of an index.

Each match and tournament carries ``due_at``, the earliest moment the scheduler must look at
it (a reminder, a timeout, a digest, a computer's turn, a round running out), written in the
same transaction as the change that made it due and indexed, so a tick asks for what is due
instead of loading every match. A role of its own because the scheduler is its one caller and
asks nothing else of matches.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection

from storage.integrity import check_due, check_limit
from storage.records import MatchRecord, TournamentRecord


class Deadlines(ABC):
    """Due matches and tournaments, and the scheduler's own moves of a match's deadline."""

    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """Move the match's deadline without a versioned commit (``LookupError`` if unknown).

        For the scheduler's own bookkeeping (a reminder sent, the next one planned): it
        neither bumps ``version`` nor ``updated_at``, so it never turns a player's pending
        move stale nor reorders listings. On a closed match it does nothing, since a closed
        match has no deadline.
        """
        await self._set_due(match_id, check_due(due_at))

    @abstractmethod
    async def _set_due(self, match_id: int, due_at: float | None) -> None: ...

    async def due_matches(
        self, now: float, limit: int = 500, *, skip: Collection[int] = ()
    ) -> list[MatchRecord]:
        """Active matches whose ``due_at <= now``, earliest first (ties by id), at most
        ``limit``, leaving out the ids in ``skip`` (those the caller is already working on:
        the computer's queued turns, which stay due until played); one indexed query however
        many matches have nothing due or are skipped."""
        return await self._due_matches(now, check_limit(limit), skip)

    @abstractmethod
    async def _due_matches(
        self, now: float, limit: int, skip: Collection[int]
    ) -> list[MatchRecord]: ...

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """Signup or running tournaments whose ``due_at <= now``, earliest first (ties by
        id), at most ``limit``; one indexed query however many tournaments exist."""
        return await self._due_tournaments(now, check_limit(limit))

    @abstractmethod
    async def _due_tournaments(self, now: float, limit: int) -> list[TournamentRecord]: ...
