"""Play locally without Discord: ``python -m bot.console [--db PATH|URL] [--out DIR]``.

Each input line is ``<user>: /<command> [<sub>] <option>:<value> …`` with the same commands
and options as the Discord bot. Output uses prefixes that stand for what Discord would do:

* plain lines — messages everyone in the match thread sees;
* ``[only <user>]`` — a reply only the caller sees (ephemeral in Discord);
* ``[notify <user>]`` — a ping (a mention in Discord);
* ``[dm <user>]`` — a direct message;
* ``[image] <path>`` — the board image, written into ``--out``.

Unknown users are created on first use, and running again on the same ``--db`` continues
the same matches. ``--db`` is a SQLite file or any database the bot takes (``postgresql://…``),
so an operator can try a PostgreSQL set-up before pointing the bot at it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import TextIO

from bot.console.clock import ConsoleClock, clock_file
from bot.console.console import Console
from bot.console.printer import file_prefix
from bot.service import Service
from bot.settings import Settings
from bot.words import DEFAULT_LANGUAGE, catalogue
from bot.words.pseudo import PSEUDO
from storage import open_store, read_database_setting

log = logging.getLogger(__name__)


async def run(
    lines: TextIO,
    db: str,
    out_dir: Path,
    interactive: bool,
    admins: frozenset[str] = frozenset(),
    locale: str = DEFAULT_LANGUAGE,
) -> None:
    settings = Settings()
    store = open_store(db, password=settings.database_password.get_secret_value())
    await store.open()
    clock = ConsoleClock(clock_file(db))
    try:
        service = Service(
            store,
            clock=clock,
            default_time=settings.default_time,
            reminders=settings.reminders,
            vacation_days=settings.vacation_days,
            computer_seconds=settings.computer_seconds,
            review_seconds=settings.review_seconds,
            web=settings.board_links(clock),
        )
        await service.on_startup()
        console = Console(
            service,
            out_dir,
            lambda text: print(text, flush=True),
            clock,
            admins,
            locale,
            prefix=file_prefix(db),
        )
        if interactive:
            # described, not quoted: a URL may hold a password
            print(
                console.say(
                    "console.welcome", db=read_database_setting(db).describe(), help=console.help
                )
            )
        while True:
            if interactive:
                print("> ", end="", flush=True)
            line = await asyncio.to_thread(lines.readline)
            if not line:
                break
            await console.handle(line)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console", description="Play the bot's games locally, no Discord."
    )
    parser.add_argument(
        "--db",
        default=None,
        help="where the matches are kept: a SQLite file (default: DATABASE_URL, as the bot and "
        "python -m bot.web use, else ./data/bot.sqlite3), or a database "
        "URL as DATABASE_URL takes it, e.g. postgresql://user@localhost/boardbot (its "
        "password apart, in DATABASE_PASSWORD), or memory",
    )
    parser.add_argument("--out", default="./boards", help="folder for board images")
    parser.add_argument("--log-level", default="WARNING")
    parser.add_argument(
        "--admin",
        action="append",
        default=[],
        metavar="USER",
        help="a console user who may change /server settings (repeat for several)",
    )
    parser.add_argument(
        "--locale",
        default=DEFAULT_LANGUAGE,
        choices=[*sorted(catalogue().languages), PSEUDO],
        help="the language the console's users speak (replies, refusals, help)",
    )
    args = parser.parse_args(argv)
    if args.db is None:
        args.db = Settings().database_url
    try:
        read_database_setting(args.db)
    except ValueError as exc:
        parser.error(f"--db: {exc}")
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    admins = frozenset(args.admin)
    asyncio.run(run(sys.stdin, args.db, Path(args.out), sys.stdin.isatty(), admins, args.locale))


if __name__ == "__main__":
    main()
