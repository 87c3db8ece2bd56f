"""The benchmark's yardsticks play legal moves and see what their definitions promise: the
one-ply player takes a win it is handed; plain UCT plays legal steps in any game."""

from __future__ import annotations

import random

import games
from ai.baselines import one_ply, uct
from ai.budget import Budget

FONVER = games.get("fonver")


def _black_needs_e5() -> object:
    rows = ["W...B....", *["....B...."] * 3, ".........", *["....B...."] * 4]
    return FONVER.from_position("\n".join(rows) + "\nB\nplace")


def test_one_ply_takes_the_win_it_is_handed() -> None:
    state = _black_needs_e5()
    assert str(one_ply(FONVER, state, 0, random.Random(1))) == "e5"


def test_plain_uct_plays_legal_steps_of_multi_step_turns_and_many_seats() -> None:
    for game, players in (("fonver", 2), ("fuer", 2), ("fence", 3)):
        rules = games.get(game)
        options = {"fonver": {"size": 9}, "fence": {"quick_map": True}}.get(game, {})
        state = rules.new(players=players, options=options, seed=2)
        rng = random.Random(2)
        for _ in range(6):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_move(state)[0]
            action = uct(rules, state, seat, Budget(iterations=5), rng, seats=players)
            assert action in rules.legal_actions(state)
            state = rules.apply(state, action)
