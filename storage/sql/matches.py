"""The matches roles over SQL (:mod:`storage.roles.matches`): the versioned commit with its
closed-match guard, the log and undo, the seats, and a match's one read."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from storage.integrity import CheckedCommit, NewMatch, from_json
from storage.records import RECENT_ACTIONS, ActionRecord, LogTail, MatchReading, MatchRecord
from storage.roles import Matches, MatchNews
from storage.rows import Row, action_of, match_of
from storage.sql.dialect import Dialect, SqlConnection
from storage.sql.engine import MATCH_FROM, SqlEngine, match_columns, matches_of, seats_of
from storage.sql.liveness import outages_since
from storage.sql.people import locales_of, names_of, settings_of
from storage.sql.ratings import store_ratings

_ACTION_COLUMNS = "ply, seat, notation, created_at, detail, undone"
_ORDER = "ORDER BY m.updated_at DESC, m.id DESC"
_BY_ID = "WHERE m.id = ?"
_BY_THREAD = "WHERE m.thread_id = ? ORDER BY m.id DESC LIMIT 1"


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


class SqlMatches(SqlEngine, Matches):
    async def _create_match(self, new: NewMatch) -> MatchRecord:
        async def work(conn: SqlConnection) -> MatchRecord | None:
            match_id = await conn.insert(
                "INSERT INTO matches (game, options, seed, status, created_by, guild_id,"
                " channel_id, created_at, updated_at, version, meta, due_at, venue)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
                new.game, new.options, new.seed, new.status, new.created_by, new.guild_id,
                new.channel_id, new.now, new.now, new.meta, new.due_at, new.venue,
            )  # fmt: skip
            await _put_seats(conn, match_id, new.seats, new.now)
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state) VALUES (?, 1, ?)",
                match_id, new.state,
            )  # fmt: skip
            return await self._fetch_one(conn, match_id)

        record = await self._write(work)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async def work(conn: SqlConnection) -> MatchRecord | None:
            return await self._fetch_one(conn, match_id)

        return await self._statement(work)

    async def _read_match(
        self, match_id: int | None, thread_id: str | None, users: Sequence[str], recent: int
    ) -> MatchReading | None:
        """One read transaction, or one statement where the dialect reads it as JSON
        (:attr:`Dialect.json_reads`)."""
        where, key = (_BY_ID, match_id) if match_id is not None else (_BY_THREAD, thread_id)
        if self.dialect.json_reads:
            return await self._read_match_at_once(where, key, users, recent)
        dialect = self.dialect

        async def work(conn: SqlConnection) -> MatchReading | None:
            found = matches_of(await conn.fetch(self._matches_where(where), key))
            if not found:
                return None
            record = found[0]
            people = list(dict.fromkeys([*record.seats, *users]))
            return MatchReading(
                record=record,
                log=await _log_tail(conn, record.id, recent),
                names=await names_of(conn, dialect, people),
                settings=await settings_of(conn, dialect, people),
                outages=tuple(await outages_since(conn, record.created_at)),
                locales=await locales_of(conn, dialect, people),
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
            f" WHERE ended > m.created_at) AS outs {MATCH_FROM} {where}"
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
            record=match_of(row, seats_of(row["seat_list"])),
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
        query = self._matches_where(f"{where} {_ORDER}")

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return matches_of(await conn.fetch(query, *params))

        return await self._read(work)

    async def find_by_thread(self, thread_id: str) -> MatchRecord | None:
        """If a thread were ever reused, the newest match in it is the one being played."""
        query = self._matches_where(_BY_THREAD)

        async def work(conn: SqlConnection) -> list[MatchRecord]:
            return matches_of(await conn.fetch(query, thread_id))

        found = await self._read(work)
        return found[0] if found else None

    async def _commit(
        self, match_id: int, expected_version: int, checked: CheckedCommit
    ) -> MatchRecord:
        """The match row is read first, locked where the engine locks rows, so a concurrent
        commit waits there and then reads the status and version this one left; the checks
        then decide on data no other writer can change before COMMIT. An unknown match raises
        ``LookupError`` rather than :class:`StaleVersion`: looking again would not help, so
        the caller should not be told to."""
        lock_rows, returned = self.dialect.lock_rows, returned_columns(self.dialect)
        update, now, dialect = checked.update, checked.now, self.dialect

        async def work(conn: SqlConnection) -> MatchRecord:
            # The row as this commit decides on it (locked where rows are locked), and the
            # log's last ply, so a stale log is refused before anything is written.
            row = await conn.fetchrow(
                "SELECT status, version, (SELECT COALESCE(MAX(ply), 0) FROM actions"
                f" WHERE match_id = ?) AS last_ply FROM matches WHERE id = ?{lock_rows}",
                match_id, match_id,
            )  # fmt: skip
            if row is None:
                raise LookupError(f"there is no match {match_id}")
            write_due, due_value = checked.decide(
                match_id, row["status"], row["version"], expected_version, int(row["last_ply"])
            )
            await _write_log_and_seats(conn, match_id, expected_version, checked)
            if checked.ratings is not None and checked.rating_rows is not None:
                await store_ratings(
                    conn, dialect, match_id, checked.ratings, checked.rating_rows, now
                )
            # Last, so what it returns (the snapshot and seats among it) is what was written.
            changed = await conn.fetch(
                "UPDATE matches SET version = version + 1, updated_at = ?,"
                " status = COALESCE(?, status), result = COALESCE(?, result),"
                " meta = COALESCE(?, meta), thread_id = COALESCE(?, thread_id),"
                " channel_id = COALESCE(?, channel_id),"
                " due_at = CASE WHEN ? THEN CAST(? AS DOUBLE PRECISION) ELSE due_at END"
                f" WHERE id = ? RETURNING {returned}",
                now, update.status, checked.result, checked.meta, update.thread_id,
                update.channel_id, write_due, due_value, match_id,
            )  # fmt: skip
            return matches_of(changed)[0]

        return await self._write(work)

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

    def _matches_where(self, where: str) -> str:
        return f"SELECT {match_columns(self.dialect)} {MATCH_FROM} {where}"

    async def _fetch_one(self, conn: SqlConnection, match_id: int) -> MatchRecord | None:
        found = matches_of(await conn.fetch(self._matches_where(_BY_ID), match_id))
        return found[0] if found else None


class SqlMatchNews(SqlEngine, MatchNews):
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


async def _write_log_and_seats(
    conn: SqlConnection, match_id: int, expected_version: int, checked: CheckedCommit
) -> None:
    """A commit's writes besides the match row and the ratings: seats, undo, new log rows and
    the snapshot, after every check has passed."""
    if checked.seats is not None:
        await conn.execute("DELETE FROM seats WHERE match_id = ?", match_id)
        await _put_seats(conn, match_id, checked.seats, checked.now)
    if checked.undo_from_ply is not None:
        await conn.execute(
            "UPDATE actions SET undone = TRUE WHERE match_id = ? AND ply >= ? AND undone = FALSE",
            match_id, checked.undo_from_ply,
        )  # fmt: skip
    if checked.rows:
        await conn.executemany(
            "INSERT INTO actions (match_id, ply, seat, notation, created_at, detail,"
            " undone) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(match_id, p, s, n, c, d, bool(u)) for p, s, n, c, d, u in checked.rows],
        )
    if checked.state is not None:
        await conn.execute(
            "UPDATE snapshots SET state = ?, version = ? WHERE match_id = ?",
            checked.state, expected_version + 1, match_id,
        )  # fmt: skip


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
