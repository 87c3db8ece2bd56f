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


def test_the_ladder_in_the_docs_is_the_published_one() -> None:
    """The computer page's ladder table shows the figures ``ai/ladder.toml`` holds (the ones
    ``/play`` and ``level:auto`` use), written by the command printed beside it."""
    from ai import ladder

    computer = (ROOT / "docs" / "computer.md").read_text()
    section = computer[computer.index("## The levels on the rating ladder") :]
    lines = section.splitlines()
    for game in games.available():
        title = games.get(game).info.title.split(" (")[0]
        row = next(line for line in lines if line.startswith(f"| {title} "))
        for level, rating in ladder.ratings(game).items():
            assert f"| {rating} ± " in row, (game, level)
    assert "python -m benchmarks.ladder" in section
