"""The matches role's own guards (issue 13): a closed match's result is final and an expected
status is checked, whatever the command forgot. Every store runs these."""

from __future__ import annotations

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
    StatusChanged,
    Store,
)


def act(ply: int) -> ActionRecord:
    return ActionRecord(ply=ply, seat=0, notation=f"m{ply}", created_at=100.0)


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
