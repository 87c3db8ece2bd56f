"""The design rules the docs state hold in the code: each rule is read out of the code here.

Why: ``docs/architecture.md`` tells a contributor "the service never names a game" and "the
Discord adapter never reaches the store". A rule a doc states and nothing checks is a rule
the next change quietly breaks; these tests read the source for it, and each checks first
that the doc still states the rule it holds the code to.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
FLAT = " ".join(ARCHITECTURE.split())


def docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are documentation: a module's, class's or function's
    docstring, and the string after an assignment (an attribute's docstring)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                out.add(id(statement.value))
    return out


def game_words() -> dict[str, re.Pattern[str]]:
    """Every registered game's names — its registry name, its title and its aliases — as a
    whole word (``FENCE!`` is ``fence``; ``Fuer (Extension)`` is ``fuer``)."""
    out = {}
    for name in games.available():
        info = games.get(name).info
        words = {name, *info.aliases, re.sub(r"\W.*$", "", info.title.split(" (")[0])}
        out[name] = re.compile(
            r"(?<![a-z0-9])(" + "|".join(re.escape(w.lower()) for w in words if w) + r")(?![a-z])"
        )
    return out


def named_games(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """(line, game, what) for each place the code names a game: a string that is not a
    docstring, an import, or a name the module defines or uses (not an attribute of another
    module: ``pairing.fence_tables`` is that module's name for seating rounds)."""
    patterns = game_words()
    skip = docstrings(tree)
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skip:
                texts = [node.value]
        elif isinstance(node, ast.Import):
            texts = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or "", *(alias.name for alias in node.names)]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts = [node.name]
        elif isinstance(node, ast.arg):
            texts = [node.arg]
        for text in texts:
            spaced = text.lower().replace("_", " ").replace(".", " ")
            for game, pattern in patterns.items():
                if pattern.search(spaced):
                    yield node.lineno, game, text


def service_modules() -> list[Path]:
    return sorted((ROOT / "bot" / "service").rglob("*.py"))


def test_the_architecture_doc_states_that_the_service_names_no_game() -> None:
    assert "never a game's name in the service" in FLAT
    assert "tests/docs/test_design_rules.py" in ARCHITECTURE


@pytest.mark.parametrize("path", service_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_the_service_names_a_game(path: Path) -> None:
    """What the service must do differently for one game is a hook on the rules object
    (``Presentation.confirm_before``, ``Presentation.sgf``) or a fact of its ``GameInfo``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    assert [f"line {line}: {game} in {what!r}" for line, game, what in named_games(tree)] == []


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from games.fonver.sgf import to_sgf\n", "fonver"),
        ('JUDGED = ("ordo", "fendo")\n', "ordo"),
        ('if rules.info.name == "fuer":\n    pass\n', "fuer"),
        ("def fence_rounds():\n    pass\n", "fence"),
        ('MESSAGE = "a FENCE! table"\n', "fence"),
        ('TITLE = "Fendo"\n', "fendo"),
    ],
)
def test_the_search_finds_every_way_of_naming_a_game(source: str, named: str) -> None:
    """The rule can fail: a game named in a string, an import or a name is found."""
    assert named in {game for _, game, _ in named_games(ast.parse(source))}


def test_a_docstring_or_a_comment_may_say_which_game_it_means() -> None:
    source = '"""Fonver\'s pie swap renames both seats."""\n# a FENCE! lobby\nx = 1\n'
    assert list(named_games(ast.parse(source))) == []


def test_a_word_that_holds_a_game_name_is_no_game() -> None:
    """``fences`` (Fendo's pieces of fence) and ``ordonnance`` are words, not games."""
    source = 'A = "fences are built"\nB = "ordonnance"\n'
    assert list(named_games(ast.parse(source))) == []


# -- the Discord adapter never reaches the store ------------------------------------------------

STORE_CONTRACT = (
    "The Discord adapter only speaks Discord: what it posts travels in replies, never read "
    "from the store"
)


def test_the_doc_names_the_contract_that_keeps_the_adapter_from_the_store() -> None:
    assert STORE_CONTRACT in ARCHITECTURE
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
    named = [c for c in contracts if c["name"] == STORE_CONTRACT]
    assert len(named) == 1, "the contract the doc names is in pyproject.toml"
    assert named[0]["type"] == "forbidden"
    assert named[0]["source_modules"] == ["bot.discord"]
    assert "storage" in named[0]["forbidden_modules"]


def runtime_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every import that runs (those under ``if TYPE_CHECKING:`` only name types)."""
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for part in node.body for n in ast.walk(part)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def store_reaches(tree: ast.AST) -> list[str]:
    imports = runtime_imports(tree)
    found = [f"line {n}: import {m}" for n, m in imports if m.split(".")[0] == "storage"]
    found += [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("store", "_store")
    ]
    return found


@pytest.mark.parametrize(
    "path", sorted((ROOT / "bot" / "discord").rglob("*.py")), ids=lambda p: p.name
)
def test_the_discord_adapter_neither_imports_nor_holds_the_store(path: Path) -> None:
    """Beside the contract (which import-linter checks with the suite): no lazy import
    inside a function and no ``service.store`` either."""
    assert store_reaches(ast.parse(path.read_text(encoding="utf-8"))) == []


def test_the_store_search_can_fail() -> None:
    source = (
        "def f(service):\n    from storage.base import Store\n    return service.store\n"
        "if TYPE_CHECKING:\n    from storage.base import MatchRecord\n"
    )
    assert store_reaches(ast.parse(source)) == ["line 2: import storage.base", "line 3: .store"]
