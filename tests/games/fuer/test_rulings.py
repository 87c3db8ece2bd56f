"""One test (at least) per numbered ruling of docs/rules/fuer.md."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from games.core import GameOver, IllegalMove, InvalidNotation, RuleViolation
from games.fuer import RULES, FuerState
from games.fuer.board import CELL_OF, NAMES, NEIGHBOURS, SIZE, bits

Build = Callable[..., FuerState]
START = ["d2", "d3", "d4", "e2", "e3", "e4", "f2", "f3", "f4"]


def play(state: FuerState, text: str) -> FuerState:
    return RULES.apply(state, RULES.parse(state, text))


def refused(state: FuerState, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        RULES.parse(state, text)
    return str(caught.value).lower()


def names(mask: int) -> set[str]:
    return {NAMES[c] for c in bits(mask)}


# -- board ---------------------------------------------------------------------------------


def test_ruling_1_board_has_45_named_spaces_with_hex_neighbours() -> None:
    assert SIZE == 45
    assert NAMES[0] == "a1" and NAMES[-1] == "i5"
    assert len(set(NAMES)) == 45
    assert names(NEIGHBOURS[CELL_OF["e3"]]) == {"d3", "f3", "e2", "e4", "f2", "d4"}
    assert names(NEIGHBOURS[CELL_OF["a1"]]) == {"b1", "a2"}
    assert names(NEIGHBOURS[CELL_OF["a5"]]) == {"b5", "a4", "b4"}
    assert names(NEIGHBOURS[CELL_OF["i1"]]) == {"h1", "h2", "i2"}


def test_ruling_1_the_plus_minus_diagonal_counts_as_touching() -> None:
    start = RULES.new()
    # e1 touches e2 and, along (−1, +1), d2: two tiles, so one new piece.
    after = play(start, "e1 +e3")
    assert names(after.dark) == {"e3"}
    # g1 touches only f2 (along (−1, +1)); nobody has a piece to move yet.
    assert "only one placed tile" in refused(start, "g1 +e3")
    # c2 touches d2 only: (+1, +1) is not a hex neighbour.
    assert "only one placed tile" in refused(start, "c2 +e3")


@pytest.mark.parametrize(
    ("line", "fourth"),
    [
        (["d3", "e3", "f3"], "g3"),  # axis (1, 0)
        (["e2", "e3", "e4"], "e5"),  # axis (0, 1)
        (["d4", "e3", "f2"], "g1"),  # axis (1, −1)
    ],
)
def test_ruling_2_lines_run_along_the_three_axes(
    build: Build, line: list[str], fourth: str
) -> None:
    state = build(pieces=dict.fromkeys(line, "F"), extra_tiles=(fourth,))
    after = play(state, f"c3 +{fourth}")
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert after.outcome.termination == "four_in_row"
    assert {NAMES[c] for c in after.win_line} == {*line, fourth}


def test_ruling_2_the_other_diagonal_is_not_a_line(build: Build) -> None:
    state = build(pieces=dict.fromkeys(["d2", "e3", "f4"], "F"), extra_tiles=("g5",))
    after = play(state, "c3 +g5")
    assert after.outcome is None


# -- start and players ---------------------------------------------------------------------


def test_ruling_3_start_has_the_central_rhombus_and_full_supplies() -> None:
    state = RULES.new()
    assert names(state.tiles) == set(START)
    assert state.pieces == 0
    assert state.supply == (20, 20)
    assert json.loads(RULES.position(state)) == {
        "tiles": START,
        "pieces": {},
        "supply": {"F": 20, "S": 20},
        "to_move": "F",
        "options": {"move_range": "any", "overline": "six_or_more"},
    }


def test_ruling_3_the_board_can_fill_with_tiles(build: Build) -> None:
    # 44 tiles down and one hole left: the 45th tile is still available.
    tiles = [n for n in NAMES if n != "a1"]
    state = build(tiles=tiles, pieces={"e3": "F"})
    assert RULES.legal_tiles(state) == ["a1"]


def test_ruling_4_first_is_dark_and_moves_first() -> None:
    info = RULES.info
    assert info.name == "fuer" and info.title == "Fuer (Extension)"
    assert info.seat_names == ("Dark", "Light")
    assert info.aliases == ("extension",)
    state = RULES.new()
    assert RULES.to_move(state) == [0]
    view = RULES.view(state, None)
    assert view["colours"] == {"F": "dark", "S": "light"}
    after = play(state, "c3 +e3")
    assert RULES.view(after, None)["pieces"] == {"e3": "F"}
    assert RULES.to_move(after) == [1]


# -- a turn --------------------------------------------------------------------------------


def test_ruling_5_a_tile_must_touch_a_placed_tile_and_cannot_stack() -> None:
    start = RULES.new()
    assert "a tile must touch at least one placed tile" in refused(start, "a1 +e3").lower()
    assert "already a tile on e3" in refused(start, "e3 +d2")
    assert all(turn.tile not in bits(start.tiles) for turn in RULES.legal_actions(start))


def test_ruling_5_there_is_no_pass() -> None:
    start = RULES.new()
    with pytest.raises(InvalidNotation):
        RULES.parse(start, "pass")
    assert all(RULES.format(start, t) != "pass" for t in RULES.legal_actions(start))


def test_ruling_6_one_touch_moves_a_piece_anywhere(build: Build) -> None:
    state = build(pieces={"d2": "F", "e3": "S"}, to_move="F")
    after = play(state, "c2 d2>f4")
    assert names(after.dark) == {"f4"}
    assert after.supply == state.supply
    assert names(after.tiles) == names(state.tiles) | {"c2"}


def test_ruling_6_option_adjacent_moves_one_step(build: Build) -> None:
    state = build(pieces={"d2": "F"}, options={"move_range": "adjacent"})
    assert "only one step" in refused(state, "c2 d2>f4")
    after = play(state, "c2 d2>e2")
    assert names(after.dark) == {"e2"}


def test_ruling_6_cannot_move_the_opponents_piece(build: Build) -> None:
    state = build(pieces={"d2": "F", "e3": "S"})
    assert "no piece of yours on e3" in refused(state, "c2 e3>f4")


def test_ruling_7_k_touches_put_k_minus_one_pieces(build: Build) -> None:
    state = build(extra_tiles=("c3",))  # c4 now touches c3, d3 and d4
    after = play(state, "c4 +d2 +f4")
    assert names(after.dark) == {"d2", "f4"}
    assert after.supply == (18, 20)
    assert "exactly 2 new pieces" in refused(state, "c4 +d2")


def test_ruling_8a_no_piece_on_the_new_tile(build: Build) -> None:
    start = RULES.new()
    assert "may not go on the tile placed this turn" in refused(start, "c3 +c3")
    moving = build(pieces={"d2": "F"})
    assert "may not go on the tile placed this turn" in refused(moving, "c2 d2>c2")


def test_ruling_8b_new_pieces_not_adjacent(build: Build) -> None:
    state = build(extra_tiles=("c3",))
    message = refused(state, "c4 +d2 +d3")
    assert "new pieces may not be adjacent to each other (d2 and d3)" in message
    # The message suggests legal turns with the same tile.
    suggestion = message.split("include ")[1].split(" or ")[0].split(",")[0]
    assert RULES.parse(state, suggestion).tile == CELL_OF["c4"]


def test_ruling_8c_supply_must_suffice(build: Build) -> None:
    state = build(extra_tiles=("c3",), supply={"F": 1, "S": 20})
    assert "you have only 1 piece left in supply, this tile needs 2" in refused(state, "c4 +d2 +f4")
    assert "c4" not in RULES.legal_tiles(state)
    assert "c3" not in RULES.legal_tiles(state)  # c3 is already a tile
    assert "d5" in RULES.legal_tiles(state)  # a two-touch tile needs only one piece


def test_ruling_8d_no_one_touch_turn_without_a_piece_to_move(build: Build) -> None:
    start = RULES.new()
    assert "none on the board" in refused(start, "c2 e3>e4")
    assert all(t.move is None for t in RULES.legal_actions(start))
    # With one-step moves, d2 boxed in by e2 and d3 has no destination at all.
    boxed = build(pieces={"d2": "F", "e2": "S", "d3": "S"}, options={"move_range": "adjacent"})
    assert "c2" not in RULES.legal_tiles(boxed)
    assert all(NAMES[t.tile] != "c2" for t in RULES.legal_actions(boxed))


# Row 3 holds c3 d3 e3 and g3 h3; a piece on f3 would join them into six.
ROW = {"c3": "F", "d3": "S", "e3": "F", "g3": "S", "h3": "F"}


def test_ruling_9_no_line_of_six(build: Build) -> None:
    state = build(pieces={**ROW, "d4": "F"}, extra_tiles=("b3",))
    assert "that would make a line of 6" in refused(state, "e1 +f3")
    assert "that would make a line of 6" in refused(state, "f5 d4>f3")
    assert all(CELL_OF["f3"] not in t.placed for t in RULES.legal_actions(state))


def test_ruling_9_option_seven_or_more(build: Build) -> None:
    loose = {"overline": "seven_or_more"}
    state = build(pieces=ROW, options=loose)
    after = play(state, "e1 +f3")  # a six is allowed, and is neither a four nor a five
    assert after.outcome is None
    longer = build(pieces={**ROW, "b3": "S"}, options=loose)
    assert "that would make a line of 7" in refused(longer, "e1 +f3")


def test_ruling_10_illegal_input_is_refused_and_the_player_tries_again() -> None:
    start = RULES.new()
    before = RULES.dump(start)
    with pytest.raises(RuleViolation):
        RULES.apply(start, RULES.legal_actions(start)[0]._replace(placed=(CELL_OF["c3"],)))
    assert RULES.dump(start) == before
    assert RULES.to_move(start) == [0]
    after = play(start, "c3 +d2")
    assert RULES.to_move(after) == [1]


# -- end of the game -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "extra", "text"),
    [
        # ended by an opponent piece (h3) and a space without a tile (c3)
        ({"e3": "F", "f3": "F", "g3": "F", "h3": "S"}, ("g3", "h3"), "d5 +d3"),
        # ended by the board edge (before a3) and a vacant tile (e3)
        ({"a3": "F", "b3": "F", "c3": "F"}, ("a3", "b3", "c3"), "d5 +d3"),
    ],
)
def test_ruling_11_exactly_four_of_own_colour_wins(
    build: Build, pieces: dict[str, str], extra: tuple[str, ...], text: str
) -> None:
    after = play(build(pieces=pieces, extra_tiles=extra), text)
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert after.outcome.termination == "four_in_row"


def test_ruling_11_a_mixed_five_wins_for_the_mover(build: Build) -> None:
    state = build(
        pieces={"c2": "S", "d2": "F", "e2": "S", "f2": "F"}, to_move="S", extra_tiles=("c2", "g2")
    )
    after = play(state, "c4 +g2")
    assert after.outcome is not None
    assert after.outcome.winners == (1,)
    assert after.outcome.termination == "five_in_row"
    assert [NAMES[c] for c in after.win_line] == ["c2", "d2", "e2", "f2", "g2"]


def test_ruling_11_three_or_a_mixed_four_does_not_win(build: Build) -> None:
    state = build(pieces={"d3": "F", "e3": "S", "f3": "F"}, extra_tiles=("g3",))
    assert play(state, "c4 +g3").outcome is None
    state = build(pieces={"d3": "F", "e3": "F"}, extra_tiles=("g3",))
    assert play(state, "c4 +f3").outcome is None


def test_ruling_11_four_and_two_wins_with_seven_or_more(build: Build) -> None:
    row = {"b3": "F", "c3": "F", "d3": "F", "f3": "S", "g3": "S"}
    state = build(pieces=row, options={"overline": "seven_or_more"})
    after = play(state, "e1 +e3")  # F F F F S S: a six, but F's four is exact
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert after.outcome.termination == "four_in_row"


def test_ruling_11_a_single_colour_six_is_no_win_with_seven_or_more(build: Build) -> None:
    row = {"b3": "F", "c3": "F", "d3": "F", "f3": "F", "g3": "F"}
    state = build(pieces=row, options={"overline": "seven_or_more"})
    assert play(state, "e1 +e3").outcome is None


def test_ruling_12_no_legal_turn_loses(build: Build) -> None:
    # First has no supply and no piece on the board: nothing is possible.
    state = build(pieces={"e3": "S"}, supply={"F": 0, "S": 19}, to_move="F")
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
    assert state.outcome.termination == "no_legal_turn"
    assert RULES.to_move(state) == []
    assert RULES.legal_actions(state) == []
    with pytest.raises(GameOver):
        RULES.parse(state, "c3 +d2")


def test_ruling_12_the_loss_is_announced_after_the_opponents_turn(build: Build) -> None:
    state = build(pieces={"e3": "S"}, supply={"F": 0, "S": 19}, to_move="S")
    assert state.outcome is None
    after = play(state, "c3 +d2")
    assert after.outcome is not None
    assert after.outcome.winners == (1,)
    assert [str(n) for n in RULES.presentation.notices(state, after)] == [
        "Dark has no legal turn and loses."
    ]


def test_ruling_12_a_full_board_leaves_no_turn(build: Build) -> None:
    state = build(tiles=list(NAMES), pieces={"e3": "F"})
    assert state.outcome is not None and state.outcome.winners == (1,)


def test_ruling_13_only_the_movers_turn_is_judged(build: Build) -> None:
    second_three = {"a5": "S", "b5": "S", "c5": "S"}
    mixed_row = {"c2": "F", "d2": "S", "e2": "F", "f2": "S"}
    state = build(pieces={**second_three, **mixed_row}, extra_tiles=("g2",))
    after = play(state, "e1 +g2")  # First completes a five of mixed colours: First wins
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    quiet = play(state, "e1 +f4")  # nothing for First, and Second's pieces are not judged
    assert quiet.outcome is None


def test_ruling_14_a_loaded_position_is_judged_for_the_side_that_just_moved(
    build: Build,
) -> None:
    """Issue 14.6: a standing four of the side *not* to move means that side has won (it
    can only have been made on its own last turn), so the position loads finished."""
    second_four = {"a5": "S", "b5": "S", "c5": "S", "d5": "S"}
    state = build(pieces=second_four)
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert RULES.legal_actions(state) == []


# -- notation ------------------------------------------------------------------------------


def test_ruling_14_position_json_round_trips_losslessly() -> None:
    text = json.dumps(
        {
            "tiles": ["c3", "d2", "d3", "d4", "e2", "e3", "e4", "f2", "f3", "f4"],
            "pieces": {"d4": "S", "e3": "F"},
            "supply": {"F": 19, "S": 19},
            "to_move": "F",
            "options": {"move_range": "adjacent", "overline": "seven_or_more"},
        }
    )
    state = RULES.from_position(text)
    assert RULES.position(state) == text
    assert state.move_range == "adjacent"


def test_ruling_14_bad_positions_are_refused() -> None:
    bad = [
        "not json",
        '{"tiles": ["z9"], "pieces": {}, "supply": {"F": 20, "S": 20}, "to_move": "F"}',
        '{"tiles": ["e3"], "pieces": {"d2": "F"}, "supply": {"F": 19, "S": 20}, "to_move": "F"}',
        '{"tiles": ["e3"], "pieces": {"e3": "X"}, "supply": {"F": 19, "S": 20}, "to_move": "F"}',
        '{"tiles": ["e3"], "pieces": {"e3": "F"}, "supply": {"F": 20, "S": 20}, "to_move": "F"}',
        '{"tiles": ["e3"], "pieces": {}, "supply": {"F": 20, "S": 20}, "to_move": "F",'
        ' "options": {"overline": "never"}}',
    ]
    for text in bad:
        with pytest.raises(InvalidNotation):
            RULES.from_position(text)


def test_ruling_15_move_notation() -> None:
    state = RULES.from_position(
        json.dumps(
            {
                "tiles": [*START, "c3"],
                "pieces": {"e3": "F", "d4": "S"},
                "supply": {"F": 19, "S": 19},
                "to_move": "F",
                "options": {},
            }
        )
    )
    placing = RULES.parse(state, "c4 +f4 +d2")
    assert RULES.format(state, placing) == "c4 +d2 +f4"
    moving = RULES.parse(state, "b3 e3>f2")  # b3 touches c3 only
    assert RULES.format(state, moving) == "b3 e3>f2"
    assert RULES.parse(state, "B3  E3 -> F2") == moving
    assert RULES.parse(state, "c4, +d2+f4") == placing
    with pytest.raises(InvalidNotation):
        RULES.parse(state, "c4 +d2 e3>f2")
    with pytest.raises(InvalidNotation):
        RULES.parse(state, "c4 +d2 +d2")
    with pytest.raises(InvalidNotation):
        RULES.parse(state, "j9 +d2")


def test_ruling_8c_an_empty_supply_is_named(build: Build) -> None:
    state = build(pieces={"e3": "F"}, supply={"F": 0, "S": 20})
    assert "you have no pieces left in supply, this tile needs 1" in refused(state, "c3 +d2")
    assert RULES.legal_tiles(state) == ["c2", "c5", "d1", "f5", "g1", "g4"]
