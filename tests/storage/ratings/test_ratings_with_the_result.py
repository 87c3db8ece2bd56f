"""Ratings that commit with a match's result (issue 13): once, refused whole when a row moved,
and never losing an update when two matches of one player end at once. Every store runs these."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import (
    ACTIVE,
    FINISHED,
    MatchUpdate,
    Rating,
    RatingsChanged,
    RatingsWrite,
    Store,
)


def rated(user: str, games: int, value: float = 1600.0) -> Rating:
    return Rating(user_id=user, game="ordo", guild_id="g1", rating=value, games=games)


async def test_ratings_commit_with_the_result_once(store: Store, make_match: Any) -> None:
    match = await make_match(status=ACTIVE)
    write = RatingsWrite("g1", "ordo", [rated("alice", 1), rated("bob", 1, 1400)], {})
    done = await store.commit(
        match.id, 1, MatchUpdate(status=FINISHED, result={"winners": [0]}), now=110.0,
        ratings=write,
    )  # fmt: skip
    assert done.status == FINISHED
    assert (await store.rating("g1", "ordo", "alice")).rating == 1600.0  # type: ignore[union-attr]
    # The receipt makes a second rating of the same match a no-op, even with other values.
    again = RatingsWrite("g1", "ordo", [rated("alice", 1, 9)], {"alice": 1})
    await store.commit(match.id, done.version, MatchUpdate(meta={"n": 1}), now=111.0, ratings=again)
    assert (await store.rating("g1", "ordo", "alice")).rating == 1600.0  # type: ignore[union-attr]


async def test_a_moved_rating_refuses_the_whole_commit(store: Store, make_match: Any) -> None:
    first = await make_match(status=ACTIVE)
    second = await make_match(status=ACTIVE)
    finish = MatchUpdate(status=FINISHED, result={"winners": [0]})
    # Both matches read alice as unrated; the first to commit wins, the second must re-rate.
    await store.commit(
        first.id, 1, finish, now=110.0, ratings=RatingsWrite("g1", "ordo", [rated("alice", 1)], {})
    )
    stale = RatingsWrite("g1", "ordo", [rated("alice", 1, 1700)], {})
    with pytest.raises(RatingsChanged):
        await store.commit(second.id, 1, finish, now=111.0, ratings=stale)
    assert (await store.get_match(second.id)).status == ACTIVE  # type: ignore[union-attr]
    fresh = RatingsWrite("g1", "ordo", [rated("alice", 2, 1700)], {"alice": 1})
    await store.commit(second.id, 1, finish, now=112.0, ratings=fresh)
    assert (await store.rating("g1", "ordo", "alice")).games == 2  # type: ignore[union-attr]


async def test_concurrent_finishes_of_one_player_lose_no_update(
    store: Store, make_match: Any
) -> None:
    """Defect 13.2 at the store level: read, compute, commit with the read version, retry."""
    matches = [await make_match(status=ACTIVE) for _ in range(10)]

    async def finish(match_id: int) -> None:
        while True:
            current = await store.rating("g1", "ordo", "alice")
            games = current.games if current else 0
            await asyncio.sleep(0)  # let the others read the same row
            write = RatingsWrite("g1", "ordo", [rated("alice", games + 1)], {"alice": games})
            try:
                await store.commit(
                    match_id, 1, MatchUpdate(status=FINISHED), now=120.0, ratings=write
                )
                return
            except RatingsChanged:
                continue

    await asyncio.gather(*(finish(m.id) for m in matches))
    assert (await store.rating("g1", "ordo", "alice")).games == 10  # type: ignore[union-attr]
