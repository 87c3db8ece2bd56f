"""Scheduler leadership (issue 16.3) as every store offers it; the election between several
PostgreSQL stores is in ``test_postgres.py``."""

from __future__ import annotations

from pathlib import Path

from storage import MemoryStore, SqliteStore, Store


async def test_a_store_alone_leads_and_may_ask_again(store: Store) -> None:
    assert await store.try_lead("scheduler")
    assert await store.try_lead("scheduler")
    await store.release_lead("scheduler")
    await store.release_lead("scheduler")  # stepping down twice is harmless
    assert await store.try_lead("scheduler")
    await store.release_lead("never-led")


async def test_single_process_engines_always_lead(tmp_path: Path) -> None:
    """SQLite is one bot process by design: a second store on the file is not a rival."""
    async with SqliteStore(tmp_path / "a.db") as a, SqliteStore(tmp_path / "a.db") as b:
        assert await a.try_lead("scheduler") and await b.try_lead("scheduler")
    async with MemoryStore() as memory:
        assert await memory.try_lead("scheduler")
