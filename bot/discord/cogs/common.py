"""Pieces every cog shares: the match picker and the defer → service → deliver pattern."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

import discord
from bot.discord.identity import actor_of
from bot.service.replies import Reply
from bot.words import words
from discord import app_commands

if TYPE_CHECKING:
    from bot.discord.host import Host

log = logging.getLogger(__name__)

MATCH_HELP = "Which match (only needed outside a match thread)"
"""The ``match`` option's description, the same on every command that has one."""


def bot_of(interaction: discord.Interaction) -> Host:
    return cast("Host", interaction.client)


def where(interaction: discord.Interaction) -> str | None:
    return str(interaction.channel_id) if interaction.channel_id else None


async def match_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Only the caller's own open matches: nobody learns of matches they can't see."""
    bot = bot_of(interaction)
    actor = actor_of(interaction)
    wanted = current.strip().lstrip("#").lower()
    return [
        app_commands.Choice(name=label, value=match_id)
        for match_id, label in await bot.service.match_choices(actor)
        if wanted in label.lower()
    ][:25]


async def run(
    interaction: discord.Interaction,
    call: Callable[[], Awaitable[Reply]],
    *,
    ephemeral: bool = True,
) -> None:
    """Defer first (rendering can take longer than Discord's three seconds), then answer."""
    delivery = bot_of(interaction).delivery
    with delivery.in_flight.working():  # a closing bot waits for it (Delivery.in_flight)
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        reply = await call()
        try:
            await delivery.deliver(interaction, reply)
        except Exception:
            if not (reply.ok and reply.match_id is not None):
                raise
            # The change is committed; only showing it failed. Say so, never "nothing changed".
            log.exception("delivering the reply failed (match %s)", reply.match_id)
            say = words(interaction.locale)
            await delivery.followup(
                interaction, say("errors.recorded_not_posted", match=reply.match_id)
            )
