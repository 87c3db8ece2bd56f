"""Carrying out a match's live change on Discord: the status card edited, the old ping gone;
for a direct match, each player's status card in their DM with the bot.

The service decides (:mod:`bot.service.play.status`) which message shows the match's status
and which one loses its ping after a post; this edits them. Neither edit is worth a move: a
deleted message, a missing permission or any other refusal is logged and the post stands.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Collection
from typing import TYPE_CHECKING, Any, Protocol

import discord
from bot.discord.components.cards import card_view
from bot.service.play.status import LiveChange
from bot.service.replies import MatchPlace, Post

if TYPE_CHECKING:
    from bot.service import Service

log = logging.getLogger(__name__)

MENTION = re.compile(r"<@!?\d+>")


def unpinged(message: discord.Message) -> dict[str, Any] | None:
    """Arguments for an edit of ``message`` that keep everything but its mentions: a card's
    ping lines above the container go (its images are named again as the message's own
    attachments); a plain message keeps its text without the mentions. None when there is no
    ping to take."""
    if not message.flags.components_v2:
        if not MENTION.search(message.content):
            return None
        return {"content": MENTION.sub("", message.content).strip() or "…"}
    names = {attachment.id: attachment.filename for attachment in message.attachments}
    old = discord.ui.LayoutView.from_message(message, timeout=None)
    view = discord.ui.LayoutView(timeout=None)
    dropped = False
    for item in old.children:
        if isinstance(item, discord.ui.TextDisplay) and MENTION.search(item.content):
            dropped = True
            continue
        if isinstance(item, discord.ui.Container):
            for child in item.walk_children():
                if isinstance(child, discord.ui.MediaGallery):
                    for entry in child.items:
                        attachment = entry.media.attachment_id
                        if attachment is not None and attachment in names:
                            entry.media = f"attachment://{names[attachment]}"
        view.add_item(item)
    return {"view": view} if dropped else None


def dm_link(channel_id: str, message_id: str) -> str:
    """How a reader jumps to a message of a DM (a DM belongs to no server: ``@me``)."""
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


class Served(Protocol):
    """The bot, as far as this goes: its service (read when asked: it may be set later)."""

    service: Service


class LiveEdits:
    """The bot (whose service decides) and how to reach a channel by id (delivery's)."""

    def __init__(self, bot: Served, channel: Callable[[str], Awaitable[Any]]) -> None:
        self.bot = bot
        self.channel = channel

    async def after(self, where: MatchPlace, post: Post, message: discord.Message) -> None:
        """After ``post`` of the match at ``where`` went out as ``message``: its status card
        shows the match as it is now, with a jump to ``message``, and the ping before it
        goes."""
        change = await self.bot.service.live_posted(
            where.match_id, str(message.channel.id), str(message.id), post, message.jump_url
        )
        if change is None:
            return
        channel = await self._reached(change, where)
        if channel is None:
            return
        await self._edit_card(channel, change, where)
        if change.unping is not None:
            await self._unping(channel, change.unping, where)

    async def dm_posted(self, where: MatchPlace, user_id: str, message: discord.Message) -> bool:
        """A direct match's board went to ``user_id`` by DM as ``message``: whether it became
        their status message (their first), which this change then leaves as it is."""
        try:
            return await self.bot.service.live_dm_posted(
                where.match_id, user_id, str(message.channel.id), str(message.id)
            )
        except (LookupError, ValueError) as exc:
            log.info("match %s: no status card for %s: %s", where.match_id, user_id, exc)
            return False

    async def players_after(self, where: MatchPlace, fresh: Collection[str] = ()) -> None:
        """After a change of a direct match reached its players: each player's status card in
        their DM with the bot shows the match as it is now, with a jump to their latest
        board DM (``fresh``: those whose status message this change just sent)."""
        changes = await self.bot.service.live_player_changes(where.match_id, dm_link, fresh)
        for change in changes:
            channel = await self._reached(change, where)
            if channel is not None:
                await self._edit_card(channel, change, where)

    async def _reached(self, change: LiveChange, where: MatchPlace) -> Any:
        """The channel of ``change`` (a thread, a channel, a player's DM), None once it is gone
        (logged: a card is never worth a move)."""
        try:
            return await self.channel(change.channel_id)
        except discord.HTTPException as exc:
            log.info("match %s: a status card's place is gone: %s", where.match_id, exc)
            return None

    async def _edit_card(self, channel: Any, change: LiveChange, where: MatchPlace) -> None:
        view = card_view(change.card, where.match_id, where.version)
        try:
            await channel.get_partial_message(int(change.status_id)).edit(
                content=None,
                embeds=[],
                view=view,
                attachments=[],
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            log.info("match %s: its status card cannot be edited: %s", where.match_id, exc)

    async def _unping(self, channel: Any, message_id: str, where: MatchPlace) -> None:
        try:
            message = await channel.fetch_message(int(message_id))
            kwargs = unpinged(message)
            if kwargs is not None:
                await message.edit(allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        except discord.HTTPException as exc:
            log.info("match %s: the last ping stays: %s", where.match_id, exc)
