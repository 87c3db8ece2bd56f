"""Command names and descriptions in the player's language, from the words catalogue.

discord.py hands every command name, description, option and choice through the tree's
translator when it syncs; Discord then shows each member the text of their own client language.
The catalogue keeps these under ``discord.<location>.<English text>`` so a translator can work
from the English strings alone (``de.toml`` has the German ones).
"""

from __future__ import annotations

from bot.words import catalogue, language_of
from discord import Locale, app_commands


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
        return entries.get(f"discord.{context.location.name}.{string.message}")
