"""Quiet hours and the weekend pause (issue 43, item 4): a player's clock does not run in
their quiet time (their own IANA time zone), the clock line says so, turn pings wait until
it ends, a server may forbid it, and bad input is one sentence with nothing stored."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.service import Service, User
from bot.service.match.clock.quiet import Quiet, parse_hours
from tests.bot.conftest import FakeClock
from tests.bot.test_console import run_console

BERLIN = ZoneInfo("Europe/Berlin")
ALICE = User("alice", "alice", guild_id="g1")
BOB = User("bob", "bob", guild_id="g1")
MANAGER = User("carol", "carol", manages_server=True, guild_id="g1")
HOUR = 3600.0


def berlin(day: int, hour: int) -> float:
    """A moment of December 2026 in Berlin (the 1st is a Tuesday)."""
    return datetime(2026, 12, day, hour, tzinfo=BERLIN).timestamp()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(berlin(1, 21))  # Tuesday 21:00 in Berlin


async def ordo(service: Service, time: str = "1d per move") -> int:
    made = await service.challenge(
        ALICE, "ordo", BOB, color="white", time_control=time, guild_id="g1"
    )
    assert made.ok, made.text
    assert (await service.accept(BOB, match_id=made.match_id)).ok
    return made.match_id  # type: ignore[return-value]


def test_a_night_and_a_weekend_are_paused_across_a_clock_change() -> None:
    quiet = Quiet("Europe/Berlin", parse_hours("22:00-07:00"), weekend=True)
    assert quiet.quiet_until(berlin(1, 23)) == berlin(2, 7)
    assert quiet.quiet_until(berlin(2, 12)) is None
    assert quiet.quiet_until(berlin(4, 23)) == berlin(7, 7)  # Friday night to Monday 07:00
    summer = datetime(2026, 3, 28, 23, tzinfo=BERLIN).timestamp()  # the night clocks go on
    until = quiet.quiet_until(summer)
    assert datetime.fromtimestamp(until, BERLIN).hour == 7  # type: ignore[arg-type]


async def test_bob_quiet_clock_does_not_run_and_the_ping_waits(
    service: Service, clock: FakeClock
) -> None:
    told = await service.quiet(BOB, zone="Europe/Berlin", hours="22:00-07:00")
    assert told.ok and "22:00–07:00 (Europe/Berlin)" in told.text, told.text
    match = await ordo(service)
    clock.now = berlin(1, 23)  # alice moves while bob sleeps
    played = await service.move(ALICE, "a3-a4", match_id=match)
    assert played.ok and played.post is not None
    assert "bob" not in played.post.mentions and played.post.ping == ""
    assert "paused: quiet hours, 8 h more" in played.post.text, played.post.text
    clock.now = berlin(2, 6)
    assert [r for r in await service.tick() if r.post] == []  # still quiet
    clock.now = berlin(2, 7) + 60
    pings = [r.post for r in await service.tick() if r.post]
    assert [p.mentions for p in pings] == [("bob",)], pings
    assert pings[0].ping == "bob, it's your turn in Ordo (match #1)."
    assert [r for r in await service.tick() if r.post] == []  # once
    # the night did not count: a day per move still has 23 h at 08:00
    clock.now = berlin(2, 8)
    board = await service.board(BOB, match_id=match)
    assert "23 h left" in (board.post.text if board.post else board.text)


async def test_a_server_may_forbid_quiet_hours(service: Service, clock: FakeClock) -> None:
    off = await service.server_settings(MANAGER, "g1", {"quiet_hours": False})
    assert off.ok and "every clock runs at all times" in off.text
    assert (await service.quiet(BOB, zone="Europe/Berlin", hours="22-7")).ok
    match = await ordo(service)
    clock.now = berlin(1, 23)
    played = await service.move(ALICE, "a3-a4", match_id=match)
    assert played.post is not None and played.post.mentions == ("bob",)
    assert "quiet" not in played.post.text


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"zone": "Mars/Olympus"}, "There is no time zone 'Mars/Olympus';"),
        ({"zone": "Europe/Berlin", "hours": "20:00-09:00"}, "at most 12 hours a day."),
        ({"zone": "Europe/Berlin", "hours": "22-7, 6-8"}, "Those quiet hours overlap;"),
        ({"zone": "Europe/Berlin", "hours": "late"}, "'late' is no time range;"),
        ({"hours": "22-7"}, "Name your time zone too"),
    ],
)
async def test_bad_quiet_hours_are_one_sentence_and_nothing_is_stored(
    service: Service, options: dict[str, str], said: str
) -> None:
    told = await service.quiet(BOB, **options)  # type: ignore[arg-type]
    assert not told.ok and said in told.text and "\n" not in told.text, told.text
    assert await service.store.user_settings("bob") == {}


async def test_a_lowercase_zone_is_understood_and_none_clears(service: Service) -> None:
    told = await service.quiet(BOB, zone="europe/berlin", weekend=True)
    assert told.ok and "Saturday and Sunday (Europe/Berlin)" in told.text, told.text
    cleared = await service.quiet(BOB, hours="none", weekend=False)
    assert cleared.ok and "No quiet hours" in cleared.text
    assert await service.store.user_settings("bob") == {}


def test_the_console_sets_quiet_hours_and_blocks_in_its_own_words(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "bob: /me quiet zone:Nowhere/Land\n"
        "bob: /me quiet zone:Europe/Berlin hours:22-7 weekend:true\n"
        "alice: /me challenges block:bob\n"
        "bob: /play ordo opponent:alice\n",
    )
    said = "\n".join(lines)
    assert "There is no time zone 'Nowhere/Land'" in said
    assert "22:00–07:00, all of Saturday and Sunday (Europe/Berlin)" in said
    assert "Blocked: bob." in said and "alice is not taking challenges now." in said
    german = run_console(
        tmp_path,
        "carol: /ich ruhezeit zeitzone:Europe/Berlin wochenende:true\n",
        "x.sqlite3",
        "--locale",
        "de",
    )
    assert any("den ganzen Samstag und Sonntag (Europe/Berlin)" in line for line in german), german


async def test_a_tournament_may_forbid_quiet_hours_in_its_games(service: Service) -> None:
    made = await service.tournament_create(
        ALICE, "ordo", format="league", quiet_hours=False, guild_id="g1"
    )
    assert made.ok, made.text
    kept = await service.tournament_create(BOB, "fendo", format="league", guild_id="g1")
    assert kept.ok, kept.text
    listed = await service.store.list_tournaments(guild_id="g1")
    forbidding, allowing = sorted(listed, key=lambda t: t.id)
    assert forbidding.data["terms"].get("quiet") is False
    assert "quiet" not in allowing.data["terms"]


def test_the_console_creates_a_tournament_without_quiet_hours(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path, "alice: /tournament create game:ordo format:league quiet_hours:false\n"
    )
    assert any("tournament #1" in line.lower() for line in lines), lines
