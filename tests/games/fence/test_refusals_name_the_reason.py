"""Issue 14.10: FENCE! refusals name the real reason, and guided-turn words are moves.

And (issue "What a player sees and reads", item 9) a drafting step's rotation is no card; a
refused placement names its real reason (the tile, the spot or the rotation)."""

from __future__ import annotations

import random

import pytest

import games
from games.core import IllegalMove
from games.fence.actions import CopsRoad, Place, Push, Yourself
from games.fence.info import INFO
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


# -- drafting ------------------------------------------------------------------------------
def a_draft() -> object:
    state = RULES.new(3, {}, 1)
    assert state.stage == "draft"
    return state


def test_a_legal_placement_with_its_rotation_is_read() -> None:
    state = a_draft()
    place = next(a for a in RULES.legal_actions(state) if isinstance(a, Place))
    slug = tiles_of(state)[place.tile].slug
    x, y = place.pos
    assert RULES.parse(state, f"place {slug} at {x},{y} r{place.rot * 90}") == place


def test_a_spot_that_is_not_open_is_named() -> None:
    state = a_draft()
    place = next(a for a in RULES.legal_actions(state) if isinstance(a, Place))
    slug = tiles_of(state)[place.tile].slug
    message = refusal(state, f"place {slug} at 5,5 r90")
    assert "not a card" not in message and "5,5" in message
    x, y = place.pos
    assert f"{x},{y}" in message  # where it can go instead


def test_a_tile_not_in_hand_is_named() -> None:
    state = a_draft()
    tiles = tiles_of(state)
    hand = state.tile_hands[state.actor]
    other = next(i for i in range(len(tiles)) if i not in hand)
    message = refusal(state, f"place {tiles[other].slug} at 1,0 r90")
    assert "not a card" not in message and "not in your hand" in message
    assert tiles[other].name in message or tiles[other].slug in message


def test_a_rotation_that_does_not_fit_is_named() -> None:
    state = a_draft()
    legal = [a for a in RULES.legal_actions(state) if isinstance(a, Place)]

    def fits_at(place: Place) -> set[int]:
        return {a.rot for a in legal if (a.tile, a.pos) == (place.tile, place.pos)}

    place = next(a for a in legal if len(fits_at(a)) < 4)  # this draft has one
    fits = fits_at(place)
    bad = next(r for r in range(4) if r not in fits)
    slug = tiles_of(state)[place.tile].slug
    x, y = place.pos
    message = refusal(state, f"place {slug} at {x},{y} r{bad * 90}")
    assert "not a card" not in message and f"r{bad * 90}" in message
    assert all(f"r{r * 90}" in message for r in fits)


def test_the_documented_example_is_a_real_placement_form() -> None:
    """The example in /rules fence names a tile that can be placed (never Old Town, the
    centre) and reads as a placement."""
    example = next(part for part in INFO.notation_help.split("·") if "place " in part)
    assert "old-town" not in example
    state = a_draft()
    text = example.split("Draft:")[-1].strip()
    message = refusal(state, text) if text else ""
    assert "not a card" not in message
