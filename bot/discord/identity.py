"""Who is acting: Discord users as the service's :class:`~bot.service.User`.

The service decides who may do what; Discord alone knows a member's permissions and which
channels they can see, so those facts travel with the user (``manages_server``,
``can_view``). Kept apart from ``app`` so the cogs can use it without importing the bot class
that loads them.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from bot.service import User
from bot.words import language_of


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
    )


def _viewer(interaction: discord.Interaction) -> Callable[[str], bool]:
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
