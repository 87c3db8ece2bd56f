"""/move with autocomplete of the caller's legal moves, and /board (with the caller's own web
board link when the web board is on)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from bot.discord.cogs.common import MATCH_HELP, bot_of, match_autocomplete, run, where
from bot.discord.delivery import message_kwargs, with_links
from bot.discord.identity import actor_of
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.host import Host


def _typed_for(interaction: discord.Interaction) -> dict[str, Any]:
    """The match an autocomplete is for, as both of this cog's autocompletes ask: the ``match``
    option where it holds a number so far, and the place the command is typed in."""
    match = getattr(interaction.namespace, "match", None)
    return {"match_id": match if isinstance(match, int) else None, "where": where(interaction)}


class MoveCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="move", description="Play your move (autocomplete lists legal moves)"
    )
    @app_commands.describe(
        move="Your move in notation; start typing to see legal moves",
        match=MATCH_HELP,
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def move(
        self, interaction: discord.Interaction, move: str, match: int | None = None
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.move(actor, move, match_id=match, where=where(interaction)),
        )

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        suggestions = await self.bot.service.labelled_suggestions(
            actor_of(interaction), current, **_typed_for(interaction)
        )
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in suggestions
        ]

    @app_commands.command(
        name="premove",
        description="Answers to your opponent's turn: if a6-a5 then c1-b1 (only you see them)",
    )
    @app_commands.describe(
        lines="if <their move> then <yours> [if … then …]; alternatives with ; · clear",
        match=MATCH_HELP,
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def premove(
        self, interaction: discord.Interaction, lines: str | None = None, match: int | None = None
    ) -> None:
        actor = actor_of(interaction)
        await run(
            interaction,
            lambda: self.bot.service.premove(
                actor, lines, match_id=match, where=where(interaction)
            ),
        )

    @premove.autocomplete("lines")
    async def premove_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        suggestions = await self.bot.service.premove_suggestions(
            actor_of(interaction), current, **_typed_for(interaction)
        )
        return [app_commands.Choice(name=s, value=s) for s in suggestions]

    @app_commands.command(name="board", description="Show the current board of a match")
    @app_commands.describe(
        match=MATCH_HELP,
        flip="Show the board from the second player's side",
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def board(
        self, interaction: discord.Interaction, match: int | None = None, flip: bool = False
    ) -> None:
        """In the match's own thread the board is posted for all (which also repairs a post
        that failed); elsewhere only the caller sees it."""
        service = self.bot.service
        here = where(interaction)
        in_thread = here is not None and await service.holds_match(here)
        public = in_thread and match is None
        await interaction.response.defer(ephemeral=not public, thinking=True)
        actor = actor_of(interaction)
        reply = await service.board(actor, match_id=match, where=here, flip=flip)
        delivery = bot_of(interaction).delivery
        if not reply.ok or reply.post is None or reply.match_id is None:
            await delivery.followup(interaction, reply.text)
            await delivery.tell_notices(interaction, reply)
            return
        place = reply.match_place
        if place is None:
            return
        kwargs = message_kwargs(reply.post, place.match_id, place.version)
        kwargs.pop("allowed_mentions", None)
        await interaction.followup.send(ephemeral=not public, **kwargs)
        await delivery.tell_notices(interaction, reply)
        if service.pages.enabled:
            # The caller's own web board link, for their eyes only (never in the thread).
            link = await service.web_link(actor, match_id=place.match_id)
            if link.ok:
                await bot_of(interaction).delivery.followup(
                    interaction, link.text, view=with_links(None, link.links)
                )
