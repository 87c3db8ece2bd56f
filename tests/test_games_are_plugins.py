"""Issue "The house, finished", item 4: games are plug-ins.

Adding a game is a package in ``games/``, its renderer, its computer and one line in the
registry (``docs/checklists/adding-a-game.md``). This test holds every registered game to
that checklist, and holds the service to knowing no game: what it must do differently for
one game is a hook on the game's presentation (``Presentation.confirm_before``…), worded by
the catalogue.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

import games
import render
from bot.words import words
from games.core import Rules
from games.presentation import Presentation

ROOT = Path(__file__).resolve().parents[1]
CHECKLIST = ROOT / "docs" / "checklists" / "adding-a-game.md"
REGISTERED = games.available()


def test_all_five_games_are_registered() -> None:
    assert REGISTERED == ["ordo", "fendo", "fonver", "fuer", "fence"]


@pytest.mark.parametrize("name", REGISTERED)
def test_every_registered_game_has_rules_a_renderer_and_a_computer(name: str) -> None:
    rules = games.get(name)
    assert isinstance(rules, Rules) and rules.info.name == name
    assert name in render.RENDERERS, f"render.RENDERERS has no entry for {name}"
    draw = render.renderer(name)
    assert callable(draw), f"{render.RENDERERS[name]} has no render(view, …)"
    # The one call render.render makes: the view and one Frame of every option (render.Renderer).
    wanted = set(inspect.signature(render.Renderer.__call__).parameters) - {"self"}
    assert set(inspect.signature(draw).parameters) == wanted, name
    computer = importlib.import_module(f"ai.{name}")
    assert callable(computer.choose), f"ai.{name} has no choose(ask)"
    assert list(inspect.signature(computer.choose).parameters) == ["ask"], name


@pytest.mark.parametrize("name", REGISTERED)
def test_every_reason_to_confirm_is_worded(name: str) -> None:
    """Each reason a game's ``confirm_before`` may give has its two sentences."""
    rules = games.get(name)
    overrides = type(rules.presentation).confirm_before is not Presentation.confirm_before
    assert bool(rules.presentation.confirm_reasons) == overrides, name
    for language in ("en", "de"):
        say = words(language)
        for reason in rules.presentation.confirm_reasons:
            assert say.has(f"move.{reason}") and say.has(f"panel.{reason}"), (language, reason)


def test_the_service_names_no_game_specific_fact() -> None:
    """What used to be tested by name in the service now comes through hooks."""
    service = ROOT / "bot" / "service"
    for path in service.rglob("*.py"):
        assert "onto_cops" not in path.read_text(encoding="utf-8"), path


def test_the_checklist_names_every_piece() -> None:
    text = CHECKLIST.read_text(encoding="utf-8")
    for piece in ("games/", "render/", "ai/", "_MODULES", "confirm_before", "tests/"):
        assert piece in text, piece
