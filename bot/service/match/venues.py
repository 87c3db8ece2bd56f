"""Where a match is played, and so where its news goes.

In a server with the bot a match has a place of its own — a thread, or the channel — where
the bot posts whenever something happens. Where the bot is not a member (a DM, a group DM, a
server where only a player installed the app), Discord lets it answer the commands made
there — the interaction's response and its follow-ups, for 15 minutes — and post nothing
else. Such a match is played in the ``direct`` venue: a post answers the command that caused
it, in the channel where the command was made, and everything else reaches each player by
DM. Nothing depends on a thread existing.

The venue is the service's decision, made once when a match is created and stored with it
(:attr:`storage.base.MatchRecord.venue`), so a restart delivers exactly as before. Front ends
only say whether the bot is present where a command came from (:attr:`User.bot_here`) and
deliver what they are handed: :func:`routed` turns a direct match's posts into the DMs that
replace them, once, for every use case.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Awaitable, Callable
from typing import ParamSpec

from bot.service.base import User
from bot.service.replies import DirectMessage, Reply, is_computer
from bot.words import words
from storage.base import VENUE_DIRECT, VENUE_SERVER, MatchRecord

SERVER = VENUE_SERVER
DIRECT = VENUE_DIRECT
FRIENDS_LADDER = ""
"""The ladder of every game played outside a server with the bot: one of its own for friends'
games, apart from each server's. A server without the bot has no ladder the bot could show
there, and a ladder per such server would stay a handful of games; keeping them apart from
the servers' ladders means a rating earned among friends never moves a community's."""

P = ParamSpec("P")


def where_played(
    actor: User, guild_id: str | None, venue: str | None = None
) -> tuple[str, str | None]:
    """(venue, server) of a new match: ``venue`` if it is already decided (a rematch keeps
    its match's), else a server's thread where the bot is present and the direct venue where
    it is not. A direct match belongs to no server: no server's settings, limits or ladder
    apply to it (it rates on :data:`FRIENDS_LADDER`)."""
    chosen = venue or (SERVER if actor.bot_here else DIRECT)
    return chosen, guild_id if chosen == SERVER else None


def ladder_of(actor: User, guild_id: str | None) -> str:
    """The ladder a command about ratings reads: the server's where the bot is, else the
    friends' ladder (a DM, a group DM, a server without the bot)."""
    return (guild_id or "") if actor.bot_here else FRIENDS_LADDER


def routed(reply: Reply, record: MatchRecord, *, answered_by: str | None) -> Reply:
    """``reply`` as a direct match delivers it (a server's match is left as it is).

    The post pings nobody: where a command was made (``answered_by`` names who made it) it
    is that command's public answer, and everywhere else it does not exist. Whoever it
    would have pinged gets it by DM instead, buttons and board included; a post made with
    no command to answer (the clock's, the computer's, the web board's) goes by DM to every
    player it would have pinged, or to every player when it pinged nobody. The one who made
    the command sees the answer and gets no DM of it."""
    post = reply.post
    if record.venue != DIRECT or post is None:
        return reply
    quiet = dataclasses.replace(post, mentions=(), ping="")
    audience = post.mentions or (
        () if answered_by else tuple(u for u in dict.fromkeys(record.seats) if not is_computer(u))
    )
    topic = f"board:{record.id}" if post.image else ""
    line = "" if post.ping in post.text else post.ping  # a reminder's ping is its whole text
    dms = tuple(
        DirectMessage(uid, line, post=quiet, topic=topic)
        for uid in dict.fromkeys(audience)
        if uid != answered_by
    )
    return dataclasses.replace(reply, post=quiet if answered_by else None, dms=(*reply.dms, *dms))


def server_only(case: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
    """``case`` (server settings, leaderboards, the list of open challenges, tournaments)
    refused, saying why, where the bot is not in a server: there is no server whose
    settings, ladder or channels it could use."""

    @functools.wraps(case)
    async def only_in_servers(*args: P.args, **kwargs: P.kwargs) -> Reply:
        actor = next((a for a in args if isinstance(a, User)), None)
        if actor is not None and not actor.bot_here:
            return Reply.refuse(words(actor.locale)("venue.server_only"))
        return await case(*args, **kwargs)

    return only_in_servers
