"""Playing the computer (issue 15): a match starts at once, the computer answers every turn
through the same guarded path as a person, a restart resumes its pending turn, nobody pings
or DMs a computer, and /hint is for unrated games only."""

from __future__ import annotations

import asyncio
import re

import pytest

import games
from bot.service import Service, User
from bot.service.computer.opponents import computer, is_computer
from bot.service.match.workers import Workers
from storage import MemoryStore
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock, first_legal_move

QUICK = {"easy": 0.05, "normal": 0.05, "strong": 0.05}


def make_service(store: MemoryStore, clock: FakeClock, workers: Workers | None = None) -> Service:
    return Service(
        store, clock=clock, seed_source=lambda: 4242, computer_seconds=QUICK, workers=workers
    )


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return make_service(store, clock)


async def _human_move(service: Service, match_id: int, who: User = ALICE) -> None:
    reply = await first_legal_move(service, who, match_id)
    assert reply.ok, reply.text


async def test_a_computer_match_starts_at_once_unrated_and_the_computer_answers(
    svc: Service,
) -> None:
    started = await svc.play(ALICE, "ordo", opponent=computer("easy"), color="first")
    assert started.ok and started.created, started.text
    assert "Computer (easy)" in started.text
    record = await svc.store.get_match(started.match_id or 0)
    assert record is not None and record.status == "active"
    assert record.meta["rated"] is False
    assert await svc.computer_turns(record.id) == []  # alice is to move, not the computer
    await _human_move(svc, record.id)
    answers = await svc.computer_turns(record.id)
    assert len(answers) == 1 and answers[0].post is not None
    assert re.search(r"Computer \(easy\) \((White|Black)\) played", answers[0].post.text)
    assert answers[0].post.mentions == ("alice",)  # the person is pinged, never the computer
    after = await svc.store.get_match(record.id)
    assert after is not None and after.version == record.version + 2


async def test_the_computer_moves_first_when_it_has_the_first_seat(svc: Service) -> None:
    started = await svc.play(ALICE, "ordo", opponent=computer(), color="second")
    record = await svc.store.get_match(started.match_id or 0)
    assert record is not None and is_computer(record.seats[0])
    answers = await svc.computer_turns(record.id)
    assert len(answers) == 1
    state = games.get("ordo").load((await svc.store.get_match(record.id)).state)  # type: ignore[union-attr]
    assert games.get("ordo").to_move(state) == [1]


async def test_rated_true_makes_a_computer_match_rated(svc: Service) -> None:
    started = await svc.play(ALICE, "fendo", opponent=computer(), rated=True)
    record = await svc.store.get_match(started.match_id or 0)
    assert record is not None and record.meta["rated"] is True


async def test_a_restart_resumes_the_computers_pending_turn(
    store: MemoryStore, clock: FakeClock
) -> None:
    first = make_service(store, clock)
    started = await first.play(ALICE, "ordo", opponent=computer(), color="first")
    match_id = started.match_id or 0
    await _human_move(first, match_id)  # …and the bot stops before the computer answers
    version = (await store.get_match(match_id)).version  # type: ignore[union-attr]

    second = make_service(store, clock)  # a new process on the same store
    await second.on_startup()
    assert await second.tick() == []  # the tick only queues the computer's turn…
    replies = await second.play_queued_computer_turns()  # …its players play it
    moved = [r for r in replies if r.match_id == match_id and r.post is not None]
    assert len(moved) == 1 and re.search(
        r"Computer \(normal\) \((White|Black)\) played", moved[0].post.text
    )  # type: ignore[union-attr]
    assert (await store.get_match(match_id)).version == version + 1  # type: ignore[union-attr]
    assert await second.tick() == []  # nothing left to do, nothing done twice
    assert await second.play_queued_computer_turns() == []


async def test_a_move_made_meanwhile_makes_the_computers_answer_stale(svc: Service) -> None:
    """The computer thinks about the version it read; if the match changed meanwhile (the
    person resigned), its move is refused rather than played into the new position."""
    started = await svc.play(ALICE, "ordo", opponent=computer(), color="first")
    match_id = started.match_id or 0
    await _human_move(svc, match_id)
    original = svc.workers.search

    async def resign_while_thinking(fn, *args):  # type: ignore[no-untyped-def]
        result = await original(fn, *args)
        resigned = await svc.resign(ALICE, match_id=match_id)
        assert resigned.ok, resigned.text
        return result

    svc.workers.search = resign_while_thinking  # type: ignore[method-assign]
    assert await svc.computer_turns(match_id) == []
    record = await svc.store.get_match(match_id)
    assert record is not None and record.status == "finished"
    assert all(a.seat == 0 for a in await svc.store.actions(match_id))  # no computer move


async def test_fonver_computer_makes_the_pie_choice_and_whole_turns(svc: Service) -> None:
    """Multi-step turns: the computer as second player meets the pie decision first; each of
    its turns is one post, however many steps it has."""
    started = await svc.play(
        ALICE, "fonver", opponent=computer(), color="first", options={"size": 9}
    )
    match_id = started.match_id or 0
    rules = games.get("fonver")
    computer_posts = 0
    for _ in range(8):
        record = await svc.store.get_match(match_id)
        assert record is not None
        if record.status != "active":
            break
        state = rules.load(record.state)
        mover = record.seats[rules.to_move(state)[0]]
        if is_computer(mover):
            answers = await svc.computer_turns(match_id)
            assert answers and all(a.post is not None for a in answers)
            computer_posts += len(answers)
        else:
            await _human_move(svc, match_id)
    record = await svc.store.get_match(match_id)
    assert record is not None and computer_posts >= 3
    steps = await svc.store.actions(match_id)
    assert any(is_computer(record.seats[a.seat]) for a in steps)


async def test_a_fence_lobby_filled_with_computers_plays_to_a_persons_turn(
    svc: Service,
) -> None:
    opened = await svc.play(ALICE, "fence", seats=3)
    lobby = opened.match_id or 0
    refused = await svc.add_computer(BOB, match_id=lobby)
    assert not refused.ok and "Only alice" in refused.text
    for _ in range(2):
        added = await svc.add_computer(ALICE, match_id=lobby)
        assert added.ok, added.text
    full = await svc.add_computer(ALICE, match_id=lobby)
    assert not full.ok and "full" in full.text
    record = await svc.store.get_match(lobby)
    assert record is not None
    assert list(record.seats) == ["alice", "ai:normal:1", "ai:normal:2"]
    assert await svc.store.user_name("ai:normal:2") == "Computer 2 (normal)"
    started = await svc.start(ALICE, match_id=lobby)
    assert started.ok, started.text
    rules = games.get("fence")
    for _ in range(3):
        await svc.computer_turns(lobby)
        record = await svc.store.get_match(lobby)
        assert record is not None
        state = rules.load(record.state)
        assert record.status != "active" or 0 in rules.to_move(state)
        if record.status != "active":
            break
        seat = 0
        actions = rules.legal_actions(state)
        reply = await svc.move(ALICE, rules.format(state, actions[0]) + "!", match_id=lobby)
        assert reply.ok, reply.text
        # no DM and no ping is ever addressed to a computer seat
        assert not any(is_computer(dm.user_id) for dm in reply.dms)
        assert seat == 0


async def test_hints_only_in_unrated_games_and_only_on_your_turn(svc: Service) -> None:
    rated = await svc.challenge(ALICE, "ordo", BOB, color="first")
    await svc.accept(BOB, match_id=rated.match_id)
    refused = await svc.hint(ALICE, match_id=rated.match_id)
    assert not refused.ok and "rated" in refused.text

    casual = await svc.challenge(ALICE, "ordo", CAROL, color="first", rated=False)
    await svc.accept(CAROL, match_id=casual.match_id)
    not_yours = await svc.hint(CAROL, match_id=casual.match_id)
    assert not not_yours.ok and "your own turn" in not_yours.text
    hint = await svc.hint(ALICE, match_id=casual.match_id)
    assert hint.ok and hint.ephemeral
    record = await svc.store.get_match(casual.match_id or 0)
    state = games.get("ordo").load(record.state)  # type: ignore[union-attr]
    suggested = hint.text.split("would play ")[1].split(" (")[0]
    assert games.get("ordo").parse(state, suggested) in games.get("ordo").legal_actions(state)


async def test_the_event_loop_keeps_running_while_the_computer_thinks(
    store: MemoryStore, clock: FakeClock
) -> None:
    """Issue 15.4: the search runs in a worker process, so the loop goes on serving others
    all through a second of thought. Counted, not timed (how long a stall may be is the
    benchmarks' business on a shared machine): a search on the loop's own thread would leave
    the other coroutine no turn at all until it ended."""
    workers = Workers(1)
    await workers.start()
    try:
        service = Service(
            store,
            clock=clock,
            seed_source=lambda: 5,
            workers=workers,
            computer_seconds={"normal": 1.0},
        )
        started = await service.play(ALICE, "fendo", opponent=computer(), color="second")
        turns = 0
        done = asyncio.Event()

        async def other_player() -> None:
            nonlocal turns
            while not done.is_set():
                await asyncio.sleep(0.005)
                turns += 1

        watcher = asyncio.create_task(other_player())
        await asyncio.sleep(0)  # the other player starts before the search is sent off
        turns = 0
        record = await store.get_match(started.match_id or 0)
        assert record is not None
        planned = await service.opponents._plan_computer_turn(record)
        done.set()
        await watcher
        assert planned is not None and is_computer(planned[0])
        assert turns >= 10, f"the loop served others only {turns} times in a second's search"
    finally:
        workers.close()


async def test_a_fault_in_the_search_does_not_stall_the_match(
    svc: Service, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    started = await svc.play(ALICE, "ordo", opponent=computer(), color="second")

    def broken(*_: object) -> str:
        raise RuntimeError("search bug")

    monkeypatch.setattr("bot.service.computer.opponents.think", broken)
    answers = await svc.computer_turns(started.match_id)
    assert len(answers) == 1 and re.search(
        r"Computer \(normal\) \((White|Black)\) played", answers[0].post.text
    )  # type: ignore[union-attr]
    assert "search failed" in caplog.text


async def test_the_console_opponent_ai_in_a_lobby_game_takes_a_seat(svc: Service) -> None:
    opened = await svc.play(ALICE, "fence", opponent=computer("easy"), seats=3)
    record = await svc.store.get_match(opened.match_id or 0)
    assert record is not None and list(record.seats) == ["alice", "ai:easy:1"]
    assert not opened.post.mentions  # type: ignore[union-attr]
