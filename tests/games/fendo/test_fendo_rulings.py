"""One or more tests per numbered ruling of docs/rules/fendo.md."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from games.core import GameOver, InvalidNotation, InvalidOption, RuleViolation
from games.fendo import RULES
from games.fendo.state import Add, Build, FendoState

Board = Callable[..., FendoState]


def diagram(*, rank1: str, below_rank2: str = "", rank4: str = ". . . . . . .") -> str:
    """A 7×7 diagram with Orange on d7 and only ranks 1 and 4 (and the fences between ranks
    1 and 2) filled in."""
    return f"""
. . . O . . .

. . . . . . .

. . . . . . .

{rank4}

. . . . . . .

. . . . . . .
{below_rank2}
{rank1}
"""


# Rank 1 is the open area (White d1, Orange g1); Orange d7 alone owns ranks 2–7.
ROW = diagram(below_rank2="- - - - - - -", rank1=". . . W . . O")
# Rank 1 from a1 to e1 is the open area and full; White's c1 is boxed in.
FULL_ROW = diagram(below_rank2="- - - - -", rank1="O O W O O|. .")
# White's d1 can slide to c1 or e1, but two Orange pieces stand on each side.
CORRIDOR = diagram(below_rank2="- - - - - - -", rank1="O O . W . O O")


# Orange's d7 is walled into rank 7; ranks 1–6 are open with two White pieces.
WALLED_ORANGE = """
. . . O . . .
- - - - - - -
. . . . . . .

. . . . . . .

. . . . . . .

. . W . . . .

. . . . . . .

. . . W . . .
"""


def sq(name: str, size: int = 7) -> int:
    files = "abcdefghijk"
    return (int(name[1:]) - 1) * size + files.index(name[0])


def test_ruling_1_board_is_7x7_with_9_and_11_as_options() -> None:
    state = RULES.new()
    view = RULES.view(state, None)
    assert view["size"] == 7
    assert len(view["open_area"]) == 49
    assert RULES.new(options={"size": 9}).size == 9
    assert RULES.new(options={"size": "11"}).size == 11
    with pytest.raises(InvalidOption):
        RULES.new(options={"size": 8})
    with pytest.raises(InvalidNotation, match="no square h1"):
        RULES.parse(state, "h1")
    assert RULES.parse(RULES.new(options={"size": 9}), "h1") == Add(sq("h1", 9))


def test_ruling_2_fences_lie_between_squares_and_not_on_the_edge() -> None:
    state = RULES.new()
    with pytest.raises(RuleViolation, match="south side of d1 is the board edge"):
        RULES.parse(state, "d1s")
    after = RULES.apply(state, RULES.parse(state, "d1n"))
    assert RULES.view(after, None)["fences"] == ["d1/d2"]
    # The same fence named from the other square, and by square and side, in a position.
    data = json.loads(RULES.position(after))
    for name in ("d2/d1", "d1n", "d2s"):
        data["fences"] = [name]
        assert RULES.from_position(json.dumps(data)).fences_north == after.fences_north
    # A fence cannot be built twice.
    orange_turn = RULES.apply(after, RULES.parse(after, "d7s"))
    with pytest.raises(RuleViolation, match="already a fence on d1/d2"):
        RULES.parse(orange_turn, "d1n")


def test_ruling_2_there_is_no_limit_on_fences() -> None:
    """More fences than the roughly fifty sticks in the box: the engine never counts them."""
    rng = random.Random(7)
    state = RULES.new(options={"size": 11, "early_end": False})
    while RULES.outcome(state) is None:
        actions = RULES.legal_actions(state)
        adds = [a for a in actions if isinstance(a, Add)]  # more pieces, more areas, more fences
        state = RULES.apply(state, rng.choice(adds or actions))
    assert len(RULES.view(state, None)["fences"]) > 80


def test_ruling_3_start_pieces_and_stock() -> None:
    view = RULES.view(RULES.new(), None)
    assert view["pieces"] == {"d1": 0, "d7": 1}
    assert view["stock"] == [6, 6]
    assert RULES.view(RULES.new(options={"size": 9}), None)["pieces"] == {"e1": 0, "e9": 1}
    assert RULES.view(RULES.new(options={"size": 11}), None)["pieces"] == {"f1": 0, "f11": 1}


@pytest.mark.parametrize(
    ("handicap", "stock"),
    [
        ("none", [6, 6]),
        ("white6", [5, 6]),
        ("white5", [4, 6]),
        ("orange6", [6, 5]),
        ("orange5", [6, 4]),
    ],
)
def test_ruling_3_handicap_gives_six_or_five_pieces(handicap: str, stock: list[int]) -> None:
    assert RULES.view(RULES.new(options={"handicap": handicap}), None)["stock"] == stock


def test_ruling_3_unknown_handicap_is_refused() -> None:
    with pytest.raises(InvalidOption):
        RULES.new(options={"handicap": "white4"})


def test_ruling_4_white_moves_first() -> None:
    state = RULES.new()
    assert RULES.to_move(state) == [0]
    assert RULES.info.seat_names[0] == "White"
    after = RULES.apply(state, RULES.parse(state, "c3"))
    assert RULES.to_move(after) == [1]


def test_ruling_5_areas_are_split_only_by_fences(board: Board) -> None:
    # a1 is fenced off by a1/b1 and a1/a2; pieces do not split areas.
    state = board(diagram(below_rank2="-", rank1="W|. . W . . ."))
    view = RULES.view(state, None)
    assert view["closed"][0]["squares"] == ["a1"]
    assert len(view["open_area"]) == 48
    assert "d7" in view["open_area"] and "c1" in view["open_area"]


def test_ruling_6_positions_with_an_empty_area_are_refused(board: Board) -> None:
    with pytest.raises(InvalidNotation, match="empty"):
        board(diagram(below_rank2="-", rank1=".|. W . . . ."))


def test_ruling_6_positions_with_two_open_areas_are_refused(board: Board) -> None:
    with pytest.raises(InvalidNotation, match="two open areas"):
        board(ROW.replace(". . . O . . .", ". . O O . . .", 1))


def test_ruling_7_straight_and_one_turn_moves() -> None:
    state = RULES.new()
    assert RULES.parse(state, "d1-d6n") == Build(sq("d1"), sq("d6"), "n")
    assert RULES.parse(state, "d1-a4e") == Build(sq("d1"), sq("a4"), "e")  # d1→a1→a4
    assert RULES.parse(state, "d1-g7w") == Build(sq("d1"), sq("g7"), "w")  # d1→g1→g7
    with pytest.raises(RuleViolation, match="d7 is occupied"):
        RULES.parse(state, "d1-d7w")


def test_ruling_7_no_second_turn_and_no_crossing_fences(board: Board) -> None:
    # d1 is fenced on both sides: reaching f1 would need d1→d2→f2→f1, two turns.
    state = board(diagram(rank1=". . .|W|. . ."), stock=(6, 6))
    with pytest.raises(RuleViolation, match=r"(?i)no route from d1 to f1 with at most one turn"):
        RULES.parse(state, "d1-f1n")
    with pytest.raises(RuleViolation, match=r"(?i)no route from d1 to a7 with at most one turn"):
        RULES.parse(state, "d1-a7e")
    assert RULES.parse(state, "d1-f2s") == Build(sq("d1"), sq("f2"), "s")


def test_ruling_7_no_moving_over_pieces(board: Board) -> None:
    state = board(diagram(rank4=". . . O . . .", rank1=". . . W . . ."))
    assert state.pieces[1] >> sq("d4") & 1
    with pytest.raises(RuleViolation, match=r"(?i)no route from d1 to d6"):
        RULES.parse(state, "d1-d6n")
    # The error lists legal alternatives for the same piece.
    with pytest.raises(RuleViolation, match="legal moves for d1 include"):
        RULES.parse(state, "d1-d6n")


def test_ruling_7_fence_may_not_enclose_an_empty_area(board: Board) -> None:
    # a1 already has a fence to its north; fencing b1's west side would shut a1 off empty.
    state = board(diagram(below_rank2="-", rank1=". . . W . . ."))
    with pytest.raises(RuleViolation, match=r"(?i)that fence would enclose an empty area"):
        RULES.parse(state, "d1-b1w")
    assert Build(sq("d1"), sq("b1"), "w") not in RULES.legal_actions(state)
    assert Build(sq("d1"), sq("a1"), "e") in RULES.legal_actions(state)  # a1 holds the piece


def test_ruling_7_fence_may_not_cut_off_two_open_areas(board: Board) -> None:
    state = board(FULL_ROW, early_end=False)
    with pytest.raises(RuleViolation, match=r"(?i)that fence would cut off two open areas"):
        RULES.parse(state, "c1e")
    with pytest.raises(RuleViolation, match=r"(?i)that fence would cut off two open areas"):
        RULES.parse(state, "c1w")


def test_ruling_7_a_piece_with_no_legal_fence_cannot_be_selected(board: Board) -> None:
    # White's c1 is boxed in: every fence beside it leaves two pieces on each side.
    state = board(FULL_ROW, early_end=False)
    assert RULES.legal_actions(state) == []
    orange = board(FULL_ROW, early_end=False, to_move="O")
    assert all(a.piece != sq("c1") for a in RULES.legal_actions(orange))


def test_ruling_7_splitting_is_fine_when_one_side_has_exactly_one_piece(board: Board) -> None:
    state = board(ROW, early_end=False, stock=(6, 6))
    after = RULES.apply(state, RULES.parse(state, "d1-c1e"))
    # Both halves hold one piece each: both are closed and the game is over.
    assert RULES.view(after, None)["open_area"] == []
    assert RULES.outcome(after) is not None


def test_ruling_8_add_next_to_a_piece_that_cannot_be_selected(board: Board) -> None:
    # White's d1 may go to c1 or e1 but can fence nowhere (every split leaves 2+ pieces on
    # both sides), so it cannot be selected; it can still be the source of an add.
    state = board(CORRIDOR, early_end=False, stock=(1, 1))
    assert RULES.legal_actions(state) == [Add(sq("c1")), Add(sq("e1"))]
    with pytest.raises(RuleViolation, match="cut off two open areas"):
        RULES.parse(state, "d1-c1w")


def test_ruling_8_add_must_be_one_move_away(board: Board) -> None:
    state = board(diagram(rank1=". . .|W|. . ."), stock=(6, 6))
    with pytest.raises(RuleViolation, match="f1 is not one move away"):
        RULES.parse(state, "f1")
    assert RULES.parse(state, "+f2") == Add(sq("f2"))
    with pytest.raises(RuleViolation, match="d7 is occupied"):
        RULES.parse(state, "d7")


def test_ruling_8_no_add_without_stock_or_without_a_piece_in_the_open_area(board: Board) -> None:
    empty_stock = board(ROW, early_end=False, stock=(0, 3))
    with pytest.raises(RuleViolation, match="no pieces left in stock"):
        RULES.parse(empty_stock, "c1")
    orange = board(WALLED_ORANGE, to_move="O", stock=(6, 6))
    with pytest.raises(RuleViolation, match="no piece in the open area"):
        RULES.parse(orange, "d6")


def test_ruling_9_a_player_without_action_passes_automatically(board: Board) -> None:
    state = board(WALLED_ORANGE, stock=(6, 6))
    after = RULES.apply(state, RULES.parse(state, "c3e"))
    assert RULES.to_move(after) == [0]  # Orange was skipped
    assert after.passes == 1
    assert [str(n) for n in RULES.presentation.notices(state, after)] == [
        "Orange has no legal action and passes."
    ]
    again = RULES.apply(after, RULES.parse(after, "d1n"))
    assert again.passes == 1 and RULES.to_move(again) == [0]


def test_ruling_9_from_position_resolves_a_pending_pass(board: Board) -> None:
    text = RULES.position(board(WALLED_ORANGE, to_move="O", stock=(6, 6)))
    state = RULES.from_position(text)
    assert RULES.to_move(state) == [0] and state.passes == 1


def test_ruling_10_game_ends_when_no_open_area_remains(board: Board) -> None:
    state = board(ROW, early_end=False, stock=(6, 6))
    after = RULES.apply(state, RULES.parse(state, "d1-f1e"))
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.termination == "score"
    assert outcome.scores == (6, 43)
    assert RULES.to_move(after) == []
    with pytest.raises(GameOver):
        RULES.apply(after, Add(sq("a1")))


def test_ruling_10_two_passes_end_the_game_and_the_open_area_counts_for_nobody(
    board: Board,
) -> None:
    state = board(ROW, early_end=False, passes=2)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.termination == "passes"
    assert outcome.scores == (0, 42)  # the 7 open squares belong to nobody
    assert RULES.legal_actions(state) == []


EARLY = """
. . . O . . .

. O . . . . .

. . . . . . .
- - - - - -
. . . . . . .

. . . . . . .

. . . . . . .

. . . W . . .
"""


def test_ruling_10_early_end_when_one_player_closes_more_than_half(board: Board) -> None:
    state = board(EARLY, stock=(6, 6))
    after = RULES.apply(state, RULES.parse(state, "d1-g4n"))
    assert RULES.view(after, None)["scores"] == [28, 0]
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.termination == "early_end"
    assert outcome.winners == (0,)
    assert "White has more than half the board closed; the game ends." in [
        str(n) for n in RULES.presentation.notices(state, after)
    ]
    # With the option off the game goes on.
    relaxed = board(EARLY, stock=(6, 6), early_end=False)
    later = RULES.apply(relaxed, RULES.parse(relaxed, "d1-g4n"))
    assert RULES.outcome(later) is None and RULES.to_move(later) == [1]


SPLIT = """
. . . O . . .

. . . . . . .

. . . . . . .
- - - - - - -
. . . O . . .

. . . . . . .
- - - - - -
. . . . . . .

. . . W . . .
"""


def test_ruling_11_score_is_squares_of_owned_closed_areas(board: Board) -> None:
    state = board(SPLIT, stock=(0, 0))
    after = RULES.apply(state, RULES.parse(state, "d1-g2n"))
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.scores == (14, 35)
    assert outcome.winners == (1,)
    assert sum(outcome.scores) == 49


def test_ruling_11_equal_scores_are_a_draw(board: Board) -> None:
    # Rank 1 is White's, rank 7 Orange's, the open middle belongs to nobody after two passes.
    state = board(
        """
        . . . O . . .
        - - - - - - -
        . . . . . . .

        . . . O . . .

        . . . . . . .

        . . . W . . .

        . . . . . . .
        - - - - - - -
        . . . W . . .
        """,
        passes=2,
    )
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == (7, 7) and outcome.is_draw


def test_ruling_12_running_scores_are_in_every_view(board: Board) -> None:
    state = board(SPLIT, stock=(0, 0))
    assert RULES.view(state, None)["scores"] == [0, 21]
    assert RULES.view(state, 0)["scores"] == [0, 21]
    after = RULES.apply(state, RULES.parse(state, "d1-g2n"))
    assert RULES.view(after, 1)["scores"] == [14, 35]


def test_ruling_13_start_position_text() -> None:
    assert RULES.position(RULES.new()) == (
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "fences": [], '
        '"stock": {"W": 6, "O": 6}, "to_move": "W", "passes": 0}'
    )


def test_ruling_13_positions_round_trip_with_fences_and_options(board: Board) -> None:
    state = board(SPLIT, stock=(2, 3), early_end=False)
    text = RULES.position(state)
    data = json.loads(text)
    assert list(data) == ["size", "pieces", "fences", "stock", "to_move", "passes", "options"]
    assert data["fences"][:2] == ["a2/a3", "b2/b3"]
    assert RULES.from_position(text) == state
    assert RULES.position(RULES.from_position(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"size": 8, "pieces": {"d1": "W"}}',
        '{"size": 7, "pieces": {"d1": "X", "d7": "O"}}',
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "fences": ["d1/e2"]}',
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "stock": {"W": -1, "O": 0}}',
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "to_move": "B"}',
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "colour": "W"}',
        '{"size": 7, "pieces": {"d1": "W", "d7": "O"}, "fences": ["d1n", "d2s"]}',
    ],
)
def test_ruling_13_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        RULES.from_position(text)


def test_ruling_14_move_notation_forms() -> None:
    state = RULES.new()
    assert RULES.parse(state, "c3") == Add(sq("c3"))
    assert RULES.parse(state, "+c3") == Add(sq("c3"))
    assert RULES.parse(state, " D1-D4N ") == Build(sq("d1"), sq("d4"), "n")
    assert RULES.parse(state, "d1e") == Build(sq("d1"), sq("d1"), "e")
    assert RULES.parse(state, "d1-d1e") == Build(sq("d1"), sq("d1"), "e")
    assert RULES.format(state, Build(sq("d1"), sq("d4"), "n")) == "d1-d4n"
    assert RULES.format(state, Build(sq("d1"), sq("d1"), "e")) == "d1e"
    assert RULES.format(state, Add(sq("c3"))) == "c3"


@pytest.mark.parametrize("text", ["", "d1-d4", "d1x", "zz", "d1-d4-d5n", "d0"])
def test_ruling_14_unreadable_moves(text: str) -> None:
    with pytest.raises(InvalidNotation):
        RULES.parse(RULES.new(), text)


def test_ruling_14_errors_say_why_and_offer_alternatives() -> None:
    state = RULES.new()
    with pytest.raises(RuleViolation) as info:
        RULES.parse(state, "d7-d6s")
    message = str(info.value)
    assert message.startswith("There is no White piece on d7")
    assert message.endswith(".") and message.count(".") == 1
