"""What the bot shows about FENCE! before a match exists: seats, options, a rules summary.

Options are data: one entry per extended rule of the seed (ruling 28) that this engine
implements, so /play, the console and validation all read the same list.
"""

from __future__ import annotations

from games.core import GameInfo, Option

SEAT_NAMES = ("Green", "Orange", "Purple", "Yellow", "Pink", "Teal")
"""Pawn colours. Red and blue are deliberately absent: they are the card colours, and
"move red" must never be ambiguous."""

HOT_GOODS_COUNTS = ("half", "n-1", "n")


def _flag(name: str, description: str) -> Option:
    return Option(name=name, kind="bool", default=False, description=description)


OPTIONS: tuple[Option, ...] = (
    _flag("quick_map", "The engine builds a random legal map instead of the drafting turns."),
    Option(
        name="round_limit",
        kind="int",
        default=60,
        minimum=1,
        maximum=500,
        description="After this many rounds the free player with most cards wins.",
    ),
    _flag("ritzy_tile", "Ritzy Tile: Hot Goods on one drawn tile are worth two cards."),
    _flag("joker_swap", "Color Swap with Joker: Jokers swap a pawn's two coordinates."),
    _flag("boats", "Boats: a boat card played with Move Others halves Hot Goods trips by water."),
    _flag("tunnel", "Tunnel: two rolled neighbourhoods are joined by a two-way road."),
    _flag("turn_taking_pawns", "Pawns are placed in turn on any free neighbourhood."),
    _flag("big_map", "Big Map: two copies of the tile set make one huge city."),
    _flag("rewarded_tiles", "Rewarded Tile Placement: a tile joining 2+ roads earns a card."),
    _flag("missing_tiles", "Missing Tiles: the draft stops when someone has no tiles left."),
    _flag("all_hoods_connected", "Every neighbourhood of a placed tile must reach Old Town."),
    _flag("trading_post", "The Trading Post: end your turn there to swap a card blind."),
    _flag("trading_cards", "Trading Cards: once a turn, offer a player one card for another."),
    _flag("mixed_stash", "Mixed Stash: after setup the two piles become one; draw the top."),
    _flag("mixed_blind_stash", "Mixed Blind Stash: one mixed pile from the start."),
    _flag("hot_goods_by_cards", "Hot Goods by Cards: a drawn red/blue pair places the goods."),
    Option(
        name="more_hot_goods",
        kind="choice",
        default="half",
        choices=HOT_GOODS_COUNTS,
        description="Hot Goods per round: half the players (rounded up), players-1, or players.",
    ),
    _flag("wasted_hot_goods", "Wasted Hot Goods: unclaimed goods burn a card of the Stash."),
    _flag("evidence_hunch", "State's Evidence on a Hunch: a jailed player may roll for the Cops."),
    _flag("accumulation_victory", "Victory by accumulation: 2 cards per free player wins."),
    _flag("dice_round_limit", "Round-limited game: two dice set the number of rounds."),
)

INFO = GameInfo.read("games.fence", SEAT_NAMES, OPTIONS)
