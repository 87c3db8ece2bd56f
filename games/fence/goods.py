"""The end of a round: Hot Goods (rulings 24–25 and their options), the victory checks
(26–27, Victory by accumulation) and the First Player marker moving back (19).

Seats that left the game (``drop``) are not "players in the match" any more: they do not
count for the number of Hot Goods, and the First Player marker passes over them.
"""

from __future__ import annotations

from games.fence import cards
from games.fence.citymap import CityMap, distances, tile_of
from games.fence.draws import grant
from games.fence.sentences import COLOURS, SAY
from games.fence.setup import roll_group, start_round, valid_coords
from games.fence.state import Table
from games.fence.world import build_map, tiles_at, tiles_of
from games.sentences import Sentence, joined

COUNTS = {"half": lambda n: -(-n // 2), "n-1": lambda n: max(1, n - 1), "n": lambda n: n}


def start_goods(table: Table, names: tuple[str, ...]) -> None:
    table.goods = []
    table.goods_left = COUNTS[table.opts["more_hot_goods"]](len(table.active()))
    run_goods(table, names)


def _locate(table: Table) -> list[int] | None:
    """The tile group the goods land on: rolled dice, or with Hot Goods by Cards a red/blue
    pair drawn from the Stash and discarded (drawn again while it names no usable tile)."""
    if not table.opts["hot_goods_by_cards"]:
        return roll_group(table, table.rng(), exclude=())
    valid = valid_coords(table, exclude=())
    while valid:
        pair = cards.draw_pair(table)
        if pair is None:
            return None
        table.discard.extend(pair)
        coords = (cards.value_of(pair[0]) or 0, cards.value_of(pair[1]) or 0)
        if coords in valid:
            return tiles_at(table, coords)
    return None


def run_goods(table: Table, names: tuple[str, ...]) -> None:
    """Bring up the round's remaining Hot Goods, stopping at a winner's colour choice."""
    while table.goods_left > 0:
        if not cards.stash_size(table):
            table.say(SAY("stash_empty"))
            table.goods_left = 0
            break
        table.goods_left -= 1
        group = _locate(table)
        if not group:
            table.goods_left = 0
            break
        tile = group[0]
        winner, note = closest(table, group, names)
        table.goods.append((tile, -1 if winner is None else winner, note))
        table.say(note)
        if winner is None:
            if table.opts["wasted_hot_goods"]:
                waste(table, names)
            continue
        owed = 2 if table.ritzy in group else 1
        if grant(table, winner, owed, "goods", names):
            return
    end_round(table, names)


def closest(table: Table, group: list[int], names: tuple[str, ...]) -> tuple[int | None, Sentence]:
    """Who gets Hot Goods on ``group`` (rulings 24–25).

    Distances are road steps from any usable neighbourhood of the tile, along One Way signs
    towards each pawn; the Cops' distance ignores them. Unreachable counts as infinitely far.
    With Boats, a player with a boat in play standing on a waterfront neighbourhood may go by
    water instead, each tile counting half (:func:`_by_water`). Distances are kept in half
    steps so the comparison stays exact.
    """
    city_ = build_map(table)
    good = city_.usable()
    start = [h for t in group for h in city_.hoods_of(t) if h in good]
    sub_succ = {h: [n for n in city_.succ.get(h, ()) if n in good] for h in good}
    sub_roads = {h: [n for n in city_.roads.get(h, ()) if n in good] for h in good}
    reach = distances(start, sub_succ)
    far = 10**9
    where = tiles_of(table)[group[0]].name
    pawn_dist = {
        seat: 2 * reach.get(hood, far)
        for seat, hood in enumerate(table.pawns)
        if hood is not None and hood >= 0
    }
    by_boat = set()
    for seat, water in _by_water(table, city_, group, start).items():
        if water < pawn_dist[seat]:
            pawn_dist[seat] = water
            by_boat.add(seat)
    best = min(pawn_dist.values(), default=far)
    if best >= far:
        return None, SAY("goods_unreachable", tile=where)
    nearest = [seat for seat, d in pawn_dist.items() if d == best]
    if len(nearest) > 1:
        return None, SAY("goods_tie", tile=where)
    cops = 2 * distances(start, sub_roads).get(table.cops if table.cops is not None else -1, far)
    if cops < best:
        return None, SAY("goods_cops", tile=where)
    if nearest[0] in by_boat:
        return nearest[0], SAY("goods_won_boat", tile=where, colour=COLOURS[nearest[0]])
    return nearest[0], SAY("goods_won", tile=where, colour=COLOURS[nearest[0]])


def _by_water(table: Table, city_: CityMap, group: list[int], start: list[int]) -> dict[int, int]:
    """Boats: half steps by water from the goods to each boated player on a waterfront.

    The goods tile must have a (usable) waterfront neighbourhood and the player must stand
    on one; the route is counted in tiles crossed by water (:meth:`CityMap.water`), each
    worth half a road step. The seed lets boats ignore One Way signs and pass under bridges,
    so the water graph has neither.
    """
    if not table.opts.get("boats"):
        return {}
    tiles = tiles_of(table)

    def waterfront(hood: int) -> bool:
        return tiles[tile_of(hood)].hoods[hood % 4].waterfront

    wet = sorted({tile_of(h) for h in start if waterfront(h)})
    if not wet:
        return {}
    steps = distances(wet, city_.water())
    out: dict[int, int] = {}
    for seat, hood in enumerate(table.pawns):
        if hood is None or hood < 0 or not table.boats[seat] or not waterfront(hood):
            continue
        if tile_of(hood) in steps:
            out[seat] = steps[tile_of(hood)]
    return out


def waste(table: Table, names: tuple[str, ...]) -> None:
    """Wasted Hot Goods: the First Player burns the top card of the fuller pile (the seed
    leaves the pile open; taking the fuller one keeps both colours alive longest)."""
    pile = table.mixed or (table.red if len(table.red) >= len(table.blue) else table.blue)
    if pile:
        table.discard.append(pile.pop())
        table.say(SAY("goods_wasted", colour=COLOURS[table.first]))


def winner_now(table: Table) -> int | None:
    """Ruling 26: the one free player when everyone else is in Jail without a red/blue pair."""
    free = [s for s, hood in enumerate(table.pawns) if hood is not None]
    if len(free) != 1:
        return None
    if any(cards.has_pair(table.hands[s]) for s in range(table.players) if s != free[0]):
        return None
    return free[0]


def most_cards(table: Table) -> tuple[int, ...]:
    free = [s for s, hood in enumerate(table.pawns) if hood is not None]
    if not free:
        return ()
    top = max(len(table.hands[s]) for s in free)
    return tuple(s for s in free if len(table.hands[s]) == top)


def end_game(table: Table, winners: tuple[int, ...], termination: str, reason: Sentence) -> None:
    table.winners = winners
    table.termination = termination
    table.reason = reason
    table.stage = "over"
    table.say(reason)


def end_round(table: Table, names: tuple[str, ...]) -> None:
    """Victory by accumulation, the round limit, then the First Player marker moves back."""
    free = [s for s, hood in enumerate(table.pawns) if hood is not None]
    if table.opts["accumulation_victory"] and any(
        len(table.hands[s]) >= 2 * len(free) for s in free
    ):
        winners = most_cards(table)
        end_game(table, winners, "accumulation", _most_sentence(winners, hoarded=True))
        return
    if table.round >= table.round_limit:
        winners = most_cards(table)
        end_game(table, winners, "round_limit", _most_sentence(winners, hoarded=False))
        return
    table.first = (table.first - 1) % table.players
    while table.dropped[table.first]:
        table.first = (table.first - 1) % table.players
    start_round(table)


def _most_sentence(winners: tuple[int, ...], *, hoarded: bool) -> Sentence:
    if not winners:
        return SAY("nobody_wins")
    who = joined([COLOURS[s] for s in winners])
    if hoarded:
        return SAY("hoarded", n=len(winners), players=who)
    return SAY("ended_with", n=len(winners), players=who)
