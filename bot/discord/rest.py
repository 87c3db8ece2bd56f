"""Posting to Discord without a gateway connection: for a process that is not the bot but
must post like it (a web board process of its own, ``python -m bot.web``).

A move made on the web board posts to the match's thread, pings and DMs exactly as
``/move`` would; this client logs in over REST only (no gateway, no intents, no commands
synced) and hands replies to the same :class:`~bot.discord.delivery.Delivery` the bot uses.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from bot.discord.delivery import Delivery
from bot.service import Service
from bot.service.replies import Reply

log = logging.getLogger(__name__)


class RestPoster(discord.Client):
    """Discord over REST alone, with the attributes :class:`Delivery` reads of a bot."""

    def __init__(self, service: Service) -> None:
        super().__init__(intents=discord.Intents.none())
        self.service = service
        self.delivery = Delivery(self)  # type: ignore[arg-type]
        self._background: set[asyncio.Task[None]] = set()

    async def publish(self, reply: Reply) -> None:
        """The thread post, pings and DMs of ``reply``; then the computer's answer, when a
        computer is to move, played here at once like the console does (the bot's scheduler
        would queue it too, only at its next tick; a turn is played once either way)."""
        await self.delivery.publish(reply)
        if reply.ok and (where := reply.match_place) is not None and where.computer_in_play:
            task = asyncio.create_task(self._computer_turns(where.match_id))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def computer_turns_soon(self, match_id: int) -> None:
        """What :class:`Delivery` calls after an interaction; this client answers none."""

    async def _computer_turns(self, match_id: int) -> None:
        for reply in await self.service.computer_turns(match_id):
            try:
                await self.delivery.publish(reply)
            except Exception:
                log.exception("posting the computer's move failed (match %s)", match_id)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        await super().close()
