"""The in-memory twin of :class:`storage.sqlite.SqliteStore`, for fast tests.

It keeps every JSON field as JSON *text*, exactly as the SQLite file does. That is the deep
copy the contract asks for — a caller mutating a returned dict, or one it passed in, can never
reach stored data — and it makes the twin honest: whatever SQLite would turn into a list or
refuse as non-JSON, this store turns and refuses the same way.

Each method runs without an ``await`` between its checks and its writes, so on one event loop
a call is atomic without a lock, just as a transaction is in the SQLite store.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from storage.base import (
    ACTIVE,
    CLOSED_STATUSES,
    FINISHED,
    REVIEW_DONE,
    REVIEW_PENDING,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    VENUE_SERVER,
    ActionRecord,
    MatchRecord,
    MatchUpdate,
    Notice,
    Rating,
    RatingPoint,
    RatingsWrite,
    ReviewRecord,
    StaleVersion,
    Store,
    TournamentRecord,
    Unchanged,
    Uses,
)
from storage.integrity import (
    check_continues,
    check_due,
    check_due_update,
    check_expected_games,
    check_limit,
    check_notice,
    check_ratings,
    check_seats,
    check_status,
    check_undo_from,
    check_use,
    check_venue,
    clean_text,
    closed_change,
    due_after,
    encode_actions,
    encode_settings,
    from_json,
    to_json,
)
from storage.rows import tournament_of
from storage.tournaments import (
    TOURNAMENT_OPEN,
    check_open_and_current,
    due_after_change,
    new_tournament,
    tournament_change,
)


@dataclass(frozen=True)
class _User:
    name: str | None
    created_at: float
    locale: str | None = None


@dataclass(frozen=True)
class _Match:
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
class _Action:
    ply: int
    seat: int
    notation: str
    created_at: float
    detail: str
    undone: bool


@dataclass(frozen=True)
class _Tournament:
    """A stored tournament: immutable values, ``data`` as JSON text (read by
    :func:`storage.rows.tournament_of`, as the SQL rows are)."""

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
    data: str
    due_at: float | None


class MemoryStore(Store):
    """Dict-backed store with the same behaviour as the SQLite one; see :mod:`storage.base`."""

    def __init__(self) -> None:
        self._users: dict[str, _User] = {}
        self._matches: dict[int, _Match] = {}
        self._blocks: dict[tuple[str, str], float] = {}  # (blocker, blocked) -> when
        self._log: dict[int, list[_Action]] = {}
        self._next_id = 1  # ids are never reused, like AUTOINCREMENT
        self._user_settings: dict[str, str] = {}  # JSON text, as in the SQLite file
        self._guild_settings: dict[str, str] = {}
        self._ratings: dict[tuple[str, str, str], Rating] = {}  # (guild, game, user)
        self._rated: set[int] = set()
        self._seen_at: float | None = None
        self._outages: dict[float, float] = {}
        self._tournaments: dict[int, _Tournament] = {}
        self._next_tournament_id = 1
        # -- rating history --
        self._history: dict[tuple[str, str, str], list[RatingPoint]] = {}  # (guild, game, user)
        self._uses: dict[tuple[str, str], list[float]] = {}  # (user, kind): times, oldest first
        # -- match reviews --
        self._reviews: dict[int, tuple[str, str, float, str | None, float | None]] = {}
        """match id: (status, requested by, requested at, result as JSON text, finished at)"""
        # -- undelivered messages --
        self._notices: dict[int, Notice] = {}
        self._next_notice_id = 1

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        known = self._users.get(user_id)
        self._users[user_id] = (
            _User(clean_text(name), now) if known is None else replace(known, name=clean_text(name))
        )

    async def user_name(self, user_id: str) -> str | None:
        known = self._users.get(user_id)
        return None if known is None else known.name

    def _seat_users(self, seat_ids: Sequence[str], now: float) -> None:
        """Unknown seat holders get a nameless entry, as in the SQLite store."""
        for user_id in seat_ids:
            self._users.setdefault(user_id, _User(None, now))

    # -- matches ---------------------------------------------------------------------------
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
        due = check_due(due_at)
        stored = _Match(
            id=self._next_id,
            game=game,
            options=to_json(options, "options"),
            seed=seed,
            status=check_status(status),
            seats=check_seats(seats),
            created_by=created_by,
            created_at=now,
            updated_at=now,
            version=1,
            state=to_json(state, "state"),
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=None,
            result=None,
            meta=to_json(meta or {}, "meta"),
            due_at=None if status in CLOSED_STATUSES else due,
            venue=check_venue(venue),
        )
        self._next_id += 1
        self._seat_users(stored.seats, now)
        self._matches[stored.id] = stored
        self._log[stored.id] = []
        return _record(stored)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        stored = self._matches.get(match_id)
        return None if stored is None else _record(stored)

    async def match_versions(
        self, match_ids: Sequence[int], mark: str
    ) -> dict[int, tuple[int, int | None]]:
        found: dict[int, tuple[int, int | None]] = {}
        for match_id in match_ids:
            stored = self._matches.get(match_id)
            if stored is not None:
                value = from_json(stored.meta).get(mark)
                found[match_id] = (stored.version, None if value is None else int(value))
        return found

    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Newest activity first; a user's matches are those they sit in *or* created."""
        wanted = None if statuses is None else set(statuses)
        found = [
            m
            for m in self._matches.values()
            if (user_id is None or user_id in m.seats or m.created_by == user_id)
            and (wanted is None or m.status in wanted)
        ]
        found.sort(key=lambda m: (m.updated_at, m.id), reverse=True)
        return [_record(m) for m in found]

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        found = [m for m in self._matches.values() if m.thread_id == thread_id]
        return _record(max(found, key=lambda m: m.id)) if found else None

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
        """See :meth:`Store.commit`; checks run in the same order as in the SQLite store."""
        rating_rows = (
            None
            if ratings is None
            else check_ratings(ratings.guild_id, ratings.game, ratings.ratings, now)
        )
        if update.status is not None:
            check_status(update.status)
        seat_ids = None if update.seats is None else check_seats(update.seats)
        state_json = None if update.state is None else to_json(update.state, "state")
        result_json = None if update.result is None else to_json(update.result, "result")
        meta_json = None if update.meta is None else to_json(update.meta, "meta")
        check_undo_from(undo_from_ply)
        due = check_due_update(update.due_at)
        append = list(append)
        rows = encode_actions(append)
        stored = self._matches.get(match_id)
        if stored is None:
            raise LookupError(f"there is no match {match_id}")
        closed_change(match_id, stored.status, update, bool(append), undo_from_ply, expected_status)
        if stored.version != expected_version:
            raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
        log = self._log[match_id]
        if rows:
            check_continues(log[-1].ply if log else 0, append)
        rate = ratings is not None and rating_rows is not None and match_id not in self._rated
        if rate:
            assert ratings is not None and rating_rows is not None
            stored_games = {
                r.user_id: (
                    known.games
                    if (known := self._ratings.get((ratings.guild_id, ratings.game, r.user_id)))
                    else 0
                )
                for r in rating_rows
            }
            check_expected_games(match_id, stored_games, ratings.expected_games)

        # Every check has passed: from here on nothing can fail, so nothing is half-written.
        write_due, due_value = due_after(update.status or stored.status, due)
        updated = replace(
            stored,
            version=stored.version + 1,
            updated_at=now,
            status=update.status or stored.status,
            seats=stored.seats if seat_ids is None else seat_ids,
            state=stored.state if state_json is None else state_json,
            result=stored.result if result_json is None else result_json,
            meta=stored.meta if meta_json is None else meta_json,
            thread_id=stored.thread_id if update.thread_id is None else update.thread_id,
            channel_id=stored.channel_id if update.channel_id is None else update.channel_id,
            due_at=due_value if write_due else stored.due_at,
        )
        self._seat_users(updated.seats, now)
        if undo_from_ply is not None:
            log[:] = [replace(a, undone=True) if a.ply >= undo_from_ply else a for a in log]
        log.extend(_Action(*row[:5], undone=bool(row[5])) for row in rows)
        self._matches[match_id] = updated
        if rate:
            assert ratings is not None and rating_rows is not None
            self._rated.add(match_id)
            for r in rating_rows:
                self._ratings[(ratings.guild_id, ratings.game, r.user_id)] = r
            self._add_history(match_id, rating_rows)
        return _record(updated)

    # -- deadlines -------------------------------------------------------------------------
    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """See :meth:`Store.set_due`."""
        due = check_due(due_at)
        stored = self._matches.get(match_id)
        if stored is None:
            raise LookupError(f"there is no match {match_id}")
        if stored.status not in CLOSED_STATUSES:
            self._matches[match_id] = replace(stored, due_at=due)

    async def due_matches(
        self, now: float, limit: int = 500, *, skip: Collection[int] = ()
    ) -> list[MatchRecord]:
        """See :meth:`Store.due_matches`; a scan here, an index in the SQL stores."""
        check_limit(limit)
        skipped = set(skip)
        due = sorted(
            (m.due_at, m.id)
            for m in self._matches.values()
            if m.status == ACTIVE and m.due_at is not None and m.due_at <= now
            and m.id not in skipped
        )  # fmt: skip
        return [_record(self._matches[match_id]) for _, match_id in due[:limit]]

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        return [
            ActionRecord(
                ply=a.ply,
                seat=a.seat,
                notation=a.notation,
                created_at=a.created_at,
                detail=from_json(a.detail),
                undone=a.undone,
            )
            for a in self._log.get(match_id, ())
            if include_undone or not a.undone
        ]

    # -- settings --------------------------------------------------------------------------
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        return _settings(self._user_settings, user_id)

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        _save_settings(self._user_settings, user_id, encode_settings(settings, "user settings"))

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        return _settings(self._guild_settings, guild_id)

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        text = encode_settings(settings, "guild settings")
        _save_settings(self._guild_settings, guild_id, text)

    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        found = [(key, from_json(self._user_settings[key])) for key in sorted(self._user_settings)]
        if having is None:
            return found
        key, value = having
        return [(uid, settings) for uid, settings in found if settings.get(key) == value]

    # -- people: locale, quiet hours, challenge preferences, blocks -----------------------
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        known = {uid: self._users.get(uid) for uid in user_ids}
        return {uid: u.locale for uid, u in known.items() if u is not None and u.locale}

    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        known = self._users.get(user_id) or _User(None, now)
        self._users[user_id] = replace(known, locale=clean_text(locale) if locale else None)

    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        if blocked:
            self._blocks.setdefault((user_id, other_id), now)
        else:
            self._blocks.pop((user_id, other_id), None)

    async def blocked_by(self, user_id: str) -> list[str]:
        return sorted(other for who, other in self._blocks if who == user_id)

    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        return sorted({who for who in among if (who, user_id) in self._blocks})

    async def played_together(self, user_id: str, other_id: str) -> bool:
        return any(
            user_id in m.seats and other_id in m.seats and m.status in (ACTIVE, FINISHED)
            for m in self._matches.values()
        )

    # -- counted uses ----------------------------------------------------------------------
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        check_use(now, window, most)
        kept = sorted(t for t in self._uses.get((user_id, kind), ()) if t > now - window)
        granted = len(kept) < most
        if granted:
            kept.append(float(now))
        if kept:
            self._uses[(user_id, kind)] = kept
        else:
            self._uses.pop((user_id, kind), None)
        return Uses(granted, tuple(kept))

    # -- undelivered messages --------------------------------------------------------------
    async def add_notice(
        self,
        user_id: str,
        text: str,
        now: float,
        *,
        topic: str = "",
        match_id: int | None = None,
    ) -> Notice:
        kept = check_notice(now, text)
        if topic:
            for old in [
                n for n in self._notices.values() if (n.user_id, n.topic) == (user_id, topic)
            ]:
                del self._notices[old.id]
        notice = Notice(self._next_notice_id, user_id, kept, float(now), topic, match_id)
        self._next_notice_id += 1
        self._notices[notice.id] = notice
        return notice

    async def notices(self, user_id: str) -> list[Notice]:
        return sorted(
            (n for n in self._notices.values() if n.user_id == user_id), key=lambda n: n.id
        )

    async def users_with_notices(self) -> set[str]:
        return {n.user_id for n in self._notices.values()}

    async def drop_notices(self, user_id: str, through: int) -> None:
        for notice in list(self._notices.values()):
            if notice.user_id == user_id and notice.id <= through:
                del self._notices[notice.id]

    # -- match reviews ---------------------------------------------------------------------
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        if match_id not in self._matches:
            raise KeyError(f"no match {match_id}")  # the SQL engines' foreign key
        made = match_id not in self._reviews
        if made:
            self._reviews[match_id] = (REVIEW_PENDING, user_id, float(now), None, None)
        return self._review(match_id), made

    async def get_review(self, match_id: int) -> ReviewRecord | None:
        return self._review(match_id) if match_id in self._reviews else None

    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        known = self._reviews.get(match_id)
        if known is None:
            return None
        if known[0] == REVIEW_PENDING:
            text = to_json(result, "a review")  # refused as the SQL engines refuse it
            self._reviews[match_id] = (REVIEW_DONE, known[1], known[2], text, float(now))
        return self._review(match_id)

    async def pending_reviews(self) -> list[ReviewRecord]:
        waiting = [self._review(m) for m, row in self._reviews.items() if row[0] == REVIEW_PENDING]
        return sorted(waiting, key=lambda r: (r.requested_at, r.match_id))

    def _review(self, match_id: int) -> ReviewRecord:
        """A fresh record (its result decoded anew, so a caller's edit never reaches here)."""
        status, by, at, text, finished = self._reviews[match_id]
        return ReviewRecord(match_id, status, by, at, from_json(text), finished)

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        return self._ratings.get((guild_id, game, user_id))

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        found = [r for (g, name, _), r in self._ratings.items() if (g, name) == (guild_id, game)]
        return sorted(found, key=lambda r: (-r.rating, r.user_id))

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        found = [r for (g, _, u), r in self._ratings.items() if (g, u) == (guild_id, user_id)]
        return sorted(found, key=lambda r: r.game)

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; checks run in the same order as in SQLite."""
        rows = check_ratings(guild_id, game, ratings, now)
        if match_id not in self._matches:
            raise LookupError(f"there is no match {match_id}")
        if match_id in self._rated:
            return False
        self._rated.add(match_id)
        for r in rows:
            self._ratings[(guild_id, game, r.user_id)] = r
        self._add_history(match_id, rows)
        return True

    # -- names and liveness -----------------------------------------------------------------
    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        known = {uid: self._users.get(uid) for uid in user_ids}
        return {uid: u.name for uid, u in known.items() if u is not None and u.name is not None}

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        return {
            uid: _settings(self._user_settings, uid)
            for uid in user_ids
            if uid in self._user_settings
        }

    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        last = self._seen_at
        outage = (last, now) if starting and last is not None and now > last else None
        if outage is not None:
            self._outages[outage[0]] = max(self._outages.get(outage[0], now), now)
        self._seen_at = now if last is None else max(last, now)
        return outage

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        return sorted((a, b) for a, b in self._outages.items() if b > since)

    async def last_alive(self) -> float | None:
        return self._seen_at

    # -- rating history --------------------------------------------------------------------
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """See :meth:`Store.rating_history`."""
        found = self._history.get((guild_id, game, user_id), [])
        return sorted(found, key=lambda p: (p.at, p.match_id))

    def _add_history(self, match_id: int, rows: Sequence[Rating]) -> None:
        """One point per rated user, called wherever ratings are written (as the SQL
        stores do inside their rating write)."""
        for r in rows:
            point = RatingPoint(match_id, r.updated_at, r.rating, r.rd, r.games)
            self._history.setdefault((r.guild_id, r.game, r.user_id), []).append(point)

    # -- tournaments -----------------------------------------------------------------------
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
        """See :meth:`Store.create_tournament`."""
        new = new_tournament(
            guild_id=guild_id, channel_id=channel_id, game=game, name=name,
            created_by=created_by, status=status, data=data, now=now, due_at=due_at,
        )  # fmt: skip
        stored = _Tournament(
            id=self._next_tournament_id,
            guild_id=new.guild_id,
            channel_id=new.channel_id,
            game=new.game,
            name=new.name,
            status=new.status,
            created_by=new.created_by,
            created_at=new.created_at,
            updated_at=new.created_at,
            version=1,
            data=new.data,
            due_at=new.due_at,
        )
        self._next_tournament_id += 1
        self._tournaments[stored.id] = stored
        return tournament_of(vars(stored))

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        stored = self._tournaments.get(tournament_id)
        return None if stored is None else tournament_of(vars(stored))

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """See :meth:`Store.list_tournaments`."""
        wanted = None if statuses is None else set(statuses)
        found = [
            t
            for t in self._tournaments.values()
            if (guild_id is None or t.guild_id == guild_id)
            and (wanted is None or t.status in wanted)
        ]
        found.sort(key=lambda t: t.id, reverse=True)
        return [tournament_of(vars(t)) for t in found]

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
        """See :meth:`Store.update_tournament`; checks run in the same order as in SQL."""
        change = tournament_change(status, data, now, due_at)
        stored = self._tournaments.get(tournament_id)
        if stored is None:
            raise LookupError(f"there is no tournament {tournament_id}")
        check_open_and_current(tournament_id, stored.status, stored.version, expected_version)
        new_status = change.status or stored.status
        write_due, due_value = due_after_change(new_status, change.due_at)
        updated = replace(
            stored,
            status=new_status,
            data=stored.data if change.data is None else change.data,
            updated_at=change.now,
            version=stored.version + 1,
            due_at=due_value if write_due else stored.due_at,
        )
        self._tournaments[tournament_id] = updated
        return tournament_of(vars(updated))

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """See :meth:`Store.due_tournaments`; a scan here, an index in the SQL stores."""
        check_limit(limit)
        due = sorted(
            (t.due_at, t.id)
            for t in self._tournaments.values()
            if t.status in TOURNAMENT_OPEN and t.due_at is not None and t.due_at <= now
        )
        return [tournament_of(vars(self._tournaments[i])) for _, i in due[:limit]]


def _settings(table: dict[str, str], key: str) -> dict[str, Any]:
    text = table.get(key)
    return {} if text is None else from_json(text)


def _save_settings(table: dict[str, str], key: str, text: str | None) -> None:
    """An empty object is no row, as in the SQLite store."""
    if text is None:
        table.pop(key, None)
    else:
        table[key] = text


def _record(stored: _Match) -> MatchRecord:
    """A fresh record with freshly decoded dicts, so callers never share stored objects."""
    return MatchRecord(
        id=stored.id,
        game=stored.game,
        options=from_json(stored.options),
        seed=stored.seed,
        status=stored.status,
        seats=stored.seats,
        created_by=stored.created_by,
        created_at=stored.created_at,
        updated_at=stored.updated_at,
        version=stored.version,
        state=from_json(stored.state),
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        thread_id=stored.thread_id,
        result=from_json(stored.result),
        meta=from_json(stored.meta),
        due_at=stored.due_at,
        venue=stored.venue,
    )
