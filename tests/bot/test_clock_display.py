"""Issue "What a player sees and reads", item 12: the time left reads as people read clocks.

One function (:func:`bot.service.match.clock.timecontrol.format_duration`) says every clock: posts,
``/board``, ``/me games``, ``/me waiting``, reminders and the web board. From a day left it
says days and hours to the nearest hour, under a day hours and minutes to the nearest minute,
under a minute the seconds (rounded up, so time that remains never reads as nothing). So a
clock read a moment after a day was added, or a moment after a post, says what the post said.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import Service, User
from bot.service.match.clock.timecontrol import format_duration

from .conftest import ALICE, BOB, FakeClock, first_legal_move

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0
GUILD = "g1"
ADMIN = User("alice", "alice", manages_server=True, guild_id=GUILD)


@pytest.mark.parametrize(
    ("seconds", "english", "german"),
    [
        (7 * DAY - MINUTE, "7 days", "7 Tage"),  # a capped bank, a minute after the move
        (5 * DAY - 3, "5 days", "5 Tage"),  # never "4 days 23 h"
        (4 * DAY + 23 * HOUR + 29 * MINUTE, "4 days 23 h", "4 Tage 23 Std."),
        (4 * DAY + 23 * HOUR + 30 * MINUTE, "5 days", "5 Tage"),  # half an hour rounds up
        (2 * DAY + 3 * HOUR + 59 * MINUTE, "2 days 4 h", "2 Tage 4 Std."),
        (DAY + 20 * MINUTE, "1 day", "1 Tag"),
        (DAY + 40 * MINUTE, "1 day 1 h", "1 Tag 1 Std."),
        (DAY - 10, "1 day", "1 Tag"),  # under a day: to the minute, which is 24 h
        (DAY - 31, "23 h 59 min", "23 Std. 59 Min."),
        (5 * HOUR + 10 * MINUTE + 29, "5 h 10 min", "5 Std. 10 Min."),
        (5 * HOUR, "5 h", "5 Std."),
        (HOUR - 20, "1 h", "1 Std."),
        (HOUR - 31, "59 min", "59 Min."),  # under an hour: minutes, the flag is near
        (MINUTE + 29, "1 min", "1 Min."),
        (59.5, "1 min", "1 Min."),
        (20, "20 s", "20 Sek."),
        (1, "1 s", "1 Sek."),
        (0.2, "1 s", "1 Sek."),  # time that remains never reads as none
        (0, "0 s", "0 Sek."),
        (-HOUR, "0 s", "0 Sek."),
    ],
)
def test_the_time_left_reads_as_people_read_clocks(
    seconds: float, english: str, german: str
) -> None:
    assert format_duration(seconds) == english
    assert format_duration(seconds, "de") == german


def test_rounding_never_shows_more_than_half_a_unit_extra() -> None:
    """Every reading is within half of its last unit of the truth: an hour from a day on,
    a minute from a minute on (so under an hour the flag's nearness shows), a second below."""
    for seconds in range(0, int(3 * DAY), 97):
        text = format_duration(seconds)
        shown = 0.0
        for number, unit in zip(text.split()[::2], text.split()[1::2], strict=True):
            shown += int(number) * {"day": DAY, "days": DAY, "h": HOUR, "min": MINUTE, "s": 1}[unit]
        unit = HOUR if seconds >= DAY else MINUTE if seconds >= MINUTE else 1
        assert abs(shown - seconds) <= unit / 2 + 1e-9 or (unit == 1 and shown - seconds < 1)


pytestmark = pytest.mark.usefixtures("no_drawing")


@pytest.fixture
def svc(service: Service) -> Service:
    return service


async def _first_move(svc: Service, who: User, match_id: int) -> str:
    """Any legal move of ``who``; the post that follows it."""
    moved = await first_legal_move(svc, who, match_id)
    assert moved.ok and moved.post is not None, moved.text
    return moved.post.text


async def test_a_day_just_added_reads_as_a_whole_day_everywhere(
    svc: Service, clock: FakeClock
) -> None:
    """3d+1d max 7d: alice moves a few seconds in, bob answers; alice then has 4 days less
    a few seconds — the post, /board a minute later and /me games all say "4 days"."""
    made = await svc.challenge(
        ALICE, "ordo", BOB, color="white", time_control="3d+1d max 7d", guild_id=GUILD
    )
    await svc.accept(BOB, match_id=made.match_id)
    match_id = made.match_id or 0
    clock.advance(7)
    after_alice = await _first_move(svc, ALICE, match_id)
    assert "⏳ bob: 3 days left." in after_alice
    clock.advance(5)
    after_bob = await _first_move(svc, BOB, match_id)
    assert "⏳ alice: 4 days left." in after_bob
    clock.advance(MINUTE)
    board = await svc.board(ALICE, match_id=match_id)
    assert board.post is not None and "⏳ alice: 4 days left." in board.post.text
    listing = await svc.games(ALICE)
    assert "**your turn**, 4 days left" in listing.text
    waiting = await svc.waiting(ALICE)
    assert "4 days left" in waiting.text


async def test_german_readers_see_the_same_rounding(svc: Service, clock: FakeClock) -> None:
    settings = await svc.server_settings(ADMIN, GUILD, {"language": "de"})
    assert settings.ok, settings.text
    made = await svc.challenge(
        ALICE, "ordo", BOB, color="white", time_control="2d per move", guild_id=GUILD
    )
    await svc.accept(BOB, match_id=made.match_id)
    match_id = made.match_id or 0
    clock.advance(30)
    board = await svc.board(ALICE, match_id=match_id)
    assert board.post is not None and "⏳ alice: noch 2 Tage." in board.post.text
    german = replace(ALICE, locale="de")
    listing = await svc.games(german)
    assert "noch 2 Tage" in listing.text
    clock.advance(2 * DAY - 45 * MINUTE + 10)  # 44 min 20 s left
    listing = await svc.games(german)
    assert "noch 44 Min." in listing.text
