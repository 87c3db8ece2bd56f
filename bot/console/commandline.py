"""Reading console lines: ``<user>: /<command> [<sub>] <option>:<value> …``.

The console speaks the same commands and option names as the Discord slash commands, so a
transcript typed here is a faithful rehearsal of a Discord session (and a cheap test).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from bot.words import DEFAULT_LANGUAGE, words


class LineError(ValueError):
    """The line is not a command; the message says how to write one."""


@dataclass(frozen=True)
class CommandLine:
    user: str
    command: str
    args: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)


def parse_line(line: str, locale: str = DEFAULT_LANGUAGE) -> CommandLine:
    """Split a console line into user, command, positional words and ``name:value`` options.

    Values with spaces go in double quotes (``move:"c3 +d2 +f4"``); a line that is not a
    command is refused in ``locale``'s language (the console's ``--locale``).
    """
    say = words(locale)
    user, sep, rest = line.partition(":")
    user = user.strip()
    if not sep or not user or " " in user:
        raise LineError(say("console.line_shape"))
    rest = rest.strip()
    if not rest.startswith("/"):
        raise LineError(say("console.needs_slash", user=user))
    try:
        tokens = shlex.split(rest[1:])
    except ValueError as exc:
        raise LineError(say("console.unreadable", error=exc)) from None
    if not tokens:
        raise LineError(say("console.which_command"))
    command, args, options = tokens[0].lower(), [], {}
    last: str | None = None
    for index, word in enumerate(tokens[1:], start=1):
        name, colon, value = word.partition(":")
        if colon and name and name.replace("_", "").isalnum() and not name[0].isdigit():
            last = name.lower()
            options[last] = value
        elif last is None:
            args.append(word)  # a subcommand (/play ordo), only before the first option
        else:
            raise LineError(unquoted_hint(last, options[last], tokens[index:], locale))
    return CommandLine(user, command, tuple(args), options)


def unquoted_hint(name: str, value: str, rest: list[str], locale: str = DEFAULT_LANGUAGE) -> str:
    """A value with spaces was typed without quotes: rather than silently keeping only its first
    word, say how to write it (quoting at most a readable stretch of what was typed)."""
    stray = " ".join(rest)
    whole = " ".join([value, *rest])
    shown = whole if len(whole) <= 60 else whole[:57] + "…"
    return words(locale)(
        "console.unquoted",
        name=name,
        value=shorten(value),
        stray=repr(shorten(stray)),
        shown=shown,
    )


def shorten(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
