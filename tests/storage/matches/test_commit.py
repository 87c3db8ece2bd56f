"""The write path: versioned commits, the action log and undo, run against both stores."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import ACTIVE, FINISHED, ActionRecord, MatchClosed, MatchUpdate, StaleVersion, Store


def act(ply: int, seat: int = 0, notation: str = "a1-a2", **detail: Any) -> ActionRecord:
    return ActionRecord(ply=ply, seat=seat, notation=notation, created_at=float(ply),
                        detail=detail or {"from": "a1", "to": "a2"})  # fmt: skip


async def test_commit_bumps_version_and_appends_in_ply_order(store: Store, make_match: Any) -> None:
    match = await make_match()
    after = await store.commit(
        match.id, 1, MatchUpdate(status=ACTIVE, state={"turn": 2}, meta={"last": [1, 2]}),
        now=150.0, append=[act(1, 0, "e2"), act(2, 1, "e7")],
    )  # fmt: skip
    assert after.version == 2
    assert after.status == ACTIVE
    assert after.state == {"turn": 2}
    assert after.meta == {"last": [1, 2]}
    assert after.updated_at == 150.0
    assert after.created_at == 100.0
    assert await store.get_match(match.id) == after

    again = await store.commit(match.id, 2, MatchUpdate(), now=160.0, append=[act(3, 0, "d2")])
    assert again.version == 3
    assert again.state == {"turn": 2}, "a None field leaves the stored value alone"
    assert again.meta == {"last": [1, 2]}
    log = await store.actions(match.id)
    assert [(a.ply, a.seat, a.notation) for a in log] == [(1, 0, "e2"), (2, 1, "e7"), (3, 0, "d2")]
    assert log[0] == act(1, 0, "e2")


async def test_commit_sets_result_seats_thread_and_channel(store: Store, make_match: Any) -> None:
    match = await make_match(seats=["alice"])
    after = await store.commit(
        match.id, 1,
        MatchUpdate(status=FINISHED, result={"winners": [1], "termination": "resignation"},
                    seats=["alice", "bob", "carol"], thread_id="t9", channel_id="c9"),
        now=101.0,
    )  # fmt: skip
    assert after.result == {"winners": [1], "termination": "resignation"}
    assert after.seats == ("alice", "bob", "carol")
    assert (after.thread_id, after.channel_id) == ("t9", "c9")
    assert [r.id for r in await store.list_matches(user_id="carol")] == [match.id]

    # A finished match keeps its seats (and result) for good.
    with pytest.raises(MatchClosed):
        await store.commit(match.id, 2, MatchUpdate(seats=["bob"]), now=102.0)


async def test_seats_can_shrink_while_the_match_is_open(store: Store, make_match: Any) -> None:
    match = await make_match(seats=["alice", "bob", "carol"])
    shrunk = await store.commit(match.id, 1, MatchUpdate(seats=["bob"]), now=102.0)
    assert shrunk.seats == ("bob",)
    assert await store.list_matches(user_id="carol") == []


async def _snapshot(store: Store, match_id: int) -> tuple[Any, Any]:
    return await store.get_match(match_id), await store.actions(match_id, include_undone=True)


async def test_stale_version_raises_and_changes_nothing(store: Store, make_match: Any) -> None:
    match = await make_match()
    await store.commit(match.id, 1, MatchUpdate(state={"s": 1}), now=110.0, append=[act(1)])
    before = await _snapshot(store, match.id)
    with pytest.raises(StaleVersion):
        await store.commit(
            match.id, 1,
            MatchUpdate(status=FINISHED, state={"s": 99}, meta={"x": 1}, seats=["zed"],
                        result={"winners": []}, thread_id="t"),
            now=999.0, append=[act(2)], undo_from_ply=1,
        )  # fmt: skip
    assert await _snapshot(store, match.id) == before
    assert before[0].version == 2


async def test_commit_on_missing_match_is_a_lookup_error(store: Store) -> None:
    with pytest.raises(LookupError):
        await store.commit(404, 1, MatchUpdate(status=ACTIVE), now=1.0)


async def test_concurrent_commits_on_one_version_let_exactly_one_win(
    store: Store, make_match: Any
) -> None:
    match = await make_match()

    async def move(notation: str) -> Any:
        return await store.commit(
            match.id, 1, MatchUpdate(state={"by": notation}), now=120.0,
            append=[act(1, 0, notation)],
        )  # fmt: skip

    results = await asyncio.gather(move("x"), move("y"), move("z"), return_exceptions=True)
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1
    assert len(losses) == 2
    assert all(isinstance(e, StaleVersion) for e in losses)
    stored = await store.get_match(match.id)
    assert stored.version == 2
    assert stored.state == wins[0].state
    log = await store.actions(match.id, include_undone=True)
    assert [a.notation for a in log] == [stored.state["by"]]


async def test_undo_marks_rows_and_hides_them(store: Store, make_match: Any) -> None:
    match = await make_match()
    await store.commit(match.id, 1, MatchUpdate(), now=1.0,
                       append=[act(1), act(2, 1), act(3), act(4, 1)])  # fmt: skip
    after = await store.commit(match.id, 2, MatchUpdate(state={"back": 2}), now=2.0,
                               undo_from_ply=3)  # fmt: skip
    assert after.version == 3
    assert [a.ply for a in await store.actions(match.id)] == [1, 2]
    everything = await store.actions(match.id, include_undone=True)
    assert [(a.ply, a.undone) for a in everything] == [(1, False), (2, False), (3, True), (4, True)]


async def test_undo_and_append_in_one_commit_continue_the_ply_count(
    store: Store, make_match: Any
) -> None:
    """Undone rows keep their plies, so the replacement move is ply 3, not ply 2."""
    match = await make_match()
    await store.commit(match.id, 1, MatchUpdate(), now=1.0, append=[act(1), act(2, 1)])
    await store.commit(match.id, 2, MatchUpdate(), now=2.0, undo_from_ply=2,
                       append=[act(3, 1, "b7")])  # fmt: skip
    live = await store.actions(match.id)
    assert [(a.ply, a.notation, a.undone) for a in live] == [(1, "a1-a2", False), (3, "b7", False)]
    assert len(await store.actions(match.id, include_undone=True)) == 3


@pytest.mark.parametrize(
    "plies", [[1], [2, 4], [0], [3]], ids=["overlap", "gap-inside", "zero", "gap-after"]
)
async def test_appending_out_of_order_plies_is_refused_and_changes_nothing(
    store: Store, make_match: Any, plies: list[int]
) -> None:
    match = await make_match()
    await store.commit(match.id, 1, MatchUpdate(), now=1.0, append=[act(1)])
    before = await _snapshot(store, match.id)
    with pytest.raises(ValueError, match="ply"):
        # The log check comes after the match row, seats and undo have been written in the
        # SQLite transaction, so this also proves those earlier writes are rolled back.
        await store.commit(
            match.id, 2, MatchUpdate(state={"x": 1}, seats=["zed"], meta={"m": 1}),
            now=2.0, undo_from_ply=1, append=[act(p) for p in plies],
        )  # fmt: skip
    assert await _snapshot(store, match.id) == before


async def test_bad_update_is_refused_before_anything_changes(store: Store, make_match: Any) -> None:
    match = await make_match()
    before = await _snapshot(store, match.id)
    with pytest.raises(ValueError):
        await store.commit(match.id, 1, MatchUpdate(status="paused"), now=2.0)
    with pytest.raises(ValueError):
        await store.commit(match.id, 1, MatchUpdate(meta={"x": float("inf")}), now=2.0)
    with pytest.raises(ValueError):
        await store.commit(match.id, 1, MatchUpdate(), now=2.0, append=[act(1, bad=float("nan"))])
    with pytest.raises(ValueError):
        await store.commit(match.id, 1, MatchUpdate(), now=2.0, undo_from_ply=0)
    assert await _snapshot(store, match.id) == before


async def test_actions_of_unknown_match_is_empty(store: Store) -> None:
    assert await store.actions(12345) == []
