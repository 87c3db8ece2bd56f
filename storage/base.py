"""The storage interface: :class:`Store`, the composition of small roles.

Each role (:mod:`storage.roles`) is the part of the store one kind of caller needs: matches,
what changed, players, settings, ratings, tournaments, reviews, notices, the scheduler's
deadlines, liveness, leadership and counted uses. ``SqliteStore`` (``storage/sqlite.py``) and
``PostgresStore`` (``storage/postgres.py``) implement them over the shared SQL of
``storage/sql/``; ``MemoryStore`` (``storage/memory/``) is their twin for fast tests. All three
pass the same contract tests, one folder per role (``tests/storage/<role>/``). SQL lives only in
``storage/``. The records and refusals live in :mod:`storage.records`; this module re-exports
them, so ``from storage.base import MatchRecord`` keeps working.

Design points:

* **The log is the truth.** Every accepted action is a row of ``actions`` (append-only; an
  agreed undo marks rows ``undone`` instead of deleting them) and the latest state is a
  snapshot beside it. A snapshot can always be rebuilt by replaying the live rows.
* **One writer per match.** :meth:`Store.commit` is one transaction guarded by the match's
  ``version``; a write against a stale version raises :class:`StaleVersion` and changes
  nothing, so two concurrent moves can never both apply.
* **Results are final.** The store itself refuses to change the status, state, result,
  seats or log of a match that is finished, declined or cancelled (:class:`MatchClosed`), and
  a caller may also name the status it expects (:class:`StatusChanged`). No command has to
  remember this; a command that forgets is refused here.
* **What must agree with a result commits with it.** Ratings travel inside the same
  :meth:`Store.commit` as the finishing move (:class:`RatingsWrite`), each rating row checked
  against the number of games it had when it was read, so two matches of one player ending at
  once can never lose an update, and a crash can never leave a finished match unrated.
* **The scheduler reads only what is due.** Each match carries ``due_at``, the earliest moment
  the scheduler must look at it (a reminder, a timeout, a digest, a computer's turn), written
  in the same transaction as the change that made it due and indexed, so a tick asks
  :meth:`Store.due_matches` instead of loading every match.
* **One scheduler across processes.** :meth:`Store.try_lead` elects a leader; only the
  PostgreSQL store can have several processes, so only it has to hold an election.
* **A tournament is one row with JSON data.** A server runs a few leagues or Swiss events at
  a time and the service always reads one whole (entrants, rounds, links to match ids) to
  pair or score it, so splitting it into tables would buy no query we need. It is versioned
  like a match (:meth:`Store.update_tournament`), so two pairings racing on one tournament
  cannot both land, and a finished or cancelled one is final (:class:`TournamentClosed`).
* **Counted uses outlive the process.** A per-user allowance over a rolling window (hints an
  hour) is rows of ``uses``; :meth:`Store.record_use` counts and takes one in one transaction,
  so a restart forgets nothing and two requests at once can never both take the last one.
* **A review asked for is a review kept.** A finished match's review (``reviews``: one row
  per match) is stored as a request first and its result later, so a restart resumes the
  requests still pending (:meth:`Store.pending_reviews`) and a finished review is shown again
  instead of being worked out twice. Only the first request of a match makes a row.
* **Time the bot was away is nobody's.** :meth:`Store.mark_alive` keeps a heartbeat; a
  process that starts after a gap records it as an outage, and clocks pause for everyone
  during outages (:meth:`Store.outages`).
* **Where a match is played is stored with it.** ``venue`` says whether the bot posts in the
  match's own place (``server``) or only answers the commands made for it and reaches
  everyone else by DM (``direct``: DMs, group DMs, servers without the bot), so a restart
  delivers exactly as before.
* **A message nobody could receive is kept.** A DM that could not be delivered (closed DMs)
  becomes a row of ``notices`` until its player is next seen (:meth:`Store.notices`).
"""

from __future__ import annotations

from storage.records import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    CLOSED_STATUSES,
    DECLINED,
    FINISHED,
    HISTORY_CARRIED_OVER,
    OPEN_STATUSES,
    RECENT_ACTIONS,
    REVIEW_DONE,
    REVIEW_PENDING,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_CLOSED,
    TOURNAMENT_FINISHED,
    TOURNAMENT_RUNNING,
    TOURNAMENT_SIGNUP,
    TOURNAMENT_STATUSES,
    UNCHANGED,
    VENUE_DIRECT,
    VENUE_SERVER,
    VENUES,
    ActionRecord,
    AnalysisCaps,
    AnalysisFull,
    AnalysisRecord,
    LiveMessages,
    LogTail,
    MatchClosed,
    MatchReading,
    MatchRecord,
    MatchUpdate,
    Notice,
    PlayerStatus,
    Rating,
    RatingPoint,
    RatingsChanged,
    RatingsWrite,
    ReviewRecord,
    StaleVersion,
    StatusChanged,
    StoreBusy,
    TournamentClosed,
    TournamentRecord,
    Unchanged,
    Uses,
)
from storage.roles import (
    Analyses,
    CountedUses,
    Deadlines,
    Leadership,
    Liveness,
    LiveStatus,
    Matches,
    MatchNews,
    Notices,
    Personal,
    Players,
    Ratings,
    Reviews,
    Settings,
    Tournaments,
)

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "CHALLENGE",
    "CLOSED_STATUSES",
    "DECLINED",
    "FINISHED",
    "HISTORY_CARRIED_OVER",
    "OPEN_STATUSES",
    "RECENT_ACTIONS",
    "REVIEW_DONE",
    "REVIEW_PENDING",
    "TOURNAMENT_CANCELLED",
    "TOURNAMENT_CLOSED",
    "TOURNAMENT_FINISHED",
    "TOURNAMENT_RUNNING",
    "TOURNAMENT_SIGNUP",
    "TOURNAMENT_STATUSES",
    "UNCHANGED",
    "VENUES",
    "VENUE_DIRECT",
    "VENUE_SERVER",
    "ActionRecord",
    "AnalysisCaps",
    "AnalysisFull",
    "AnalysisRecord",
    "LiveMessages",
    "LogTail",
    "MatchClosed",
    "MatchReading",
    "MatchRecord",
    "MatchUpdate",
    "Notice",
    "PlayerStatus",
    "Rating",
    "RatingPoint",
    "RatingsChanged",
    "RatingsWrite",
    "ReviewRecord",
    "StaleVersion",
    "StatusChanged",
    "Store",
    "StoreBusy",
    "TournamentClosed",
    "TournamentRecord",
    "Unchanged",
    "Uses",
]


class Store(
    Matches, MatchNews, Players, Settings, Ratings, Tournaments, Reviews, Notices, Deadlines,
    Liveness, Leadership, CountedUses, Analyses, Personal, LiveStatus,
):  # fmt: skip
    """Async persistence for users, matches, seats, the action log and snapshots: every role,
    opened and closed as one. A new role joins the bases here (and
    :data:`storage.roles.ROLES`)."""

    async def open(self) -> None:
        """Connect and run migrations (idempotent)."""

    async def close(self) -> None:
        """Release the connection."""

    async def __aenter__(self) -> Store:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
