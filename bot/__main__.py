"""``python -m bot``: run the Discord bot (or explain how to get a token or play locally)."""

from __future__ import annotations

import logging
import sys

import discord

from bot.discord.app import create_bot
from bot.settings import Settings

log = logging.getLogger("bot")

NO_TOKEN = """No DISCORD_TOKEN is set, so I can't connect to Discord.

To run the bot on Discord:
  1. Create an application at https://discord.com/developers/applications, open "Bot",
     and copy its token.
  2. Put it in a .env file next to where you run the bot:  DISCORD_TOKEN=your-token
     (copy .env.example to .env for every setting).
  3. Invite the bot with the scopes bot + applications.commands (see README, "Discord set-up").

To play locally right now, without Discord, use the console:
  printf 'alice: /play ordo opponent:bob color:first\\nbob: /accept\\nalice: /move move:a3-a4\\n' \\
    | python -m bot.console --db demo.sqlite3 --out boards"""

BAD_TOKEN = """Discord rejected the token in DISCORD_TOKEN.
Copy a fresh token from https://discord.com/developers/applications (Bot → Reset Token) into
your .env, or play locally with:  python -m bot.console   (see README)."""


def main() -> None:
    settings = Settings()
    settings.configure_logging()
    if not settings.discord_token.strip():
        log.error(NO_TOKEN)
        sys.exit(2)
    bot = create_bot(settings)
    try:
        bot.run(settings.discord_token.strip(), log_handler=None)
    except discord.LoginFailure:
        log.error(BAD_TOKEN)
        sys.exit(2)
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        log.error("Discord refused the intents; this bot needs no privileged intents.")
        sys.exit(2)


if __name__ == "__main__":
    main()
