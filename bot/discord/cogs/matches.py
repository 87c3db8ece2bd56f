"""Resigning, which takes a confirming press (other decisions: :mod:`bot.discord.cogs.simple`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from bot.discord.cogs.common import MATCH_HELP, match_autocomplete, where
from bot.discord.components import MatchButton
from bot.discord.identity import actor_of
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host


class MatchCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="resign", description="Resign a match (asks you to confirm)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Phones make misclicks easy, so resigning takes a second, deliberate press."""
        actor = actor_of(interaction)
        asked = await self.bot.service.ask_resign(
            actor, match_id=match, where=where(interaction)
        )  # the service asks, in every front end; its button resigns
        if not asked.ok or asked.match_id is None:
            await interaction.response.send_message(asked.text, ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        for button in asked.buttons:
            view.add_item(
                MatchButton(asked.match_id, button.action, label=button.label, style=button.style)
            )
        await interaction.response.send_message(asked.text, view=view, ephemeral=True)
