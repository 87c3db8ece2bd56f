"""One test (at least) per numbered ruling of docs/rules/fonver.md."""

from __future__ import annotations

import random

import pytest

from games.core import InvalidOption, RuleViolation
from games.fonver import KEEP, RULES, SWAP, Capture, Place, Point
from games.fonver.board import BLACK, WHITE, all_crosscuts, chain, geometry

# Black crosscut stones e5 and f6, White f5 and e6; Black's chain e5-e4-e3 and a lone d2
# touching e3 only diagonally.
CROSSCUT = """
.........
.........
.........
....WB...
....BW...
....B....
....B....
...B.....
.........
"""


def stones(state, colour: int) -> int:
    return sum(1 for c in state.board if c == colour)


def test_ruling_1_board_sizes_and_default() -> None:
    for size in (9, 11, 13, 15, 17, 19):
        state = RULES.new(options={"size": size, "pie": False})
        assert len(state.board) == size * size
        assert len(RULES.legal_actions(state)) == size * size
    assert RULES.new().size == 19
    with pytest.raises(InvalidOption):
        RULES.new(options={"size": 10})


def test_ruling_1_point_names_files_from_a_ranks_from_bottom() -> None:
    state = RULES.new(options={"size": 19, "pie": False})
    actions = RULES.legal_actions(state)
    assert str(actions[0]) == "a1"
    assert str(actions[-1]) == "s19"
    assert "i9" in RULES.legal_notations(state)  # no file is skipped
    after = RULES.apply(state, RULES.parse(state, "a1"))
    assert RULES.position(after).splitlines()[18] == "B" + "." * 18
    after = RULES.apply(state, RULES.parse(state, "s19"))
    assert RULES.position(after).splitlines()[0] == "." * 18 + "B"
    with pytest.raises(RuleViolation, match="off the board"):
        RULES.parse(state, "t1")


def _line_position(pos, cells: list[str], side: str):
    """A 9×9 board with ``side``'s stones on ``cells`` and the other colour to place."""
    grid = [["."] * 9 for _ in range(9)]
    for name in cells:
        grid[9 - int(name[1:])][ord(name[0]) - ord("a")] = side
    return pos("\n".join("".join(row) for row in grid), "W" if side == "B" else "B")


def test_ruling_2_black_joins_top_and_bottom(pos) -> None:
    state = _line_position(pos, [f"e{r}" for r in range(1, 10)], "B")
    assert RULES.outcome(state).winners == (0,)
    assert "Black" in str(RULES.outcome(state).reason)


def test_ruling_2_white_joins_left_and_right(pos) -> None:
    state = _line_position(pos, [f"{f}5" for f in "abcdefghi"], "W")
    assert RULES.outcome(state).winners == (1,)


def test_ruling_2_wrong_edges_do_not_win(pos) -> None:
    state = _line_position(pos, [f"{f}5" for f in "abcdefghi"], "B")
    assert RULES.outcome(state) is None


def test_ruling_2_corner_belongs_to_both_edges(pos) -> None:
    # A black chain along file a touches rank 1 at the corner a1 and rank 9 at a9.
    state = _line_position(pos, [f"a{r}" for r in range(1, 10)], "B")
    assert RULES.outcome(state).winners == (0,)
    state = _line_position(pos, [f"{f}1" for f in "abcdefghi"], "W")
    assert RULES.outcome(state).winners == (1,)


def test_ruling_2_winning_placement_ends_the_game(pos) -> None:
    state = _line_position(pos, [f"e{r}" for r in range(1, 9)], "B")
    state = RULES.apply(state, RULES.parse(state, "a1"))  # White's harmless reply
    assert RULES.outcome(state) is None
    final = RULES.apply(state, RULES.parse(state, "e9"))
    assert RULES.outcome(final).winners == (0,)
    assert RULES.to_move(final) == []
    assert RULES.legal_actions(final) == []


def test_ruling_3_chains_are_orthogonal_only(pos) -> None:
    state = pos(CROSSCUT, phase="capture")
    geo = geometry(9)
    e3 = Point(4, 2).cell(9)
    names = {geo.name(p) for p in chain(state.board, geo, e3)}
    assert names == {"e3", "e4", "e5"}  # d2 touches e3 only diagonally; f6 only diagonally


def test_ruling_4_crosscut_needs_both_diagonals(pos) -> None:
    # Three stones of a block already sit; the fourth decides whether it is a crosscut.
    base = """
    .........
    .........
    .........
    ....W....
    ....BW...
    .........
    .........
    .........
    .........
    """
    state = pos(base)
    assert RULES.apply(state, Place(Point(5, 5))).phase == "capture"  # f6 black: crosscut
    white_f6 = RULES.apply(pos(base, "W"), Place(Point(5, 5)))
    assert white_f6.phase == "place"  # three white and one black
    assert all_crosscuts(white_f6.board, geometry(9)) == frozenset()


def test_ruling_4_crosscut_at_board_edge(pos) -> None:
    state = pos(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        WB.......
        B........
        """,
        side="W",
    )
    after = RULES.apply(state, RULES.parse(state, "b1"))
    assert after.phase == "capture"
    assert RULES.view(after, None)["crosscuts"] == [["a1", "b1", "a2", "b2"]]


def test_ruling_5_pie_keep_leaves_second_seat_white() -> None:
    state = RULES.new(options={"size": 9})
    assert RULES.to_move(state) == [0]
    state = RULES.apply(state, RULES.parse(state, "e5"))
    assert state.phase == "pie"
    assert RULES.to_move(state) == [1]
    assert RULES.legal_actions(state) == [KEEP, SWAP]
    kept = RULES.apply(state, KEEP)
    assert RULES.to_move(kept) == [1]
    assert RULES.view(kept, None)["seat_colours"] == ["black", "white"]
    after = RULES.apply(kept, RULES.parse(kept, "d4"))
    assert RULES.view(after, None)["stones"]["white"] == ["d4"]


def test_ruling_5_pie_swap_gives_second_seat_the_black_stone() -> None:
    state = RULES.new(options={"size": 9})
    state = RULES.apply(state, RULES.parse(state, "e5"))
    swapped = RULES.apply(state, RULES.parse(state, "swap"))
    view = RULES.view(swapped, None)
    assert view["seat_colours"] == ["white", "black"]
    assert view["stones"]["black"] == ["e5"]
    assert RULES.to_move(swapped) == [0]  # White moves next, and seat 0 now plays White
    after = RULES.apply(swapped, RULES.parse(swapped, "d4"))
    assert RULES.view(after, None)["stones"]["white"] == ["d4"]
    assert RULES.to_move(after) == [1]


def test_ruling_5_pie_off_black_simply_moves_first() -> None:
    state = RULES.new(options={"size": 9, "pie": False})
    state = RULES.apply(state, RULES.parse(state, "e5"))
    assert state.phase == "place"
    assert RULES.to_move(state) == [1]
    with pytest.raises(RuleViolation, match="no pie decision"):
        RULES.parse(state, "swap")


def test_ruling_5_placement_waits_for_the_pie_decision() -> None:
    state = RULES.apply(RULES.new(options={"size": 9}), Place(Point(4, 4)))
    with pytest.raises(RuleViolation, match="keep"):
        RULES.parse(state, "d4")


def test_ruling_6_one_stone_on_an_empty_point(pos) -> None:
    state = RULES.new(options={"size": 9, "pie": False})
    after = RULES.apply(state, RULES.parse(state, "c3"))
    assert stones(after, BLACK) == 1 and stones(after, WHITE) == 0
    assert RULES.to_move(after) == [1]  # a turn without crosscut is exactly one placement
    with pytest.raises(RuleViolation, match="c3 is occupied"):
        RULES.parse(after, "c3")
    assert len(RULES.legal_actions(after)) == 80


def test_ruling_7_capture_sources_are_the_chains_targets_the_crosscut(pos) -> None:
    state = pos(CROSSCUT, phase="capture")
    steps = set(RULES.legal_notations(state))
    sources = {"e3", "e4", "e5", "f6"}
    targets = {"f5", "e6"}
    assert steps == {f"{s}>{t}" for s in sources for t in targets}


def test_ruling_7_capture_removes_the_target_and_empties_the_source(pos) -> None:
    state = pos(CROSSCUT, phase="capture")
    after = RULES.apply(state, RULES.parse(state, "e3>f5"))
    view = RULES.view(after, None)
    assert "e3" not in view["stones"]["black"]
    assert "f5" in view["stones"]["black"]
    assert "f5" not in view["stones"]["white"]
    assert stones(after, WHITE) == stones(state, WHITE) - 1
    assert stones(after, BLACK) == stones(state, BLACK)
    assert after.phase == "place" and RULES.to_move(after) == [1]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("d2>f5", "d2 is not in a chain of your crosscut stones"),
        ("e3>e4", "e4 is not part of a crosscut"),
        ("e3>f6", "f6 is your own stone"),
        ("a1", "must capture"),
    ],
)
def test_ruling_7_refuses_stones_outside_the_chains(pos, text: str, reason: str) -> None:
    state = pos(CROSSCUT, phase="capture")
    with pytest.raises(RuleViolation, match=reason):
        RULES.parse(state, text)


TWO_CUTS = """
.........
.........
.........
...BW....
...W.W...
....WB...
.........
.........
.........
"""


def test_ruling_7_repeat_until_no_crosscut_in_any_order(pos) -> None:
    # e5 makes two crosscuts: d5/e6 against d6-e5, and e4/f5 against e5-f4.
    state = pos(TWO_CUTS)
    state = RULES.apply(state, RULES.parse(state, "e5"))
    assert len(state.crosscuts) == 2
    for first, second in (("d6>e6", "f4>f5"), ("f4>f5", "d6>e6")):
        middle = RULES.apply(state, RULES.parse(state, first))
        assert middle.phase == "capture" and len(middle.crosscuts) == 1
        assert RULES.to_move(middle) == [0]
        end = RULES.apply(middle, RULES.parse(middle, second))
        assert end.phase == "place" and RULES.to_move(end) == [1]
        assert stones(end, WHITE) == stones(state, WHITE) - 2


def test_ruling_7_capture_must_come_from_the_same_crosscut(pos) -> None:
    state = RULES.apply(pos(TWO_CUTS), Place(Point(4, 4)))
    # d6 belongs to the d5 crosscut only; it may not take f5 of the other crosscut.
    with pytest.raises(RuleViolation, match="d6 is not in a chain"):
        RULES.parse(state, "d6>f5")


def test_ruling_8_steps_of_one_turn_and_whole_turn_input(pos) -> None:
    state = pos(TWO_CUTS)
    placed = RULES.apply(state, RULES.parse(state, "e5"))
    assert RULES.to_move(placed) == RULES.to_move(state) == [0]
    assert not RULES.turn_ended(state, placed)
    actions = RULES.parse_many(state, "e5 d6>e6 f4>f5")
    assert [str(a) for a in actions] == ["e5", "d6>e6", "f4>f5"]
    end = state
    for action in actions:
        end = RULES.apply(end, action)
    assert RULES.turn_ended(placed, end)
    assert RULES.to_move(end) == [1]


def test_ruling_8_whole_turn_input_is_checked_step_by_step(pos) -> None:
    state = pos(TWO_CUTS)
    with pytest.raises(RuleViolation, match="After e5 d6>e6: d6"):
        RULES.parse_many(state, "e5 d6>e6 d6>f5")
    with pytest.raises(RuleViolation, match="ends after a1"):
        RULES.parse_many(state, "a1 b2")


def test_ruling_9_each_step_removes_one_enemy_stone(pos) -> None:
    state = RULES.apply(pos(TWO_CUTS), Place(Point(4, 4)))
    rng = random.Random(9)
    while state.phase == "capture":
        before_white = stones(state, WHITE)
        step = rng.choice(RULES.legal_actions(state))
        assert isinstance(step, Capture)
        state = RULES.apply(state, step)
        assert stones(state, WHITE) == before_white - 1


# Black e1-e4 and d5-d9 around an empty e5; f6 black with f5 and e6 white.
LATE_LINK = """
...B.....
...B.....
...B.....
...BWB...
...B.W...
....B....
....B....
....B....
....B....
"""


def test_ruling_10_no_win_in_the_middle_of_a_capture_sequence(pos) -> None:
    state = pos(LATE_LINK)
    placed = RULES.apply(state, RULES.parse(state, "e5"))
    assert placed.phase == "capture"
    assert RULES.outcome(placed) is None  # linked, but the turn has not ended
    broken = RULES.apply(placed, RULES.parse(placed, "e5>f5"))
    assert RULES.outcome(broken) is None  # the link left with e5
    assert RULES.to_move(broken) == [1]
    kept = RULES.apply(placed, RULES.parse(placed, "f6>f5"))
    assert RULES.outcome(kept).winners == (0,)


def test_ruling_11_random_games_end_with_a_winner() -> None:
    rng = random.Random(11)
    for _ in range(5):
        end = RULES.random_playout(RULES.new(options={"size": 9}), rng)
        result = RULES.outcome(end)
        assert result is not None and len(result.winners) == 1


def test_ruling_12_position_notation_exact_text() -> None:
    state = RULES.new(options={"size": 9, "pie": False})
    state = RULES.apply(state, RULES.parse(state, "a1"))
    state = RULES.apply(state, RULES.parse(state, "i9"))
    assert RULES.position(state) == "\n".join(
        ["........W", *["." * 9] * 7, "B........", "B", "place"]
    )
    assert RULES.from_position(RULES.position(state)) == state


def test_ruling_12_capture_phase_round_trips(pos) -> None:
    state = RULES.apply(pos(TWO_CUTS), Place(Point(4, 4)))
    text = RULES.position(state)
    assert text.splitlines()[-2:] == ["B", "capture"]
    assert RULES.from_position(text) == state


def test_ruling_13_move_notation_round_trip(pos) -> None:
    state = pos(CROSSCUT, phase="capture")
    assert RULES.parse(state, "e3>f5") == Capture(Point(4, 2), Point(5, 4))
    assert RULES.format(state, Capture(Point(4, 2), Point(5, 4))) == "e3>f5"
    assert RULES.parse(state, " E3 > F5 ") == Capture(Point(4, 2), Point(5, 4))
    opening = RULES.new(options={"size": 19})
    assert RULES.parse(opening, "k10") == Place(Point(10, 9))
    pie = RULES.apply(opening, Place(Point(10, 9)))
    assert RULES.parse(pie, "keep") == KEEP
    assert RULES.parse(pie, "SWAP") == SWAP
