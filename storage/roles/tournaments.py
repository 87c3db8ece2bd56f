"""The tournaments role: a league or Swiss event, one versioned row of JSON data.

A server runs a few leagues or Swiss events at a time and the service always reads one whole
(entrants, rounds, links to match ids) to pair or score it, so splitting it into tables would
buy no query we need. It is versioned like a match, so two pairings racing on one tournament
cannot both land, and a finished or cancelled one is final (:class:`TournamentClosed`). The
arguments are checked here for every engine (:mod:`storage.tournaments`); an engine stores
what was checked (``_create_tournament``, ``_update_tournament``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from storage.integrity import check_due
from storage.records import (
    TOURNAMENT_CLOSED,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    TournamentRecord,
    Unchanged,
)
from storage.tournaments import (
    NewTournament,
    TournamentChange,
    check_now,
    check_text,
    check_tournament_status,
    encode_data,
    tournament_change,
)


class Tournaments(ABC):
    """Tournaments made, read, listed and changed by a versioned update."""

    async def create_tournament(
        self,
        *,
        guild_id: str,
        channel_id: str | None,
        game: str,
        name: str,
        created_by: str,
        data: dict[str, Any],
        now: float,
        status: str = TOURNAMENT_SIGNUP,
        due_at: float | None = None,
    ) -> TournamentRecord:
        """Insert a tournament with version 1 (``due_at`` is dropped for a closed status).

        ``ValueError`` for an unknown status, a non-finite time or data that is not JSON;
        ``TypeError`` for data that is not a dict. Names need not be unique.
        """
        check_tournament_status(status)
        due = check_due(due_at)
        # Created closed (an import of a past event, say), it gets no deadline.
        return await self._create_tournament(
            NewTournament(
                check_text(guild_id, "guild id"),
                None if channel_id is None else check_text(channel_id, "channel id"),
                check_text(game, "game"),
                check_text(name, "name"),
                check_text(created_by, "creator"),
                status,
                encode_data(data),
                check_now(now),
                None if status in TOURNAMENT_CLOSED else due,
            )
        )

    @abstractmethod
    async def _create_tournament(self, new: NewTournament) -> TournamentRecord: ...

    @abstractmethod
    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    @abstractmethod
    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """Tournaments (optionally of one guild / in some statuses), newest first (id desc).

        Newest by creation, not by activity: a listing of a server's events should not
        reshuffle every time a round is scored."""

    async def update_tournament(
        self,
        tournament_id: int,
        expected_version: int,
        *,
        now: float,
        status: str | None = None,
        data: dict[str, Any] | None = None,
        due_at: float | Unchanged | None = UNCHANGED,
    ) -> TournamentRecord:
        """Replace ``status`` and/or ``data`` (whole, not merged) and move ``due_at`` in one
        transaction; ``None`` (``UNCHANGED`` for ``due_at``) leaves a field as it is.

        Checked in this order, each refusal writing nothing: an unknown tournament
        (``LookupError``); a stored status that is closed (:class:`TournamentClosed`: every
        change is refused, bookkeeping included, since nothing about a final standing may
        move); a stored version other than ``expected_version`` (:class:`StaleVersion`).
        Bumps the version by one and sets ``updated_at``; whenever the status after the
        update is closed, ``due_at`` becomes None whatever was asked.
        """
        change = tournament_change(status, data, now, due_at)
        return await self._update_tournament(tournament_id, expected_version, change)

    @abstractmethod
    async def _update_tournament(
        self, tournament_id: int, expected_version: int, change: TournamentChange
    ) -> TournamentRecord:
        """The update in one transaction, deciding with
        :func:`storage.tournaments.check_open_and_current` on the row it read."""
