"""Issue 26.7: a draw offer or an undo request to the computer is answered at once from its
judgement — a draw accepted only when it is not ahead, an undo declined in a rated game and
allowed in an unrated one — with a line in the thread saying what it answered."""

from __future__ import annotations

from typing import Any

import pytest

import ai
import games
from bot.service import Service
from bot.service.computer import reviews as reviews_module
from bot.service.computer.opponents import computer
from storage import MemoryStore

from .conftest import ALICE, FakeClock

ITERATIONS = 40


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS)


def judged_as(monkeypatch: pytest.MonkeyPatch, computer_chance: float) -> None:
    """The judge says the computer (seat 1 below: alice plays first) has this chance."""

    def fixed(*args: Any) -> tuple[float, str]:
        return 1.0 - computer_chance, ""

    monkeypatch.setattr(reviews_module, "judge_position", fixed)


async def against_computer(svc: Service, *, rated: bool = False) -> int:
    started = await svc.play(ALICE, "ordo", opponent=computer("easy"), color="first", rated=rated)
    assert started.ok and started.match_id is not None
    assert (await svc.move(ALICE, "a3-a4", match_id=started.match_id)).ok
    return started.match_id


@pytest.mark.parametrize("chance", [0.5, 0.2])
async def test_the_computer_accepts_a_draw_when_it_is_not_ahead(
    svc: Service, monkeypatch: pytest.MonkeyPatch, chance: float
) -> None:
    match_id = await against_computer(svc)
    judged_as(monkeypatch, chance)
    reply = await svc.draw(ALICE, match_id=match_id)
    assert reply.ok and "not ahead, so it accepts the draw" in reply.text
    assert reply.post is not None and "accepts the draw" in reply.post.text
    record = await svc.store.get_match(match_id)
    assert record is not None and record.status == "finished"
    assert record.result is not None and record.result["winners"] == []


async def test_the_computer_declines_a_draw_when_ahead(
    svc: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await against_computer(svc)
    judged_as(monkeypatch, 0.51)
    reply = await svc.draw(ALICE, match_id=match_id)
    assert reply.ok and "ahead (51 % to win), so it declines the draw" in reply.text
    assert reply.post is not None and "declines the draw" in reply.post.text
    assert not reply.post.buttons  # nothing waits for an answer
    record = await svc.store.get_match(match_id)
    assert record is not None and record.status == "active" and "draw_offer" not in record.meta


async def test_the_answer_is_the_judges_own(svc: Service) -> None:
    """Unpatched: the computer's answer follows ``ai.judge`` of the position, in the pool."""
    match_id = await against_computer(svc)
    record = await svc.store.get_match(match_id)
    assert record is not None
    rules = games.get("ordo")
    view = rules.view(rules.load(record.state), None)
    seed = (record.seed * 1_000_003 + record.version) % 2**31
    expected = ai.judge("ordo", view, 1, iterations=ITERATIONS, seed=seed).chance
    reply = await svc.draw(ALICE, match_id=match_id)
    after = await svc.store.get_match(match_id)
    assert after is not None
    assert (after.status == "finished") == (expected <= 0.5), (expected, reply.text)


async def test_the_computer_declines_an_undo_in_a_rated_game(svc: Service) -> None:
    match_id = await against_computer(svc, rated=True)
    reply = await svc.undo(ALICE, match_id=match_id)
    assert reply.ok and "no undo in a rated game" in reply.text
    assert reply.post is not None and "declines" in reply.post.text
    record = await svc.store.get_match(match_id)
    assert record is not None and "undo_request" not in record.meta
    assert [a.notation for a in await svc.store.actions(match_id)] == ["a3-a4"]


async def test_the_computer_allows_an_undo_in_an_unrated_game(svc: Service) -> None:
    match_id = await against_computer(svc)
    reply = await svc.undo(ALICE, match_id=match_id)
    assert reply.ok and "allows the undo" in reply.text
    assert reply.post is not None and "a3-a4 was taken back" in reply.post.text
    assert await svc.store.actions(match_id) == []
    record = await svc.store.get_match(match_id)
    assert record is not None and "undo_request" not in record.meta
