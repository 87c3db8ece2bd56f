"""``/me quiet``: a player's quiet hours and weekend pause, and the pings that waited for them.

The schedule and its arithmetic live with the clocks (:mod:`bot.service.match.clock.quiet`): a quiet
player's clock pauses as for a vacation. What is here is the person's side: setting it (each
value checked before anything is stored, one sentence for each mistake), and the turn pings
held while they were quiet (``meta["held_pings"]``, kept by the move that made it their turn),
sent by the scheduler's tick once the quiet time is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Refusal, User, guarded
from bot.service.match.clock.quiet import (
    HELD_KEY,
    QUIET_KEY,
    Quiet,
    hours_text,
    parse_hours,
    zone_named,
)
from bot.service.replies import DirectMessage, Post, Reply
from bot.words import words
from storage.base import ACTIVE, MatchRecord, MatchUpdate, Store

if TYPE_CHECKING:
    from bot.service.match.notifier import Notifier
    from bot.service.match.reader import MatchReader
    from bot.service.match.transition import Transitions


@dataclass(eq=False, repr=False)
class QuietHours:
    store: Store
    clock: Callable[[], float]
    reader: MatchReader
    transitions: Transitions
    notifier: Notifier

    @guarded
    async def quiet(
        self,
        actor: User,
        *,
        zone: str | None = None,
        hours: str | None = None,
        weekend: bool | None = None,
    ) -> Reply:
        """Set (or, with nothing given, show) when my clock does not run."""
        say = words(actor.locale)
        settings = await self.store.user_settings(actor.id)
        kept = Quiet.from_settings(settings)
        if zone is None and hours is None and weekend is None:
            return Reply(text=self._told(kept, actor.locale))
        named = zone_named(zone) if zone is not None else (kept.zone if kept else None)
        new_hours = parse_hours(hours) if hours is not None else (kept.hours if kept else ())
        new_weekend = weekend if weekend is not None else bool(kept and kept.weekend)
        if named is None:
            raise Refusal("quiet.needs_zone")
        schedule = Quiet(named, new_hours, new_weekend)
        rest = {k: v for k, v in settings.items() if k != QUIET_KEY}
        now = self.clock()
        saved = rest if schedule.empty else {**rest, QUIET_KEY: schedule.to_dict()}
        await self.reader.touch(actor)
        await self.store.save_user_settings(actor.id, saved, now)
        # Fewer quiet hours bring deadlines forward: the scheduler looks again now.
        for record in await self.store.list_matches(user_id=actor.id, statuses=(ACTIVE,)):
            if "clock" in record.meta:
                await self.transitions.reschedule(record, now)
        return Reply(text=say("quiet.set") + " " + self._told(schedule, actor.locale))

    @staticmethod
    def _told(schedule: Quiet | None, locale: str) -> str:
        say = words(locale)
        if schedule is None or schedule.empty:
            return say("quiet.none")
        parts = [hours_text(schedule.hours)] if schedule.hours else []
        if schedule.weekend:
            parts.append(say("quiet.weekend"))
        return say("quiet.summary", span=", ".join(parts), zone=schedule.zone)

    async def release(self, record: MatchRecord, now: float) -> tuple[MatchRecord, list[Reply]]:
        """Send the turn pings whose quiet time is over (and forget them), for the tick."""
        held: dict[str, Any] = record.meta.get(HELD_KEY) or {}
        due = [int(seat) for seat, at in held.items() if float(at) <= now]
        if not due:
            return record, []
        left = {seat: at for seat, at in held.items() if int(seat) not in due}
        meta = {k: v for k, v in record.meta.items() if k != HELD_KEY}
        update = MatchUpdate(meta={**meta, HELD_KEY: left} if left else meta)
        record = (await self.transitions.commit(record, update, now=now)).record
        rules = games.get(record.game)
        moving = set(rules.to_move(rules.load(record.state)))
        replies = []
        for seat in (s for s in due if s in moving and s < len(record.seats)):
            replies.extend(await self._ping(record, seat, rules.info.title))
        return record, replies

    async def _ping(self, record: MatchRecord, seat: int, game: str) -> list[Reply]:
        uid = record.seats[seat]
        mode = await self.notifier.mode(uid)
        if mode not in ("thread", "dm"):
            return []
        locale = (
            await self.notifier.locale(uid)
            if mode == "dm"
            else await self.reader.match_language(record)
        )
        name = (await self.reader.player_names(record, locale))[seat]
        text = words(locale)("board.your_turn", players=name, game=game, match=record.id)
        if mode == "dm":
            dm = DirectMessage(uid, self.notifier.linked(record, text), topic=f"board:{record.id}")
            return [Reply(dms=(dm,), match_id=record.id)]
        return [Reply(post=Post(text=text, ping=text, mentions=(uid,)), match_id=record.id)]
