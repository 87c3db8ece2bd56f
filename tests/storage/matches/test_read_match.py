"""``Store.read_match`` and ``Store.recent_actions`` on every store: one read must say exactly
what the single reads say (PostgreSQL gathers it as JSON in one statement, SQLite in several,
the memory store from its single reads), floats to the last digit included."""

from __future__ import annotations

from typing import Any

from storage import ACTIVE, ActionRecord, MatchUpdate, Store

# Times as the clock gives them: sixteen and seventeen significant digits, which a JSON
# writer keeping fifteen would round.
NOW = 1_800_000_123.4567891
LATER = 1_800_000_456.0000002


def _row(ply: int, turn: int, *, ends: bool = True, at: float = LATER) -> ActionRecord:
    return ActionRecord(
        ply=ply, seat=ply % 2, notation=f"m{ply}", created_at=at + ply / 7,
        detail={"turn": turn, "ends_turn": ends, "highlight": {"to": [ply, 0.1 + ply]}},
    )  # fmt: skip


async def _played(store: Store, make_match: Any, plies: int) -> int:
    made = await make_match(status=ACTIVE, now=NOW, due_at=None)
    version = made.version
    for ply in range(1, plies + 1):
        done = await store.commit(
            made.id, version, MatchUpdate(state={"ply": ply}), now=LATER + ply,
            append=[_row(ply, ply)],
        )  # fmt: skip
        version = done.version
    return int(made.id)


async def _singles(store: Store, match_id: int, people: list[str]) -> dict[str, Any]:
    record = await store.get_match(match_id)
    assert record is not None
    return {
        "record": record,
        "names": await store.user_names(people),
        "settings": await store.users_settings(people),
        "outages": tuple(await store.outages(since=record.created_at)),
        "log": await store.actions(match_id, include_undone=True),
    }


async def test_one_read_says_what_the_single_reads_say(store: Store, make_match: Any) -> None:
    await store.ensure_user("alice", "Alice", NOW)
    await store.ensure_user("carol", "Carol", NOW)  # no seat: asked for by name
    await store.save_user_settings("alice", {"notify": "dm", "vacations": [[NOW, LATER]]}, NOW)
    await store.save_user_settings("dora", {"locale": "de"}, NOW)  # settings, no user row
    await store.mark_alive(NOW - 50.0)
    await store.mark_alive(NOW + 0.123456789, starting=True)  # an outage across the start
    match_id = await _played(store, make_match, 5)
    people = ["alice", "bob", "carol", "dora"]
    reading = await store.read_match(match_id, users=["carol", "dora", "carol"])
    assert reading is not None
    singles = await _singles(store, match_id, people)
    assert reading.record == singles["record"]
    assert reading.names == singles["names"] == {"alice": "Alice", "carol": "Carol"}
    assert reading.settings == singles["settings"]
    assert reading.settings["alice"]["vacations"] == [[NOW, LATER]]
    assert reading.outages == singles["outages"] and len(reading.outages) == 1
    assert list(reading.log.rows) == singles["log"] and reading.log.whole
    assert [a.created_at for a in reading.log.rows] == [LATER + p / 7 for p in range(1, 6)]


async def test_the_log_tail_is_the_end_of_the_log_and_knows_whether_it_is_all(
    store: Store, make_match: Any
) -> None:
    match_id = await _played(store, make_match, 7)
    record = await store.get_match(match_id)
    assert record is not None
    # an agreed undo of the last two plies, then one more ply: undone rows stay in the log
    done = await store.commit(
        match_id, record.version, MatchUpdate(state={"ply": 5}), now=LATER, undo_from_ply=6,
        append=[_row(8, 6)],
    )  # fmt: skip
    log = await store.actions(match_id, include_undone=True)
    assert [(a.ply, a.undone) for a in log[-3:]] == [(6, True), (7, True), (8, False)]
    for rows in (0, 1, 3, 7, 8, 20):
        tail = await store.recent_actions(match_id, rows)
        assert list(tail.rows) == log[len(log) - min(rows, len(log)) :], rows
        assert tail.whole == (rows >= len(log)), rows
        reading = await store.read_match(match_id, recent=rows)
        assert reading is not None and reading.log == tail, rows
    assert done.version == record.version + 1


async def test_a_new_match_has_a_whole_empty_log(store: Store, make_match: Any) -> None:
    made = await make_match()
    for rows in (0, 16):
        tail = await store.recent_actions(made.id, rows)
        assert tail.rows == () and tail.whole
        reading = await store.read_match(made.id, recent=rows)
        assert reading is not None and reading.log == tail
    assert reading.names == {} and reading.settings == {} and reading.outages == ()


async def test_a_match_is_read_by_its_thread_the_newest_first(
    store: Store, make_match: Any
) -> None:
    older = await make_match(status=ACTIVE)
    newer = await make_match(status=ACTIVE, seats=["carol", "dave"], created_by="carol")
    for made in (older, newer):
        await store.commit(made.id, made.version, MatchUpdate(thread_id="t1"), now=2.0)
    reading = await store.read_match(thread_id="t1")
    assert reading is not None and reading.record == await store.find_by_thread("t1")
    assert reading.record.id == newer.id and reading.record.seats == ("carol", "dave")
    assert await store.read_match(thread_id="elsewhere") is None
    assert await store.read_match(10**9) is None


async def test_a_commit_returns_the_match_as_stored(store: Store, make_match: Any) -> None:
    made = await make_match(status=ACTIVE)
    done = await store.commit(
        made.id, made.version,
        MatchUpdate(state={"x": [NOW]}, meta={"clock": LATER}, seats=["bob", "alice"],
                    thread_id="t9", due_at=LATER),
        now=NOW, append=[_row(1, 1)],
    )  # fmt: skip
    assert done == await store.get_match(made.id)
    assert done.seats == ("bob", "alice") and done.state == {"x": [NOW]}
    only_meta = await store.commit(made.id, done.version, MatchUpdate(meta={}), now=LATER)
    assert only_meta == await store.get_match(made.id) and only_meta.state == {"x": [NOW]}
