"""Who is acting: Discord users as the service's :class:`~bot.service.User`.

Kept apart from ``app`` so the cogs can use it without importing the bot class that loads them.
"""

from __future__ import annotations

import discord
from bot.service import User


def user_of(user: discord.abc.User) -> User:
    return User(str(user.id), user.display_name)


def actor_of(interaction: discord.Interaction) -> User:
    return user_of(interaction.user)
