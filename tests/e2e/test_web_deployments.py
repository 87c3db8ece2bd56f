"""The web board in every documented deployment, with real processes (issue 32 items 4, 7, 8):

* **the computer answers a web move** — with the web board inside the bot (in
  ``test_web_board.py``), in a ``python -m bot.web`` process beside the bot (SQLite on one
  machine, PostgreSQL on several), and beside the console with no Discord at all; the bot's
  scheduler ticks once an hour here, so only the wake-up can answer in time;
* **no link in any log** — a whole session at DEBUG (discord.py's payloads, aiohttp's access
  and server loggers), an over-long request line and header included, holds no token;
* **getting a link** — the console prints the caller's link when the web board is set up;
  ``python -m bot.web link`` names the database it looked in and never creates one.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession

from benchmarks.web import answers_on
from bot.discord.app import create_bot
from bot.settings import Settings
from tests.fakediscord import FakeDiscord, eventually, running_client, shown_text

from .test_bot_ordo import command
from .test_web_board import SECRET, bearer, free_port, open_your_board, thread_posts

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FAST = {"AI_SECONDS": "easy=0.05,normal=0.05,strong=0.05", "DEFAULT_TIME": "none"}
ANSWER_SECONDS = 20.0
"""Bounds a hang only: the answer comes within the computer's thinking time and a poll."""


def environment(**settings: str) -> dict[str, str]:
    """The environment of a deployment's process: these settings, nothing from a .env."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("WEB_", "DATABASE_"))}
    return {**keep, "PYTHONPATH": str(ROOT), "WORKERS": "0", **FAST, **settings}


@contextmanager
def process(args: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        running = subprocess.Popen(
            [sys.executable, *args], cwd=log.parent, env=env, stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            yield running
        finally:
            running.terminate()
            try:
                running.wait(timeout=10)
            except subprocess.TimeoutExpired:
                running.kill()
                running.wait(timeout=10)


async def serving_on(port: int, log: Path) -> None:
    """Wait until a process answers on ``port`` (its log says why not, if it died)."""
    if not await answers_on(port):
        raise AssertionError(f"nothing answers on {port}:\n{log.read_text()[-3000:]}")


def web_settings(port: int) -> dict[str, str]:
    return {
        "WEB_BASE_URL": f"http://127.0.0.1:{port}",
        "WEB_SECRET": SECRET,
        "WEB_PORT": str(port),
        "WEB_HOST": "127.0.0.1",
    }


async def play_on_the_web(url: str, move: str) -> dict[str, Any]:
    async with ClientSession() as session:
        answer = await session.post(
            url.split("#")[0] + "/move", json={"move": move}, headers=bearer(url)
        )
        body: dict[str, Any] = await answer.json()
    assert body["ok"], body
    return body


async def plies(url: str) -> int:
    async with ClientSession() as session:
        answer = await session.get(url.split("#")[0] + "/state", headers=bearer(url))
        return int((await answer.json())["ply"])


def secrets_in(log: str, links: list[str]) -> list[str]:
    """Every log line holding any part of a link's token."""
    parts = set()
    for link in links:
        token = link.partition("#t=")[2]
        parts |= {token, *token.split(".")}
    return [line for line in log.splitlines() if any(p and p in line for p in parts)]


async def thread_of_a_computer_match(server: FakeDiscord) -> int:
    await command(
        server, "play", {"opponent": "bot", "color": "first", "level": "easy"},
        user="alice", subcommand="ordo",
    )  # fmt: skip
    return int(server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"])


# -- beside the bot ------------------------------------------------------------------------
async def test_the_computer_answers_from_a_web_process_beside_the_bot(
    server: FakeDiscord, database: str, tmp_path: Path
) -> None:
    port = free_port()
    settings = Settings(
        _env_file=None, discord_token=server.token, database_path=database,
        dev_guild_id=server.guild_id, workers=0, tick_seconds=3600, web_in_bot=False,
        ai_seconds=FAST["AI_SECONDS"], default_time="none",
        **{k.lower(): v for k, v in web_settings(port).items()},
    )  # fmt: skip
    log = tmp_path / "web.log"
    env = environment(
        **web_settings(port), DATABASE_URL=database, DISCORD_TOKEN=server.token,
        FAKE_API=server.api_base, LOG_LEVEL="DEBUG",
    )  # fmt: skip
    async with running_client(create_bot(settings), server):
        with process(["-m", "tests.e2e.webprocess", "web"], env, log):
            await serving_on(port, log)
            thread_id = await thread_of_a_computer_match(server)
            url = await open_your_board(server, thread_id, 1, "alice")
            before = len(thread_posts(server, thread_id))
            await play_on_the_web(url, "c2-c3")
            # The web process posts the move, then plays and posts the computer's answer.
            await eventually(
                lambda: len(thread_posts(server, thread_id)) >= before + 2,
                timeout=ANSWER_SECONDS,
            )
            answer = thread_posts(server, thread_id)[-1]
            assert "Computer (easy) (Black) played" in shown_text(answer.json)
            assert await plies(url) == 2
    assert secrets_in(log.read_text(), [url]) == []


# -- beside the console, no Discord ------------------------------------------------------------
def console(db: Path, lines: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot.console", "--db", str(db), "--out", str(db.parent / "b")],
        input=lines.encode(), env=env, cwd=db.parent, capture_output=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


async def test_the_computer_answers_on_the_web_beside_the_console(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "trial.sqlite3"
    env = environment(**web_settings(port), DATABASE_URL=str(db), LOG_LEVEL="DEBUG")
    env.pop("DISCORD_TOKEN", None)
    said = console(db, "alice: /play ordo opponent:ai level:easy color:first\nalice: /board\n", env)
    # The console prints the caller's own link once the web board is set up.
    (url,) = re.findall(r"\[only alice\] Open your board: (\S+)", said)
    assert url.startswith(f"http://127.0.0.1:{port}/m/1#t=")
    log = tmp_path / "web.log"
    with process(["-m", "bot.web"], env, log):
        await serving_on(port, log)
        await play_on_the_web(url, "c2-c3")
        for _ in range(int(ANSWER_SECONDS * 10)):
            if await plies(url) == 2:
                break
            await asyncio.sleep(0.1)
        assert await plies(url) == 2, "the web process played the computer's answer"
    assert secrets_in(log.read_text(), [url]) == []


def test_an_operator_link_says_which_database_and_creates_none(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "kept.sqlite3"
    env = environment(**web_settings(port), DATABASE_URL=str(db))
    console(db, "alice: /play ordo opponent:bob color:first\nbob: /match accept\n", env)

    def link(*args: str, database: Path = db) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.web", "link", *args],
            env={**env, "DATABASE_URL": str(database)}, cwd=tmp_path, capture_output=True,
            text=True, timeout=60,
        )  # fmt: skip

    made = link("1", "--seat", "0")
    assert made.returncode == 0 and made.stdout.startswith(f"http://127.0.0.1:{port}/m/1#t=")
    missing = link("2")
    assert missing.returncode == 2 and f"There is no match 2 in SQLite {db}" in missing.stderr
    nowhere = tmp_path / "data" / "bot.sqlite3"
    absent = link("1", database=nowhere)
    assert absent.returncode == 2 and f"There is no database at SQLite {nowhere}" in absent.stderr
    assert not nowhere.exists() and not nowhere.parent.exists()


# -- no link in any log ------------------------------------------------------------------------
async def raw_request(port: int, head: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(head)
    await writer.drain()
    answer = await reader.read(4096)
    writer.close()
    return answer


async def test_no_log_line_of_a_debug_session_holds_a_link(
    server: FakeDiscord, tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "bot.log"
    env = environment(
        **web_settings(port), DATABASE_URL=str(tmp_path / "bot.sqlite3"), LOG_LEVEL="DEBUG",
        DISCORD_TOKEN=server.token, FAKE_API=server.api_base, FAKE_GATEWAY=server.gateway_url,
        TICK_SECONDS="0.5", DEV_GUILD_ID="",
    )  # fmt: skip
    with process(["-m", "tests.e2e.webprocess", "bot"], env, log):
        await serving_on(port, log)
        await eventually(lambda: bool(server.commands.get(None)), timeout=60)
        await command(server, "me notify", {"mode": "dm"}, user="bob")
        await command(
            server, "play", {"opponent": "bob", "color": "first"}, user="alice", subcommand="ordo"
        )
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        challenge = thread_posts(server, thread_id)[-1]
        from .test_bot_ordo import press

        await press(server, "bb:accept:1::", user="bob", message=int(challenge.response["id"]))
        links = [await open_your_board(server, thread_id, 1, who) for who in ("alice", "bob")]
        alice, bob = links
        await play_on_the_web(alice, "c2-c3")  # bob's turn DM carries his link
        base = alice.split("#")[0]
        token = alice.partition("#t=")[2]
        async with ClientSession() as session:
            await (await session.get(base, headers=bearer(alice))).text()
            await (await session.get(base + "/state", headers=bearer(bob))).text()
            await (await session.get(f"{base}/state?t={token}")).text()  # an old-style link
            stream = await session.get(base + "/events", headers=bearer(bob))
            await stream.content.readline()
            stream.close()
            bad = {"Authorization": f"Bearer {token}x"}
            await (await session.post(base + "/move", data="{", headers=bad)).text()
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        long_line = f"GET /m/1/state?t={token}{'x' * 9000} HTTP/1.1\r\n".encode() + host + b"\r\n"
        long_header = (
            b"GET /m/1/state HTTP/1.1\r\n" + host
            + f"Authorization: Bearer {token}{'x' * 9000}\r\n\r\n".encode()
        )  # fmt: skip
        for head in (long_line, long_header):
            answer = await raw_request(port, head)
            assert answer.split(b" ")[1] == b"400", answer[:80]
        await asyncio.sleep(0.5)  # the last lines reach the log
    text = log.read_text()
    assert "bot.web.access" in text and "not valid HTTP" in text, "the log ran at DEBUG"
    assert "discord.http" in text, "discord.py's payloads were logged too"
    assert secrets_in(text, links) == []
