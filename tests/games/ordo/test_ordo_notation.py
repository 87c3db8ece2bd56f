"""Move notation edge cases beyond ruling 14's test: what players mistype, and the replies."""

from __future__ import annotations

import pytest

from games.core import IllegalMove, InvalidNotation, RuleViolation
from games.ordo import RULES, Move, OrdoState
from games.ordo.board import BY_NAME
from games.ordo.notation import read


def make(white: str, black: str, to_move: int = 0) -> OrdoState:
    return OrdoState(
        sum(1 << BY_NAME[n] for n in white.split()),
        sum(1 << BY_NAME[n] for n in black.split()),
        to_move,
    )


def test_move_text_round_trips_without_a_position() -> None:
    single = Move(BY_NAME["c3"], BY_NAME["c5"], BY_NAME["c3"])
    line = Move(BY_NAME["a2"], BY_NAME["a3"], BY_NAME["d2"])
    assert str(single) == "c3-c5" and read(str(single)) == (single, False)
    assert str(line) == "a2:d2-a3" and read(str(line)) == (line, False)
    # Naming the far end first gives the same canonical move.
    assert read("d2:a2-d3") == (line, False)
    assert read("C3xC5") == (single, True)


def test_x_on_a_quiet_move_is_refused_with_the_right_spelling() -> None:
    state = RULES.new()
    with pytest.raises(InvalidNotation, match="did you mean c2-c4"):
        RULES.parse(state, "c2xc4")
    with pytest.raises(InvalidNotation, match="ordo moves never capture; did you mean c2:d2-c3"):
        RULES.parse(state, "c2:d2xc3")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("c2:c2-c3", "two different end squares"),
        ("c2-", "Could not read"),
        ("", "Could not read"),
        ("c2 c3 c4", "Could not read"),
        ("z9-c3", "z9 is not a square"),
        ("c2-c10", "c10 is not a square"),
    ],
)
def test_unreadable_input_is_invalid_notation(text: str, problem: str) -> None:
    with pytest.raises(InvalidNotation, match=problem):
        RULES.parse(RULES.new(), text)


def test_lone_square_without_a_piece_explains_the_format() -> None:
    with pytest.raises(InvalidNotation, match="c5 alone is not a move: type c3-c5"):
        RULES.parse(RULES.new(), "c5")


def test_line_pushed_off_the_board_is_refused() -> None:
    # Naming the upper end first with a move down the file would take a1 below rank 1.
    state = make("a1 a2", "j8")
    with pytest.raises(RuleViolation, match="off the board"):
        RULES.parse(state, "a2:a1-a1")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("c2:d3-c3", "not on one rank or file"),
        ("c3:e3-c4", "c3 is not one of your pieces"),
        ("a2:a3-b2", "blocked at b2"),
        ("c2:d2-d3", "only straight forward"),
        ("e2:e3-e4", "only sideways"),
        ("c2:d2-c5", "split your group"),
    ],
)
def test_ordo_refusals_name_the_broken_rule(text: str, problem: str) -> None:
    with pytest.raises(RuleViolation, match=problem):
        RULES.parse(RULES.new(), text)


def test_every_refusal_is_a_single_sentence() -> None:
    state = RULES.new()
    for text in ("c2-c5", "b3-b2", "c6-c5", "a2:d2-a3", "hello", "c4", "c2xc4", "c1-a3"):
        with pytest.raises(IllegalMove) as refused:
            RULES.parse(state, text)
        message = str(refused.value)
        assert message.endswith((".", "?")) and "\n" not in message
        assert message.count(". ") == 0 and message.count("? ") == 0, message
