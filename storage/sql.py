"""The Store contract over SQL, written once for SQLite and PostgreSQL.

Both engines hold the same tables and must keep the same promises (``tests/storage`` drives
them with one suite), so every transaction lives here once: the versioned commit with its
closed-match guard, the action log and undo, the ratings with their receipt and history, the
seats, the deadlines, the tournaments and the settings. An engine adds only what is its own:
how it opens and closes, how it begins a read or a write transaction, and a
:class:`SqlConnection` that runs the shared SQL on its driver.

The shared SQL is the part both engines understand alike: ``?`` marks (the PostgreSQL
connection numbers them), standard ``CAST`` where PostgreSQL cannot infer a parameter's type,
``ON CONFLICT`` upserts and ``TRUE``/``FALSE``. The few things the engines spell differently
are a :class:`Dialect`'s fields, named for what they do rather than for the engine.

Writes decide on what no other writer can change before they commit: each write transaction
reads the rows it decides on with :attr:`Dialect.lock_rows`. SQLite needs nothing there, its
``BEGIN IMMEDIATE`` already holds the whole file; PostgreSQL locks the rows (``FOR UPDATE``),
so a second writer waits and then reads what the first one left.

JSON columns come back as their stored text from both drivers (asyncpg decodes ``json`` to
``str`` unless told otherwise), so :mod:`storage.rows` reads both engines' rows alike.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from storage.base import (
    ACTIVE,
    CLOSED_STATUSES,
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
    RatingsChanged,
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
    clean_text,
    closed_change,
    due_after,
    encode_actions,
    encode_settings,
    from_json,
    new_match,
    to_json,
)
from storage.rows import (
    Row,
    action_of,
    match_of,
    notice_of,
    rating_of,
    rating_point_of,
    review_of,
    tournament_of,
)
from storage.tournaments import (
    check_open_and_current,
    due_after_change,
    new_tournament,
    tournament_change,
)


@dataclass(frozen=True)
class Dialect:
    """What one engine spells its own way in the shared SQL."""

    lock_rows: str
    """Ends a ``SELECT`` of rows the write transaction goes on to decide on."""
    bytewise: str
    """Follows a text column in ``ORDER BY`` so it sorts by code point, as Python sorts
    ``str`` and the memory store does (PostgreSQL would otherwise follow the locale)."""
    greatest: str
    """The function that returns the larger of two values."""
    arrays: bool
    """True: a list of values travels as one array parameter (``= ANY(?)``), so a statement's
    text stays the same whatever the list's length and the server can keep its plan. False:
    one ``?`` per value (``IN (?, ?, …)``), at most :attr:`batch` values a statement."""
    index_hints: bool
    """Name an index outright where the planner, lacking statistics, would choose worse."""
    batch: int = 500
    """Values one ``IN`` list carries, well under SQLite's bound-parameter limit."""
    meta_number: str = "CAST(json_extract(meta, '$.' || ?) AS INTEGER)"
    """A number in a match's ``meta`` under a key given as a parameter."""
    serialize_uses: str = ""
    """A statement (parameters: user id, kind) that makes one user's count-and-write of a
    kind of use wait for another's in the same transaction; empty where the write
    transaction already holds the whole database (SQLite's ``BEGIN IMMEDIATE``)."""

    def one_of(self, column: str, values: Sequence[Any], kind: str) -> tuple[str, list[Any]]:
        """``column`` is one of ``values`` (of SQL type ``kind``): the condition and its
        parameters."""
        if self.arrays:
            return f"{column} = ANY(CAST(? AS {kind}[]))", [list(values)]
        return f"{column} IN ({', '.join('?' * len(values))})", list(values)

    def batches(self, values: Sequence[Any]) -> Iterator[Sequence[Any]]:
        """``values`` in as few pieces as one statement can take each; none for none."""
        step = len(values) if self.arrays else self.batch
        for start in range(0, len(values), max(step, 1)):
            yield values[start : start + step]

    def indexed_by(self, index: str) -> str:
        return f" INDEXED BY {index}" if self.index_hints else ""


class SqlConnection(Protocol):
    """One open transaction of an engine, taking the shared SQL with its ``?`` marks."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; the number of rows it inserted, updated or deleted."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *params: Any) -> Sequence[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any:
        """The first column of the first row, None when there is no row."""

    async def insert(self, sql: str, *params: Any) -> int:
        """Run one ``INSERT`` of one row into a table keyed by ``id``; the new row's id."""


_REVIEW_COLUMNS = "match_id, status, requested_by, requested_at, result, finished_at FROM reviews"

_MATCH_COLUMNS = (
    "m.id, m.game, m.options, m.seed, m.status, m.created_by, m.guild_id, m.channel_id,"
    " m.thread_id, m.created_at, m.updated_at, m.version, m.result, m.meta, s.state, m.due_at,"
    " m.venue"
)
_MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
_RATING_COLUMNS = "user_id, game, guild_id, rating, rd, volatility, games, updated_at"
_HISTORY_COLUMNS = "match_id, at, rating, rd, games"
_TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, name, status, created_by, created_at, updated_at,"
    " version, data, due_at"
)
# Settings live in two tables of the same shape; the names are constants, never user input.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}
_CLOSED = ", ".join(f"'{status}'" for status in CLOSED_STATUSES)


@functools.cache
def due_matches_query(dialect: Dialect) -> str:
    """Due matches through the partial index ``matches_due`` (migration 4).

    The status is a literal so the index's condition visibly holds, to SQLite and to
    PostgreSQL's planner even for a prepared statement. SQLite is also told the index by
    name: without ``ANALYZE`` statistics it would rather take ``matches_by_status`` and sort
    every active match on each tick.
    """
    return (
        f"SELECT {_MATCH_COLUMNS} FROM matches m{dialect.indexed_by('matches_due')}"
        " JOIN snapshots s ON s.match_id = m.id"
        f" WHERE m.status = '{ACTIVE}' AND m.due_at IS NOT NULL AND m.due_at <= ?"
        " ORDER BY m.due_at, m.id LIMIT ?"
    )


@functools.cache
def due_tournaments_query(dialect: Dialect) -> str:
    """Due tournaments through the partial index ``tournaments_due``, its condition spelled
    out so a planner can prove the index applies, and named outright where hints are used, so
    a missing index is an error rather than a silent scan.

    No status test: the table refuses a deadline on a closed tournament (its CHECK), so every
    row with one is open, and a status test would only tempt a planner to the listing index
    and a sort.
    """
    return (
        f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments{dialect.indexed_by('tournaments_due')}"
        " WHERE due_at IS NOT NULL AND due_at <= ?"
        " ORDER BY due_at, id LIMIT ?"
    )


class SqlStore(Store):
    """Every :class:`Store` method over an engine's transactions; see :mod:`storage.base`.

    An engine's store sets :attr:`dialect` and implements :meth:`_reading` and
    :meth:`_writing`; both are committed when their block ends and rolled back on any error.
    """

    dialect: ClassVar[Dialect]

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A read transaction, so a match row and its seats come from the same moment."""

    @abstractmethod
    def _writing(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A write transaction; :attr:`Dialect.lock_rows` makes its reads hold."""

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        async with self._writing() as conn:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                user_id, clean_text(name), now,
            )  # fmt: skip

    async def user_name(self, user_id: str) -> str | None:
        async with self._reading() as conn:
            name: str | None = await conn.fetchval(
                "SELECT name FROM users WHERE user_id = ?", user_id
            )
        return name

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        found = await self._by_users(
            "SELECT user_id, name FROM users", user_ids, " AND name IS NOT NULL"
        )
        return {row["user_id"]: row["name"] for row in found}

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        found = await self._by_users("SELECT user_id, settings FROM user_settings", user_ids)
        return {row["user_id"]: from_json(row["settings"]) for row in found}

    async def _by_users(self, select: str, user_ids: Sequence[str], extra: str = "") -> list[Row]:
        """One statement (a few on SQLite for a long list) for a whole listing's users."""
        rows: list[Row] = []
        async with self._reading() as conn:
            for chunk in self.dialect.batches(list(dict.fromkeys(user_ids))):
                where, values = self.dialect.one_of("user_id", chunk, "text")
                rows += await conn.fetch(f"{select} WHERE {where}{extra}", *values)
        return rows

    # -- matches ---------------------------------------------------------------------------
    async def match_versions(
        self, match_ids: Sequence[int], mark: str
    ) -> dict[int, tuple[int, int | None]]:
        """See :meth:`Store.match_versions`: the primary key and one field of the row."""
        found: dict[int, tuple[int, int | None]] = {}
        async with self._reading() as conn:
            for chunk in self.dialect.batches(list(dict.fromkeys(match_ids))):
                where, values = self.dialect.one_of("id", chunk, "bigint")
                rows = await conn.fetch(
                    f"SELECT id, version, {self.dialect.meta_number} AS mark FROM matches"
                    f" WHERE {where}",
                    mark, *values,
                )  # fmt: skip
                for row in rows:
                    mark_value = row["mark"]
                    found[int(row["id"])] = (
                        int(row["version"]), None if mark_value is None else int(mark_value)
                    )
        return found

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
        seat_ids, options_json, state_json, meta_json, due, place = new_match(
            status, seats, options, state, meta, due_at, venue
        )
        async with self._writing() as conn:
            match_id = await conn.insert(
                "INSERT INTO matches (game, options, seed, status, created_by, guild_id,"
                " channel_id, created_at, updated_at, version, meta, due_at, venue)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
                game, options_json, seed, status, created_by, guild_id, channel_id, now, now,
                meta_json, due, place,
            )  # fmt: skip
            await _put_seats(conn, match_id, seat_ids, now)
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state) VALUES (?, 1, ?)",
                match_id, state_json,
            )  # fmt: skip
            record = await self._fetch_one(conn, match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._reading() as conn:
            return await self._fetch_one(conn, match_id)

    async def list_matches(
        self, *, user_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[MatchRecord]:
        """Newest activity first; a user's matches are those they sit in *or* created.

        The creator is included because a lobby challenge may not seat its creator yet, and
        they still need to see (and cancel) it.
        """
        mine = (
            "m.id IN (SELECT match_id FROM seats WHERE user_id = ?"
            " UNION SELECT id FROM matches WHERE created_by = ?)"
        )
        found = self._filter(
            None if user_id is None else (mine, [user_id, user_id]), "m.status", statuses
        )
        if found is None:
            return []
        where, params = found
        async with self._reading() as conn:
            return await self._fetch_many(
                conn, f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM}{where} {_ORDER}", *params
            )

    def _filter(
        self,
        owner: tuple[str, Sequence[Any]] | None,
        status_column: str,
        statuses: Sequence[str] | None,
    ) -> tuple[str, list[Any]] | None:
        """A listing's ``WHERE`` (with its leading space, or none) and its parameters, for an
        owner condition (its SQL and its parameters) and a list of statuses; None when an
        empty list of statuses rules out every row, so no statement need run."""
        where: list[str] = []
        params: list[Any] = []
        if owner is not None:
            where.append(owner[0])
            params += owner[1]
        if statuses is not None:
            statuses = list(statuses)
            if not statuses:
                return None
            condition, values = self.dialect.one_of(status_column, statuses, "text")
            where.append(condition)
            params += values
        return (" WHERE " + " AND ".join(where) if where else ""), params

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        sql = f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.thread_id = ?"
        sql += " ORDER BY m.id DESC LIMIT 1"
        async with self._reading() as conn:
            found = await self._fetch_many(conn, sql, thread_id)
        return found[0] if found else None

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
        """See :meth:`Store.commit`. ``meta`` and ``seats`` are replaced whole, not merged.

        The match row is read first, locked where the engine locks rows, so a concurrent
        commit waits there and then reads the status and version this one left; the checks
        then decide on data no other writer can change before COMMIT. An unknown match raises
        ``LookupError`` rather than :class:`StaleVersion`: looking again would not help, so
        the caller should not be told to.
        """
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
        async with self._writing() as conn:
            row = await self._versioned(conn, "matches", "match", match_id)
            closed_change(
                match_id, row["status"], update, bool(append), undo_from_ply, expected_status
            )
            if row["version"] != expected_version:
                raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
            write_due, due_value = due_after(update.status or row["status"], due)
            await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), result = COALESCE(?, result),"
                " meta = COALESCE(?, meta), thread_id = COALESCE(?, thread_id),"
                " channel_id = COALESCE(?, channel_id),"
                " due_at = CASE WHEN ? THEN CAST(? AS DOUBLE PRECISION) ELSE due_at END"
                " WHERE id = ?",
                now, update.status, result_json, meta_json, update.thread_id,
                update.channel_id, write_due, due_value, match_id,
            )  # fmt: skip
            if seat_ids is not None:
                await conn.execute("DELETE FROM seats WHERE match_id = ?", match_id)
                await _put_seats(conn, match_id, seat_ids, now)
            if undo_from_ply is not None:
                await conn.execute(
                    "UPDATE actions SET undone = TRUE"
                    " WHERE match_id = ? AND ply >= ? AND undone = FALSE",
                    match_id, undo_from_ply,
                )  # fmt: skip
            if rows:
                last = await conn.fetchval(
                    "SELECT COALESCE(MAX(ply), 0) FROM actions WHERE match_id = ?", match_id
                )
                check_continues(int(last), append)
                await conn.executemany(
                    "INSERT INTO actions (match_id, ply, seat, notation, created_at, detail,"
                    " undone) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, p, s, n, c, d, bool(u)) for p, s, n, c, d, u in rows],
                )
            if state_json is not None:
                await conn.execute(
                    "UPDATE snapshots SET state = ?, version = ? WHERE match_id = ?",
                    state_json, expected_version + 1, match_id,
                )  # fmt: skip
            if ratings is not None and rating_rows is not None:
                await self._store_ratings(conn, match_id, ratings, rating_rows, now)
            record = await self._fetch_one(conn, match_id)
        assert record is not None
        return record

    # -- deadlines -------------------------------------------------------------------------
    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """See :meth:`Store.set_due`; a closed match's row is left untouched."""
        due = check_due(due_at)
        async with self._writing() as conn:
            changed = await conn.execute(
                f"UPDATE matches SET due_at = ? WHERE id = ? AND status NOT IN ({_CLOSED})",
                due, match_id,
            )  # fmt: skip
            if not changed and not await conn.fetchval(
                "SELECT 1 FROM matches WHERE id = ?", match_id
            ):
                raise LookupError(f"there is no match {match_id}")

    async def due_matches(self, now: float, limit: int = 500) -> list[MatchRecord]:
        """See :meth:`Store.due_matches` and :func:`due_matches_query`."""
        async with self._reading() as conn:
            return await self._fetch_many(
                conn, due_matches_query(self.dialect), now, check_limit(limit)
            )

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        sql = (
            "SELECT ply, seat, notation, created_at, detail, undone FROM actions WHERE match_id = ?"
        )
        if not include_undone:
            sql += " AND undone = FALSE"
        async with self._reading() as conn:
            found = await conn.fetch(f"{sql} ORDER BY ply", match_id)
        return [action_of(row) for row in found]

    # -- liveness --------------------------------------------------------------------------
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """See :meth:`Store.mark_alive`; the heartbeat row is locked while the gap is read, so
        two processes starting together record one outage, not two overlapping ones."""
        greatest = self.dialect.greatest
        async with self._writing() as conn:
            seen_at = await conn.fetchval(
                f"SELECT seen_at FROM heartbeat WHERE id = 1{self.dialect.lock_rows}"
            )
            last = None if seen_at is None else float(seen_at)
            outage = (last, now) if starting and last is not None and now > last else None
            if outage is not None:
                await conn.execute(
                    "INSERT INTO outages (started, ended) VALUES (?, ?) ON CONFLICT (started)"
                    f" DO UPDATE SET ended = {greatest}(outages.ended, excluded.ended)",
                    *outage,
                )
            await conn.execute(
                "INSERT INTO heartbeat (id, seen_at) VALUES (1, ?) ON CONFLICT (id)"
                f" DO UPDATE SET seen_at = {greatest}(heartbeat.seen_at, excluded.seen_at)",
                now,
            )
        return outage

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT started, ended FROM outages WHERE ended > ? ORDER BY started", since
            )
        return [(float(row["started"]), float(row["ended"])) for row in found]

    async def last_alive(self) -> float | None:
        async with self._reading() as conn:
            seen = await conn.fetchval("SELECT seen_at FROM heartbeat WHERE id = 1")
        return None if seen is None else float(seen)

    # -- counted uses ----------------------------------------------------------------------
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """See :meth:`Store.record_use`: forgetting, counting and writing are one transaction,
        serialised per (user, kind) by the dialect where the engine locks less than the file."""
        check_use(now, window, most)
        async with self._writing() as conn:
            if self.dialect.serialize_uses:
                await conn.execute(self.dialect.serialize_uses, user_id, kind)
            await conn.execute(
                "DELETE FROM uses WHERE user_id = ? AND kind = ? AND at <= ?",
                user_id, kind, now - window,
            )  # fmt: skip
            found = await conn.fetch(
                "SELECT at FROM uses WHERE user_id = ? AND kind = ? ORDER BY at, id", user_id, kind
            )
            times = [float(row["at"]) for row in found]
            granted = len(times) < most
            if granted:
                await conn.execute(
                    "INSERT INTO uses (user_id, kind, at) VALUES (?, ?, ?)", user_id, kind, now
                )
                times.append(float(now))
        return Uses(granted, tuple(sorted(times)))

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
        async with self._writing() as conn:
            if topic:
                await conn.execute(
                    "DELETE FROM notices WHERE user_id = ? AND topic = ?", user_id, topic
                )
            notice_id = await conn.insert(
                "INSERT INTO notices (user_id, topic, match_id, text, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                user_id, topic, match_id, kept, now,
            )  # fmt: skip
        return Notice(notice_id, user_id, kept, float(now), topic, match_id)

    async def notices(self, user_id: str) -> list[Notice]:
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT id, user_id, topic, match_id, text, created_at FROM notices"
                " WHERE user_id = ? ORDER BY id",
                user_id,
            )
        return [notice_of(row) for row in rows]

    async def users_with_notices(self) -> set[str]:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT DISTINCT user_id FROM notices")
        return {row["user_id"] for row in rows}

    async def drop_notices(self, user_id: str, through: int) -> None:
        async with self._writing() as conn:
            await conn.execute(
                "DELETE FROM notices WHERE user_id = ? AND id <= ?", user_id, through
            )

    # -- match reviews ---------------------------------------------------------------------
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        async with self._writing() as conn:
            made = await conn.execute(
                "INSERT INTO reviews (match_id, status, requested_by, requested_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
                match_id, REVIEW_PENDING, user_id, now,
            )  # fmt: skip
            row = await conn.fetchrow(f"SELECT {_REVIEW_COLUMNS} WHERE match_id = ?", match_id)
        assert row is not None
        return review_of(row), made > 0

    async def get_review(self, match_id: int) -> ReviewRecord | None:
        async with self._reading() as conn:
            row = await conn.fetchrow(f"SELECT {_REVIEW_COLUMNS} WHERE match_id = ?", match_id)
        return None if row is None else review_of(row)

    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        text = to_json(result, "a review")
        async with self._writing() as conn:
            await conn.execute(
                "UPDATE reviews SET status = ?, result = ?, finished_at = ?"
                " WHERE match_id = ? AND status = ?",
                REVIEW_DONE, text, now, match_id, REVIEW_PENDING,
            )  # fmt: skip
            row = await conn.fetchrow(f"SELECT {_REVIEW_COLUMNS} WHERE match_id = ?", match_id)
        return None if row is None else review_of(row)

    async def pending_reviews(self) -> list[ReviewRecord]:
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_REVIEW_COLUMNS} WHERE status = ? ORDER BY requested_at, match_id",
                REVIEW_PENDING,
            )
        return [review_of(row) for row in found]

    # -- settings --------------------------------------------------------------------------
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        return await self._settings("user", user_id)

    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        await self._save_settings("user", user_id, settings, now)

    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        return await self._settings("guild", guild_id)

    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        await self._save_settings("guild", guild_id, settings, now)

    async def users_with_settings(self) -> list[tuple[str, dict[str, Any]]]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT user_id, settings FROM user_settings"
                f" ORDER BY user_id{self.dialect.bytewise}"
            )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        async with self._reading() as conn:
            text = await conn.fetchval(f"SELECT settings FROM {table} WHERE {column} = ?", key)
        return {} if text is None else from_json(text)

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")
        async with self._writing() as conn:
            if text is None:
                await conn.execute(f"DELETE FROM {table} WHERE {column} = ?", key)
            else:
                await conn.execute(
                    f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                    f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    key, text, now,
                )  # fmt: skip

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        async with self._reading() as conn:
            row = await conn.fetchrow(
                f"SELECT {_RATING_COLUMNS} FROM ratings"
                " WHERE guild_id = ? AND game = ? AND user_id = ?",
                guild_id, game, user_id,
            )  # fmt: skip
        return None if row is None else rating_of(row)

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        bytewise = self.dialect.bytewise
        return await self._ratings(
            "guild_id = ? AND game = ?", f"rating DESC, user_id{bytewise}", guild_id, game
        )

    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        bytewise = self.dialect.bytewise
        return await self._ratings(
            "guild_id = ? AND user_id = ?", f"game{bytewise}", guild_id, user_id
        )

    async def _ratings(self, where: str, order: str, *params: Any) -> list[Rating]:
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE {where} ORDER BY {order}", *params
            )
        return [rating_of(row) for row in found]

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; the receipt row and the ratings commit together."""
        rows = check_ratings(guild_id, game, ratings, now)
        async with self._writing() as conn:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", match_id) is None:
                raise LookupError(f"there is no match {match_id}")
            return await self._store_ratings(
                conn, match_id, RatingsWrite(guild_id, game, rows, {}), rows, now, check=False
            )

    async def _store_ratings(
        self,
        conn: SqlConnection,
        match_id: int,
        write: RatingsWrite,
        rows: Sequence[Rating],
        now: float,
        *,
        check: bool = True,
    ) -> bool:
        """The receipt first: a match rated before keeps its ratings (False). Then, when
        asked, each row's ``games`` must still be what the new values were computed from.

        Existing rows are read (and locked, where rows are locked) in user order, so two
        finishing matches never wait on each other in a circle; a row that does not exist
        yet cannot be locked, so its upsert carries the check itself: if another match
        created it meanwhile, the conflict branch finds a ``games`` other than the expected
        one, writes nothing, and the commit is refused.
        """
        fresh = await conn.execute(
            "INSERT INTO rated_matches (match_id, guild_id, game, rated_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
            match_id, write.guild_id, write.game, now,
        )  # fmt: skip
        if not fresh:
            return False
        ordered = sorted(rows, key=lambda r: r.user_id)
        if check:
            users, values = self.dialect.one_of("user_id", [r.user_id for r in ordered], "text")
            found = await conn.fetch(
                f"SELECT user_id, games FROM ratings WHERE guild_id = ? AND game = ? AND {users}"
                f" ORDER BY user_id{self.dialect.bytewise}{self.dialect.lock_rows}",
                write.guild_id, write.game, *values,
            )  # fmt: skip
            stored = {r.user_id: 0 for r in ordered}
            stored.update({row["user_id"]: int(row["games"]) for row in found})
            check_expected_games(match_id, stored, write.expected_games)
        for r in ordered:
            guard = write.expected_games.get(r.user_id, 0) if check else None
            written = await conn.execute(
                f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " rating = excluded.rating, rd = excluded.rd,"
                " volatility = excluded.volatility, games = excluded.games,"
                " updated_at = excluded.updated_at"
                " WHERE CAST(? AS BIGINT) IS NULL OR ratings.games = ?",
                r.user_id, r.game, r.guild_id, r.rating, r.rd, r.volatility, r.games,
                r.updated_at, guard, guard,
            )  # fmt: skip
            if not written:
                raise RatingsChanged(f"ratings of {r.user_id} changed while match {match_id} ended")
        # One history point per rated user, inside the transaction that writes their rating.
        await conn.executemany(
            "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, rating, rd,"
            " games) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.guild_id, r.game, r.user_id, match_id, r.updated_at, r.rating, r.rd, r.games)
                for r in ordered
            ],
        )
        return True

    # -- rating history --------------------------------------------------------------------
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """See :meth:`Store.rating_history`."""
        async with self._reading() as conn:
            found = await conn.fetch(
                f"SELECT {_HISTORY_COLUMNS} FROM rating_history"
                " WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY at, match_id",
                guild_id, game, user_id,
            )  # fmt: skip
        return [rating_point_of(row) for row in found]

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
        async with self._writing() as conn:
            tournament_id = await conn.insert(
                "INSERT INTO tournaments (guild_id, channel_id, game, name, status, created_by,"
                " created_at, updated_at, version, data, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                new.guild_id, new.channel_id, new.game, new.name, new.status,
                new.created_by, new.created_at, new.created_at, new.data, new.due_at,
            )  # fmt: skip
            record = await _tournament(conn, tournament_id)
        assert record is not None
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self._reading() as conn:
            return await _tournament(conn, tournament_id)

    async def list_tournaments(
        self, *, guild_id: str | None = None, statuses: Sequence[str] | None = None
    ) -> list[TournamentRecord]:
        """See :meth:`Store.list_tournaments`."""
        found = self._filter(
            None if guild_id is None else ("guild_id = ?", [guild_id]), "status", statuses
        )
        if found is None:
            return []
        where, params = found
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments{where} ORDER BY id DESC", *params
            )
        return [tournament_of(row) for row in rows]

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
        """See :meth:`Store.update_tournament`. The row is read (and locked, where rows are
        locked) before anything is decided, so a concurrent update waits and then reads the
        version this one left behind."""
        change = tournament_change(status, data, now, due_at)
        async with self._writing() as conn:
            row = await self._versioned(conn, "tournaments", "tournament", tournament_id)
            check_open_and_current(tournament_id, row["status"], row["version"], expected_version)
            write_due, due_value = due_after_change(change.status or row["status"], change.due_at)
            await conn.execute(
                "UPDATE tournaments SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), data = COALESCE(?, data),"
                " due_at = CASE WHEN ? THEN CAST(? AS DOUBLE PRECISION) ELSE due_at END"
                " WHERE id = ?",
                change.now, change.status, change.data, write_due, due_value, tournament_id,
            )  # fmt: skip
            record = await _tournament(conn, tournament_id)
        assert record is not None
        return record

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """See :meth:`Store.due_tournaments` and :func:`due_tournaments_query`."""
        async with self._reading() as conn:
            found = await conn.fetch(due_tournaments_query(self.dialect), now, check_limit(limit))
        return [tournament_of(row) for row in found]

    async def _versioned(self, conn: SqlConnection, table: str, what: str, row_id: int) -> Row:
        """The status and version a versioned write decides on, read first and locked where
        the engine locks rows; ``LookupError`` for a row that is not there."""
        row = await conn.fetchrow(
            f"SELECT status, version FROM {table} WHERE id = ?{self.dialect.lock_rows}", row_id
        )
        if row is None:
            raise LookupError(f"there is no {what} {row_id}")
        return row

    # -- reading matches -------------------------------------------------------------------
    async def _fetch_one(self, conn: SqlConnection, match_id: int) -> MatchRecord | None:
        found = await self._fetch_many(
            conn, f"SELECT {_MATCH_COLUMNS} {_MATCH_FROM} WHERE m.id = ?", match_id
        )
        return found[0] if found else None

    async def _fetch_many(self, conn: SqlConnection, sql: str, *params: Any) -> list[MatchRecord]:
        """The matches ``sql`` selects, with their seats read for all of them at once."""
        rows = await conn.fetch(sql, *params)
        seats: dict[int, list[str]] = {row["id"]: [] for row in rows}
        for chunk in self.dialect.batches(list(seats)):
            where, values = self.dialect.one_of("match_id", chunk, "bigint")
            found = await conn.fetch(
                f"SELECT match_id, user_id FROM seats WHERE {where} ORDER BY match_id, seat",
                *values,
            )
            for seat_row in found:
                seats[seat_row["match_id"]].append(seat_row["user_id"])
        return [match_of(row, tuple(seats[row["id"]])) for row in rows]


async def _tournament(conn: SqlConnection, tournament_id: int) -> TournamentRecord | None:
    row = await conn.fetchrow(
        f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", tournament_id
    )
    return None if row is None else tournament_of(row)


async def _put_seats(
    conn: SqlConnection, match_id: int, seat_ids: Sequence[str], now: float
) -> None:
    """Seat users the bot has not met yet get a nameless row until ``ensure_user`` names them.

    A challenge can name someone who never spoke to the bot; refusing it for the foreign key
    would be unhelpful, and inventing a name would be wrong, so :meth:`user_name` says None.
    """
    await conn.executemany(
        "INSERT INTO users (user_id, name, created_at) VALUES (?, NULL, ?)"
        " ON CONFLICT (user_id) DO NOTHING",
        [(user_id, now) for user_id in dict.fromkeys(seat_ids)],
    )
    await conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id) VALUES (?, ?, ?)",
        [(match_id, seat, user_id) for seat, user_id in enumerate(seat_ids)],
    )
