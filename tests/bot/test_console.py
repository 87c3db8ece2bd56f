"""The console speaks the Discord commands and prints what Discord would show."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.console import Console
from bot.console.commandline import LineError, parse_line
from bot.service import Service
from storage import MemoryStore
from tests.pgserver import password_database, pg_server  # noqa: F401 - the server fixture

from .conftest import FakeClock, scratch_boards

ROOT = Path(__file__).resolve().parents[2]
QUICK_COMPUTER = "easy=0.05,normal=0.05,strong=0.05"
"""The computer thinks briefly in tests: its strength is the benchmark's business."""


def run_console(
    tmp_path: Path, text: str, db: str = "demo.sqlite3", *options: str, **env: str
) -> list[str]:
    """The console as a user runs it: a real process reading the lines on stdin."""
    result = subprocess.run(
        [sys.executable, "-m", "bot.console", "--db", db, "--out", "boards", *options],
        input=text,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        # the code under test is this checkout's, not whichever checkout pip installed
        env={**os.environ, "PYTHONPATH": str(ROOT), "AI_SECONDS": QUICK_COMPUTER, **env},
        timeout=120,
        check=True,
    )
    return result.stdout.splitlines()


def test_readme_example_plays_a_move(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /accept\nalice: /move move:a3-a4\n",
    )
    assert (
        "[notify bob] bob, do you accept? Use the buttons, /match accept or /match decline."
        in lines
    )
    assert "alice (White) played a3-a4" in lines
    assert "[notify bob] bob, it's your turn in Ordo (match #1)." in lines
    images = [line.split(" ", 1)[1] for line in lines if line.startswith("[image] ")]
    assert len(images) == 2
    assert all((tmp_path / p).read_bytes().startswith(b"\x89PNG") for p in images)


def test_a_second_run_continues_the_same_match(tmp_path: Path) -> None:
    run_console(tmp_path, "alice: /play ordo opponent:bob color:first\nbob: /accept\n")
    lines = run_console(tmp_path, "alice: /move move:a3-a4\nbob: /history\n")
    assert "alice (White) played a3-a4" in lines
    assert "[only bob] 1. alice (White): a3-a4" in lines
    # images of the first run are not overwritten
    assert len(list((tmp_path / "boards").glob("*.png"))) == 2


def test_locale_de_makes_the_console_speak_german(tmp_path: Path) -> None:
    """``--locale de``: the console's users speak German, so an illegal move is refused in
    German (the engine's refusal, phrased by its key), as are the console's own lines."""
    lines = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /accept\nalice: /move move:a7-a6\n"
        "alice: /frobnicate\nalice /games\n",
        "demo.sqlite3",
        "--locale",
        "de",
    )
    assert (
        "[only alice] a7-a6 ist nicht erlaubt: auf a7 steht ein Stein von Schwarz, keiner von "
        "deinen; ziehen können zum Beispiel c1, d1, g1, h1, b2, …."
    ) in lines
    assert any(line.startswith("[only alice] Unbekannter Befehl /frobnicate.") for line in lines)
    assert any(line.startswith("Schreib Zeilen so:") for line in lines)


def test_an_unknown_locale_is_refused_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(subprocess.CalledProcessError) as refused:
        run_console(tmp_path, "", "demo.sqlite3", "--locale", "xx")
    assert "invalid choice: 'xx'" in refused.value.stderr


@pytest.fixture
def console(clock: FakeClock) -> tuple[Console, list[str]]:
    out: list[str] = []
    store = MemoryStore()
    return Console(Service(store, clock=clock), scratch_boards(), out.append), out


async def test_every_line_of_a_private_reply_is_prefixed(console, tmp_path) -> None:
    con, out = console
    con.out_dir = tmp_path
    await con.handle("carol: /rules ordo")
    assert len(out) > 3
    assert all(line.startswith("[only carol] ") for line in out)


async def test_bad_lines_get_one_sentence(console) -> None:
    con, out = console
    await con.handle("no colon here")
    await con.handle("alice: play ordo")
    await con.handle("alice: /frobnicate")
    await con.handle('alice: /move move:"a3')
    await con.handle("# a comment")
    assert len(out) == 4
    assert out[0].startswith("Write lines as")
    assert out[1].startswith("Commands start with a slash")
    assert out[2].startswith("[only alice] Unknown command /frobnicate")
    assert out[3].startswith("I couldn't read that line")


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        pytest.param(
            "alice: /play ordo opponent:bob color:green",
            "[only alice] Option color cannot be 'green': allowed values are "
            "first, second, random, White or Black.",
            id="a refused option names the allowed values",
        ),
        pytest.param(
            "alice: /board match:abc",
            "[only alice] match must be a match number like 3, not 'abc'.",
            id="the match option must be a number",
        ),
    ],
)
async def test_a_refused_value_is_one_sentence(console, line: str, refusal: str) -> None:
    con, out = console
    await con.handle(line)
    assert out == [refusal]


def test_parse_line_quotes_and_positionals() -> None:
    cmd = parse_line('alice: /move move:"c3 +d2 +f4" match:2')
    assert cmd.user == "alice" and cmd.command == "move"
    assert cmd.options == {"move": "c3 +d2 +f4", "match": "2"}
    assert parse_line("bob: /rules ordo").args == ("ordo",)
    with pytest.raises(LineError):
        parse_line(": /games")


def test_unquoted_value_with_spaces_is_refused_with_the_quoted_form() -> None:
    """Issue 14.8: `move:c3 +d2` used to drop `+d2` silently and then refuse `c3`."""
    with pytest.raises(LineError) as refusal:
        parse_line("alice: /move move:c3 +d2 +f4")
    message = str(refusal.value)
    assert 'move:"c3 +d2 +f4"' in message and "'+d2 +f4'" in message
    assert parse_line('alice: /move move:"c3 +d2 +f4"').options == {"move": "c3 +d2 +f4"}
    assert parse_line("alice: /play ordo opponent:bob").args == ("ordo",)


def test_unquoted_hint_quotes_a_readable_stretch_of_long_input() -> None:
    with pytest.raises(LineError) as refusal:
        parse_line("alice: /move move:" + "x" * 3000 + " " + "y" * 3000)
    assert len(str(refusal.value)) < 250


async def test_grouped_and_short_forms_are_the_same_command(console) -> None:
    """Issue 17.6: Discord shows /match accept; older transcripts say /accept — both work,
    and a bare number after a match command is the match."""
    con, out = console
    await con.handle("alice: /play ordo opponent:bob")
    await con.handle("alice: /play fendo opponent:bob")
    out.clear()
    await con.handle("bob: /match accept 1")
    assert "[only bob] Challenge accepted." in out
    out.clear()
    await con.handle("bob: /accept 2")
    assert "[only bob] Challenge accepted." in out
    out.clear()
    await con.handle("bob: /me games")
    assert len([line for line in out if re.match(r"\[only bob\] #\d", line)]) == 2
    out.clear()
    await con.handle("bob: /match")
    assert out == [
        "[only bob] /match needs one of: accept, decline, draw, undo, resign, rematch, "
        "history, export, hint, review, note."
    ]


async def test_help_lists_the_grouped_commands(console) -> None:
    con, out = console
    await con.handle("alice: /help")
    said = "\n".join(out)
    assert "/match accept|decline|draw|undo|resign|rematch|history|export|hint" in said
    assert "/lobby join|leave|start" in said and "/server settings|leaderboard" in said


def test_playing_the_computer_in_the_console(tmp_path: Path) -> None:
    """``opponent:ai`` starts at once; the computer's move follows the person's, and a FENCE!
    lobby fills its seats with ``/join ai``."""
    env_lines = (
        "alice: /play ordo opponent:ai level:easy color:first\n"
        "alice: /move move:a3-a4\n"
        "alice: /play fence seats:3\n"
        "alice: /join ai match:2\n"
        "alice: /join ai level:easy match:2\n"
        "alice: /start match:2\n"
    )
    lines = run_console(tmp_path, env_lines)
    assert any("Your game against Computer (easy) has begun (match #1)" in line for line in lines)
    assert "alice (White) played a3-a4" in lines
    assert any(line.startswith("Computer (easy) (Black) played ") for line in lines)
    assert not any("[notify ai:" in line or "[dm ai:" in line for line in lines)
    assert any("Computer (normal) joined lobby #2" in line for line in lines)
    assert any("Computer 2 (easy) joined lobby #2" in line for line in lines)
    assert any("alice starts the game" in line for line in lines)


def test_the_console_plays_on_postgresql(tmp_path: Path, pg_server: Any) -> None:  # noqa: F811
    """An operator tries a PostgreSQL set-up locally: ``--db`` takes the URL, and the password
    comes apart from it (DATABASE_PASSWORD, as compose gives it) with any character in it."""
    password = "p@ss/w#rd:50% x"
    url = password_database(pg_server, "console", password)
    first = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /accept\nalice: /move move:a3-a4\n",
        db=url,
        DATABASE_PASSWORD=password,
    )
    assert "alice (White) played a3-a4" in first
    again = run_console(tmp_path, "bob: /history\n", db=url, DATABASE_PASSWORD=password)
    assert "[only bob] 1. alice (White): a3-a4" in again
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards"]  # no SQLite file, no clock


def test_the_console_refuses_a_database_it_cannot_use_in_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.console", "--db", "postgresql+asyncpg://u:s3cret@h/db"],
        input="",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "s3cret" not in result.stderr
    assert result.stderr.splitlines()[-1].endswith("write postgresql://… (drop '+asyncpg')")
    assert list(tmp_path.iterdir()) == []


def test_the_console_clock_is_kept_beside_sqlite_files_only() -> None:
    from bot.console.clock import clock_file

    assert clock_file("demo.sqlite3") == Path("demo.sqlite3.clock")
    assert clock_file("sqlite:///data/x.sqlite3") == Path("data/x.sqlite3.clock")
    assert clock_file("postgresql://u:p@host/db") is None
    assert clock_file(":memory:") is None


def test_readme_examples_of_premove_seek_and_tournament(tmp_path: Path) -> None:
    """The three console lines the README shows for issue 18, as a user runs them."""
    premove = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /match accept\n"
        "alice: /move move:a3-a4\n"
        'alice: /premove lines:"if a6-a5 then d2xa5; if b6-b5 then c2-c3"\n'
        "bob: /move move:a6-a5\n",
        db="premove.sqlite3",
    )
    assert "alice (White) answers at once with a conditional move: d2xa5." in premove
    seek = run_console(
        tmp_path,
        "alice: /play ordo min_rating:1200\nbob: /seeks\nbob: /match accept 1\n",
        db="seek.sqlite3",
    )
    assert "bob accepts alice's open challenge." in seek
    cup = run_console(
        tmp_path,
        'alice: /tournament create game:ordo format:swiss name:"Club Cup"\n'
        "bob: /tournament join\ncarol: /tournament join\ndave: /tournament join\n"
        "alice: /tournament start\ncarol: /tournament standings\n",
        db="cup.sqlite3",
    )
    assert sum(1 for line in cup if line.startswith("Club Cup, round 1 of 2:")) == 2
    assert "[only carol] **Club Cup — round 1 of 2 in play, no results yet**" in cup


def test_level_auto_in_the_console_says_which_level_and_why(tmp_path: Path) -> None:
    """``level:auto`` for a newcomer (1500) picks the level nearest on the game's ladder, in
    ``/play`` and in a FENCE! lobby's ``/join ai``; ``/rules`` shows the ladder."""
    from ai import ladder

    lines = run_console(
        tmp_path,
        "alice: /play ordo opponent:ai level:auto color:first\n"
        "alice: /play fence seats:3\n"
        "alice: /join ai level:auto match:2\n"
        "bob: /rules fuer\n",
    )
    ordo, fence = ladder.nearest("ordo", 1500), ladder.nearest("fence", 1500)
    assert any(
        line.endswith(
            f"level:auto picked {ordo} (≈ {ladder.rating('ordo', ordo)} on the Ordo "
            "ladder): the level nearest your Ordo rating, 1500."
        )
        for line in lines
    ), lines
    assert any(
        f"Your game against Computer ({ordo}) has begun (match #1)" in line for line in lines
    )
    assert any(f"level:auto picked {fence} " in line for line in lines)
    assert any(f"Computer ({fence}) joined lobby #2" in line for line in lines)
    shown = " · ".join(f"{lv} ≈ {r}" for lv, r in ladder.ratings("fuer").items())
    assert any(f"Computer levels on the rating ladder: {shown}" in line for line in lines)
