"""The Main Phase (rulings 19–23 and the turn options): Move Yourself, Move Others, Jail and
Turning State's Evidence.

A turn is one step (Move Yourself) or two (the two parts of Move Others, in the order the
player likes), plus a colour choice whenever a card is drawn by choice.
"""

from __future__ import annotations

from games.fence import cards
from games.fence.actions import Action, CopsRoad, Draw, Hunch, Push, TipOff, Yourself
from games.fence.citymap import CityMap, tile_of
from games.fence.draws import grant, receive
from games.fence.goods import run_goods, start_goods
from games.fence.state import FenceState, Table
from games.fence.world import build_map, city_map, tiles_at, tiles_of


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
    distinct = sorted(set(hand), key=cards.sort_key)
    reds = [c for c in distinct if c[0] == "R" and not cards.is_joker(c)]
    blues = [c for c in distinct if c[0] == "B" and not cards.is_joker(c)]
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
    seat = state.actor
    jailed = state.pawns[seat] is None
    if jailed and cards.has_pair(state.hands[seat]):
        forced = legal_yourself(state, seat, pairs_only=True)
        if forced:
            return list(forced)  # ruling 22: the way out must be taken
    out: list[Action] = list(legal_yourself(state, seat, pairs_only=jailed))
    out += legal_pushes(state, seat)
    out += legal_cops_moves(state, seat)
    return out


def legal_second(state: FenceState) -> list[Action]:
    if state.others_done == "pawn":
        return legal_cops_moves(state, state.actor)
    return list(legal_pushes(state, state.actor))


def legal_draw(state: FenceState) -> list[Action]:
    return [Draw("red"), Draw("blue")]


# -- applying ------------------------------------------------------------------------------------


def _discard(table: Table, seat: int, played: tuple[str, ...]) -> None:
    for card in played:
        table.hands[seat].remove(card)
        table.discard.append(card)


def _jail_at(table: Table, hood: int, names: tuple[str, ...]) -> list[int]:
    """Every pawn on the Cops' neighbourhood goes to Jail (ruling 21)."""
    caught = [s for s, h in enumerate(table.pawns) if h == hood]
    for seat in caught:
        table.pawns[seat] = None
        table.say(f"{names[seat]} is caught by the Cops and goes to Jail.")
    return caught


def apply_yourself(table: Table, action: Yourself, names: tuple[str, ...]) -> None:
    seat = table.actor
    _discard(table, seat, action.cards)
    was_jailed = table.pawns[seat] is None
    table.pawns[seat] = action.hood
    if was_jailed:
        table.say(f"{names[seat]} gets out of Jail.")
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
            table.say(f"{names[seat]} turns State's Evidence and draws {len(drawn)} card(s).")
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
    table.say(f"{names[seat]} rolls the {action.colour} die on a hunch: {value}.")
    occupied = [h for h in hoods if h in table.pawns]
    if occupied:
        table.cops = occupied[0]
        return _jail_at(table, occupied[0], names)
    if hoods:
        table.cops = hoods[0]
    table.unreliable[seat] = True
    table.say(f"{names[seat]} is an Unreliable Witness and loses their next turn.")
    return []


def apply_draw(table: Table, action: Draw, names: tuple[str, ...]) -> None:
    seat = table.actor
    card = cards.draw(table, action.colour)
    if card is not None:
        receive(table, seat, card)
        table.say(f"{names[seat]} draws a {cards.colour_of(card)} card.")
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
    table.others_done = ""
    table.turn += 1
    if table.turn >= table.players:
        start_goods(table, names)
        return
    table.stage = "turn"
    table.actor = (table.first + table.turn) % table.players
