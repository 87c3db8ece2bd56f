"""Issue "What a player sees and reads", item 8: one rule for games with a computer seat.

A game with a computer in it is unrated unless its creator asks ``rated:true`` — a two-player
``/play`` against the computer and a FENCE! lobby with computer seats alike. The rule is said
where the game is made (the ``/play`` reply, the lobby post) and the hint refusal states the
same rule; hints are for every unrated game.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import Service
from bot.service.computer.opponents import computer
from storage import MemoryStore
from tests.bot.conftest import ALICE, BOB, FakeClock

QUICK = {"easy": 0.05, "normal": 0.05, "strong": 0.05}
UNRATED_RULE = (
    "unrated (a game with the computer counts for ratings only if its creator asks rated:true)"
)
RATED_ASKED = "rated (its creator asked rated:true, so every seat's rating counts it)"
HINT_REFUSED = (
    "Match #{match} is rated, so the computer keeps its advice to itself. Hints are for "
    "unrated games: a game with the computer unless its creator asked rated:true, a game "
    "between people only if it was started rated:false."
)


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 4242, computer_seconds=QUICK)


async def _rated(svc: Service, match_id: int | None) -> bool:
    record = await svc.store.get_match(match_id or 0)
    assert record is not None
    return bool(record.meta["rated"])


async def test_play_against_the_computer_says_it_is_unrated_and_hints_work(svc: Service) -> None:
    started = await svc.play(ALICE, "ordo", opponent=computer("easy"), color="first")
    assert started.ok, started.text
    assert UNRATED_RULE in started.text
    assert not await _rated(svc, started.match_id)
    assert (await svc.hint(ALICE, match_id=started.match_id)).ok


async def test_play_against_the_computer_rated_true_is_rated_and_refuses_hints(
    svc: Service,
) -> None:
    started = await svc.play(ALICE, "ordo", opponent=computer("easy"), color="first", rated=True)
    assert started.ok, started.text
    assert RATED_ASKED in started.text
    assert await _rated(svc, started.match_id)
    refused = await svc.hint(ALICE, match_id=started.match_id)
    assert not refused.ok
    assert refused.text == HINT_REFUSED.format(match=started.match_id)


async def test_a_lobby_with_a_computer_follows_the_same_rule(svc: Service) -> None:
    lobby = await svc.play(ALICE, "fence", seats=3)
    assert lobby.ok and lobby.post is not None, lobby.text
    assert await _rated(svc, lobby.match_id)  # people only: rated, as every game is
    assert "; rated." in lobby.post.text
    added = await svc.add_computer(ALICE, match_id=lobby.match_id)
    assert added.ok and added.post is not None, added.text
    assert not await _rated(svc, lobby.match_id)
    assert UNRATED_RULE in added.post.text
    assert (await svc.join(BOB, match_id=lobby.match_id)).ok
    assert (await svc.start(ALICE, match_id=lobby.match_id)).ok
    assert not await _rated(svc, lobby.match_id)


async def test_a_lobby_created_rated_true_stays_rated_with_a_computer(svc: Service) -> None:
    lobby = await svc.play(ALICE, "fence", seats=3, rated=True)
    added = await svc.add_computer(ALICE, match_id=lobby.match_id)
    assert added.ok and added.post is not None, added.text
    assert await _rated(svc, lobby.match_id)
    assert RATED_ASKED in added.post.text
    assert (await svc.join(BOB, match_id=lobby.match_id)).ok
    assert (await svc.start(ALICE, match_id=lobby.match_id)).ok
    assert await _rated(svc, lobby.match_id)


async def test_a_lobby_opened_with_the_computer_invited_is_unrated(svc: Service) -> None:
    """The console's ``/play fence opponent:ai``: the computer sits down at once."""
    lobby = await svc.play(ALICE, "fence", seats=3, opponent=computer())
    assert lobby.ok and lobby.post is not None, lobby.text
    assert not await _rated(svc, lobby.match_id)
    assert UNRATED_RULE in lobby.post.text


async def test_people_only_rated_false_still_gets_hints_and_the_rule_in_german(
    svc: Service,
) -> None:
    game = await svc.challenge(ALICE, "ordo", BOB, color="first", rated=False)
    await svc.accept(BOB, match_id=game.match_id)
    assert (await svc.hint(ALICE, match_id=game.match_id)).ok
    rated = await svc.challenge(ALICE, "ordo", BOB, color="first")
    await svc.accept(BOB, match_id=rated.match_id)
    refused = await svc.hint(replace(ALICE, locale="de"), match_id=rated.match_id)
    assert not refused.ok
    assert "gewertet:ja" in refused.text and "gewertet:nein" in refused.text  # as typed in German
