"""The real bot in a process of its own, talking to a `FakeDiscord` started elsewhere:
``python -m tests.fakediscord.launch``.

Multi-process tests (shards) need bots that are real processes, so the in-process patch of
:func:`tests.fakediscord.fixtures.patched_discord` cannot reach them; this launcher applies the
same two redirections in its own process and then runs the bot exactly as ``python -m bot``
builds it, from the environment's settings. Test-only knobs, all from the environment:

* ``FAKE_API`` / ``FAKE_GATEWAY`` — the fake's REST base and gateway URL;
* ``FAKE_CLOCK_FILE`` — a file holding seconds to add to the wall clock, re-read at every
  reading, so a test moves the time of every bot process at once (reminders fall due).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import run_until_stopped
from bot.discord.app import create_bot
from bot.settings import Settings
from tests.fakediscord.fixtures import FAST_GUILD_READY_TIMEOUT
from tests.fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class FileClock:
    def __init__(self, path: Path | None) -> None:
        self.path = path

    def __call__(self) -> float:
        offset = 0.0
        if self.path is not None and self.path.exists():
            offset = float(self.path.read_text().strip() or 0)
        return time.time() + offset


@contextmanager
def bot_process(
    server: FakeDiscord, log: Path, **settings: str
) -> Iterator[subprocess.Popen[bytes]]:
    """The bot in a process of its own against ``server`` (``settings``: more of its
    environment), its output in ``log``; killed at the end if it still runs."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "FAKE_API": server.api_base,
        "FAKE_GATEWAY": server.gateway_url,
        "DISCORD_TOKEN": server.token,
        "WORKERS": "0",
        "DEFAULT_TIME": "none",
        "LOG_LEVEL": "INFO",
        **settings,
    }
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.fakediscord.launch"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            yield process
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)


def main() -> None:
    Route.BASE = os.environ["FAKE_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_GATEWAY"])
    settings = Settings()
    settings.configure_logging()
    clock_file = os.environ.get("FAKE_CLOCK_FILE")
    bot = create_bot(settings, clock=FileClock(Path(clock_file) if clock_file else None))
    bot._connection.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT
    asyncio.run(run_until_stopped(bot, settings.token))  # as python -m bot runs it


if __name__ == "__main__":
    main()
