"""The size rules the style guide and docs/architecture.md state, read from the code so they
stay true: no folder under ``bot/`` holds more than 12 modules, no module of the project is
over 600 lines, and no function over 80 lines unless its docstring says why it is longer
(naming the 80 lines).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games", "render", "storage", "ai", "competition")
MOST_MODULES = 12
MOST_LINES = 600
MOST_FUNCTION_LINES = 80


def sources() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def test_no_folder_under_bot_holds_more_than_twelve_modules() -> None:
    crowded = {}
    for folder in [ROOT / "bot", *(ROOT / "bot").rglob("*")]:
        if folder.is_dir() and "__pycache__" not in folder.parts:
            modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
            if len(modules) > MOST_MODULES:
                crowded[str(folder.relative_to(ROOT))] = len(modules)
    assert not crowded, crowded


def test_no_module_is_over_600_lines() -> None:
    long = {}
    for path in sources():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES:
            long[str(path.relative_to(ROOT))] = lines
    assert not long, long


def long_functions(tree: ast.AST) -> list[tuple[str, int, str]]:
    """(name, lines, docstring) of every function longer than the rule allows."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = (node.end_lineno or node.lineno) - first + 1
            if lines > MOST_FUNCTION_LINES:
                found.append((node.name, lines, ast.get_docstring(node) or ""))
    return found


def test_a_function_over_80_lines_says_why() -> None:
    unexplained = {}
    for path in sources():
        for name, lines, doc in long_functions(ast.parse(path.read_text(encoding="utf-8"))):
            if "80 lines" not in " ".join(doc.split()):
                unexplained[f"{path.relative_to(ROOT)}:{name}"] = lines
    assert not unexplained, unexplained


def test_the_function_rule_bites() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(90))
    tree = ast.parse(f"def long():\n{body}\n\ndef short():\n    pass\n")
    assert [(name, lines) for name, lines, _ in long_functions(tree)] == [("long", 91)]
