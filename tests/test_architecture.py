"""The layering of docs/architecture.md, checked by import-linter from the contracts in
pyproject.toml.

The contracts (layers, forbidden imports, no cycles) live beside the dependencies so a reader
finds the architecture in one place; this test only runs the maintained checker over them.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_LINTER = (
    "import sys; sys.path.insert(0, '.'); "
    # An editable install of another checkout (a git worktree's main) would add its own
    # folders to the namespace package ``bot``; the checker must read this checkout's files.
    "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]; "
    "sys.path_hooks[:] = [h for h in sys.path_hooks if 'editable' not in repr(h).lower()]; "
    "sys.path_importer_cache.clear(); "
    "from importlinter.cli import lint_imports; "
    "raise SystemExit(lint_imports(no_cache=True, no_logo=True))"
)


def lint(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN_LINTER], cwd=folder, capture_output=True, text=True, check=False
    )


def test_import_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_checker_bites(tmp_path: Path) -> None:
    """A deliberately broken copy of our shape fails: the contracts are not vacuous."""
    (tmp_path / "pyproject.toml").write_text(
        textwrap.dedent(
            """
            [tool.importlinter]
            root_packages = ["app"]
            include_external_packages = true

            [[tool.importlinter.contracts]]
            name = "service never imports discord"
            type = "forbidden"
            source_modules = ["app.service"]
            forbidden_modules = ["json"]
            """
        )
    )
    package = tmp_path / "app"
    (package / "service").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "service" / "__init__.py").write_text("import json\n")
    result = lint(tmp_path)
    assert result.returncode == 1
    assert "BROKEN" in result.stdout and "app.service -> json" in result.stdout
