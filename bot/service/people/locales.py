"""A person's client language, noted from every command (issue 43.1).

Why: a person's DMs, reminders and private images are written when no interaction of theirs
is at hand (the clock's tick, another player's move), so the language their client speaks is
kept from the last time they were seen (:func:`bot.service.text.languages.person_language`).
Every command passes through :meth:`LocaleNotes.noting` (the facade wraps each one), so no use
case has to remember to note it.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec

from bot.service.base import User
from bot.service.replies import is_computer
from bot.service.text.languages import known
from storage.base import Store

P = ParamSpec("P")
log = logging.getLogger(__name__)


@dataclass(eq=False, repr=False)
class LocaleNotes:
    store: Store
    clock: Callable[[], float]

    async def note_locale(self, actor: User) -> None:
        """Keep ``actor``'s client language if it changed (the console's ``--locale`` is
        its users' client language); a read only where the command did not read it already,
        a write only when it changed."""
        seen = known(actor.locale)
        if seen is None or is_computer(actor.id):
            return
        if (await self.store.user_locales([actor.id])).get(actor.id) == seen:
            return
        await self.store.save_user_locale(actor.id, seen, self.clock())

    def noting(self, case: Callable[P, Awaitable[Any]]) -> Callable[P, Awaitable[Any]]:
        """``case``, then its actor's client language noted (:meth:`note_locale`). After,
        not before: a move reads its players' languages with the match, so the check costs
        no round trip of its own; the command's answer speaks the actor's locale anyway."""

        @functools.wraps(case)
        async def noted(*args: P.args, **kwargs: P.kwargs) -> Any:
            answer = await case(*args, **kwargs)
            actor = next((a for a in args if isinstance(a, User)), None)
            if actor is not None:
                try:
                    await self.note_locale(actor)
                except Exception:  # the answer stands; the next command notes it again
                    log.exception("could not keep the client language of %s", actor.id)
            return answer

        return noted
