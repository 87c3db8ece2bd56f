"""Where a match is played (issue 35): its venue is kept on every engine, through a reopen and
through the migration that added it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage import VENUE_DIRECT, VENUE_SERVER, SqliteStore, Store
from storage.postgres import PostgresStore
from tests.pgserver import emptied, fresh_database
from tests.storage.conftest import MakeMatch, postgres_at_version, sqlite_at_version


async def test_a_match_keeps_its_venue_and_old_ones_are_in_a_server(
    store: Store, make_match: MakeMatch
) -> None:
    direct = await make_match(venue=VENUE_DIRECT, guild_id=None, channel_id="dm1")
    server = await make_match()
    assert direct.venue == VENUE_DIRECT and server.venue == VENUE_SERVER
    assert (await store.get_match(direct.id)).venue == VENUE_DIRECT  # type: ignore[union-attr]
    listed = {m.id: m.venue for m in await store.list_matches()}
    assert listed == {direct.id: VENUE_DIRECT, server.id: VENUE_SERVER}
    with pytest.raises(ValueError, match="venue"):
        await make_match(venue="thread")
    assert len(await store.list_matches()) == 2  # nothing was written for the refused one


@pytest.mark.parametrize("engine", ["sqlite", "postgres"])
async def test_venue_and_notices_outlive_a_reopen(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A restart is invisible: the venue and a notice written before it read the same after."""

    def made() -> Store:
        if engine == "sqlite":
            return SqliteStore(tmp_path / "bot.db")
        return PostgresStore(url)

    url = "" if engine == "sqlite" else await emptied(request.getfixturevalue("pg_shared_database"))
    async with made() as store:
        record = await store.create_match(
            game="ordo", options={}, seed=1, status="active", seats=["a", "b"],
            created_by="a", state={}, now=1.0, channel_id="gdm", venue=VENUE_DIRECT,
        )  # fmt: skip
        await store.add_notice("b", "Your turn", 2.0, topic="board:1", match_id=record.id)
    async with made() as store:
        again = await store.get_match(record.id)
        assert again is not None and again.venue == VENUE_DIRECT
        assert [n.text for n in await store.notices("b")] == ["Your turn"]


OLD_MATCH = (
    "INSERT INTO matches (id, game, options, seed, status, created_by, created_at,"
    " updated_at, version, meta) VALUES (1, 'ordo', '{}', 1, 'active', 'a', 1, 1, 1, '{}')"
)


async def test_upgrading_a_sqlite_file_puts_its_matches_in_a_server(tmp_path: Path) -> None:
    """Every match from before migration 10 was played in a server's thread: so they stay."""
    path = tmp_path / "bot.db"
    with sqlite_at_version(path, 9) as conn:
        conn.execute(OLD_MATCH)
        conn.execute("INSERT INTO snapshots VALUES (1, 1, '{}')")
    async with SqliteStore(path) as store:
        assert (await store.get_match(1)).venue == VENUE_SERVER  # type: ignore[union-attr]


async def test_upgrading_a_postgres_database_puts_its_matches_in_a_server(pg_server: Any) -> None:
    url = fresh_database(pg_server)
    conn = await postgres_at_version(url, 9)
    try:
        await conn.execute(OLD_MATCH)
        await conn.execute("INSERT INTO snapshots VALUES (1, 1, '{}')")
    finally:
        await conn.close()
    async with PostgresStore(url) as store:
        assert (await store.get_match(1)).venue == VENUE_SERVER  # type: ignore[union-attr]
