"""The store's own guards (issue 13): results are final, ratings commit with the result and
never lose an update, outages are recorded, names come in one query. Every store runs these."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
    FINISHED,
    ActionRecord,
    MatchClosed,
    MatchUpdate,
    Rating,
    RatingsChanged,
    RatingsWrite,
    StatusChanged,
    Store,
)


def act(ply: int) -> ActionRecord:
    return ActionRecord(ply=ply, seat=0, notation=f"m{ply}", created_at=100.0)


def rated(user: str, games: int, value: float = 1600.0) -> Rating:
    return Rating(user_id=user, game="ordo", guild_id="g1", rating=value, games=games)


@pytest.mark.parametrize("closed", [FINISHED, DECLINED, CANCELLED])
@pytest.mark.parametrize(
    "change",
    [
        {"update": MatchUpdate(status=ACTIVE)},
        {"update": MatchUpdate(state={"x": 1})},
        {"update": MatchUpdate(result={"winners": [0]})},
        {"update": MatchUpdate(seats=["bob", "alice"])},
        {"update": MatchUpdate(), "append": [act(1)]},
        {"update": MatchUpdate(), "undo_from_ply": 1},
    ],
)
async def test_a_closed_match_never_changes_its_game(
    store: Store, make_match: Any, closed: str, change: dict[str, Any]
) -> None:
    match = await make_match()
    done = await store.commit(match.id, 1, MatchUpdate(status=closed), now=101.0)
    with pytest.raises(MatchClosed):
        await store.commit(match.id, done.version, now=102.0, **change)
    assert await store.get_match(match.id) == done
    # Bookkeeping still works: a posted message id, a thread.
    kept = await store.commit(
        match.id, done.version, MatchUpdate(meta={"posted": 1}, thread_id="t1"), now=103.0
    )
    assert kept.meta == {"posted": 1} and kept.status == closed


async def test_expected_status_is_checked(store: Store, make_match: Any) -> None:
    match = await make_match(status=CHALLENGE)
    with pytest.raises(StatusChanged):
        await store.commit(
            match.id, 1, MatchUpdate(state={"x": 1}), now=101.0, expected_status=ACTIVE
        )
    ok = await store.commit(
        match.id, 1, MatchUpdate(status=ACTIVE), now=101.0, expected_status=CHALLENGE
    )
    assert ok.status == ACTIVE


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


async def test_outages_are_the_gaps_between_runs(store: Store) -> None:
    assert await store.mark_alive(1000.0, starting=True) is None  # a first start: no gap
    assert await store.mark_alive(1060.0) is None
    assert await store.mark_alive(5000.0) is None  # a running process never records a gap
    assert await store.mark_alive(9000.0, starting=True) == (5000.0, 9000.0)
    assert await store.mark_alive(8000.0) is None  # heartbeats never move backwards
    assert await store.mark_alive(9500.0, starting=True) == (9000.0, 9500.0)
    assert await store.outages() == [(5000.0, 9000.0), (9000.0, 9500.0)]
    assert await store.outages(since=9200.0) == [(9000.0, 9500.0)]


async def test_the_last_heartbeat_is_read_without_writing_one(store: Store) -> None:
    """What ``python -m bot --check`` reports: reading it must not count as a heartbeat."""
    assert await store.last_alive() is None
    await store.mark_alive(1000.0, starting=True)
    await store.mark_alive(1060.0)
    assert await store.last_alive() == 1060.0
    assert await store.last_alive() == 1060.0
    await store.mark_alive(900.0)  # never backwards
    assert await store.last_alive() == 1060.0
    assert await store.outages() == []


async def test_names_and_settings_in_one_call(store: Store) -> None:
    await store.ensure_user("alice", "Alice", 1.0)
    await store.ensure_user("bob", "Bob", 1.0)
    await store.save_user_settings("bob", {"notify": "dm"}, 1.0)
    assert await store.user_names(["alice", "bob", "nobody", "alice"]) == {
        "alice": "Alice",
        "bob": "Bob",
    }
    assert await store.users_settings(["alice", "bob"]) == {"bob": {"notify": "dm"}}


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
