"""The computer opponent through the real discord.py client and the fake Discord: picking the
bot as opponent starts a match at once, the computer's replies are posted in the thread with
the board and a ping for the person, and a computer turn left pending by a stopped bot is
played by the next one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.discord.app import BoardBot, create_bot
from bot.settings import Settings
from tests.fakediscord import FakeDiscord, running_client
from tests.fakediscord.fixtures import eventually

from .test_bot_ordo import EPHEMERAL, command, flags_of, thread_posts

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


async def test_playing_the_bot_on_discord(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    server = fake_discord
    alice = server.user("alice").id
    async with bot_running(server, tmp_path / "bot.sqlite3", 0.05):
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
        assert start.file_names == ["board.png"] and f"<@{alice}>" in start.json["content"]
        before = len(thread_posts(server, thread_id))

        _, moved = await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        assert "Played a3-a4" in moved.json["content"]
        await eventually(lambda: len(thread_posts(server, thread_id)) >= before + 2, timeout=10)
        answer = thread_posts(server, thread_id)[-1]
        assert "Computer (easy) played" in answer.json["embeds"][0]["description"]
        assert answer.file_names[0] == "board.png"
        assert f"<@{alice}>" in answer.json["content"]  # her turn again: she is pinged
        mentioned = [str(u) for u in answer.json["allowed_mentions"]["users"]]
        assert mentioned == [str(alice)]


async def test_a_pending_computer_turn_survives_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    server = fake_discord
    db = tmp_path / "bot.sqlite3"
    async with bot_running(server, db, 3.0) as first:
        await command(
            server, "play", {"opponent": "bot", "color": "first"}, user="alice", subcommand="ordo"
        )
        thread_id = _thread(server)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        await eventually(lambda: bool(first.service._thinking), timeout=5)
        posts = len(thread_posts(server, thread_id))
    # The first bot stopped while the computer was thinking (3 s): nothing was posted.
    assert len(thread_posts(server, thread_id)) == posts
    async with bot_running(server, db, 0.05):
        # the new bot's first scheduler run finds the computer to move and plays
        await eventually(lambda: len(thread_posts(server, thread_id)) == posts + 1, timeout=15)
        answer = thread_posts(server, thread_id)[-1]
        assert "Computer (normal) played" in answer.json["embeds"][0]["description"]
