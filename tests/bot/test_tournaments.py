"""Leagues and tournaments (issue 18.3) through the service: sign-up, rounds started at once
with the tournament's clock, results by resignation, agreement and the clock, standings equal
to a hand count, the final announcement, and restarts in between."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service import Service, User
from bot.service.matchmaking.tournaments.rounds import rows_of
from storage import (
    ACTIVE,
    FINISHED,
    TOURNAMENT_FINISHED,
    TOURNAMENT_RUNNING,
    MemoryStore,
    SqliteStore,
)
from tests.people import on_server

from .conftest import FakeClock

GUILD = "g1"
# Everyone acts from the tournaments' server: an organiser's commands take the server from
# the actor (``User.guild_id``), as Discord gives it.
ALICE, BOB, CAROL, DAVE, EVE = on_server(GUILD, "alice", "bob", "carol", "dave", "eve")
DAY = 86400.0
PLAYERS = {"alice": ALICE, "bob": BOB, "carol": CAROL, "dave": DAVE, "eve": EVE}


async def _league(service: Service, people: list[User], **terms: Any) -> int:
    created = await service.tournament_create(
        people[0], "ordo", name="Autumn League", guild_id=GUILD, channel_id="c1", **terms
    )
    assert created.ok, created.text
    assert created.place == "c1" and created.post is not None
    listing = await service.tournaments(people[0], guild_id=GUILD)
    number = int(listing.text.split()[0].lstrip("#"))
    for person in people[1:]:
        joined = await service.tournament_join(person, tournament_id=number, guild_id=GUILD)
        assert joined.ok, joined.text
    return number


async def _round(service: Service, number: int) -> list[Any]:
    record = await service.store.get_tournament(number)
    assert record is not None
    return [
        await service.store.get_match(b["match"])
        for b in record.data["rounds_played"][-1]["boards"]
    ]


def _outcome(a: str, b: str) -> tuple[str, str | None]:
    """The results this league is played to, for any pairing: (how, winner)."""
    pair = {a, b}
    if pair == {"bob", "carol"}:
        return "draw", None
    if pair == {"carol", "dave"}:
        return "timeout", "dave"  # carol lets her clock run out
    if "alice" in pair:
        return "resign", "alice"
    return "timeout", "bob"  # bob–dave: dave runs out of time


async def _play_round(service: Service, clock: FakeClock, number: int) -> None:
    """Every game of the current round to its result; the clock then runs out for the players
    who are to lose on time, and the scheduler's tick ends those games and starts the next
    round (or ends the tournament)."""
    rules = games.get("ordo")
    for match in await _round(service, number):
        assert match.status == ACTIVE and "clock" in match.meta
        a, b = match.seats
        how, winner = _outcome(a, b)
        if how == "resign":
            loser = b if winner == a else a
            assert (await service.resign(PLAYERS[loser], match_id=match.id)).ok
        elif how == "draw":
            assert (await service.draw(PLAYERS[a], match_id=match.id)).ok
            assert (await service.draw(PLAYERS[b], match_id=match.id)).ok
        else:
            loser = b if winner == a else a
            if match.seats.index(loser) == 1:  # White moves first so Black is the one to move
                state = rules.load(match.state)
                assert (await service.move(PLAYERS[a], rules.legal_notations(state)[0],
                                           match_id=match.id)).ok  # fmt: skip
    clock.advance(DAY + 60)
    await service.tick()


async def test_a_league_of_four_runs_to_its_end_by_the_fake_clock(
    service: Service, clock: FakeClock
) -> None:
    number = await _league(service, [ALICE, BOB, CAROL, DAVE], time_control="1d per move")
    started = await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    assert started.ok, started.text
    news = await service.advance(number)
    made = [r for r in news if r.created]
    assert len(made) == 2 and all(r.post and r.post.image for r in made)  # boards, with pings
    met: set[frozenset[str]] = set()
    for _ in range(3):
        matches = await _round(service, number)
        assert len(matches) == 2
        seated = [p for m in matches for p in m.seats]
        assert sorted(seated) == ["alice", "bob", "carol", "dave"]
        met |= {frozenset(m.seats) for m in matches}
        await _play_round(service, clock, number)
    assert len(met) == 6  # everyone met everyone once
    record = await service.store.get_tournament(number)
    assert record is not None and record.status == TOURNAMENT_FINISHED
    for rnd in record.data["rounds_played"]:
        for board in rnd["boards"]:
            assert (await service.store.get_match(board["match"])).status == FINISHED
    # The hand count: alice beat everyone (3); bob drew carol and beat dave on time (1½);
    # dave beat carol on time (1); carol drew bob (½). Sonneborn-Berger: alice 1½+½+1 = 3,
    # bob 1 + ½·½ = 1¼, dave ½, carol ½·1½ = ¾.
    shown = await service.tournament_standings(BOB, tournament_id=number, guild_id=GUILD)
    lines = [line for line in shown.text.splitlines() if line[:1].isdigit()]
    assert [line.split(". ", 1)[1].split(" ")[0] for line in lines] == [
        "alice", "bob", "dave", "carol",
    ]  # fmt: skip
    rows = rows_of(record.data)
    assert [(r.player, r.points, r.tiebreak) for r in rows] == [
        ("alice", 3.0, 3.0), ("bob", 1.5, 1.25), ("dave", 1.0, 0.5), ("carol", 0.5, 0.75),
    ]  # fmt: skip
    assert shown.image is not None and shown.image.startswith(b"\x89PNG")


async def test_the_last_round_announces_the_winner_to_everyone(
    service: Service, clock: FakeClock
) -> None:
    number = await _league(service, [ALICE, BOB, CAROL, DAVE], time_control="1d per move")
    await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    await service.advance(number)
    for _ in range(2):
        await _play_round(service, clock, number)
    last = await _round(service, number)
    for match in last:
        a, b = match.seats
        how, winner = _outcome(a, b)
        loser = b if winner == a else a
        if how == "resign":
            await service.resign(PLAYERS[loser], match_id=match.id)
        elif how == "draw":
            await service.draw(PLAYERS[a], match_id=match.id)
            await service.draw(PLAYERS[b], match_id=match.id)
        elif match.seats.index(loser) == 1:
            state = games.get("ordo").load(match.state)
            await service.move(
                PLAYERS[a], games.get("ordo").legal_notations(state)[0], match_id=match.id
            )
    clock.advance(DAY + 60)
    replies = await service.tick()
    final = [r for r in replies if r.place == "c1" and r.post and "is over" in r.post.text]
    assert len(final) == 1
    post = final[0].post
    assert post is not None and "Congratulations, alice" in post.text
    assert set(post.mentions) == {"alice", "bob", "carol", "dave"}
    assert post.image is not None  # the standings table
    late = await service.tournament_cancel(ALICE, tournament_id=number, guild_id=GUILD)
    assert not late.ok and "is over" in late.text


async def test_sign_up_rules(service: Service) -> None:
    number = await _league(service, [ALICE, BOB])
    again = await service.tournament_join(BOB, tournament_id=number, guild_id=GUILD)
    assert not again.ok and "already" in again.text
    few = await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    assert not few.ok and "at least 3" in few.text
    await service.tournament_join(CAROL, tournament_id=number, guild_id=GUILD)
    not_theirs = await service.tournament_start(BOB, tournament_id=number, guild_id=GUILD)
    assert not not_theirs.ok and "organiser" in not_theirs.text
    assert (await service.tournament_leave(CAROL, tournament_id=number, guild_id=GUILD)).ok
    await service.tournament_join(CAROL, tournament_id=number, guild_id=GUILD)
    assert (await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)).ok
    late = await service.tournament_join(DAVE, tournament_id=number, guild_id=GUILD)
    assert not late.ok and "closed" in late.text
    elsewhere = await service.tournament_join(DAVE, tournament_id=number, guild_id="other")
    assert not elsewhere.ok


async def test_an_odd_league_gives_everyone_one_bye(service: Service, clock: FakeClock) -> None:
    number = await _league(service, [ALICE, BOB, CAROL], time_control="1d per move")
    await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    await service.advance(number)
    record = await service.store.get_tournament(number)
    assert record is not None and record.data["planned"] == 3
    rounds = record.data["rounds_played"]
    assert [len(b["seats"]) for b in rounds[0]["boards"]].count(1) == 1


async def test_a_swiss_round_waits_for_its_slowest_game(service: Service, clock: FakeClock) -> None:
    people = [ALICE, BOB, CAROL, DAVE]
    number = await _league(service, people, format="swiss", time_control="1d per move")
    await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    await service.advance(number)
    first, second = await _round(service, number)
    await service.resign(PLAYERS[first.seats[1]], match_id=first.id)
    assert await service.advance(number) == []  # one game still running: nothing to do
    record = await service.store.get_tournament(number)
    assert record is not None and len(record.data["rounds_played"]) == 1
    await service.resign(PLAYERS[second.seats[1]], match_id=second.id)
    news = await service.advance(number)
    assert any("Round 2 of 2" in (r.post.text if r.post else "") for r in news)
    winners = {first.seats[0], second.seats[0]}
    pairs = [set(m.seats) for m in await _round(service, number)]
    assert winners in pairs  # the two winners meet in round 2


async def test_a_restart_between_rounds_loses_nothing(tmp_path: Path, clock: FakeClock) -> None:
    path = str(tmp_path / "bot.sqlite3")
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 99)
        number = await _league(service, [ALICE, BOB, CAROL, DAVE], time_control="1d per move")
        await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
        # The bot stops before it made round 1's games.
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 99)
        await service.tick()  # the next process's scheduler makes them
        matches = await _round(service, number)
        assert len(matches) == 2 and all(m.status == ACTIVE for m in matches)
        record = await service.store.get_tournament(number)
        assert record is not None and record.status == TOURNAMENT_RUNNING
        assert await service.advance(number) == []  # and never twice
        all_matches = await store.list_matches()
        assert len(all_matches) == 2


async def test_a_crash_between_making_a_game_and_recording_it_makes_no_second_game(
    clock: FakeClock,
) -> None:
    async with MemoryStore() as store:
        service = Service(store, clock=clock, seed_source=lambda: 5)
        number = await _league(service, [ALICE, BOB, CAROL, DAVE])
        await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
        original = store.update_tournament
        calls = {"n": 0}

        async def crash_once(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("data") and calls["n"] == 0:
                calls["n"] += 1
                raise RuntimeError("the process died here")
            return await original(*args, **kwargs)

        store.update_tournament = crash_once  # type: ignore[method-assign]
        with pytest.raises(RuntimeError):
            await service.advance(number)
        store.update_tournament = original  # type: ignore[method-assign]
        await service.advance(number)
        assert len(await store.list_matches()) == 2


async def test_fence_seating_rounds(service: Service, clock: FakeClock) -> None:
    people = [ALICE, BOB, CAROL, DAVE, EVE]
    created = await service.tournament_create(
        ALICE, "fence", rounds=2, table=5, guild_id=GUILD, channel_id="c1"
    )
    assert created.ok, created.text
    number = 1
    for person in people[1:]:
        await service.tournament_join(person, tournament_id=number, guild_id=GUILD)
    await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    await service.advance(number)
    (table,) = await _round(service, number)
    assert sorted(table.seats) == sorted(p.id for p in people)
    # Everyone but alice resigns: alice wins the table and its point.
    for uid in table.seats:
        if uid != "alice":
            await service.resign(PLAYERS[uid], match_id=table.id)
    await service.advance(number)
    record = await service.store.get_tournament(number)
    assert record is not None and len(record.data["rounds_played"]) == 2
    rows = rows_of(record.data)
    assert rows[0].player == "alice" and rows[0].points == 1.0


async def test_the_console_runs_a_tournament(tmp_path: Path, clock: FakeClock) -> None:
    from bot.console import Console

    out: list[str] = []
    async with MemoryStore() as store:
        shell = Console(Service(store, clock=clock, seed_source=lambda: 3), tmp_path, out.append)
        for line in (
            'alice: /tournament create game:ordo name:"Club Cup" format:swiss',
            "bob: /tournament join",
            "carol: /tournament join",
            "dave: /tournament join",
            "alice: /tournament start",
            "bob: /tournament standings",
            "carol: /tournament list",
        ):
            await shell.handle(line)
        text = "\n".join(out)
        assert "Club Cup" in text and "Signed up (4)" in text
        assert "Club Cup, round 1 of 2" in text  # the games were made at once
        assert "#1 Club Cup — Ordo, running, 4 players" in text


async def test_a_swiss_never_plans_more_rounds_than_new_pairings_exist(
    service: Service,
) -> None:
    people = [ALICE, BOB, CAROL, DAVE]
    number = await _league(service, people, format="swiss", rounds=9)
    await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
    record = await service.store.get_tournament(number)
    assert record is not None and record.data["planned"] == 3


async def test_two_processes_advancing_at_once_start_each_game_once(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The scheduler's leader and the process that took /tournament start may both make
    round one: one game per board survives, and a twin is cancelled before anyone sees it.
    (SQLite, whose awaits really interleave the two.)"""
    async with SqliteStore(str(tmp_path / "bot.sqlite3")) as store:
        service = Service(store, clock=clock, seed_source=lambda: 12345)
        number = await _league(service, [ALICE, BOB, CAROL, DAVE])
        await service.tournament_start(ALICE, tournament_id=number, guild_id=GUILD)
        results = await asyncio.gather(
            service.advance(number), service.advance(number), return_exceptions=True
        )
        made = [r for batch in results if isinstance(batch, list) for r in batch if r.created]
        await service.advance(number)
        live = [m for m in await store.list_matches() if m.status == ACTIVE]
        assert len(live) == 2
        assert {r.match_id for r in made} <= {m.id for m in live}  # no twin was announced
        assert sorted(m.id for m in await _round(service, number)) == sorted(m.id for m in live)
