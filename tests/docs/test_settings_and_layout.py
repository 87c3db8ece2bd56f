"""The operators' settings table and the architecture's table of layers leave nothing out.

Why: the old README's settings list said it was complete and lacked two settings; the old
architecture page had no row for three packages. A list a reader trusts to be whole must be
checked against what it lists: ``.env.example`` (every line an operator may set) and the
packages on disk.
"""

from __future__ import annotations

import re

import pytest

from tests.docs.markdown import ROOT, python_module

OPERATORS = (ROOT / "docs" / "operators.md").read_text(encoding="utf-8")
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
SETTING = re.compile(r"^#?\s*([A-Z][A-Z0-9_]+)=", re.MULTILINE)


def example_settings(text: str) -> list[str]:
    """Every ``NAME=`` of ``.env.example``, set or commented out."""
    return list(dict.fromkeys(SETTING.findall(text)))


def table_rows(text: str, heading: str) -> list[str]:
    """The rows of the first table under ``heading`` (a Markdown heading's text)."""
    rest = text[text.index(f"\n## {heading}\n") :]
    start = rest.index("\n|")
    rows = []
    for line in rest[start + 1 :].splitlines():
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows[2:]


def first_cells(rows: list[str]) -> list[str]:
    return [row.split("|")[1] for row in rows]


SETTINGS = example_settings((ROOT / ".env.example").read_text(encoding="utf-8"))


def test_the_example_file_is_read() -> None:
    assert {"DISCORD_TOKEN", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "WEB_STREAMS"} <= set(
        SETTINGS
    )


def test_every_setting_of_the_example_file_has_its_row_in_the_operators_page() -> None:
    cells = " ".join(first_cells(table_rows(OPERATORS, "Settings")))
    assert [name for name in SETTINGS if f"`{name}`" not in cells] == []


def test_the_operators_table_names_nothing_the_example_file_lacks() -> None:
    named = re.findall(
        r"`([A-Z][A-Z0-9_]+)`", " ".join(first_cells(table_rows(OPERATORS, "Settings")))
    )
    assert [name for name in named if name not in SETTINGS] == []


def test_every_setting_of_the_example_file_is_in_the_help() -> None:
    """``python -m bot --help``, run as an operator runs it."""
    shown = python_module("bot", "--help", cwd=ROOT, timeout=120)
    listed = set(re.findall(r"^\s+([A-Z][A-Z0-9_]+)\s", shown, re.MULTILINE))
    assert [name for name in SETTINGS if name not in listed] == []


# -- every package has its row ------------------------------------------------------------------

TOP = ("games", "ai", "render", "competition", "storage", "bot", "benchmarks")


def packages() -> list[str]:
    """The project's packages as paths (``bot/web/``): the top-level ones, every subpackage of
    ``bot/`` (``bot/service/<concern>/`` included), and each module directly in ``bot/``."""
    out = [f"{name}/" for name in TOP if name != "bot"]  # bot/ is its parts, each a row
    for folder in sorted((ROOT / "bot").rglob("__init__.py")):
        out.append(folder.parent.relative_to(ROOT).as_posix() + "/")
    out += [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "bot").glob("*.py"))]
    return out


def nested_packages() -> list[str]:
    """Packages inside the other layers (``games/ordo/``, ``render/fence/``): named in their
    layer's row rather than a row of their own."""
    out = []
    for name in TOP:
        if name == "bot":
            continue
        for init in sorted((ROOT / name).glob("*/__init__.py")):
            out.append(init.parent.relative_to(ROOT).as_posix() + "/")
    return out


LAYER_ROWS = table_rows(ARCHITECTURE, "The layers")


@pytest.mark.parametrize("package", packages())
def test_every_package_has_its_row_in_the_architecture(package: str) -> None:
    cells = [cell.strip() for cell in first_cells(LAYER_ROWS)]
    assert f"`{package}`" in cells, f"docs/architecture.md, The layers: no row for {package}"


@pytest.mark.parametrize("package", nested_packages())
def test_every_nested_package_is_named_in_a_row(package: str) -> None:
    assert any(f"`{package}" in row for row in LAYER_ROWS), package


def test_every_storage_module_is_named() -> None:
    modules = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "storage").glob("*.py"))]
    rows = " ".join(LAYER_ROWS)
    assert [m for m in modules if m != "storage/__init__.py" and f"`{m}`" not in rows] == []


def test_the_rows_are_found() -> None:
    assert len(LAYER_ROWS) >= len(TOP) and "`bot/web/`" in " ".join(first_cells(LAYER_ROWS))
