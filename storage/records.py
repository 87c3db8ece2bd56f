"""What the store hands out and takes in: records, statuses and refusals.

Plain frozen values with no behaviour, kept apart from the roles (:mod:`storage.roles`) so that
every role, every engine and the checks they share (:mod:`storage.integrity`) can import them
without importing one another. ``storage.base`` re-exports all of them, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal

# Match status values.
CHALLENGE = "challenge"  # waiting for the opponent to accept (or a lobby filling up)
ACTIVE = "active"
FINISHED = "finished"
DECLINED = "declined"
CANCELLED = "cancelled"
OPEN_STATUSES = (CHALLENGE, ACTIVE)
CLOSED_STATUSES = (FINISHED, DECLINED, CANCELLED)
"""Final statuses: the match's status, state, result, seats and log never change again."""

# Match venues: where the bot may post about a match.
VENUE_SERVER = "server"
"""A server the bot is a member of: posts go to the match's thread (or channel)."""
VENUE_DIRECT = "direct"
"""A DM, a group DM or a server without the bot (the app installed by a player): the bot may
only answer the commands made there, so everything else reaches each player by DM."""
VENUES = (VENUE_SERVER, VENUE_DIRECT)


# Tournament status values.
TOURNAMENT_SIGNUP = "signup"  # entrants may join; no round has been paired yet
TOURNAMENT_RUNNING = "running"
TOURNAMENT_FINISHED = "finished"
TOURNAMENT_CANCELLED = "cancelled"
TOURNAMENT_STATUSES = (
    TOURNAMENT_SIGNUP,
    TOURNAMENT_RUNNING,
    TOURNAMENT_FINISHED,
    TOURNAMENT_CANCELLED,
)
TOURNAMENT_CLOSED = (TOURNAMENT_FINISHED, TOURNAMENT_CANCELLED)
"""Final statuses: the tournament's status and data never change again."""


class _Unchanged(Enum):
    UNCHANGED = "unchanged"

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED: Final = _Unchanged.UNCHANGED
"""A :class:`MatchUpdate` field left as it is, where ``None`` is a value of its own (``due_at``:
None clears the deadline)."""
Unchanged = Literal[_Unchanged.UNCHANGED]


class StaleVersion(Exception):
    """The match changed since it was read; the caller must look again."""


class StatusChanged(StaleVersion):
    """The match is no longer in the status the caller expected."""


class MatchClosed(StaleVersion):
    """The match is finished, declined or cancelled: its result and log are final."""

    def __init__(self, match_id: int, status: str) -> None:
        super().__init__(f"match {match_id} is {status}; it can no longer change")
        self.match_id = match_id
        self.status = status


class TournamentClosed(StaleVersion):
    """The tournament is finished or cancelled: its data and status are final."""

    def __init__(self, tournament_id: int, status: str) -> None:
        super().__init__(f"tournament {tournament_id} is {status}; it can no longer change")
        self.tournament_id = tournament_id
        self.status = status


class RatingsChanged(StaleVersion):
    """A rating row changed between reading it and committing the result; rate again."""


class StoreBusy(Exception):
    """Another process holds the database (a backup, the sqlite3 shell); nothing was written.
    Worth a short retry, then an honest "busy" to the player."""


@dataclass(frozen=True)
class ActionRecord:
    """One accepted action in a match's log."""

    ply: int  # 1-based position in the log (counting undone rows too)
    seat: int
    notation: str
    created_at: float
    detail: dict[str, Any] = field(default_factory=dict)
    """Public facts for the renderer (``Presentation.highlight``) and the history."""
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
    due_at: float | None = None
    """Epoch seconds: the earliest moment the scheduler must look at this match, None for
    never. Always None once the match is closed."""
    venue: str = VENUE_SERVER
    """Where the match is played (:data:`VENUES`); fixed when the match is made."""


@dataclass(frozen=True)
class Notice:
    """A message a player could not be sent (their DMs closed), kept until they are next seen.

    ``topic`` names what it is news of (``""``: nothing in particular); a newer notice of the
    same topic replaces the older, which it makes stale (a newer board of the same match)."""

    id: int
    user_id: str
    text: str
    created_at: float
    topic: str = ""
    match_id: int | None = None


@dataclass(frozen=True)
class Rating:
    """One player's Glicko-2 rating in one game, within one guild.

    Ratings are per guild because a community's strength is its own: a newcomer to a strong
    server should not arrive with a number earned elsewhere. ``guild_id`` is ``""`` for play
    outside a guild (DMs, the console). The defaults are Glickman's for an unrated player.
    """

    user_id: str
    game: str
    guild_id: str
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06
    games: int = 0
    updated_at: float = 0.0


# -- rating history --------------------------------------------------------------------------
HISTORY_CARRIED_OVER = 0
"""``RatingPoint.match_id`` of the one point migration 5 made from each rating that existed
before the history was kept: the rating as it stood after that player's last match then."""


@dataclass(frozen=True)
class RatingPoint:
    """One player's rating in one game and guild right after one rated match.

    Kept so a player can see where their number came from (``/me rating`` draws them as a
    line); the ``ratings`` row only holds the latest. ``games`` is the count *after* the
    match, so "provisional" can be judged point by point exactly as for the current rating.
    """

    match_id: int
    at: float
    rating: float
    rd: float
    games: int


@dataclass(frozen=True)
class RatingsWrite:
    """Ratings a finishing commit stores in the same transaction.

    ``expected_games`` is, per user, the ``games`` count of the rating row the new values were
    computed from (0 for a player never rated): the row's version. If any row moved on
    meanwhile, the whole commit is refused with :class:`RatingsChanged` and nothing is written.
    A match already rated (its receipt exists) keeps its ratings and the commit goes through.
    """

    guild_id: str
    game: str
    ratings: Sequence[Rating]
    expected_games: dict[str, int]


@dataclass(frozen=True)
class MatchUpdate:
    """Fields to change in :meth:`Store.commit`; ``None`` leaves a field as it is, except
    ``due_at``, which :data:`UNCHANGED` leaves and ``None`` clears."""

    status: str | None = None
    state: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None
    seats: Sequence[str] | None = None
    thread_id: str | None = None
    channel_id: str | None = None
    due_at: float | Unchanged | None = UNCHANGED


@dataclass(frozen=True)
class Uses:
    """The answer of :meth:`Store.record_use`: whether the use was granted (and recorded), and
    the uses within the window, oldest first — with the new one when it was granted."""

    granted: bool
    times: tuple[float, ...]


RECENT_ACTIONS = 16
"""How many of the log's last rows :meth:`Store.read_match` brings along: a move needs the rows
of the turn being played and the last ply, a board the last turn's highlights, and a turn
rarely has more than a few steps. Where the rows do not reach back to the turn's start (a
long turn, a run of undone rows) the service reads the whole log (:meth:`Store.actions`).
Sixteen rows cost about 0.1 ms to read and decode on SQLite; sixty-four, 0.26 ms."""


@dataclass(frozen=True)
class LogTail:
    """The last rows of a match's log (undone ones included), in ply order."""

    rows: tuple[ActionRecord, ...]
    whole: bool
    """Whether ``rows`` is the whole log (it starts at ply 1, or the log is empty)."""


@dataclass(frozen=True)
class MatchReading:
    """A match as one command needs it, read at one moment in one store call: the row, the
    end of its log, the names and settings of its players (and of anyone else asked for), and
    the outages that may have paused its clocks.

    Why one call: a move used to ask the store fourteen times (names four times, the match,
    the log and settings twice each); each ask is a transaction and, on PostgreSQL, a trip
    to the server. This is what the service's per-request cache (:mod:`storage.cached`) is
    filled from."""

    record: MatchRecord
    log: LogTail
    """The log's last rows, at most the ``recent`` asked for."""
    names: dict[str, str]
    """Display names of the users asked for that have one (as :meth:`Store.user_names`)."""
    settings: dict[str, dict[str, Any]]
    """Settings of the users asked for that have any (as :meth:`Store.users_settings`)."""
    outages: tuple[tuple[float, float], ...]
    """Outages ending after the match was created (as :meth:`Store.outages`)."""
    locales: dict[str, str] = field(default_factory=dict)
    """Last seen client languages of the users asked for that have one (as
    :meth:`Store.user_locales`)."""


REVIEW_PENDING = "pending"
REVIEW_DONE = "done"


@dataclass(frozen=True)
class ReviewRecord:
    """A finished match's review: asked for (``pending``), then worked out (``done``, with
    its ``result``: plain JSON the service wrote and alone reads)."""

    match_id: int
    status: str
    requested_by: str
    requested_at: float
    result: dict[str, Any] | None = None
    finished_at: float | None = None


@dataclass(frozen=True)
class TournamentRecord:
    """A league or Swiss tournament of one server; ``data`` belongs to the service."""

    id: int
    guild_id: str
    channel_id: str | None
    game: str
    name: str
    status: str
    created_by: str
    created_at: float
    updated_at: float
    version: int
    data: dict[str, Any]
    """Entrants, rounds, pairings and the ids of their matches, as the service shapes them.
    Stored as JSON text, key order included, so a dict keyed by entrant keeps signup order."""
    due_at: float | None = None
    """Epoch seconds: when the scheduler must look at it (a signup closing, a round's time
    running out), None for never. Always None once the tournament is closed."""


# -- analysis: a player's lines and note per match --------------------------------------------
@dataclass(frozen=True)
class AnalysisRecord:
    """One player's analysis of one match: the tree of lines (plain JSON the service shapes
    and alone reads), their private note, and what they weigh (``nodes``, ``size`` in bytes
    of tree and note as stored), which the per-player totals add up."""

    match_id: int
    user_id: str
    tree: dict[str, Any]
    note: str
    nodes: int
    size: int
    updated_at: float


@dataclass(frozen=True)
class AnalysisCaps:
    """The most one player may keep over all their matches' analyses together."""

    nodes: int
    size: int


AnalysisRow = tuple[str, str, int, int, float]
"""An analysis as saved, once weighed (:func:`storage.integrity.weighed_analysis`): the tree as
JSON text, the note, its nodes, tree and note's size in bytes, when it was saved."""


class AnalysisFull(Exception):
    """A save refused because the player's analyses together would pass a cap; ``what`` is
    ``"nodes"`` or ``"size"``. Nothing was written."""

    def __init__(self, what: str) -> None:
        super().__init__(f"the player's analyses would pass their {what} cap")
        self.what = what


@dataclass(frozen=True)
class LiveMessages:
    """Where a match's live status card is (its channel or thread and the message, as the
    front end names them) and which message holds the live "your turn" ping (None: none)."""

    match_id: int
    channel_id: str
    status_id: str
    ping_id: str | None = None


@dataclass(frozen=True)
class PlayerStatus:
    """One player's status card of a direct match (no thread: its news reaches each player
    by DM): the first board DM the bot sent them (``status_id``, in their DM ``channel_id``)
    and the latest (``latest_id``), which the card jumps to; ids as the front end names
    them."""

    match_id: int
    user_id: str
    channel_id: str
    status_id: str
    latest_id: str
