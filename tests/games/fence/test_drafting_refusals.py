"""Issue "What a player sees and reads", item 9: a drafting step's rotation is no card; a
refused placement names its real reason (the tile, the spot or the rotation)."""

from __future__ import annotations

import pytest

import games
from games.core import IllegalMove
from games.fence.actions import Place
from games.fence.info import INFO
from games.fence.world import tiles_of

RULES = games.get("fence")


def a_draft() -> object:
    state = RULES.new(3, {}, 1)
    assert state.stage == "draft"
    return state


def refusal(state: object, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        RULES.parse(state, text)
    return str(caught.value)


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
