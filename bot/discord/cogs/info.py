"""Information: /me games (my matches everywhere) and /me next, /match history and /rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
import games
from bot.discord.cogs.common import MATCH_HELP, bot_of, match_autocomplete, where
from bot.discord.identity import actor_of
from bot.words import language_of
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host


def game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=games.get(name).info.title, value=name)
        for name in games.available()
    ]


class InfoCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="Your open matches, whose turn, with links")
    async def games_(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.bot.service.games(actor_of(interaction))
        await bot_of(interaction).delivery.deliver(interaction, reply)

    @app_commands.command(
        name="next", description="The match waiting for your move with the least time left"
    )
    async def next_(self, interaction: discord.Interaction) -> None:
        """What ``/me games``' "Next game" button does, typed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.bot.service.next_game(actor_of(interaction))
        await bot_of(interaction).delivery.deliver(interaction, reply)

    @app_commands.command(name="history", description="The numbered move list of a match")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_autocomplete)
    async def history(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.bot.service.history(
            actor_of(interaction), match_id=match, where=where(interaction)
        )
        await bot_of(interaction).delivery.followup(interaction, reply.text)
        await bot_of(interaction).delivery.tell_notices(interaction, reply)

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        reply = await self.bot.service.rules(game, language_of(interaction.locale))
        await interaction.response.send_message(reply.text[:2000], ephemeral=True)
