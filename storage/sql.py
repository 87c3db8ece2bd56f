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
import json
from abc import abstractmethod
from collections.abc import Awaitable, Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from storage.base import (
    ACTIVE,
    CLOSED_STATUSES,
    FINISHED,
    RECENT_ACTIONS,
    REVIEW_DONE,
    REVIEW_PENDING,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    VENUE_SERVER,
    ActionRecord,
    LogTail,
    MatchReading,
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
    settings_text: str = "json_extract(settings, '$.{key}')"
    """A text in a user's ``settings`` under ``key`` (one of the code's own keys, spelled
    into the statement so the index on ``notify`` serves it)."""
    serialize_uses: str = ""
    """A statement (parameters: user id, kind) that makes one user's count-and-write of a
    kind of use wait for another's in the same transaction; empty where the write
    transaction already holds the whole database (SQLite's ``BEGIN IMMEDIATE``)."""
    json_list: str = "json_group_array"
    """The aggregate that gathers rows into one JSON array."""
    json_row: str = "json_array"
    """The function that makes one JSON array of its arguments."""
    json_reads: bool = False
    """True: what :meth:`SqlStore.read_match` gathers comes back in one statement, as JSON
    (PostgreSQL: every statement is a trip to the server, and its JSON writes every float
    exactly; the statement uses its arrays). False: one statement each (SQLite: a statement
    costs microseconds, and its JSON would keep only fifteen digits of a float, such as a
    time)."""

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

    def none_of(self, column: str, kind: str) -> str:
        """``column`` is none of the values one parameter carries, however many (its value:
        :meth:`listed`): an array on PostgreSQL, a JSON list SQLite reads with ``json_each``."""
        if self.arrays:
            return f"{column} <> ALL(CAST(? AS {kind}[]))"
        return f"{column} NOT IN (SELECT value FROM json_each(?))"

    def listed(self, values: Collection[Any]) -> Any:
        """The parameter of :meth:`none_of`."""
        return list(values) if self.arrays else json.dumps(list(values))


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


T = TypeVar("T")
Work = Callable[[SqlConnection], Awaitable[T]]
"""One transaction: a function of the open connection that only awaits that connection (SQLite
runs it to its end in its own thread without an event loop, :mod:`storage.sqlite`)."""


_REVIEW_COLUMNS = "match_id, status, requested_by, requested_at, result, finished_at FROM reviews"
_REVIEW_BY_MATCH = f"SELECT {_REVIEW_COLUMNS} WHERE match_id = ?"
_ACTION_COLUMNS = "ply, seat, notation, created_at, detail, undone"
_MATCH_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
_BY_ID = "WHERE m.id = ?"
_BY_THREAD = "WHERE m.thread_id = ? ORDER BY m.id DESC LIMIT 1"
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
def match_columns(dialect: Dialect) -> str:
    """A match row's columns (``m``: matches, ``s``: snapshots), its seats among them as one
    JSON list of ``[seat, user id]`` pairs, so a match is one statement, not two."""
    return (
        "m.id, m.game, m.options, m.seed, m.status, m.created_by, m.guild_id, m.channel_id,"
        " m.thread_id, m.created_at, m.updated_at, m.version, m.result, m.meta, s.state,"
        f" m.due_at, m.venue, (SELECT {dialect.json_list}({dialect.json_row}(seat, user_id))"
        " FROM seats WHERE match_id = m.id) AS seat_list"
    )


@functools.cache
def returned_columns(dialect: Dialect) -> str:
    """:func:`match_columns` as an ``UPDATE matches … RETURNING`` gives them back."""
    return (
        "id, game, options, seed, status, created_by, guild_id, channel_id, thread_id,"
        " created_at, updated_at, version, result, meta,"
        " (SELECT state FROM snapshots WHERE match_id = matches.id) AS state, due_at, venue,"
        f" (SELECT {dialect.json_list}({dialect.json_row}(seat, user_id))"
        " FROM seats WHERE match_id = matches.id) AS seat_list"
    )


@functools.cache
def due_matches_query(dialect: Dialect, skipping: bool = False) -> str:
    """Due matches through the partial index ``matches_due`` (migration 4); ``skipping``:
    leaving out a list of ids (parameters: now, the list, the limit).

    The status is a literal so the index's condition visibly holds, to SQLite and to
    PostgreSQL's planner even for a prepared statement. SQLite is also told the index by
    name: without ``ANALYZE`` statistics it would rather take ``matches_by_status`` and sort
    every active match on each tick.
    """
    skipped = f" AND {dialect.none_of('m.id', 'bigint')}" if skipping else ""
    return (
        f"SELECT {match_columns(dialect)} FROM matches m{dialect.indexed_by('matches_due')}"
        " JOIN snapshots s ON s.match_id = m.id"
        f" WHERE m.status = '{ACTIVE}' AND m.due_at IS NOT NULL AND m.due_at <= ?{skipped}"
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

    Each method hands its transaction to the engine as one function of a connection
    (:data:`Work`), through :meth:`_read` or :meth:`_write`; the engine commits it when the
    function returns and rolls it back on any error. One function per transaction, rather
    than a block inside the caller, lets SQLite run the whole transaction in its own thread
    in one go (:mod:`storage.sqlite`) instead of crossing threads once per statement.
    """

    dialect: ClassVar[Dialect]

    @abstractmethod
    async def _read(self, work: Work[T]) -> T:
        """``work`` in a read transaction, so a match row and its seats come from the same
        moment."""

    @abstractmethod
    async def _write(self, work: Work[T]) -> T:
        """``work`` in a write transaction; :attr:`Dialect.lock_rows` makes its reads hold."""

    @abstractmethod
    async def _statement(self, work: Work[T]) -> T:
        """``work`` that runs exactly one statement, which is atomic and sees one moment by
        itself, so an engine may run it without a transaction around it."""

    async def _fetch(self, sql: str, *params: Any) -> list[Row]:
        """One statement's rows, read on their own."""

        async def work(conn: SqlConnection) -> list[Row]:
            return list(await conn.fetch(sql, *params))

        return await self._statement(work)

    async def _fetchval(self, sql: str, *params: Any) -> Any:
        async def work(conn: SqlConnection) -> Any:
            return await conn.fetchval(sql, *params)

        return await self._statement(work)

    # -- users -----------------------------------------------------------------------------
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                user_id, clean_text(name), now,
            )  # fmt: skip

        await self._statement(work)

    async def user_name(self, user_id: str) -> str | None:
        name: str | None = await self._fetchval("SELECT name FROM users WHERE user_id = ?", user_id)
        return name

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        async def work(conn: SqlConnection) -> dict[str, str]:
            return await self._names(conn, user_ids)

        return await self._read(work)

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        async def work(conn: SqlConnection) -> dict[str, dict[str, Any]]:
            return await self._users_settings(conn, user_ids)

        return await self._read(work)

    async def _names(self, conn: SqlConnection, user_ids: Sequence[str]) -> dict[str, str]:
        found = await self._by_users(
            conn, "SELECT user_id, name FROM users", user_ids, " AND name IS NOT NULL"
        )
        return {row["user_id"]: row["name"] for row in found}

    async def _locales(self, conn: SqlConnection, user_ids: Sequence[str]) -> dict[str, str]:
        found = await self._by_users(
            conn, "SELECT user_id, locale FROM users", user_ids, " AND locale IS NOT NULL"
        )
        return {row["user_id"]: row["locale"] for row in found}

    async def _users_settings(
        self, conn: SqlConnection, user_ids: Sequence[str]
    ) -> dict[str, dict[str, Any]]:
        found = await self._by_users(conn, "SELECT user_id, settings FROM user_settings", user_ids)
        return {row["user_id"]: from_json(row["settings"]) for row in found}

    async def _by_users(
        self,
        conn: SqlConnection,
        select: str,
        user_ids: Sequence[str],
        extra: str = "",
        extra_values: Sequence[Any] = (),
    ) -> list[Row]:
        """One statement (a few on SQLite for a long list) for a whole listing's users."""
        rows: list[Row] = []
        for chunk in self.dialect.batches(list(dict.fromkeys(user_ids))):
            where, values = self.dialect.one_of("user_id", chunk, "text")
            rows += await conn.fetch(f"{select} WHERE {where}{extra}", *values, *extra_values)
        return rows

    # -- matches ---------------------------------------------------------------------------
    async def match_versions(
        self, match_ids: Sequence[int], mark: str
    ) -> dict[int, tuple[int, int | None]]:
        """See :meth:`Store.match_versions`: the primary key and one field of the row."""
        found: dict[int, tuple[int, int | None]] = {}
        number = self.dialect.meta_number

        async def work(conn: SqlConnection) -> None:
            for chunk in self.dialect.batches(list(dict.fromkeys(match_ids))):
                where, values = self.dialect.one_of("id", chunk, "bigint")
                rows = await conn.fetch(
                    f"SELECT id, version, {number} AS mark FROM matches WHERE {where}",
                    mark, *values,
                )  # fmt: skip
                for row in rows:
                    mark_value = row["mark"]
                    found[int(row["id"])] = (
                        int(row["version"]),
                        None if mark_value is None else int(mark_value),
                    )

        await self._read(work)
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

        async def work(conn: SqlConnection) -> MatchRecord | None:
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
            return await self._fetch_one(conn, match_id)

        record = await self._write(work)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async def work(conn: SqlConnection) -> MatchRecord | None:
            return await self._fetch_one(conn, match_id)

        return await self._statement(work)

    async def read_match(
        self,
        match_id: int | None = None,
        *,
        thread_id: str | None = None,
        users: Sequence[str] = (),
        recent: int = RECENT_ACTIONS,
    ) -> MatchReading | None:
        """See :meth:`Store.read_match`: one read transaction, or one statement where the
        dialect reads it as JSON (:attr:`Dialect.json_reads`)."""
        if match_id is None and thread_id is None:
            raise ValueError("read_match needs a match id or a thread id")
        where, key = (_BY_ID, match_id) if match_id is not None else (_BY_THREAD, thread_id)
        if self.dialect.json_reads:
            return await self._read_match_at_once(where, key, users, recent)

        async def work(conn: SqlConnection) -> MatchReading | None:
            found = await self._fetch_many(conn, self._matches_where(where), key)
            if not found:
                return None
            record = found[0]
            people = list(dict.fromkeys([*record.seats, *users]))
            return MatchReading(
                record=record,
                log=await _log_tail(conn, record.id, recent),
                names=await self._names(conn, people),
                settings=await self._users_settings(conn, people),
                outages=tuple(await self._outages(conn, record.created_at)),
                locales=await self._locales(conn, people),
            )

        return await self._read(work)

    async def _read_match_at_once(
        self, where: str, key: Any, users: Sequence[str], recent: int
    ) -> MatchReading | None:
        """:meth:`read_match` as one statement: the log's tail, the names, the settings and
        the outages each gathered into a JSON list beside the match's columns."""
        d = self.dialect
        # One array of the people, so the lookup is an index scan (an OR of a subquery and a
        # list made PostgreSQL read every user).
        people = (
            "user_id = ANY(ARRAY(SELECT user_id FROM seats WHERE match_id = m.id)"
            " || CAST(? AS text[]))"
        )
        values = [list(dict.fromkeys(users))]
        gathered = (
            f"SELECT {match_columns(d)},"
            f" (SELECT {d.json_list}({d.json_row}({_ACTION_COLUMNS})) FROM"
            f" (SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = m.id"
            " ORDER BY ply DESC LIMIT ?) AS t) AS tail,"
            " EXISTS (SELECT 1 FROM actions WHERE match_id = m.id) AS logged,"
            f" (SELECT {d.json_list}({d.json_row}(user_id, name)) FROM users"
            f" WHERE name IS NOT NULL AND {people}) AS names,"
            f" (SELECT {d.json_list}({d.json_row}(user_id, settings)) FROM user_settings"
            f" WHERE {people}) AS people_settings,"
            f" (SELECT {d.json_list}({d.json_row}(user_id, locale)) FROM users"
            f" WHERE locale IS NOT NULL AND {people}) AS locales,"
            f" (SELECT {d.json_list}({d.json_row}(started, ended)) FROM outages"
            f" WHERE ended > m.created_at) AS outs {_MATCH_FROM} {where}"
        )

        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(gathered, max(0, recent), *values, *values, *values, key)

        row = await self._statement(work)
        if row is None:
            return None
        tail = tuple(
            ActionRecord(
                ply=int(ply), seat=int(seat), notation=notation, created_at=float(at),
                detail=detail, undone=bool(undone),
            )
            for ply, seat, notation, at, detail, undone in sorted(from_json(row["tail"]) or [])
        )  # fmt: skip
        return MatchReading(
            record=match_of(row, _seats(row["seat_list"])),
            log=LogTail(tail, whole=tail[0].ply == 1 if tail else not row["logged"]),
            names=dict(from_json(row["names"]) or []),
            settings=dict(from_json(row["people_settings"]) or []),
            outages=tuple(sorted((float(a), float(b)) for a, b in from_json(row["outs"]) or [])),
            locales=dict(from_json(row["locales"]) or []),
        )

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

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return await self._fetch_many(conn, self._matches_where(f"{where} {_ORDER}"), *params)

        return await self._read(work)

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

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return await self._fetch_many(conn, self._matches_where(_BY_THREAD), thread_id)

        found = await self._read(work)
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
        lock_rows, returned = self.dialect.lock_rows, returned_columns(self.dialect)

        async def work(conn: SqlConnection) -> MatchRecord | None:
            # The row as this commit decides on it (locked where rows are locked), and the
            # log's last ply, so a stale log is refused before anything is written.
            row = await conn.fetchrow(
                "SELECT status, version, (SELECT COALESCE(MAX(ply), 0) FROM actions"
                f" WHERE match_id = ?) AS last_ply FROM matches WHERE id = ?{lock_rows}",
                match_id, match_id,
            )  # fmt: skip
            if row is None:
                raise LookupError(f"there is no match {match_id}")
            closed_change(
                match_id, row["status"], update, bool(append), undo_from_ply, expected_status
            )
            if row["version"] != expected_version:
                raise StaleVersion(f"match {match_id} is no longer at version {expected_version}")
            check_continues(int(row["last_ply"]), append)
            write_due, due_value = due_after(update.status or row["status"], due)
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
            # Last, so what it returns (the snapshot and seats among it) is what was written.
            changed = await conn.fetch(
                "UPDATE matches SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), result = COALESCE(?, result),"
                " meta = COALESCE(?, meta), thread_id = COALESCE(?, thread_id),"
                " channel_id = COALESCE(?, channel_id),"
                " due_at = CASE WHEN ? THEN CAST(? AS DOUBLE PRECISION) ELSE due_at END"
                f" WHERE id = ? RETURNING {returned}",
                now, update.status, result_json, meta_json, update.thread_id,
                update.channel_id, write_due, due_value, match_id,
            )  # fmt: skip
            return match_of(changed[0], _seats(changed[0]["seat_list"]))

        record = await self._write(work)
        assert record is not None
        return record

    # -- deadlines -------------------------------------------------------------------------
    async def set_due(self, match_id: int, due_at: float | None) -> None:
        """See :meth:`Store.set_due`; a closed match's row is left untouched."""
        due = check_due(due_at)

        async def work(conn: SqlConnection) -> None:
            changed = await conn.execute(
                f"UPDATE matches SET due_at = ? WHERE id = ? AND status NOT IN ({_CLOSED})",
                due, match_id,
            )  # fmt: skip
            if not changed and not await conn.fetchval(
                "SELECT 1 FROM matches WHERE id = ?", match_id
            ):
                raise LookupError(f"there is no match {match_id}")

        await self._write(work)

    async def due_matches(
        self, now: float, limit: int = 500, *, skip: Collection[int] = ()
    ) -> list[MatchRecord]:
        """See :meth:`Store.due_matches` and :func:`due_matches_query`: the skipped ids are
        left out by the query, so they cost neither a read nor a decoding."""
        query, most = due_matches_query(self.dialect, bool(skip)), check_limit(limit)
        params = (now, self.dialect.listed(skip), most) if skip else (now, most)

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return await self._fetch_many(conn, query, *params)

        return await self._read(work)

    # -- log -------------------------------------------------------------------------------
    async def actions(self, match_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        sql = f"SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = ?"
        if not include_undone:
            sql += " AND undone = FALSE"
        return [action_of(row) for row in await self._fetch(f"{sql} ORDER BY ply", match_id)]

    async def recent_actions(self, match_id: int, rows: int = RECENT_ACTIONS) -> LogTail:
        """See :meth:`Store.recent_actions`: the log read backwards from its end, so a long
        game costs no more than a short one."""

        async def work(conn: SqlConnection) -> LogTail:
            return await _log_tail(conn, match_id, rows)

        return await self._read(work)

    # -- liveness --------------------------------------------------------------------------
    async def mark_alive(self, now: float, *, starting: bool = False) -> tuple[float, float] | None:
        """See :meth:`Store.mark_alive`; the heartbeat row is locked while the gap is read, so
        two processes starting together record one outage, not two overlapping ones."""
        greatest = self.dialect.greatest
        lock_rows = self.dialect.lock_rows

        async def work(conn: SqlConnection) -> tuple[float, float] | None:
            seen_at = await conn.fetchval(f"SELECT seen_at FROM heartbeat WHERE id = 1{lock_rows}")
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

        return await self._write(work)

    async def outages(self, since: float = 0.0) -> list[tuple[float, float]]:
        async def work(conn: SqlConnection) -> list[tuple[float, float]]:
            return await self._outages(conn, since)

        return await self._read(work)

    @staticmethod
    async def _outages(conn: SqlConnection, since: float) -> list[tuple[float, float]]:
        found = await conn.fetch(
            "SELECT started, ended FROM outages WHERE ended > ? ORDER BY started", since
        )
        return [(float(row["started"]), float(row["ended"])) for row in found]

    async def last_alive(self) -> float | None:
        seen = await self._fetchval("SELECT seen_at FROM heartbeat WHERE id = 1")
        return None if seen is None else float(seen)

    # -- counted uses ----------------------------------------------------------------------
    async def record_use(
        self, user_id: str, kind: str, now: float, *, window: float, most: int
    ) -> Uses:
        """See :meth:`Store.record_use`: forgetting, counting and writing are one transaction,
        serialised per (user, kind) by the dialect where the engine locks less than the file."""
        check_use(now, window, most)
        serialize = self.dialect.serialize_uses

        async def work(conn: SqlConnection) -> Uses:
            if serialize:
                await conn.execute(serialize, user_id, kind)
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

        return await self._write(work)

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

        async def work(conn: SqlConnection) -> int:
            if topic:
                await conn.execute(
                    "DELETE FROM notices WHERE user_id = ? AND topic = ?", user_id, topic
                )
            return await conn.insert(
                "INSERT INTO notices (user_id, topic, match_id, text, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                user_id, topic, match_id, kept, now,
            )  # fmt: skip

        notice_id = await self._write(work)
        return Notice(notice_id, user_id, kept, float(now), topic, match_id)

    async def notices(self, user_id: str) -> list[Notice]:
        rows = await self._fetch(
            "SELECT id, user_id, topic, match_id, text, created_at FROM notices"
            " WHERE user_id = ? ORDER BY id",
            user_id,
        )
        return [notice_of(row) for row in rows]

    async def users_with_notices(self) -> set[str]:
        rows = await self._fetch("SELECT DISTINCT user_id FROM notices")
        return {row["user_id"] for row in rows}

    async def drop_notices(self, user_id: str, through: int) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "DELETE FROM notices WHERE user_id = ? AND id <= ?", user_id, through
            )

        await self._statement(work)

    # -- match reviews ---------------------------------------------------------------------
    async def request_review(
        self, match_id: int, user_id: str, now: float
    ) -> tuple[ReviewRecord, bool]:
        async def work(conn: SqlConnection) -> tuple[Row | None, int]:
            made = await conn.execute(
                "INSERT INTO reviews (match_id, status, requested_by, requested_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
                match_id, REVIEW_PENDING, user_id, now,
            )  # fmt: skip
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id), made

        row, made = await self._write(work)
        assert row is not None
        return review_of(row), made > 0

    async def get_review(self, match_id: int) -> ReviewRecord | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id)

        row = await self._read(work)
        return None if row is None else review_of(row)

    async def finish_review(
        self, match_id: int, result: dict[str, Any], now: float
    ) -> ReviewRecord | None:
        text = to_json(result, "a review")

        async def work(conn: SqlConnection) -> Row | None:
            await conn.execute(
                "UPDATE reviews SET status = ?, result = ?, finished_at = ?"
                " WHERE match_id = ? AND status = ?",
                REVIEW_DONE, text, now, match_id, REVIEW_PENDING,
            )  # fmt: skip
            return await conn.fetchrow(_REVIEW_BY_MATCH, match_id)

        row = await self._write(work)
        return None if row is None else review_of(row)

    async def pending_reviews(self) -> list[ReviewRecord]:
        found = await self._fetch(
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

    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        where, values = "", []
        if having:
            key, value = having
            if not key.isidentifier():
                raise ValueError(f"not a settings key: {key!r}")
            where, values = f" WHERE {self.dialect.settings_text.format(key=key)} = ?", [value]
        found = await self._fetch(
            f"SELECT user_id, settings FROM user_settings{where}"
            f" ORDER BY user_id{self.dialect.bytewise}",
            *values,
        )
        return [(row["user_id"], from_json(row["settings"])) for row in found]

    # -- people: locale, quiet hours, challenge preferences, blocks -----------------------
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        async def work(conn: SqlConnection) -> dict[str, str]:
            return await self._locales(conn, user_ids)

        return await self._read(work)

    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, name, created_at, locale) VALUES (?, NULL, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                user_id, now, clean_text(locale) if locale else None,
            )  # fmt: skip

        await self._statement(work)

    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        async def work(conn: SqlConnection) -> None:
            if blocked:
                await conn.execute(
                    "INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (user_id, blocked_id) DO NOTHING",
                    user_id, other_id, now,
                )  # fmt: skip
            else:
                await conn.execute(
                    "DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?", user_id, other_id
                )

        await self._statement(work)

    async def blocked_by(self, user_id: str) -> list[str]:
        found = await self._fetch(
            "SELECT blocked_id FROM blocks WHERE user_id = ?"
            f" ORDER BY blocked_id{self.dialect.bytewise}",
            user_id,
        )
        return [row["blocked_id"] for row in found]

    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        async def work(conn: SqlConnection) -> list[str]:
            found = await self._by_users(
                conn, "SELECT user_id FROM blocks", among, " AND blocked_id = ?", (user_id,)
            )
            return sorted({row["user_id"] for row in found})

        return await self._read(work)

    async def played_together(self, user_id: str, other_id: str) -> bool:
        found = await self._fetchval(
            "SELECT 1 FROM seats AS a JOIN seats AS b ON a.match_id = b.match_id"
            " JOIN matches AS m ON m.id = a.match_id"
            " WHERE a.user_id = ? AND b.user_id = ? AND m.status IN (?, ?) LIMIT 1",
            user_id, other_id, ACTIVE, FINISHED,
        )  # fmt: skip
        return found is not None

    async def _settings(self, kind: str, key: str) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[kind]
        text = await self._fetchval(f"SELECT settings FROM {table} WHERE {column} = ?", key)
        return {} if text is None else from_json(text)

    async def _save_settings(
        self, kind: str, key: str, settings: dict[str, Any], now: float
    ) -> None:
        table, column = _SETTINGS_TABLES[kind]
        text = encode_settings(settings, f"{kind} settings")

        async def work(conn: SqlConnection) -> None:
            if text is None:
                await conn.execute(f"DELETE FROM {table} WHERE {column} = ?", key)
            else:
                await conn.execute(
                    f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                    f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    key, text, now,
                )  # fmt: skip

        await self._write(work)

    # -- ratings ---------------------------------------------------------------------------
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        async def work(conn: SqlConnection) -> Row | None:
            return await conn.fetchrow(
                f"SELECT {_RATING_COLUMNS} FROM ratings"
                " WHERE guild_id = ? AND game = ? AND user_id = ?",
                guild_id, game, user_id,
            )  # fmt: skip

        row = await self._read(work)
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
        found = await self._fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE {where} ORDER BY {order}", *params
        )
        return [rating_of(row) for row in found]

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """See :meth:`Store.save_ratings`; the receipt row and the ratings commit together."""
        rows = check_ratings(guild_id, game, ratings, now)

        async def work(conn: SqlConnection) -> bool:
            if await conn.fetchval("SELECT 1 FROM matches WHERE id = ?", match_id) is None:
                raise LookupError(f"there is no match {match_id}")
            return await self._store_ratings(
                conn, match_id, RatingsWrite(guild_id, game, rows, {}), rows, now, check=False
            )

        return await self._write(work)

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
        found = await self._fetch(
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

        async def work(conn: SqlConnection) -> TournamentRecord | None:
            tournament_id = await conn.insert(
                "INSERT INTO tournaments (guild_id, channel_id, game, name, status, created_by,"
                " created_at, updated_at, version, data, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                new.guild_id, new.channel_id, new.game, new.name, new.status,
                new.created_by, new.created_at, new.created_at, new.data, new.due_at,
            )  # fmt: skip
            return await _tournament(conn, tournament_id)

        record = await self._write(work)
        assert record is not None
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async def work(conn: SqlConnection) -> TournamentRecord | None:
            return await _tournament(conn, tournament_id)

        return await self._read(work)

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
        rows = await self._fetch(
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

        async def work(conn: SqlConnection) -> TournamentRecord | None:
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
            return await _tournament(conn, tournament_id)

        record = await self._write(work)
        assert record is not None
        return record

    async def due_tournaments(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """See :meth:`Store.due_tournaments` and :func:`due_tournaments_query`."""
        found = await self._fetch(due_tournaments_query(self.dialect), now, check_limit(limit))
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
    def _matches_where(self, where: str) -> str:
        return f"SELECT {match_columns(self.dialect)} {_MATCH_FROM} {where}"

    async def _fetch_one(self, conn: SqlConnection, match_id: int) -> MatchRecord | None:
        found = await self._fetch_many(conn, self._matches_where(_BY_ID), match_id)
        return found[0] if found else None

    @staticmethod
    async def _fetch_many(conn: SqlConnection, sql: str, *params: Any) -> list[MatchRecord]:
        """The matches ``sql`` selects (with :func:`match_columns`)."""
        return [match_of(row, _seats(row["seat_list"])) for row in await conn.fetch(sql, *params)]


def _seats(listed: str | None) -> tuple[str, ...]:
    """User ids by seat from a JSON list of ``[seat, user id]`` (None: no seats)."""
    return tuple(user_id for _, user_id in sorted(from_json(listed) or []))


async def _log_tail(conn: SqlConnection, match_id: int, rows: int) -> LogTail:
    """The last ``rows`` rows of a match's log; plies are numbered from 1 without gaps (undone
    rows keep theirs), so the tail is the whole log exactly when it starts at ply 1."""
    found = await conn.fetch(
        f"SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = ? ORDER BY ply DESC LIMIT ?",
        match_id, max(0, rows),
    )  # fmt: skip
    tail = tuple(action_of(row) for row in reversed(found))
    whole = (
        tail[0].ply == 1
        if tail
        else not await conn.fetchval("SELECT 1 FROM actions WHERE match_id = ? LIMIT 1", match_id)
    )
    return LogTail(tail, whole)


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
