"""Issue 14.10: FENCE! refusals name the real reason, and guided-turn words are moves."""

from __future__ import annotations

import random

import pytest

import games
from games.core import IllegalMove
from games.fence.actions import CopsRoad, Push, Yourself
from games.fence.world import hood_name, tiles_of

RULES = games.get("fence")


def a_turn(seed: int = 1) -> object:
    rng = random.Random(0)
    state = RULES.new(3, {"quick_map": True}, seed)
    while state.stage != "turn":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


def refusal(state: object, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        RULES.parse(state, text)
    return str(caught.value)


def test_a_card_that_does_not_exist_is_named() -> None:
    assert refusal(a_turn(), "yourself R9 B9 downtown").startswith("R9 is not a card")


def test_a_card_you_do_not_hold_is_named_with_your_hand() -> None:
    state = a_turn()
    hand = state.hands[state.actor]
    absent = next(c for c in ("R1", "R2", "R3", "R6", "B2", "B3") if c not in hand)
    message = refusal(state, f"yourself {absent} glasshouse")
    assert f"You don't hold {absent}" in message and " ".join(hand) in message


def test_two_cards_of_one_colour_are_explained() -> None:
    state = a_turn()
    reds = [c for c in state.hands[state.actor] if c.startswith("R")][:2]
    if len(reds) == 2:
        assert "one red and one blue" in refusal(state, f"yourself {reds[0]} {reds[1]} x")


def test_an_unknown_neighbourhood_gets_a_did_you_mean() -> None:
    state = a_turn()
    assert "No neighbourhood on this map is called 'nowhere'" in refusal(
        state, "yourself R4 nowhere"
    )


def test_cops_that_cannot_get_there_say_where_they_can() -> None:
    state = a_turn()
    steps = [a for a in RULES.legal_actions(state) if isinstance(a, CopsRoad)]
    if not steps:
        pytest.skip("this seeded turn offers no Cops move")
    reachable = {hood_name(tiles_of(state), a.hood) for a in steps}
    tiles = tiles_of(state)
    on_map = {
        hood_name(tiles, t * 4 + i) for _, t, _ in state.placed for i in range(len(tiles[t].hoods))
    }
    elsewhere = sorted(on_map - reachable)[0]
    message = refusal(state, f"cops to {elsewhere}")
    assert "The Cops move one road step" in message
    assert all(name in message for name in reachable)


def test_guided_turn_words_are_accepted_as_typed_moves() -> None:
    state = a_turn()
    for action in RULES.legal_actions(state)[:5]:
        assert RULES.parse(state, RULES.presentation.label(state, action)) == action
        path = RULES.presentation.choice_path(state, action)
        assert RULES.parse(state, " → ".join(path)) == action
    rng = random.Random(3)
    for _ in range(200):
        pushes = [a for a in RULES.legal_actions(state) if isinstance(a, Push)]
        last = [RULES.presentation.choice_path(state, a)[-1] for a in pushes]
        unique = [a for a, word in zip(pushes, last, strict=True) if last.count(word) == 1]
        if unique:  # "Chapel Hill" alone names the one push there
            assert (
                RULES.parse(state, RULES.presentation.choice_path(state, unique[0])[-1])
                == unique[0]
            )
            return
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    raise AssertionError("no push came up")


def test_cards_you_hold_that_lead_elsewhere_say_where_they_lead() -> None:
    """Issue 40.5: ``yourself R6 B2 Old Town`` with R6 and B2 in hand was refused with the
    generic "not legal here"; now it says where those cards take you."""
    state = a_turn()
    tiles = tiles_of(state)
    landings: dict[tuple[str, ...], set[str]] = {}
    for action in RULES.legal_actions(state):
        if isinstance(action, Yourself):
            landings.setdefault(tuple(sorted(action.cards)), set()).add(
                hood_name(tiles, action.hood)
            )
    cards, hoods = next(iter(sorted(landings.items())))
    elsewhere = next(
        hood_name(tiles, t * 4 + i)
        for _, t, _ in state.placed
        for i in range(len(tiles[t].hoods))
        if hood_name(tiles, t * 4 + i) not in hoods
    )
    message = refusal(state, f"yourself {' '.join(cards)} {elsewhere}")
    assert message.startswith(f"{' '.join(cards)} take you to ")
    assert message.endswith(f"from here, not to {elsewhere.lower()!r}.")
    assert all(hood in message for hood in hoods)


def test_cards_you_hold_that_lead_nowhere_say_why() -> None:
    found = 0
    for seed in range(1, 12):
        state = a_turn(seed)
        hand = state.hands[state.actor]
        playable = {
            tuple(sorted(a.cards)) for a in RULES.legal_actions(state) if isinstance(a, Yourself)
        }
        for card in hand:
            if (card,) not in playable:
                message = refusal(state, f"yourself {card} old town")
                assert message == (
                    f"{card} lead to no tile you can stop on from here: it must be in the city "
                    "and have a free neighbourhood (ruling 20)."
                )
                found += 1
    assert found, "no seeded turn holds a card that leads nowhere: pick other seeds"


def test_the_pawn_stage_refusal_gives_a_legal_place_as_its_example() -> None:
    """It said "e.g. pawn cabbagetown" whether or not Cabbagetown was in the city."""
    rng = random.Random(0)
    state = RULES.new(3, {"quick_map": True}, 1)
    while state.stage != "pawn":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    first = RULES.format(state, RULES.legal_actions(state)[0])
    message = refusal(state, "draw red")
    assert f"place your pawn, e.g. {first}." in message
    assert "cabbagetown" not in message or "cabbagetown" in first
