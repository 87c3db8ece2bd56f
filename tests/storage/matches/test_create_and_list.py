"""The matches role's read side: a match made, read back exactly, listed and found by its
thread. Run against every store."""

from __future__ import annotations

from typing import Any

import pytest

from storage import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    FINISHED,
    OPEN_STATUSES,
    MatchUpdate,
    Store,
)


async def test_create_get_round_trip(store: Store, make_match: Any) -> None:
    made = await make_match(
        seats=["carol", "alice", "bob"],
        options={"size": 8, "nested": {"list": [1, 2, {"x": None}]}, "flag": True},
        state={"cells": [[None, "a"], ["b", None]], "ply": 0, "ratio": 0.5},
        meta={"offer": {"draw": [1]}, "names": "ü✓"},
    )
    got = await store.get_match(made.id)
    assert got == made
    assert got.seats == ("carol", "alice", "bob")
    assert got.options == {"size": 8, "nested": {"list": [1, 2, {"x": None}]}, "flag": True}
    assert got.state == {"cells": [[None, "a"], ["b", None]], "ply": 0, "ratio": 0.5}
    assert got.meta == {"offer": {"draw": [1]}, "names": "ü✓"}
    assert (got.game, got.seed, got.status, got.created_by) == ("ordo", 1234, CHALLENGE, "alice")
    assert (got.guild_id, got.channel_id, got.thread_id) == ("g1", "c1", None)
    assert got.version == 1
    assert got.created_at == got.updated_at == 100.0
    assert got.result is None


async def test_json_fields_come_back_as_json_would(store: Store, make_match: Any) -> None:
    """Tuples become lists in both stores, so tests on the memory store cannot hide that."""
    made = await make_match(state={"pair": (1, 2)})
    assert made.state == {"pair": [1, 2]}
    assert (await store.get_match(made.id)).state == {"pair": [1, 2]}


async def test_ids_are_distinct_and_missing_match_is_none(store: Store, make_match: Any) -> None:
    first, second = await make_match(), await make_match()
    assert first.id != second.id
    assert await store.get_match(max(first.id, second.id) + 100) is None


@pytest.mark.parametrize("bad", [{"x": float("nan")}, {"x": object()}, {"x": {1, 2}}])
async def test_non_json_state_is_refused(store: Store, make_match: Any, bad: Any) -> None:
    with pytest.raises(ValueError, match="JSON"):
        await make_match(state=bad)
    assert await store.list_matches() == []


async def test_unknown_status_is_refused(store: Store, make_match: Any) -> None:
    with pytest.raises(ValueError, match="status"):
        await make_match(status="paused")
    assert await store.list_matches() == []


async def test_seats_as_one_string_is_refused(store: Store, make_match: Any) -> None:
    with pytest.raises(TypeError):
        await make_match(seats="alice")


async def _touch(store: Store, match_id: int, now: float, **fields: Any) -> None:
    record = await store.get_match(match_id)
    await store.commit(match_id, record.version, MatchUpdate(**fields), now=now)


async def test_list_by_user_and_status(store: Store, make_match: Any) -> None:
    ab = await make_match(seats=["alice", "bob"], created_by="alice", now=10.0)
    bc = await make_match(seats=["bob", "carol"], created_by="bob", now=20.0)
    lobby = await make_match(seats=[], created_by="dave", now=30.0)
    await _touch(store, ab.id, 40.0, status=ACTIVE)
    await _touch(store, bc.id, 50.0, status=FINISHED)

    def ids(records: list[Any]) -> list[int]:
        return [r.id for r in records]

    assert ids(await store.list_matches()) == [bc.id, ab.id, lobby.id]
    assert ids(await store.list_matches(user_id="bob")) == [bc.id, ab.id]
    assert ids(await store.list_matches(user_id="carol")) == [bc.id]
    assert ids(await store.list_matches(user_id="bob", statuses=OPEN_STATUSES)) == [ab.id]
    assert ids(await store.list_matches(statuses=[CHALLENGE])) == [lobby.id]
    assert ids(await store.list_matches(statuses=[CANCELLED])) == []
    assert ids(await store.list_matches(statuses=[])) == []
    assert ids(await store.list_matches(user_id="nobody")) == []


async def test_list_includes_matches_the_user_created_without_a_seat(
    store: Store, make_match: Any
) -> None:
    lobby = await make_match(seats=["bob"], created_by="dave")
    assert [r.id for r in await store.list_matches(user_id="dave")] == [lobby.id]
    assert [r.id for r in await store.list_matches(user_id="bob")] == [lobby.id]


async def test_list_breaks_updated_at_ties_by_newest_id(store: Store, make_match: Any) -> None:
    made = [await make_match(now=7.0) for _ in range(3)]
    assert [r.id for r in await store.list_matches()] == [m.id for m in reversed(made)]


async def test_list_returns_seats_per_match(store: Store, make_match: Any) -> None:
    await make_match(seats=["a", "b"], now=1.0)
    await make_match(seats=["c", "d", "e", "f"], now=2.0)
    seats = [r.seats for r in await store.list_matches()]
    assert seats == [("c", "d", "e", "f"), ("a", "b")]


async def test_find_by_thread(store: Store, make_match: Any) -> None:
    match = await make_match()
    await make_match()
    assert await store.find_by_thread("t-1") is None
    await _touch(store, match.id, 200.0, thread_id="t-1")
    found = await store.find_by_thread("t-1")
    assert found is not None
    assert found.id == match.id
    assert found.thread_id == "t-1"
    assert await store.find_by_thread("t-2") is None


async def test_find_by_reused_thread_gives_newest_match(store: Store, make_match: Any) -> None:
    old, new = await make_match(), await make_match()
    await _touch(store, new.id, 10.0, thread_id="t")
    await _touch(store, old.id, 20.0, thread_id="t")
    assert (await store.find_by_thread("t")).id == new.id
