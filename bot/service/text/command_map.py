"""Which commands stand alone in Discord's command picker and which sit in a group.

Twenty-four top-level commands crowded the picker on a phone (issue 17.6). The five a player
uses every turn stay top level, with ``/rules`` — a newcomer's first question, about a game
rather than a match, so no group fits it; the rest are grouped by what they are about: one
match, a lobby, the player themself, the server. Data, not code: the Discord adapter builds its
groups from this table, the console accepts both forms through it, and a player who types an
old name is told the new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import games
from bot.words import DEFAULT_LANGUAGE, Phrase, Words, catalogue, discord_text, language_of, words
from games.sentences import Sentence, alternatives

TOP_LEVEL: tuple[str, ...] = (
    "play", "move", "premove", "board", "turn", "hand", "rules", "seeks", "tournament",
)  # fmt: skip

GROUPS: Mapping[str, tuple[str, ...]] = {
    "match": (
        "accept",
        "decline",
        "draw",
        "undo",
        "resign",
        "rematch",
        "history",
        "export",
        "hint",
        "review",
        "note",
    ),
    "lobby": ("join", "leave", "start"),
    "me": (
        "games",
        "next",
        "waiting",
        "notify",
        "challenges",
        "quiet",
        "vacation",
        "rating",
        "stats",
    ),
    "server": ("settings", "leaderboard"),
}

PLAYER_COMMANDS: Mapping[str, str] = {
    "rating": "Glicko-2 ratings on this server",
    "stats": "Games, wins, draws, losses and rating per game on this server",
}
"""Commands about one player on this server, each taking an optional ``user`` (default: the
caller) and ``game``, and answered by the service method of the same name
(``service.rating(actor, user=…, game=…, guild_id=…)``). Discord and the console build them
from this table, so a new one is a row here and its use case."""

GROUP_DESCRIPTIONS: Mapping[str, str] = {
    "match": "Answer, end or look back at a match",
    "lobby": "Join, leave or start a game lobby",
    "me": "Your matches, notifications, vacation, rating and record",
    "server": "This server's settings and leaderboard",
}
"""English descriptions; Discord shows them translated through the words catalogue."""

GROUP_OF: Mapping[str, str] = {
    command: group for group, commands in GROUPS.items() for command in commands
}
"""The group of every grouped command (``accept`` → ``match``)."""


TOURNAMENT_COMMANDS: tuple[str, ...] = (
    "create", "join", "leave", "start", "cancel", "standings", "list",
)  # fmt: skip
"""The subcommands of ``/tournament`` (a group of its own cog, not of :data:`GROUPS`)."""


@dataclass(frozen=True)
class CommandNames:
    """Command, group and option names as Discord shows them in one language, and back.

    Why here: a German client shows ``/partie annehmen`` for ``/match accept``, and German
    sentences tell players to type that; the console in ``--locale de`` must understand what
    Discord would show, and its ``/help`` must say it. Both read the catalogue's
    ``discord.group_name`` / ``command_name`` / ``parameter_name`` tables through
    :func:`bot.words.discord_text`, the translator's own look-up, so the two never disagree.
    English names are always understood too.
    """

    language: str

    def command(self, english: str) -> str:
        """A group's or a command's name as shown (``match`` → ``partie``)."""
        return (
            discord_text(self.language, "group_name", english)
            or discord_text(self.language, "command_name", english)
            or english
        )

    def option(self, english: str) -> str:
        """An option's name as shown (``opponent`` → ``gegner``)."""
        return discord_text(self.language, "parameter_name", english) or english

    def choice(self, english: object) -> str:
        """A choice's value as shown (``first`` → ``erster``, ``six_or_more`` → ``sechs oder
        mehr``, ``True`` → ``ja``): Discord's choice names, so the console offers and takes
        what a client of that language shows; a value with no name (``7``, ``white6``, a
        language code) as it is."""
        return said_value(words(self.language), english)

    def english_choice(self, typed: str) -> str:
        """The English value of a choice typed as shown (or in English): ``Erster`` →
        ``first``; anything else as typed."""
        return _backwards(self.language)["choice"].get(typed.lower(), typed)

    def full(self, english: str) -> str:
        """``accept`` → ``partie annehmen``: a command with its group, as shown."""
        group = GROUP_OF.get(english)
        return f"{self.command(group)} {self.command(english)}" if group else self.command(english)

    def english_command(self, typed: str) -> str:
        """The English name of a command or group typed as shown (or in English)."""
        return self._back("command", typed)

    def english_option(self, typed: str) -> str:
        return self._back("option", typed)

    def _back(self, kind: str, typed: str) -> str:
        return _backwards(self.language)[kind].get(typed.lower(), typed.lower())


COMMAND_WORDS: tuple[str, ...] = (
    *TOP_LEVEL, *GROUPS, *GROUP_OF, *TOURNAMENT_COMMANDS, "help",
)  # fmt: skip
"""Every English word that names a command or a group somewhere."""


@cache
def _backwards(language: str) -> dict[str, dict[str, str]]:
    """Shown name → English name, for commands and groups and for options: read from the
    language's tables (every English option the catalogue lists, including each game's)."""
    names = CommandNames(language)
    options = [
        key.removeprefix(OPTION_KEYS) for key in catalogue().english if key.startswith(OPTION_KEYS)
    ]
    values = [*_choice_names(), True, False]
    return {
        "command": {names.command(word): word for word in COMMAND_WORDS},
        "option": {names.option(option): option for option in options},
        "choice": {
            **{str(value).lower(): str(value).lower() for value in values},
            **{names.choice(value).lower(): str(value).lower() for value in values},
        },
    }


CHOICE_KEYS = "discord.choice_name."
"""Where en.toml names every choice the Discord adapter offers, by its English name."""
BOOLEAN_KEYS = {True: "choice.true", False: "choice.false"}
"""Yes and no, typed into the console (Discord's own switch shows its client's words)."""


@cache
def _choice_names() -> dict[str, str]:
    """Each named choice's value (``white``, ``six_or_more``) → its English name (``White``);
    a name with a space or a colon (``auto: the level…``) is a description, no value."""
    return {
        key.removeprefix(CHOICE_KEYS).lower(): key.removeprefix(CHOICE_KEYS)
        for key in catalogue().english
        if key.startswith(CHOICE_KEYS) and not {" ", ":"} & set(key.removeprefix(CHOICE_KEYS))
    }


def option_word(english: str) -> Phrase:
    """An option's name to put into a sentence (``open_seeks`` → ``offene_herausforderungen``):
    what a Discord client of the reader's language shows, and the console takes."""
    return Phrase(OPTION_KEYS + english)


def choice_word(value: object) -> Phrase | str:
    """An option's value to put into a sentence, said in the reader's language where it has
    a name (``True``, ``first``, ``six_or_more``), else as it is (``7``, ``white6``)."""
    if isinstance(value, bool) or str(value).lower() in ("true", "false"):
        return Phrase(BOOLEAN_KEYS[str(value).lower() == "true"])
    english = _choice_names().get(str(value).lower())
    return str(value) if english is None else Phrase(CHOICE_KEYS + english)


def choice_list(values: Iterable[object]) -> Sentence | str:
    """The values a refusal offers (``first, second or random``), each as the reader types
    it (:func:`choice_word`), joined with the engines' own ``,`` and ``or``."""
    english = words()
    return alternatives(
        [
            Sentence(word.key, english(word.key)) if isinstance(word, Phrase) else word
            for word in map(choice_word, values)
        ]
    )


def said_value(say: Words, value: object) -> str:
    """An option's value as ``say``'s language writes it (:func:`choice_word`)."""
    word = choice_word(value)
    return say(word.key, **word.params) if isinstance(word, Phrase) else word


CHOICE_OPTIONS: frozenset[str] = frozenset(
    {"color", "level", "mode", "format", "spectators", "rated", "confirm", "flip", "quiet_hours"}
    | {
        option.name
        for game in games.available()
        for option in games.get(game).info.options
        if option.choices or option.kind == "bool"
    }
)
"""The options whose values are choices (or yes and no): the console reads their values in
the console's language; every other value (a name, a move, a clock) is read as typed."""


OPTION_KEYS = "discord.parameter_name."
"""Where en.toml lists every option name the Discord adapter declares."""


def command_names(language: str) -> CommandNames:
    """The names for a language the catalogue has, else English's."""
    return CommandNames(language if language in catalogue().languages else DEFAULT_LANGUAGE)


def yes(value: object, locale: str) -> bool:
    """A switch as Discord passes it (a bool) or as typed in the console, in English or in
    the reader's words (``ja``, ``tak``)."""
    if isinstance(value, bool):
        return value
    typed = command_names(language_of(locale)).english_choice(str(value).strip())
    return typed.lower() in ("true", "yes", "on", "1")
