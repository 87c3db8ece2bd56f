"""What only PostgreSQL can show: several store objects (bot processes) on one database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import (
    ACTIVE,
    CHALLENGE,
    ActionRecord,
    MatchUpdate,
    SchemaTooNew,
    StaleVersion,
    StoreBusy,
    open_store,
)
from storage.migrations import LATEST_VERSION
from storage.postgres import PostgresStore
from tests.pgserver import fresh_database


async def test_two_stores_racing_one_commit_exactly_one_wins(pg_server: Any) -> None:
    url = fresh_database(pg_server)
    async with PostgresStore(url) as a, PostgresStore(url) as b:
        match = await a.create_match(
            game="ordo", options={}, seed=1, status=CHALLENGE, seats=["x", "y"],
            created_by="x", state={"n": 0}, now=1.0,
        )  # fmt: skip
        results = await asyncio.gather(
            *[
                s.commit(match.id, 1, MatchUpdate(state={"n": i}), now=2.0)
                for i, s in enumerate([a, b, a, b])
            ],
            return_exceptions=True,
        )
        wins = [r for r in results if not isinstance(r, BaseException)]
        assert len(wins) == 1
        assert all(isinstance(r, StaleVersion) for r in results if r not in wins)
        stored = await b.get_match(match.id)
        assert stored is not None and stored.version == 2 and stored.state == wins[0].state


async def test_twenty_versions_raced_by_two_stores_each_have_one_winner(pg_url: str) -> None:
    async with PostgresStore(pg_url) as a, PostgresStore(pg_url) as b:
        match = await a.create_match(
            game="ordo", options={}, seed=1, status=ACTIVE, seats=["x", "y"],
            created_by="x", state={"n": 0}, now=1.0,
        )  # fmt: skip
        winners: list[str] = []
        for version in range(1, 21):
            tries = [
                s.commit(
                    match.id,
                    version,
                    MatchUpdate(state={"by": name, "v": version}),
                    now=1.0 + version,
                    append=[ActionRecord(version, 0, f"{name}{version}", 1.0 + version)],
                )
                for name, s in (("a", a), ("b", b))
            ]
            results = await asyncio.gather(*tries, return_exceptions=True)
            won = [r for r in results if not isinstance(r, BaseException)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(won) == 1 and all(type(r) is StaleVersion for r in lost), results
            winners.append(won[0].state["by"])
        final = await b.get_match(match.id)
        assert final is not None and final.version == 21
        log = await a.actions(match.id)
        assert [x.notation for x in log] == [f"{w}{v}" for v, w in enumerate(winners, 1)]


async def test_a_row_held_elsewhere_makes_the_store_busy_not_hung(pg_url: str) -> None:
    async with PostgresStore(pg_url) as store:
        match = await store.create_match(
            game="ordo", options={}, seed=1, status=ACTIVE, seats=["x", "y"],
            created_by="x", state={}, now=1.0,
        )  # fmt: skip
        pool = store._pool
        assert pool is not None
        async with pool.acquire() as hand, hand.transaction():  # someone in psql
            await hand.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
            with pytest.raises(StoreBusy):
                await store.commit(match.id, 1, MatchUpdate(state={"n": 1}), now=2.0)
        done = await store.commit(match.id, 1, MatchUpdate(state={"n": 1}), now=3.0)
        assert done.version == 2


async def test_only_one_store_leads_and_leadership_passes_on_close(pg_server: Any) -> None:
    url = fresh_database(pg_server)
    a = PostgresStore(url)
    await a.open()
    async with PostgresStore(url) as b:
        assert await a.try_lead("scheduler")
        assert await a.try_lead("scheduler")  # asking again keeps it
        assert not await b.try_lead("scheduler")
        assert await b.try_lead("other")  # names are independent
        await a.close()
        assert await b.try_lead("scheduler")


async def test_release_lead_lets_another_lead(pg_server: Any) -> None:
    url = fresh_database(pg_server)
    async with PostgresStore(url) as a, PostgresStore(url) as b:
        assert await a.try_lead("scheduler")
        await a.release_lead("scheduler")
        assert await b.try_lead("scheduler")
        assert not await a.try_lead("scheduler")


async def test_a_leader_that_lost_its_connection_stops_leading(pg_url: str) -> None:
    async with PostgresStore(pg_url) as a, PostgresStore(pg_url) as b:
        assert await a.try_lead("scheduler")
        lead = a._lead_conn
        assert lead is not None
        pid = lead.get_server_pid()
        pool = b._pool
        assert pool is not None
        assert await pool.fetchval("SELECT pg_terminate_backend($1)", pid)
        assert await b.try_lead("scheduler")  # the server released the dead session's lock
        assert not await a.try_lead("scheduler")  # and a notices instead of carrying on
        await b.release_lead("scheduler")
        assert await a.try_lead("scheduler")


async def test_reopening_migrates_once_and_refuses_a_newer_schema(pg_server: Any) -> None:
    url = fresh_database(pg_server)
    async with PostgresStore(url):
        pass
    async with PostgresStore(url) as again:
        pool = again._pool
        assert pool is not None
        assert await pool.fetchval("SELECT count(*) FROM schema_version") == LATEST_VERSION
        await pool.execute("INSERT INTO schema_version VALUES (99, 0)")
    with pytest.raises(SchemaTooNew):
        await PostgresStore(url).open()


@pytest.mark.parametrize("scheme", ["postgresql://", "postgres://"])
def test_open_store_picks_postgres_for_its_urls(scheme: str) -> None:
    store = open_store(f"{scheme}u:p@localhost:5432/boardbot")
    assert isinstance(store, PostgresStore)


def test_both_engines_have_the_same_numbered_migrations() -> None:
    """Migration N means the same on both engines, so their counts always agree."""
    from storage import migrations, pg_migrations

    assert pg_migrations.LATEST_VERSION == migrations.LATEST_VERSION
