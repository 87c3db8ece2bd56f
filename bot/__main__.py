"""``python -m bot``: run the Discord bot (or explain how to get a token or play locally);
``python -m bot --check`` is the container's health check (:mod:`bot.health`).

Start-up problems a person can fix — no token, a rejected token, no network, a setting that
can't be read — end with one or two plain lines and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from typing import NoReturn

import aiohttp
import discord

from bot.discord.app import BoardBot, Companion, Stop, create_bot
from bot.health import check
from bot.settings import Settings, settings_or_exit
from bot.web.server import limits_of, serve

log = logging.getLogger("bot")

NO_TOKEN = """No DISCORD_TOKEN is set, so I can't connect to Discord.

To run the bot on Discord:
  1. Create an application at https://discord.com/developers/applications, open "Bot",
     and copy its token.
  2. Put it in a .env file next to where you run the bot:  DISCORD_TOKEN=your-token
     (copy .env.example to .env for every setting).
  3. Invite the bot with the scopes bot + applications.commands (see README, "Discord set-up").

To play locally right now, without Discord, use the console:
  printf '%s\\n' 'alice: /play ordo opponent:bob color:first' 'bob: /match accept' \\
    'alice: /move move:a3-a4' | python -m bot.console --db demo.sqlite3 --out boards"""

BAD_TOKEN = """Discord rejected the token in DISCORD_TOKEN.
Copy a fresh token from https://discord.com/developers/applications (Bot → Reset Token) into
your .env, or play locally with:  python -m bot.console   (see README)."""

NO_NETWORK = "Could not reach Discord ({error}). Check the network, then start the bot again."


def settings_help() -> str:
    """Every setting with its description and default. A setting that is unset by default
    (``None``) says in its description what unset means ("default: one per core"), so only
    a real value is added as "(default: …)" — never both, never "(default: None)"."""
    rows = [
        f"  {name.upper():<18} {field.description or ''}"
        + ("" if field.default is None else f" (default: {field.default})")
        for name, field in Settings.model_fields.items()
        if name not in ("discord_token", "database_password", "web_secret", "discord_client_secret")
    ]
    return (
        "settings (environment variables or a .env file):\n  DISCORD_TOKEN      "
        + (
            "the bot token (a secret; never logged)\n  DATABASE_PASSWORD"
            "  the PostgreSQL password apart from DATABASE_URL (a secret)\n  WEB_SECRET"
            "         signs the web board's links (a secret)\n  DISCORD_CLIENT_SECRET"
            " the app's OAuth2 secret, for the Activity (a secret)\n" + "\n".join(rows)
        )
        + COMPOSE_ONLY
    )


COMPOSE_ONLY = """

only for compose.yaml (the bot itself never reads it):
  POSTGRES_PASSWORD  the password of compose's PostgreSQL user, required there; compose hands
                     it to the bot as DATABASE_PASSWORD"""
"""A line of .env.example that is no setting of the bot: listed so --help names every line."""


def companions(settings: Settings) -> tuple[Companion, ...]:
    """What runs beside the bot: the web board, when it is on and served from this process
    (``WEB_IN_BOT``, the default; a larger set-up runs ``python -m bot.web`` instead)."""
    if not (settings.web_enabled and settings.web_in_bot):
        return ()

    async def web_board(bot: BoardBot) -> Stop:
        return await serve(
            bot.service,
            bot.publish_reply,
            host=settings.web_host,
            port=settings.web_port,
            activity=bot.board_activity,
            **limits_of(settings),
        )

    return (web_board,)


async def run_until_stopped(bot: BoardBot, token: str) -> None:
    """Run ``bot`` until it is told to stop (``SIGTERM`` from ``docker stop`` or systemd,
    ``SIGINT`` from Ctrl-C), then close it the orderly way: what is still being sent goes out
    first (:meth:`BoardBot.close`). Without a handler a ``SIGTERM`` ends Python on the spot."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on Windows' event loop
            loop.add_signal_handler(sig, stopping.set)
    async with bot:
        running = asyncio.create_task(bot.start(token), name="bot")
        told = asyncio.create_task(stopping.wait(), name="stop signal")
        await asyncio.wait({running, told}, return_when=asyncio.FIRST_COMPLETED)
        if told.done():
            log.info("stopping: answers in progress are sent first")
            await bot.close()
        told.cancel()
        await running  # a failed login or network error is raised here


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the correspondence board-game bot on Discord. "
        "To play locally without Discord: python -m bot.console --help",
        epilog=settings_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="don't run the bot: open its database and report the last heartbeat in one line; "
        "exit 0 if it is recent (three ticks, at least two minutes), else 1 (the health check)",
    )
    return parser.parse_args(argv)


def stop_with(advice: str) -> NoReturn:
    """End a start a person can fix with what to do, as plain sentences on stderr and exit
    code 2: a log line's time stamp and ``ERROR bot:`` in front of advice read as a crash."""
    sys.stderr.write(advice + "\n")
    sys.exit(2)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    # Docker reserves a health check's exit code 2
    settings = settings_or_exit(log, 1 if args.check else 2)
    if args.check:
        logging.basicConfig(format="%(message)s", level=logging.INFO)
        healthy, line = asyncio.run(check(settings))
        log.log(logging.INFO if healthy else logging.ERROR, "%s", line)
        sys.exit(0 if healthy else 1)
    if not settings.token:
        stop_with(NO_TOKEN)
    settings.configure_logging()
    bot = create_bot(settings, companions=companions(settings))
    try:
        asyncio.run(run_until_stopped(bot, settings.token))
    except discord.LoginFailure:
        stop_with(BAD_TOKEN)
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        log.error("Discord refused the intents; this bot needs no privileged intents.")
        sys.exit(2)
    except (aiohttp.ClientError, OSError) as error:
        stop_with(NO_NETWORK.format(error=type(error).__name__))


if __name__ == "__main__":
    main()
