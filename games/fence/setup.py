"""The Setup Phase (rulings 10–18 and the setup options): dealing, drafting the map, the
tunnel, pawns, the Cops, the Trading Post, the Ritzy Tile and the first hands.

Functions named ``legal_*`` read a frozen state; the others edit a :class:`Table` during one
``apply`` and leave it at the next stage that needs a person.
"""

from __future__ import annotations

import random
from typing import Any

from games.fence import cards
from games.fence.actions import Action, Place, PlaceCops, PlacePawn, PlacePost, PlaceTunnel, Swap
from games.fence.citymap import random_build, tile_of
from games.fence.draws import receive
from games.fence.sentences import COLOURS, SAY
from games.fence.state import NOT_PLACED, FenceState, Stage, Table
from games.fence.tiles import city, old_town_index
from games.fence.world import build_map, city_map, hood_name, match_tiles, tiles_at, tiles_of

SWAP_LIMIT = 2  # ruling 13


def seat_order(first: int, players: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


# -- a new match ---------------------------------------------------------------------------------


def new_table(players: int, opts: dict[str, Any], seed: int) -> Table:
    """Deal tiles and starting cards, put Old Town down, and open the draft (rulings 10–11)."""
    tiles = match_tiles(bool(opts["big_map"]))
    table = Table(
        players=players,
        options=tuple(sorted(opts.items())),
        seed=seed,
        draws=0,
        stage="draft",
        actor=0,
        first=0,
        round=0,
        turn=0,
        round_limit=int(opts["round_limit"]),
        tile_hands=[[] for _ in range(players)],
        placed=[],
        tiles_out=[],
        swaps=[0] * players,
        passes=0,
        map_done=False,
        tunnel=[],
        pending_tiles=[],
        ritzy=None,
        red=[],
        blue=[],
        mixed=[],
        discard=[],
        hands=[[] for _ in range(players)],
        known_colours=[[0, 0] for _ in range(players)],
        start=[[] for _ in range(players)],
        revealed=[],
        pawns=[NOT_PLACED] * players,
        cops=None,
        unreliable=[False] * players,
        boats=[[] for _ in range(players)],
        post=None,
        dropped=[False] * players,
        others_done="",
        draws_owed=0,
        draw_for="",
        goods_left=0,
        goods=[],
        offer=[],
        offered=False,
        winners=None,
        termination="",
        reason="",
        events=[],
        notes=[],
    )
    rng = table.rng()
    order = list(range(len(tiles)))
    rng.shuffle(order)
    for i, tile in enumerate(order):
        table.tile_hands[i % players].append(tile)
    town = old_town_index(city())
    holder = next(s for s, hand in enumerate(table.tile_hands) if town in hand)
    table.tile_hands[holder].remove(town)
    for hand in table.tile_hands:
        hand.sort()
    table.first = table.actor = holder
    table.placed.append(((0, 0), town, 0))
    cards.fill_stash(table, rng)
    if not opts["turn_taking_pawns"]:
        for seat in range(players):
            pair = cards.draw_pair(table)
            table.start[seat] = list(pair) if pair else []
    cards.add_boats(table, rng)
    if opts["dice_round_limit"]:
        table.round_limit = rng.randint(1, 6) + rng.randint(1, 6)
        table.say(SAY("dice_rounds", n=table.round_limit))
    if opts["quick_map"]:
        rest = [t for t in order if t != town]
        cells = random_build(tiles, rest, town, rng, bool(opts["all_hoods_connected"]))
        table.placed = [(pos, tile, rot) for pos, (tile, rot) in sorted(cells.items())]
        table.tile_hands = [[] for _ in range(players)]
        placed = {tile for _, tile, _ in table.placed}
        table.tiles_out = sorted(t for t in rest if t not in placed)
        finish_map(table)
    return table


# -- drafting the map (rulings 12–14) ------------------------------------------------------------


def legal_draft(state: FenceState) -> list[Action]:
    seat = state.actor
    city_ = city_map(state)
    require_all = bool(state.option("all_hoods_connected"))
    out: list[Action] = []
    for tile in state.tile_hands[seat]:
        out += [Place(tile, pos, rot) for pos, rot in city_.placements(tile, require_all)]
    if state.swaps[seat] < SWAP_LIMIT:
        for tile in state.tile_hands[seat]:
            out += [Swap(tile, pos, rot) for pos, rot in city_.swaps(tile, require_all)]
    return out


REWARD_JOINS = 2
"""Rewarded Tile Placement: a placement whose roads join the city on at least this many
sides earns a card. The seed hesitates between two and three; two rewards the dense,
well-connected cities the variant asks for without making rewards rare."""


def apply_draft(table: Table, action: Place | Swap) -> None:
    seat = table.actor
    if isinstance(action, Place) and table.opts.get("rewarded_tiles"):
        _reward_placement(table, seat, action)
    table.tile_hands[seat].remove(action.tile)
    if isinstance(action, Swap):
        taken = next(t for pos, t, _ in table.placed if pos == action.pos)
        table.placed = [p for p in table.placed if p[0] != action.pos]
        table.tile_hands[seat].append(taken)
        table.tile_hands[seat].sort()
        table.swaps[seat] += 1
    table.placed.append((action.pos, action.tile, action.rot))
    table.passes = 0
    if table.opts["missing_tiles"] and not table.tile_hands[seat]:
        table.say(SAY("tiles_all_placed"))
        finish_map(table)
        return
    next_drafter(table)


def _reward_placement(table: Table, seat: int, action: Place) -> None:
    """Rewarded Tile Placement (ruling 28): one card for a placement joining the city by road
    on :data:`REWARD_JOINS` sides or more. Swaps earn nothing (they only move tiles about).
    The card comes from the larger pile (red on a tie) so the draft needs no colour step;
    its colour is public, its value secret, like every drawn card (ruling 29)."""
    joins = build_map(table).road_joins(action.tile, action.rot, action.pos)
    if joins < REWARD_JOINS:
        return
    colour = "red" if len(table.red) >= len(table.blue) else "blue"
    card = cards.draw(table, colour)
    if card is None:
        return
    receive(table, seat, card, shown=True)  # the table is told its colour below
    red = cards.colour_of(card) == "red"
    table.say(SAY("rewarded_red" if red else "rewarded_blue", colour=COLOURS[seat], n=joins))


def next_drafter(table: Table) -> None:
    """The next seat that still holds tiles, or the end of the map when nobody does."""
    if not any(table.tile_hands):
        finish_map(table)
        return
    seat = table.actor
    for _ in range(table.players):
        seat = (seat + 1) % table.players
        if table.tile_hands[seat]:
            table.actor = seat
            return


def auto_pass(table: Table, seat: int) -> None:
    """A drafter with no legal placement or swap passes; a full round of passes from everyone
    still holding tiles ends the map (ruling 14)."""
    table.passes += 1
    table.say(SAY("cannot_place", colour=COLOURS[seat]))
    holders = sum(1 for hand in table.tile_hands if hand)
    if table.passes >= holders:
        finish_map(table)
    else:
        next_drafter(table)


def finish_map(table: Table) -> None:
    left = sorted(t for hand in table.tile_hands for t in hand)
    if left:
        table.say(SAY("discarded_tiles", n=len(left)))
    table.tiles_out = sorted(table.tiles_out + left)
    table.tile_hands = [[] for _ in range(table.players)]
    table.map_done = True
    table.passes = 0
    city_ = build_map(table)
    off = [h for t in city_.where for h in city_.hoods_of(t) if h not in city_.usable()]
    if off:
        names = ", ".join(hood_name(tiles_of(table), h) for h in off)
        table.say(SAY("off_limits", hoods=names))
    if table.opts["tunnel"] and _first_player_picks(table, "tunnel"):
        return
    start_pawns(table)


# -- rolling for a tile ------------------------------------------------------------------------


def valid_coords(table: Table, exclude: tuple[int, ...]) -> list[tuple[int, int]]:
    """Coordinates naming a placed tile with a usable neighbourhood (dice reroll others)."""
    city_ = build_map(table)  # the placed tiles' map: kept on it, worked out once per city
    found = city_.coords_kept.get(exclude)
    if found is None:
        good = city_.usable()
        tiles = tiles_of(table)
        out = set()
        for _, tile, _ in table.placed:
            coords = tiles[tile].coords
            if coords and tile not in exclude and any(h in good for h in city_.hoods_of(tile)):
                out.add(coords)
        found = city_.coords_kept[exclude] = sorted(out)
    return list(found)


def roll_group(table: Table, rng: random.Random, exclude: tuple[int, ...]) -> list[int] | None:
    """Roll the red and blue dice until they name a usable placed tile (rulings 17, 24); the
    group is every tile with those coordinates (two under Big Map), None if no roll can."""
    valid = valid_coords(table, exclude)
    if not valid:
        return None
    while True:
        coords = (rng.randint(1, 6), rng.randint(1, 6))
        if coords in valid:
            return [t for t in tiles_at(table, coords) if t not in exclude]


def _first_player_picks(table: Table, stage: Stage) -> bool:
    """Roll a tile group on which the First Player picks a neighbourhood in ``stage`` (the
    tunnel's first end, the Trading Post); False when no roll can name a tile, and the
    option's step is skipped."""
    group = roll_group(table, table.rng(), exclude=())
    if not group:
        return False
    table.stage = stage
    table.actor = table.first
    table.pending_tiles = group
    return True


def group_hoods(state: FenceState, group: tuple[int, ...]) -> list[int]:
    city_ = city_map(state)
    good = city_.usable()
    return [h for t in group for h in city_.hoods_of(t) if h in good]


# -- tunnel ----------------------------------------------------------------------------------


def legal_tunnel(state: FenceState) -> list[Action]:
    return [PlaceTunnel(h) for h in group_hoods(state, state.pending_tiles)]


def apply_tunnel(table: Table, action: PlaceTunnel) -> None:
    table.tunnel.append(action.hood)
    if len(table.tunnel) == 1:
        group = roll_group(table, table.rng(), exclude=(tile_of(action.hood),))
        if group:
            table.pending_tiles = group
            return
        table.tunnel = []
        table.say(SAY("no_tunnel"))
    table.pending_tiles = []
    start_pawns(table)


# -- pawns (ruling 16) ---------------------------------------------------------------------------


def start_pawns(table: Table) -> None:
    table.stage = "pawn"
    table.actor = table.first
    prepare_pawn(table)


def prepare_pawn(table: Table) -> None:
    """Reveal the actor's starting cards and find their tile; draw new pairs while that tile
    is not on the map or has no usable neighbourhood (ruling 16).

    If the Stash cannot give another pair the player may start on any usable neighbourhood
    (the rulings are silent; this keeps every pawn on the map).
    """
    seat = table.actor
    if table.opts["turn_taking_pawns"]:
        table.pending_tiles = []
        table.revealed = []
        return
    pair = table.start[seat]
    table.start[seat] = []
    while pair:
        table.discard.extend(pair)
        table.revealed = list(pair)
        red, blue = cards.value_of(pair[0]), cards.value_of(pair[1])
        group = tiles_at(table, (red or 0, blue or 0))
        city_ = build_map(table)
        if any(h in city_.usable() for t in group for h in city_.hoods_of(t)):
            table.pending_tiles = group
            return
        table.say(SAY("pair_redrawn", first=pair[0], second=pair[1]))
        drawn = cards.draw_pair(table)
        pair = list(drawn) if drawn else []
    table.revealed = []
    table.pending_tiles = []


def legal_pawn(state: FenceState) -> list[Action]:
    city_ = city_map(state)
    good = city_.usable()
    occupied = {p for p in state.pawns if p is not None and p != NOT_PLACED}
    if state.pending_tiles:
        hoods = [h for t in state.pending_tiles for h in city_.hoods_of(t) if h in good]
    else:
        hoods = sorted(good)
    free = [h for h in hoods if h not in occupied]
    return [PlacePawn(h) for h in (free or hoods)]


def apply_pawn(table: Table, action: PlacePawn) -> None:
    table.pawns[table.actor] = action.hood
    advance_pawns(table, next_pawn_seat(table, table.actor))


def next_pawn_seat(table: Table, after: int) -> int | None:
    """The seat placing its pawn after ``after``, in order from the First Player, skipping
    seats that left the game."""
    order = seat_order(table.first, table.players)
    for seat in order[order.index(after) + 1 :]:
        if not table.dropped[seat]:
            return seat
    return None


def advance_pawns(table: Table, nxt: int | None) -> None:
    """Hand the pawn placement on to ``nxt``, or roll for the Cops once every pawn is down."""
    table.revealed = []
    table.pending_tiles = []
    if nxt is not None:
        table.actor = nxt
        prepare_pawn(table)
        return
    table.stage = "cops"
    table.actor = table.first
    table.pending_tiles = roll_group(table, table.rng(), exclude=()) or []


# -- the Cops, the Ritzy Tile, the first hands (rulings 17–18) -------------------------------------


def legal_cops(state: FenceState) -> list[Action]:
    return [PlaceCops(h) for h in group_hoods(state, state.pending_tiles)]


def apply_cops(table: Table, action: PlaceCops, seat_names: tuple[str, ...]) -> None:
    table.cops = action.hood
    table.pending_tiles = []
    for seat, hood in enumerate(table.pawns):
        if hood == action.hood:
            table.pawns[seat] = None
            table.say(SAY("starts_in_jail", colour=COLOURS[seat]))
    if table.opts.get("trading_post") and _first_player_picks(table, "post"):
        return
    finish_setup(table)


# -- the Trading Post (option) -------------------------------------------------------------------


def legal_post(state: FenceState) -> list[Action]:
    """The First Player picks the Post's neighbourhood on the rolled tile, as for the Cops
    (the seed: "rolls the dice and places a Trading Post marker on a neighborhood in the
    selected tile"). It may share a neighbourhood with a pawn or the Cops: it is a marker."""
    return [PlacePost(h) for h in group_hoods(state, state.pending_tiles)]


def apply_post(table: Table, action: PlacePost) -> None:
    table.post = action.hood
    table.pending_tiles = []
    finish_setup(table)


def finish_setup(table: Table) -> None:
    """The Ritzy Tile, the first hands (ruling 18) and the Mixed Stash, then round one."""
    if table.opts["ritzy_tile"]:
        choose_ritzy(table)
    for seat in seat_order(table.first, table.players):
        if not table.dropped[seat]:
            cards.deal_hand(table, seat)
    if table.opts["mixed_stash"] and not table.mixed:
        table.mixed = table.red + table.blue
        table.red, table.blue = [], []
        table.rng().shuffle(table.mixed)
    start_round(table)


def choose_ritzy(table: Table) -> None:
    """Ritzy Tile: red/blue pairs are drawn and discarded until one names a usable tile."""
    valid = valid_coords(table, exclude=())
    while True:
        pair = cards.draw_pair(table)
        if pair is None:
            table.say(SAY("no_ritzy"))
            return
        table.discard.extend(pair)
        coords = (cards.value_of(pair[0]) or 0, cards.value_of(pair[1]) or 0)
        if coords in valid:
            table.ritzy = tiles_at(table, coords)[0]
            name = tiles_of(table)[table.ritzy].name
            table.say(SAY("ritzy", first=pair[0], second=pair[1], tile=name))
            return


def start_round(table: Table) -> None:
    table.round += 1
    table.turn = 0
    table.others_done = ""
    table.offered = False
    seat_up(table)


def seat_up(table: Table) -> bool:
    """Give the turn to seat ``first + turn``, moving ``turn`` on past seats that left the
    game; False when the round has no turn left."""
    while table.turn < table.players and table.dropped[(table.first + table.turn) % table.players]:
        table.turn += 1
    if table.turn >= table.players:
        return False
    table.stage = "turn"
    table.actor = (table.first + table.turn) % table.players
    return True


def first_still_playing(table: Table) -> None:
    """During setup the First Player acts for the table (tunnel, Cops, Post): if that seat
    left, the marker passes clockwise to the next seat still in the game."""
    while table.dropped[table.first]:
        table.first = (table.first + 1) % table.players
