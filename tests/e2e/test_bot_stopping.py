"""Stopping the bot the way a deployment does: ``SIGTERM`` to the real process.

A restart must be invisible to players: what a committed change still had to say goes out
before the process ends. Here Discord is slow to open the DM that carries a player's FENCE!
hand at the moment the process is told to stop; it waits, sends the hand, and exits cleanly.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.fakediscord.fixtures import eventually, serving
from tests.fakediscord.launch import bot_process

from .test_bot_fence import dms_to
from .test_bot_ordo import command, press, thread_posts

pytestmark = pytest.mark.e2e


async def test_sigterm_sends_what_is_in_flight_then_exits_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    async with serving() as server:
        with bot_process(
            server, log, DATABASE_URL=str(tmp_path / "bot.sqlite3"),
            AI_SECONDS="easy=0.05,normal=0.05,strong=0.05", DEV_GUILD_ID=str(server.guild_id),
            WEB_BASE_URL="",
        ) as process:  # fmt: skip
            await eventually(
                lambda: process.poll() is not None or (server.connected and bool(server.commands)),
                timeout=60,
            )
            assert process.poll() is None, log.read_text(errors="replace")[-3000:]
            await command(
                server, "play", {"seats": 3, "quick_map": True}, user="alice",
                subcommand="fence",
            )  # fmt: skip
            thread = server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1]
            lobby = int(thread_posts(server, int(thread.response["id"]))[-1].response["id"])
            for _ in range(2):
                await press(server, "bb:add_computer:1::", user="alice", message=lobby)
            slow = server.hold("POST", r"/users/@me/channels")
            await press(server, "bb:start:1::", user="alice", message=lobby)
            await asyncio.sleep(0.2)
            assert not dms_to(server, "alice")
            process.send_signal(signal.SIGTERM)
            await asyncio.sleep(0.5)
            assert process.poll() is None, "it waits for the hand to go out"
            slow.set()
            await eventually(lambda: process.poll() is not None, timeout=20)
        said = log.read_text(errors="replace")
        assert process.returncode == 0, said[-3000:]
        assert dms_to(server, "alice"), "her hand went out before the process ended"
        assert "answers in progress are sent first" in said
        assert "Traceback" not in said and "Ignoring exception" not in said, said[-3000:]
