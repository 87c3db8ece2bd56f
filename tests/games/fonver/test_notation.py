"""Move and position text: what is accepted, what is refused, and how the refusals read."""

from __future__ import annotations

import pytest

from games.core import GameOver, InvalidNotation, RuleViolation
from games.fonver import RULES, Place, Point

EMPTY9 = "\n".join(["." * 9] * 9)


def test_unreadable_move_explains_the_notation() -> None:
    state = RULES.new(options={"size": 9})
    for text in ("", "hello", "k", "10k", "a0", "a1>", "keepx"):
        with pytest.raises(InvalidNotation, match="k10"):
            RULES.parse(state, text)


def test_occupied_point_suggests_nearby_empty_points() -> None:
    state = RULES.new(options={"size": 9, "pie": False})
    state = RULES.apply(state, Place(Point(4, 4)))
    with pytest.raises(RuleViolation) as refused:
        RULES.parse(state, "e5")
    message = str(refused.value)
    assert message.startswith("e5 is occupied")
    assert "d5" in message or "e4" in message


def test_capture_without_crosscut_is_refused_with_a_placement_hint() -> None:
    state = RULES.new(options={"size": 9, "pie": False})
    with pytest.raises(RuleViolation, match="no crosscut"):
        RULES.parse(state, "a1>a2")


def test_moves_after_the_end_are_refused() -> None:
    rows = ["....B...."] * 9
    state = RULES.from_position("\n".join([*rows, "W", "place"]))
    with pytest.raises(GameOver):
        RULES.parse(state, "a1")
    with pytest.raises(GameOver):
        RULES.apply(state, Place(Point(0, 0)))


def test_parse_many_accepts_commas_and_keep_then_place() -> None:
    state = RULES.apply(RULES.new(options={"size": 9}), Place(Point(4, 4)))
    assert [str(a) for a in RULES.parse_many(state, "keep, d4")] == ["keep", "d4"]
    with pytest.raises(RuleViolation, match="cannot follow"):
        RULES.parse_many(state, "swap d4")
    with pytest.raises(InvalidNotation):
        RULES.parse_many(state, "   ")


def test_position_flags_for_pie_and_swap() -> None:
    opening = RULES.new(options={"size": 9})
    assert RULES.position(opening) == f"{EMPTY9}\nB\nplace\npie-rule"
    deciding = RULES.apply(opening, Place(Point(0, 0)))
    assert RULES.position(deciding).splitlines()[-2:] == ["W", "pie"]
    swapped = RULES.apply(deciding, RULES.parse(deciding, "swap"))
    assert RULES.position(swapped).splitlines()[-3:] == ["W", "place", "swapped"]
    for state in (opening, deciding, swapped):
        assert RULES.from_position(RULES.position(state)) == state
    plain = RULES.new(options={"size": 9, "pie": False})
    assert RULES.position(plain) == f"{EMPTY9}\nB\nplace"


def test_position_reads_lenient_spellings() -> None:
    text = "\n".join(["b........", *["." * 9] * 8, "white", "PLACE", ""])
    state = RULES.from_position(text)
    assert RULES.view(state, None)["stones"]["black"] == ["a9"]
    assert RULES.to_move(state) == [1]


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("", "board lines"),
        ("\n".join(["." * 10] * 10) + "\nB\nplace", "board lines"),
        ("\n".join(["." * 9] * 8 + ["....X...."]) + "\nB\nplace", "B, W or"),
        (EMPTY9 + "\nX\nplace", "side to move"),
        (EMPTY9 + "\nB\nmove", "phase"),
        (EMPTY9 + "\nB", "side to move"),
        (EMPTY9 + "\nB\ncapture", "no crosscut"),
        (EMPTY9 + "\nB\nplace\nbogus", "Unknown position flag"),
        (EMPTY9 + "\nW\npie", "pie phase"),
        ("B" + EMPTY9[1:] + "\nB\nplace\npie-rule", "pie-rule flag"),
        ("\n".join(["." * 9] * 7 + ["WB.......", "BW......."]) + "\nB\nplace", "must be capture"),
    ],
)
def test_bad_positions_are_refused(text: str, complaint: str) -> None:
    with pytest.raises(InvalidNotation, match=complaint):
        RULES.from_position(text)


def test_options_and_players_are_checked() -> None:
    from games.core import InvalidOption

    with pytest.raises(InvalidOption):
        RULES.new(players=3)
    with pytest.raises(InvalidOption):
        RULES.new(options={"colour": "red"})
    assert RULES.new(options={"pie": "off"}).pie_ahead is False
