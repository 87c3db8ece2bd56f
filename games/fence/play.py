"""The Main Phase (rulings 19–23 and the turn options): Move Yourself, Move Others, Jail and
Turning State's Evidence, and the trading options.

A turn is one step (Move Yourself) or two (the two parts of Move Others, in the order the
player likes), plus a colour choice whenever a card is drawn by choice. The options add
steps around it:

- Trading Cards: before the main action the player may make one offer per turn; the offeree
  answers (the only time a seat acts during someone else's turn), then the turn goes on.
  Jailed players may trade too: the seed asks and leaves it open, and a deal between two
  prisoners is exactly the kind of scheming the variant is for.
- Boats: a boat card opens a Move Others turn (the seed: "if a player has decided to Move
  Others ... they can also play a face card"), so it is the turn's first step.
- The Trading Post: a player whose pawn is on the Post when their turn ends may trade there
  before play passes on.
"""

from __future__ import annotations

from games.fence import cards, ledger
from games.fence.actions import (
    Accept,
    Action,
    Boat,
    CopsRoad,
    Draw,
    Hunch,
    NoTrade,
    Offer,
    PostTrade,
    Push,
    Refuse,
    TipOff,
    Yourself,
)
from games.fence.citymap import CityMap, tile_of
from games.fence.draws import drawn_sentence, grant, receive
from games.fence.goods import run_goods, start_goods
from games.fence.sentences import COLOURS, SAY
from games.fence.setup import seat_up
from games.fence.state import FenceState, Table
from games.fence.world import build_map, city_map, tiles_at, tiles_of
from games.sentences import Sentence


def _coords_of(state: FenceState, hood: int | None) -> tuple[int, int] | None:
    if hood is None or hood < 0:
        return None
    return tiles_of(state)[tile_of(hood)].coords


def card_targets(
    state: FenceState, here: tuple[int, int] | None, hand: tuple[str, ...], pairs_only: bool
) -> list[tuple[tuple[str, ...], tuple[int, int]]]:
    """(cards played, coordinates reached) for every distinct play from ``here`` (ruling 20):
    a single card changes its colour's coordinate, a Joker swaps both (Color Swap), a red and
    a blue card name a coordinate outright. Single cards need a tile with coordinates."""
    distinct = sorted((c for c in set(hand) if not cards.is_boat(c)), key=cards.sort_key)
    reds = [c for c in distinct if c[0] == "R" and cards.is_numbered(c)]
    blues = [c for c in distinct if c[0] == "B" and cards.is_numbered(c)]
    out: list[tuple[tuple[str, ...], tuple[int, int]]] = []
    if here is not None and not pairs_only:
        for card in distinct:
            if cards.is_joker(card):
                out.append(((card,), (here[1], here[0])))
            elif card[0] == "R":
                out.append(((card,), (int(card[1]), here[1])))
            else:
                out.append(((card,), (here[0], int(card[1]))))
    for red in reds:
        for blue in blues:
            out.append(((red, blue), (int(red[1]), int(blue[1]))))
    return out


def _hoods_at(state: FenceState, city_: CityMap, coords: tuple[int, int]) -> list[int]:
    good = city_.usable()
    return [h for t in tiles_at(state, coords) for h in city_.hoods_of(t) if h in good]


def legal_yourself(state: FenceState, seat: int, pairs_only: bool) -> list[Yourself]:
    """Move Yourself: the target must be an unoccupied usable neighbourhood; the Cops' one is
    allowed and means Jail (ruling 20)."""
    city_ = city_map(state)
    occupied = {p for p in state.pawns if p is not None}
    here = _coords_of(state, state.pawns[seat])
    out = []
    for played, coords in card_targets(state, here, state.hands[seat], pairs_only):
        for hood in _hoods_at(state, city_, coords):
            if hood not in occupied:
                out.append(Yourself(played, hood))
    return out


def legal_pushes(state: FenceState, seat: int) -> list[Push]:
    """Move Others, pawn part: another free pawn, one road step obeying One Way signs.

    The rulings do not forbid pushing a pawn onto another pawn, so that is allowed.
    """
    city_ = city_map(state)
    good = city_.usable()
    out = []
    for other, hood in enumerate(state.pawns):
        if other == seat or hood is None or hood < 0:
            continue
        for nxt in sorted(set(city_.succ.get(hood, ()))):
            if nxt in good:
                out.append(Push(other, nxt))
    return out


def legal_cops_moves(state: FenceState, seat: int) -> list[Action]:
    """Move Others, Cops part: a road step ignoring One Way signs, a tip-off with cards to any
    usable neighbourhood of the named tile, or (jailed, with the option) a Hunch.

    A tip-off must move the Cops: naming the neighbourhood they already stand on is not a
    move (the rulings are silent; this keeps "move the Cops" meaningful)."""
    city_ = city_map(state)
    good = city_.usable()
    cops = state.cops
    if cops is None:
        return []
    out: list[Action] = [CopsRoad(h) for h in sorted(set(city_.roads.get(cops, ()))) if h in good]
    here = _coords_of(state, cops)
    for played, coords in card_targets(state, here, state.hands[seat], pairs_only=False):
        out += [TipOff(played, h) for h in _hoods_at(state, city_, coords) if h != cops]
    if state.option("evidence_hunch") and state.pawns[seat] is None and here is not None:
        out += [Hunch("red"), Hunch("blue")]
    return out


def legal_turn(state: FenceState) -> list[Action]:
    """The first step of a turn. Boats and offers are extras of a turn that has a main
    action: with nothing else possible the turn passes rather than forcing an offer or a
    boat on the player."""
    seat = state.actor
    jailed = state.pawns[seat] is None
    if jailed and cards.has_pair(state.hands[seat]):
        forced = legal_yourself(state, seat, pairs_only=True)
        if forced:
            return [*forced, *legal_offers(state)]  # ruling 22: the way out must be taken
    out: list[Action] = list(legal_yourself(state, seat, pairs_only=jailed))
    others = [*legal_pushes(state, seat), *legal_cops_moves(state, seat)]
    out += others
    if others:
        out += legal_boats(state, seat)
    if out:
        out += legal_offers(state)
    return out


def legal_second(state: FenceState) -> list[Action]:
    """The rest of Move Others: the part not done yet, or both after a boat opened it."""
    seat = state.actor
    if state.others_done == "pawn":
        return legal_cops_moves(state, seat)
    if state.others_done == "cops":
        return list(legal_pushes(state, seat))
    return [*legal_pushes(state, seat), *legal_cops_moves(state, seat)]


def legal_draw(state: FenceState) -> list[Action]:
    return [Draw("red"), Draw("blue")]


def legal_boats(state: FenceState, seat: int) -> list[Action]:
    """Boats: a free player may put a boat in play as they Move Others. A jailed player may
    not (the seed sends a jailed player's boat to the discard pile, so it would sink at
    once), and a colour one already has in play would only replace itself."""
    if not state.option("boats") or state.pawns[seat] is None:
        return []
    out: list[Action] = []
    for colour in cards.COLOURS:
        card = cards.boat_card(colour)
        if card in state.hands[seat] and card not in state.boats[seat]:
            out.append(Boat(colour))
    return out


def legal_offers(state: FenceState) -> list[Action]:
    """Trading Cards: one offer per turn to another player still in the game who holds a
    card, giving a card of one's hand for any card the match has (the offerer cannot see
    the other hand, so any card may be asked)."""
    if not state.option("trading_cards") or state.offered:
        return []
    seat = state.actor
    mine = sorted(set(state.hands[seat]), key=cards.sort_key)
    kinds = cards.card_kinds(dict(state.options))
    out: list[Action] = []
    for other in state.active():
        if other == seat or not state.hands[other]:
            continue
        out += [Offer(other, give, ask) for give in mine for ask in kinds if ask != give]
    return out


def legal_answer(state: FenceState) -> list[Action]:
    """The offeree's answer: accepting needs the asked card, refusing is always possible."""
    _, offeree, _, ask = state.offer
    return [Accept(), Refuse()] if ask in state.hands[offeree] else [Refuse()]


def legal_trading(state: FenceState) -> list[Action]:
    """The Trading Post: give any card of one's hand to another player still in the game
    who holds a card, and take their card number 1..n, or skip."""
    seat = state.actor
    mine = sorted(set(state.hands[seat]), key=cards.sort_key)
    out: list[Action] = []
    for other in state.active():
        if other == seat:
            continue
        size = len(state.hands[other])
        out += [PostTrade(other, give, pick) for give in mine for pick in range(1, size + 1)]
    out.append(NoTrade())
    return out


# -- applying ------------------------------------------------------------------------------------


def _discard(table: Table, seat: int, played: tuple[str, ...]) -> None:
    for card in played:
        table.hands[seat].remove(card)
        ledger.lost(table, seat, card)
        table.discard.append(card)


def _jail_at(table: Table, hood: int, names: tuple[str, ...]) -> list[int]:
    """Every pawn on the Cops' neighbourhood goes to Jail (ruling 21), and its boats go to
    the discard pile (Boats)."""
    caught = [s for s, h in enumerate(table.pawns) if h == hood]
    for seat in caught:
        table.pawns[seat] = None
        table.say(SAY("caught", colour=COLOURS[seat]))
        sink_boats(table, seat, names)
    return caught


def sink_boats(table: Table, seat: int, names: tuple[str, ...]) -> None:
    for card in table.boats[seat]:
        table.discard.append(card)
        table.say(_boat_sinks(seat, cards.colour_of(card)))
    table.boats[seat] = []


def apply_boat(table: Table, action: Boat, names: tuple[str, ...]) -> None:
    """Boats: the card goes face up in front of the player, and the boat of that colour
    already in play (the last-played boat wins) goes to the discard pile. The turn is now
    Move Others with both parts still to do."""
    seat = table.actor
    card = cards.boat_card(action.colour)
    table.hands[seat].remove(card)
    ledger.lost(table, seat, card)
    for other in range(table.players):
        if card in table.boats[other]:
            table.boats[other].remove(card)
            table.discard.append(card)
            table.say(_boat_sinks(other, action.colour))
    table.boats[seat].append(card)
    table.stage = "second"
    table.others_done = ""


def apply_offer(table: Table, action: Offer, names: tuple[str, ...]) -> None:
    """Trading Cards: the offeree acts next, then the offerer's turn goes on."""
    seat = table.actor
    table.offer = [seat, action.seat, action.give, action.ask]
    table.offered = True
    table.stage = "offer"
    table.actor = action.seat
    table.tell(
        action.seat, SAY("offers_you", colour=COLOURS[seat], give=action.give, ask=action.ask)
    )


def apply_answer(table: Table, action: Accept | Refuse, names: tuple[str, ...]) -> None:
    offerer, offeree, give, ask = table.offer
    if isinstance(action, Accept):
        table.hands[offerer].remove(give)
        table.hands[offeree].remove(ask)
        ledger.lost(table, offerer, None)  # the cards are secret from the others
        ledger.lost(table, offeree, None)
        receive(table, offerer, ask, shown=False)
        receive(table, offeree, give, shown=False)
        table.tell(offerer, SAY("accepts_you", colour=COLOURS[offeree], give=give, ask=ask))
        table.tell(offeree, SAY("you_give", colour=COLOURS[offerer], give=ask, get=give))
    table.offer = []
    table.stage = "turn"
    table.actor = offerer


def apply_trading(table: Table, action: PostTrade | NoTrade, names: tuple[str, ...]) -> None:
    """The Trading Post: the other hand is shuffled before the pick, so the number chosen
    (all the picker knows, the cards' backs) says nothing about the card taken."""
    seat = table.actor
    if isinstance(action, PostTrade):
        other = action.seat
        table.hands[seat].remove(action.give)
        shuffled = list(table.hands[other])
        table.rng().shuffle(shuffled)
        taken = shuffled[action.pick - 1]
        table.hands[other].remove(taken)
        ledger.lost(table, seat, None)  # both cards change hands face down
        ledger.lost(table, other, None)
        receive(table, other, action.give, shown=False)
        receive(table, seat, taken, shown=False)
        given = {"give": action.give, "taken": taken}
        table.tell(seat, SAY("you_give_take", colour=COLOURS[other], **given))
        table.tell(other, SAY("gives_you", colour=COLOURS[seat], **given))
    finish_turn(table, names)


def apply_yourself(table: Table, action: Yourself, names: tuple[str, ...]) -> None:
    seat = table.actor
    _discard(table, seat, action.cards)
    was_jailed = table.pawns[seat] is None
    table.pawns[seat] = action.hood
    if was_jailed:
        table.say(SAY("out_of_jail", colour=COLOURS[seat]))
    if action.hood == table.cops:
        _jail_at(table, action.hood, names)
    end_turn(table, names)


def apply_others(table: Table, action: Action, names: tuple[str, ...]) -> None:
    """One part of Move Others; Turning State's Evidence happens at once (ruling 23)."""
    seat = table.actor
    snitch = table.pawns[seat] is None
    part = "pawn" if isinstance(action, Push) else "cops"
    caught: list[int] = []
    by_cards = False
    if isinstance(action, Push):
        table.pawns[action.seat] = action.hood
        if action.hood == table.cops:
            caught = _jail_at(table, action.hood, names)
    elif isinstance(action, CopsRoad):
        table.cops = action.hood
        caught = _jail_at(table, action.hood, names)
    elif isinstance(action, TipOff):
        _discard(table, seat, action.cards)
        table.cops = action.hood
        caught = _jail_at(table, action.hood, names)
        by_cards = True
    elif isinstance(action, Hunch):
        caught = _hunch(table, action, names)
        by_cards = True
    table.others_done = "both" if table.others_done else part
    if snitch and caught:
        if by_cards:
            drawn = cards.fewest_for_pair(table, seat)
            table.say(SAY("evidence", colour=COLOURS[seat], n=len(drawn)))
        elif grant(table, seat, 1, "evidence", names):
            return
    resume_turn(table, names)


def _hunch(table: Table, action: Hunch, names: tuple[str, ...]) -> list[int]:
    """State's Evidence on a Hunch: one die moves the Cops along that colour's coordinate.

    The Cops go to an occupied neighbourhood of the named tile if there is one, else to its
    first usable one; a roll naming no usable tile leaves them where they are. Either way,
    catching nobody makes the player an Unreliable Witness who loses their next turn.
    """
    seat = table.actor
    value = table.rng().randint(1, 6)
    state_tiles = tiles_of(table)
    here = state_tiles[tile_of(table.cops or 0)].coords or (0, 0)
    coords = (value, here[1]) if action.colour == "red" else (here[0], value)
    city_ = build_map(table)
    good = city_.usable()
    hoods = [h for t in tiles_at(table, coords) for h in city_.hoods_of(t) if h in good]
    rolled = {"colour": COLOURS[seat], "value": value}
    table.say(SAY("hunch_roll_red" if action.colour == "red" else "hunch_roll_blue", **rolled))
    occupied = [h for h in hoods if h in table.pawns]
    if occupied:
        table.cops = occupied[0]
        return _jail_at(table, occupied[0], names)
    if hoods:
        table.cops = hoods[0]
    table.unreliable[seat] = True
    table.say(SAY("unreliable", colour=COLOURS[seat]))
    return []


def apply_draw(table: Table, action: Draw, names: tuple[str, ...]) -> None:
    seat = table.actor
    card = cards.draw(table, action.colour)
    if card is not None:
        receive(table, seat, card, shown=True)  # ruling 29: the colour drawn is public
        table.say(drawn_sentence(seat, cards.colour_of(card)))
    table.draws_owed -= 1
    if table.draws_owed > 0 and grant(table, seat, table.draws_owed, table.draw_for, names):
        return
    table.draws_owed = 0
    reason, table.draw_for = table.draw_for, ""
    if reason == "goods":
        run_goods(table, names)
    else:
        table.stage = "turn"
        resume_turn(table, names)


def resume_turn(table: Table, names: tuple[str, ...]) -> None:
    """After a Move Others part: the other part, or the end of the turn."""
    if table.others_done == "both":
        end_turn(table, names)
    else:
        table.stage = "second"
        table.actor = (table.first + table.turn) % table.players


def end_turn(table: Table, names: tuple[str, ...]) -> None:
    """The turn's actions are over: a stop at the Trading Post if the player ends there and
    a trade is possible, else the next seat."""
    if can_trade_at_post(table):
        table.stage = "trading"
        return
    finish_turn(table, names)


def can_trade_at_post(table: Table) -> bool:
    seat = table.actor
    if not table.opts.get("trading_post") or table.post is None or table.dropped[seat]:
        return False
    if table.pawns[seat] != table.post or not table.hands[seat]:
        return False
    return any(table.hands[o] for o in table.active() if o != seat)


def finish_turn(table: Table, names: tuple[str, ...]) -> None:
    """Play passes to the next seat still in the game, or the round ends (ruling 19)."""
    table.others_done = ""
    table.offered = False
    table.turn += 1
    if not seat_up(table):
        start_goods(table, names)


def _boat_sinks(seat: int, colour: str) -> Sentence:
    return SAY("boat_sinks_red" if colour == "red" else "boat_sinks_blue", colour=COLOURS[seat])
