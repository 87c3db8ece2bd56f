"""Computer turns leave the scheduler's tick: the tick only queues them, a player of their own
plays them one person at a time, and a restart finds them again in the store."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import ai
from bot.service import Service, User
from bot.service.computer.opponents import computer
from bot.service.match.limits import WithoutComputerLimit
from bot.service.replies import Reply
from storage import MemoryStore
from tests.bot.conftest import ALICE, BOB, FakeClock, first_legal_move

QUICK = {"easy": 0.02, "normal": 0.02, "strong": 0.02}


def make_service(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(
        store, clock=clock, seed_source=lambda: 99, computer_seconds=QUICK,
        limits=WithoutComputerLimit(store, clock),
    )  # fmt: skip


async def computer_first(service: Service, who: User) -> int:
    """A game against the strong computer, which has the first move."""
    started = await service.play(who, "ordo", opponent=computer("strong"), color="second")
    assert started.ok, started.text
    return started.match_id or 0


async def test_the_tick_queues_a_computer_turn_and_never_waits_for_its_search(
    store: MemoryStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search below runs until the test releases it. The old tick played the computer's
    turn itself, so it returned only when the search gave up waiting, with the move in hand."""
    searching, finished, release = threading.Event(), threading.Event(), threading.Event()

    def held_search(game: str, view: dict[str, Any], seat: int, *_: Any) -> str:
        searching.set()
        release.wait(10)
        finished.set()
        return ai.choose(game, view, seat, level="easy", seed=1, iterations=5)

    monkeypatch.setattr("bot.service.computer.opponents.think", held_search)
    service = make_service(store, clock)
    match_id = await computer_first(service, ALICE)
    delivered: list[Reply] = []
    arrived = asyncio.Event()

    async def deliver(replies: list[Reply]) -> None:
        delivered.extend(replies)
        arrived.set()

    player = asyncio.create_task(service.serve_computer_turns(deliver))
    try:
        assert await service.tick() == []  # nothing of the computer's comes back from the tick
        await asyncio.to_thread(searching.wait, 10)
        assert searching.is_set() and not finished.is_set()  # the search goes on meanwhile
        assert await service.tick() == []  # the next tick is not held up by it either…
        assert len(service.computer_queue) == 1  # …and does not queue the match again
        assert not release.is_set() and not delivered
        release.set()
        await asyncio.wait_for(arrived.wait(), timeout=30)
        [answer] = delivered
        assert answer.match_id == match_id and answer.post is not None
        assert "Computer (strong) (White) played" in answer.post.text
        assert answer.post.mentions == ("alice",)
    finally:
        release.set()
        player.cancel()
        await asyncio.gather(player, return_exceptions=True)


async def test_one_users_many_games_wait_behind_anothers_one_game(
    store: MemoryStore, clock: FakeClock
) -> None:
    """Alice's eight games came due first; Bob's one game is played second, after one of
    hers, not after all eight."""
    service = make_service(store, clock)
    alices = [await computer_first(service, ALICE) for _ in range(8)]
    bobs = await computer_first(service, BOB)
    assert await service.tick() == []
    assert len(service.computer_queue) == 9
    played = [r.match_id for r in await service.play_queued_computer_turns()]
    assert played[:2] == [alices[0], bobs]
    assert sorted(played) == sorted([*alices, bobs])  # each game once
    assert len(service.computer_queue) == 0


async def test_a_persons_move_queues_the_computers_answer_behind_nobody_elses_backlog(
    store: MemoryStore, clock: FakeClock
) -> None:
    service = make_service(store, clock)
    alices = [await computer_first(service, ALICE) for _ in range(5)]
    await service.tick()
    started = await service.play(BOB, "ordo", opponent=computer("strong"), color="first")
    record = await store.get_match(started.match_id or 0)
    assert record is not None
    moved = await first_legal_move(service, BOB, record.id)
    assert moved.ok, moved.text
    after = await store.get_match(record.id)
    assert after is not None and service.queue_computer_turn(after)
    assert not service.queue_computer_turn(after)  # once is enough
    played = [r.match_id for r in await service.play_queued_computer_turns()]
    assert played[:2] == [alices[0], record.id]


async def test_a_restart_finds_the_due_computer_turns_in_the_store(
    store: MemoryStore, clock: FakeClock
) -> None:
    first = make_service(store, clock)
    ids = [await computer_first(first, ALICE), await computer_first(first, BOB)]
    versions = {m: (await store.get_match(m)).version for m in ids}  # type: ignore[union-attr]
    await first.tick()
    assert len(first.computer_queue) == 2  # …and the process stops before playing them

    second = make_service(store, clock)  # a new process on the same store
    await second.on_startup()
    assert len(second.computer_queue) == 0
    assert await second.tick() == []
    assert len(second.computer_queue) == 2
    played = await second.play_queued_computer_turns()
    assert sorted(r.match_id for r in played) == sorted(ids)
    for match_id in ids:
        record = await store.get_match(match_id)
        assert record is not None and record.version == versions[match_id] + 1  # one move each
    assert await second.tick() == [] and len(second.computer_queue) == 0


async def test_a_due_mark_that_was_not_the_computers_turn_is_put_back(
    store: MemoryStore, clock: FakeClock
) -> None:
    """The tick queues a due computer match without reading its position; when a person is
    the one to move after all (a vacation ended early marks every match due), the player
    plays nothing and the match is due again when its clock says, not at every tick."""
    service = make_service(store, clock)
    started = await service.play(
        ALICE, "ordo", opponent=computer(), color="first", time_control="3d"
    )
    match_id = started.match_id or 0
    await store.set_due(match_id, clock())
    assert await service.tick() == [] and match_id in service.computer_queue
    assert await service.play_queued_computer_turns() == []
    record = await store.get_match(match_id)
    assert record is not None and record.due_at is not None and record.due_at > clock()
    assert await service.tick() == [] and len(service.computer_queue) == 0


async def test_a_computer_turn_that_cannot_be_played_waits_for_the_next_tick(
    store: MemoryStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its move refused (whatever the reason), the match is not queued again at once — that
    would search in a loop — but the next tick finds it still due and tries once more."""
    service = make_service(store, clock)
    match_id = await computer_first(service, ALICE)
    person_move = service.moves.move  # the computer moves through the Moves use case

    async def refused(actor: User, *args: Any, **kwargs: Any) -> Reply:
        if actor.id.startswith("ai:"):
            return Reply.refuse("not now")
        return await person_move(actor, *args, **kwargs)

    monkeypatch.setattr(service.moves, "move", refused)
    await service.tick()
    assert await service.play_queued_computer_turns() == []
    assert len(service.computer_queue) == 0
    monkeypatch.setattr(service.moves, "move", person_move)
    await service.tick()
    [played] = await service.play_queued_computer_turns()
    assert played.match_id == match_id


async def test_two_processes_queueing_the_same_turn_play_it_once(
    store: MemoryStore, clock: FakeClock
) -> None:
    """Each process has its own queue (a shard queues the answer to its person's move, the
    scheduling process finds the match due): both may search, one move is committed."""
    first, second = make_service(store, clock), make_service(store, clock)
    match_id = await computer_first(first, ALICE)
    version = (await store.get_match(match_id)).version  # type: ignore[union-attr]
    await first.tick()
    await second.tick()
    assert match_id in first.computer_queue and match_id in second.computer_queue
    played = await asyncio.gather(
        first.play_queued_computer_turns(), second.play_queued_computer_turns()
    )
    assert sum(len(replies) for replies in played) == 1
    record = await store.get_match(match_id)
    assert record is not None and record.version == version + 1
    assert len(await store.actions(match_id)) == 1
