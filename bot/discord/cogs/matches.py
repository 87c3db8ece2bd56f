"""Resigning, which takes a confirming press (other decisions: :mod:`bot.discord.cogs.simple`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from bot.discord.cogs.common import MATCH_HELP, match_autocomplete, where
from bot.discord.components import MatchButton
from bot.discord.identity import actor_of
from bot.service.base import Refusal
from bot.words import words
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.app import BoardBot


class MatchCog(commands.Cog):
    def __init__(self, bot: BoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="resign", description="Resign a match (asks you to confirm)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Phones make misclicks easy, so resigning takes a second, deliberate press."""
        actor = actor_of(interaction)
        service = self.bot.service
        try:
            record = await service.find_active(actor, match_id=match, where=where(interaction))
        except Refusal as exc:
            await interaction.response.send_message(exc.say(interaction.locale), ephemeral=True)
            return
        say = words(interaction.locale)
        view = discord.ui.View(timeout=None)
        view.add_item(
            MatchButton(record.id, "resign", label=say("resign.confirm_button"), style="danger")
        )
        await interaction.response.send_message(
            say("resign.confirm", match=record.id), view=view, ephemeral=True
        )
