"""Choices in the player's language (issue 33): a German or Polish console takes the values a
Discord client of that language shows (``farbe:erster``, ``kolor:pierwszy``, ``gewertet:nein``)
and its help and sentences offer them so; ``/server settings`` names its settings and limits as
the options a manager types."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.console import Console
from bot.service import Service
from bot.service.match.limits import LIMITS
from bot.service.text.command_map import CHOICE_OPTIONS, command_names
from bot.words import catalogue
from storage import MemoryStore

TYPED = re.compile(r"(?<![\w/])([^\W\d]\w*):(\"[^\"]+\"|[\w|…-]+)")
"""``name:value`` as a sentence tells a player to type it (``gewertet:nein``,
``modus:thread|dm``); a value in angle brackets (``<Name>``) is a placeholder."""


class Table:
    def __init__(self, tmp_path: Path, locale: str) -> None:
        self.service = Service(MemoryStore(), clock=lambda: 1_800_000_000.0, seed_source=lambda: 5)
        self.lines: list[str] = []
        self.console = Console(
            self.service, tmp_path, self.lines.append, admins=frozenset({"alice"}), locale=locale
        )

    async def say(self, *lines: str) -> str:
        start = len(self.lines)
        for line in lines:
            await self.console.handle(line)
        return "\n".join(self.lines[start:])


@pytest.mark.parametrize("language", ["de", "pl"])
def test_every_sentence_tells_to_type_names_and_values_of_its_language(language: str) -> None:
    """A sentence that says what to type (``gewertet:true``) says what that language's
    Discord client shows and its console takes: option names and choice values alike."""
    names = command_names(language)
    wrong = []
    for key, text in catalogue().languages[language].items():
        if key.startswith("discord."):
            continue
        for typed_name, typed in TYPED.findall(text):
            option = names.english_option(typed_name)
            if names.option(option) != typed_name.lower():
                wrong.append(f"{key}: {typed_name}:")  # an English name where one of its own is
                continue
            if option not in CHOICE_OPTIONS:
                continue
            for value in typed.strip('"').split("|"):
                shown = names.choice(names.english_choice(value))
                if shown.lower() != value.lower():
                    wrong.append(f"{key}: {typed_name}:{value} (shown as {shown})")
    assert wrong == []


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("de", "/spielen fendo gegner:ai farbe:zweiter stärke:leicht frühes_ende:nein"),
        ("pl", "/graj fendo przeciwnik:ai kolor:drugi poziom:łatwy wczesny_koniec:nie"),
        ("de", '/spielen fuer gegner:ai farbe:Hell stärke:leicht überlänge:"sieben oder mehr"'),
        (
            "pl",
            '/graj fuer przeciwnik:ai kolor:Jasne poziom:łatwy za_długie_linie:"siedem lub więcej"',
        ),
    ],
)
async def test_a_console_takes_choices_in_its_language(
    tmp_path: Path, language: str, typed: str
) -> None:
    table = Table(tmp_path, language)
    await table.service.store.open()
    shown = await table.say(f"alice: {typed}")
    record = await table.service.store.get_match(1)
    assert record is not None, shown
    assert record.seats[1] == "alice"  # the second seat (Fuer's Light moves second)
    assert record.options.get("early_end", False) is False
    assert record.options.get("overline", "seven_or_more") == "seven_or_more"
    assert "easy" in str(record.seats[0])
    help_text = await table.say("alice: /help")
    names = command_names(language)
    for english in ("first", "second", "random", "easy", "strong", "league", "off", True, False):
        assert f"{names.choice(english)}" in help_text, english


@pytest.mark.parametrize("language", ["de", "pl"])
async def test_server_settings_name_what_a_manager_types(tmp_path: Path, language: str) -> None:
    table = Table(tmp_path, language)
    await table.service.store.open()
    names = command_names(language)
    mode, public = names.option("mode"), names.option("spectators")
    shown = await table.say(
        f"alice: /{names.full('settings')} {mode}:{names.choice('channel')} "
        f'{public}:"{names.choice("public")}" {names.option("open_seeks")}:5'
    )
    for limit in LIMITS:
        assert f"• {names.option(limit.name)}: " in shown
        assert f"{limit.name}" not in shown  # the English name is no word of the language
    assert f"{names.option('open_seeks')}:5" in shown
    settings = await table.service.store.guild_settings("console")
    assert settings["mode"] == "channel" and settings["spectators"] == "public"
    refused = await table.say(f"alice: /{names.full('settings')} {mode}:x", "alice: /help")
    assert f"{mode} " in refused and names.choice("channel") in refused
    assert "thread or channel" not in refused and " channel" not in refused
