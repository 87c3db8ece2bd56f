"""DMs that could not be delivered, kept until their player is next seen.

A direct match (:mod:`bot.service.match.venues`) reaches its players by DM alone, so a player whose
DMs are closed — or whom Discord will not let the bot write to — would miss their turn, a
reminder, the result. Nothing is lost instead: the front end hands each DM it could not
deliver to :meth:`Notices.keep`, the store keeps it, and the player's next command — any
command, a button press included — brings it, privately, once.

Why in the service: the store write and the sentence are the service's; the front end only
knows that a DM failed. Why shown by a wrapper of every command (:meth:`Notices.showing`)
rather than by each use case: "at the player's next command" is a rule of every command.

Most players never have a notice, so a command must not pay a database round trip to learn
that: the collaborator knows who has one (read once, then kept as notices are kept and
shown), and every bot process reads it again before each scheduler tick, leading or not
(:meth:`Notices.refreshing`), so a notice kept by another process — the web board's,
posting a move, or another shard's — is shown within a tick.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from bot.service.base import User, ago
from bot.service.replies import DirectMessage, Reply
from bot.words import words
from storage.base import Store

P = ParamSpec("P")
R = TypeVar("R")

SHOWN_AT_ONCE = 1900
"""Characters of kept messages one answer shows (Discord's message holds 2,000); the rest
wait for the next command, and the answer says how many."""


class Notices:
    """The store (the kept messages) and the clock (when they were kept)."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._waiting: set[str] | None = None
        """Who has a notice kept, as last read or since changed here (None: not read yet)."""

    async def keep(self, dm: DirectMessage, match_id: int | None = None) -> None:
        """Keep a DM the front end could not deliver, as text, for its player's next
        command; one of the same topic replaces an older (a newer board of that match)."""
        await self.store.add_notice(
            dm.user_id, dm.summary(), self.clock(), topic=dm.topic, match_id=match_id
        )
        if self._waiting is not None:
            self._waiting.add(dm.user_id)

    async def refresh(self) -> None:
        """Read again who has a notice kept (another process may have kept one)."""
        self._waiting = await self.store.users_with_notices()

    async def shown(self, user: User) -> tuple[str, ...]:
        """The messages kept for ``user`` as one private answer (oldest first, each with
        how long ago), forgotten once taken; what does not fit waits for the next command."""
        if self._waiting is None:
            await self.refresh()
        assert self._waiting is not None
        if user.id not in self._waiting:
            return ()
        pending = await self.store.notices(user.id)
        if not pending:
            self._waiting.discard(user.id)
            return ()
        say = words(user.locale)
        now = self.clock()
        lines = [say("notices.heading", n=len(pending))]
        size, last, taken = len(lines[0]), pending[0].id, 0
        for notice in pending:
            entry = f"• {ago(now - notice.created_at, say.language)}: {notice.text}"
            if taken and size + len(entry) + 1 > SHOWN_AT_ONCE:
                break
            entry = entry[: SHOWN_AT_ONCE - size - 1]
            lines.append(entry)
            size += len(entry) + 1
            last, taken = notice.id, taken + 1
        if taken < len(pending):
            lines.append(say("notices.more", n=len(pending) - taken))
        else:
            self._waiting.discard(user.id)
        await self.store.drop_notices(user.id, last)
        return ("\n".join(lines),)

    def showing(self, case: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
        """``case`` whose answer also brings its caller's kept messages (:meth:`shown`)."""

        @functools.wraps(case)
        async def with_notices(*args: P.args, **kwargs: P.kwargs) -> Reply:
            reply = await case(*args, **kwargs)
            actor = next((a for a in args if isinstance(a, User)), None)
            if actor is None:
                return reply
            kept = await self.shown(actor)
            return dataclasses.replace(reply, notices=(*reply.notices, *kept)) if kept else reply

        return with_notices

    def refreshing(self, tick: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        """``tick`` (the scheduler's, or its leadership question) that first reads again who
        has a notice kept."""

        @functools.wraps(tick)
        async def refreshed(*args: P.args, **kwargs: P.kwargs) -> R:
            await self.refresh()
            return await tick(*args, **kwargs)

        return refreshed
