"""Command names and descriptions in the player's language, from the words catalogue.

discord.py hands every command name, description, option and choice through the tree's
translator when it syncs; Discord then shows each member the text of their own client language.
The catalogue keeps these under ``discord.<location>.<English text>`` so a translator can work
from the English strings alone (``en.toml`` lists them all; ``de.toml`` and ``pl.toml`` have
theirs). The console reads the same names (:mod:`bot.service.text.command_map`), so a command typed
as a German or Polish client shows it is understood there too.
"""

from __future__ import annotations

import re
from typing import Any

from bot.words import DEFAULT_LANGUAGE, catalogue, discord_text, language_of, words
from discord import Locale, app_commands

RATED_LEVEL = re.compile(r"(\w+) ≈ (\d+)")
"""A ``/play`` level choice with its measured rating (``normal ≈ 1650``): the number is
data, so only the level's name is looked up."""


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContext,  # type: ignore[type-arg]
    ) -> str | None:
        language = language_of(locale)
        if (key := string.extras.get(KEY)) is not None:
            if language == DEFAULT_LANGUAGE or language not in catalogue().languages:
                return None  # Discord shows the English
            return words(language)(key, **string.extras.get(PARAMS, {}))
        location = location_of(context)
        if location == "choice_name" and (rated := RATED_LEVEL.fullmatch(string.message)):
            level = discord_text(language, location, rated[1])
            return None if level is None else f"{level} ≈ {rated[2]}"
        return discord_text(language, location, string.message)


def location_of(context: app_commands.TranslationContext) -> str:  # type: ignore[type-arg]
    """Where a text is shown, as the catalogue's table names it: discord.py's name for the
    place, except that a context menu's name (right-click → Apps: "Open on the board") has
    a table of its own, ``menu_name``: Discord lets it have capitals and spaces, which a
    slash command's name may not have, so the checker holds each to its own rule."""
    if isinstance(context.data, app_commands.ContextMenu):
        return "menu_name"
    return context.location.name


KEY = "catalogue_key"
PARAMS = "catalogue_params"


def catalogued(key: str, /, **params: Any) -> app_commands.locale_str:
    """A text Discord shows (an option's description) that is a catalogue sentence with
    parameters rather than a fixed English string: a game's option says its own description
    and its default, each in the member's language. The English is the default Discord
    shows; the translator says the same key in every other language of ours."""
    return app_commands.locale_str(words()(key, **params), **{KEY: key, PARAMS: params})
