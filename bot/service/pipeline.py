"""The one wrapper in front of every command a front end calls.

A command, whatever its use case, is one request (:mod:`storage.cached`: each thing read once)
that does, in this order:

1. note the Discord language of the server it came from, so the shared posts of its answer
   already speak it unless the server chose one (:meth:`Servers.note_locale`,
   :mod:`bot.service.text.languages`);
2. run the use case;
3. bring its caller the DMs they could not be sent (:meth:`Notices.shown`);
4. keep the caller's client language if it changed, which their DMs then speak
   (:meth:`bot.service.people.locales.LocaleNotes.note_locale`; after the use case, whose
   match read brought its players' languages along, so it costs no round trip of its own);
5. say where the answer's match lives and deliver it as its venue does
   (:meth:`bot.service.match.places.Places.placed`).

Why one object and not five nested decorators: the order is the behaviour, and it reads here
top to bottom, once; a traceback or a profile of a command shows one frame for it instead of
four.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ParamSpec

from bot.service.base import User
from bot.service.replies import Reply
from storage.cached import request

if TYPE_CHECKING:
    from bot.service.match.places import Places
    from bot.service.matchmaking.servers import Servers
    from bot.service.people.locales import LocaleNotes
    from bot.service.people.notices import Notices

P = ParamSpec("P")
log = logging.getLogger("bot.service")


@dataclass(eq=False, repr=False)
class Pipeline:
    """Where answers go (the places), the servers (their languages), the kept notices and
    the callers' client languages."""

    places: Places
    servers: Servers
    notices: Notices
    locales: LocaleNotes

    def __call__(self, case: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
        """``case`` as a command its caller's front end answers with the reply (a move made
        on the web board is answered nowhere: :meth:`Places.placing` ``answered=False``)."""

        @functools.wraps(case)
        async def command(*args: P.args, **kwargs: P.kwargs) -> Reply:
            actor = next((a for a in args if isinstance(a, User)), None)
            with request():
                if actor is not None:
                    await self.servers.note_locale(actor)
                reply = await case(*args, **kwargs)
                if actor is not None and (kept := await self.notices.shown(actor)):
                    reply = dataclasses.replace(reply, notices=(*reply.notices, *kept))
                if actor is not None:
                    await self._note_client_language(actor)
                by = actor.id if actor is not None else None
                return await self.places.placed(reply, answered_by=by)

        return command

    async def _note_client_language(self, actor: User) -> None:
        try:
            await self.locales.note_locale(actor)
        except Exception:  # the answer stands; the actor's next command notes it again
            log.exception("could not keep the client language of %s", actor.id)
