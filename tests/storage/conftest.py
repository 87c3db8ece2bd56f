"""Fixtures that run every storage test against every store (memory, SQLite, PostgreSQL).

The memory store is only worth having if it behaves exactly like the SQLite one, and the
PostgreSQL store must keep the same contract, so the same tests drive all three; a difference
between them is a failure of one of the parametrisations.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import CHALLENGE, MatchRecord, Store, TournamentRecord
from storage.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from storage.pg_migrations import MIGRATIONS as PG_MIGRATIONS
from tests.pgserver import pg_server, pg_shared_database, pg_url
from tests.stores import KINDS, new_store

__all__ = ["pg_server", "pg_shared_database", "pg_url"]


@pytest.fixture(params=KINDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    async with await new_store(request, tmp_path) as made:
        yield made


MakeMatch = Callable[..., Awaitable[MatchRecord]]


@pytest.fixture
def make_match(store: Store) -> MakeMatch:
    """A factory for a two-seat Ordo challenge, with any field overridden by keyword."""

    async def make(**overrides: Any) -> MatchRecord:
        return await store.create_match(**{**_DEFAULTS, **overrides})

    return make


_DEFAULTS: dict[str, Any] = {
    "game": "ordo",
    "options": {"size": 10, "variant": "standard"},
    "seed": 1234,
    "status": CHALLENGE,
    "seats": ["alice", "bob"],
    "created_by": "alice",
    "state": {"board": [[0, 1], [2, 0]], "to_move": 0},
    "now": 100.0,
    "guild_id": "g1",
    "channel_id": "c1",
    "meta": {"colour_choice": "white"},
}


MakeTournament = Callable[..., Awaitable[TournamentRecord]]

TOURNAMENT_DEFAULTS: dict[str, Any] = {
    "guild_id": "g1",
    "channel_id": "c1",
    "game": "ordo",
    "name": "Autumn Swiss",
    "created_by": "alice",
    "data": {"format": "swiss", "entrants": {"alice": {"seed": 1}}, "rounds": []},
    "now": 100.0,
}


@pytest.fixture
def make_tournament(store: Store) -> MakeTournament:
    """A factory for a Swiss tournament in signup, with any field overridden by keyword."""

    async def make(**overrides: Any) -> TournamentRecord:
        return await store.create_tournament(**{**TOURNAMENT_DEFAULTS, **overrides})

    return make


def sqlite_at_version(path: Path, version: int) -> sqlite3.Connection:
    """A SQLite file migrated to ``version`` only, as an older bot left it (the caller adds
    its rows and closes the connection): for tests of what a later migration does to it."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL)")
    for number in range(1, version + 1):
        for statement in SQLITE_MIGRATIONS[number - 1]:
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
    return conn


async def postgres_at_version(url: str, version: int) -> asyncpg.Connection:
    """The database at ``url`` migrated to ``version`` only (see :func:`sqlite_at_version`)."""
    conn = await asyncpg.connect(url)
    await conn.execute(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
        " applied_at DOUBLE PRECISION NOT NULL)"
    )
    for number in range(1, version + 1):
        for statement in PG_MIGRATIONS[number - 1]:
            await conn.execute(statement)
        await conn.execute("INSERT INTO schema_version VALUES ($1, 0)", number)
    return conn
