"""Every slash command a page names exists, and has its name in every language.

Why: commands were regrouped once (``/accept`` became ``/match accept``) and are shown to
German and Polish players under their own names (``/zug``, ``/partia przyjmij``); a page
that names a command the bot does not have, or one a translator forgot, sends a reader
typing into nothing. Commands are read from the backticked spans of the README and docs/ —
``/match accept``, ``alice: /play ordo …`` — in any of the bot's languages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service.text.command_map import (
    GROUP_OF,
    GROUPS,
    TOP_LEVEL,
    TOURNAMENT_COMMANDS,
    CommandNames,
)
from bot.words import discord_text
from tests.docs.markdown import PAGES, ROOT

LANGUAGES = tuple(sorted(p.stem for p in (ROOT / "bot" / "words").glob("*.toml")))
SPAN = re.compile(r"`([^`\n]+)`")
COMMAND = re.compile(r"(?:^|(?<=\s))/([^\W\d][\w]*)(?![\w/.@])(?: ([^\W\d][\w]*))?")
NOT_COMMANDS = {
    "data": "the Docker image's volume, /data",
    "acept": "the players' guide shows what the console answers a mistyped command",
}
CONSOLE_ONLY = {"help"}
"""``/help`` is the console's list of commands; Discord's own picker is that list there."""


def named(text: str) -> set[tuple[str, str | None]]:
    """Each ``/command [word]`` in the backticked spans of ``text``."""
    out = set()
    for span in SPAN.findall(text):
        for word, sub in COMMAND.findall(span):
            out.add((word, sub or None))
    return out


def resolve(word: str, sub: str | None) -> tuple[str, ...] | None:
    """The English command a name means in one of the languages — ``("match", "accept")``,
    ``("move",)``, an old name standing alone ``("accept",)`` — or None."""
    for language in LANGUAGES:
        names = CommandNames(language)
        english = names.english_command(word)
        if english in GROUPS:
            if sub is None:
                return (english,)
            inner = names.english_command(sub)
            return (english, inner) if inner in GROUPS[english] else None
        if english == "tournament" and sub is not None:
            inner = names.english_command(sub)
            return (english, inner) if inner in TOURNAMENT_COMMANDS else None
        if english in TOP_LEVEL or english in GROUP_OF or english in CONSOLE_ONLY:
            return (english,)
    return None


def page_commands() -> list[tuple[str, str, str | None]]:
    out = []
    for page in PAGES:
        for word, sub in sorted(named(page.read_text(encoding="utf-8")), key=str):
            if word not in NOT_COMMANDS:
                out.append((page.relative_to(ROOT).as_posix(), word, sub))
    return out


COMMANDS = page_commands()


def test_the_pages_name_commands_in_every_language() -> None:
    words = {word for _, word, _ in COMMANDS}
    assert {"play", "move", "match", "zug", "partia"} <= words


@pytest.mark.parametrize(("page", "word", "sub"), COMMANDS, ids=lambda x: str(x))
def test_every_command_a_page_names_exists(page: str, word: str, sub: str | None) -> None:
    assert resolve(word, sub) is not None, f"{page}: /{word} {sub or ''} is no command"


@pytest.mark.parametrize(
    "english",
    sorted({c for _, w, s in COMMANDS if (r := resolve(w, s)) for c in r} - CONSOLE_ONLY),
)
def test_every_command_named_has_a_name_in_every_language(english: str) -> None:
    for language in LANGUAGES:
        if language == "en":
            continue
        shown = discord_text(language, "group_name", english) or discord_text(
            language, "command_name", english
        )
        assert shown, f"/{english} has no name in {language}.toml"


def test_a_command_that_is_not_there_is_found() -> None:
    text = (
        "Type `/match acceptt 3`, `/zugg`, then `alice: /rules fuer`; see `/data/x` and `/.proxy/`."
    )
    found = named(text)
    assert found == {("match", "acceptt"), ("zugg", None), ("rules", "fuer")}
    assert resolve("match", "acceptt") is None and resolve("zugg", None) is None
    assert resolve("partie", "annehmen") == ("match", "accept")
    assert resolve("ruch", None) == ("move",)


def test_the_languages_are_the_catalogues() -> None:
    assert {"en", "de", "pl"} <= set(LANGUAGES) and Path(ROOT / "bot" / "words").is_dir()
