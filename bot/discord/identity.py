"""Who is acting: Discord users as the service's :class:`~bot.service.User`.

The service decides who may do what; Discord alone knows a member's permissions and which
channels they can see, so those facts travel with the user (``manages_server``,
``can_view``). Kept apart from ``app`` so the cogs can use it without importing the bot class
that loads them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import discord
from bot.service import User
from bot.words import language_of


def payload(interaction: discord.Interaction[Any]) -> dict[str, Any]:
    """What Discord sent with an interaction, as the plain mapping it is: discord.py types
    it as a union of TypedDicts, one per kind, which no ``.get`` of a key fits."""
    return cast("dict[str, Any]", interaction.data or {})


def user_of(user: discord.abc.User) -> User:
    return User(str(user.id), user.display_name)


def actor_of(interaction: discord.Interaction) -> User:
    permissions = interaction.permissions
    return User(
        str(interaction.user.id),
        interaction.user.display_name,
        locale=language_of(interaction.locale),
        manages_server=bool(permissions.manage_guild or permissions.administrator),
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        guild_locale=language_of(interaction.guild_locale) if interaction.guild_locale else None,
        can_view=_viewer(interaction),
        bot_here=bot_here(interaction),
    )


def bot_here(interaction: discord.Interaction) -> bool:
    """Whether the bot is a member of the server this interaction came from, so it may post
    there on its own: the app is installed to that server (``authorizing_integration_owners``
    names it under GUILD_INSTALL). In a DM — with the bot or between people — a group DM, or a
    server where only the player installed the app, it may only answer the interaction."""
    return interaction.is_guild_integration()


def may_edit_here(interaction: discord.Interaction) -> bool:
    """Whether the bot may edit messages in the channel of ``interaction`` by itself: in a
    server it is in, and in its own DM with the player; not in other DMs, group DMs or
    servers without it, where Discord refuses the bot every channel call."""
    return bot_here(interaction) or (
        interaction.guild_id is None and interaction.context.dm_channel
    )


def _viewer(interaction: discord.Interaction) -> Callable[[str], bool]:
    if not bot_here(interaction):
        # No member list or channel permissions to read where the bot is not: a person sees
        # the channel they are acting from, and nothing else the bot could vouch for.
        here = str(interaction.channel_id)
        return lambda place: place == here

    def can_view(place: str) -> bool:
        guild = interaction.guild
        if guild is None:
            return False
        channel = guild.get_channel_or_thread(int(place))
        member = guild.get_member(interaction.user.id) or interaction.user
        if channel is None or not isinstance(member, discord.Member):
            return False
        return channel.permissions_for(member).view_channel

    return can_view
