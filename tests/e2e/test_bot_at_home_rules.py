"""Who may challenge whom and quiet hours (issue 43 items 4 and 6) through the real discord.py
client against the fake Discord, on SQLite and on PostgreSQL: the rules' edges — "people I
have played", a block over seeks and lobbies, a server or a tournament forbidding quiet time
— and the bad input, each refusal one sentence with nothing stored."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import eventually

from .test_bot_correspondence import HOUR, bot_running, content, slash_reply
from .test_bot_ordo import command, press, thread_posts

pytestmark = pytest.mark.e2e

NOT_TAKING = "Alice is not taking challenges now."


def uid(server: FakeDiscord, who: str) -> str:
    return str(server.user(who).id)


async def test_bad_quiet_hours_and_a_block_of_oneself_store_nothing(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()) as bot:
        refusals = {
            ("zone", "Mars/Base"): "There is no time zone 'Mars/Base'; use a name like",
            ("hours", "20:00-09:00"): "Quiet hours may last at most 12 hours a day.",
            ("hours", "22-7, 6-8"): "Those quiet hours overlap; name each time of day once.",
            ("hours", "late"): "'late' is no time range; write one like 22:00-07:00.",
        }
        for (option, value), said in refusals.items():
            given = {"zone": "Europe/Berlin", option: value}
            told = await slash_reply(server, "me quiet", given, "bob")
            assert told.startswith(said) and "\n" not in told, (given, told)
        told = await slash_reply(server, "me quiet", {"hours": "22-7"}, "bob")
        assert told == "Name your time zone too (zone:, e.g. Europe/Berlin).", told
        told = await slash_reply(server, "me challenges", {"block": "bob"}, "bob")
        assert told == "You can't block yourself.", told
        assert await bot.service.store.user_settings(uid(server, "bob")) == {}
        assert await bot.service.store.blocked_by(uid(server, "bob")) == []
        server.client_locales["bob"] = "pl"
        told = await slash_reply(server, "me quiet", {"zone": "Mars/Base"}, "bob")
        assert told.startswith("Nie ma strefy czasowej 'Mars/Base'"), told


async def test_people_alice_has_played_may_challenge_her_and_no_one_else(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()) as bot:
        told = await slash_reply(server, "me challenges", {"allow": "played"}, "alice")
        assert told.startswith("Challenges: only people you have played may challenge you.")
        _, refused = await command(
            server, "play", {"opponent": "alice"}, user="carol", subcommand="ordo"
        )
        assert content(refused) == NOT_TAKING
        assert await bot.service.store.list_matches() == []
        # alice challenges carol herself, carol accepts: now they have played
        await command(server, "play", {"opponent": "carol"}, user="alice", subcommand="ordo")
        thread = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        offer = thread_posts(server, thread)[-1]
        await press(server, "bb:accept:1::", user="carol", message=int(offer.response["id"]))
        _, sent = await command(
            server, "play", {"opponent": "alice"}, user="carol", subcommand="fendo"
        )
        assert content(sent).startswith("Challenge sent to Alice (match #2)."), content(sent)
        _, refused = await command(
            server, "play", {"opponent": "alice"}, user="bob", subcommand="fendo"
        )
        assert content(refused) == NOT_TAKING
        assert len(await bot.service.store.list_matches()) == 2


async def test_a_block_covers_seeks_and_lobbies_either_way(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()) as bot:
        await slash_reply(server, "me challenges", {"block": "bob"}, "alice")
        await command(server, "play", {}, user="alice", subcommand="ordo")  # an open challenge
        [seek] = await bot.service.store.list_matches()
        listed = await slash_reply(server, "seeks", {}, "bob")
        assert f"#{seek.id}" not in listed, listed  # not offered to the one she blocks
        post = thread_posts(server, int(seek.thread_id or 0))[-1]
        taken = await press(
            server, f"bb:accept:{seek.id}::", user="bob", message=int(post.response["id"])
        )
        assert content(taken) == NOT_TAKING
        # a lobby alice opens: bob takes no seat; a lobby bob opens: alice is not invited
        await command(server, "play", {}, user="alice", subcommand="fence")
        lobby = next(m for m in await bot.service.store.list_matches() if m.game == "fence")
        _, joined = await command(
            server, "lobby join", {}, user="bob", channel=int(lobby.thread_id or 0)
        )
        assert content(joined) == NOT_TAKING
        alice = server.user("alice").id
        _, invited = await command(
            server, "play", {"invite": f"<@{alice}>"}, user="bob", subcommand="fence"
        )
        assert content(invited) == NOT_TAKING
        records = await bot.service.store.list_matches()
        assert len(records) == 2 and all(uid(server, "bob") not in m.seats for m in records)


async def test_a_server_and_a_tournament_may_forbid_quiet_hours(
    server: FakeDiscord, database: str
) -> None:
    berlin = ZoneInfo("Europe/Berlin")
    clock = FakeClock(datetime(2026, 12, 1, 23, tzinfo=berlin).timestamp())  # bob sleeps
    bob = server.user("bob").id
    async with bot_running(server, database, clock) as bot:
        await slash_reply(server, "me quiet", {"zone": "Europe/Berlin", "hours": "22-7"}, "bob")
        # a tournament that forbids it: its games say quiet: false
        _, made = await command(
            server,
            "tournament create",
            {"game": "ordo", "format": "league", "quiet_hours": False},
            user="alice",
        )
        assert "tournament #1" in content(made).lower(), content(made)
        for player in ("bob", "carol", "dave"):
            await command(server, "tournament join", {"tournament": 1}, user=player)
        threads = len(server.calls("POST", rf"/channels/{server.channel_id}/threads"))
        await command(server, "tournament start", {"tournament": 1}, user="alice")
        await eventually(
            lambda: (
                len(server.calls("POST", rf"/channels/{server.channel_id}/threads")) >= threads + 2
            )
        )
        games = await bot.service.store.list_matches()
        assert len(games) == 2 and all(m.meta.get("quiet") is False for m in games), [
            m.meta for m in games
        ]
        # the server's own switch: every new match keeps its clocks running
        told = await slash_reply(server, "server settings", {"quiet_hours": False}, "owner")
        assert "every clock runs at all times" in told, told
        await command(
            server,
            "play",
            {"opponent": "bob", "color": "first", "time": "1d per move"},
            user="alice",
            subcommand="ordo",
        )
        fresh = max(m.id for m in await bot.service.store.list_matches())
        record = await bot.service.store.get_match(fresh)
        assert record is not None and record.meta.get("quiet") is False, record.meta
        thread = int(record.thread_id or 0)
        offer = thread_posts(server, thread)[-1]
        await press(server, f"bb:accept:{fresh}::", user="bob", message=int(offer.response["id"]))
        clock.advance(HOUR)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread)
        post = thread_posts(server, thread)[-1]
        assert f"<@{bob}>" in content(post), content(post)  # no waiting for the morning
