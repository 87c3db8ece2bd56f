"""The matches role: a match, its seats, its log and the one versioned write that changes it.

Why a role of its own: this is what every command reads and writes (the reader, the one
transition, the listings), and the only role whose write carries a guard that keeps results
final. The public methods check their arguments here, once for every engine
(:mod:`storage.integrity`); an engine implements the hooks (``_create_match``, ``_commit``,
``_read_match``) that store or read what was checked, so no engine can forget a check or run
them in another order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from storage.integrity import (
    CheckedCommit,
    NewMatch,
    check_commit,
    check_due,
    check_seats,
    check_status,
    check_venue,
    to_json,
)
from storage.records import (
    CLOSED_STATUSES,
    RECENT_ACTIONS,
    VENUE_SERVER,
    ActionRecord,
    LogTail,
    MatchReading,
    MatchRecord,
    MatchUpdate,
    RatingsWrite,
)


class Matches(ABC):
    """Matches as commands see them: made, read (one at a time, with what a command needs
    beside it, or listed) and changed by one versioned :meth:`commit`."""

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
        due_at: float | None = None,
        venue: str = VENUE_SERVER,
    ) -> MatchRecord:
        """Insert a match with version 1 (``due_at`` is dropped for a closed status);
        ``ValueError`` for an unknown status, a venue not in :data:`storage.records.VENUES`
        or a field that is not JSON, ``TypeError`` for seats that are not user ids."""
        checked_status, checked_seats = check_status(status), check_seats(seats)
        return await self._create_match(
            NewMatch(
                game=game, options=to_json(options, "options"), seed=seed,
                status=checked_status, seats=checked_seats, created_by=created_by,
                state=to_json(state, "state"), now=now, guild_id=guild_id,
                channel_id=channel_id, meta=to_json(meta or {}, "meta"),
                due_at=None if status in CLOSED_STATUSES else check_due(due_at),
                venue=check_venue(venue),
            )
        )  # fmt: skip

    @abstractmethod
    async def _create_match(self, new: NewMatch) -> MatchRecord:
        """Store a checked new match (its seats' users made nameless where unknown)."""

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

    async def read_match(
        self,
        match_id: int | None = None,
        *,
        thread_id: str | None = None,
        users: Sequence[str] = (),
        recent: int = RECENT_ACTIONS,
    ) -> MatchReading | None:
        """The match ``match_id`` (else the one whose thread is ``thread_id``, as
        :meth:`find_by_thread`) with the last ``recent`` rows of its log, the names and
        settings of its seats and of ``users``, and the outages since it was created, all
        from one moment; None when there is no such match. ``ValueError`` without either key.
        """
        if match_id is None and thread_id is None:
            raise ValueError("read_match needs a match id or a thread id")
        return await self._read_match(match_id, thread_id, users, recent)

    @abstractmethod
    async def _read_match(
        self, match_id: int | None, thread_id: str | None, users: Sequence[str], recent: int
    ) -> MatchReading | None:
        """The reading by ``match_id`` if given, else by ``thread_id``."""

    async def commit(
        self,
        match_id: int,
        expected_version: int,
        update: MatchUpdate,
        *,
        now: float,
        append: Sequence[ActionRecord] = (),
        undo_from_ply: int | None = None,
        expected_status: str | None = None,
        ratings: RatingsWrite | None = None,
    ) -> MatchRecord:
        """Apply ``update``, mark rows with ``ply >= undo_from_ply`` undone, append
        ``append`` and store ``ratings`` with the match's "rated" receipt — all in one
        transaction, only if the stored version is ``expected_version`` (else
        :class:`StaleVersion`). Bumps the version by one and returns the new record.
        ``meta`` and ``seats`` are replaced whole, not merged.

        Checked in this order, each refusal writing nothing: an unknown match
        (``LookupError``); a closed match (:data:`CLOSED_STATUSES`) asked to change its
        status, state, result, seats or log (:class:`MatchClosed` — bookkeeping in ``meta``,
        ``thread_id`` and ``channel_id`` stays possible); a status other than
        ``expected_status`` (:class:`StatusChanged`); a stale version; a rating row whose
        ``games`` differs from ``ratings.expected_games`` (:class:`RatingsChanged`).

        ``update.due_at`` is written with the rest; whenever the match's status after the
        commit is closed, ``due_at`` becomes None whatever the update said, so a finished
        match can never wake the scheduler again.
        """
        checked = check_commit(
            update, now=now, append=append, undo_from_ply=undo_from_ply,
            expected_status=expected_status, ratings=ratings,
        )  # fmt: skip
        return await self._commit(match_id, expected_version, checked)

    @abstractmethod
    async def _commit(
        self, match_id: int, expected_version: int, checked: CheckedCommit
    ) -> MatchRecord:
        """The commit in one transaction: read the row (locked where rows are locked), let
        :meth:`CheckedCommit.decide` refuse it, check the rating rows, then write."""

    # -- the log ---------------------------------------------------------------------------
    @abstractmethod
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The match's log in ply order."""

    async def recent_actions(self, match_id: int, rows: int = RECENT_ACTIONS) -> LogTail:
        """The last ``rows`` rows of the match's log, undone ones included (here: read whole
        and cut, right for a store with nothing to save by asking less)."""
        log = await self.actions(match_id, include_undone=True)
        tail = log[-rows:] if rows > 0 else []
        return LogTail(tuple(tail), whole=len(tail) == len(log))


class MatchNews(ABC):
    """What changed, for those who watch many matches at once (the web board's live pages):
    a role apart because its callers hold no match of their own and ask for many at a time."""

    @abstractmethod
    async def match_versions(
        self, match_ids: Sequence[int], mark: str
    ) -> dict[int, tuple[int, int | None]]:
        """Each match's version and the integer its ``meta`` holds under ``mark`` (None
        without one), in one statement for a whole list (the web board's live pages ask for
        every watched match at once); matches that do not exist are left out."""

    async def watch_matches(
        self, changed: Callable[[int], None]
    ) -> Callable[[], Awaitable[None]] | None:
        """Call ``changed(match_id)`` whenever any process commits a change to a match, where
        the engine pushes such news (PostgreSQL: LISTEN/NOTIFY); returns what stops it, or
        None where it cannot (then ask :meth:`match_versions` now and then)."""
        return None
