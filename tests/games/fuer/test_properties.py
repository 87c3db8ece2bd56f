"""Invariants of random legal games (hypothesis picks the seeds and options)."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from games.fuer import RULES, FuerState, Turn
from games.fuer.board import SIZE
from games.fuer.lines import overline

OPTIONS = st.fixed_dictionaries(
    {
        "move_range": st.sampled_from(["any", "adjacent"]),
        "overline": st.sampled_from(["six_or_more", "seven_or_more"]),
    }
)


def random_game(seed: int, options: dict[str, str]) -> list[tuple[FuerState, Turn]]:
    """(state, turn) pairs of one random game; the final state is the last apply result."""
    rng = random.Random(seed)
    state = RULES.new(options=options)
    history = []
    while RULES.outcome(state) is None:
        turn = rng.choice(RULES.legal_actions(state))
        history.append((state, turn))
        state = RULES.apply(state, turn)
    history.append((state, Turn(-1, (), None)))
    return history


@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_games_end_within_the_board_and_keep_invariants(
    seed: int, options: dict[str, str]
) -> None:
    history = random_game(seed, options)
    # Every turn fills a space, so no game outlasts the 36 empty spaces of the start.
    assert len(history) - 1 <= SIZE - 9
    limit = 6 if options["overline"] == "six_or_more" else 7
    for state, _ in history:
        assert overline(state.pieces, limit) is None
        assert state.dark & state.light == 0
        assert state.pieces & ~state.tiles == 0
        for seat in (0, 1):
            assert state.supply[seat] >= 0
            assert state.supply[seat] + state.own(seat).bit_count() == 20
    final = history[-1][0]
    outcome = RULES.outcome(final)
    assert outcome is not None and len(outcome.winners) == 1
    assert RULES.to_move(final) == [] and RULES.legal_actions(final) == []


@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_round_trips_and_no_mutation(seed: int, options: dict[str, str]) -> None:
    history = random_game(seed, options)
    for state, turn in history[:-1]:
        before = RULES.dump(state)
        assert RULES.load(before) == state
        assert json.loads(json.dumps(before)) == before
        text = RULES.position(state)
        assert RULES.from_position(text) == state
        assert RULES.position(RULES.from_position(text)) == text
        notation = RULES.format(state, turn)
        assert RULES.parse(state, notation) == turn
        RULES.apply(state, turn)
        assert RULES.dump(state) == before  # apply left its argument alone
        view = RULES.view(state, None)
        assert json.loads(json.dumps(view)) == view
    final = history[-1][0]
    assert RULES.load(RULES.dump(final)) == final


@given(seed=st.integers(0, 2**32))
def test_highlight_and_describe_name_the_turn(seed: int) -> None:
    state, turn = random_game(seed, {})[0]
    mark = RULES.presentation.highlight(state, turn)
    assert mark["notation"] == RULES.format(state, turn)
    assert mark["tile"] == mark["notation"].split()[0]
    assert json.loads(json.dumps(mark)) == mark
    assert str(RULES.presentation.describe(state, turn, "alice")).startswith(
        f"alice played {mark['notation']}"
    )
