"""The layering of ARCHITECTURE.md, checked: rules are pure, renderers only draw."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "games": {"discord", "PIL", "asyncio", "sqlite3", "aiosqlite", "render", "storage", "bot"},
    "render": {"discord", "asyncio", "sqlite3", "aiosqlite", "storage", "bot"},
    "storage": {"discord", "PIL", "render", "bot"},
}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layer_imports(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN[package])
        for path in (ROOT / package).rglob("*.py")
        if imported_roots(path) & FORBIDDEN[package]
    }
    assert offenders == {}


@pytest.mark.parametrize("folder", ["service", "console"])
def test_transport_free_folders_never_import_discord(folder: str) -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "bot" / folder).rglob("*.py")
        if "discord" in imported_roots(path)
    ]
    assert offenders == []


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("import asyncio\nfrom PIL import Image\nfrom . import sibling\n")
    assert imported_roots(sample) == {"asyncio", "PIL"}
