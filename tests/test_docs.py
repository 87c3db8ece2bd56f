"""The project's own docs (``docs/``) stay true to the code and the tests.

Why a test: a doc that names a module which was renamed, or a ruling nobody tests, misleads
the next reader more than no doc at all. The checks are deliberately mechanical:

* every numbered ruling in ``docs/rules/<game>.md`` has a test named ``test_ruling_<N>_…``
  under ``tests/games/<game>/``, and every such test's number is explained in the doc;
* each ruling's section points at a test file that really holds a test for that number;
* every path or module the docs name (in backticks) exists in the repository;
* nothing cites a design file that is not in the repository any more.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GAMES = ("ordo", "fendo", "fonver", "fuer", "fence")
CHECKLISTS = ("adding-a-game.md", "adding-a-command.md", "adding-a-store.md")

RULING_HEADING = re.compile(r"^### Ruling (\d+)\b", re.MULTILINE)
TEST_NAME = re.compile(r"^test_ruling_((?:\d+[a-z]?_)+)")
TOP_LEVEL = frozenset(
    {"games", "render", "ai", "storage", "bot", "benchmarks", "tests", "docs", ".ci"}
)
TOP_FILES = frozenset(
    {"pyproject.toml", "README.md", ".env.example", "Dockerfile", "compose.yaml", ".dockerignore"}
)
PACKAGES = ("games", "render", "ai", "storage", "bot", "benchmarks")


def ruling_numbers(test_name: str) -> set[int]:
    """``test_ruling_8a_…`` → {8}; ``test_ruling_23_26_…`` → {23, 26}; others → set()."""
    found = TEST_NAME.match(test_name)
    if found is None:
        return set()
    return {int(re.sub(r"[a-z]", "", part)) for part in found.group(1).strip("_").split("_")}


def ruling_tests(folder: Path) -> dict[int, set[tuple[Path, str]]]:
    """Every test function under ``folder`` named for a ruling, by ruling number."""
    out: dict[int, set[tuple[Path, str]]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for number in ruling_numbers(node.name):
                    out.setdefault(number, set()).add((path, node.name))
    return out


def sections(text: str) -> dict[int, str]:
    """The text of each ``### Ruling N`` section (up to the next heading of any level ≤ 3)."""
    heads = list(RULING_HEADING.finditer(text))
    out: dict[int, str] = {}
    for head in heads:
        rest = text[head.end() :]
        stop = re.search(r"^#{1,3} ", rest, re.MULTILINE)
        out[int(head.group(1))] = rest[: stop.start()] if stop else rest
    return out


def backticked(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def named_paths(text: str) -> set[str]:
    """Repository paths named in backticks: ``bot/service/match/transition.py``, ``docs/``…

    Placeholders (``games/<name>/``) name files a reader will create and are left out.
    """
    out = set()
    for token in backticked(text):
        token = token.strip()
        if "<" in token or "…" in token or "*" in token or " " in token:
            continue
        head = token.split("/")[0]
        if token in TOP_FILES or ("/" in token and head in TOP_LEVEL):
            out.add(token.split(":")[0].split("::")[0])
    return out


def named_modules(text: str) -> set[str]:
    """Dotted names in backticks that start at one of our packages (``bot.service.match``)."""
    pattern = re.compile(rf"^(?:{'|'.join(PACKAGES)})(?:\.[A-Za-z_]\w*)+$")
    return {t.strip() for t in backticked(text) if pattern.match(t.strip())}


def module_exists(dotted: str) -> bool:
    """The longest prefix that is a module or package exists, and any remaining part is a
    name defined at the top of that module (a class, a function or an assignment)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        source = base.with_suffix(".py")
        if not source.is_file():
            source = base / "__init__.py"
        if not source.is_file():
            continue
        rest = parts[cut:]
        if not rest:
            return True
        if len(rest) > 2:
            return False
        tree = ast.parse(source.read_text())
        defined = set()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined.add(node.name)
                if isinstance(node, ast.ClassDef) and len(rest) == 2 and node.name == rest[0]:
                    defined |= {
                        f"{node.name}.{m.name}"
                        for m in node.body
                        if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
                    }
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                defined |= {t.id for t in targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.ImportFrom):
                defined |= {alias.asname or alias.name for alias in node.names}
        return ".".join(rest) in defined
    return False


def doc_files() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def pages() -> list[Path]:
    """The docs and the README, which is their front door."""
    return [ROOT / "README.md", *doc_files()]


# -- the rulings ----------------------------------------------------------------------------------


def test_every_game_has_its_rules_doc() -> None:
    assert set(games.available()) == set(GAMES)
    for game in GAMES:
        assert (DOCS / "rules" / f"{game}.md").is_file(), game


@pytest.mark.parametrize("game", GAMES)
def test_rulings_are_numbered_without_gaps(game: str) -> None:
    text = (DOCS / "rules" / f"{game}.md").read_text()
    numbers = [int(n) for n in RULING_HEADING.findall(text)]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    assert len(numbers) >= 10


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_in_the_doc_has_a_test(game: str) -> None:
    documented = set(sections((DOCS / "rules" / f"{game}.md").read_text()))
    tested = ruling_tests(ROOT / "tests" / "games" / game)
    assert sorted(documented - set(tested)) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_test_is_explained_in_the_doc(game: str) -> None:
    documented = set(sections((DOCS / "rules" / f"{game}.md").read_text()))
    tested = ruling_tests(ROOT / "tests" / "games" / game)
    strays = {n: sorted(name for _, name in tested[n]) for n in set(tested) - documented}
    assert strays == {}


@pytest.mark.parametrize("game", GAMES)
def test_each_ruling_points_at_a_file_holding_its_test(game: str) -> None:
    tested = ruling_tests(ROOT / "tests" / "games" / game)
    wrong = {}
    for number, body in sections((DOCS / "rules" / f"{game}.md").read_text()).items():
        pointed = {ROOT / p for p in named_paths(body) if p.startswith("tests/")}
        holding = {path for path, _ in tested.get(number, set())}
        if not pointed & holding:
            wrong[number] = sorted(str(p.relative_to(ROOT)) for p in holding)
    assert wrong == {}, "each ruling names a test file that holds one of its tests"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_doc_lists_the_decisions_where_the_rulings_are_silent(game: str) -> None:
    text = (DOCS / "rules" / f"{game}.md").read_text()
    assert "## Decisions where the rulings are silent" in text
    decisions = text.split("## Decisions where the rulings are silent", 1)[1]
    assert decisions.count("\n- ") >= 2


# -- architecture and checklists ------------------------------------------------------------------


def test_architecture_names_every_layer_and_the_write_path() -> None:
    text = (DOCS / "architecture.md").read_text()
    for layer in (
        "games/",
        "render/",
        "ai/",
        "storage/",
        "bot/service/",
        "bot/discord/",
        "bot/console/",
        "benchmarks/",
    ):
        assert f"`{layer}" in text, layer
    for anchor in (
        "bot/service/match/transition.py",
        "bot/service/match/workers.py",
        "bot/service/people/correspondence.py",
        "pyproject.toml",
        "## Service composition",
        "## Computer turns",
    ):
        assert anchor in text, anchor


def test_the_architecture_doc_names_every_import_contract() -> None:
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
    text = (DOCS / "architecture.md").read_text()
    assert [c["name"] for c in contracts if c["name"] not in text] == []


def test_the_three_checklists_exist() -> None:
    for name in CHECKLISTS:
        assert (DOCS / "checklists" / name).is_file(), name


@pytest.mark.parametrize("path", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_doc_names_exists(path: Path) -> None:
    text = path.read_text()
    missing = sorted(p for p in named_paths(text) if not (ROOT / p).exists())
    assert missing == []


@pytest.mark.parametrize("path", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_a_doc_names_exists(path: Path) -> None:
    text = path.read_text()
    assert sorted(m for m in named_modules(text) if not module_exists(m)) == []


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(DOCS)))
def test_docs_stay_inside_the_repository(path: Path) -> None:
    """CI has no sibling folders: a doc must explain, not point elsewhere."""
    text = path.read_text()
    assert "../shared" not in text and "shared/rules" not in text


# -- citations and the README ---------------------------------------------------------------------


SKIPPED = frozenset({"__pycache__", "data", "build", "dist"})


def tracked_text_files() -> list[Path]:
    out = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith(".") and p not in (".ci", ".env.example") for p in parts):
            continue
        if any(p in SKIPPED or p.endswith(".egg-info") for p in parts):
            continue
        if path.is_file() and path.suffix in (".py", ".md", ".toml", ".txt", ".yaml", ""):
            out.append(path)
    return out


def test_code_cites_the_docs_that_are_in_the_repository() -> None:
    """The design file and the rulings once lived beside the project; citations now point at
    ``docs/architecture.md`` and ``docs/rules/<game>.md``."""
    me = Path(__file__).resolve()
    stale = []
    for path in tracked_text_files():
        text = path.read_text(errors="ignore")
        if path.resolve() != me and ("ARCHITECTURE.md" in text or "shared/rules" in text):
            stale.append(str(path.relative_to(ROOT)))
    assert stale == []


def test_readme_points_at_every_doc() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "## Docs" in readme
    for path in doc_files():
        assert str(path.relative_to(ROOT)) in readme, path
