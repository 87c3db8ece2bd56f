"""Play locally without Discord: ``python -m bot.console [--db PATH] [--out DIR]``.

Each input line is ``<user>: /<command> [<sub>] <option>:<value> …`` with the same commands
and options as the Discord bot. Output uses prefixes that stand for what Discord would do:

* plain lines — messages everyone in the match thread sees;
* ``[only <user>]`` — a reply only the caller sees (ephemeral in Discord);
* ``[notify <user>]`` — a ping (a mention in Discord);
* ``[dm <user>]`` — a direct message;
* ``[image] <path>`` — the board image, written into ``--out``.

Unknown users are created on first use, and running again on the same ``--db`` continues
the same matches.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO

import games
from bot.commandline import CommandLine, LineError, parse_line
from bot.replies import Post, Reply
from bot.service import Service, User
from storage import open_store

log = logging.getLogger(__name__)

HELP = (
    "Commands: /play <game> opponent:<user> [color:first|second|random] [options…], "
    "/accept, /decline, /move move:<notation>, /board, /resign, /draw, /undo, /games, "
    "/history, /rules <game>. Add match:<id> when you have several matches."
)


class Console:
    """Feeds parsed lines to the service and prints its replies with console prefixes."""

    def __init__(self, service: Service, out_dir: Path, write: Callable[[str], None]) -> None:
        self.service = service
        self.out_dir = out_dir
        self.write = write
        self._images = 0

    # -- output ------------------------------------------------------------------------------
    def _save(self, data: bytes, match_id: int | None) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._images += 1
        stem = f"match{match_id}" if match_id is not None else "image"
        path = self.out_dir / f"{stem}-{self._images:03d}.png"
        n = self._images
        while path.exists():  # a later run must not overwrite earlier boards
            n += 1
            path = self.out_dir / f"{stem}-{n:03d}.png"
        path.write_bytes(data)
        return path

    def _lines(self, prefix: str, text: str) -> None:
        for line in text.splitlines() or [""]:
            self.write(f"{prefix}{line}" if prefix else line)

    def _post(self, post: Post, match_id: int | None) -> None:
        self._lines("", post.text)
        if post.image:
            self.write(f"[image] {self._save(post.image, match_id)}")
        if post.buttons:
            self.write("(buttons: " + " | ".join(b.label for b in post.buttons) + ")")
        if post.choices:
            self.write("(choose one: " + " | ".join(post.choices) + ")")
        for user_id in post.mentions:
            self._lines(f"[notify {user_id}] ", post.ping)

    def show(self, user: str, reply: Reply) -> None:
        if reply.text:
            self._lines(f"[only {user}] " if reply.ephemeral else "", reply.text)
        if reply.image:
            prefix = f"[only {user}] " if reply.ephemeral else ""
            self.write(f"{prefix}[image] {self._save(reply.image, reply.match_id)}")
        if reply.post:
            self._post(reply.post, reply.match_id)
        for dm in reply.dms:
            self._lines(f"[dm {dm.user_id}] ", dm.text)
            if dm.image:
                self.write(f"[dm {dm.user_id}] [image] {self._save(dm.image, reply.match_id)}")

    # -- input -------------------------------------------------------------------------------
    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        try:
            cmd = parse_line(line)
        except LineError as exc:
            self.write(str(exc))
            return
        reply = await self.dispatch(cmd)
        self.show(cmd.user, reply)

    async def dispatch(self, cmd: CommandLine) -> Reply:
        user = User(cmd.user, cmd.user)
        opts = dict(cmd.options)
        match_text = opts.pop("match", None)
        match_id: int | None = None
        if match_text is not None:
            try:
                match_id = int(match_text.lstrip("#"))
            except ValueError:
                return Reply.refuse(f"match must be a match number like 3, not {match_text!r}.")
        s = self.service
        simple: dict[str, Callable[..., Awaitable[Reply]]] = {
            "accept": s.accept,
            "decline": s.decline,
            "board": s.board,
            "resign": s.resign,
            "draw": s.draw,
            "undo": s.undo,
            "history": s.history,
        }
        if cmd.command in simple:
            return await simple[cmd.command](user, match_id=match_id)
        if cmd.command == "move":
            text = opts.pop("move", None) or " ".join(cmd.args)
            return await s.move(user, text, match_id=match_id)
        if cmd.command == "play":
            return await self._play(user, cmd, opts)
        if cmd.command == "games":
            return await s.games(user)
        if cmd.command == "rules":
            game = opts.get("game") or (cmd.args[0] if cmd.args else "")
            if not game:
                return Reply.refuse(
                    "Which game? e.g. /rules ordo — " + ", ".join(games.available())
                )
            return await s.rules(game)
        if cmd.command == "help":
            return Reply(text=HELP)
        return Reply.refuse(f"Unknown command /{cmd.command}. {HELP}")

    async def _play(self, user: User, cmd: CommandLine, opts: dict[str, str]) -> Reply:
        game = opts.pop("game", None) or (cmd.args[0] if cmd.args else "")
        if not game:
            return Reply.refuse("Which game? e.g. /play ordo opponent:bob")
        opponent_name = opts.pop("opponent", None)
        opponent = (
            User(opponent_name.lstrip("@"), opponent_name.lstrip("@")) if opponent_name else None
        )
        color = opts.pop("color", None)
        return await self.service.challenge(user, game, opponent, color=color, options=opts)


async def run(lines: TextIO, db: str, out_dir: Path, interactive: bool) -> None:
    store = open_store(db)
    await store.open()
    try:
        console = Console(Service(store), out_dir, lambda text: print(text, flush=True))
        if interactive:
            print(f"Local console on {db}. {HELP}\nExample: alice: /play ordo opponent:bob")
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
    parser.add_argument("--db", default="./data/console.sqlite3", help="SQLite file (kept)")
    parser.add_argument("--out", default="./boards", help="folder for board images")
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(run(sys.stdin, args.db, Path(args.out), sys.stdin.isatty()))


if __name__ == "__main__":
    main()
