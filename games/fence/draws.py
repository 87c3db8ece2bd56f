"""Cards drawn as rewards (Hot Goods, Turning State's Evidence): a choice of colour when the
table allows one, an automatic draw otherwise, and what the table is told about it.

The colour of a card drawn by choice is public (ruling 29); from a mixed pile nobody chose,
so only "a card" is announced.
"""

from __future__ import annotations

from games.fence import cards, ledger
from games.fence.sentences import COLOURS, SAY
from games.fence.state import Table
from games.sentences import Sentence


def receive(table: Table, seat: int, card: str, shown: bool) -> None:
    """``card`` joins ``seat``'s hand; ``shown``: everyone knows its colour (ledger)."""
    ledger.gained(table, seat, card if shown else None)
    table.hands[seat].append(card)
    table.hands[seat].sort(key=cards.sort_key)


def grant(table: Table, seat: int, count: int, reason: str, names: tuple[str, ...]) -> bool:
    """Give ``seat`` ``count`` drawn cards. Where the colour is the player's choice the table
    stops at a ``draw`` step and this returns True; otherwise the cards are drawn at once."""
    while count > 0 and cards.stash_size(table):
        if cards.choice_needed(table):
            table.stage = "draw"
            table.actor = seat
            table.draws_owed = count
            table.draw_for = reason
            return True
        from_mixed = bool(table.mixed)
        card = cards.draw(table, None)
        if card is None:
            break
        receive(table, seat, card, shown=not from_mixed)
        table.say(drawn_sentence(seat, None if from_mixed else cards.colour_of(card)))
        count -= 1
    return False


def drawn_sentence(seat: int, colour: str | None) -> Sentence:
    """ "Orange draws a red card." (ruling 29: a drawn card's colour is public, unless it came
    from the mixed pile)."""
    if colour == "red":
        return SAY("draws_red", colour=COLOURS[seat])
    if colour == "blue":
        return SAY("draws_blue", colour=COLOURS[seat])
    return SAY("draws_card", colour=COLOURS[seat])
