"""What ``/help`` says in the console, and the command a mistyped one was probably meant to be."""

from __future__ import annotations

import difflib

from bot.service.text.command_map import COMMAND_WORDS, GROUPS, CommandNames, command_names
from bot.words import DEFAULT_LANGUAGE, Words

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
