"""Issue 13: one guarded write path. One test (at least) per defect, each failing before the
transition existed, and a property test over random command sequences."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from bot.service import Service, User
from competition.ratings import rate_match
from games.core import Outcome
from storage import FINISHED, MemoryStore, Rating, SqliteStore

from .conftest import ALICE, BOB, CAROL, FakeClock

DAY = 86400.0
GUILD = "g1"


async def new_match(service: Service, white: User = ALICE, black: User = BOB, **kw) -> int:
    made = await service.challenge(white, "ordo", black, color="white", guild_id=GUILD, **kw)
    assert made.ok and made.match_id is not None, made.text
    assert (await service.accept(black, match_id=made.match_id)).ok
    return made.match_id


# -- 1. a finished match can't be rewritten ------------------------------------------------
async def test_defect_1_the_winner_cannot_resign_after_winning(service: Service) -> None:
    match_id = await new_match(service)
    assert (await service.resign(BOB, match_id=match_id)).ok
    before = await service.store.get_match(match_id)
    for again in (
        service.resign(ALICE, match_id=match_id),  # the winner "resigns" the won game
        service.resign(BOB, match_id=match_id),  # the old confirm button pressed again
        service.draw(ALICE, match_id=match_id),
        service.undo(BOB, match_id=match_id),
        service.move(ALICE, "a3-a4", match_id=match_id),
    ):
        reply = await again
        assert not reply.ok and reply.post is None, reply.text
    after = await service.store.get_match(match_id)
    assert after == before
    assert after is not None and after.result is not None and after.result["winners"] == [0]
    rating = await service.store.rating(GUILD, "ordo", "alice")
    assert rating is not None and rating.games == 1


async def test_defect_1_a_draw_accepted_after_the_end_changes_nothing(service: Service) -> None:
    match_id = await new_match(service)
    assert (await service.draw(ALICE, match_id=match_id)).ok  # an offer stands…
    assert (await service.resign(ALICE, match_id=match_id)).ok  # …then the game ends
    reply = await service.accept(BOB, match_id=match_id)
    assert not reply.ok
    record = await service.store.get_match(match_id)
    assert record is not None and record.result is not None and record.result["winners"] == [1]


# -- 2. rating updates are never lost ------------------------------------------------------
@pytest.mark.parametrize("kind", ["memory", "sqlite", "two-sqlite-stores"])
async def test_defect_2_simultaneous_finishes_lose_no_rating_update(
    kind: str, tmp_path: Path, clock: FakeClock
) -> None:
    if kind == "memory":
        stores = [MemoryStore()]
    elif kind == "sqlite":
        stores = [SqliteStore(tmp_path / "r.db")]
    else:
        stores = [SqliteStore(tmp_path / "r.db"), SqliteStore(tmp_path / "r.db")]
    for store in stores:
        await store.open()
    services = [Service(store, clock=clock, seed_source=lambda: 7) for store in stores]
    try:
        opponents = [User(f"p{i}", f"p{i}") for i in range(6)]
        ids = [await new_match(services[0], ALICE, o) for o in opponents]
        replies = await asyncio.gather(
            *(services[i % len(services)].resign(o, match_id=m) for i, (o, m) in
              enumerate(zip(opponents, ids, strict=True)))
        )  # fmt: skip
        assert all(r.ok for r in replies), [r.text for r in replies]
        alice = await services[0].store.rating(GUILD, "ordo", "alice")
        assert alice is not None and alice.games == len(opponents)
        # Equal to a replay of the results in the order they were committed.
        expected = await replay_ratings(services[0], ids)
        assert alice.rating == pytest.approx(expected["alice"].rating)
    finally:
        for store in stores:
            await store.close()


async def replay_ratings(service: Service, ids: list[int]) -> dict[str, Rating]:
    """Ratings rebuilt from the stored results, in the order the matches were finished."""
    records = [await service.store.get_match(i) for i in ids]
    done = sorted((r for r in records if r and r.status == FINISHED), key=lambda r: r.version)
    done.sort(key=lambda r: r.updated_at)
    table: dict[str, Rating] = {}
    for record in done:
        if not record.meta.get("rated") or record.result is None:
            continue
        before = [table.get(u) or Rating(u, "ordo", GUILD) for u in record.seats]
        outcome = Outcome.from_dict(record.result)
        for new in rate_match(before, list(outcome.winners), record.updated_at):
            table[new.user_id] = new
    return table


# -- 3. "nothing was changed" is only said when true ---------------------------------------
async def test_defect_3_a_failure_after_the_commit_says_the_move_stands(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await new_match(service)

    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("the renderer fell over")

    monkeypatch.setattr(render, "render", broken)
    reply = await service.move(ALICE, "a3-a4", match_id=match_id)
    assert "was recorded" in reply.text and "/board" in reply.text
    assert "nothing was changed" not in reply.text
    assert [a.notation for a in await service.store.actions(match_id)] == ["a3-a4"]


async def test_defect_3_a_failure_before_the_commit_still_says_nothing_changed(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await new_match(service)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("lost the store")

    monkeypatch.setattr(service.store, "commit", broken)
    reply = await service.move(ALICE, "a3-a4", match_id=match_id)
    assert "nothing was changed" in reply.text


# -- 4. downtime is nobody's time ----------------------------------------------------------
async def test_defect_4_a_clock_does_not_run_while_the_bot_is_away(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 3)
        await service.on_startup()
        match_id = await new_match(service, time_control="1d per move")
        clock.advance(20 * 3600)
        await service.tick()  # the last heartbeat of this run
    clock.advance(3 * DAY)  # the bot is stopped for three days
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 3)
        assert await service.on_startup() == (clock.now - 3 * DAY, clock.now)
        assert [r for r in await service.tick() if r.post or r.dms] == []  # no timeout
        board = await service.board(ALICE, match_id=match_id)
        assert board.post is not None and "⏳ alice: 4 h left." in board.post.text
        played = await service.move(ALICE, "a3-a4", match_id=match_id)  # right after the outage
        assert played.ok and "Played a3-a4" in played.text
        clock.advance(24 * 3600 + 60)  # running again: bob's own day runs out
        [timeout] = [r for r in await service.tick() if r.post]
        assert timeout.post is not None and "bob ran out of time" in timeout.post.text


# -- 5. undo restores the clocks exactly ---------------------------------------------------
async def test_defect_5_undo_gives_nobody_a_free_day(service: Service, clock: FakeClock) -> None:
    match_id = await new_match(service, time_control="1d+1d")
    for who, move in ((ALICE, "a3-a4"), (BOB, "a6-a5")):
        clock.advance(3600)
        assert (await service.move(who, move, match_id=match_id)).ok
    clock.advance(3600)
    before_turn = (await service.store.get_match(match_id)).meta["clock"]  # type: ignore[union-attr]
    assert (await service.move(ALICE, "f3-f4", match_id=match_id)).ok
    clock.advance(3600)
    assert (await service.undo(ALICE, match_id=match_id)).ok
    assert (await service.accept(BOB, match_id=match_id)).ok
    after_undo = (await service.store.get_match(match_id)).meta["clock"]  # type: ignore[union-attr]
    assert after_undo["banks"] == before_turn["banks"]
    assert after_undo["running"] == before_turn["running"] == [0]
    assert after_undo["since"] == before_turn["since"]
    assert (await service.move(ALICE, "i3-i4", match_id=match_id)).ok
    record = await service.store.get_match(match_id)
    assert record is not None
    # Bob's bank is what it was before f3-f4 (one increment from his own move, not two).
    assert record.meta["clock"]["banks"][1] == before_turn["banks"][1]


# -- 6. opening races and a busy database --------------------------------------------------
def test_defect_6_two_processes_open_a_new_database_at_once(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    code = (
        "import asyncio, sys\nfrom storage import SqliteStore\n"
        "async def main():\n    async with SqliteStore(sys.argv[1]) as s:\n"
        "        await s.ensure_user('u', 'u', 1.0)\nasyncio.run(main())\n"
    )
    for _ in range(3):
        path.unlink(missing_ok=True)
        procs = [
            subprocess.Popen([sys.executable, "-c", code, str(path)], stderr=subprocess.PIPE)
            for _ in range(4)
        ]
        errors = [p.communicate(timeout=60)[1].decode() for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0, 0], errors


async def test_defect_6_a_held_lock_is_busy_not_an_apology(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "busy.db"
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 3)
        match_id = await new_match(service)
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # a backup or the sqlite3 shell writing
        try:
            reply = await service.move(ALICE, "a3-a4", match_id=match_id)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert not reply.ok and "busy" in reply.text and "try again" in reply.text
        assert await store.actions(match_id) == []
        assert (await service.move(ALICE, "a3-a4", match_id=match_id)).ok  # and then it works


async def test_defect_6_a_short_lock_is_waited_out(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "brief.db"
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 3)
        match_id = await new_match(service)
        holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")
        loop = asyncio.get_running_loop()
        loop.call_later(1.8, lambda: (holder.execute("ROLLBACK"), holder.close()))
        reply = await service.move(ALICE, "a3-a4", match_id=match_id)
        assert reply.ok, reply.text


# -- 7. authorization in the service -------------------------------------------------------
async def test_defect_7_spectators_need_to_see_the_match(service: Service) -> None:
    made = await service.challenge(ALICE, "ordo", BOB, guild_id=GUILD, channel_id="c1")
    assert made.match_id is not None
    await service.attach_place(made.match_id, channel_id="c1", thread_id="t1")
    await service.accept(BOB, match_id=made.match_id)
    outsider = User("eve", "eve", guild_id="other", can_view=lambda place: True)
    hidden = User("eve", "eve", guild_id=GUILD, can_view=lambda place: False)
    member = User("eve", "eve", guild_id=GUILD, can_view=lambda place: place == "t1")
    for who, allowed in ((outsider, False), (hidden, False), (member, True)):
        for call in (service.export, service.history, service.board):
            reply = await call(who, match_id=made.match_id)
            assert reply.ok is allowed, (who, call.__name__, reply.text)
            if not allowed:
                assert reply.text == "You can't see that match from here." and not reply.files


# -- property: finished matches stay finished; ratings equal a replay ------------------------
COMMANDS = ("move", "resign", "draw", "accept", "decline", "undo")


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.sampled_from(COMMANDS), st.integers(0, 2), st.integers(0, 2),
                          st.integers(0, 10**6)), min_size=5, max_size=40))  # fmt: skip
def test_random_commands_never_change_a_finished_match(
    steps: list[tuple[str, int, int, int]],
) -> None:
    asyncio.run(_random_commands(steps))


async def _random_commands(steps: list[tuple[str, int, int, int]]) -> None:
    clock = FakeClock()
    store = MemoryStore()
    await store.open()
    service = Service(store, clock=clock, seed_source=lambda: 5)
    people = (ALICE, BOB, CAROL)
    ids = [
        await new_match(service, ALICE, BOB),
        await new_match(service, BOB, CAROL),
        await new_match(service, CAROL, ALICE),
    ]
    finished: dict[int, object] = {}
    for command, who, which, pick in steps:
        actor, match_id = people[who], ids[which]
        clock.advance(60)
        if command == "move":
            record = await store.get_match(match_id)
            assert record is not None
            loaded = service.reader.load(record)
            legal = loaded.rules.legal_notations(loaded.state) if record.status == "active" else []
            await service.move(actor, legal[pick % len(legal)] if legal else "a3-a4",
                               match_id=match_id)  # fmt: skip
        else:
            await getattr(service, command)(actor, match_id=match_id)
        for i in ids:
            record = await store.get_match(i)
            assert record is not None
            if i in finished:
                assert (record.status, record.result, record.state) == finished[i]
            elif record.status == FINISHED:
                finished[i] = (record.status, record.result, record.state)
    table = await replay_ratings(service, ids)
    for user in ("alice", "bob", "carol"):
        stored = await store.rating(GUILD, "ordo", user)
        if user not in table:
            assert stored is None
        else:
            assert stored is not None and stored.rating == pytest.approx(table[user].rating)
            assert stored.games == table[user].games
    await store.close()


# -- bounded lookups -----------------------------------------------------------------------
async def test_listing_fifty_matches_takes_a_bounded_number_of_statements(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Names, settings and outages come for the whole listing at once (was ~700 statements)."""
    async with SqliteStore(tmp_path / "many.db") as store:
        service = Service(store, clock=clock, seed_source=lambda: 1)
        for i in range(50):
            await new_match(service, ALICE, User(f"o{i}", f"o{i}"), time_control="3d+1d")
        statements: list[str] = []
        await store.on_connection(lambda conn: conn.set_trace_callback(statements.append))
        games = await service.games(ALICE)
        waiting = await service.waiting(ALICE)
        await store.on_connection(lambda conn: conn.set_trace_callback(None))
    assert games.text.count("3 days left") == 50 and waiting.text.count("#") == 50
    assert len(statements) <= 40, len(statements)


# -- issue 14.7: an unreadable snapshot is rebuilt from the log ------------------------------
async def test_an_unreadable_snapshot_is_rebuilt_from_the_log(
    service: Service, caplog: pytest.LogCaptureFixture
) -> None:
    match_id = await new_match(service)
    await service.move(ALICE, "a3-a4", match_id=match_id)
    good = await service.store.get_match(match_id)
    assert good is not None
    from storage import MatchUpdate

    broken = await service.store.commit(
        match_id, good.version, MatchUpdate(state={"board": "garbage", "players": 10**9}),
        now=1.0,
    )  # fmt: skip
    reply = await service.move(BOB, "a6-a5", match_id=match_id)
    assert reply.ok, reply.text
    assert "unreadable" in caplog.text
    repaired = await service.store.get_match(match_id)
    assert repaired is not None and repaired.version > broken.version
    assert [a.notation for a in await service.store.actions(match_id)] == ["a3-a4", "a6-a5"]
