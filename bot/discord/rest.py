"""Posting to Discord without a gateway connection: for a process that is not the bot but
must post like it (a web board process of its own, ``python -m bot.web``).

A move made on the web board posts to the match's thread, pings and DMs exactly as
``/move`` would; this client logs in over REST only (no gateway, no intents, no commands
synced) and hands replies to the same :class:`~bot.discord.delivery.Delivery` the bot uses.
"""

from __future__ import annotations

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

    async def publish(self, reply: Reply) -> None:
        """The thread post, pings and DMs of ``reply`` (a web move, or the computer's answer
        the web process played: :mod:`bot.web.__main__` serves its computer turns)."""
        await self.delivery.publish(reply)

    def computer_turns_soon(self, match_id: int) -> None:
        """What :class:`Delivery` calls after an interaction; this client answers none."""
