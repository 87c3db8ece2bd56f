"""What each seat may see (ruling 29): the one door hidden information leaves through.

Public: the map and the tiles still in hand (they are face up), pawns, Cops, Jail, hand and
Stash sizes, how many cards of each colour each hand is known to hold (``ledger``), the
discard pile (so every played card), revealed starting cards, the Hot Goods, boats in play,
the Trading Post, who left the game, and that a trade offer is pending between two seats
(and whether the seat to play has made its one offer this turn). Private to a seat: its
hand, its starting cards while unrevealed, the cards of a trade offer it made or received,
and the notes about its own trades. Never shown to anyone: Stash order and the random
generator (``seed``/``draws``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from games.fence.citymap import CityMap
from games.fence.info import SEAT_NAMES
from games.fence.state import NOT_PLACED, FenceState
from games.fence.tiles import LINK_KINDS, SIDES, Tile
from games.fence.world import city_map, tiles_of
from games.sentences import to_data


class TileFacts(TypedDict):
    tile: int
    name: str
    slug: str
    coords: list[int] | None
    """The tile's printed map coordinates (a Quick Map tile has none)."""


class HoodFacts(TypedDict):
    id: int
    """``tile * 4 + index``: how actions, highlights and focus name a neighbourhood."""
    name: str
    slug: str
    waterfront: bool
    usable: bool
    links: list[list[Any]]
    """``[side, kind]`` per road leaving the neighbourhood at a tile side."""


class PlacedTile(TileFacts):
    x: int
    y: int
    rot: int
    """Degrees clockwise."""
    water: list[bool]
    hoods: list[HoodFacts]


class HotGoods(TypedDict):
    tile: int
    winner: int | None
    note: Any
    """A sentence's data (``{"key", "params"}``) or text."""


class Draw(TypedDict):
    seat: int
    count: int
    reason: str


TradeOffer = TypedDict(
    "TradeOffer",
    {"from": int, "to": int, "give": NotRequired[Any], "ask": NotRequired[Any]},
)
"""Who offered a trade to whom; the cards only in the views of those two seats."""


class FenceView(TypedDict):
    """What a seat (``seat``; ``None``: the public) may see of a FENCE! match."""

    game: Literal["fence"]
    seat: int | None
    players: int
    seat_names: list[str]
    stage: str
    to_move: list[int]
    round: int
    round_limit: int
    first: int
    options: dict[str, Any]
    link_kinds: list[str]
    map: list[PlacedTile]
    map_done: bool
    tiles_in_hand: list[list[TileFacts]]
    tiles_discarded: list[TileFacts]
    swaps_used: list[int]
    pawns: list[int | None]
    jailed: list[bool]
    cops: int | None
    unreliable: list[bool]
    hand_sizes: list[int]
    known_colours: list[dict[str, int]]
    starting_cards_held: list[int]
    stash: dict[str, int]
    discard: list[str]
    revealed: list[str]
    pending_tiles: list[int]
    tunnel: list[int]
    ritzy: int | None
    hot_goods: list[HotGoods]
    draw: Draw | None
    others_done: str
    boats: list[list[str]]
    post: int | None
    dropped: list[bool]
    trade_offer: TradeOffer | None
    offered: bool
    winners: list[int] | None
    result: Any
    """The sentence that ended the game (data), once it is over."""
    hand: NotRequired[list[str]]
    """The seat's own cards: only in that seat's view."""
    starting_cards: NotRequired[list[str]]
    notes: NotRequired[list[Any]]
    """The notes about the seat's own trades (sentence data)."""


def _tile_facts(tiles: tuple[Tile, ...], tile: int) -> TileFacts:
    printed = tiles[tile]
    return {
        "tile": tile,
        "name": printed.name,
        "slug": printed.slug,
        "coords": list(printed.coords) if printed.coords else None,
    }


def _placed(tiles: tuple[Tile, ...], city_: CityMap, pos: tuple[int, int]) -> PlacedTile:
    tile, rot = city_.cells[pos]
    printed = tiles[tile]
    links = printed.side_links(rot)
    good = city_.usable()
    hoods: list[HoodFacts] = []
    for index, hood in enumerate(printed.hoods):
        hood_id = tile * 4 + index
        hoods.append(
            {
                "id": hood_id,
                "name": hood.name,
                "slug": hood.slug,
                "waterfront": hood.waterfront,
                "usable": hood_id in good,
                "links": [
                    [SIDES[side], link[1]]
                    for side, link in enumerate(links)
                    if link is not None and link[0] == index
                ],
            }
        )
    return {
        **_tile_facts(tiles, tile),
        "x": pos[0],
        "y": pos[1],
        "rot": rot * 90,
        "water": [printed.corners(rot)[c] for c in range(4)],
        "hoods": hoods,
    }


def public_view(state: FenceState, seat: int | None = None) -> FenceView:
    tiles = tiles_of(state)
    city_ = city_map(state)
    over = state.stage == "over"
    jailed = [p is None for p in state.pawns]
    return {
        "game": "fence",
        "seat": seat,
        "players": state.players,
        "seat_names": list(SEAT_NAMES[: state.players]),
        "stage": state.stage,
        "to_move": [] if over else [state.actor],
        "round": state.round,
        "round_limit": state.round_limit,
        "first": state.first,
        "options": dict(state.options),
        "link_kinds": list(LINK_KINDS),
        "map": [_placed(tiles, city_, pos) for pos in sorted(city_.cells)],
        "map_done": state.map_done,
        "tiles_in_hand": [[_tile_facts(tiles, t) for t in hand] for hand in state.tile_hands],
        "tiles_discarded": [_tile_facts(tiles, t) for t in state.tiles_out],
        "swaps_used": list(state.swaps),
        "pawns": [None if p is None or p == NOT_PLACED else p for p in state.pawns],
        "jailed": jailed,
        "cops": state.cops,
        "unreliable": list(state.unreliable),
        "hand_sizes": [len(h) for h in state.hands],
        "known_colours": [{"red": r, "blue": b} for r, b in state.known_colours],
        "starting_cards_held": [len(s) for s in state.start],
        "stash": {"red": len(state.red), "blue": len(state.blue), "mixed": len(state.mixed)},
        "discard": list(state.discard),
        "revealed": list(state.revealed),
        "pending_tiles": list(state.pending_tiles),
        "tunnel": list(state.tunnel),
        "ritzy": state.ritzy,
        "hot_goods": [
            {"tile": t, "winner": None if w < 0 else w, "note": to_data(note)}
            for t, w, note in state.goods
        ],
        "draw": (
            {"seat": state.actor, "count": state.draws_owed, "reason": state.draw_for}
            if state.stage == "draw"
            else None
        ),
        "others_done": state.others_done,
        "boats": [list(b) for b in state.boats],
        "post": state.post,
        "dropped": list(state.dropped),
        "trade_offer": ({"from": state.offer[0], "to": state.offer[1]} if state.offer else None),
        "offered": state.offered,
        "winners": None if state.winners is None else list(state.winners),
        "result": to_data(state.reason) if over else None,
    }


def seat_view(state: FenceState, seat: int | None) -> FenceView:
    view = public_view(state, seat)
    if seat is not None and 0 <= seat < state.players:
        view["hand"] = list(state.hands[seat])
        view["starting_cards"] = list(state.start[seat])
        view["notes"] = [to_data(sentence) for who, sentence in state.notes if who == seat]
        if state.offer and seat in state.offer[:2]:
            offerer, offeree, give, ask = state.offer
            view["trade_offer"] = {"from": offerer, "to": offeree, "give": give, "ask": ask}
    return view
