"""The README is the first thing a new player or contributor reads: it must render and be true."""

from __future__ import annotations

import re
from pathlib import Path

import games

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_games_table_is_one_table_with_every_game() -> None:
    lines = README.splitlines()
    start = lines.index("| game | players | what it is |")
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(line)
    titles = {games.get(name).info.title.split(" (")[0].upper() for name in games.available()}
    shown = {re.sub(r"[*|]", "", row.split("|")[1]).strip().split(" (")[0].upper() for row in rows}
    assert titles <= shown


def test_no_pointers_outside_the_repository() -> None:
    assert "../shared" not in README


def test_ci_runs_exactly_the_readme_test_command() -> None:
    command = 'pip install -e ".[dev]" && python -m pytest'
    assert command in README
    assert command in (ROOT / ".ci" / "run").read_text()


def test_set_up_starts_with_a_virtual_environment() -> None:
    assert README.index("python3 -m venv .venv") < README.index("pip install -e . && python -m bot")
