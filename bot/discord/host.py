"""The bot as its cogs see it: a protocol, so the cogs never import the app that loads them.

Why a protocol and not the class: :class:`bot.discord.app.BoardBot` imports the cogs to set
them up, its components and its delivery; were the cogs to name the class back (even for types
only), the adapter would be one import circle. The cogs need only these few members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord
    from bot.discord.delivery import Delivery
    from bot.service import Service
    from discord import app_commands
    from discord.ext import commands


class Host(Protocol):
    service: Service
    delivery: Delivery

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def add_cog(self, cog: commands.Cog, /) -> None: ...
