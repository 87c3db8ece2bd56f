"""The per-request cache (``storage.cached``): within one request a thing is read once; what
the request writes is what it reads next; nothing outlives the request or leaves its task;
and a versioned write still refuses a match someone else changed meanwhile.

Every test runs on every store: what the cache makes of a commit (the record, the log it
extends) must be exactly what that store would read back."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import ACTIVE, ActionRecord, MatchUpdate, StaleVersion, Store
from storage.cached import OTHER_WRITES, PASSED_THROUGH, CachedStore, request
from storage.wrapped import STORE_CALLS, CountingStore


@pytest.fixture
def counted(store: Store) -> CountingStore:
    return CountingStore(store)


@pytest.fixture
def cached(counted: CountingStore) -> CachedStore:
    return CachedStore(counted)


def _step(ply: int, turn: int) -> ActionRecord:
    return ActionRecord(
        ply=ply, seat=0, notation=f"s{ply}", created_at=1_800_000_000.1234567 + ply,
        detail={"turn": turn, "ends_turn": True, "highlight": {"at": (ply, 2)}},
    )  # fmt: skip


async def _active(make_match: Any) -> Any:
    return await make_match(status=ACTIVE)


async def test_outside_a_request_every_call_reaches_the_store(
    cached: CachedStore, counted: CountingStore, make_match: Any
) -> None:
    made = await _active(make_match)
    for _ in range(3):
        await cached.get_match(made.id)
        await cached.user_names(["alice"])
    assert counted.calls == {"get_match": 3, "user_names": 3}


async def test_a_request_reads_a_match_and_all_it_brings_once(
    cached: CachedStore, counted: CountingStore, make_match: Any
) -> None:
    made = await _active(make_match)
    await counted.ensure_user("alice", "Alice", 1.0)
    await counted.save_user_settings("bob", {"notify": "dm"}, 1.0)
    counted.calls.clear()
    with request():
        for _ in range(3):
            assert (await cached.get_match(made.id)) == made
            assert await cached.user_names(made.seats) == {"alice": "Alice"}
            assert await cached.user_settings("bob") == {"notify": "dm"}
            assert await cached.users_settings(made.seats) == {"bob": {"notify": "dm"}}
            assert await cached.actions(made.id) == []
            assert (await cached.recent_actions(made.id)).whole
            assert await cached.outages(made.created_at) == []
            await cached.ensure_user("alice", "Alice", 2.0)  # the name it read: not written
    assert counted.calls == {"read_match": 1}


async def test_what_a_commit_wrote_is_what_the_request_reads_next(
    cached: CachedStore, counted: CountingStore, store: Store, make_match: Any
) -> None:
    made = await _active(make_match)
    await store.commit(
        made.id, made.version, MatchUpdate(state={"n": 1}), now=5.0,
        append=[_step(1, 1), _step(2, 2), _step(3, 3)],
    )  # fmt: skip
    with request():
        before = await cached.get_match(made.id)
        assert before is not None and len((await cached.recent_actions(made.id)).rows) == 3
        counted.calls.clear()
        after = await cached.commit(
            made.id, before.version, MatchUpdate(state={"n": 2}, thread_id="t"), now=6.0,
            undo_from_ply=3, append=[_step(4, 3)],
        )  # fmt: skip
        assert await cached.get_match(made.id) == after
        assert await cached.find_by_thread("t") == after
        cached_tail = await cached.recent_actions(made.id)
        cached_log = await cached.actions(made.id, include_undone=True)
        assert counted.calls == {"commit": 1}
    # exactly what the store itself now says
    assert after == await store.get_match(made.id)
    assert cached_tail == await store.recent_actions(made.id)
    assert cached_log == await store.actions(made.id, include_undone=True)
    assert [(a.ply, a.undone) for a in cached_log] == [(1, 0), (2, 0), (3, 1), (4, 0)]


@pytest.mark.parametrize("what", ["user", "guild", "due", "alive"])
async def test_a_write_forgets_what_it_changed(
    what: str, cached: CachedStore, counted: CountingStore, store: Store, make_match: Any
) -> None:
    made = await _active(make_match)
    with request():
        await cached.get_match(made.id)
        await cached.guild_settings("g1")
        if what == "user":
            await cached.save_user_settings("alice", {"notify": "off"}, 2.0)
            assert await cached.user_settings("alice") == {"notify": "off"}
        elif what == "guild":
            await cached.save_guild_settings("g1", {"time": "3d"}, 2.0)
            assert await cached.guild_settings("g1") == {"time": "3d"}
        elif what == "due":
            await cached.set_due(made.id, 123.0)
            found = await cached.get_match(made.id)
            assert found is not None and found.due_at == 123.0
        else:
            await store.mark_alive(1.0)
            await cached.outages(0.0)
            await cached.mark_alive(50.0, starting=True)
            assert await cached.outages(0.0) == [(1.0, 50.0)]
    # read again after the write (alice's settings came first with the match)
    again = {"user": "user_settings", "guild": "guild_settings", "due": "read_match"}
    assert counted.calls[again.get(what, "outages")] == (1 if what == "user" else 2)


async def test_a_failed_write_forgets_everything_so_a_retry_reads_afresh(
    cached: CachedStore, counted: CountingStore, store: Store, make_match: Any
) -> None:
    """Another process moved meanwhile: the guard refuses the stale write, and the request
    then sees the match as it is now (what a retry of the command needs)."""
    made = await _active(make_match)
    with request():
        seen = await cached.get_match(made.id)
        assert seen is not None
        elsewhere = await store.commit(made.id, made.version, MatchUpdate(meta={"x": 1}), now=3.0)
        assert await cached.get_match(made.id) == seen  # one moment per request...
        with pytest.raises(StaleVersion):  # ...so the write names it, and is refused
            await cached.commit(made.id, seen.version, MatchUpdate(meta={"y": 2}), now=4.0)
        assert await cached.get_match(made.id) == elsewhere
    assert counted.calls["read_match"] == 2


async def test_nothing_is_remembered_across_requests(
    cached: CachedStore, counted: CountingStore, store: Store, make_match: Any
) -> None:
    made = await _active(make_match)
    with request():
        await cached.user_settings("alice")
    await store.save_user_settings("alice", {"notify": "dm"}, 2.0)  # another process
    with request():
        assert await cached.user_settings("alice") == {"notify": "dm"}
    assert counted.calls["user_settings"] == 2
    with request():
        await cached.get_match(made.id)
    assert await cached.get_match(made.id) == made  # the request ended: straight through
    assert counted.calls == {"user_settings": 2, "read_match": 1, "get_match": 1}


async def test_a_task_started_inside_a_request_reads_for_itself(
    cached: CachedStore, counted: CountingStore, make_match: Any
) -> None:
    """A task inherits the request's context but not its reads: it may outlive the request
    (a queued computer turn), and must see the store as it is when it runs."""
    made = await _active(make_match)
    with request():
        await cached.get_match(made.id)
        await asyncio.create_task(cached.get_match(made.id))
    assert counted.calls == {"read_match": 1, "get_match": 1}


async def test_requests_nest_into_the_outer_one(
    cached: CachedStore, counted: CountingStore, make_match: Any
) -> None:
    made = await _active(make_match)
    with request():
        await cached.get_match(made.id)
        with request():
            await cached.get_match(made.id)
        await cached.get_match(made.id)
    assert counted.calls == {"read_match": 1}


async def test_what_it_hands_out_is_a_copy(cached: CachedStore, make_match: Any) -> None:
    made = await make_match(status=ACTIVE, state={"board": [[1]]}, meta={"m": {"k": 1}})
    await cached.save_user_settings("alice", {"vacations": [[1.0, 2.0]]}, 1.0)
    with request():
        got = await cached.get_match(made.id)
        assert got is not None
        got.state["board"][0][0] = 9
        got.meta["m"]["k"] = 2
        (await cached.user_settings("alice"))["vacations"].clear()
        (await cached.users_settings(["alice"]))["alice"]["vacations"].append([3.0, 4.0])
        again = await cached.get_match(made.id)
        assert again is not None and again.state == {"board": [[1]]}
        assert again.meta == {"m": {"k": 1}}
        assert await cached.user_settings("alice") == {"vacations": [[1.0, 2.0]]}


def test_every_store_call_is_cached_written_or_passed_through_by_decision() -> None:
    """A call added to the store's interface must be classified: a read cached (a method of
    its own), a write (forgetting the request's reads when it fails), or a read always
    passed through — never silently forwarded."""
    mine = CachedStore.__dict__
    own = {name for name in STORE_CALLS if name in mine or f"_{name}" in mine}
    assert set(STORE_CALLS) == own | PASSED_THROUGH, set(STORE_CALLS) ^ (own | PASSED_THROUGH)
    assert set(OTHER_WRITES) <= own and not PASSED_THROUGH & own
