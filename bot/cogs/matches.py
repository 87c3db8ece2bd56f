"""Decisions about a match: accept/decline, resign (confirmed), draw and undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import actor_of
from bot.cogs.common import match_autocomplete, run, where
from bot.components import MatchButton

if TYPE_CHECKING:
    from bot.app import BoardBot

MATCH_HELP = "Which match (only needed outside a match thread)"


class MatchCog(commands.Cog):
    def __init__(self, bot: BoardBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="accept", description="Accept a challenge, draw offer or undo request"
    )
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def accept(self, interaction: discord.Interaction, match: int | None = None) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.accept(actor, match_id=match, where=where(interaction)),
        )

    @app_commands.command(
        name="decline", description="Decline a challenge (or withdraw yours), a draw or an undo"
    )
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def decline(self, interaction: discord.Interaction, match: int | None = None) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.decline(actor, match_id=match, where=where(interaction)),
        )

    @app_commands.command(name="draw", description="Offer a draw, or accept your opponent's offer")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def draw(self, interaction: discord.Interaction, match: int | None = None) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.draw(actor, match_id=match, where=where(interaction)),
        )

    @app_commands.command(
        name="undo", description="Ask to take back your last move, or allow your opponent's request"
    )
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def undo(self, interaction: discord.Interaction, match: int | None = None) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.undo(actor, match_id=match, where=where(interaction)),
        )

    @app_commands.command(name="resign", description="Resign a match (asks you to confirm)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Phones make misclicks easy, so resigning takes a second, deliberate press."""
        actor = actor_of(interaction)
        service = self.bot.service
        try:
            record = await service.find_active(actor, match_id=match, where=where(interaction))
        except ValueError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(MatchButton(record.id, "resign", label="Yes, resign", style="danger"))
        await interaction.response.send_message(
            f"Really resign match #{record.id}? This cannot be undone.", view=view, ephemeral=True
        )
