"""``python -m bot.web``: the web board in a process of its own (a larger set-up: several web
processes, one PostgreSQL database, the Discord bot elsewhere with ``WEB_IN_BOT=false``).

It reads the same settings as the bot (with ``DISCORD_CLIENT_ID``, its secret and
``DISCORD_TOKEN`` it serves the board as a Discord Activity too). Moves made here post to
Discord over REST with the bot's token (no gateway connection); without ``DISCORD_TOKEN``
they are stored and shown on every page but posted nowhere (a local trial with the
console's database). Either way the computer answers a move made here from this process,
at once: the process plays its own queue of computer turns, so the answer never waits for
the bot's next tick (or, beside the console, for the console's next line).

``python -m bot.web link <match> [--seat N]`` prints a signed link for the operator: the
seat's (to move) or, without ``--seat``, one for watching. It only reads: it names the
database it looked in, and never creates one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys

import games
from bot.discord.activity import DiscordActivity
from bot.discord.rest import RestPoster
from bot.service import Service
from bot.service.match.workers import Workers
from bot.service.replies import Reply
from bot.settings import Settings, settings_or_exit
from bot.web.server import limits_of, serve
from bot.words import catalogue
from storage import read_database_setting

log = logging.getLogger("bot.web")

NOT_ON = (
    "WEB_BASE_URL is not set, so there is no web board to serve. Set it (and WEB_SECRET) in"
    " .env: see docs/web.md."
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot.web",
        description="Serve the web board (settings as for python -m bot: WEB_BASE_URL, "
        "WEB_SECRET, WEB_PORT, WEB_HOST, DATABASE_URL, DISCORD_TOKEN).",
    )
    commands = parser.add_subparsers(dest="command")
    link = commands.add_parser("link", help="print a signed link to a match's board")
    link.add_argument("match", type=int, help="the match id")
    link.add_argument("--seat", type=int, default=None, help="the seat whose link (0 first)")
    return parser.parse_args(argv)


async def print_link(settings: Settings, match_id: int, seat: int | None) -> int:
    links = settings.board_links()
    assert links is not None
    database = read_database_setting(settings.database_url)
    where = database.describe()
    if database.kind == "memory" or (database.path is not None and not database.path.is_file()):
        log.error("There is no database at %s (DATABASE_URL): nothing to link to.", where)
        return 2
    store = settings.store()
    await store.open()
    try:
        record = await store.get_match(match_id)
    finally:
        await store.close()
    if record is None:
        log.error("There is no match %s in %s (DATABASE_URL).", match_id, where)
        return 2
    if seat is not None and not 0 <= seat < len(record.seats):
        log.error("Match %s has seats 0 to %s.", match_id, len(record.seats) - 1)
        return 2
    user = record.seats[seat] if seat is not None else "operator"
    sys.stdout.write(links.url(record.id, seat, user) + "\n")  # the command's output
    return 0


async def run(settings: Settings) -> None:
    store = settings.store()
    await store.open()
    log.info("web board on %s", read_database_setting(settings.database_url).describe())
    workers = Workers(settings.worker_processes, settings.search_processes)
    service = Service(
        store,
        default_time=settings.default_time,
        reminders=settings.reminders,
        vacation_days=settings.vacation_days,
        workers=workers,
        computer_seconds=settings.computer_seconds,
        web=settings.board_links(),
        activity=settings.activity_sessions(),
    )
    await workers.start()
    poster: RestPoster | None = None
    activity: DiscordActivity | None = None
    if settings.token:
        poster = RestPoster(service)
        await poster.login(settings.token)
        publish = poster.publish
        if settings.activity_enabled:
            client_id = settings.discord_client_id.strip()
            activity = DiscordActivity(poster, client_id, settings.client_secret)
    else:
        log.warning("no DISCORD_TOKEN: moves made on the web board are not posted to Discord")

        async def publish(reply: Reply) -> None:
            log.info("match %s changed on the web board (not posted)", reply.match_id)

    async def deliver(replies: list[Reply]) -> None:
        for reply in replies:
            await publish(reply)

    computer = asyncio.create_task(service.serve_computer_turns(deliver))
    stop = await serve(
        service, publish, host=settings.web_host, port=settings.web_port, activity=activity,
        **limits_of(settings),
    )  # fmt: skip
    await asyncio.to_thread(warm)  # on the thread pool, which is started by it
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    try:
        await stopping.wait()
    finally:
        computer.cancel()
        await stop()
        if poster is not None:
            await poster.close()
        workers.close()
        await store.close()


def warm() -> None:
    """Load before the first request what every process needs sooner or later (each game's
    engine, the catalogue in every language), then move everything built so far out of the
    collector's reach: it lives as long as the process, and a full collection walking it
    stalled a request by over 100 ms (an analysis board's answers, measured for issue 41).
    Run on the event loop's thread pool, so its first thread is started before the first
    request too (a replay, a board's legal steps and a drawing are worked out there)."""
    catalogue()
    games.sentences()
    for name in games.available():
        games.get(name)
    gc.collect()
    gc.freeze()


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    settings = settings_or_exit(log)
    settings.configure_logging()
    if not settings.web_enabled:
        log.error(NOT_ON)
        sys.exit(2)
    if args.command == "link":
        sys.exit(asyncio.run(print_link(settings, args.match, args.seat)))
    asyncio.run(run(settings))


if __name__ == "__main__":
    main()
