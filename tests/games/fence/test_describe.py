"""A trade offer in words: the same sentence wherever it is shown (the hand image, messages)."""

from __future__ import annotations

from games.fence.describe import cards_text, describe_trade_offer, seat_name

NAMES = ["Green", "Orange"]


def test_an_offer_of_the_usual_shape_reads_as_a_sentence_from_each_side():
    offer = {"from": 0, "to": 1, "give": ["R3"], "ask": ["B6"]}
    assert describe_trade_offer(offer, NAMES, me=1) == "Green offers you R3 for B6"
    assert describe_trade_offer(offer, NAMES, me=0) == "You offer Orange R3 for B6"
    assert describe_trade_offer(offer, NAMES) == "Green offers Orange R3 for B6"


def test_a_ready_made_text_wins_over_the_fields():
    offer = {"from": 0, "to": 1, "give": ["R3"], "text": "  Green wants peace  "}
    assert describe_trade_offer(offer, NAMES) == "Green wants peace"


def test_other_shapes_fall_back_to_key_phrases():
    assert describe_trade_offer({"by": 5, "cards": ["R1"]}, []) == "by 5, gives R1"
    assert describe_trade_offer({"with": 1, "wants": [], "note2": "x"}, NAMES) == (
        "with Orange, note2: x"
    )
    assert describe_trade_offer({}, NAMES) == "(empty)"
    assert describe_trade_offer("odd", []) == "odd"


def test_seats_and_cards_are_named_safely():
    assert seat_name(True, NAMES) == "True"  # a bool is not a seat
    assert seat_name(0, NAMES, me=0) == "you"
    assert seat_name(7, NAMES) == "7"
    assert cards_text([]) == "nothing"
    assert cards_text(("R1", "B2")) == "R1 B2"
