"""The console's fake clock: ``!clock +3d`` moves time on (kept beside the database, so a
second run continues in the same future) and shows the reminders and timeouts that fall
due, exactly as the bot's scheduler would send them."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

import render
from bot.console import Console, ConsoleClock, parse_offset
from bot.service import Service
from storage import SqliteStore
from tests.bot.conftest import scratch_boards

from .test_console import run_console

DAY = 86400.0


def test_clock_shows_reminders_then_a_timeout_across_two_runs(tmp_path: Path) -> None:
    first = run_console(
        tmp_path,
        'alice: /play ordo opponent:bob color:first time:"3d per move"\n'
        "bob: /accept\n"
        "!clock +2d1h\n"
        "!clock\n",
    )
    assert "Time: 3 days per move; rated." in first
    assert "⏳ alice: 3 days left." in first
    assert "[notify alice] alice, 23 h left on your clock in Ordo (match #1)." in first
    assert sum("left on your clock" in line for line in first) == 2  # the post and the ping
    offset = float((tmp_path / "demo.sqlite3.clock").read_text())
    assert offset == pytest.approx(2 * DAY + 3600)

    second = run_console(tmp_path, "!clock\nalice: /waiting\n!clock +1d\nbob: /rating\n")
    clocks = [line for line in second if line.startswith("(clock: ")]
    assert len(clocks) == 2
    assert not any("left on your clock" in line for line in second)  # not sent twice
    waiting = r"\[only alice\] #1 Ordo vs bob — (23 h|22 h 59 min) left"  # wall time runs too
    assert any(re.fullmatch(waiting, line) for line in second)
    assert "⏰ alice ran out of time." in second
    assert any(line.startswith("bob (Black) wins. alice ran out of time.") for line in second)
    assert "[notify alice, bob] Match #1 is over." in second
    assert "(buttons: Rematch)" in second
    assert any(line.startswith("[only bob] Ordo: 1662?") for line in second)


@pytest.fixture
async def console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(render, "render", lambda *args, **kwargs: b"board")
    store = SqliteStore(str(tmp_path / "db.sqlite3"))
    await store.open()
    out: list[str] = []
    clock = ConsoleClock(tmp_path / "db.sqlite3.clock")
    service = Service(store, clock=clock, default_time="2d per move")
    yield Console(service, tmp_path / "boards", out.append, clock), out, clock
    await store.close()


async def test_dm_reminders_and_digests_are_printed_as_dms(console) -> None:
    shell, out, _ = console
    for line in (
        "alice: /notify mode:dm",
        "carol: /notify mode:digest",
        "alice: /play ordo opponent:bob color:first",
        "bob: /accept",
        "carol: /play fendo opponent:dave color:first",
        "dave: /accept",
    ):
        await shell.handle(line)
    assert "[dm alice] Your turn in Ordo against bob — match #1. 2 days left." in out
    out.clear()
    await shell.handle("!clock +1d1h")
    assert "[dm alice] ⏰ alice, 23 h left on your clock in Ordo (match #1)." in out
    assert "[dm carol] ⏰ carol, 23 h left on your clock in Fendo (match #2)." in out
    digest = out.index("[dm carol] Your daily digest — matches waiting for you:")
    assert out[digest + 1] == "[dm carol] #2 Fendo vs dave — 23 h left"
    assert not any(line.startswith("[notify ") for line in out)
    out.clear()
    await shell.handle("!clock +1h")  # the next digest comes a day later
    assert out[1:] == []


async def test_clock_refuses_nonsense_and_never_goes_back(console) -> None:
    shell, out, clock = console
    before = clock()
    await shell.handle("!clock -3d")
    await shell.handle("!clock soon")
    assert out == [
        "Say how far to move the clock, e.g. !clock +3d or +12h, not '-3d'.",
        "Say how far to move the clock, e.g. !clock +3d or +12h, not 'soon'.",
    ]
    assert clock() - before < 60


async def test_a_console_without_a_fake_clock_says_so() -> None:
    out: list[str] = []
    shell = Console(Service(SqliteStore(":memory:")), scratch_boards(), out.append)
    await shell.handle("!clock +1d")
    assert out == ["This console has no adjustable clock."]


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("+3d", 3 * DAY),
        ("36h", 36 * 3600),
        ("+90m", 5400),
        ("+1d12h", 1.5 * DAY),
        ("0.5d", DAY / 2),
    ],
)
def test_parse_offset(text: str, seconds: float) -> None:
    assert parse_offset(text) == seconds


def test_the_clock_offset_is_kept_beside_the_database(tmp_path: Path) -> None:
    path = tmp_path / "x.clock"
    clock = ConsoleClock(path)
    clock.advance(3 * DAY)
    again = ConsoleClock(path)
    assert again() - time.time() == pytest.approx(3 * DAY, abs=5)
    path.write_text("garbage")
    assert ConsoleClock(path)() - time.time() == pytest.approx(0, abs=5)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1" * 25_000, id="25000-digits"),  # took 13 s: quadratic
        pytest.param("+" + "1" * 25_000 + "d", id="25000-digit-days"),
        pytest.param("1d" * 5_000, id="5000-parts"),
        pytest.param("+" + "9" * 15 + "d", id="beyond-any-clock"),  # datetime overflowed
        "+1001d",
        "+3d 3x",
        "+3.d",
        "+.5d",
        "",
        "+",
    ],
)
def test_unreadable_or_huge_offsets_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="Say how far to move the clock"):
        parse_offset(text)


def test_the_refusal_quotes_a_long_offset_only_in_part() -> None:
    with pytest.raises(ValueError) as refused:
        parse_offset("1" * 25_000)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize(
    ("text", "seconds"), [("+ 1d 12h", 1.5 * DAY), ("+2D", 2 * DAY), ("1d1d", 2 * DAY)]
)
def test_offsets_with_spaces_capitals_or_repeats(text: str, seconds: float) -> None:
    assert parse_offset(text) == seconds
