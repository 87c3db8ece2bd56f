"""The Store contract over SQL, written once for SQLite and PostgreSQL: one module per role.

Both engines hold the same tables and must keep the same promises (``tests/storage`` drives
them with one suite), so every transaction lives here once, in the module of its role
(:mod:`storage.roles`): ``matches`` (the versioned commit with its closed-match guard, the
action log and undo, the seats), ``ratings`` (with their receipt and history), ``deadlines``,
``tournaments``, ``people`` (names and settings), ``reviews``, ``notices``, ``liveness`` and
``uses``; :mod:`.engine` holds what they share. An engine adds only what is its own: how it
opens and closes, how it begins a read or a write transaction (:class:`SqlEngine`), and a
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

from storage.base import Store
from storage.sql.analyses import SqlAnalyses
from storage.sql.deadlines import SqlDeadlines, due_matches_query, due_tournaments_query
from storage.sql.dialect import Dialect, SqlConnection, Work
from storage.sql.engine import SqlEngine, match_columns
from storage.sql.live import SqlLiveStatus
from storage.sql.liveness import SqlLiveness
from storage.sql.matches import SqlMatches, SqlMatchNews, returned_columns
from storage.sql.notices import SqlNotices
from storage.sql.people import SqlPersonal, SqlPlayers, SqlSettings
from storage.sql.ratings import SqlRatings
from storage.sql.reviews import SqlReviews
from storage.sql.tournaments import SqlTournaments
from storage.sql.uses import SqlUses


class SqlStore(
    SqlMatches, SqlMatchNews, SqlPlayers, SqlSettings, SqlRatings, SqlTournaments, SqlReviews,
    SqlNotices, SqlDeadlines, SqlLiveness, SqlUses, SqlAnalyses, Store, SqlPersonal,
    SqlLiveStatus,
):  # fmt: skip
    """Every role over an engine's transactions; see :mod:`storage.base`. An engine
    subclasses it with its :class:`Dialect` and :class:`SqlEngine`'s three transactions."""


__all__ = [
    "Dialect",
    "SqlConnection",
    "SqlEngine",
    "SqlStore",
    "Work",
    "due_matches_query",
    "due_tournaments_query",
    "match_columns",
    "returned_columns",
]
