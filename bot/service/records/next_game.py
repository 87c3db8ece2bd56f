"""The "Next game" button of ``/me games``: the one of a player's matches that waits for them
most urgently, shown to them alone with its board and move buttons.

Why in the service: which match is "next" is a rule (:meth:`ClockKeeper.urgency`: the soonest
running clock first, matches without one after, the oldest last change first) that every front
end must keep the same — the Discord button, the console's ``/me next`` — so it is decided
here, and a front end only shows the answer. The board is the one ``/board`` shows, buttons
included (:meth:`Moves.board_of`), in the presser's own language, so pressing "Next game"
plays exactly as the thread does.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from bot.service.base import User, guarded
from bot.service.match.wiring import OnCore
from bot.service.replies import Reply
from bot.words import words
from storage.base import ACTIVE, MatchRecord

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.play.moves import Moves


class NextGame(OnCore):
    """The match core (the matches, their rules and clocks) and the moves (whose board of a
    match shows the chosen one)."""

    def __init__(self, core: Core, moves: Moves) -> None:
        super().__init__(core)
        self.moves = moves

    async def waiting(self, user_id: str) -> list[MatchRecord]:
        """``user_id``'s active matches where they must act, the most urgent first. A player
        who left a FENCE! game is not waited for there."""
        records = [
            record
            for record in await self.store.list_matches(user_id=user_id, statuses=(ACTIVE,))
            if user_id in record.seats
        ]
        directory = await self.clocks.directory(records)
        keyed = []
        for record in records:
            loaded = self.reader.load(record)
            gone = set(record.meta.get("dropped", []))
            mine = [
                seat
                for seat in loaded.rules.to_move(loaded.state)
                if seat < len(record.seats) and record.seats[seat] == user_id and seat not in gone
            ]
            if mine:
                urgency = min([await self.clocks.urgency(record, s, directory) for s in mine])
                keyed.append((urgency, record))
        return [record for _, record in sorted(keyed, key=lambda pair: pair[0])]

    @guarded
    async def next_game(self, actor: User) -> Reply:
        """The most urgent match waiting for the caller: its board as a card for them alone,
        with its buttons; one sentence when nothing waits."""
        await self.reader.touch(actor)
        say = words(actor.locale)
        waiting = await self.waiting(actor.id)
        if not waiting:
            return Reply(text=say("waiting.none"))
        record = waiting[0]
        board = await self.moves.board_of(self.reader.load(record), say.language)
        more = len(waiting) - 1
        text = (
            say("games.next_more", match=record.id, n=more)
            if more
            else say("games.next_only", match=record.id)
        )
        card = dataclasses.replace(board, ping=text, mentions=())
        return Reply(text=f"{text}\n{card.text}", card=card, match_id=record.id)
