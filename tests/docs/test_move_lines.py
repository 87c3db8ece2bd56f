"""The README's "How to type a move" lines are played by the console, exactly as written.

Why: the old README's Fuer example (``c3 +d2 +f4``) had no quotes, which the console needs
around a value with spaces, and was no legal first turn either; a newcomer's first paste was
refused. Each game's line is played in a fresh match of that game, and must give a new turn
post (a refusal is a private sentence only).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import games
from tests.docs.markdown import ROOT, clean_environment

README = (ROOT / "README.md").read_text(encoding="utf-8")
START = {
    "fence": "alice: /play fence seats:2 quick_map:true\nbob: /lobby join\nalice: /lobby start\n",
}
"""How a match of each game begins; any other game is a challenge bob accepts."""
TO_MOVE = re.compile(r"^(\w+) \([^)]*\) to move\.$", re.MULTILINE)


def move_lines() -> dict[str, str]:
    """Game name → the console line of its row in the README's table."""
    section = README[README.index("## How to type a move") :]
    section = section[: section.index("\n## ", 3)]
    titles = {games.get(n).info.title.split(" (")[0]: n for n in games.available()}
    out = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.split("|")[1:-1]]
        if len(cells) == 3 and cells[0] in titles:
            line = re.fullmatch(r"`([^`]+)`", cells[2])
            assert line, f"the last cell of {cells[0]}'s row is one console line: {cells[2]}"
            out[titles[cells[0]]] = line.group(1)
    return out


LINES = move_lines()


def console(lines: str, db: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot.console", "--db", str(db), "--out", str(db.parent)],
        input=lines,
        env=clean_environment(),
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    return done.stdout


def test_every_game_has_its_line() -> None:
    assert sorted(LINES) == sorted(games.available())


@pytest.mark.parametrize("game", sorted(LINES))
def test_the_line_is_played_as_a_first_move(game: str, tmp_path: Path) -> None:
    db = tmp_path / "first.sqlite3"
    opening = START.get(game, f"alice: /play {game} opponent:bob color:first\nbob: /match accept\n")
    begun = console(opening, db)
    mover = TO_MOVE.findall(begun)[-1]
    user, command = LINES[game].split(": ", 1)
    if game in START:  # who moves first is drawn at random; the README says so
        user = mover
    assert user == mover, f"{game}: the README's line is {user}'s, but {mover} moves first"
    played = console(f"{user}: {command}\n", db)
    assert TO_MOVE.search(played), f"{game}: {LINES[game]!r} was refused:\n{played}"
