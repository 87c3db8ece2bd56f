"""Records handed out or taken in never share mutable objects with what is stored."""

from __future__ import annotations

from typing import Any

from storage import ActionRecord, MatchUpdate, MemoryStore, Store


async def test_mutating_returned_records_does_not_touch_the_store(
    store: Store, make_match: Any
) -> None:
    made = await make_match(state={"board": [[1, 2]]}, meta={"m": {"k": 1}})
    made.state["board"][0][0] = 99
    made.meta["m"]["k"] = 2
    made.options["size"] = 3
    got = await store.get_match(made.id)
    assert got.state == {"board": [[1, 2]]}
    assert got.meta == {"m": {"k": 1}}
    assert got.options["size"] == 10

    got.state["board"].append("junk")
    listed = await store.list_matches()
    listed[0].meta.clear()
    again = await store.get_match(made.id)
    assert again.state == {"board": [[1, 2]]}
    assert again.meta == {"m": {"k": 1}}


async def test_mutating_inputs_after_the_call_does_not_touch_the_store(
    store: Store, make_match: Any
) -> None:
    state = {"board": [[0]]}
    options = {"size": 5}
    made = await make_match(state=state, options=options)
    state["board"][0][0] = 7
    options["size"] = 6
    update_state = {"turn": [1]}
    detail = {"path": ["a1", "a2"]}
    await store.commit(
        made.id, 1, MatchUpdate(state=update_state), now=1.0,
        append=[ActionRecord(ply=1, seat=0, notation="a1-a2", created_at=1.0, detail=detail)],
    )  # fmt: skip
    update_state["turn"].append(2)
    detail["path"].clear()
    got = await store.get_match(made.id)
    assert got.options == {"size": 5}
    assert got.state == {"turn": [1]}
    (logged,) = await store.actions(made.id)
    assert logged.detail == {"path": ["a1", "a2"]}
    logged.detail["path"].append("x")
    assert (await store.actions(made.id))[0].detail == {"path": ["a1", "a2"]}


async def test_memory_store_hands_out_fresh_objects_each_time() -> None:
    store = MemoryStore()
    made = await store.create_match(
        game="fendo", options={"o": [1]}, seed=1, status="active", seats=["a", "b"],
        created_by="a", state={"s": {"t": 1}}, now=1.0,
    )  # fmt: skip
    first, second = await store.get_match(made.id), await store.get_match(made.id)
    assert first == second
    assert first.state is not second.state
    assert first.state["s"] is not second.state["s"]
    assert first.options is not made.options
