"""Issue 14.11: refusals that name the real reason and suggest the likely intent."""

from __future__ import annotations

import pytest

import games
from games.core import IllegalMove, InvalidOption


def test_a_fendo_move_without_a_fence_side_says_to_add_one() -> None:
    rules = games.get("fendo")
    with pytest.raises(IllegalMove) as refusal:
        rules.parse(rules.new(), "d1-d5")
    assert "add n, e, s or w" in str(refusal.value) and "d1-d5n" in str(refusal.value)


def test_a_misspelled_option_gets_a_did_you_mean() -> None:
    with pytest.raises(InvalidOption) as refusal:
        games.get("fendo").new(2, {"sise": 9})
    assert "Did you mean size?" in str(refusal.value)
    with pytest.raises(InvalidOption) as none:
        games.get("ordo").new(2, {"size": 10})
    assert str(none.value) == "Unknown option 'size': this game has no options."
