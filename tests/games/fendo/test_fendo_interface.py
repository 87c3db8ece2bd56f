"""The Rules surface the generic bot layers rely on: info, options, views, messages."""

from __future__ import annotations

import json

import pytest

import games
from games.core import GameOver, InvalidOption
from games.fendo import RULES
from games.fendo.state import Add, Build
from tests.games.fendo.positions import every_area_closed


def test_registry_finds_fendo() -> None:
    assert games.get("fendo") is RULES
    assert games.get(" Fendo ") is RULES


def test_info_and_option_schema() -> None:
    info = RULES.info
    assert (info.name, info.title, info.min_players, info.max_players) == ("fendo", "Fendo", 2, 2)
    assert info.seat_names == ("White", "Orange")
    by_name = {opt.name: opt for opt in info.options}
    assert by_name["size"].choices == (7, 9, 11) and by_name["size"].default == 7
    assert by_name["handicap"].default == "none"
    assert by_name["early_end"].kind == "bool" and by_name["early_end"].default is True
    assert RULES.options({"early_end": "off"}) == {
        "size": 7,
        "handicap": "none",
        "early_end": False,
    }
    assert "d1-d4n" in info.notation_help and info.summary


def test_only_two_players() -> None:
    with pytest.raises(InvalidOption):
        RULES.new(players=3)


def test_view_is_json_safe_and_complete() -> None:
    state = RULES.new()
    state = RULES.apply(state, RULES.parse(state, "d1-b1n"))
    view = RULES.view(state, 1)
    assert json.loads(json.dumps(view)) == view
    assert view["pieces"] == {"b1": 0, "d7": 1}
    assert view["fences"] == ["b1/b2"]
    assert view["to_move"] == 1 and view["game_over"] is False
    assert view["stock"] == [6, 6] and view["scores"] == [0, 0]
    assert [area["owner"] for area in view["closed"]] == [0, 1]
    assert RULES.view(state, None) == view  # nothing in Fendo is hidden


def test_highlight_for_each_kind_of_action() -> None:
    state = RULES.new()
    assert RULES.presentation.highlight(state, RULES.parse(state, "c3")) == {
        "notation": "c3",
        "kind": "add",
        "path": [],
        "fence": None,
        "added": "c3",
    }
    assert RULES.presentation.highlight(state, RULES.parse(state, "d1-b4e")) == {
        "notation": "d1-b4e",
        "kind": "move",
        "path": ["d1", "c1", "b1", "b2", "b3", "b4"],  # across first, then up
        "fence": "b4/c4",
        "added": None,
    }
    assert RULES.presentation.highlight(state, RULES.parse(state, "d1w"))["path"] == ["d1"]
    assert RULES.presentation.highlight(state, RULES.parse(state, "d1w"))["fence"] == "c1/d1"


def test_highlight_turns_the_other_way_when_the_first_route_is_blocked() -> None:
    state = RULES.new()
    state = RULES.apply(state, RULES.parse(state, "b1"))  # White adds b1
    state = RULES.apply(state, RULES.parse(state, "d7s"))
    # d1→a1 is blocked by b1, so the route to a3 goes up first: d1→d3→a3.
    path = RULES.presentation.highlight(state, Build(3, 14, "n"))["path"]
    assert path == ["d1", "d2", "d3", "c3", "b3", "a3"]


def test_describe_sentences() -> None:
    state = RULES.new()
    assert str(RULES.presentation.describe(state, Add(16), "alice")) == "alice added a piece on c3"
    assert str(RULES.presentation.describe(state, Build(3, 24, "n"), "alice")) == (
        "alice moved d1 to d4 and fenced d4/d5 (d1-d4n)"
    )
    assert (
        str(RULES.presentation.describe(state, Build(3, 3, "e"), "bob"))
        == "bob fenced d1/e1 beside d1 (d1e)"
    )


def test_ordinary_moves_have_no_notices() -> None:
    state = RULES.new()
    after = RULES.apply(state, RULES.parse(state, "c3"))
    assert [str(n) for n in RULES.presentation.notices(state, after)] == []


def test_finished_games_refuse_moves() -> None:
    state = every_area_closed()
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == (21, 28) and outcome.winners == (1,)
    with pytest.raises(GameOver):
        RULES.parse(state, "c3")
    assert RULES.view(state, None)["game_over"] is True
    assert RULES.view(state, None)["outcome"]["scores"] == [21, 28]
