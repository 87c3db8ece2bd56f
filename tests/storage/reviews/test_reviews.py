"""Match reviews in the store (``reviews``), run against every store: a request is kept before
any work, only the first request of a match makes a row, a result is kept once and shown
again, and the requests still pending are what a restart resumes."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import ReviewRecord, SqliteStore, Store
from tests.storage.conftest import MakeMatch


async def test_the_first_request_makes_the_review_and_later_ones_find_it(
    store: Store, make_match: MakeMatch
) -> None:
    match = await make_match()
    assert await store.get_review(match.id) is None
    made, new = await store.request_review(match.id, "alice", 10.0)
    assert new and made == ReviewRecord(match.id, "pending", "alice", 10.0)
    again, new = await store.request_review(match.id, "bob", 20.0)
    assert not new and again == made
    assert await store.get_review(match.id) == made


async def test_a_result_is_kept_once_and_leaves_the_pending_list(
    store: Store, make_match: MakeMatch
) -> None:
    first, second = await make_match(), await make_match()
    await store.request_review(second.id, "bob", 5.0)
    await store.request_review(first.id, "alice", 7.0)
    assert [r.match_id for r in await store.pending_reviews()] == [second.id, first.id]
    result = {"moves": [{"n": 1, "chance": [0.5, 0.5]}], "title": "Ordo #1 — ü"}
    done = await store.finish_review(second.id, result, 30.0)
    assert done == ReviewRecord(second.id, "done", "bob", 5.0, result, 30.0)
    # A second result (a second process that also worked it out) changes nothing.
    assert await store.finish_review(second.id, {"other": True}, 40.0) == done
    assert await store.get_review(second.id) == done
    assert [r.match_id for r in await store.pending_reviews()] == [first.id]
    assert await store.finish_review(10_000, result, 1.0) is None


async def test_a_returned_result_is_a_copy(store: Store, make_match: MakeMatch) -> None:
    match = await make_match()
    await store.request_review(match.id, "alice", 1.0)
    done = await store.finish_review(match.id, {"moves": [1, 2]}, 2.0)
    assert done is not None and done.result is not None
    done.result["moves"].append(3)
    kept = await store.get_review(match.id)
    assert kept is not None and kept.result == {"moves": [1, 2]}


async def test_a_result_that_is_not_json_is_refused(store: Store, make_match: MakeMatch) -> None:
    match = await make_match()
    await store.request_review(match.id, "alice", 1.0)
    with pytest.raises(ValueError):
        await store.finish_review(match.id, {"chance": float("nan")}, 2.0)
    pending = await store.get_review(match.id)
    assert pending is not None and pending.status == "pending"


async def test_a_review_needs_its_match(store: Store) -> None:
    with pytest.raises(Exception):  # noqa: B017 - each engine's own missing-key error
        await store.request_review(999, "alice", 1.0)


async def test_a_pending_request_outlives_the_process(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as store:
        match = await store.create_match(
            game="ordo", options={}, seed=1, status="active", seats=["a", "b"],
            created_by="a", state={}, now=1.0,
        )  # fmt: skip
        await store.request_review(match.id, "a", 2.0)
    async with SqliteStore(path) as store:
        assert [r.match_id for r in await store.pending_reviews()] == [match.id]
