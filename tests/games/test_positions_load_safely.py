"""Issue 14.6: positions load losslessly (a finished game loads finished) and bad position
text is refused only ever with ``InvalidNotation``, in every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core import IllegalMove, InvalidNotation

GAMES = games.available()


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=300),
        st.just("1" * 5000),
        st.just("{" * 3000),
        st.just("[" * 100_000 + "]" * 100_000),
    )
)
def test_bad_position_text_is_only_ever_invalid_notation(game: str, text: str) -> None:
    try:
        games.get(game).from_position(text)
    except InvalidNotation as exc:
        assert len(str(exc)) < 400
    # a text that happens to be a position is fine too


def test_ruling_14_a_finished_fuer_position_loads_finished() -> None:
    rules = games.get("fuer")
    rng = random.Random(4)
    for _ in range(30):
        state = rules.random_playout(rules.new(2, None, 0), rng)
        outcome = rules.outcome(state)
        if outcome is not None and outcome.termination != "no_legal_turn":
            break
    else:
        raise AssertionError("no line win in 30 random games")
    loaded = rules.from_position(rules.position(state))
    assert rules.outcome(loaded) == outcome
    assert rules.legal_actions(loaded) == [] or rules.to_move(loaded) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("typed", ["x" * 5000, "a1 " + "b" * 5000, "c3-" + "9" * 5000])
def test_a_long_input_is_quoted_short_and_the_help_survives(game: str, typed: str) -> None:
    """Issue 14.13: a refusal quotes at most ~60 characters of what was typed."""
    rules = games.get(game)
    state = rules.new(3 if game == "fence" else 2, {"quick_map": True} if game == "fence" else None)
    with pytest.raises(IllegalMove) as refusal:
        rules.parse(state, typed)
    message = str(refusal.value)
    assert len(message) < 400
    assert typed[:70] not in message
