"""The immediate-loss check: each game's fast "can the player to act win this turn" agrees
with listing every turn, and the computer never hands the opponent a win it could avoid —
nor passes up its own."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ai
import games
from ai.fonver_tactics import FonverTactics
from ai.fonver_tactics import wins_at_once as fonver_wins
from ai.fuer import state_from_view as fuer_state
from ai.fuer_lines import has_won
from ai.fuer_tactics import after as fuer_after
from ai.fuer_tactics import wins_at_once as fuer_wins
from ai.safety import Tally, first_safe
from games.fonver.state import FonverState
from games.fuer.moves import has_legal_turn, legal_turns
from games.fuer.state import FuerState

FONVER = games.get("fonver")
FUER = games.get("fuer")


def _fonver_brute(state: FonverState) -> bool:
    """Every whole turn of the player to act, through the engine."""
    mover = FONVER.to_move(state)[0]

    def finishes(s: FonverState) -> bool:
        outcome = FONVER.outcome(s)
        if outcome is not None:
            return mover in outcome.winners
        if FONVER.to_move(s)[0] != mover:
            return False
        return any(finishes(FONVER.apply(s, a)) for a in FONVER.legal_actions(s))

    return any(finishes(FONVER.apply(state, a)) for a in FONVER.legal_actions(state))


def _random_fonver(seed: int, size: int, plies: int) -> FonverState | None:
    rng = random.Random(seed)
    state = FONVER.new(options={"size": size, "pie": False})
    turns = 0
    while turns < plies:
        if FONVER.outcome(state) is not None:
            return None
        before = FONVER.to_move(state)
        state = FONVER.apply(state, rng.choice(FONVER.legal_actions(state)))
        turns += FONVER.to_move(state) != before
    return state if FONVER.outcome(state) is None else None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([9, 11]), st.integers(4, 70))
def test_fonver_fast_win_test_agrees_with_every_turn(seed: int, size: int, plies: int) -> None:
    state = _random_fonver(seed, size, min(plies, size * size - 4))
    if state is None or state.phase != "place":
        return
    assert fonver_wins(state) == _fonver_brute(state)


def _fuer_brute(fs: FuerState) -> bool:
    mover = fs.to_move
    for turn in legal_turns(fs):
        after = fuer_after(fs, turn)
        if has_won(after.own(mover), after.pieces) or not has_legal_turn(after):
            return True
    return False


def _random_fuer(seed: int, turns: int) -> FuerState | None:
    rng = random.Random(seed)
    state = FUER.new()
    for _ in range(turns):
        if FUER.outcome(state) is not None:
            return None
        state = FUER.apply(state, rng.choice(FUER.legal_actions(state)))
    return None if FUER.outcome(state) is not None else state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(6, 30), st.sampled_from(["any", "adjacent"]))
def test_fuer_fast_win_test_agrees_with_every_turn(seed: int, turns: int, reach: str) -> None:
    state = _random_fuer(seed, turns)
    if state is None:
        return
    fs = FuerState(
        state.tiles,
        state.dark,
        state.light,
        state.supply,
        state.to_move,
        move_range=reach,
        overline=state.overline,
    )
    if len(legal_turns(fs)) > 20_000:
        return  # an open board: listing it all is too slow for a test
    assert fuer_wins(fs) == _fuer_brute(fs)


def _opponent_wins_at_once(game: str, state: Any) -> bool:
    """After the computer's whole turn: can the other side win with its next turn?"""
    rules = games.get(game)
    if rules.outcome(state) is not None:
        return False
    if game == "fonver":
        return _fonver_brute(state)
    if game == "fuer":
        return _fuer_brute(state)
    mover = rules.to_move(state)[0]
    for action in rules.legal_actions(state):
        outcome = rules.outcome(rules.apply(state, action))
        if outcome is not None and outcome.winners == (mover,):
            return True
    return False


def _could_avoid(game: str, state: Any) -> bool:
    """Whether some whole turn of the player to act leaves no immediate win."""
    rules = games.get(game)
    mover = rules.to_move(state)[0]

    def ok(s: Any) -> bool:
        outcome = rules.outcome(s)
        if outcome is not None:
            return mover in outcome.winners or not outcome.winners
        if rules.to_move(s)[0] == mover and game == "fonver":
            return any(ok(rules.apply(s, a)) for a in rules.legal_actions(s))
        return not _opponent_wins_at_once(game, s)

    return any(ok(rules.apply(state, a)) for a in rules.legal_actions(state))


@pytest.mark.parametrize(
    ("game", "options"), [("fonver", {"size": 9, "pie": False}), ("fuer", {}), ("ordo", {})]
)
def test_the_computer_never_hands_over_an_avoidable_win(game: str, options: dict) -> None:
    """Whole games at a tiny budget against random play: after each of the computer's
    turns the opponent never has a winning turn when the computer had a turn without one."""
    rules = games.get(game)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.new(options=options)
        for _ in range(300):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_move(state)[0]
            if seat == 0:
                turn_start = state
                while rules.outcome(state) is None and rules.to_move(state)[0] == 0:
                    text = ai.choose(game, rules.view(state, 0), 0, seed=seed, iterations=3)
                    state = rules.apply(state, rules.parse(state, text))
                start = fuer_state(rules.view(turn_start, 0)) if game == "fuer" else None
                if start is not None and len(legal_turns(start)) > 5000:
                    continue  # too many turns to check by listing them
                if _opponent_wins_at_once(game, state):
                    assert not _could_avoid(game, turn_start)
                checked += 1
            else:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert checked > 10


def _position(rows: list[str], colour: str) -> FonverState:
    return FONVER.from_position("\n".join(rows) + f"\n{colour}\nplace")


def test_a_blunder_the_search_prefers_is_vetoed_and_counted() -> None:
    """Black needs one stone at e5 to join its edges; a search that ranks a far point first
    for White is overruled by the block, and the tally counts it."""
    rows = ["W...B....", *["....B...."] * 3, ".........", *["....B...."] * 4]
    state = _position(rows, "W")
    e5, h2 = 4 * 9 + 4, 1 * 9 + 7
    tally = Tally()
    chosen = first_safe(FonverTactics(), state, [h2, e5], ai.Budget(iterations=1).start(), tally)
    assert chosen == e5
    assert (tally.vetoed, tally.prevented) == (1, 1)


def test_the_check_never_stands_between_the_computer_and_its_own_win() -> None:
    """A winning turn is safe whatever the opponent could have done next: Black completes
    its file while White, too, stands one stone from its edges."""
    rows = ["....B....", *["....B...."] * 3, "WWWW.WWWW", *["....B...."] * 4]
    state = _position(rows, "B")
    e5 = 4 * 9 + 4
    tally = Tally()
    chosen = first_safe(FonverTactics(), state, [e5], ai.Budget(iterations=1).start(), tally)
    assert chosen == e5 and tally.vetoed == 0
