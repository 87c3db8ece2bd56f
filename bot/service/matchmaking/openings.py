"""How a waiting match opens: which seat the challenger takes, and the one transition that
starts a two-player challenge or a seek with its clocks running.

Why apart: a challenge accepted and a seek taken start the same way, and both the
challenges and the seeks need it; as its own small collaborator neither has to know the other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Refusal, User
from bot.service.replies import Reply
from bot.service.text.command_map import choice_list
from bot.words import words
from games.core import Rules
from storage.base import ACTIVE, MatchRecord, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.clock.clocks import ClockKeeper
    from bot.service.match.reader import MatchReader
    from bot.service.match.transition import Transitions
    from bot.service.play.boards import Boards


def challenger_seat(rules: Rules[Any, Any], color: str | None, seed: int) -> int:
    word = (color or "random").strip().lower()
    seat_names = [s.lower() for s in rules.info.seat_names]
    if word == "first":
        return 0
    if word == "second":
        return 1
    if word in seat_names[:2]:
        return seat_names.index(word)
    if word == "random":
        return random.Random(seed).randrange(2)
    allowed = choice_list(["first", "second", "random", *seat_names[:2]])
    raise Refusal("challenge.bad_color", color=repr(color), allowed=allowed)


@dataclass(eq=False, repr=False)
class Openings:
    """The reader, the presenter, the transitions and the clocks (started here)."""

    reader: MatchReader
    boards: Boards
    transitions: Transitions
    clocks: ClockKeeper

    async def begin(
        self,
        actor: User,
        record: MatchRecord,
        line: str,
        *,
        seats: Sequence[str] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Reply:
        """A waiting two-player challenge (or a seek, whose ``seats`` are filled now) starts:
        one transition to active with its clocks running, then the board with a ping."""
        rules = games.get(record.game)
        state = rules.load(record.state)
        meta = dict(record.meta if meta is None else meta)
        meta.update(self.clocks.start_meta(rules, state, len(seats or record.seats), meta))
        update = MatchUpdate(status=ACTIVE, seats=seats, meta=meta)
        updated = (await self.transitions.commit(record, update)).record
        return await self.boards.turn_reply(
            self.reader.load(updated), [line], words(actor.locale)("challenge.accepted"), None
        )
