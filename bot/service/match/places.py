"""Where a match lives, and an answer delivered there: the last thing every command does.

Why apart from the reader: the reader finds the match a command is *about* before the command
runs; this reads the match once more *after* it, as it is stored now, to say where its answer
goes (a thread, a channel, the players' DMs) — a step of the command pipeline
(:mod:`bot.service.pipeline`), the scheduler's work and the computer's turns, not of a use case.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ParamSpec

from bot.service.base import User
from bot.service.match.links import BoardLinks, with_links
from bot.service.match.transition import public_version
from bot.service.match.venues import routed
from bot.service.replies import MatchPlace, Reply, is_computer
from bot.service.text.computer_names import names_by_seat
from bot.service.text.languages import match_language
from storage.base import ACTIVE, MatchRecord, Store

P = ParamSpec("P")

LinkFn = Callable[[MatchRecord], "str | None"]
"""How a front end links to a match's place (Discord: a jump link), if it can."""


async def place_of(
    store: Store, link: LinkFn | None, record: MatchRecord, *, new: bool = False
) -> MatchPlace:
    """Where ``record`` lives, for the front end; for a ``new`` match also what its thread
    is called and where its server wants it."""
    title, server = "", {}
    if new:
        language = await match_language(store, record)
        known = await store.user_names(record.seats)
        names = " vs ".join(names_by_seat(record.seats, known, language, raw=True))
        title = f"{record.game.title()} #{record.id}: {names}"
        server = await store.guild_settings(record.guild_id) if record.guild_id else {}
    return MatchPlace(
        match_id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        thread_id=record.thread_id,
        version=public_version(record),
        computer_in_play=record.status == ACTIVE and any(map(is_computer, record.seats)),
        link=link(record) if link else None,
        thread_title=title,
        server_channel=server.get("channel") or None,
        threads=server.get("mode", "thread") != "channel",
        venue=record.venue,
    )


@dataclass(eq=False, repr=False)
class Places:
    """The store (the match as stored now), the front end's link maker and the web board's
    link signer (None: no web board): a direct match's DMs carry each player's own link, as
    a server's turn DMs do."""

    store: Store
    link: LinkFn | None = None
    board_links: BoardLinks | None = None

    async def placed(self, reply: Reply, *, answered_by: str | None = None) -> Reply:
        """``reply`` with its match's place, read once after the command as it is stored now
        (a refusal has nothing to deliver there and is left as it is), and delivered as its
        venue delivers (:func:`bot.service.match.venues.routed`: ``answered_by`` made the command
        this answers, None when nobody did)."""
        wanted = reply.ok or reply.post is not None or reply.dms
        if reply.match_id is None or reply.match_place is not None or not wanted:
            return reply
        record = await self.store.get_match(reply.match_id)
        if record is None:
            return reply
        delivered = routed(reply, record, answered_by=answered_by)
        if delivered.dms is not reply.dms:  # the board went by DM: with the player's own link
            linked = await with_links(self.board_links, self.store, record, delivered.dms)
            delivered = dataclasses.replace(delivered, dms=linked)
        place = await place_of(self.store, self.link, record, new=reply.created)
        return dataclasses.replace(delivered, match_place=place)

    def placing(
        self, case: Callable[P, Awaitable[Reply]], *, answered: bool = True
    ) -> Callable[P, Awaitable[Reply]]:
        """``case`` whose answer says where its match lives (:meth:`placed`); ``answered``:
        a front end answers the command with it (Discord, the console), so a direct match's
        post may be shown where the command was made — not so a move made on the web board,
        whose post has nowhere to go but the players' DMs."""

        @functools.wraps(case)
        async def answer(*args: P.args, **kwargs: P.kwargs) -> Reply:
            actor = next((a for a in args if isinstance(a, User)), None)
            by = actor.id if answered and actor is not None else None
            return await self.placed(await case(*args, **kwargs), answered_by=by)

        return answer

    def placing_each(
        self, deliver: Callable[[list[Reply]], Awaitable[None]]
    ) -> Callable[[list[Reply]], Awaitable[None]]:
        """``deliver`` (a front end's poster of replies made in the background, such as a
        computer's turns) handed each reply placed, as every answer to a front end is."""

        async def placed_delivery(replies: list[Reply]) -> None:
            await deliver([await self.placed(reply) for reply in replies])

        return placed_delivery

    def placing_all(
        self, case: Callable[P, Awaitable[list[Reply]]]
    ) -> Callable[P, Awaitable[list[Reply]]]:
        """``case`` (the scheduler's work: many answers) with each answer placed."""

        @functools.wraps(case)
        async def answers(*args: P.args, **kwargs: P.kwargs) -> list[Reply]:
            return [await self.placed(reply) for reply in await case(*args, **kwargs)]

        return answers
