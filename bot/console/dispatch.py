"""How the console turns a typed command into a call of the service: names and choices back
into English, a match number from an option or a bare argument, and each command's options
read as the service takes them."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Awaitable, Callable

import games
from bot.console.commandline import CommandLine
from bot.console.helptext import did_you_mean
from bot.service import Refusal, Service, User
from bot.service.computer.opponents import COMPUTER_WORDS, computer
from bot.service.replies import Reply, parse_path
from bot.service.text.command_map import (
    CHOICE_OPTIONS,
    GROUPS,
    PLAYER_COMMANDS,
    TOURNAMENT_COMMANDS,
    CommandNames,
)
from bot.words import Words
from games.sentences import joined

GUILD = "console"
"""The console is one server of its own (for /server settings, ratings and leaderboards)."""
YES_WORDS = frozenset({"true", "yes", "on"})
NO_WORDS = frozenset({"false", "no", "off"})
"""Yes and no in English: :meth:`Dispatcher.in_english` has already turned the console
language's own words (``ja``, ``tak``) into ``true`` and ``false``."""
Opts = dict[str, str]
Handler = Callable[[User, int | None, CommandLine, Opts], Awaitable[Reply]]
"""A command's reading of its options: the caller, the match it names, the line, its options."""

MATCH = ("match",)
COMMAND_OPTIONS: dict[str, tuple[str, ...]] = {
    **{command: MATCH for command in GROUPS["match"]},
    **{command: MATCH for command in GROUPS["lobby"]},
    "board": (*MATCH, "flip"),
    "hand": MATCH,
    "join": (*MATCH, "player", "level"),
    "resign": (*MATCH, "confirm"),
    "move": ("move", *MATCH),
    "premove": ("lines", *MATCH),
    "note": ("text", *MATCH),
    "turn": ("path", *MATCH),
    "play": (
        "game", "opponent", "color", "level", "invite", "seats", "min_rating", "max_rating",
        "time", "rated",
    ),
    "tournament": (
        "tournament", "game", "name", "format", "rounds", "table", "time", "rated", "quiet_hours",
    ),
    "notify": ("mode", "confirm", "language"),
    "challenges": ("allow", "block", "unblock"),
    "quiet": ("zone", "hours", "weekend"),
    "vacation": ("days",),
    "leaderboard": ("game",),
    "rules": ("game",),
    **{command: ("user", "game") for command in PLAYER_COMMANDS},
    "seeks": (),
    "waiting": (),
    "games": (),
    "next": (),
    "help": (),
}  # fmt: skip
"""The options each command takes, as Discord declares them (``/play`` adds its game's);
``/server settings`` is left out: the service knows its settings' names."""


class Refused(Exception):
    """A line the console cannot pass on: the sentence saying why, in the console's language."""


def _simple(call: Callable[..., Awaitable[Reply]]) -> Handler:
    """The handler of a command that takes only the match it is about."""

    async def handler(user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        return await call(user, match_id=match_id)

    return handler


MATCH_COMMANDS = frozenset({"board", "turn", "hand", *GROUPS["match"], *GROUPS["lobby"]})
"""Commands about one match: a bare number after them is the match (``accept 3``)."""


def ungrouped(line: CommandLine) -> CommandLine:
    """``/match accept 3`` → ``/accept 3``: the grouped form Discord shows and the short form
    older transcripts use are the same command here."""
    if line.command in GROUPS and line.args and line.args[0].lower() in GROUPS[line.command]:
        return dataclasses.replace(line, command=line.args[0].lower(), args=line.args[1:])
    return line


class Dispatcher:
    """The input half of :class:`bot.console.console.Console`: one typed command line, in the
    console's language, to one call of the service and its reply."""

    service: Service
    say: Words
    names: CommandNames
    locale: str
    admins: frozenset[str]
    help: str

    def user(self, name: str, *, manages_server: bool = False) -> User:
        """A console user: named by what was typed, speaking the console's language."""
        return User(name, name, locale=self.locale, manages_server=manages_server, guild_id=GUILD)

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
        handler = self._handlers().get(cmd.command)
        if handler is None:
            close = did_you_mean(cmd.command, self.names)
            if close is None:
                return Reply.refuse(self.say("console.unknown", command=cmd.command))
            return Reply.refuse(self.say("console.unknown_close", command=cmd.command, close=close))
        user = self.user(cmd.user, manages_server=cmd.user in self.admins)
        try:
            self._check_options(cmd)
            return await handler(user, self._match_id(cmd), cmd, dict(cmd.options))
        except Refused as refused:
            return Reply.refuse(str(refused))

    def _match_id(self, cmd: CommandLine) -> int | None:
        """The match a line is about: its ``match`` option, or a bare number after a
        command about one match (``accept 3``, ``match accept 3``)."""
        match_text = cmd.options.get("match")
        positional = cmd.args[0] if cmd.args else ""
        if (
            match_text is None
            and cmd.command in MATCH_COMMANDS
            and positional.lstrip("#").isdigit()
        ):
            match_text = positional
        if match_text is None:
            return None
        try:
            return int(match_text.lstrip("#"))
        except ValueError:
            raise Refused(self.say("console.bad_match", text=repr(match_text))) from None

    def _check_options(self, cmd: CommandLine) -> None:
        """Refuse an option the command does not take, naming it and the ones it does
        (``/move mov:e3-e4``, ``/play ordo colour:first`` → did you mean color?): Discord
        offers only a command's own options, so a typed one must be one of them too, never
        passed on silently or read as something else."""
        takes = COMMAND_OPTIONS.get(cmd.command)
        if takes is None:
            return  # /server settings: the service names its settings itself
        if cmd.command == "play":
            game = cmd.options.get("game") or (cmd.args[0] if cmd.args else "")
            if game.lower() not in games.available():
                return  # the service says which games there are
            takes = (*takes, *(option.name for option in games.get(game.lower()).info.options))
        unknown = [name for name in cmd.options if name not in takes]
        if not unknown:
            return
        shown = {self.names.option(name): name for name in takes}
        command = self.names.full(cmd.command)
        typed = self.names.option(unknown[0])
        if not takes:
            raise Refused(self.say("console.no_options", command=command, option=typed))
        known = joined(list(shown))
        close = difflib.get_close_matches(unknown[0], [*shown, *takes], n=1, cutoff=0.6)
        if close:
            raise Refused(
                self.say(
                    "console.unknown_option_close",
                    command=command,
                    option=typed,
                    close=self.names.option(shown.get(close[0], close[0])),
                    options=known,
                )
            )
        raise Refused(
            self.say("console.unknown_option", command=command, option=typed, options=known)
        )

    def yes_or_no(self, opts: dict[str, str], name: str) -> bool | None:
        """A yes/no option's value (None: not given). Only yes and no count, in the console's
        language or in English; anything else (``rated:maybe``, ``rated:1``,
        ``gewertet:vielleicht``) is refused with the two values, never read as "no"."""
        typed = opts.get(name)
        if typed is None:
            return None
        word = typed.strip().lower()
        if word in YES_WORDS:
            return True
        if word in NO_WORDS:
            return False
        raise Refused(
            self.say(
                "console.yes_or_no",
                option=self.names.option(name),
                value=repr(typed),
                yes=self.names.choice(True),
                no=self.names.choice(False),
            )
        )

    def _handlers(self) -> dict[str, Handler]:
        """Each command's reading of its options and the service call it makes."""
        s = self.service
        simple: dict[str, Callable[..., Awaitable[Reply]]] = {
            "rematch": s.rematch,
            "export": s.export,
            "accept": s.accept,
            "decline": s.decline,
            "draw": s.draw,
            "undo": s.undo,
            "history": s.history,
            "leave": s.leave,
            "start": s.start,
            "hand": s.hand,
            "hint": s.hint,
            "review": s.review,
        }
        handlers: dict[str, Handler] = {name: _simple(call) for name, call in simple.items()}
        handlers |= {
            "board": self._board,
            "join": self._join,
            "resign": self._resign,
            "move": self._move,
            "premove": self._premove,
            "note": self._note,
            "tournament": self._tournament,
            "seeks": lambda user, _m, _c, _o: s.seeks(user, guild_id=GUILD),
            "waiting": lambda user, _m, _c, _o: s.waiting(user),
            "notify": self._notify,
            "challenges": self._challenges,
            "quiet": self._quiet,
            "vacation": self._vacation,
            "leaderboard": self._leaderboard,
            "settings": lambda user, _m, _c, opts: s.server_settings(user, GUILD, opts),
            "turn": self._turn,
            "play": self._play,
            "games": lambda user, _m, _c, _o: s.games(user),
            "next": lambda user, _m, _c, _o: s.next_game(user),
            "rules": self._rules,
            "help": self._help,
        }
        handlers |= {name: self._player for name in PLAYER_COMMANDS}
        return handlers

    async def _board(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        flip = self.yes_or_no(opts, "flip") or False
        return await self.service.board(user, match_id=match_id, flip=flip)

    async def _join(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        if opts.get("player", "").lower() in COMPUTER_WORDS or (
            cmd.args and cmd.args[0].lower() in COMPUTER_WORDS
        ):
            level = opts.get("level") or "normal"
            return await self.service.add_computer(user, match_id=match_id, level=level)
        return await self.service.join(user, match_id=match_id)

    async def _resign(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        if not self.yes_or_no(opts, "confirm"):
            return await self.service.ask_resign(user, match_id=match_id)  # confirm first
        return await self.service.resign(user, match_id=match_id)

    async def _move(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        text = opts.get("move") or " ".join(cmd.args)
        return await self.service.move(user, text, match_id=match_id)

    async def _premove(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        text = opts.get("lines") or " ".join(cmd.args)
        return await self.service.premove(user, text or None, match_id=match_id)

    async def _note(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        typed = list(cmd.args)
        if typed and match_id is not None and typed[0].lstrip("#") == str(match_id):
            typed = typed[1:]  # "note 3 …": the match, then the note
        text = opts.get("text") or " ".join(typed)
        return await self.service.match_note(user, text or None, match_id=match_id)

    async def _notify(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        return await self.service.notify(
            user,
            # a mode typed without its option's name, as the client shows it
            # (``/me notify podsumowanie dnia``): the service reads it in the reader's words
            mode=opts.get("mode") or (" ".join(cmd.args) or None),
            confirm=self.yes_or_no(opts, "confirm"),
            language=opts.get("language"),
        )

    async def _challenges(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        named = {key: opts[key] for key in ("block", "unblock") if opts.get(key)}
        people = {key: self.user(name.lstrip("@")) for key, name in named.items()}
        return await self.service.challenge_settings(user, allow=opts.get("allow"), **people)

    async def _quiet(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        return await self.service.quiet(
            user,
            zone=opts.get("zone"),
            hours=opts.get("hours"),
            weekend=self.yes_or_no(opts, "weekend"),
        )

    async def _vacation(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        try:
            days = float(opts.get("days") or (cmd.args[0] if cmd.args else "0"))
        except ValueError:
            return Reply.refuse(self.say("console.bad_days"))
        return await self.service.vacation(user, days)

    async def _player(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        who = opts.get("user")
        call: Callable[..., Awaitable[Reply]] = getattr(self.service, cmd.command)
        return await call(
            user,
            user=self.user(who.lstrip("@")) if who else None,
            game=opts.get("game"),
            guild_id=GUILD,
        )

    async def _leaderboard(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        game = opts.get("game") or (cmd.args[0] if cmd.args else "")
        return await self.service.leaderboard(user, game, guild_id=GUILD)

    async def _rules(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        game = opts.get("game") or (cmd.args[0] if cmd.args else "")
        if not game:
            listed = ", ".join(games.available())
            return Reply.refuse(self.say("console.rules_which", games=listed))
        return await self.service.rules(game, self.locale)

    async def _help(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        return Reply(text=self.help)

    async def _play(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
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
        rated = self.yes_or_no(opts, "rated")
        opts.pop("rated", None)
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
            min_rating=bounds["min_rating"],
            max_rating=bounds["max_rating"],
        )

    async def _tournament(
        self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts
    ) -> Reply:
        """``/tournament <create|join|leave|start|cancel|standings|list> [option:value …]``."""
        sub = (cmd.args[0] if cmd.args else "").lower()
        s = self.service
        given = cmd.args[1] if len(cmd.args) > 1 and sub != "create" else None  # create: a game
        number = opts.pop("tournament", None) or given
        try:
            tournament_id = int(number.lstrip("#")) if number else None
            rounds = int(opts["rounds"]) if opts.get("rounds") else None
            table = int(opts["table"]) if opts.get("table") else None
        except ValueError:
            return Reply.refuse(self.say("console.bad_tournament_number"))
        named = {"tournament_id": tournament_id, "guild_id": GUILD}
        if sub == "create":
            return await s.tournament_create(
                user,
                opts.get("game") or (cmd.args[1] if len(cmd.args) > 1 else ""),
                name=opts.get("name"),
                format=opts.get("format"),
                rounds=rounds,
                table=table,
                time_control=opts.get("time"),
                rated=self.yes_or_no(opts, "rated"),
                quiet_hours=self.yes_or_no(opts, "quiet_hours"),
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

    async def _turn(self, user: User, match_id: int | None, cmd: CommandLine, opts: Opts) -> Reply:
        """The guided panel, typed: ``/turn`` opens it, ``/turn path:0.2`` picks choices."""
        path_text = opts.get("path", "")
        try:
            path, confirmed = parse_path(path_text)
        except ValueError:
            return Reply.refuse(self.say("console.bad_path", text=repr(path_text)))
        return await self.service.panel(user, match_id=match_id, path=path, confirmed=confirmed)
