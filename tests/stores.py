"""Opening the stores a test runs against, in one place: each kind the same way, so a test of
one store and a test of the service over it open them alike."""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import MemoryStore, SqliteStore, Store
from storage.postgres import PostgresStore
from tests.pgserver import emptied

KINDS = ["memory", "sqlite", "postgres"]
"""The stores every contract test runs against (the ``params`` of their fixtures)."""


async def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    """An unopened store of the kind ``request.param`` names; PostgreSQL's is the session's
    shared database, emptied."""
    if request.param == "memory":
        return MemoryStore()
    if request.param == "sqlite":
        return SqliteStore(tmp_path / "bot.db")
    return PostgresStore(await emptied(request.getfixturevalue("pg_shared_database")))


async def on_sqlite_and_memory(
    run: Callable[[Store, Any], Awaitable[list[Any]]], script: Any
) -> tuple[list[Any], list[Any]]:
    """``run(store, script)`` on a new SQLite file and on a new memory store: what each said."""
    with tempfile.TemporaryDirectory() as folder:
        async with SqliteStore(Path(folder) / "bot.db") as sqlite_store:
            from_sqlite = await run(sqlite_store, script)
    async with MemoryStore() as memory_store:
        from_memory = await run(memory_store, script)
    return from_sqlite, from_memory
