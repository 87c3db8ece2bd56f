"""The shared Rules surface as other code relies on it: info, views, highlights, storage."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import games
from games.core import GameOver, InvalidNotation, InvalidOption, RuleViolation
from games.ordo import RULES, Move, OrdoState
from games.ordo.board import BY_NAME


def make(white: str, black: str, to_move: int = 0) -> OrdoState:
    return OrdoState(
        sum(1 << BY_NAME[n] for n in white.split()),
        sum(1 << BY_NAME[n] for n in black.split()),
        to_move,
    )


def play(state: OrdoState, *texts: str) -> OrdoState:
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def test_registry_and_info() -> None:
    assert games.get("ordo") is RULES
    assert games.get(" Ordo ") is RULES
    info = RULES.info
    assert (info.name, info.title, info.min_players, info.max_players) == ("ordo", "Ordo", 2, 2)
    assert info.seat_names == ("White", "Black")
    assert info.options == ()
    assert 6 <= len(info.summary.splitlines()) <= 10
    assert "c3-c5" in info.notation_help and "a2:d2-a3" in info.notation_help


def test_new_refuses_other_player_counts_and_unknown_options() -> None:
    with pytest.raises(InvalidOption):
        RULES.new(3)
    with pytest.raises(InvalidOption, match="Unknown option"):
        RULES.new(2, {"board": "big"})
    assert RULES.new(2, {}, seed=99) == RULES.new()


def test_view_contract() -> None:
    before = make("c3 d3 e3", "d5 h7")
    after = play(before, "d3-d4")
    view = RULES.view(after, 1)
    assert view == {
        "game": "ordo",
        "board": [
            "..........",
            ".......B..",
            "..........",
            "...B......",
            "...W......",
            "..W.W.....",
            "..........",
            "..........",
        ],
        "to_move": 1,
        "counts": [3, 2],
        "split": [False, True],
        "ply": 1,
    }
    assert RULES.view(after, None) == view == RULES.view(after, 0)  # nothing is hidden
    json.dumps(view)


def test_highlight_of_single_move_capture_and_ordo_move() -> None:
    state = make("c3 d3 e3", "c4 j8")
    single = RULES.presentation.highlight(state, RULES.parse(state, "e3-e4"))
    assert single == {
        "notation": "e3-e4",
        "kind": "single",
        "from": ["e3"],
        "to": ["e4"],
        "captured": [],
    }
    capture = RULES.presentation.highlight(state, RULES.parse(state, "c3-c4"))
    assert capture["notation"] == "c3xc4" and capture["captured"] == ["c4"]
    line = RULES.presentation.highlight(state, RULES.parse(state, "e3:d3-e4"))
    assert line == {
        "notation": "d3:e3-d4",
        "kind": "ordo",
        "from": ["d3", "e3"],
        "to": ["d4", "e4"],
        "captured": [],
    }
    column = make("c3 c4 c5", "j8")
    sideways = RULES.presentation.highlight(column, RULES.parse(column, "c5:c3-a5"))
    assert sideways["from"] == ["c3", "c4", "c5"] and sideways["to"] == ["a3", "a4", "a5"]
    json.dumps([single, capture, line, sideways])


def test_describe_and_notices() -> None:
    state = make("c3 d4 e3", "d6", 1)
    move = RULES.parse(state, "d6xd4")
    assert str(RULES.presentation.describe(state, move, "bob")) == "bob played d6xd4"
    after = RULES.apply(state, move)
    assert [str(n) for n in RULES.presentation.notices(state, after)] == [
        "White's group has been split: White must join it up again this move, "
        "and may move backward to do so."
    ]
    assert [
        str(n) for n in RULES.presentation.notices(RULES.new(), play(RULES.new(), "c2-c4"))
    ] == []
    # A split nobody can mend ends the game by itself, and the bot is told why. Random games
    # mostly end that way; seed 0's does, after 88 plies.
    rng = random.Random(0)
    game = [RULES.new()]
    while RULES.outcome(game[-1]) is None:
        game.append(RULES.apply(game[-1], rng.choice(RULES.legal_actions(game[-1]))))
    final = RULES.outcome(game[-1])
    assert final is not None and final.termination == "cannot_reconnect"
    assert [str(n) for n in RULES.presentation.notices(game[-2], game[-1])] == [str(final.reason)]


def test_apply_after_the_end_and_garbage_actions_are_refused() -> None:
    won = play(make("d7 e7", "a5"), "e7-e8")
    with pytest.raises(GameOver, match="White wins"):
        RULES.apply(won, Move(BY_NAME["d7"], BY_NAME["d8"], BY_NAME["d7"]))
    with pytest.raises(GameOver):
        RULES.parse(won, "d7-d8")
    with pytest.raises(RuleViolation, match="does not name squares"):
        RULES.apply(RULES.new(), Move(10, 21, 10))  # bit 10 is the guard, not a square


def test_dump_is_json_and_load_checks_its_input() -> None:
    state = play(RULES.new(), "c2-c4", "c7-c5")
    data = RULES.dump(state)
    assert json.loads(json.dumps(data)) == data
    restored = RULES.load(data)
    assert restored == state and restored.ply == 2
    with pytest.raises(InvalidNotation):
        RULES.load({"board": data["board"]})
    with pytest.raises(InvalidNotation):
        RULES.load({**data, "to_move": 5})


def test_games_package_imports_no_io_or_ui_libraries() -> None:
    forbidden = {"discord", "PIL", "asyncio", "sqlite3", "aiosqlite"}
    package = Path(games.__file__).parent / "ordo"
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"
