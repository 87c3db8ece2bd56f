"""Reading console lines: ``<user>: /<command> [<sub>] <option>:<value> …``.

The console speaks the same commands and option names as the Discord slash commands, so a
transcript typed here is a faithful rehearsal of a Discord session (and a cheap test).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field


class LineError(ValueError):
    """The line is not a command; the message says how to write one."""


@dataclass(frozen=True)
class CommandLine:
    user: str
    command: str
    args: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)


def parse_line(line: str) -> CommandLine:
    """Split a console line into user, command, positional words and ``name:value`` options.

    Values with spaces go in double quotes (``move:"c3 +d2 +f4"``).
    """
    user, sep, rest = line.partition(":")
    user = user.strip()
    if not sep or not user or " " in user:
        raise LineError("Write lines as  <user>: /<command> [option:value …], e.g. alice: /games")
    rest = rest.strip()
    if not rest.startswith("/"):
        raise LineError(f"Commands start with a slash, e.g. {user}: /games")
    try:
        words = shlex.split(rest[1:])
    except ValueError as exc:
        raise LineError(f"I couldn't read that line: {exc}.") from None
    if not words:
        raise LineError("Which command? Try /games or /rules ordo.")
    command, args, options = words[0].lower(), [], {}
    for word in words[1:]:
        name, colon, value = word.partition(":")
        if colon and name and name.replace("_", "").isalnum() and not name[0].isdigit():
            options[name.lower()] = value
        else:
            args.append(word)
    return CommandLine(user, command, tuple(args), options)
