"""What a console player sees: /help by group, one line per ping, news once, board images
named after their database, choice lists that wrap between entries."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from bot.console import Console
from bot.console.clock import ConsoleClock
from bot.service import Service
from bot.service.replies import Panel, Reply
from bot.service.text.command_map import GROUPS
from storage import MemoryStore

from .conftest import FakeClock, scratch_boards
from .test_console import run_console


def console(clock: Callable[[], float], out_dir: Path | None = None) -> tuple[Console, list[str]]:
    out: list[str] = []
    return Console(
        Service(MemoryStore(), clock=clock), out_dir or scratch_boards(), out.append
    ), out


async def test_help_is_one_line_per_group(clock: FakeClock) -> None:
    """Issue: /help was one line of ~1,100 characters. Now each group of Discord's picker is
    one line, as the picker shows them."""
    con, out = console(clock)
    await con.handle("alice: /help")
    assert len(out) >= len(GROUPS) + 2
    assert all(line.startswith("[only alice] ") for line in out)
    for group, commands in GROUPS.items():
        starts = f"[only alice]   /{group} {'|'.join(commands)} — "
        assert sum(1 for line in out if line.startswith(starts)) == 1, group
    assert any(line.startswith("[only alice]   /move move:<notation>") for line in out)
    assert max(len(line) for line in out) < 240


async def test_an_unknown_command_gets_a_guess_and_a_pointer_not_the_whole_help(
    clock: FakeClock,
) -> None:
    con, out = console(clock)
    await con.handle("alice: /acept 3")
    await con.handle("alice: /tournamnet list")
    await con.handle("alice: /frobnicate")
    assert out == [
        "[only alice] Unknown command /acept — did you mean /match accept? /help lists the "
        "commands.",
        "[only alice] Unknown command /tournamnet — did you mean /tournament? /help lists the "
        "commands.",
        "[only alice] Unknown command /frobnicate. /help lists the commands.",
    ]


async def test_a_ping_to_two_players_is_one_post_with_both_mentions(clock: FakeClock) -> None:
    """Discord shows one message that mentions both; the console printed the ping once per
    player, each copy naming the other ("[notify alice] bob, it's your turn…")."""
    con, out = console(clock)
    for line in ("alice: /play ordo min_rating:1200 color:second", "bob: /match accept 1"):
        await con.handle(line)
    notes = [line for line in out if line.startswith("[notify")]
    assert notes == [
        "[notify bob, alice] bob, it's your turn in Ordo (match #1).",
        "[notify bob, alice] alice, bob accepted your open challenge.",
    ]
    out.clear()
    await con.handle("bob: /match resign confirm:true")
    assert [line for line in out if line.startswith("[notify")] == [
        "[notify bob, alice] Match #1 is over."
    ]


async def test_tournament_news_is_printed_once(tmp_path: Path) -> None:
    """The round that begins and the final table are posts nobody asked for: printed as
    Discord publishes them (the post), not once as a reply and again as the post."""
    clock = ConsoleClock(None)
    con, out = console(clock, tmp_path)
    con.clock = clock
    for line in (
        'alice: /tournament create game:ordo format:swiss name:"Club Cup"',
        "bob: /tournament join",
        "carol: /tournament join",
        "dave: /tournament join",
        "alice: /tournament start",
    ):
        await con.handle(line)
    # Round 1 has matches 1 and 2; whoever moves second resigns both.
    for match in (1, 2):
        record = await con.service.store.get_match(match)
        assert record is not None
        await con.handle(f"{record.seats[0]}: /match resign {match} confirm:true")
    out.clear()
    await con.handle("!clock +10m")
    begins = [line for line in out if line.startswith("Round 2 of 2 of Club Cup begins")]
    assert len(begins) == 1
    assert sum(1 for line in out if line == "**Club Cup — after round 1 of 2**") == 1
    for match in (3, 4):
        record = await con.service.store.get_match(match)
        assert record is not None
        await con.handle(f"{record.seats[0]}: /match resign {match} confirm:true")
    out.clear()
    await con.handle("!clock +10m")
    assert sum(1 for line in out if line.startswith("Club Cup is over")) == 1, out
    assert sum(1 for line in out if line == "**Club Cup — final standings**") == 1, out
    assert sum(1 for line in out if line.startswith("[notify ")) == 1, out


def test_board_images_are_named_after_their_database(tmp_path: Path) -> None:
    """Two README examples in one folder: each run's images and exports carry its database's
    name, so neither writes into the other's names."""
    first = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /match accept\n",
        "demo.sqlite3",
    )
    second = run_console(
        tmp_path,
        "alice: /play ordo opponent:ai level:easy color:first\nalice: /match export\n",
        "solo.sqlite3",
    )
    demo = [line.split("] ", 1)[1] for line in first if line.startswith("[image] ")]
    solo = [line.rsplit("] ", 1)[1] for line in second if "[image] " in line or "[file] " in line]
    assert demo == ["boards/demo-match1-000.png"]
    assert solo[0] == "boards/solo-match1-000.png"
    assert "boards/solo-match1-ordo.txt" in solo
    assert all((tmp_path / p).is_file() for p in demo + solo)


def test_board_files_are_named_by_the_matchs_move_so_they_sort_by_history(
    tmp_path: Path,
) -> None:
    """Issue 40.5: a second run filled the first free number, so sorting the files by name
    mixed two runs' boards. Now a board is named by the moves its match has had; a second
    board at the same move (``/board``) sorts after the first and before the next move's."""
    first = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /match accept\n"
        "alice: /move move:a3-a4\nalice: /board\n",
    )
    second = run_console(tmp_path, "bob: /board\nbob: /move move:a6-a5\nalice: /board\n")
    shown = [line.rsplit(" ", 1)[1] for line in first + second if line.startswith("[image] ")]
    assert shown == [
        "boards/demo-match1-000.png",
        "boards/demo-match1-001.png",
        "boards/demo-match1-001b.png",
        "boards/demo-match1-001c.png",
        "boards/demo-match1-002.png",
        "boards/demo-match1-002b.png",
    ]
    assert sorted(p.name for p in (tmp_path / "boards").glob("*.png")) == [
        Path(p).name for p in shown
    ]


def test_the_mark_of_a_later_image_at_one_move_sorts_after_the_one_before() -> None:
    from bot.console.printer import same_move

    marks = [f"003{same_move(n)}.png" for n in range(60)]
    assert marks[:3] == ["003.png", "003b.png", "003c.png"]
    assert marks == sorted(marks) and len(set(marks)) == 60
    assert all(mark < "004.png" for mark in marks)


def test_image_names_from_every_kind_of_database() -> None:
    from bot.console.printer import file_prefix

    assert file_prefix("demo.sqlite3") == "demo-"
    assert file_prefix("sqlite:///data/club.db") == "club-"
    assert file_prefix("memory") == "memory-"
    assert file_prefix("postgresql://u:secret@host:5432/boardbot") == "boardbot-"
    assert file_prefix("postgresql://u@host/") == "postgres-"
    assert file_prefix("we ird/na me?.sqlite3") == "na-me-"


def test_a_long_choice_list_wraps_between_entries(clock: FakeClock) -> None:
    """A Fuer-sized panel wraps into rows; a row never ends in the middle of an entry
    ("[0.5]" at the end of one line, its label on the next)."""
    con, out = console(clock)
    labels = tuple(f"Move yourself with R{i % 6 + 1} to Glasshouse Gardens {i}" for i in range(30))
    panel = Panel(match_id=1, version=1, path=(0,), options=labels)
    con.show("alice", Reply(panel=panel))
    rows = [line.removeprefix("[only alice]   ") for line in out[1:-1]]
    assert len(rows) > 3
    entries = [entry for row in rows for entry in row.split(" | ")]
    assert entries == [f"[0.{i}] {label}" for i, label in enumerate(labels)]
    assert all(re.fullmatch(r"\[0\.\d+\] \S.*", entry) for entry in entries)


async def test_a_post_reads_as_its_card_title_image_texts_buttons(
    clock: FakeClock, tmp_path: Path
) -> None:
    """The console shows the card Discord shows, as text and in its order: the title, the
    board, what happened and who is to move (the clocks, in a timed game), then the ping."""
    con, out = console(clock, tmp_path)
    for line in ("alice: /play ordo opponent:bob color:first", "bob: /match accept 1"):
        await con.handle(line)
    out.clear()
    await con.handle("alice: /move a3-a4")
    title = next(i for i, line in enumerate(out) if line.startswith("## Ordo"))
    image = next(i for i, line in enumerate(out) if line.startswith("[image]"))
    played = next(i for i, line in enumerate(out) if "alice (White) played a3-a4" in line)
    to_move = next(i for i, line in enumerate(out) if "bob (Black) to move" in line)
    ping = next(i for i, line in enumerate(out) if line.startswith("[notify bob]"))
    assert title < image < played < to_move < ping, out
