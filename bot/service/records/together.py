"""What two people have played together: "Games with this player" from a person's menu.

Why apart from the listings: ``/me games`` is about one player's open matches everywhere;
this is about a pair, finished matches included, with the tally between them. It only reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.base import Refusal, User, guarded
from bot.service.match.reader import rules_named
from bot.service.replies import Reply, is_computer
from bot.service.text.markdown import escape
from bot.words import Words, words
from games.core import Outcome
from storage.base import ACTIVE, CHALLENGE, FINISHED, MatchRecord

if TYPE_CHECKING:
    from bot.service.match.wiring import Core

SHOWN = 10
"""The most recent matches listed one line each; the tally counts all of them."""
STATUSES = (CHALLENGE, ACTIVE, FINISHED)
"""What counts as a game between two people: asked, running or over (not a declined or
cancelled challenge, which never became one)."""

RESULT_SAYS = {"won": "together.won", "drawn": "together.drawn", "lost": "together.lost"}
"""A finished match's line from the caller's side (the keys spelled out for the catalogue)."""


def _seat_of(record: MatchRecord, other: User) -> int | None:
    """The other person's seat: the computer at any level when it is the computer."""
    for seat, uid in enumerate(record.seats):
        if uid == other.id or (is_computer(other.id) and is_computer(uid)):
            return seat
    return None


class Together:
    """The store (the pair's matches) and the reader (their rules, to say whose turn)."""

    def __init__(self, core: Core) -> None:
        self.store, self.reader = core.store, core.reader
        self.notifier = core.notifier

    @guarded
    async def games_with(self, actor: User, other: User) -> Reply:
        """The matches between the caller and ``other``, newest first, and who won how many
        of the finished ones; answered to the caller alone."""
        say = words(actor.locale)
        if other.id == actor.id:
            raise Refusal("together.yourself")
        shared = [
            record
            for record in await self.store.list_matches(user_id=actor.id, statuses=STATUSES)
            if actor.id in record.seats and _seat_of(record, other) is not None
        ]
        name = escape(other.name)
        if not shared:
            return Reply(text=say("together.none", player=name))
        tally = {"won": 0, "drawn": 0, "lost": 0}
        for record in shared:
            if record.status == FINISHED and record.result is not None:
                tally[self._for_me(record, actor)] += 1
        lines = [say("together.heading", n=len(shared), player=name, **tally)]
        for record in shared[:SHOWN]:
            line = say(
                "together.line",
                match=record.id,
                game=rules_named(record.game).info.title,
                state=self._state(record, actor, other, say),
            )
            lines.append(self.notifier.linked(record, line))
        if len(shared) > SHOWN:
            lines.append(say("together.more", n=len(shared) - SHOWN))
        return Reply(text="\n".join(lines))

    @staticmethod
    def _for_me(record: MatchRecord, actor: User) -> str:
        outcome = Outcome.from_dict(record.result or {})
        if outcome.is_draw:
            return "drawn"
        return "won" if record.seats.index(actor.id) in outcome.winners else "lost"

    def _state(self, record: MatchRecord, actor: User, other: User, say: Words) -> str:
        if record.status == CHALLENGE:
            return say("together.challenge")
        if record.status == FINISHED:
            return say(RESULT_SAYS[self._for_me(record, actor)])
        loaded = self.reader.load(record)
        movers = [record.seats[seat] for seat in loaded.rules.to_move(loaded.state)]
        return say("together.your_turn" if actor.id in movers else "together.their_turn")
