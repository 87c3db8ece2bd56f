"""What Discord shows in its command picker is in ``en.toml``: every group, command and option
name, description and choice the Discord adapter declares, keyed by its English text, so the
checker can tell a translator which ones are left (issue 33 items 4 and 5)."""

from __future__ import annotations

import re
from typing import Any

from discord import Locale, app_commands

import games
from bot.discord.app import BoardBot
from bot.discord.cogs import setup_cogs
from bot.discord.translator import KEY, RATED_LEVEL, CatalogueTranslator, location_of
from bot.service.text.languages import AUTO, shipped
from bot.settings import Settings
from bot.words import catalogue


class Recorder(app_commands.Translator):
    """Notes every string discord.py asks to translate, with where it is shown."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContext,  # type: ignore[type-arg]
    ) -> str | None:
        if KEY in string.extras:
            return None  # a catalogue sentence of its own key: every language has it
        text = string.message
        if context.location.name == "choice_name" and (rated := RATED_LEVEL.fullmatch(text)):
            text = rated[1]
        self.seen.add(f"discord.{location_of(context)}.{text}")
        return None


def shown_as_is(key: str) -> bool:
    """Game names, numbers and language codes are the same in every language."""
    location, _, text = key.removeprefix("discord.").partition(".")
    titles = set(games.available()) | {games.get(g).info.title for g in games.available()}
    if location in ("command_name", "choice_name") and text in titles:
        return True
    return location == "choice_name" and (
        bool(re.search(r"\d", text)) or text in ("n", "n-1", AUTO, *shipped())
    )


def is_menu(payload: dict[str, Any]) -> bool:
    """A context menu (right-click a person: 2, a message: 3), not a slash command."""
    return payload.get("type", 1) in (2, 3)


async def declared() -> tuple[set[str], list[dict[str, Any]]]:
    bot = BoardBot(Settings(discord_token="x"), sync_commands=False)
    await setup_cogs(bot)
    recorder = Recorder()
    for command in bot.tree.get_commands():
        await command.get_translated_payload(bot.tree, recorder)
    polish = [
        await command.get_translated_payload(bot.tree, CatalogueTranslator())
        for command in bot.tree.get_commands()
    ]
    return {key for key in recorder.seen if not shown_as_is(key)}, polish


async def test_en_toml_lists_exactly_what_the_discord_adapter_declares() -> None:
    seen, _ = await declared()
    listed = {key for key in catalogue().english if key.startswith("discord.")}
    assert seen - listed == set(), "add these to en.toml's [discord.*] tables"
    assert listed - seen == set(), "en.toml lists strings the adapter no longer declares"
    for key in listed:
        assert key.endswith(f".{catalogue().english[key]}"), f"{key}: English is its own key"


async def test_every_language_names_every_command_in_discord() -> None:
    """The payload Discord gets has a localized name and description for each language of
    ours, for every command and option (Discord's locale ``pl`` and ``de``)."""
    _, payloads = await declared()
    languages = sorted(set(catalogue().languages) - {"en"})

    def walk(node: dict[str, Any]) -> list[dict[str, Any]]:
        return [node, *(n for child in node.get("options", []) for n in walk(child))]

    for payload in payloads:
        for node in walk(payload):
            for language in languages:
                if not shown_as_is(f"discord.command_name.{node['name']}"):
                    assert language in node.get("name_localizations", {}), (language, node)
                if not is_menu(payload):  # a context menu has a name and no description
                    assert language in node.get("description_localizations", {}), (language, node)


LIMIT = 100
"""Discord takes at most 100 characters for a description or a choice's name."""


async def test_every_description_is_whole_and_fits_in_every_language() -> None:
    """Each description and choice name Discord gets, in English and in each language of ours,
    is a whole sentence of the catalogue of at most 100 characters: none is cut to fit (two
    /play options were, "… (default none" and "… (d"), none is missing."""
    _, payloads = await declared()
    languages = sorted(set(catalogue().languages) - {"en"})

    def texts(node: dict[str, Any]) -> list[tuple[str, dict[str, str]]]:
        found = [(node["description"], node.get("description_localizations") or {})]
        found += [(c["name"], c.get("name_localizations") or {}) for c in node.get("choices", [])]
        return found + [t for child in node.get("options", []) for t in texts(child)]

    seen = 0
    for payload in (p for p in payloads if not is_menu(p)):  # a menu has no description
        for english, localized in texts(payload):
            for language, text in [("en", english), *localized.items()]:
                seen += 1
                assert 0 < len(text) <= LIMIT, (language, text)
                assert text.count("(") == text.count(")"), (language, text)  # nothing cut off
            if not shown_as_is(f"discord.choice_name.{english}"):
                assert set(languages) <= set(localized), english
    assert seen > 500


async def test_a_games_option_says_its_description_and_default_in_each_language() -> None:
    _, payloads = await declared()
    fendo = next(
        option
        for command in payloads
        if command["name"] == "play"
        for option in command["options"]
        if option["name"] == "fendo"
    )
    handicap = next(o for o in fendo["options"] if o["name"] == "handicap")
    assert handicap["description"].endswith("(default none)")
    assert handicap["description_localizations"]["de"].endswith("(Standard: keine)")
    assert handicap["description_localizations"]["pl"].endswith("(domyślnie brak)")
