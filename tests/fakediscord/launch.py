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
import time
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import run_until_stopped
from bot.discord.app import create_bot
from bot.settings import Settings
from tests.fakediscord.fixtures import FAST_GUILD_READY_TIMEOUT


class FileClock:
    def __init__(self, path: Path | None) -> None:
        self.path = path

    def __call__(self) -> float:
        offset = 0.0
        if self.path is not None and self.path.exists():
            offset = float(self.path.read_text().strip() or 0)
        return time.time() + offset


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
