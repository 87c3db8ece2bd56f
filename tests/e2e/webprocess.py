"""A deployment's process, talking to a `FakeDiscord` started elsewhere, for the web board's
end-to-end tests: ``python -m tests.e2e.webprocess bot`` runs the bot exactly as
``python -m bot`` builds it (the web board inside it when ``WEB_IN_BOT``), ``… web`` runs
``python -m bot.web`` (REST only). ``FAKE_API`` / ``FAKE_GATEWAY`` name the fake's REST
base and gateway; everything else comes from the environment's settings.
"""

from __future__ import annotations

import asyncio
import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import companions
from bot.discord.app import create_bot
from bot.settings import Settings
from bot.web.__main__ import main as web_main
from tests.fakediscord.fixtures import FAST_GUILD_READY_TIMEOUT


def main() -> None:
    Route.BASE = os.environ["FAKE_API"]
    if sys.argv[1:] == ["web"]:
        web_main([])
        return
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_GATEWAY"])
    settings = Settings()
    settings.configure_logging()
    bot = create_bot(settings, companions=companions(settings))
    bot._connection.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT
    asyncio.run(bot.start(settings.token))


if __name__ == "__main__":
    main()
