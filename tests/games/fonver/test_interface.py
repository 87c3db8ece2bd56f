"""The parts of the Rules surface the bot and renderer rely on: info, view, highlight,
descriptions, notices and turn boundaries."""

from __future__ import annotations

import json

from games.fonver import KEEP, RULES, SWAP, Place, Point

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


def build(diagram: str, side: str = "B", phase: str = "place"):
    return RULES.from_position(f"{diagram.strip()}\n{side}\n{phase}")


def test_info_describes_the_game() -> None:
    info = RULES.info
    assert info.name == "fonver" and info.seat_names == ("Black", "White")
    assert {o.name for o in info.options} == {"size", "pie"}
    assert RULES.options(None) == {"size": 19, "pie": True}


def test_view_is_json_safe_and_complete() -> None:
    placed = RULES.apply(build(TWO_CUTS), Place(Point(4, 4)))
    view = RULES.view(placed, 1)
    assert json.loads(json.dumps(view)) == view
    assert view["size"] == 9
    assert view["phase"] == "capture"
    assert view["to_move"] == 0 and view["to_move_colour"] == "black"
    assert view["seat_colours"] == ["black", "white"]
    assert view["crosscuts"] == [["e4", "f4", "e5", "f5"], ["d5", "e5", "d6", "e6"]]
    assert sorted(view["stones"]["black"]) == ["d6", "e5", "f4"]
    assert view["pie_pending"] is False
    assert view["winner"] is None
    assert view == RULES.view(placed, None)  # nothing is hidden in Fonver


def test_view_after_the_end_names_the_winner() -> None:
    rows = ["....B...."] * 9
    state = RULES.from_position("\n".join([*rows, "W", "place", "swapped"]))
    view = RULES.view(state, None)
    assert view["phase"] == "over" and view["to_move"] is None
    assert view["winner"] == 1 and view["winner_colour"] == "black"
    assert RULES.outcome(state).winners == (1,)
    assert view["winning_chain"] == sorted(f"e{r}" for r in range(1, 10))


def test_highlight_facts() -> None:
    state = build(TWO_CUTS)
    assert RULES.presentation.highlight(state, Place(Point(4, 4))) == {
        "notation": "e5",
        "kind": "place",
        "point": "e5",
        "colour": "black",
        "captured": [],
    }
    placed = RULES.apply(state, Place(Point(4, 4)))
    step = RULES.parse(placed, "d6>e6")
    assert RULES.presentation.highlight(placed, step) == {
        "notation": "d6>e6",
        "kind": "capture",
        "from": "d6",
        "to": "e6",
        "captured": ["e6"],
        "colour": "black",
    }
    deciding = RULES.apply(RULES.new(options={"size": 9}), Place(Point(4, 4)))
    assert RULES.presentation.highlight(deciding, SWAP)["kind"] == "pie"


def test_describe_and_notices() -> None:
    state = build(TWO_CUTS)
    placed = RULES.apply(state, Place(Point(4, 4)))
    assert (
        # the service names the player with their colour, as everywhere ("alice (Black)")
        str(RULES.presentation.describe(state, Place(Point(4, 4)), "alice (Black)"))
        == "alice (Black) placed e5"
    )
    notes = [str(n) for n in RULES.presentation.notices(state, placed)]
    assert notes == [
        "2 crosscuts are open (e4–f5, d5–e6): Black must capture before the turn passes."
    ]
    step = RULES.parse(placed, "d6>e6")
    middle = RULES.apply(placed, step)
    assert str(RULES.presentation.describe(placed, step, "alice (Black)")) == (
        "alice (Black) captured e6 with the stone from d6"
    )
    assert [str(n) for n in RULES.presentation.notices(placed, middle)] == [
        "1 crosscut is still open (e4–f5): Black must capture before the turn passes."
    ]
    end = RULES.apply(middle, RULES.parse(middle, "f4>f5"))
    assert [str(n) for n in RULES.presentation.notices(middle, end)] == []
    deciding = RULES.apply(RULES.new(options={"size": 9}), Place(Point(4, 4)))
    assert str(RULES.presentation.describe(deciding, SWAP, "bob")).startswith(
        "bob swapped and now plays Black"
    )
    assert (
        str(RULES.presentation.describe(deciding, KEEP, "bob")) == "bob kept White and places next"
    )


def test_turn_boundaries_for_the_bot() -> None:
    opening = RULES.new(options={"size": 9})
    deciding = RULES.apply(opening, Place(Point(4, 4)))
    assert RULES.turn_ended(opening, deciding)  # the second player is pinged to decide
    kept = RULES.apply(deciding, KEEP)
    assert not RULES.turn_ended(deciding, kept)  # the same player places right away
    swapped = RULES.apply(deciding, SWAP)
    assert RULES.turn_ended(deciding, swapped)  # the first player now moves as White
