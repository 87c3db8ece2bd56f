"""Two bot processes, one PostgreSQL database, one fake Discord with two servers (issue 16.5).

``SHARD_COUNT=2``: each process runs one shard and so serves one server. Moves in both servers
work and post once; the scheduler runs in exactly one process (the advisory lock), so each
reminder goes out once in all; and when that process is killed, the other takes over.
"""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import eventually, serving
from tests.fakediscord.launch import bot_process as launched
from tests.fakediscord.server import GAMES_CHANNEL_ID, SECOND_CHANNEL_ID
from tests.pgserver import fresh_database, pg_server  # noqa: F401 - the server fixture

from .test_bot_ordo import command, custom_ids, press, thread_posts

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0


@contextmanager
def bot_process(
    server: FakeDiscord, url: str, shard: int, clock_file: Path, log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    with launched(
        server, log, FAKE_CLOCK_FILE=str(clock_file), DATABASE_URL=url, SHARD_COUNT="2",
        SHARD_IDS=str(shard), TICK_SECONDS="0.2", DEV_GUILD_ID="",
    ) as process:  # fmt: skip
        yield process


def _shards_online(server: FakeDiscord) -> set[tuple[int, int]]:
    return {
        s.shard for s in server._sessions if s.identified and not s.ws.closed and s.shard
    }  # fmt: skip


def _reminders(server: FakeDiscord, thread_id: int) -> list[str]:
    return [
        (c.json or {}).get("content", "")
        for c in thread_posts(server, thread_id)
        if "⏰" in str((c.json or {}).get("content", "")) + str(c.json)
    ]


async def _start_match(server: FakeDiscord, channel: int) -> int:
    """alice challenges bob in ``channel`` (2 days a move), bob accepts; the thread id."""
    await command(
        server, "play", {"opponent": "bob", "color": "first", "time": "2d per move"},
        user="alice", subcommand="ordo", channel=channel,
    )  # fmt: skip
    thread = server.calls("POST", rf"/channels/{channel}/threads")[-1]
    thread_id = int(thread.response["id"])
    challenge = thread_posts(server, thread_id)[-1]
    accept = next(i for i in custom_ids(challenge.json) if i.startswith("bb:accept:"))
    await press(server, accept, user="bob", message=int(challenge.response["id"]))
    return thread_id


async def test_two_processes_split_the_servers_and_share_one_scheduler(
    pg_server: Any,  # noqa: F811 - the fixture imported above
    tmp_path: Path,
) -> None:
    url = fresh_database(pg_server)
    clock = tmp_path / "clock"
    clock.write_text("0")
    logs = [tmp_path / "shard0.log", tmp_path / "shard1.log"]
    async with serving(second_guild=True) as server:
        with (
            bot_process(server, url, 0, clock, logs[0]) as first,
            bot_process(server, url, 1, clock, logs[1]) as second,
        ):
            await eventually(lambda: _shards_online(server) == {(0, 2), (1, 2)}, timeout=60)
            await eventually(lambda: bool(server.commands.get(None)), timeout=10)

            # A match in each server, each served by a different process; a move in each
            # posts exactly once.
            threads = [await _start_match(server, c) for c in (GAMES_CHANNEL_ID, SECOND_CHANNEL_ID)]
            for thread_id in threads:
                before = len(thread_posts(server, thread_id))
                _, reply = await command(
                    server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id
                )
                assert "Played a3-a4" in reply.json["content"]
                await asyncio.sleep(0.5)  # time for a duplicate to show up, were there one
                posts = thread_posts(server, thread_id)[before:]
                assert len(posts) == 1 and "a3-a4" in str(posts[0].json)

            # 25 hours later: bob's 24-hours-left reminder, once per match in all.
            clock.write_text(str(25 * HOUR))
            for thread_id in threads:
                await eventually(lambda t=thread_id: len(_reminders(server, t)) == 1, timeout=10)
            await asyncio.sleep(1.0)  # five more ticks of both processes
            assert [len(_reminders(server, t)) for t in threads] == [1, 1]

            # The process that leads the scheduler dies; the other takes over.
            leads = [
                bool(re.search("this process leads", log.read_text(errors="replace")))
                for log in logs
            ]
            assert leads.count(True) == 1, [log.read_text()[-2000:] for log in logs]
            leader, follower = (first, second) if leads[0] else (second, first)
            leader.send_signal(signal.SIGKILL)
            leader.wait(timeout=10)
            clock.write_text(str(46.5 * HOUR))  # under 2 hours left: the second reminder
            for thread_id in threads:
                await eventually(lambda t=thread_id: len(_reminders(server, t)) == 2, timeout=15)
            await asyncio.sleep(1.0)
            assert [len(_reminders(server, t)) for t in threads] == [2, 2]
            assert follower.poll() is None
