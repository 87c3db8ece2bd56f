"""Rating history (schema version 5): every store keeps a point per player and rated match,
written by the store itself with the ratings. Memory, SQLite and PostgreSQL all run these."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import (
    ACTIVE,
    FINISHED,
    MatchUpdate,
    Rating,
    RatingPoint,
    RatingsChanged,
    RatingsWrite,
    SqliteStore,
    Store,
)
from storage.base import HISTORY_CARRIED_OVER
from storage.migrations import MIGRATIONS
from storage.postgres import PostgresStore
from tests.pgserver import fresh_database, migrated_through

FINISH = MatchUpdate(status=FINISHED, result={"winners": [0]})


def rated(user: str, value: float, games: int, *, rd: float = 200.0) -> Rating:
    return Rating(user, "ordo", "g1", value, rd=rd, volatility=0.06, games=games)


async def test_a_finishing_commit_adds_one_point_per_player(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE)
    write = RatingsWrite("g1", "ordo", [rated("alice", 1662.3, 1), rated("bob", 1337.7, 1)], {})
    await store.commit(match.id, 1, FINISH, now=500.0, ratings=write)
    assert await store.rating_history("g1", "ordo", "alice") == [
        RatingPoint(match_id=match.id, at=500.0, rating=1662.3, rd=200.0, games=1)
    ]
    assert await store.rating_history("g1", "ordo", "bob") == [
        RatingPoint(match.id, 500.0, 1337.7, 200.0, 1)
    ]


async def test_history_is_oldest_first_and_ends_at_the_rating(
    store: Store, make_match: Any
) -> None:
    # Written out of time order on purpose: the store sorts by time, then by match id.
    times = {1: 900.0, 2: 300.0, 3: 600.0, 4: 600.0}
    ids = []
    for n, at in times.items():
        match = await make_match(status=ACTIVE)
        ids.append(match.id)
        write = RatingsWrite("g1", "ordo", [rated("alice", 1500.0 + n, n)], {"alice": n - 1})
        await store.commit(match.id, 1, FINISH, now=at, ratings=write)
    history = await store.rating_history("g1", "ordo", "alice")
    assert [(p.at, p.match_id) for p in history] == [
        (300.0, ids[1]), (600.0, ids[2]), (600.0, ids[3]), (900.0, ids[0])
    ]  # fmt: skip
    assert [p.games for p in history] == [2, 3, 4, 1]
    newest = max(history, key=lambda p: p.games)
    current = await store.rating("g1", "ordo", "alice")
    assert current is not None and (current.rating, current.games) == (newest.rating, 4)


async def test_save_ratings_writes_history_too(store: Store, make_match: Any) -> None:
    match = await make_match()
    assert await store.save_ratings("g1", "ordo", match.id, [rated("alice", 1550.0, 1)], 42.0)
    assert await store.rating_history("g1", "ordo", "alice") == [
        RatingPoint(match.id, 42.0, 1550.0, 200.0, 1)
    ]
    # A second save of the same match is refused by the receipt and adds no point.
    assert not await store.save_ratings("g1", "ordo", match.id, [rated("alice", 9.0, 2)], 43.0)
    assert len(await store.rating_history("g1", "ordo", "alice")) == 1


async def test_a_match_rated_twice_adds_no_second_point(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE)
    done = await store.commit(
        match.id, 1, FINISH, now=10.0, ratings=RatingsWrite("g1", "ordo", [rated("a", 1, 1)], {})
    )
    again = RatingsWrite("g1", "ordo", [rated("a", 2, 2)], {"a": 1})
    await store.commit(match.id, done.version, MatchUpdate(meta={"x": 1}), now=11.0, ratings=again)
    assert [p.rating for p in await store.rating_history("g1", "ordo", "a")] == [1.0]


async def test_a_refused_commit_writes_no_history(store: Store, make_match: Any) -> None:
    first = await make_match(status=ACTIVE)
    second = await make_match(status=ACTIVE)
    await store.commit(
        first.id, 1, FINISH, now=10.0, ratings=RatingsWrite("g1", "ordo", [rated("a", 1, 1)], {})
    )
    stale = RatingsWrite("g1", "ordo", [rated("a", 7, 1), rated("b", 8, 1)], {})
    with pytest.raises(RatingsChanged):
        await store.commit(second.id, 1, FINISH, now=11.0, ratings=stale)
    assert [p.match_id for p in await store.rating_history("g1", "ordo", "a")] == [first.id]
    assert await store.rating_history("g1", "ordo", "b") == []


async def test_history_is_kept_per_guild_game_and_user(store: Store, make_match: Any) -> None:
    match = await make_match()
    await store.save_ratings("g1", "ordo", match.id, [rated("alice", 1600.0, 1)], 5.0)
    assert await store.rating_history("g2", "ordo", "alice") == []
    assert await store.rating_history("g1", "fendo", "alice") == []
    assert await store.rating_history("g1", "ordo", "bob") == []


async def test_version_4_ratings_become_one_carried_over_point(tmp_path: Path) -> None:
    """Migration 5 cannot recover the past, but it keeps what it knows: each existing rating
    becomes the first point of its history, at its last update."""
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        for number, statements in enumerate(MIGRATIONS[:4], start=1):
            for statement in statements:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
        conn.execute("INSERT INTO ratings VALUES ('g1', 'ordo', 'a', 1612.5, 80, 0.06, 9, 77.0)")
    async with SqliteStore(path) as store:
        assert await store.rating_history("g1", "ordo", "a") == [
            RatingPoint(HISTORY_CARRIED_OVER, 77.0, 1612.5, 80.0, 9)
        ]


async def test_version_4_postgres_ratings_become_one_carried_over_point(pg_server: Any) -> None:
    """The same upgrade on PostgreSQL, whose migration 5 is its own SQL."""
    url = fresh_database(pg_server)
    conn = await asyncpg.connect(url)
    try:
        await migrated_through(conn, 4)
        await conn.execute(
            "INSERT INTO ratings VALUES ('g1', 'fence', 'a', 1433.25, 95, 0.06, 3, 88.0)"
        )
    finally:
        await conn.close()
    async with PostgresStore(url) as store:
        assert await store.rating_history("g1", "fence", "a") == [
            RatingPoint(HISTORY_CARRIED_OVER, 88.0, 1433.25, 95.0, 3)
        ]
