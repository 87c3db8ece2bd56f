"""A seat leaving a game that goes on without it (resignation or timeout with three or more
players): ``Rules.drop_player`` for FENCE!.

The seed has no such rule; what a careful table would do:

- The pawn leaves the map for good. For the victory rule (ruling 26) it counts as a pawn in
  Jail with no way out: it holds no cards and never draws again, so it can never stop
  someone else winning, and it never wins Hot Goods or the round limit.
- Every card the seat held goes face up to the discard pile (public from then on): its hand,
  its unrevealed starting cards and its boats in play. Tiles still in its hand during the
  draft are discarded with the tiles nobody could place.
- The seat never acts again: turns, pawn placement and trades pass over it, nobody can
  offer it a trade or pick it at the Trading Post, and the First Player marker skips it.
  If the First Player leaves during setup, the marker passes clockwise at once, because the
  First Player still has setup choices to make (tunnel, Cops, Trading Post).
- If it was the seat to act, play passes on from where it stood: a turn (or the rest of
  one, or its Trading Post stop, or a colour still to choose for State's Evidence) ends; a
  colour still to choose for Hot Goods is forfeited and the round's remaining goods come up;
  a pending Trading Cards offer lapses (the offerer's turn goes on if the offeree left).
- When only one seat is left it wins (termination ``last_player``); Hot Goods per round
  count the seats still playing.
"""

from __future__ import annotations

from games.fence import goods, ledger, play, setup
from games.fence.engine import NAMES, settle
from games.fence.sentences import COLOURS, SAY
from games.fence.state import FenceState, Table, freeze, thaw


def drop(state: FenceState, seat: int) -> FenceState:
    """``state`` with ``seat`` gone (module docstring). A finished game, or a seat that has
    already left, is returned unchanged."""
    if state.stage == "over" or not 0 <= seat < state.players or state.dropped[seat]:
        return state
    table = thaw(state)
    table.notes = []
    acting = state.actor == seat
    _clear_seat(table, seat)
    if table.offer and seat in table.offer[:2]:
        offerer = table.offer[0]
        table.offer = []
        table.stage = "turn"
        table.actor = offerer
        acting = offerer == seat
        if not acting:
            table.say(SAY("offer_lapses", colour=COLOURS[seat]))
    if len(table.active()) > 1:
        _pass_on(table, seat, acting)
    return settle(freeze(table), table.events)


def _clear_seat(table: Table, seat: int) -> None:
    table.dropped[seat] = True
    shown = [*table.hands[seat], *table.start[seat], *table.boats[seat]]
    table.discard.extend(shown)
    table.hands[seat], table.start[seat], table.boats[seat] = [], [], []
    ledger.forget(table, seat)
    table.tiles_out = sorted(table.tiles_out + table.tile_hands[seat])
    table.tile_hands[seat] = []
    table.pawns[seat] = None
    table.unreliable[seat] = False
    if shown:
        table.say(SAY("leaves_cards", colour=COLOURS[seat], cards=" ".join(shown)))
    else:
        table.say(SAY("leaves", colour=COLOURS[seat]))


def _pass_on(table: Table, seat: int, acting: bool) -> None:
    """Move the game on from the stage ``seat`` left it in (module docstring)."""
    stage = table.stage
    if table.round == 0:
        # The next pawn is worked out in the old First Player's order before the marker
        # moves on; the order of the seats still here is the same either way.
        nxt = setup.next_pawn_seat(table, seat) if stage == "pawn" and acting else None
        setup.first_still_playing(table)
        if stage == "draft":
            table.passes = 0  # a round of passes must now be a round of the seats still here
            if acting:
                setup.next_drafter(table)
        elif stage == "pawn" and acting:
            setup.advance_pawns(table, nxt)
        elif stage in ("tunnel", "cops", "post"):
            table.actor = table.first
        return
    if not acting:
        return
    if stage in ("turn", "second", "trading"):
        play.finish_turn(table, NAMES)
    elif stage == "draw":
        table.draws_owed = 0
        reason, table.draw_for = table.draw_for, ""
        if reason == "goods":
            goods.run_goods(table, NAMES)
        else:
            play.finish_turn(table, NAMES)
