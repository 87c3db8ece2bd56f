"""The discord.py application: ``create_bot(settings)`` builds it without touching the network.

The store is opened in ``setup_hook`` (the first moment the bot has an event loop and is
about to connect), the cogs are loaded there, the persistent buttons are registered and the
slash commands synced — to one server instantly when ``DEV_GUILD_ID`` is set. Only
non-privileged intents are asked for: slash commands need no message content or member list.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import MatchButton, StepSelect
from bot.delivery import Delivery, jump_link
from bot.replies import Reply
from bot.service import Service, User
from bot.settings import Settings
from storage import SqliteStore, Store

log = logging.getLogger(__name__)


def user_of(user: discord.abc.User) -> User:
    return User(str(user.id), user.display_name)


def actor_of(interaction: discord.Interaction) -> User:
    return user_of(interaction.user)


class BoardTree(app_commands.CommandTree["BoardBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Last resort: a short apology, never a traceback in Discord."""
        log.exception(
            "command %s failed", interaction.command and interaction.command.name, exc_info=error
        )
        bot: BoardBot = interaction.client  # type: ignore[assignment]
        await bot.delivery.followup(
            interaction, "Sorry — something went wrong on my side and nothing was changed."
        )


class BoardBot(commands.Bot):
    """The bot; holds the service and the delivery helper, no game state of its own."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Callable[[], float] = time.time,
        sync_commands: bool = True,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=BoardTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.settings = settings
        self._store = store
        self._clock = clock
        self._sync_commands = sync_commands
        self.delivery = Delivery(self)
        self.service: Service

    async def setup_hook(self) -> None:
        store = self._store or SqliteStore(self.settings.database_path)
        await store.open()
        self._store = store
        self.service = Service(store, clock=self._clock, link=jump_link)
        from bot.cogs import setup_cogs

        await setup_cogs(self)
        self.add_dynamic_items(MatchButton, StepSelect)
        if self._sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        if self._store is not None:
            await self._store.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))

    async def press(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: str,
        value: str,
        version: int | None,
    ) -> None:
        """A persistent button or menu was used; the service decides if this person may."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = actor_of(interaction)
        service = self.service
        reply: Reply
        if action == "accept":
            reply = await service.accept(actor, match_id=match_id)
        elif action == "decline":
            reply = await service.decline(actor, match_id=match_id)
        elif action == "resign":
            reply = await service.resign(actor, match_id=match_id)
        elif action == "step":
            reply = await service.move(actor, value, match_id=match_id, version=version)
        else:
            reply = Reply.refuse("That button no longer does anything.")
        if reply.ok and action != "resign" and interaction.message is not None:
            await self._retire_buttons(interaction.message)
        await self.delivery.deliver(interaction, reply)

    @staticmethod
    async def _retire_buttons(message: discord.Message) -> None:
        """Answered questions lose their buttons so nobody presses them twice."""
        try:
            await message.edit(view=None)
        except discord.HTTPException as exc:
            log.debug("could not remove buttons from %s: %s", message.id, exc)


def create_bot(settings: Settings, **kwargs: Any) -> BoardBot:
    """Build the bot; no network activity happens until ``start``."""
    return BoardBot(settings, **kwargs)
