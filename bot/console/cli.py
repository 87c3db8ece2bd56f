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
import dataclasses
import difflib
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

import games
from bot.console.clock import ConsoleClock, clock_file, parse_offset
from bot.console.commandline import CommandLine, LineError, parse_line
from bot.service import Refusal, Service, User
from bot.service.computer.opponents import COMPUTER_WORDS, computer
from bot.service.replies import Post, Reply, parse_path
from bot.service.text.command_map import (
    CHOICE_OPTIONS,
    COMMAND_WORDS,
    GROUPS,
    PLAYER_COMMANDS,
    TOURNAMENT_COMMANDS,
    CommandNames,
    command_names,
    yes,
)
from bot.settings import Settings
from bot.words import DEFAULT_LANGUAGE, Words, catalogue, words
from bot.words.pseudo import PSEUDO
from storage import open_store, read_database_setting

log = logging.getLogger(__name__)


HELP_TOP_LEVEL = (
    "console.help.play",
    "console.help.open",
    "console.help.turn",
    "console.help.rules",
    "console.help.tournament",
)
"""The /help lines of the top-level commands, before the groups."""
HELP_GROUP = {
    "match": "console.help.group.match",
    "lobby": "console.help.group.lobby",
    "me": "console.help.group.me",
    "server": "console.help.group.server",
}
"""What each group's /help line says after its subcommands."""


def help_text(say: Words, names: CommandNames | None = None) -> str:
    """The ``/help`` answer in ``say``'s language, with the command names Discord shows in it
    (``/partie annehmen|ablehnen…`` in German): one line per entry of Discord's command
    picker — the commands of every turn, the other top-level ones, then each group with its
    subcommands (from :data:`GROUPS`, so the help follows the picker) — rather than one
    paragraph of a thousand characters."""
    names = names or command_names(say.language)
    lines = [say("console.help.intro")]
    lines += [f"  {say(key)}" for key in HELP_TOP_LEVEL]
    lines += [
        f"  /{names.command(group)} {'|'.join(map(names.command, commands))}"
        f" — {say(HELP_GROUP[group])}"
        for group, commands in GROUPS.items()
    ]
    lines.append(say("console.help.notes"))
    return "\n".join(lines)


def did_you_mean(typed: str, names: CommandNames | None = None) -> str | None:
    """The command ``typed`` was probably meant to be (``acept`` → ``/match accept``), by its
    English name or the name shown in the console's language, and said as shown there."""
    names = names or command_names(DEFAULT_LANGUAGE)
    known = {word: word for word in COMMAND_WORDS} | {
        names.command(word): word for word in COMMAND_WORDS
    }
    close = difflib.get_close_matches(typed.lower(), list(known), n=1, cutoff=0.7)
    return f"/{names.full(known[close[0]])}" if close else None


GUILD = "console"
"""The console is one server of its own (for /server settings, ratings and leaderboards)."""
TRUE_WORDS = ("true", "yes", "on")
TYPED_BUTTONS = {"resign": ("resign", "confirm", True)}
"""What to type for a button under a private reply (Discord: press it): the command and
the option that does what the button does, said as the console's language types them."""


PANEL_WIDTH = 100
"""Console lines of a guided panel's choices wrap at this width."""


MATCH_COMMANDS = frozenset({"board", "turn", "hand", *GROUPS["match"], *GROUPS["lobby"]})
"""Commands about one match: a bare number after them is the match (``accept 3``)."""


def ungrouped(line: CommandLine) -> CommandLine:
    """``/match accept 3`` → ``/accept 3``: the grouped form Discord shows and the short form
    older transcripts use are the same command here."""
    if line.command in GROUPS and line.args and line.args[0].lower() in GROUPS[line.command]:
        return dataclasses.replace(line, command=line.args[0].lower(), args=line.args[1:])
    return line


class Console:
    """Feeds parsed lines to the service and prints its replies with console prefixes."""

    def __init__(
        self,
        service: Service,
        out_dir: Path,
        write: Callable[[str], None],
        clock: ConsoleClock | None = None,
        admins: frozenset[str] = frozenset(),
        locale: str = DEFAULT_LANGUAGE,
        prefix: str = "",
    ) -> None:
        self.service = service
        self.locale = locale
        """The language the console's users speak (``--locale``): every console user is a
        :class:`User` with this locale, so replies, refusals and the console's own lines
        come in it, as a Discord client's language does for its member."""
        self.say = words(locale)
        self.names = command_names(self.say.language)
        """Command and option names as Discord shows them in ``locale``: typed lines may use
        them (or the English ones), and the help and hints say them."""
        self.help = help_text(self.say, self.names)
        self.clock = clock
        self.admins = admins
        """Console users who manage the console's server (may change /server settings)."""
        self.out_dir = out_dir
        self.prefix = prefix
        """Put before the name of every file written into ``out_dir`` (:func:`file_prefix`:
        the database's name), so runs on different databases never share a file name."""
        self.write = write
        self._images = 0

    def user(self, name: str, *, manages_server: bool = False) -> User:
        """A console user: named by what was typed, speaking the console's language."""
        return User(name, name, locale=self.locale, manages_server=manages_server, guild_id=GUILD)

    # -- output ------------------------------------------------------------------------------
    def _save(self, data: bytes, match_id: int | None) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._images += 1
        stem = f"{self.prefix}match{match_id}" if match_id is not None else f"{self.prefix}image"
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
        if post.detail:
            close_up = self.say("console.close_up")
            self.write(f"[image] {self._save(post.detail, match_id)} ({close_up})")
        for name, data in post.files:
            self.write(f"[image] {self._save(data, match_id)} ({name})")
        if post.buttons:
            labels = " | ".join(b.label for b in post.buttons)
            self.write(self.say("console.buttons", labels=labels))
        if post.choices:
            self.write(self.say("console.choose_one", choices=" | ".join(post.choices)))
        if post.mentions:  # one message mentioning everyone it is for, as Discord sends it
            self._lines(f"[notify {', '.join(post.mentions)}] ", post.ping)

    def show(self, user: str, reply: Reply) -> None:
        if reply.text:
            self._lines(f"[only {user}] " if reply.ephemeral else "", reply.text)
        for button in reply.buttons:  # the caller's own buttons, pressed by typing
            if button.action in TYPED_BUTTONS:
                command, option, value = TYPED_BUTTONS[button.action]
                typed = f"/{self.names.full(command)} {self.names.option(option)}:"
                typed += self.names.choice(value)
                pressed = self.say("console.press", label=button.label, typed=typed)
                self.write(f"[only {user}] {pressed}")
        for link in reply.links:  # a web board link is its owner's alone, as in Discord
            self.write(f"[only {user}] {link.label}: {link.url}")
        if reply.image:
            prefix = f"[only {user}] " if reply.ephemeral else ""
            self.write(f"{prefix}[image] {self._save(reply.image, reply.match_id)}")
        if reply.post:
            self._post(reply.post, reply.match_id)
        for name, data in reply.files:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            target = self.out_dir / f"{self.prefix}{name}"
            target.write_bytes(data)
            self.write(f"[only {user}] [file] {target}")
        if reply.panel is not None:
            panel = reply.panel
            options = [f"[{panel.value(i)}] {o}" for i, o in enumerate(panel.options)]
            lines = rows(options, PANEL_WIDTH)
            if len(lines) == 1:
                self.write(f"[only {user}] {self.say('console.choose_with', choices=lines[0])}")
            else:  # dozens of choices (a Fuer turn): readable rows, not one endless line
                self.write(f"[only {user}] {self.say('console.choose_with_rows')}")
                for line in lines:
                    self.write(f"[only {user}]   {line}")
                self.write(f"[only {user}] )")
        for notice in reply.notices:
            self._lines(f"[only {user}] ", notice)
        self._dms(reply)

    def _dms(self, reply: Reply) -> None:
        for dm in reply.dms:
            self._lines(f"[dm {dm.user_id}] ", dm.text if dm.post is None else dm.summary())
            for link in dm.links:
                self.write(f"[dm {dm.user_id}] {link.label}: {link.url}")
            if dm.image:
                self.write(f"[dm {dm.user_id}] [image] {self._save(dm.image, reply.match_id)}")
            if dm.post is not None and dm.post.image:
                self.write(f"[dm {dm.user_id}] [image] {self._save(dm.post.image, reply.match_id)}")

    def publish(self, reply: Reply) -> None:
        """Print what nobody asked for (a computer's move, a tournament's news, reminders) as
        Discord publishes it: the post and the DMs. Its ``text`` is the answer to a caller,
        and there is none — printing it too showed every announcement twice."""
        if reply.post:
            self._post(reply.post, reply.match_id)
        self._dms(reply)

    # -- input -------------------------------------------------------------------------------
    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        if line.startswith("!clock"):
            await self._clock(line.removeprefix("!clock").strip())
            return
        try:
            cmd = parse_line(line, self.locale)
        except LineError as exc:
            self.write(str(exc))
            return
        reply = await self.dispatch(cmd)
        self.show(cmd.user, reply)
        if cmd.command == "board" and reply.ok and self.service.pages.enabled:
            # With the web board on, /board adds the caller's own link (Discord does too).
            user = self.user(cmd.user, manages_server=cmd.user in self.admins)
            self.show(cmd.user, await self.service.web_link(user, match_id=reply.match_id))
        if reply.ok and reply.match_id is not None:
            # The computer answers at once when it is to move (Discord: in the background).
            for answer in await self.service.computer_turns(reply.match_id):
                self.publish(answer)
            # A review is worked out at once too (Discord: by its reviewer, in the background).
            for answer in await self.service.play_queued_reviews():
                self.publish(answer)
        if reply.ok and isinstance(started := reply.extra.get("tournament"), int):
            for news in await self.service.advance(started):  # round 1's games, at once
                self.publish(news)

    def in_english(self, line: CommandLine) -> CommandLine:
        """The line with the command, a group's subcommand, the option names and the values
        of choices as the English names the service and this dispatcher know (``/partie
        annehmen partie:3`` → ``/match accept match:3``, ``farbe:erster`` → ``color:first``)."""
        names = self.names
        command = names.english_command(line.command)
        args = line.args
        if args and (command in GROUPS or command == "tournament"):
            args = (names.english_command(args[0]), *args[1:])
        options = {names.english_option(name): value for name, value in line.options.items()}
        options = {
            name: names.english_choice(value) if name in CHOICE_OPTIONS else value
            for name, value in options.items()
        }
        return dataclasses.replace(line, command=command, args=args, options=options)

    async def dispatch(self, line: CommandLine) -> Reply:
        line = self.in_english(line)
        if line.command in GROUPS and not (
            line.args and line.args[0].lower() in GROUPS[line.command]
        ):
            return Reply.refuse(
                self.say(
                    "console.group_needs",
                    group=self.names.command(line.command),
                    commands=", ".join(map(self.names.command, GROUPS[line.command])),
                )
            )
        cmd = ungrouped(line)
        user = self.user(cmd.user, manages_server=cmd.user in self.admins)
        opts = dict(cmd.options)
        match_text = opts.pop("match", None)
        positional = cmd.args[0] if cmd.args else ""
        if (
            match_text is None
            and cmd.command in MATCH_COMMANDS
            and positional.lstrip("#").isdigit()
        ):
            match_text = positional  # "accept 3", "match accept 3"
        match_id: int | None = None
        if match_text is not None:
            try:
                match_id = int(match_text.lstrip("#"))
            except ValueError:
                return Reply.refuse(self.say("console.bad_match", text=repr(match_text)))
        s = self.service
        simple: dict[str, Callable[..., Awaitable[Reply]]] = {
            "rematch": s.rematch,
            "export": s.export,
            "accept": s.accept,
            "decline": s.decline,
            "resign": s.resign,
            "draw": s.draw,
            "undo": s.undo,
            "history": s.history,
            "join": s.join,
            "leave": s.leave,
            "start": s.start,
            "hand": s.hand,
            "hint": s.hint,
            "review": s.review,
        }
        if cmd.command == "board":
            flip = opts.get("flip", "").lower() in TRUE_WORDS
            return await s.board(user, match_id=match_id, flip=flip)
        if cmd.command == "join" and (
            opts.get("player", "").lower() in COMPUTER_WORDS
            or (cmd.args and cmd.args[0].lower() in COMPUTER_WORDS)
        ):
            level = opts.get("level") or "normal"
            return await s.add_computer(user, match_id=match_id, level=level)
        if cmd.command == "resign" and opts.get("confirm", "").lower() not in TRUE_WORDS:
            return await s.ask_resign(user, match_id=match_id)  # the confirmation first
        if cmd.command in simple:
            return await simple[cmd.command](user, match_id=match_id)
        if cmd.command == "move":
            text = opts.pop("move", None) or " ".join(cmd.args)
            return await s.move(user, text, match_id=match_id)
        if cmd.command == "premove":
            text = opts.pop("lines", None) or " ".join(cmd.args)
            return await s.premove(user, text or None, match_id=match_id)
        if cmd.command == "tournament":
            return await self._tournament(user, cmd, opts)
        if cmd.command == "seeks":
            return await s.seeks(user, guild_id=GUILD)
        if cmd.command == "waiting":
            return await s.waiting(user)
        if cmd.command == "notify":
            confirm = opts.get("confirm")
            return await s.notify(
                user,
                # a mode typed without its option's name, as the client shows it
                # (``/me notify podsumowanie dnia``): the service reads it in the reader's words
                mode=opts.get("mode") or (" ".join(cmd.args) or None),
                confirm=None if confirm is None else confirm.lower() in ("true", "yes", "on"),
                language=opts.get("language"),
            )
        if cmd.command == "quiet":
            weekend = opts.get("weekend")
            return await s.quiet(
                user,
                zone=opts.get("zone"),
                hours=opts.get("hours"),
                weekend=None if weekend is None else yes(weekend, self.locale),
            )
        if cmd.command == "challenges":
            named = {key: opts[key] for key in ("block", "unblock") if opts.get(key)}
            people = {key: self.user(name.lstrip("@")) for key, name in named.items()}
            return await s.challenge_settings(user, allow=opts.get("allow"), **people)
        if cmd.command == "vacation":
            try:
                days = float(opts.get("days") or (cmd.args[0] if cmd.args else "0"))
            except ValueError:
                return Reply.refuse(self.say("console.bad_days"))
            return await s.vacation(user, days)
        if cmd.command in PLAYER_COMMANDS:
            who = opts.get("user")
            return await getattr(s, cmd.command)(
                user,
                user=self.user(who.lstrip("@")) if who else None,
                game=opts.get("game"),
                guild_id=GUILD,
            )
        if cmd.command == "leaderboard":
            game = opts.get("game") or (cmd.args[0] if cmd.args else "")
            return await s.leaderboard(user, game, guild_id=GUILD)
        if cmd.command == "settings":
            return await s.server_settings(user, GUILD, opts)
        if cmd.command == "turn":
            return await self._turn(user, match_id, opts.pop("path", ""))
        if cmd.command == "play":
            return await self._play(user, cmd, opts)
        if cmd.command == "games":
            return await s.games(user)
        if cmd.command == "rules":
            game = opts.get("game") or (cmd.args[0] if cmd.args else "")
            if not game:
                listed = ", ".join(games.available())
                return Reply.refuse(self.say("console.rules_which", games=listed))
            return await s.rules(game, self.locale)
        if cmd.command == "help":
            return Reply(text=self.help)
        close = did_you_mean(cmd.command, self.names)
        if close is None:
            return Reply.refuse(self.say("console.unknown", command=cmd.command))
        return Reply.refuse(self.say("console.unknown_close", command=cmd.command, close=close))

    async def _play(self, user: User, cmd: CommandLine, opts: dict[str, str]) -> Reply:
        game = opts.pop("game", None) or (cmd.args[0] if cmd.args else "")
        if not game:
            return Reply.refuse(self.say("console.play_which"))
        opponent_name = opts.pop("opponent", None)
        level = opts.pop("level", None) or "normal"
        opponent = self.user(opponent_name.lstrip("@")) if opponent_name else None
        if opponent_name and opponent_name.lstrip("@").lower() in COMPUTER_WORDS:
            try:
                opponent = computer(level)
            except Refusal as refusal:
                return Reply.refuse(str(refusal))
        color = opts.pop("color", None)
        invited = [
            self.user(n) for n in opts.pop("invite", "").replace(",", " ").replace("@", " ").split()
        ]
        seats_text = opts.pop("seats", None)
        try:
            seats = int(seats_text) if seats_text else None
        except ValueError:
            return Reply.refuse(self.say("console.bad_seats", text=repr(seats_text)))
        bounds: dict[str, int | None] = {}
        for bound in ("min_rating", "max_rating"):
            text = opts.pop(bound, None)
            try:
                bounds[bound] = int(text) if text else None
            except ValueError:
                return Reply.refuse(self.say("console.bad_number", option=bound, text=repr(text)))
        time_control = opts.pop("time", None)
        rated_text = opts.pop("rated", None)
        rated = None if rated_text is None else rated_text.lower() in ("true", "yes", "on")
        return await self.service.play(
            user,
            game,
            opponent=opponent,
            invited=invited,
            seats=seats,
            color=color,
            options=opts,
            guild_id=GUILD,
            time_control=time_control,
            rated=rated,
            **bounds,
        )

    async def _tournament(self, user: User, cmd: CommandLine, opts: dict[str, str]) -> Reply:
        """``/tournament <create|join|leave|start|cancel|standings|list> [option:value …]``."""
        sub = (cmd.args[0] if cmd.args else "").lower()
        s = self.service
        number = opts.pop("tournament", None) or (cmd.args[1] if len(cmd.args) > 1 else None)
        try:
            tournament_id = int(number.lstrip("#")) if number else None
            rounds = int(opts["rounds"]) if opts.get("rounds") else None
            table = int(opts["table"]) if opts.get("table") else None
        except ValueError:
            return Reply.refuse(self.say("console.bad_tournament_number"))
        named = {"tournament_id": tournament_id, "guild_id": GUILD}
        if sub == "create":
            rated = opts.get("rated")
            return await s.tournament_create(
                user,
                opts.get("game") or (cmd.args[1] if len(cmd.args) > 1 else ""),
                name=opts.get("name"),
                format=opts.get("format"),
                rounds=rounds,
                table=table,
                time_control=opts.get("time"),
                rated=None if rated is None else rated.lower() in ("true", "yes", "on"),
                guild_id=GUILD,
            )
        if sub == "list":
            return await s.tournaments(user, guild_id=GUILD)
        actions: dict[str, Callable[..., Awaitable[Reply]]] = {
            "join": s.tournament_join,
            "leave": s.tournament_leave,
            "start": s.tournament_start,
            "cancel": s.tournament_cancel,
            "standings": s.tournament_standings,
        }
        if sub not in actions:
            return Reply.refuse(
                self.say(
                    "console.tournament_needs",
                    commands=", ".join(map(self.names.command, TOURNAMENT_COMMANDS)),
                )
            )
        return await actions[sub](user, **named)

    async def _clock(self, text: str) -> None:
        """``!clock +3d``: move the fake clock on, then let due reminders and timeouts
        happen exactly as the bot's scheduler would."""
        if self.clock is None:
            self.write(self.say("console.no_clock"))
            return
        if text:
            try:
                seconds = parse_offset(text, self.locale)
            except ValueError as exc:
                self.write(str(exc))
                return
            self.clock.advance(seconds)
        stamp = datetime.fromtimestamp(self.clock(), tz=UTC).strftime("%Y-%m-%d %H:%M UTC")
        self.write(self.say("console.clock", time=stamp))
        for reply in await self.service.tick():
            self.publish(reply)
        # The bot plays the turns the tick queued in the background; here, at once and in
        # the queue's order, so a script's output never depends on timing.
        for reply in await self.service.play_queued_computer_turns():
            self.publish(reply)

    async def _turn(self, user: User, match_id: int | None, path_text: str) -> Reply:
        """The guided panel, typed: ``/turn`` opens it, ``/turn path:0.2`` picks choices."""
        try:
            path, confirmed = parse_path(path_text)
        except ValueError:
            return Reply.refuse(self.say("console.bad_path", text=repr(path_text)))
        return await self.service.panel(user, match_id=match_id, path=path, confirmed=confirmed)


def rows(entries: list[str], width: int) -> list[str]:
    """``entries`` joined by `` | `` into lines of at most ``width`` characters, breaking only
    between entries (an entry longer than a line gets a line of its own), so a choice's
    number and its label always stay together."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + len(" | ") + len(entry) <= width:
            lines[-1] = f"{lines[-1]} | {entry}"
        else:
            lines.append(entry)
    return lines


def file_prefix(db: str) -> str:
    """``demo-`` for ``--db demo.sqlite3``: the database's name (a SQLite file's stem, a
    PostgreSQL database's name, ``memory``) in front of the console's image and export files,
    so two databases played into one ``--out`` folder keep their boards apart."""
    setting = read_database_setting(db)
    if setting.path is not None:
        name = setting.path.name.split(".")[0] or setting.path.name
    elif setting.kind == "postgres":
        parts = urlsplit(setting.url)
        name = parts.path.lstrip("/") or "postgres"
    else:
        name = "memory"
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.") + "-"


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
