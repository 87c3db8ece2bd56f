"""The README's "How to type a move" lines are played by the console, exactly as written; the
players' guide names every option of every game.

Why: the old README's Fuer example (``c3 +d2 +f4``) had no quotes, which the console needs
around a value with spaces, and was no legal first turn either; a newcomer's first paste was
refused. Each game's line is played in a fresh match of that game, and must give a new turn
post (a refusal is a private sentence only).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from tests.docs.markdown import ROOT, python_module

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
    return python_module("bot.console", "--db", str(db), "--out", str(db.parent), stdin=lines)


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


PLAYERS = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
PLAY_OPTIONS = {"seats", "invite", "opponent", "color", "time", "rated", "level"}
"""Options of ``/play`` itself, beside each game's own."""


def option_lines() -> dict[str, list[str]]:
    """Game name → the backticked words of its bullet under "The games' options" (each
    option, and an option's values in parentheses right after it)."""
    section = PLAYERS[PLAYERS.index("## The games' options") :]
    section = section[: section.index("\n## ", 3)]
    titles = {games.get(n).info.title: n for n in games.available()}
    out: dict[str, list[str]] = {}
    for bullet in re.split(r"\n- ", section)[1:]:
        title = re.match(r"\*\*(.+?)\*\*", bullet)
        assert title and title.group(1) in titles, bullet
        out[titles[title.group(1)]] = re.findall(r"`([^`]+)`", bullet)
    return out


def test_the_players_guide_gives_every_game_its_options() -> None:
    """Every option a game has is named for it, and every word named is an option of the
    game (or of /play, or one of an option's values)."""
    named = option_lines()
    assert sorted(named) == sorted(games.available())
    for game, words in named.items():
        info = games.get(game).info
        options = {o.name for o in info.options}
        values = {str(v) for o in info.options for v in (o.choices or ())}
        stray = [w for w in words if w not in options | PLAY_OPTIONS | values]
        assert stray == [], (game, stray)
        if game == "fence":  # its extended rules are listed with its engine
            words = re.findall(r"`([^`]+)`", fence_engine())
        assert options <= set(words), (game, options - set(words))


def fence_engine() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("## FENCE!'s engine") :]
    return section[: section.index("\n## ", 3)]
