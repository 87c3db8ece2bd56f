"""The guided-turn panel as a use case: a player presses their way to a move, and a finished
walk is played through :meth:`bot.service.play.moves.Moves.move` like typed input.

Why apart from :mod:`bot.service.play.guide`: the guide says what a level shows and is used by
the moves themselves (a Confirm panel before a step its game wants confirmed); the panel sits
over both, so neither the guide nor the moves import each other in a circle.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service.base import Refusal, User, guarded, match_status
from bot.service.match.transition import public_version, stale
from bot.service.replies import Reply
from bot.words import words
from storage.base import ACTIVE

if TYPE_CHECKING:
    from bot.service.match.reader import MatchReader
    from bot.service.play.guide import Guide
    from bot.service.play.moves import Moves


@dataclass(eq=False, repr=False)
class Panel:
    """The guided-turn panel as a use case: the reader, the guide (what a level shows) and
    the moves (a finished walk is played like typed input)."""

    reader: MatchReader
    guide: Guide
    moves: Moves

    @guarded
    async def panel(
        self,
        actor: User,
        *,
        match_id: int | None = None,
        where: str | None = None,
        version: int | None = None,
        path: Sequence[int] = (),
        confirmed: bool = False,
    ) -> Reply:
        say = words(actor.locale)
        await self.reader.touch(actor)
        record = await self.reader.find(actor, match_id, where, statuses=(ACTIVE,))
        loaded = self.reader.load(record)
        rules, state = loaded.rules, loaded.state
        if record.status != ACTIVE:
            raise Refusal("panel.match_status", match=record.id, status=match_status(record.status))
        seat = self.reader.seat_of(record, actor)
        to_move = rules.to_move(state)
        if seat not in to_move:
            names = await self.reader.player_names(record, say.language)
            movers = [names[s] for s in to_move]
            who = (
                functools.reduce(lambda a, b: say("common.and", first=a, last=b), movers)
                if movers
                else say("panel.nobody")
            )
            raise Refusal("panel.not_your_turn", players=who, match=record.id)
        if stale(record, version):
            path, confirmed = (), False  # the board moved on: start again from the top
            note = say("panel.refreshed") + "\n"
        else:
            note = ""
        shown = await self.guide.show(actor, loaded, path, confirmed=confirmed, note=note)
        if isinstance(shown, Reply):
            return shown
        played = rules.format(state, shown.action)
        return await self.moves.move(
            actor, played, match_id=record.id, version=public_version(record)
        )
