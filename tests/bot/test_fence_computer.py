"""The FENCE! computer at a table with a person: a trade it offers reaches that person like
anyone's offer (a DM with the cards, a ping in the thread), the person's answer lets the
computer's turn go on, and a fault in its search is logged and counted, never hidden."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import ai
import games
from bot.service import Service
from bot.service.computer.opponents import fingerprint, is_computer
from games.fence.actions import Offer
from games.fence.determinize import Sampler
from storage import MemoryStore
from tests.bot.conftest import ALICE, FakeClock

RULES = games.get("fence")
QUICK = {"easy": 0.05, "normal": 0.05, "strong": 0.05}


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 4242, computer_seconds=QUICK)


async def _table_with_two_computers(svc: Service, **options: Any) -> int:
    opened = await svc.play(ALICE, "fence", seats=3, options={"quick_map": True, **options})
    match_id = opened.match_id or 0
    for _ in range(2):
        assert (await svc.add_computer(ALICE, match_id=match_id)).ok
    assert (await svc.start(ALICE, match_id=match_id)).ok
    return match_id


async def _loaded(svc: Service, match_id: int) -> Any:
    record = await svc.store.get_match(match_id)
    assert record is not None
    return record, RULES.load(record.state)


async def _alice_moves(svc: Service, match_id: int) -> None:
    _, state = await _loaded(svc, match_id)
    assert RULES.to_move(state) == [0]
    actions = RULES.legal_actions(state)
    safe = [a for a in actions if getattr(a, "hood", None) != state.cops] or actions
    reply = await svc.move(ALICE, RULES.format(state, safe[0]) + "!", match_id=match_id)
    assert reply.ok, reply.text


def _offers_to_alice(game: str, view: dict[str, Any], seat: int, *rest: Any) -> str:
    """The search, except that a computer at the start of its turn offers alice a trade
    (whether she holds the card asked is hers to know)."""
    if view["stage"] == "turn" and view["options"].get("trading_cards") and not view["offered"]:
        world = Sampler(view, seat).sample(random.Random(0))
        offer = Offer(0, view["hand"][0], "B1" if view["hand"][0] != "B1" else "R1")
        if view["hand_sizes"][0] and offer in RULES.legal_actions(world):
            return RULES.format(world, offer)
    return ai.choose(game, view, seat, iterations=4)


async def test_a_computers_trade_offer_pings_the_person_who_must_answer(
    svc: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.service.computer.opponents.think", _offers_to_alice)
    match_id = await _table_with_two_computers(svc, trading_cards=True)
    for _ in range(40):  # to the main phase, where the computers trade
        replies = await svc.computer_turns(match_id)
        record, state = await _loaded(svc, match_id)
        if state.stage == "offer":
            break
        await _alice_moves(svc, match_id)
    else:
        raise AssertionError("no computer offered a trade")
    offerer = state.offer[0]
    assert is_computer(record.seats[offerer]) and RULES.to_move(state) == [0]
    offered = replies[-1]
    assert [dm.user_id for dm in offered.dms] == ["alice"]
    assert "offers you" in offered.dms[0].text
    assert offered.post is not None and offered.post.mentions == ("alice",)
    assert not re.search(r"\b[RB][1-6]\b", offered.post.text)  # the cards stay secret
    answer = RULES.format(state, RULES.legal_actions(state)[-1])  # refusing is always there
    assert (await svc.move(ALICE, answer, match_id=match_id)).ok
    _, state = await _loaded(svc, match_id)
    assert RULES.to_move(state) == [offerer]  # the computer's turn goes on
    assert await svc.computer_turns(match_id)
    _, state = await _loaded(svc, match_id)
    assert RULES.to_move(state) == [0] or RULES.outcome(state) is not None  # alice's turn


async def test_a_search_fault_is_logged_and_counted_and_the_match_goes_on(
    svc: Service, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_: object) -> str:
        raise RuntimeError("search bug")

    match_id = await _table_with_two_computers(svc)
    monkeypatch.setattr("bot.service.computer.opponents.think", broken)
    for _ in range(6):
        await svc.computer_turns(match_id)
        await _alice_moves(svc, match_id)  # the match stays playable for the person
    faults = [r for r in caplog.records if "search failed" in r.getMessage()]
    assert faults and all(r.levelname == "ERROR" and r.exc_info for r in faults)
    first = faults[0].getMessage()
    assert f"fence, match {match_id}, version " in first
    assert re.search(r"view [0-9a-f]{12};", first)
    assert "RuntimeError: search bug" in caplog.text  # the traceback, not just a line
    assert svc.opponents.search_faults["fence"] == len(faults)


def test_the_fingerprint_names_a_view_and_nothing_in_it() -> None:
    state = RULES.new(players=3, seed=1, options={"quick_map": True})
    public = RULES.view(state, None)
    assert fingerprint(public) == fingerprint(dict(reversed(list(public.items()))))
    assert re.fullmatch(r"[0-9a-f]{12}", fingerprint(public))
