"""Safe to run for a community: per-user limits a server's managers set, and the safeguards
of the same issue (organiser commands, hints only while a match runs, conditional moves
dropped at every finish).

Each limit is tested where its work is created: a computer game, a hint (counted over a
rolling hour that a restart does not reset), an open challenge, a tournament, a tournament's
rounds. Every refusal names the limit and how to free a slot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service import Service, User
from bot.service.computer.opponents import computer
from bot.service.match import limits as lim
from bot.service.play import premoves as pm
from storage import (
    FINISHED,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_SIGNUP,
    MemoryStore,
    SqliteStore,
    Store,
)
from tests.people import on_server

from .conftest import FakeClock

GUILD = "g1"
OTHER = "g2"
QUICK = {"easy": 0.02, "normal": 0.02, "strong": 0.02}
DAY = 86400.0
HOUR = 3600.0

ALICE, BOB, CAROL, DAVE, EVE = on_server(GUILD, "alice", "bob", "carol", "dave", "eve")
OWNER = User("owner", "owner", manages_server=True, guild_id=GUILD)
"""Someone who manages the server the tests play on."""
MALLORY = User("mallory", "mallory", manages_server=True, guild_id=OTHER)
"""Someone who manages *another* server: no say over this one."""


def make_service(store: Store, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 12345, computer_seconds=QUICK)


@pytest.fixture
async def svc(clock: FakeClock) -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    yield make_service(store, clock)
    await store.close()


async def limit(svc: Service, **changes: Any) -> None:
    changed = await svc.server_settings(OWNER, GUILD, changes)
    assert changed.ok, changed.text


async def against_computer(svc: Service, who: User = ALICE, guild: str = GUILD) -> Any:
    return await svc.play(who, "ordo", opponent=computer("easy"), color="first", guild_id=guild)


# -- the table and /server settings ----------------------------------------------------------
def test_one_table_defines_every_limit_with_its_default_and_range() -> None:
    assert {x.name: x.default for x in lim.LIMITS} == {
        "computer_games": 5,
        "hints_per_hour": 10,
        "open_seeks": 3,
        "tournaments": 2,
        "tournament_rounds": 20,
        "reviews_per_day": 3,
    }
    for x in lim.LIMITS:
        assert x.low <= x.default <= x.high
    # What a server stored is read back within range, whatever a hand edit left there.
    stored = {"limits": {"open_seeks": 999, "hints_per_hour": "x", "tournaments": 1}}
    values = lim.values(stored)
    assert values["open_seeks"] == lim.OPEN_SEEKS.high
    assert values["hints_per_hour"] == 10 and values["tournaments"] == 1


async def test_anyone_reads_the_limits_and_a_manager_changes_them(svc: Service) -> None:
    shown = await svc.server_settings(ALICE, GUILD)
    assert shown.ok
    for line in (
        "• computer_games: 5 open games against the computer at a time",
        "• hints_per_hour: 10 hints an hour",
        "• open_seeks: 3 open challenges on this server at a time",
        "• tournaments: 2 tournaments organised on this server at a time",
        "• tournament_rounds: at most 20 rounds in a tournament",
        "• reviews_per_day: 3 match reviews a day",
    ):
        assert line in shown.text, shown.text
    # The console hands every value over as text, Discord as a number: both are read.
    changed = await svc.server_settings(
        OWNER, GUILD, {"computer_games": "1", "hints_per_hour": 4, "time": None}
    )
    assert changed.ok, changed.text
    assert "• computer_games: 1 open game against the computer at a time" in changed.text
    assert "• hints_per_hour: 4 hints an hour" in changed.text
    assert await svc.store.guild_settings(GUILD) == {
        "limits": {"computer_games": 1, "hints_per_hour": 4}
    }
    for changes, message in (
        ({"computer_games": "0"}, "computer_games must be a whole number from 1 to 50."),
        ({"open_seeks": "many"}, "open_seeks must be a whole number from 1 to 25."),
        ({"tournament_rounds": 51}, "tournament_rounds must be a whole number from 1 to 50."),
        ({"hints_per_hour": True}, "hints_per_hour must be a whole number from 1 to 100."),
    ):
        refused = await svc.server_settings(OWNER, GUILD, changes)
        assert not refused.ok and refused.text == message, refused.text
    assert (await svc.store.guild_settings(GUILD))["limits"]["computer_games"] == 1


async def test_only_a_manager_of_this_server_changes_its_limits(svc: Service) -> None:
    refused = await svc.server_settings(ALICE, GUILD, {"open_seeks": 9})
    assert not refused.ok and "Manage Server" in refused.text
    elsewhere = await svc.server_settings(MALLORY, GUILD, {"open_seeks": 9})
    assert not elsewhere.ok and "Manage Server" in elsewhere.text
    assert await svc.store.guild_settings(GUILD) == {}
    assert (await svc.server_settings(MALLORY, OTHER, {"open_seeks": 9})).ok  # her own


# -- open games against the computer ---------------------------------------------------------
async def test_open_games_against_the_computer_are_limited_per_player(svc: Service) -> None:
    await limit(svc, computer_games=2)
    first = await against_computer(svc)
    assert first.ok and (await against_computer(svc)).ok
    refused = await against_computer(svc)
    assert not refused.ok
    assert refused.text == (
        "You have 2 open games against the computer; this server allows 2 at a time. "
        "Finish or resign one to start another."
    )
    # A FENCE! table with a computer seat is a game against the computer too.
    lobby = await svc.play(ALICE, "fence", seats=3, guild_id=GUILD)
    assert lobby.ok
    added = await svc.add_computer(ALICE, match_id=lobby.match_id)
    assert not added.ok and "2 open games against the computer" in added.text
    # The count is the player's own: bob starts his.
    assert (await against_computer(svc, BOB)).ok
    # Resigning one frees a slot.
    assert (await svc.resign(ALICE, match_id=first.match_id)).ok
    assert (await against_computer(svc)).ok


async def test_computer_games_count_wherever_they_are_played(svc: Service) -> None:
    """They cost the bot's time, not one server's: games elsewhere count too."""
    await limit(svc, computer_games=1)
    assert (await against_computer(svc, guild=OTHER)).ok
    refused = await against_computer(svc)
    assert not refused.ok and "1 open game against the computer" in refused.text


# -- hints -----------------------------------------------------------------------------------
async def test_hints_are_counted_over_a_rolling_hour_that_survives_a_restart(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "bot.sqlite3"
    async with SqliteStore(path) as store:
        svc = make_service(store, clock)
        await limit(svc, hints_per_hour=2)
        started = await against_computer(svc)
        match = started.match_id
        assert (await svc.hint(ALICE, match_id=match)).ok
        clock.advance(300)
        assert (await svc.hint(ALICE, match_id=match)).ok
        clock.advance(300)
        refused = await svc.hint(ALICE, match_id=match)
        assert not refused.ok
    async with SqliteStore(path) as store:  # the bot restarts: the count is still there
        svc = make_service(store, clock)
        refused = await svc.hint(ALICE, match_id=match)
        assert not refused.ok
        assert refused.text == (
            "You have had 2 hints in the last hour; this server allows 2 an hour. "
            "Your next one is possible in 50 min."
        )
        clock.advance(50 * 60)  # the first hint is an hour old now
        assert (await svc.hint(ALICE, match_id=match)).ok
        assert not (await svc.hint(ALICE, match_id=match)).ok


async def test_a_refused_hint_costs_nothing_and_others_count_their_own(svc: Service) -> None:
    await limit(svc, hints_per_hour=1)
    bob_game = await svc.challenge(BOB, "ordo", CAROL, color="first", rated=False, guild_id=GUILD)
    await svc.accept(CAROL, match_id=bob_game.match_id)
    not_yours = await svc.hint(CAROL, match_id=bob_game.match_id)
    assert not not_yours.ok and "your own turn" in not_yours.text
    assert (await svc.hint(BOB, match_id=bob_game.match_id)).ok
    assert not (await svc.hint(BOB, match_id=bob_game.match_id)).ok
    record = await svc.store.get_match(bob_game.match_id or 0)
    assert record is not None
    rules = games.get("ordo")
    first = rules.legal_notations(rules.load(record.state))[0]
    assert (await svc.move(BOB, first, match_id=record.id)).ok
    assert (await svc.hint(CAROL, match_id=record.id)).ok  # her refused ask cost nothing


# -- open challenges (seeks) -----------------------------------------------------------------
async def test_open_challenges_are_limited_per_player_and_server(svc: Service) -> None:
    await limit(svc, open_seeks=2)
    first = await svc.play(ALICE, "ordo", guild_id=GUILD)
    assert first.ok and (await svc.play(ALICE, "fendo", guild_id=GUILD)).ok
    refused = await svc.play(ALICE, "fonver", guild_id=GUILD)
    assert not refused.ok
    assert refused.text == (
        "You have 2 open challenges on this server; it allows 2 at a time. Withdraw one "
        "(/match decline) or wait until someone accepts one to open another."
    )
    assert (await svc.play(ALICE, "fonver", guild_id=OTHER)).ok  # another server's list
    assert (await svc.play(ALICE, "fonver", opponent=BOB, guild_id=GUILD)).ok  # not a seek
    assert (await svc.play(BOB, "fonver", guild_id=GUILD)).ok  # bob's own count
    assert (await svc.decline(ALICE, match_id=first.match_id)).ok  # withdrawn
    second = await svc.play(ALICE, "fonver", guild_id=GUILD)
    assert second.ok
    assert (await svc.accept(CAROL, match_id=second.match_id)).ok  # taken: no longer open
    assert (await svc.play(ALICE, "fuer", guild_id=GUILD)).ok


# -- tournaments -----------------------------------------------------------------------------
async def _tournament(svc: Service, who: User = ALICE, game: str = "ordo", **terms: Any) -> int:
    created = await svc.tournament_create(who, game, guild_id=GUILD, **terms)
    assert created.ok, created.text
    found = await svc.store.list_tournaments(guild_id=GUILD)
    return max(t.id for t in found)


async def test_tournaments_organised_at_once_are_limited(svc: Service) -> None:
    await limit(svc, tournaments=1)
    number = await _tournament(svc)
    refused = await svc.tournament_create(ALICE, "fendo", guild_id=GUILD)
    assert not refused.ok
    assert refused.text == (
        "You organise 1 tournament on this server that is signing up or running; it allows "
        "1 at a time. Cancel it (/tournament cancel) or let it finish to create another."
    )
    assert (await svc.tournament_create(ALICE, "fendo", guild_id=OTHER)).ok
    assert (await svc.tournament_create(BOB, "fendo", guild_id=GUILD)).ok
    assert (await svc.tournament_cancel(ALICE, tournament_id=number)).ok
    assert (await svc.tournament_create(ALICE, "fendo", guild_id=GUILD)).ok


async def test_rounds_are_bounded_for_every_format(svc: Service) -> None:
    refused = await svc.tournament_create(ALICE, "fence", rounds=1_000_000, guild_id=GUILD)
    assert not refused.ok
    assert refused.text == (
        "Tournaments on this server play at most 20 rounds, not 1000000; ask for 20 or fewer."
    )
    swiss = await svc.tournament_create(ALICE, "ordo", format="swiss", rounds=21, guild_id=GUILD)
    assert not swiss.ok and "at most 20 rounds" in swiss.text
    assert await svc.store.list_tournaments(guild_id=GUILD) == []
    await limit(svc, tournament_rounds=3)
    # A league plays everyone once, so its rounds follow from its field: the field is bounded.
    league = await _tournament(svc, format="league")
    for person in (BOB, CAROL, DAVE):
        assert (await svc.tournament_join(person, tournament_id=league)).ok
    full = await svc.tournament_join(EVE, tournament_id=league)
    assert not full.ok
    assert full.text == (
        "This league is full on this server: 5 players would play 5 rounds, more than the 3 "
        "it allows."
    )


async def test_implied_rounds_are_capped_and_a_league_over_a_lowered_limit_waits(
    svc: Service,
) -> None:
    swiss = await _tournament(svc, format="swiss")
    league = await _tournament(svc, BOB, format="league")
    for number in (swiss, league):
        for person in (CAROL, DAVE, EVE):
            assert (await svc.tournament_join(person, tournament_id=number)).ok
    await limit(svc, tournament_rounds=2)
    # Five players would get ⌈log₂ 5⌉ = 3 Swiss rounds; the server allows two.
    assert (await svc.tournament_start(ALICE, tournament_id=swiss)).ok
    started = await svc.store.get_tournament(swiss)
    assert started is not None and started.data["planned"] == 2
    # A league of four plays three rounds: it cannot start under a limit of two.
    refused = await svc.tournament_start(BOB, tournament_id=league)
    assert not refused.ok
    assert refused.text == (
        "This league would play 3 rounds, more than the 2 this server now allows; it can "
        "start once fewer players are signed up."
    )


# -- safeguards ------------------------------------------------------------------------------
async def test_a_manager_of_another_server_cannot_run_a_tournament_here(svc: Service) -> None:
    """Through the service API no server needs to be passed; the actor's own server decides."""
    number = await _tournament(svc)
    for use_case in (svc.tournament_cancel, svc.tournament_start):
        refused = await use_case(MALLORY, tournament_id=number)
        assert not refused.ok, use_case
        passed = await use_case(MALLORY, tournament_id=number, guild_id=GUILD)
        assert not passed.ok, use_case
    record = await svc.store.get_tournament(number)
    assert record is not None and record.status == TOURNAMENT_SIGNUP
    # Managing *this* server is enough; a plain member who is not the organiser is refused.
    refused = await svc.tournament_cancel(BOB, tournament_id=number)
    assert not refused.ok and "organiser" in refused.text
    assert (await svc.tournament_cancel(OWNER, tournament_id=number)).ok
    record = await svc.store.get_tournament(number)
    assert record is not None and record.status == TOURNAMENT_CANCELLED


async def test_no_hint_once_a_match_is_over(svc: Service) -> None:
    started = await against_computer(svc)
    assert (await svc.resign(ALICE, match_id=started.match_id)).ok
    refused = await svc.hint(ALICE, match_id=started.match_id)
    assert not refused.ok
    assert refused.text == f"Match #{started.match_id} is not being played, so there is no hint."


async def _with_lines(svc: Service) -> int:
    """Ordo, alice (White) vs bob with a clock; alice moved and stored a conditional move."""
    reply = await svc.challenge(ALICE, "ordo", BOB, color="white", time_control="1d per move")
    match = reply.match_id
    assert match is not None
    await svc.accept(BOB, match_id=match)
    assert (await svc.move(ALICE, "c1-b1", match_id=match)).ok
    assert (await svc.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)).ok
    record = await svc.store.get_match(match)
    assert record is not None and pm.META_KEY in record.meta
    return match


@pytest.mark.parametrize("ending", ["resignation", "agreed draw", "timeout"])
async def test_conditional_moves_are_dropped_at_every_finish(
    svc: Service, clock: FakeClock, ending: str
) -> None:
    match = await _with_lines(svc)
    if ending == "resignation":
        assert (await svc.resign(BOB, match_id=match)).ok
    elif ending == "agreed draw":
        assert (await svc.draw(BOB, match_id=match)).ok
        assert (await svc.accept(ALICE, match_id=match)).ok
    else:
        clock.advance(DAY + 60)
        await svc.tick()
    record = await svc.store.get_match(match)
    assert record is not None and record.status == FINISHED
    assert pm.META_KEY not in record.meta


async def test_the_console_reads_and_changes_limits(clock: FakeClock, tmp_path: Path) -> None:
    from bot.console import Console

    out: list[str] = []
    async with MemoryStore() as store:
        shell = Console(make_service(store, clock), tmp_path, out.append, admins=frozenset({"ann"}))
        for line in (
            "bob: /server settings open_seeks:1",
            "ann: /server settings open_seeks:1 tournament_rounds:5",
            "alice: /play ordo",
            "alice: /play fendo",
            "alice: /tournament create game:fence rounds:1000000",
        ):
            await shell.handle(line)
    transcript = "\n".join(out)
    assert "[only bob] Only members with Manage Server can change the bot's settings." in out
    assert "[only ann] • open_seeks: 1 open challenge on this server at a time" in out
    assert "[only ann] • tournament_rounds: at most 5 rounds in a tournament" in out
    assert (
        "[only alice] You have 1 open challenge on this server; it allows 1 at a time. "
        "Withdraw it (/match decline) or wait until someone accepts it to open another."
    ) in out, transcript
    assert (
        "[only alice] Tournaments on this server play at most 5 rounds, not 1000000; ask for 5 "
        "or fewer."
    ) in out, transcript


def test_every_limit_has_its_words() -> None:
    from bot.words import words

    for language in ("en", "de"):
        say = words(language)
        for x in lim.LIMITS:
            assert say(x.label, n=x.default), (language, x.name)
