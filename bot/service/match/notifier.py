"""How players hear about their turn, as an explicit collaborator of the use cases.

Why apart: whom to ping in the thread, whom to DM instead, and whether a player wants a
Confirm press are preferences read from the store; keeping them in one object (store, clocks
for the time left, and the link maker) means a use case asks "who is pingable" instead of
knowing how preferences are stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.base import Loaded, User, plural_names
from bot.service.match.clock.clocks import ClockKeeper
from bot.service.replies import DirectMessage, is_computer
from bot.service.text.languages import reader_language
from bot.words import words
from storage.base import ACTIVE, VENUE_DIRECT, VENUE_SERVER, MatchRecord, Store

NOTIFY_MODES = ("thread", "dm", "digest", "off")
LinkFn = Callable[[MatchRecord], "str | None"]


@dataclass(eq=False, repr=False)
class Notifier:
    store: Store
    clocks: ClockKeeper
    link: LinkFn | None

    def linked(self, record: MatchRecord, text: str) -> str:
        url = self.link(record) if self.link else None
        return f"{text} {url}" if url else text

    # -- preferences -----------------------------------------------------------------------
    async def prefs(self, user_id: str) -> dict[str, Any]:
        return await self.store.user_settings(user_id)

    async def confirms_moves(self, actor: User) -> bool:
        return bool((await self.prefs(actor.id)).get("confirm", False))

    async def locale(self, user_id: str) -> str:
        """The language a player's DMs are written in: the one they chose, else their
        client's as last seen (:func:`bot.service.text.languages.person_language`). Scheduled
        messages have no interaction to read a locale from."""
        return await reader_language(self.store, user_id)

    async def mode(self, user_id: str) -> str:
        if is_computer(user_id):
            return "off"  # the computer needs no reminder: it moves as soon as it may
        mode = (await self.prefs(user_id)).get("notify", "thread")
        return mode if mode in NOTIFY_MODES else "thread"

    async def pingable(
        self,
        user_ids: Sequence[str],
        venue: str = VENUE_SERVER,
        record: MatchRecord | None = None,
    ) -> tuple[str, ...]:
        """Turn pings go only to players who want them in the thread; in a direct match,
        whose pings become DMs of the board (:mod:`bot.service.match.venues`), to those who want
        them in the thread or by DM; and, in ``record``, not to a player in their quiet
        hours: that ping waits until they end (:meth:`ClockKeeper.held_pings`)."""
        wanted = ("thread", "dm") if venue == VENUE_DIRECT else ("thread",)
        awake = [u for u in user_ids if record is None or not await self.quiet_now(record, u)]
        return tuple([u for u in awake if await self.mode(u) in wanted])

    async def quiet_now(self, record: MatchRecord, user_id: str) -> bool:
        """Whether ``user_id`` is in quiet hours that ``record`` lets pause them."""
        return await self.clocks.quiet_until(record, user_id) is not None

    async def turn_dms(self, loaded: Loaded, ended: bool) -> tuple[DirectMessage, ...]:
        """The "your turn" DMs of players who asked for them; none in a direct match, where the
        board itself goes by DM to whoever must act (:meth:`pingable`)."""
        if not ended or loaded.record.status != ACTIVE or loaded.record.venue == VENUE_DIRECT:
            return ()
        seats = loaded.rules.to_move(loaded.state)
        directory = await self.clocks.directory([loaded.record])
        dms = []
        for seat in seats:
            uid = loaded.record.seats[seat]
            if await self.mode(uid) != "dm" or await self.quiet_now(loaded.record, uid):
                continue
            locale = await self.locale(uid)
            say = words(locale)
            names = directory.player_names(loaded.record, locale)
            opponents = plural_names([n for s, n in enumerate(names) if s != seat], locale)
            where = self.linked(loaded.record, say("notify.dm_where", match=loaded.id))
            left = await self.clocks.time_left(loaded.record, seat, locale=locale)
            text = say(
                "notify.dm_turn", game=loaded.rules.info.title, opponents=opponents, where=where
            )
            dms.append(
                DirectMessage(
                    uid,
                    text + (f" {left[0].upper()}{left[1:]}." if left else ""),
                    topic=f"board:{loaded.id}",
                )
            )
        return tuple(dms)
