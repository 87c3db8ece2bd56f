"""How the console turns a typed command into a call of the service: names and choices back
into English, a match number from an option or a bare argument, and each command's options
read as the service takes them."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

import games
from bot.console.commandline import CommandLine
from bot.console.helptext import did_you_mean
from bot.service import Refusal, Service, User
from bot.service.command_map import (
    CHOICE_OPTIONS,
    GROUPS,
    PLAYER_COMMANDS,
    TOURNAMENT_COMMANDS,
    CommandNames,
)
from bot.service.opponents import COMPUTER_WORDS, computer
from bot.service.replies import Reply, parse_path
from bot.words import Words

GUILD = "console"
"""The console is one server of its own (for /server settings, ratings and leaderboards)."""
TRUE_WORDS = ("true", "yes", "on")


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
            )
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

    async def _turn(self, user: User, match_id: int | None, path_text: str) -> Reply:
        """The guided panel, typed: ``/turn`` opens it, ``/turn path:0.2`` picks choices."""
        try:
            path, confirmed = parse_path(path_text)
        except ValueError:
            return Reply.refuse(self.say("console.bad_path", text=repr(path_text)))
        return await self.service.panel(user, match_id=match_id, path=path, confirmed=confirmed)
