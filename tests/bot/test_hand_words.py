"""Issue "What a player sees and reads", item 10: an empty hand after the starting cards
were revealed says what happened to them, instead of a bare "Hand: none"."""

from __future__ import annotations

from bot.service.play.hands import secret_text


def test_an_empty_hand_after_the_reveal_says_where_the_cards_went() -> None:
    text = secret_text({"hand": [], "starting_cards": []})
    assert "Hand: none" in text and "revealed" in text


def test_unrevealed_starting_cards_are_still_listed_plainly() -> None:
    text = secret_text({"hand": [], "starting_cards": ["R1", "B3"]})
    assert "Starting cards: R1 B3" in text and "revealed" not in text
