"""The computer opponent through the real discord.py client and the fake Discord: picking the
bot as opponent starts a match at once, the computer's replies are posted in the thread with
the board and a ping for the person, and a computer turn left pending by a stopped bot is
played by the next one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

import games
from bot.discord.app import BoardBot, create_bot
from bot.settings import Settings
from tests.fakediscord import FakeDiscord, ping_line, running_client, shown_text
from tests.fakediscord.fixtures import eventually

from .test_bot_fence import dms_to
from .test_bot_ordo import EPHEMERAL, command, flags_of, press, thread_posts

pytestmark = pytest.mark.e2e


@asynccontextmanager
async def bot_running(server: FakeDiscord, db: Path, seconds: float) -> AsyncIterator[BoardBot]:
    settings = Settings(
        discord_token=server.token,
        database_path=str(db),
        dev_guild_id=server.guild_id,
        default_time="none",
        workers=0,
        ai_seconds=f"easy={seconds},normal={seconds},strong={seconds}",
    )
    bot = create_bot(settings)
    async with running_client(bot, server):
        yield bot


def _thread(server: FakeDiscord) -> int:
    created = server.calls("POST", rf"/channels/{server.channel_id}/threads")
    return int(created[-1].response["id"])


async def test_playing_the_bot_on_discord(server: FakeDiscord, database: str) -> None:
    alice = server.user("alice").id
    async with bot_running(server, database, 0.05):
        # Another bot cannot be challenged, but this one can: it is the computer.
        _, reply = await command(
            server,
            "play",
            {"opponent": "bot", "color": "first", "level": "easy"},
            user="alice",
            subcommand="ordo",
        )
        assert flags_of(reply) & EPHEMERAL
        assert "Computer (easy)" in reply.json["content"]
        thread_id = _thread(server)
        start = thread_posts(server, thread_id)[-1]
        assert start.file_names == ["board.png"] and f"<@{alice}>" in shown_text(start.json)
        before = len(thread_posts(server, thread_id))

        _, moved = await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        assert "Played a3-a4" in moved.json["content"]
        await eventually(lambda: len(thread_posts(server, thread_id)) >= before + 2, timeout=10)
        answer = thread_posts(server, thread_id)[-1]
        assert "Computer (easy) (Black) played" in shown_text(answer.json)
        assert answer.file_names[0] == "board.png"
        assert f"<@{alice}>" in shown_text(answer.json)  # her turn again: she is pinged
        mentioned = [str(u) for u in answer.json["allowed_mentions"]["users"]]
        assert mentioned == [str(alice)]


async def test_a_pending_computer_turn_survives_a_restart(
    server: FakeDiscord, database: str
) -> None:
    db = database
    async with bot_running(server, db, 3.0) as first:
        await command(
            server, "play", {"opponent": "bot", "color": "first"}, user="alice", subcommand="ordo"
        )
        thread_id = _thread(server)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        await eventually(lambda: bool(first.service.opponents._thinking), timeout=5)
        posts = len(thread_posts(server, thread_id))
    # The first bot stopped while the computer was thinking (3 s): nothing was posted.
    assert len(thread_posts(server, thread_id)) == posts
    async with bot_running(server, db, 0.05):
        # the new bot's first scheduler run finds the computer to move and plays
        await eventually(lambda: len(thread_posts(server, thread_id)) == posts + 1, timeout=15)
        answer = thread_posts(server, thread_id)[-1]
        assert "Computer (normal) (Black) played" in shown_text(answer.json)


async def test_computers_fill_a_fence_table_from_the_lobby_buttons(
    server: FakeDiscord, database: str
) -> None:
    """Add computer, twice, then Start: the computers take their turns in the thread until
    the person is to move; nothing is ever sent to a computer (a DM to one would fail the
    test: the bot logs an error)."""
    async with bot_running(server, database, 0.05) as bot:
        await command(
            server, "play", {"seats": 3, "quick_map": True}, user="alice", subcommand="fence"
        )
        thread_id = _thread(server)
        lobby_id = int(thread_posts(server, thread_id)[-1].response["id"])
        for _ in range(2):
            added = await press(server, "bb:add_computer:1::", user="alice", message=lobby_id)
            assert "joined lobby #1" in added.json["content"]
        await press(server, "bb:start:1::", user="alice", message=lobby_id)
        store = bot.service.store

        async def persons_turn() -> bool:
            record = await store.get_match(1)
            assert record is not None and record.status == "active"
            rules = games.get("fence")
            return record.seats[rules.to_move(rules.load(record.state))[0]] == str(
                server.user("alice").id
            )

        for _ in range(200):
            if await persons_turn():
                break
            await asyncio.sleep(0.05)
        assert await persons_turn()
        record = await store.get_match(1)
        assert record is not None
        assert [uid.startswith("ai:") for uid in record.seats] == [False, True, True]
        # What the bot sends after the store has her turn: her hand by DM (the Start press's
        # answer) and the thread's post that pings her. The bot stops only once both are out.
        alice = f"<@{server.user('alice').id}>"
        await eventually(lambda: bool(dms_to(server, "alice")), timeout=10)

        def last_post() -> str:
            return ping_line(thread_posts(server, thread_id)[-1].json or {})

        await eventually(lambda: alice in last_post(), timeout=10)


async def test_a_closing_bot_first_sends_what_a_press_still_had_to_say(
    server: FakeDiscord, database: str
) -> None:
    """A restart is invisible: the bot is asked to stop while Discord is slow to open the
    DM that carries a player's hand (the Start press has committed the match); it waits,
    and the hand goes out before it closes. (It used to close at once: the DM was lost and
    discord.py logged "Server disconnected".)"""
    async with bot_running(server, database, 0.05):
        await command(
            server, "play", {"seats": 3, "quick_map": True}, user="alice", subcommand="fence"
        )
        lobby_id = int(thread_posts(server, _thread(server))[-1].response["id"])
        for _ in range(2):
            await press(server, "bb:add_computer:1::", user="alice", message=lobby_id)
        slow = server.hold("POST", r"/users/@me/channels")
        await press(server, "bb:start:1::", user="alice", message=lobby_id)
        assert not dms_to(server, "alice")
        asyncio.get_running_loop().call_later(0.5, slow.set)
    # leaving the block closed the bot (and would fail on any error discord.py logged)
    assert dms_to(server, "alice"), "her hand went out before the bot closed"


async def test_level_choices_show_the_ladder_and_auto_picks_by_rating(
    server: FakeDiscord, database: str
) -> None:
    """/play's level choices carry each level's measured rating for that game, and
    ``level:auto`` picks the level nearest the player's rating (a newcomer's 1500) and
    says which, and why, in its reply."""
    from ai import ladder

    async with bot_running(server, database, 0.05):
        await eventually(lambda: bool(server.commands.get(server.guild_id)), timeout=10)
        play = next(c for c in server.commands[server.guild_id] if c["name"] == "play")
        for game in ("ordo", "fuer"):
            sub = next(o for o in play["options"] if o["name"] == game)
            level = next(o for o in sub["options"] if o["name"] == "level")
            shown = {c["value"]: c["name"] for c in level["choices"]}
            assert shown == {
                **{lv: f"{lv} ≈ {r}" for lv, r in ladder.ratings(game).items()},
                "auto": "auto: the level nearest your rating",
            }
        _, reply = await command(
            server,
            "play",
            {"opponent": "bot", "level": "auto"},
            user="alice",
            subcommand="ordo",
        )
        picked = ladder.nearest("ordo", 1500)
        assert reply.json["content"].startswith(f"level:auto picked {picked} (≈ ")
        assert f"Computer ({picked})" in reply.json["content"]
