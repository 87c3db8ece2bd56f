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

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Collection, Sequence
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
        due_at: float | None = None,
        venue: str = VENUE_SERVER,
    ) -> MatchRecord:
        """Insert a match with version 1 (``due_at`` is dropped for a closed status);
        ``ValueError`` for a venue not in :data:`VENUES`."""

    @abstractmethod
    async def get_match(self, match_id: int) -> MatchRecord | None: ...

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
        expected_status: str | None = None,
        ratings: RatingsWrite | None = None,
    ) -> MatchRecord:
        """Apply ``update``, mark rows with ``ply >= undo_from_ply`` undone, append
        ``append`` and store ``ratings`` with the match's "rated" receipt — all in one
        transaction, only if the stored version is ``expected_version`` (else
        :class:`StaleVersion`). Bumps the version by one and returns the new record.

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

    # -- deadlines -------------------------------------------------------------------------
    @abstractmethod
    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """Move the match's deadline without a versioned commit (``LookupError`` if unknown).

        For the scheduler's own bookkeeping (a reminder sent, the next one planned): it
        neither bumps ``version`` nor ``updated_at``, so it never turns a player's pending
        move stale nor reorders listings. On a closed match it does nothing, since a closed
        match has no deadline.
        """

    @abstractmethod
    async def due_matches(
        self, now: float, limit: int = 500, *, skip: Collection[int] = ()
    ) -> list[MatchRecord]:
        """Active matches whose ``due_at <= now``, earliest first (ties by id), at most
        ``limit``, leaving out the ids in ``skip`` (those the caller is already working on:
        the computer's queued turns, which stay due until played); one indexed query however
        many matches have nothing due or are skipped."""

    # -- leadership ------------------------------------------------------------------------
    async def try_lead(self, name: str) -> bool:
        """Whether this process may run the job ``name`` (the scheduler) now; never waits.

        Here: always True. A memory store lives in one process, and a SQLite file is meant
        for one bot process (its writers queue on one file lock, and two schedulers on one
        file would double every reminder), so there is nobody to elect. The PostgreSQL store
        overrides this with a server-side lock, because several processes may share it.
        Call it before every tick: a leader can lose its lock (connection lost) and must
        then stop.
        """
        return True

    async def release_lead(self, name: str) -> None:  # noqa: B027 - optional hook
        """Step down from ``name`` so another process may lead (closing the store does too)."""

    @abstractmethod
    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        """Display names of the users that have one, in one query (for listings)."""

    @abstractmethod
    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """Settings of the users that have any, in one query (for listings)."""

    # -- liveness --------------------------------------------------------------------------
    @abstractmethod
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """Record that the bot is running at ``now``.

        A running process calls it on every scheduler tick. A process that is ``starting``
        first records the gap since the last heartbeat as an outage and returns it (None on a
        first start, or when no time passed). Heartbeats never move backwards.
        """

    @abstractmethod
    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        """Recorded outages ending after ``since``, oldest first."""

    @abstractmethod
    async def last_alive(self) -> float | None:
        """The latest heartbeat (None before the first start), read without writing one: the
        health check (``python -m bot --check``) asks it of a running bot's database."""

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
        from one moment; None when there is no such match.

        Here: composed of the single reads, which is right for a store with no round trips
        to save (the memory store). The SQL stores read it all in one transaction.
        """
        if match_id is not None:
            record = await self.get_match(match_id)
        elif thread_id is not None:
            record = await self.find_by_thread(thread_id)
        else:
            raise ValueError("read_match needs a match id or a thread id")
        if record is None:
            return None
        people = list(dict.fromkeys([*record.seats, *users]))
        return MatchReading(
            record=record,
            log=await self.recent_actions(record.id, recent),
            names=await self.user_names(people),
            settings=await self.users_settings(people),
            outages=tuple(await self.outages(since=record.created_at)),
            locales=await self.user_locales(people),
        )

    # -- log -------------------------------------------------------------------------------
    @abstractmethod
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The match's log in ply order."""

    async def recent_actions(self, match_id: int, rows: int = RECENT_ACTIONS) -> LogTail:
        """The last ``rows`` rows of the match's log, undone ones included (here: read whole
        and cut, right for a store with nothing to save by asking less)."""
        log = await self.actions(match_id, include_undone=True)
        tail = log[-rows:] if rows > 0 else []
        return LogTail(tuple(tail), whole=len(tail) == len(log))

    # -- settings --------------------------------------------------------------------------
    # Settings are one JSON object per user or guild, replaced whole on save. Saving ``{}``
    # forgets the row, so "never set" and "reset" are the same state and the digest scan
    # (:meth:`users_with_settings`) never wakes for someone who has nothing set.
    @abstractmethod
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        """The user's settings, ``{}`` if none were saved."""

    @abstractmethod
    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        """Replace the user's settings (``{}`` removes them)."""

    @abstractmethod
    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        """The guild's settings, ``{}`` if none were saved."""

    @abstractmethod
    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        """Replace the guild's settings (``{}`` removes them)."""

    @abstractmethod
    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        """Every user with non-empty settings, by user id; with ``having`` (a key and a text
        value) only those whose settings hold it, picked by the database (the daily digest
        asks for its few subscribers, not for everyone who keeps quiet hours)."""

    # -- people: locale, quiet hours, challenge preferences, blocks -----------------------
    # What the bot keeps of a person besides their name and settings: the language their
    # client last spoke (a column of ``users``, written only when it changes, read with a
    # match by :meth:`read_match`), so DMs sent with no interaction to read it still speak
    # it; whom they block; whom they have played. (Quiet hours and who may challenge them
    # are settings: :meth:`user_settings`.)
    @abstractmethod
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        """The last seen client language of each user that has one, in one query."""

    @abstractmethod
    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        """Keep ``locale`` as the user's client language (None forgets it), making their
        nameless row if the bot never saw them."""

    # Blocks: who refuses whom. Read from the blocked person's side (does any of the people
    # they would sit with block them?), since that is what each seat asks.
    @abstractmethod
    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        """``user_id`` blocks ``other_id`` (or no longer does); idempotent."""

    @abstractmethod
    async def blocked_by(self, user_id: str) -> list[str]:
        """Whom ``user_id`` blocks, by id."""

    @abstractmethod
    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        """Which of ``among`` block ``user_id``, in one query."""

    @abstractmethod
    async def played_together(self, user_id: str, other_id: str) -> bool:
        """Whether the two ever sat in one match that began (active or finished)."""

    # -- counted uses ----------------------------------------------------------------------
    @abstractmethod
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """Record one use of ``kind`` by the user at ``now`` unless ``most`` uses already lie
        within the window (``at > now - window``); then nothing is written and ``granted`` is
        False. One transaction: the count and the write cannot be split by another caller, so
        uses asked for at once never exceed ``most``. Uses that left the window are forgotten
        in the same transaction. ``ValueError`` for a window that is not a positive finite
        number of seconds or a ``most`` below 1.
        """

    # -- undelivered messages --------------------------------------------------------------
    @abstractmethod
    async def add_notice(
        self,
        user_id: str,
        text: str,
        now: float,
        *,
        topic: str = "",
        match_id: int | None = None,
    ) -> Notice:
        """Keep ``text`` for ``user_id`` until they are next seen. A non-empty ``topic``
        replaces that user's earlier notice of the same topic in the same transaction (the new
        one is then the newest). ``ValueError`` for a time that is not a finite number."""

    @abstractmethod
    async def notices(self, user_id: str) -> list[Notice]:
        """The user's kept notices, oldest first (one indexed query; ``[]`` for most)."""

    @abstractmethod
    async def users_with_notices(self) -> set[str]:
        """Everyone who has a notice kept: one query, so a command needs no look of its own
        for the many who have none."""

    @abstractmethod
    async def drop_notices(self, user_id: str, through: int) -> None:
        """Forget the user's notices with ``id <= through`` (those just shown); a notice kept
        meanwhile has a larger id and stays."""

    # -- match reviews ---------------------------------------------------------------------
    @abstractmethod
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        """The match's review, made a pending request by ``user_id`` if it had none: (the
        review, whether this call made it). One transaction, so two asks at once make one."""

    @abstractmethod
    async def get_review(self, match_id: int) -> ReviewRecord | None: ...

    @abstractmethod
    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        """Store a pending review's result and mark it done; a review already done keeps its
        first result (returned unchanged), None when the match has no review."""

    @abstractmethod
    async def pending_reviews(self) -> list[ReviewRecord]:
        """Reviews asked for and not yet worked out, oldest first (resumed after a restart)."""

    # -- ratings ---------------------------------------------------------------------------
    @abstractmethod
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        """The stored rating, or None for someone never rated in that game and guild."""

    @abstractmethod
    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """The game's ladder in that guild: highest rating first, ties by user id."""

    @abstractmethod
    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        """The user's ratings in that guild, by game name."""

    @abstractmethod
    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """Store the ratings a finished match produced, once.

        One transaction records ``match_id`` as rated and upserts every rating (with
        ``updated_at = now``). If the match was rated before it changes nothing and returns
        False, so a retry after a crash or a double click can never count a match twice.
        Raises ``LookupError`` for an unknown match and ``ValueError`` for a rating of another
        game or guild, the same user twice, or a value that is not a finite number.
        """

    # -- rating history --------------------------------------------------------------------
    @abstractmethod
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """The user's rating after each rated match of ``game`` in that guild, oldest first
        (ties in time by match id); ``[]`` for someone never rated there.

        No method writes history: every write of ratings (a finishing :meth:`commit` with
        ``ratings``, :meth:`save_ratings`) adds one point per rated user in its own
        transaction, so the history always ends at the stored rating and a match already
        rated adds nothing.
        """

    # -- tournaments -----------------------------------------------------------------------
    @abstractmethod
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

    @abstractmethod
    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    @abstractmethod
    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """Tournaments (optionally of one guild / in some statuses), newest first (id desc).

        Newest by creation, not by activity: a listing of a server's events should not
        reshuffle every time a round is scored."""

    @abstractmethod
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

    @abstractmethod
    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """Signup or running tournaments whose ``due_at <= now``, earliest first (ties by
        id), at most ``limit``; one indexed query however many tournaments exist."""
