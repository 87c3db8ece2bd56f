"""A match's live status card and its one live ping: which message to edit after a post.

Why here, transport-free: "a place holds one live ping, and the message the match started
from shows where it stands" is a rule every post of a match must keep, whichever command or
background job made it. Discord's delivery only reports what it posted where
(:meth:`LiveCards.posted`) and carries out the answer (:class:`LiveChange`): the card to show
on the status message, and the message whose ping goes. The ids are kept by the store
(:class:`storage.roles.live.LiveStatus`), so a restart edits the same messages.

A direct match (:mod:`bot.service.match.venues`) has no thread and its public answers cannot
be edited after 15 minutes; its news reaches each player by DM, so each player's first board
DM becomes their own status message (:meth:`LiveCards.dm_posted`), edited after every later
change like the thread's (:meth:`LiveCards.player_changes`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass

from bot.service.match.clock.clocks import ClockKeeper
from bot.service.match.reader import MatchReader
from bot.service.play.boards import final_outcome, match_title, result_text, to_move_text
from bot.service.replies import Post
from bot.words import words
from storage.base import ACTIVE, CHALLENGE, LiveMessages, PlayerStatus


@dataclass(frozen=True)
class LiveChange:
    """What a post changes of its match's live messages, in ``channel_id``: the status
    message ``status_id`` now shows ``card``; ``unping`` (if any) loses its ping."""

    channel_id: str
    status_id: str
    card: Post
    unping: str | None = None


def turn_ping(post: Post) -> bool:
    """Whether ``post`` is a "your turn" (or "the match is over") ping: a sentence addressed
    to the people it mentions. A notice mentioning someone (their DMs are closed) is none."""
    return bool(post.ping and post.mentions)


@dataclass(eq=False, repr=False)
class LiveCards:
    """The reader (the match, its names and language) and the clocks (time left)."""

    reader: MatchReader
    clocks: ClockKeeper

    async def posted(
        self, match_id: int, channel_id: str, message_id: str, post: Post, link: str = ""
    ) -> LiveChange | None:
        """The live change after ``post`` went to ``channel_id`` as ``message_id`` (``link``:
        how a reader jumps to it). The match's first post becomes its status message and
        changes nothing; a later one updates the status message to the match as stored now
        and, when it pings, takes the ping of the one before — once the match has begun: the
        starter of an open challenge or lobby keeps its buttons while they are pressed. A post
        outside the status message's place (a fallback to the parent channel) changes only the
        card. None for an unknown match."""
        store = self.reader.store
        record = await store.get_match(match_id)
        if record is None:
            return None
        pings = turn_ping(post)
        live = await store.live_messages(match_id)
        if live is None:
            ping = message_id if pings else None
            await store.keep_live_messages(LiveMessages(match_id, channel_id, message_id, ping))
            return None
        if record.status == CHALLENGE:
            return None  # the starter is the open challenge or lobby: its buttons still count
        unping = None
        kept = live
        if channel_id == live.channel_id and pings:
            if live.ping_id not in (None, live.status_id, message_id):
                unping = live.ping_id
            kept = LiveMessages(match_id, live.channel_id, live.status_id, message_id)
        elif channel_id == live.channel_id and live.ping_id == live.status_id:
            kept = LiveMessages(match_id, live.channel_id, live.status_id, None)
        if kept != live:
            await store.keep_live_messages(kept)
        card = await self.card(match_id, link)
        if card is None:
            return None
        return LiveChange(live.channel_id, live.status_id, card, unping)

    async def dm_posted(
        self, match_id: int, user_id: str, channel_id: str, message_id: str
    ) -> bool:
        """A direct match's board went to ``user_id`` by DM, as ``message_id`` in their DM
        ``channel_id``: the first becomes their status message (True), each later one the
        latest board their card jumps to. A direct match has no thread whose starter could
        follow it, so each player's DM with the bot holds a card of their own."""
        store = self.reader.store
        kept = {status.user_id: status for status in await store.player_statuses(match_id)}
        before = kept.get(user_id)
        if before is None or before.channel_id != channel_id:
            await store.keep_player_status(
                PlayerStatus(match_id, user_id, channel_id, message_id, message_id)
            )
            return True
        await store.keep_player_status(dataclasses.replace(before, latest_id=message_id))
        return False

    async def player_changes(
        self,
        match_id: int,
        link: Callable[[str, str], str],
        fresh: Collection[str] = (),
    ) -> list[LiveChange]:
        """After a change of a direct match reached its players: each player's status card
        as the match stands now, with a jump to their latest board DM (``link``: how a
        reader jumps to a message of a channel; none while the card is that board itself) —
        but not for those whose status message this change just sent them (``fresh``): it
        is the board they were sent. No ping to take: in a DM every message notifies anyway."""
        changes = []
        for status in await self.reader.store.player_statuses(match_id):
            if status.user_id in fresh:
                continue
            latest = status.latest_id
            card = await self.card(
                match_id, "" if latest == status.status_id else link(status.channel_id, latest)
            )
            if card is None:
                return []
            changes.append(LiveChange(status.channel_id, status.status_id, card))
        return changes

    async def card(self, match_id: int, link: str = "") -> Post | None:
        """The status card of the match as stored now, in its place's language: its title,
        who is to move (or the result, or why it stands still), the clocks, and a jump to
        ``link`` (the latest board). No ping: a status message never mentions anyone."""
        record = await self.reader.store.get_match(match_id)
        if record is None:
            return None
        loaded = self.reader.load(record)
        context = await self.reader.context_of(loaded)
        language = context.language
        say = words(language)
        names = context.names()
        outcome = final_outcome(loaded)
        clocks: list[str] = []
        if outcome is not None:
            standing = result_text(loaded.rules, loaded.state, outcome, names, language)
        elif record.status == ACTIVE:
            standing = to_move_text(loaded, names, language)
            seats = loaded.rules.to_move(loaded.state)
            clocks = await self.clocks.lines(record, seats, names, language)
        elif record.status == CHALLENGE:
            standing = say("live.waiting")
        else:
            standing = say("live.closed")  # declined or cancelled
        parts = [say("live.heading"), standing, "\n".join(clocks)]
        if link:
            parts.append(say("live.latest", link=link))
        parts = [part for part in parts if part]
        return Post(
            text="\n".join(parts),
            title=match_title(loaded.rules, match_id, names, language),
            parts=tuple(parts),
        )
