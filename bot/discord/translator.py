"""Command names and descriptions in the player's language, from the words catalogue.

discord.py hands every command name, description, option and choice through the tree's
translator when it syncs; Discord then shows each member the text of their own client language.
The catalogue keeps these under ``discord.<location>.<English text>`` so a translator can work
from the English strings alone (``de.toml`` has the German ones).
"""

from __future__ import annotations

import re

from bot.words import catalogue, language_of
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
        entries = catalogue().languages.get(language_of(locale))
        if entries is None or language_of(locale) == "en":
            return None
        location = context.location.name
        if location == "choice_name" and (rated := RATED_LEVEL.fullmatch(string.message)):
            level = entries.get(f"discord.choice_name.{rated[1]}", rated[1])
            return f"{level} ≈ {rated[2]}"
        return entries.get(f"discord.{location}.{string.message}")
