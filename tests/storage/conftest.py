"""Fixtures that run every storage test against every store (memory, SQLite, PostgreSQL).

The memory store is only worth having if it behaves exactly like the SQLite one, and the
PostgreSQL store must keep the same contract, so the same tests drive all three; a difference
between them is a failure of one of the parametrisations.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import CHALLENGE, MatchRecord, MemoryStore, SqliteStore, Store
from storage.postgres import PostgresStore
from tests.pgserver import emptied, pg_server, pg_shared_database, pg_url

__all__ = ["pg_server", "pg_shared_database", "pg_url"]


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    made: Store
    if request.param == "memory":
        made = MemoryStore()
    elif request.param == "sqlite":
        made = SqliteStore(tmp_path / "bot.db")
    else:
        made = PostgresStore(await emptied(request.getfixturevalue("pg_shared_database")))
    async with made:
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
