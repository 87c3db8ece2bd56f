"""What only PostgreSQL can show: several store objects (bot processes) on one database."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
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
from tests.pgserver import fresh_database, password_database


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


async def test_a_restarted_server_is_busy_for_a_moment_then_served(pg_url: str) -> None:
    """Connections cut by the server (a restart, an administrator) are a short "busy": the
    pool replaces them, and a retried commit is safe because its version guards it."""
    async with PostgresStore(pg_url, min_size=2) as store, PostgresStore(pg_url) as admin:
        await store.ensure_user("u", "U", 1.0)
        pool, admin_pool = store._pool, admin._pool
        assert pool is not None and admin_pool is not None
        cut = await admin_pool.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND application_name = 'boardbot' AND backend_type = 'client backend'"
            " AND pid NOT IN (SELECT pg_backend_pid())",
        )
        assert cut >= 1
        answers: list[object] = []
        for _ in range(4):
            try:
                answers.append(await store.user_name("u"))
            except StoreBusy:
                answers.append("busy")
        # Whether the first call meets the cut connection depends on timing; what may never
        # happen is an error other than StoreBusy, or a pool that stays broken.
        assert set(answers) <= {"busy", "U"} and answers[-1] == "U", answers


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


async def test_no_server_for_the_lock_means_not_leading(pg_url: str) -> None:
    async with PostgresStore(pg_url) as store:
        store.dsn = "postgresql://nobody@127.0.0.1:1/nothing"  # the server went away
        assert not await store.try_lead("scheduler")
        store.dsn = pg_url
        assert await store.try_lead("scheduler")


async def test_two_processes_opening_a_new_database_at_once_migrate_it_once(
    pg_server: Any,
) -> None:
    url = fresh_database(pg_server)
    stores = [PostgresStore(url) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        pool = stores[0]._pool
        assert pool is not None
        versions = await pool.fetch("SELECT version FROM schema_version ORDER BY version")
        assert [r["version"] for r in versions] == list(range(1, LATEST_VERSION + 1))
    finally:
        for s in stores:
            await s.close()


PASSWORD = "p@ss/w#rd:50%?&=' x"
"""Every character that breaks a password pasted into a URL."""


async def test_a_password_apart_from_the_url_may_hold_any_character(pg_server: Any) -> None:
    """``DATABASE_PASSWORD`` (compose passes ``POSTGRES_PASSWORD`` so) against a server that
    checks it: the right one opens, a wrong one is refused."""
    url = password_database(pg_server, "keeper", PASSWORD)
    async with open_store(url, password=PASSWORD) as store:
        await store.ensure_user("u", "U", now=1.0)
        assert await store.user_name("u") == "U"
    with pytest.raises(asyncpg.InvalidPasswordError):
        await open_store(url, password=PASSWORD[:-1]).open()
