"""What a reviewer checks, checked by the test command: ruff's lint rules and its format, and
mypy's types (strict for games/, competition/, storage/ and render/, basic elsewhere; the
settings are in pyproject.toml). The import contracts are tests/test_architecture.py's.

Each check runs the installed tool over this checkout, as a contributor would from the
repository root, and shows the tool's own report when it fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "."), ("ruff", "format", "--check", ".")],
    ids=["ruff check", "ruff format --check"],
)
def test_ruff(command: tuple[str, ...]) -> None:
    result = run(*command)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy() -> None:
    """mypy reads its files and settings from pyproject.toml; zero errors."""
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout


def test_mypy_is_strict_where_the_settings_say(tmp_path: Path) -> None:
    """The strict packages really are checked strictly: with this checkout's settings, an
    untyped function is an error in games/ and not in bot/ (probes in a scratch copy, so no
    other test ever sees them)."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    for package in ("games", "bot"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "probe.py").write_text("def untyped(x):\n    return x\n")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "games/probe.py", "bot/probe.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and errors[0].startswith("games/probe.py:1:"), result.stdout
    assert "[no-untyped-def]" in errors[0]
