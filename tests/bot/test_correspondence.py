"""Correspondence play through the service: time controls, reminders and timeouts (also
across restarts on one SQLite file), vacations, notification modes, move confirmation,
/games and /waiting, ratings, rematches and server settings.

Boards are not drawn here (``render.render`` is stubbed), which keeps whole matches fast;
the images themselves are tested elsewhere. Time is a :class:`FakeClock` that the tests move.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import render
from bot.service import Service, User
from bot.service.play.guide import CONFIRM
from bot.service.replies import Reply
from storage import MemoryStore, SqliteStore
from storage.base import ACTIVE, FINISHED, MatchRecord

from .conftest import ALICE, ALICE_ADMIN, BOB, CAROL, FakeClock, start_ordo

DAVE = User("dave", "dave")
HOUR = 3600.0
DAY = 86400.0
GUILD = "g1"


pytestmark = pytest.mark.usefixtures("no_drawing")


def link(record: MatchRecord) -> str:
    return f"https://example.test/match/{record.id}"


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    """A service whose matches get a clock only when asked (``time_control``)."""
    return Service(store, clock=clock, seed_source=lambda: 12345, link=link)


@asynccontextmanager
async def running(path: Path, clock: FakeClock, **kwargs: Any) -> AsyncIterator[Service]:
    """One bot process: a service on the SQLite file, closed at the end (a restart is the
    next ``running`` on the same file)."""
    store = SqliteStore(str(path))
    await store.open()
    try:
        yield Service(store, clock=clock, seed_source=lambda: 12345, link=link, **kwargs)
    finally:
        await store.close()


async def ordo(
    service: Service,
    time: str | None = "3d per move",
    *,
    white: User = ALICE,
    black: User = BOB,
    **kwargs: Any,
) -> int:
    """An accepted Ordo match, ``white`` to move; returns its id."""
    return await start_ordo(service, white, black, time_control=time, **kwargs)


async def record_of(service: Service, match_id: int) -> MatchRecord:
    record = await service.store.get_match(match_id)
    assert record is not None
    return record


def mover(service: Service, record: MatchRecord) -> User:
    loaded = service.reader.load(record)
    uid = record.seats[loaded.rules.to_move(loaded.state)[0]]
    return User(uid, uid)


async def play_any(service: Service, match_id: int) -> Reply:
    """Whoever must act plays their first legal move."""
    record = await record_of(service, match_id)
    loaded = service.reader.load(record)
    notation = loaded.rules.legal_notations(loaded.state)[0]
    reply = await service.move(mover(service, record), notation, match_id=match_id)
    assert reply.ok, reply.text
    return reply


def pings(replies: Sequence[Reply]) -> list[tuple[str, str]]:
    """(user, sentence) for every mention in the replies' posts."""
    return [(uid, r.post.ping) for r in replies if r.post for uid in r.post.mentions]


def dms(replies: Sequence[Reply]) -> list[tuple[str, str]]:
    return [(dm.user_id, dm.text) for r in replies for dm in r.dms]


def reminders(replies: Sequence[Reply]) -> list[tuple[str, str]]:
    """Reminder messages (pings and DMs) as (user, text)."""
    return [(u, t) for u, t in pings(replies) + dms(replies) if "left on your clock" in t]


# ------------------------------------------------------------------------------------------
# 1. time controls
# ------------------------------------------------------------------------------------------
async def test_time_control_chosen_at_play_is_stored_and_announced(svc: Service) -> None:
    made = await svc.challenge(ALICE, "ordo", BOB, time_control="3 days + 1 day, max 7 days")
    assert made.ok and made.post is not None
    assert "Time: 3 days, +1 day per move, at most 7 days; rated." in made.post.text
    record = await record_of(svc, made.match_id or 0)
    assert record.meta["time"] == {
        "kind": "fischer",
        "initial": 3 * DAY,
        "increment": DAY,
        "cap": 7 * DAY,
    }
    assert "clock" not in record.meta  # a challenge's clock does not run yet


async def test_unreadable_time_control_is_refused_with_examples(svc: Service) -> None:
    refused = await svc.challenge(ALICE, "ordo", BOB, time_control="3 fortnights")
    assert not refused.ok
    assert "not a unit I know" in refused.text
    assert await svc.store.list_matches(statuses=(ACTIVE,)) == []


async def test_default_time_comes_from_the_server_then_the_bot(clock: FakeClock) -> None:
    store = MemoryStore()
    await store.open()
    service = Service(store, clock=clock, default_time="2d per move")
    settings = await service.server_settings(ALICE_ADMIN, GUILD, {"time": "5d+1d max 9d"})
    assert settings.ok and "5 days, +1 day per move, at most 9 days" in settings.text
    here = await service.challenge(ALICE, "ordo", BOB, guild_id=GUILD)
    elsewhere = await service.challenge(ALICE, "fendo", BOB, guild_id="g2")
    explicit = await service.challenge(ALICE, "fuer", BOB, guild_id=GUILD, time_control="none")
    kinds = [
        (await record_of(service, r.match_id or 0)).meta["time"]
        for r in (here, elsewhere, explicit)
    ]
    assert (kinds[0]["kind"], kinds[0]["initial"], kinds[0]["cap"]) == (
        "fischer",
        5 * DAY,
        9 * DAY,
    )
    assert (kinds[1]["kind"], kinds[1]["initial"]) == ("per_move", 2 * DAY)
    assert kinds[2]["kind"] == "none"
    assert "Time: no time limit" in (explicit.post.text if explicit.post else "")


async def test_the_clock_starts_when_the_challenge_is_accepted(
    svc: Service, clock: FakeClock
) -> None:
    made = await svc.challenge(ALICE, "ordo", BOB, color="white", time_control="1d per move")
    clock.advance(5 * DAY)  # the challenge waited for days
    assert await svc.tick() == []
    accepted = await svc.accept(BOB, match_id=made.match_id)
    assert accepted.post is not None and "⏳ alice: 1 day left." in accepted.post.text
    record = await record_of(svc, made.match_id or 0)
    assert record.meta["clock"]["since"] == clock.now
    assert record.status == ACTIVE


async def test_fischer_clock_charges_adds_the_increment_and_caps(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "3d+1d max 3d12h")
    clock.advance(2 * DAY)
    await play_any(svc, match_id)  # alice: 3d - 2d + 1d = 2d
    clock.advance(1 * HOUR)
    await play_any(svc, match_id)  # bob: 3d - 1h + 1d, capped at 3d 12h
    banks = (await record_of(svc, match_id)).meta["clock"]["banks"]
    assert banks == [2 * DAY, 3.5 * DAY]
    post = (await svc.board(CAROL, match_id=match_id)).post
    assert post is not None and "⏳ alice: 2 days left." in post.text


async def test_per_move_clock_is_refilled_every_turn(svc: Service, clock: FakeClock) -> None:
    match_id = await ordo(svc, "2d per move")
    clock.advance(47 * HOUR)
    await play_any(svc, match_id)
    clock.advance(47 * HOUR)
    await play_any(svc, match_id)
    clock.advance(47 * HOUR)  # 141 h after the start, yet nobody ever used 48 h
    assert [r for r in await svc.tick() if "ran out" in (r.post.text if r.post else "")] == []
    record = await record_of(svc, match_id)
    assert record.status == ACTIVE and record.meta["clock"]["banks"] == [2 * DAY, 2 * DAY]


async def test_no_time_limit_never_reminds_or_times_out(svc: Service, clock: FakeClock) -> None:
    match_id = await ordo(svc, "none")
    clock.advance(400 * DAY)
    assert await svc.tick() == []
    record = await record_of(svc, match_id)
    assert record.status == ACTIVE and "clock" not in record.meta
    post = (await svc.board(ALICE, match_id=match_id)).post
    assert post is not None and "⏳" not in post.text


async def test_reminders_then_timeout_in_a_two_player_game(svc: Service, clock: FakeClock) -> None:
    match_id = await ordo(svc, "3d per move")
    clock.advance(2 * DAY - HOUR)  # 25 h left: nothing yet
    assert await svc.tick() == []
    clock.advance(2 * HOUR)  # 23 h left
    first = await svc.tick()
    assert pings(first) == [("alice", "alice, 23 h left on your clock in Ordo (match #1).")]
    assert first[0].post is not None and first[0].match_id == match_id
    clock.advance(21 * HOUR + 30 * 60)  # 1 h 30 min left
    second = await svc.tick()
    assert pings(second) == [("alice", "alice, 1 h 30 min left on your clock in Ordo (match #1).")]
    clock.advance(2 * HOUR)
    ended = await svc.tick()
    assert len(ended) == 1 and ended[0].post is not None
    post = ended[0].post
    assert "⏰ alice ran out of time." in post.text
    assert "bob (Black) wins. alice ran out of time." in post.text
    assert set(post.mentions) == {"alice", "bob"}  # results reach everyone
    assert any(b.action == "rematch" for b in post.buttons)
    record = await record_of(svc, match_id)
    assert record.status == FINISHED
    assert record.result is not None and record.result["termination"] == "timeout"
    assert record.result["winners"] == [1]
    assert await svc.tick() == []


async def test_reminders_and_timeout_survive_restarts_and_never_fire_twice(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The deadlines live in the database: each new process (a new service on the same
    file) sends exactly what fell due while nobody was running, and never repeats it."""
    db = tmp_path / "bot.sqlite3"
    sent: list[tuple[str, str]] = []
    async with running(db, clock) as service:
        match_id = await ordo(service, "3d+1d max 7d")
        clock.advance(2 * DAY + HOUR)  # 23 h left
        for _ in range(3):
            sent += reminders(await service.tick())
    assert [u for u, _ in sent] == ["alice"] and "23 h left" in sent[0][1]

    clock.advance(HOUR)  # restarted: nothing new is due
    async with running(db, clock) as service:
        for _ in range(3):
            sent += reminders(await service.tick())
    assert len(sent) == 1

    clock.advance(21 * HOUR)  # the bot was down while the 2 h mark passed
    async with running(db, clock) as service:
        due = await service.tick()
        sent += reminders(due)
        sent += reminders(await service.tick())
    assert len(sent) == 2 and sent[1] == (
        "alice",
        "alice, 1 h left on your clock in Ordo (match #1).",
    )

    clock.advance(2 * HOUR)  # down again when the flag fell
    async with running(db, clock) as service:
        ended = await service.tick()
        assert [r.match_id for r in ended] == [match_id]
        assert ended[0].post is not None and "alice ran out of time" in ended[0].post.text
        assert await service.tick() == []
        record = await record_of(service, match_id)
        assert record.status == FINISHED and record.result is not None
        assert record.result["termination"] == "timeout"
    async with running(db, clock) as service:
        assert await service.tick() == []
    assert len(sent) == 2


async def test_reminder_thresholds_are_configurable(clock: FakeClock) -> None:
    store = MemoryStore()
    await store.open()
    service = Service(store, clock=clock, reminders=(HOUR, 12 * HOUR, 3 * DAY))
    await ordo(service, "2d per move")
    sent = []
    for _ in range(48):
        clock.advance(HOUR)
        sent += [text for _, text in reminders(await service.tick())]
    # 3 days is more than the whole bank: the turn started below that mark, no reminder
    assert [re.search(r", (.*) left", t).group(1) for t in sent] == ["12 h", "1 h"]  # type: ignore[union-attr]


async def test_one_day_per_move_is_not_reminded_of_its_24_hours_at_once(
    svc: Service, clock: FakeClock
) -> None:
    """With the default marks (24 h, 2 h) a "1d per move" turn starts at the 24 h mark;
    reminding right after the turn's own ping would be noise."""
    match_id = await ordo(svc, "1d per move")
    for _ in range(21):
        clock.advance(HOUR)
        assert await svc.tick() == []
    clock.advance(HOUR + 1)
    assert [u for u, _ in reminders(await svc.tick())] == ["alice"]
    await play_any(svc, match_id)
    clock.advance(HOUR)
    assert await svc.tick() == []


async def test_a_long_absence_sends_only_the_most_urgent_reminder(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "3d per move")
    clock.advance(3 * DAY - HOUR)  # both thresholds passed unseen
    assert [u for u, _ in reminders(await svc.tick())] == ["alice"]
    for _ in range(3):
        assert await svc.tick() == []
    record = await record_of(svc, match_id)
    assert sorted(record.meta["clock"]["reminded"]) == ["0:0:7200", "0:0:86400"]


async def test_each_turn_gets_its_own_reminders(svc: Service, clock: FakeClock) -> None:
    match_id = await ordo(svc, "2d per move")
    clock.advance(DAY + HOUR)
    assert [u for u, _ in reminders(await svc.tick())] == ["alice"]
    await play_any(svc, match_id)
    clock.advance(DAY + HOUR)
    assert [u for u, _ in reminders(await svc.tick())] == ["bob"]
    await play_any(svc, match_id)
    clock.advance(DAY + HOUR)  # alice's new turn: reminded afresh
    assert [u for u, _ in reminders(await svc.tick())] == ["alice"]


async def test_two_processes_ticking_at_once_send_one_reminder(
    tmp_path: Path, clock: FakeClock
) -> None:
    """A reminder is committed (versioned) before it is sent, so a second scheduler on the
    same database — a rolling restart — loses the race instead of repeating it."""
    db = tmp_path / "bot.sqlite3"
    async with running(db, clock) as first:
        await ordo(first, "3d per move")
        clock.advance(2 * DAY + HOUR)
        async with running(db, clock) as second:
            results = await asyncio.gather(first.tick(), second.tick(), first.tick())
    assert len([r for batch in results for r in reminders(batch)]) == 1


async def test_a_move_after_the_flag_fell_loses_instead_of_playing(
    svc: Service, clock: FakeClock
) -> None:
    """The scheduler looks once a minute (and not at all while the bot is down): a move
    that arrives late is not played."""
    match_id = await ordo(svc, "1d per move")
    clock.advance(DAY + 1)
    reply = await svc.move(ALICE, "a3-a4", match_id=match_id)
    assert "time ran out" in reply.text
    assert reply.post is not None and "bob (Black) wins" in reply.post.text
    record = await record_of(svc, match_id)
    assert record.status == FINISHED and await svc.store.actions(match_id) == []
    assert await svc.tick() == []


async def test_fence_timeout_removes_the_player_and_the_game_goes_on(
    svc: Service, clock: FakeClock
) -> None:
    opened = await svc.play(
        ALICE, "fence", seats=3, options={"quick_map": True}, time_control="1d per move"
    )
    match_id = opened.match_id
    assert match_id is not None
    for user in (BOB, CAROL):
        assert (await svc.join(user, match_id=match_id)).ok
    started = await svc.start(ALICE, match_id=match_id)
    assert started.post is not None and "⏳ bob: 1 day left." in started.post.text
    clock.advance(DAY + 1)
    [dropped] = await svc.tick()
    assert dropped.post is not None
    assert "⏰ bob ran out of time." in dropped.post.text
    assert dropped.post.mentions == ("carol",)  # the next player is pinged
    record = await record_of(svc, match_id)
    assert record.status == ACTIVE and record.meta["dropped"] == [1]
    assert record.meta["clock"]["running"] == [2]
    history = await svc.history(DAVE, match_id=match_id)
    assert "(leaves the game: timeout)" in history.text
    clock.advance(DAY + 1)
    [ended] = await svc.tick()
    assert ended.post is not None and "alice (Green) wins" in ended.post.text
    record = await record_of(svc, match_id)
    assert record.status == FINISHED and record.result is not None
    assert record.result["winners"] == [0]


# ------------------------------------------------------------------------------------------
# vacations
# ------------------------------------------------------------------------------------------
async def test_vacation_pauses_the_deadline_and_the_reminders(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "3d per move")
    clock.advance(DAY)  # 2 days left
    went = await svc.vacation(ALICE, 5)
    assert went.ok and "paused for 5 days." in went.text and "25 days left" in went.text
    post = (await svc.board(ALICE, match_id=match_id)).post
    assert post is not None and "⏳ alice: 2 days left (paused: on vacation)." in post.text
    waiting = await svc.waiting(ALICE)
    assert "2 days left" in waiting.text
    clock.advance(5 * DAY - 1)  # the old deadline passed long ago
    assert await svc.tick() == []
    clock.advance(DAY + HOUR + 1)  # back for 1 day and an hour: 23 h left
    assert [u for u, _ in reminders(await svc.tick())] == ["alice"]
    clock.advance(23 * HOUR)
    [ended] = await svc.tick()
    assert ended.post is not None and "alice ran out of time" in ended.post.text


async def test_a_vacation_on_the_opponents_turn_does_not_stop_their_clock(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "1d per move")
    assert (await svc.vacation(BOB, 10)).ok
    clock.advance(DAY + 1)
    [ended] = await svc.tick()
    assert ended.post is not None and "alice ran out of time" in ended.post.text
    assert (await record_of(svc, match_id)).status == FINISHED


async def test_moving_during_a_vacation_charges_no_vacation_time(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "3d+0d")
    clock.advance(DAY)
    await svc.vacation(ALICE, 3)
    clock.advance(2 * DAY)
    await play_any(svc, match_id)  # only the day before the vacation counts
    assert (await record_of(svc, match_id)).meta["clock"]["banks"][0] == 2 * DAY


async def test_vacation_allowance_per_year(clock: FakeClock) -> None:
    store = MemoryStore()
    await store.open()
    service = Service(store, clock=clock, vacation_days=10)
    assert (await service.vacation(ALICE, 7)).ok
    again = await service.vacation(ALICE, 1)
    assert not again.ok and "already on vacation" in again.text
    clock.advance(2 * DAY)
    back = await service.vacation(ALICE, 0)
    assert back.ok and "clocks run again" in back.text  # 2 days used, 5 given back
    too_many = await service.vacation(ALICE, 9)
    assert not too_many.ok and "8 vacation days left this year (of 10)" in too_many.text
    rest = await service.vacation(ALICE, 8)
    assert rest.ok and "0 days left this year" in rest.text
    clock.advance(8 * DAY)
    assert not (await service.vacation(ALICE, 0)).ok  # over by itself
    none_left = await service.vacation(ALICE, 1)
    assert not none_left.ok and "0 vacation days left" in none_left.text
    clock.advance(366 * DAY)  # a new calendar year, a new allowance
    assert (await service.vacation(ALICE, 10)).ok


# ------------------------------------------------------------------------------------------
# 2. notifications
# ------------------------------------------------------------------------------------------
async def test_notify_modes_are_explained_and_checked(svc: Service) -> None:
    assert "ping you in the match thread" in (await svc.notify(ALICE)).text
    assert "I DM you when it's your turn" in (await svc.notify(ALICE, mode="DM")).text
    assert "once a day" in (await svc.notify(ALICE, mode="digest")).text
    off = await svc.notify(ALICE, mode="off", confirm=True)
    assert "check /me waiting" in off.text and "Confirm press" in off.text
    bad = await svc.notify(ALICE, mode="pigeon")
    assert not bad.ok and "thread, dm, digest or off" in bad.text
    settings = await svc.store.user_settings("alice")
    assert settings == {"notify": "off", "confirm": True}


async def test_thread_mode_pings_the_player_to_move(svc: Service) -> None:
    match_id = await ordo(svc, None)
    reply = await play_any(svc, match_id)
    assert reply.post is not None and reply.post.mentions == ("bob",)
    assert reply.post.ping == "bob, it's your turn in Ordo (match #1)."
    assert reply.dms == ()


async def test_dm_mode_sends_a_dm_naming_game_opponent_and_thread(
    svc: Service, clock: FakeClock
) -> None:
    await svc.notify(ALICE, mode="dm")
    await svc.notify(BOB, mode="dm")
    made = await svc.challenge(ALICE, "ordo", BOB, color="white", time_control="3d per move")
    accepted = await svc.accept(BOB, match_id=made.match_id)
    # the game begins: alice must act, and hears it by DM, not by a ping
    assert accepted.post is not None and accepted.post.mentions == ()
    assert dms([accepted]) == [
        (
            "alice",
            "Your turn in Ordo against bob — match #1 https://example.test/match/1. 3 days left.",
        )
    ]
    clock.advance(HOUR)
    moved = await play_any(svc, made.match_id or 0)
    assert moved.post is not None and moved.post.mentions == () and moved.post.ping == ""
    assert [u for u, _ in dms([moved])] == ["bob"]
    clock.advance(2 * DAY + 2 * HOUR)  # bob's reminder comes by DM too
    assert [(u, "⏰" in t and "example.test" in t) for u, t in dms(await svc.tick())] == [
        ("bob", True)
    ]


async def test_digest_mode_sends_one_dm_a_day_listing_waiting_matches(
    svc: Service, clock: FakeClock
) -> None:
    await svc.notify(ALICE, mode="digest")
    first = await ordo(svc, "3d per move")
    second = await ordo(svc, None, white=ALICE, black=CAROL)
    assert (await play_any(svc, second)).post is not None  # carol's turn there now
    reply = await play_any(svc, second)  # alice's turn again: no ping, no DM
    assert reply.post is not None and reply.post.mentions == () and reply.dms == ()
    [digest] = dms(await svc.tick())
    assert digest[0] == "alice" and digest[1].startswith("Your daily digest")
    assert f"#{first} Ordo vs bob — 3 days left" in digest[1]
    assert f"#{second} Ordo vs carol" in digest[1]
    assert digest[1].index(f"#{first} ") < digest[1].index(f"#{second} ")
    clock.advance(23 * HOUR)
    assert dms(await svc.tick()) == []
    clock.advance(HOUR)
    assert [u for u, _ in dms(await svc.tick())] == ["alice"]
    for match_id in (first, second):
        await play_any(svc, match_id)  # nothing waits for alice any more
    clock.advance(DAY)
    assert dms(await svc.tick()) == []


async def test_off_mode_sends_nothing_but_timeouts_still_happen(
    svc: Service, clock: FakeClock
) -> None:
    await svc.notify(ALICE, mode="off")
    made = await svc.challenge(ALICE, "ordo", BOB, color="white", time_control="2d per move")
    accepted = await svc.accept(BOB, match_id=made.match_id)
    assert accepted.post is not None and accepted.post.mentions == () and accepted.dms == ()
    clock.advance(DAY + HOUR)
    assert await svc.tick() == []  # no reminder for alice
    assert "Ordo vs bob — 23 h left" in (await svc.waiting(ALICE)).text
    clock.advance(DAY)
    [ended] = await svc.tick()
    assert ended.post is not None and "alice ran out of time" in ended.post.text
    assert set(ended.post.mentions) == {"alice", "bob"}  # a result is not a turn ping


@pytest.mark.parametrize("mode", ["thread", "dm"])
async def test_a_multi_step_turn_pings_once_when_it_ends(svc: Service, mode: str) -> None:
    """Fonver: a crosscut forces capture steps within bob's turn; alice hears of her turn
    once, when bob's last step is played, not at every step."""
    await svc.notify(ALICE, mode=mode)
    made = await svc.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    await svc.accept(BOB, match_id=made.match_id)
    match_id = made.match_id or 0
    notified: list[str] = []
    for user, move in ((ALICE, "e5"), (BOB, "keep"), (BOB, "e6"), (ALICE, "f6")):
        reply = await svc.move(user, move, match_id=match_id)
        assert reply.ok, reply.text
    crosscut = await svc.move(BOB, "f5", match_id=match_id)
    assert crosscut.post is not None
    assert crosscut.post.choices or crosscut.post.buttons  # bob goes on capturing
    notified += [u for u, _ in dms([crosscut])] + list(crosscut.post.mentions)
    steps = 0
    while True:
        record = await record_of(svc, match_id)
        loaded = svc.reader.load(record)
        if loaded.rules.to_move(loaded.state) != [1]:
            break
        reply = await play_any(svc, match_id)
        steps += 1
        assert reply.post is not None
        notified += [u for u, _ in dms([reply])] + list(reply.post.mentions)
    assert steps >= 1
    assert notified == ["alice"]


# ------------------------------------------------------------------------------------------
# confirmation before a move
# ------------------------------------------------------------------------------------------
async def test_step_buttons_ask_for_confirmation_when_wanted(svc: Service) -> None:
    made = await svc.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    await svc.accept(BOB, match_id=made.match_id)
    match_id = made.match_id or 0
    pie = await svc.move(ALICE, "e5", match_id=match_id)
    assert pie.post is not None
    assert [b.value for b in pie.post.buttons if b.action == "step"] == ["keep", "swap"]
    await svc.notify(BOB, confirm=True)
    version = (await record_of(svc, match_id)).version
    asked = await svc.step(BOB, "swap", match_id=match_id, version=version)
    assert asked.ok and asked.panel is not None
    assert asked.panel.options == (CONFIRM,) and asked.panel.confirm
    assert "Swap" in asked.text and asked.post is None
    assert len(await svc.store.actions(match_id)) == 1  # nothing played yet
    done = await svc.panel(
        BOB,
        match_id=match_id,
        version=asked.panel.version,
        path=asked.panel.path,
        confirmed=True,
    )
    assert done.ok and "Played swap" in done.text
    assert [a.notation for a in await svc.store.actions(match_id)] == ["e5", "swap"]


async def test_step_buttons_play_at_once_without_confirmation(svc: Service) -> None:
    made = await svc.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    await svc.accept(BOB, match_id=made.match_id)
    match_id = made.match_id or 0
    await svc.move(ALICE, "e5", match_id=match_id)
    stale = (await record_of(svc, match_id)).version - 1
    refused = await svc.step(BOB, "keep", match_id=match_id, version=stale)
    assert not refused.ok and "out of date" in refused.text
    version = (await record_of(svc, match_id)).version
    other = await svc.step(ALICE, "keep", match_id=match_id, version=version)
    assert not other.ok and "not yours" in other.text
    played = await svc.step(BOB, "keep", match_id=match_id, version=version)
    assert played.ok and played.panel is None and "Played keep" in played.text


async def test_typed_moves_never_ask_for_confirmation(svc: Service) -> None:
    """Typing a move is deliberate; confirmation guards buttons against misclicks."""
    await svc.notify(ALICE, confirm=True)
    match_id = await ordo(svc, None)
    reply = await svc.move(ALICE, "a3-a4", match_id=match_id)
    assert reply.ok and reply.panel is None and "Played a3-a4" in reply.text


async def test_guided_panel_ends_with_confirm_when_wanted(svc: Service) -> None:
    opened = await svc.play(ALICE, "fence", seats=2, options={"quick_map": True})
    match_id = opened.match_id or 0
    await svc.join(BOB, match_id=match_id)
    await svc.start(ALICE, match_id=match_id)

    async def finish_panel(user: User) -> Reply:
        reply = await svc.panel(user, match_id=match_id)
        while reply.panel is not None and not reply.panel.confirm:
            reply = await svc.panel(
                user, match_id=match_id, version=reply.panel.version, path=(*reply.panel.path, 0)
            )
            assert reply.ok, reply.text
        return reply

    first = mover(svc, await record_of(svc, match_id))
    await svc.notify(first, confirm=True)
    asked = await finish_panel(first)
    assert asked.panel is not None and asked.panel.options == (CONFIRM,)
    assert await svc.store.actions(match_id) == []
    await svc.panel(
        first, match_id=match_id, version=asked.panel.version, path=asked.panel.path, confirmed=True
    )
    assert len(await svc.store.actions(match_id)) == 1


# ------------------------------------------------------------------------------------------
# 3. overview
# ------------------------------------------------------------------------------------------
async def test_waiting_lists_my_turns_sorted_by_deadline(svc: Service, clock: FakeClock) -> None:
    slow = await ordo(svc, "7d per move")
    untimed = await ordo(svc, "none", white=ALICE, black=CAROL)
    fast = await ordo(svc, "1d per move", white=ALICE, black=DAVE)
    theirs = await ordo(svc, "2h per move", white=BOB, black=ALICE)
    medium = await ordo(svc, "3d+1d", white=CAROL, black=ALICE)
    await play_any(svc, medium)  # carol moved: alice's turn, 3 days left
    clock.advance(HOUR)
    text = (await svc.waiting(ALICE)).text
    lines = text.splitlines()
    assert lines[0] == "Waiting for you (most urgent first):"
    assert [int(re.match(r"#(\d+)", line).group(1)) for line in lines[1:]] == [  # type: ignore[union-attr]
        fast,
        medium,
        slow,
        untimed,
    ]
    assert f"#{theirs} " not in text
    assert "#3 Ordo vs dave — 23 h left https://example.test/match/3" in text
    assert (await svc.waiting(DAVE)).text == "Nothing is waiting for you. 🎉"


async def test_games_shows_whose_turn_and_time_left(svc: Service, clock: FakeClock) -> None:
    mine = await ordo(svc, "2d per move")
    theirs = await ordo(svc, "3d per move", white=CAROL, black=ALICE)
    untimed = await ordo(svc, "none", white=DAVE, black=ALICE)
    clock.advance(2 * HOUR)
    text = (await svc.games(ALICE)).text
    assert f"#{mine} Ordo vs bob — **your turn**, 1 day 22 h left" in text
    assert f"#{theirs} Ordo vs carol — carol's turn, 2 days 22 h left" in text
    assert f"#{untimed} Ordo vs dave — dave's turn (since" in text


async def test_anyone_may_look_at_a_board_but_secrets_stay_hidden(
    svc: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    views: list[dict[str, Any]] = []

    def drawing(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        views.append(view)
        return b"board"

    monkeypatch.setattr(render, "render", drawing)
    match_id = await ordo(svc, None)
    looked = await svc.board(DAVE, match_id=match_id)
    assert looked.ok and looked.post is not None and looked.post.mentions == ()
    opened = await svc.play(ALICE, "fence", seats=2, options={"quick_map": True})
    fence_id = opened.match_id or 0
    await svc.join(BOB, match_id=fence_id)
    await svc.start(ALICE, match_id=fence_id)
    views.clear()
    spectated = await svc.board(DAVE, match_id=fence_id)
    assert spectated.ok and spectated.post is not None
    assert [b.action for b in spectated.post.buttons] == ["panel", "hand"]  # no move buttons
    assert views and all(view.get("hand") is None for view in views)
    cards = await svc.hand(DAVE, match_id=fence_id)
    assert not cards.ok


# ------------------------------------------------------------------------------------------
# 4. ratings
# ------------------------------------------------------------------------------------------
async def test_a_finished_rated_match_updates_ratings_once(svc: Service) -> None:
    match_id = await ordo(svc, None, guild_id=GUILD)
    resigned = await svc.resign(BOB, match_id=match_id)
    assert resigned.post is not None
    assert "Ratings: alice 1500? → 1662?, bob 1500? → 1338?." in resigned.post.text
    alice = await svc.store.rating(GUILD, "ordo", "alice")
    assert alice is not None and alice.games == 1 and round(alice.rating) == 1662
    # finishing the same match again (a resign pressed twice, a retry) changes nothing
    again_resigned = await svc.resign(ALICE, match_id=match_id)
    assert not again_resigned.ok and "result is final" in again_resigned.text
    again = await svc.store.rating(GUILD, "ordo", "alice")
    assert again is not None and again.games == 1 and again.rating == alice.rating
    assert await svc.store.rating("", "ordo", "alice") is None  # per server


async def test_unrated_matches_leave_ratings_alone(svc: Service) -> None:
    made = await svc.challenge(ALICE, "ordo", BOB, rated=False, guild_id=GUILD)
    assert made.post is not None and "; unrated." in made.post.text
    await svc.accept(BOB, match_id=made.match_id)
    done = await svc.resign(BOB, match_id=made.match_id)
    assert done.post is not None and "Ratings" not in done.post.text
    assert await svc.store.ratings(GUILD, "ordo") == []
    assert "no rated games here yet" in (await svc.rating(ALICE, guild_id=GUILD)).text


async def test_draws_and_timeouts_are_rated(svc: Service, clock: FakeClock) -> None:
    drawn = await ordo(svc, None)
    await svc.draw(ALICE, match_id=drawn)
    agreed = await svc.accept(BOB, match_id=drawn)
    assert agreed.post is not None and "Ratings: alice 1500? → 1500?" in agreed.post.text
    await ordo(svc, "1d per move")
    clock.advance(DAY + 1)
    [ended] = await svc.tick()
    assert ended.post is not None and "Ratings:" in ended.post.text
    bob = await svc.store.rating("", "ordo", "bob")
    assert bob is not None and bob.games == 2


async def test_provisional_marker_until_five_games_and_leaderboard(svc: Service) -> None:
    for n in range(5):
        match_id = await ordo(svc, None, guild_id=GUILD)
        await svc.resign(BOB, match_id=match_id)
        text = (await svc.rating(CAROL, user=ALICE, game="ordo", guild_id=GUILD)).text
        assert text.startswith("Ratings of alice:\nOrdo: ")
        assert ("?" in text) == (n < 4), text
    assert f"({5} games)" in text
    await svc.resign(BOB, match_id=await ordo(svc, None, white=CAROL, black=BOB, guild_id=GUILD))
    board = await svc.leaderboard(DAVE, "ordo", guild_id=GUILD)
    assert not board.ephemeral
    lines = board.text.splitlines()
    assert lines[0] == "**Ordo leaderboard**"
    assert [line.split(" — ")[0] for line in lines[1:4]] == ["1. alice", "2. carol", "3. bob"]
    assert re.fullmatch(r"1\. alice — \d+ ±\d+ \(5 games\)", lines[1])  # established
    assert re.fullmatch(r"2\. carol — \d+\? \(1 game\)", lines[2])
    assert "provisional" in lines[-1]
    empty = await svc.leaderboard(DAVE, "fendo", guild_id=GUILD)
    assert "No rated Fendo games here yet" in empty.text
    assert not (await svc.leaderboard(DAVE, "chess", guild_id=GUILD)).ok


# ------------------------------------------------------------------------------------------
# 5. rematch
# ------------------------------------------------------------------------------------------
async def test_rematch_swaps_colours_and_keeps_the_terms(svc: Service) -> None:
    made = await svc.challenge(
        ALICE,
        "fonver",
        BOB,
        color="first",
        options={"size": 9},
        time_control="2d+12h",
        rated=False,
        guild_id=GUILD,
        channel_id="c1",
    )
    await svc.accept(BOB, match_id=made.match_id)
    too_early = await svc.rematch(ALICE, match_id=made.match_id)
    assert not too_early.ok and "not finished" in too_early.text
    await svc.resign(ALICE, match_id=made.match_id)
    outsider = await svc.rematch(CAROL, match_id=made.match_id)
    assert not outsider.ok
    again = await svc.rematch(ALICE, match_id=made.match_id)
    assert again.ok and again.created and again.post is not None
    assert "Seats: bob (Black), alice (White)." in again.post.text
    assert again.post.mentions == ("bob",)
    old = await record_of(svc, made.match_id or 0)
    new = await record_of(svc, again.match_id or 0)
    assert list(new.seats) == list(reversed(old.seats))
    assert (new.options, new.meta["time"], new.meta["rated"]) == (
        old.options,
        old.meta["time"],
        False,
    )
    assert (new.guild_id, new.channel_id) == (GUILD, "c1")
    assert (await svc.accept(BOB, match_id=new.id)).ok


async def test_rematch_of_a_bigger_game_opens_a_lobby_for_the_same_players(
    svc: Service,
) -> None:
    opened = await svc.play(ALICE, "fence", seats=3, options={"quick_map": True})
    match_id = opened.match_id or 0
    for user in (BOB, CAROL):
        await svc.join(user, match_id=match_id)
    await svc.start(ALICE, match_id=match_id)
    for user in (BOB, CAROL):
        await svc.resign(user, match_id=match_id)
    assert (await record_of(svc, match_id)).status == FINISHED
    again = await svc.rematch(CAROL, match_id=match_id)
    assert again.ok and again.post is not None
    assert set(again.post.mentions) == {"alice", "bob"}
    lobby = await record_of(svc, again.match_id or 0)
    assert lobby.seats[0] == "carol" and lobby.meta["lobby"]["seats"] == 3


# ------------------------------------------------------------------------------------------
# 6. server settings
# ------------------------------------------------------------------------------------------
async def test_server_settings_are_shown_changed_and_checked(svc: Service) -> None:
    shown = await svc.server_settings(ALICE, GUILD)
    assert "default time control: no time limit" in shown.text
    assert "new matches open: where /play is used, in a thread each" in shown.text
    changed = await svc.server_settings(
        ALICE_ADMIN,
        GUILD,
        {"time": "2d per move", "mode": "channel", "channel": "77", "games": "ordo, fuer"},
    )
    assert changed.ok
    assert "default time control: 2 days per move" in changed.text
    assert "new matches open: <#77>, in the channel" in changed.text
    assert "games: Ordo, Fuer (Extension)" in changed.text
    assert await svc.store.guild_settings(GUILD) == {
        "time": "2d per move",
        "mode": "channel",
        "channel": "77",
        "games": ["ordo", "fuer"],
    }
    for changes, message in (
        ({"time": "soon"}, "as a length of time"),
        ({"mode": "forum"}, "thread or channel"),
        ({"games": "ordo chess"}, "chess"),
        ({"colour": "red"}, "Unknown setting"),
    ):
        refused = await svc.server_settings(ALICE_ADMIN, GUILD, changes)
        assert not refused.ok and message in refused.text, refused.text
    assert (await svc.store.guild_settings(GUILD))["time"] == "2d per move"


async def test_disabled_games_are_refused_on_that_server_only(svc: Service) -> None:
    await svc.server_settings(ALICE_ADMIN, GUILD, {"games": "ordo"})
    refused = await svc.challenge(ALICE, "fendo", BOB, guild_id=GUILD)
    assert not refused.ok and "Fendo is switched off on this server (enabled: Ordo)" in refused.text
    lobby = await svc.play(ALICE, "fence", seats=3, guild_id=GUILD)
    assert not lobby.ok and "switched off" in lobby.text
    assert (await svc.challenge(ALICE, "ordo", BOB, guild_id=GUILD)).ok
    assert (await svc.challenge(ALICE, "fendo", BOB, guild_id="g2")).ok
    await svc.server_settings(ALICE_ADMIN, GUILD, {"games": "all"})
    assert (await svc.challenge(ALICE, "fendo", CAROL, guild_id=GUILD)).ok


async def test_an_undo_gives_the_clock_back_to_the_player_who_moves_again(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await ordo(svc, "1d per move")
    await play_any(svc, match_id)  # bob's clock runs
    await svc.undo(ALICE, match_id=match_id)
    clock.advance(HOUR)
    assert (await svc.accept(BOB, match_id=match_id)).ok  # alice to move again
    assert (await record_of(svc, match_id)).meta["clock"]["running"] == [0]
    clock.advance(DAY)
    [ended] = await svc.tick()
    assert ended.post is not None and "alice ran out of time" in ended.post.text


async def test_only_server_managers_change_settings_in_the_service(svc: Service) -> None:
    """Defect 13.7: the check lives in the service, so the console enforces it too."""
    refused = await svc.server_settings(ALICE, GUILD, {"time": "1d per move"})
    assert not refused.ok and "Manage Server" in refused.text
    assert "no time limit" in (await svc.server_settings(BOB, GUILD)).text  # reading is fine
