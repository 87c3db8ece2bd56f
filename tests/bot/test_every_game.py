"""Every two-player game plays to the end through the service, exactly as players would.

Random legal moves are typed as notation by the player to move; each is committed, posted
with a board image, and the next player is pinged once per turn — never once per step of a
multi-step turn (Fonver captures, the pie decision).
"""

from __future__ import annotations

import random

import pytest

import games
from bot.service import Service
from bot.service.text.describer import seats_of

from .conftest import ALICE, BOB

# Small boards keep the suite fast; the engines' own tests cover the big ones.
QUICK_OPTIONS = {"fonver": {"size": 9}, "fendo": {"size": 7}}
TWO_PLAYER = [
    name
    for name in games.available()
    if games.get(name).info.min_players == games.get(name).info.max_players == 2
]


@pytest.mark.parametrize("game", TWO_PLAYER)
async def test_random_game_reaches_an_outcome(service: Service, game: str) -> None:
    rules = games.get(game)
    challenge = await service.challenge(
        ALICE, game, BOB, color="first", options=QUICK_OPTIONS.get(game)
    )
    assert challenge.ok, challenge.text
    match_id = challenge.match_id
    assert (await service.accept(BOB, match_id=match_id)).ok
    rng = random.Random(game)
    users = {"alice": ALICE, "bob": BOB}
    pings = 0
    turns_ended = 0
    for _ in range(2000):
        record = await service.store.get_match(match_id)
        if record.status != "active":
            break
        state = rules.load(record.state)
        seat = rules.to_move(state)[0]
        notation = rng.choice(rules.legal_notations(state))
        before = state
        reply = await service.move(users[record.seats[seat]], notation, match_id=match_id)
        assert reply.ok, f"{game}: {notation}: {reply.text}"
        assert reply.post is not None and reply.post.image is not None
        after = rules.load((await service.store.get_match(match_id)).state)
        if rules.turn_ended(before, after):
            turns_ended += 1
        if reply.post.mentions:
            pings += 1
    record = await service.store.get_match(match_id)
    assert record.status == "finished", f"{game} did not finish"
    outcome = rules.outcome(rules.load(record.state))
    assert outcome is not None and record.result == outcome.to_dict()
    final = rules.load(record.state)
    seats = seats_of(rules, final, [users[s].name for s in record.seats])
    told = str(seats.told(outcome.reason))
    assert reply.post.text.count(told) == 1  # said once, in the result line
    assert pings == turns_ended  # one ping per turn, including the final "game over" one
    history = await service.history(ALICE, match_id=match_id)
    assert history.ok and "1. alice" in history.text
    board = await service.board(BOB, match_id=match_id)
    assert board.ok and board.post is not None and board.post.image is not None
