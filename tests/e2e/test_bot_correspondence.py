"""Correspondence play on the real discord.py client against the fake Discord: the scheduler
sending reminders and a timeout across a restart, DMs for players who want them, the
Rematch button, confirmation of step buttons, spectators, /export and /settings.

Time is a :class:`FakeClock` handed to the bot; the scheduler's loop is set to an hour, so
after its first run at start-up the tests run it by hand (``bot.scheduler.coro(bot)``)
whenever they have moved the clock.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import BoardBot, create_bot
from bot.service import User
from bot.settings import Settings
from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord, ping_line, running_client, shown_text, texts_of
from tests.fakediscord.fixtures import eventually
from tests.fakediscord.server import Call

from .test_bot_ordo import EPHEMERAL, command, custom_ids, flags_of, press, thread_posts

pytestmark = pytest.mark.e2e
HOUR = 3600.0
DAY = 86400.0


@asynccontextmanager
async def bot_running(
    server: FakeDiscord,
    db: Path | str,
    clock: FakeClock,
    *,
    global_commands: bool = False,
    workers: int | None = None,
) -> AsyncIterator[BoardBot]:
    """The bot on the fake clock, its scheduler's start-up run over; ``global_commands``
    syncs as in production (no ``DEV_GUILD_ID``), as a player's own install needs."""
    settings = Settings(
        discord_token=server.token,
        database_path=str(db),
        dev_guild_id=None if global_commands else server.guild_id,
        default_time="none",
        tick_seconds=HOUR,
        workers=workers,
    )
    bot = create_bot(settings, clock=clock)
    body = bot.scheduler.coro
    runs: list[float] = []

    async def counted(owner: BoardBot) -> None:
        await body(owner)
        runs.append(clock())

    bot.scheduler.coro = counted
    async with running_client(bot, server):
        await eventually(lambda: bool(runs))  # the scheduler's start-up run is over
        yield bot


async def tick(bot: BoardBot) -> None:
    """One run of the scheduler's loop body, as the loop would do it."""
    await bot.scheduler.coro(bot)


def description(call: Call) -> str:
    return "\n".join(texts_of(call.json.get("components") or []))


def content(call: Call) -> str:
    return ping_line(call.json)


def dm_texts(server: FakeDiscord, who: str) -> list[str]:
    channel = server.dm_channel_of(who)
    if channel is None:
        return []
    return [content(c) for c in server.calls("POST", rf"/channels/{channel['id']}/messages")]


async def challenge(
    server: FakeDiscord, options: dict[str, Any], game: str = "ordo"
) -> tuple[int, int]:
    """alice challenges bob (alice first) and bob accepts; returns (thread id, board post
    count right after the start)."""
    await command(
        server,
        "play",
        {"opponent": "bob", "color": "first", **options},
        user="alice",
        subcommand=game,
    )
    thread_id = int(
        server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
    )
    challenge_post = thread_posts(server, thread_id)[-1]
    await press(server, "bb:accept:1::", user="bob", message=int(challenge_post.response["id"]))
    return thread_id, len(thread_posts(server, thread_id))


async def slash_reply(server: FakeDiscord, name: str, options: dict[str, Any], user: str) -> str:
    """The text a command answered with, whether directly or after deferring."""
    callback, followup = await command(server, name, options, user=user)
    return content(followup) if callback.json["type"] == 5 else ""


async def test_reminders_and_timeout_reach_the_thread_across_a_restart(
    server: FakeDiscord, database: str
) -> None:
    alice, bob = server.user("alice").id, server.user("bob").id
    db = database
    clock = FakeClock()
    async with bot_running(server, db, clock) as bot:
        thread_id, seen = await challenge(server, {"time": "3d+1d max 7d"})
        board = thread_posts(server, thread_id)[-1]
        assert "⏳ Alice: 3 days left." in description(board)
        clock.advance(2 * DAY + HOUR)
        await tick(bot)
        posts = thread_posts(server, thread_id)[seen:]
        assert len(posts) == 1
        reminder = "⏰ Alice, 23 h left on your clock in Ordo (match #1)."
        assert content(posts[0]) == f"<@{alice}> {reminder}"
        assert [str(u) for u in posts[0].json["allowed_mentions"]["users"]] == [str(alice)]
        await tick(bot)
        await tick(bot)
        assert len(thread_posts(server, thread_id)) == seen + 1  # never twice

    clock.advance(22 * HOUR)  # the bot is down long enough for the 2 h mark to pass
    async with bot_running(server, db, clock) as bot:
        # Time the bot was away is nobody's (issue 13.4): Alice's clock paused with it, so
        # the restart brings no reminder and /board shows the 23 h she had.
        await tick(bot)
        assert len(thread_posts(server, thread_id)) == seen + 1
        _, board = await command(server, "board", {}, user="alice", channel=thread_id)
        assert "⏳ Alice: 23 h left." in description(board)
        clock.advance(22 * HOUR)  # running again: now the clock runs down to the 2 h mark
        await tick(bot)
        posts = thread_posts(server, thread_id)[seen + 1 :]
        assert [content(p) for p in posts] == [
            f"<@{alice}> ⏰ Alice, 1 h left on your clock in Ordo (match #1)."
        ]
        clock.advance(HOUR)
        await tick(bot)
        final = thread_posts(server, thread_id)[-1]
        assert "⏰ Alice ran out of time." in description(final)
        assert "Bob (Black) wins. Alice ran out of time." in description(final)
        assert {str(u) for u in final.json["allowed_mentions"]["users"]} == {str(alice), str(bob)}
        assert final.file_names == ["board.png"]
        assert "bb:rematch:1::" in custom_ids(final.json)
        await tick(bot)
        assert thread_posts(server, thread_id)[-1] is final

        # the result was rated once; the leaderboard is public, a rating private
        _, board = await command(server, "server leaderboard", {"game": "ordo"}, user="carol")
        assert not flags_of(board) & EPHEMERAL
        assert content(board).splitlines()[1:3] == [
            "1. Bob — 1662? (1 game)",
            "2. Alice — 1338? (1 game)",
        ]
        _, rating = await command(server, "me rating", {"user": "alice"}, user="carol")
        assert flags_of(rating) & EPHEMERAL
        assert content(rating) == "Ratings of Alice:\nOrdo: 1338? (1 game)"

        # Rematch: same terms, colours swapped, in a new thread
        reply = await press(server, "bb:rematch:1::", user="bob", message=int(final.response["id"]))
        assert "Challenge sent to Alice (match #2)" in content(reply)
        threads = server.calls("POST", rf"/channels/{server.channel_id}/threads")
        new_thread = int(threads[-1].response["id"])
        assert new_thread != thread_id
        offer = thread_posts(server, new_thread)[-1]
        assert "Seats: Bob (White), Alice (Black)." in description(offer)
        assert "Time: 3 days, +1 day per move, at most 7 days; rated." in description(offer)
        assert f"<@{alice}>" in content(offer)


async def test_a_player_who_wants_dms_gets_a_dm_instead_of_a_ping(
    server: FakeDiscord, database: str
) -> None:
    bob = server.user("bob").id
    clock = FakeClock()
    async with bot_running(server, database, clock) as bot:
        text = await slash_reply(server, "me notify", {"mode": "dm"}, "bob")
        assert "I DM you when it's your turn" in text
        thread_id, _ = await challenge(server, {"time": "2d per move"})
        _, reply = await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        assert "Played a3-a4" in content(reply)
        post = thread_posts(server, thread_id)[-1]
        assert f"<@{bob}>" not in content(post) and post.json["allowed_mentions"]["users"] == []
        link = f"https://discord.com/channels/{server.guild_id}/{thread_id}"
        await eventually(lambda: bool(dm_texts(server, "bob")))  # DMs go out after the reply
        assert dm_texts(server, "bob") == [
            f"Your turn in Ordo against Alice — match #1 {link}. 2 days left."
        ]
        clock.advance(DAY + HOUR)
        await tick(bot)
        assert dm_texts(server, "bob")[-1] == (
            f"⏰ Bob, 23 h left on your clock in Ordo (match #1). {link}"
        )
        assert thread_posts(server, thread_id)[-1] is post  # nothing in the thread


async def test_digest_goes_out_once_a_day(server: FakeDiscord, database: str) -> None:
    clock = FakeClock()
    async with bot_running(server, database, clock) as bot:
        await slash_reply(server, "me notify", {"mode": "digest"}, "alice")
        await challenge(server, {"time": "5d per move"})
        await tick(bot)
        [digest] = dm_texts(server, "alice")
        assert digest.startswith("Your daily digest — matches waiting for you:\n#1 Ordo vs Bob")
        clock.advance(12 * HOUR)
        await tick(bot)
        assert len(dm_texts(server, "alice")) == 1
        clock.advance(12 * HOUR)
        await tick(bot)
        assert len(dm_texts(server, "alice")) == 2
        waiting = await slash_reply(server, "me waiting", {}, "alice")
        assert waiting.startswith("Waiting for you (most urgent first):\n#1 Ordo vs Bob — 4 days")
        _, games = await command(server, "me games", {}, user="alice")  # a card
        assert "**your turn**, 4 days left" in shown_text(games.json)


async def test_step_buttons_wait_for_confirm_when_asked(server: FakeDiscord, database: str) -> None:
    async with bot_running(server, database, FakeClock()) as bot:
        text = await slash_reply(server, "me notify", {"confirm": True}, "bob")
        assert "moves wait for a Confirm press" in text
        thread_id, _ = await challenge(server, {"size": 9}, game="fonver")
        await command(server, "move", {"move": "e5"}, user="alice", channel=thread_id)
        pie = thread_posts(server, thread_id)[-1]
        keep = next(i for i in custom_ids(pie.json) if i.endswith(":keep"))
        asked = await press(server, keep, user="bob", message=int(pie.response["id"]))
        assert flags_of(asked) & EPHEMERAL
        assert content(asked) == "Play **Keep White**?"
        confirm = [i for i in custom_ids(asked.json) if i.endswith("!")]
        assert len(confirm) == 1 and confirm[0].startswith("bb:panel:1:")
        assert len(await bot.service.store.actions(1)) == 1  # not played yet
        assert custom_ids(server.message(int(pie.response["id"])))  # the board keeps its buttons
        done = await press(server, confirm[0], user="bob", message=int(asked.response["id"]))
        assert done.method == "PATCH" and content(done).startswith("Played keep")
        assert [a.notation for a in await bot.service.store.actions(1)] == ["e5", "keep"]
        assert "kept" in description(thread_posts(server, thread_id)[-1])


async def test_spectators_see_and_export_but_not_from_elsewhere(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()):
        thread_id, _ = await challenge(server, {})
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        before = len(thread_posts(server, thread_id))
        callback, _ = await command(server, "board", {}, user="carol", channel=thread_id)
        assert not flags_of(callback) & EPHEMERAL  # in the thread, for everyone
        _, exported = await command(server, "match export", {}, user="carol", channel=thread_id)
        assert flags_of(exported) & EPHEMERAL
        assert exported.file_names == ["match1-ordo.txt"]
        record = exported.files[0].data.decode()
        assert "1. Alice (White): a3-a4" in record
        assert len(thread_posts(server, thread_id)) == before
        # from a DM, a stranger cannot reach the match by its number
        dm = int(server.open_dm("carol")["id"])
        _, refused = await command(server, "match export", {"match": 1}, user="carol", channel=dm)
        assert content(refused) == "You can't see that match from here."
        assert refused.file_names == []
        await bot_resign(server, thread_id)
        _, finished = await command(server, "match export", {"match": 1}, user="alice")
        assert finished.file_names == ["match1-ordo.txt", "match1-ordo.gif"]
        assert finished.files[1].data.startswith(b"GIF89a")


async def bot_resign(server: FakeDiscord, thread_id: int) -> None:
    """bob resigns (the command asks first; the button confirms)."""
    payload = server.slash("match", {}, user="bob", channel=thread_id, subcommand="resign")
    await server.interact(payload)
    confirmation = server.original_response(payload)
    assert confirmation is not None
    await press(server, "bb:resign:1::", user="bob", message=int(confirmation["id"]))


async def test_settings_need_manage_server_and_shape_new_matches(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()) as bot:
        _, refused = await command(server, "server settings", {"time": "1d per move"}, user="alice")
        assert flags_of(refused) & EPHEMERAL
        assert "Only members with Manage Server" in content(refused)
        assert await bot.service.store.guild_settings(str(server.guild_id)) == {}
        # /server also holds the leaderboard everyone may see, so Discord shows the group to
        # all members (default permissions apply to whole groups): the service's check stands.
        synced = server.find_command("server", server.guild_id)
        assert synced is not None and synced.get("default_member_permissions") is None

        text = await slash_reply(
            server,
            "server settings",
            {"time": "1d per move", "mode": "channel", "games": "ordo fonver"},
            "owner",
        )
        assert "default time control: 1 day per move" in text
        assert "in the channel" in text and "games: Ordo, Fonver" in text

        threads = len(server.calls("POST", rf"/channels/{server.channel_id}/threads"))
        await command(server, "play", {"opponent": "bob"}, user="alice", subcommand="ordo")
        assert len(server.calls("POST", rf"/channels/{server.channel_id}/threads")) == threads
        offer = server.calls("POST", rf"/channels/{server.channel_id}/messages")[-1]
        assert "Time: 1 day per move; rated." in description(offer)
        assert "bb:accept:1::" in custom_ids(offer.json)

        _, refused = await command(
            server, "play", {"opponent": "bob"}, user="alice", subcommand="fendo"
        )
        assert "Fendo is switched off on this server" in content(refused)


async def test_a_manager_sets_a_limit_with_server_settings_and_it_holds(
    server: FakeDiscord, tmp_path: Path
) -> None:
    """The limits are options of /server settings with their ranges, changed by a manager
    only, and a player who reaches one is told which and how to free a slot."""
    async with bot_running(server, tmp_path / "bot.sqlite3", FakeClock()) as bot:
        synced = server.find_command("server", server.guild_id)
        assert synced is not None
        settings = next(o for o in synced["options"] if o["name"] == "settings")
        declared = {o["name"]: o for o in settings["options"]}
        for name, low, high in (
            ("computer_games", 1, 50),
            ("hints_per_hour", 1, 100),
            ("open_seeks", 1, 25),
            ("tournaments", 1, 20),
            ("tournament_rounds", 1, 50),
        ):
            option = declared[name]
            assert (option["type"], option["min_value"], option["max_value"]) == (4, low, high)
        _, refused = await command(server, "server settings", {"open_seeks": 1}, user="alice")
        assert "Only members with Manage Server" in content(refused)
        text = await slash_reply(server, "server settings", {"open_seeks": 1}, "owner")
        assert "• open_seeks: 1 open challenge on this server at a time" in text
        assert await bot.service.store.guild_settings(str(server.guild_id)) == {
            "limits": {"open_seeks": 1}
        }
        _, opened = await command(server, "play", {}, user="alice", subcommand="ordo")
        assert "anyone may accept" in content(opened)
        _, refused = await command(server, "play", {}, user="alice", subcommand="fendo")
        assert flags_of(refused) & EPHEMERAL
        assert content(refused).startswith("You have 1 open challenge on this server;")


async def test_the_match_channel_setting_moves_new_threads_there(
    server: FakeDiscord, database: str
) -> None:
    """The fake Discord sends no resolved channels for channel options yet, so the setting
    is made through the service; what is tested is where the bot then opens matches."""
    async with bot_running(server, database, FakeClock()) as bot:
        owner = bot.service  # /settings channel:#lobby, as the command would pass it on
        changes = {"channel": str(server.lobby_id)}
        manager = User("owner", "owner", manages_server=True, guild_id=str(server.guild_id))
        await owner.server_settings(manager, str(server.guild_id), changes)
        await command(server, "play", {"opponent": "bob"}, user="alice", subcommand="ordo")
        assert server.calls("POST", rf"/channels/{server.channel_id}/threads") == []
        [created] = server.calls("POST", rf"/channels/{server.lobby_id}/threads")
        offer = thread_posts(server, int(created.response["id"]))[-1]
        assert "challenges" in description(offer)
