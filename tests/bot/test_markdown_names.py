"""Player and tournament names in Discord markdown: shown as typed, never as formatting.

A member called ``*al_ice*`` made "alice played a3-a4" italic; a tournament called
``**Cup**`` turned bold in its standings. Everything the service says is markdown, so every
name put into it is escaped; images and exported files keep the names as they are."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import render
import render.standings
from bot.console import Console
from bot.console.clock import ConsoleClock
from bot.service import Service
from bot.service.replies import Post
from bot.service.text.markdown import ZERO_WIDTH, escape, plain
from storage import MemoryStore

ALICE, BOB, CAROL, DAVE = "*al_ice*", "~~bob~~", "||carol||", "<@1>_dave"
CUP = "**Cup** @everyone"
NAMES = (ALICE, BOB, CAROL, DAVE, CUP)
PREFIX = re.compile(r"^\[(only|notify|dm) [^\]]*\] ")
"""The console's own prefix names users by id (the console's ids are the names typed)."""


def test_escape_makes_markdown_and_mentions_text() -> None:
    assert escape("**Bob**") == r"\*\*Bob\*\*"
    assert escape("_x_ ~~y~~ ||z|| `c` > q # h [l](u) <@1> \\") == (
        r"\_x\_ \~\~y\~\~ \|\|z\|\| \`c\` \> q \# h \[l\](u) \<@" + ZERO_WIDTH + r"1\> \\"
    )
    assert escape("- a-b") == r"\- a-b"  # a list only at the start of a line
    assert escape("@everyone @here") == f"@{ZERO_WIDTH}everyone @{ZERO_WIDTH}here"
    assert escape("alice") == "alice" and escape("Zoë 🐉") == "Zoë 🐉"
    for name in (*NAMES, "a\\*", "\\", "-", "x\\-y"):
        assert plain(escape(name)) == name
    assert plain(f"{escape(ALICE)} (White) wins.") == f"{ALICE} (White) wins."


SCRIPT = [
    f"{ALICE}: /play ordo opponent:{BOB} color:first",
    f"{BOB}: /match accept",
    f"{ALICE}: /move move:a3-a4",
    f"{BOB}: /move move:a6-a5",
    f"{BOB}: /match undo",
    f"{ALICE}: /match accept",
    f"{ALICE}: /match draw",
    f"{BOB}: /match decline",
    f"{ALICE}: /match history",
    f"{BOB}: /me games",
    f"{BOB}: /me waiting",
    f"{BOB}: /match resign",
    f"{BOB}: /match resign confirm:true",
    f"{ALICE}: /me rating",
    f"{ALICE}: /me rating user:{BOB}",
    f"{ALICE}: /server leaderboard ordo",
    f"{ALICE}: /match export 1",
    f"{CAROL}: /play ordo min_rating:1000",
    f"{DAVE}: /seeks",
    f"{DAVE}: /match accept 2",
    f"{CAROL}: /play fence seats:3 quick_map:true invite:{ALICE}",
    f"{ALICE}: /lobby join 3",
    f"{BOB}: /lobby join 3",
    f"{BOB}: /lobby leave 3",
    f"{DAVE}: /lobby join 3",
    f"{CAROL}: /lobby start 3",
    f'{ALICE}: /tournament create game:ordo format:swiss name:"{CUP}"',
    f"{BOB}: /tournament join",
    f"{CAROL}: /tournament join",
    f"{DAVE}: /tournament join",
    f"{ALICE}: /tournament start",
    f"{CAROL}: /tournament standings",
    f"{CAROL}: /tournament list",
    "!clock +2d23h",
    "!clock +2h",
    "!clock +3d",
    f"{CAROL}: /tournament standings",
]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn into a board or a standings image."""
    seen: list[str] = []
    board, table = render.render, render.standings.standings_image

    def board_spy(*args: Any, **kwargs: Any) -> bytes:
        seen.extend([*(kwargs.get("players") or []), kwargs.get("status") or ""])
        return board(*args, **kwargs)

    def table_spy(title: str, header: Any, cells: Any, **kwargs: Any) -> bytes:
        seen.extend([title, *(cell for row in cells for cell in row)])
        return table(title, header, cells, **kwargs)

    monkeypatch.setattr(render, "render", board_spy)
    monkeypatch.setattr(render.standings, "standings_image", table_spy)
    return seen


async def test_no_name_is_markdown_anywhere_a_player_reads_it(
    tmp_path: Path, drawn: list[str]
) -> None:
    clock = ConsoleClock(None)
    out: list[str] = []
    posts: list[Post] = []
    service = Service(MemoryStore(), clock=clock, default_time="3d+1d max 7d")
    con = Console(service, tmp_path, out.append, clock)
    show = con._post

    def keep(post: Post, match_id: int | None) -> None:
        posts.append(post)
        show(post, match_id)

    con._post = keep  # type: ignore[method-assign]
    for line in SCRIPT:
        await con.handle(line)
    said = [PREFIX.sub("", line) for line in out if "[image]" not in line and "[file]" not in line]
    said += [post.title for post in posts]
    for name in NAMES:
        assert not [line for line in said if name in line], name
        assert any(escape(name) in line for line in said), name
    # Lines a person reads that are about these four: far more than a few.
    assert sum(1 for line in said if any(escape(n) in line for n in NAMES)) > 60
    # Images, their descriptions and files are not markdown: the names in them are as typed.
    pictured = "\n".join([*drawn, *(post.alt for post in posts)])
    assert "\\" not in pictured and ZERO_WIDTH not in pictured
    assert all(name in pictured for name in NAMES)
    record = (tmp_path / "match1-ordo.txt").read_text()
    assert f'[Seat0 "{ALICE} (White)"]' in record and f"{BOB} resigned" in record
    assert "\\*" not in record and "\\~" not in record
