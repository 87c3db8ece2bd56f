"""Cards and the Stash (rulings 2, 18, 23, 25 and the Stash options).

A card is ``R1``–``R6``, ``B1``–``B6``, a Joker ``RJ``/``BJ`` (Color Swap) or a boat
``RX``/``BX`` (Boats: the seed's face cards; ``X`` because ``J`` is taken by the Jokers and
``B`` by blue). Only numbered cards name a coordinate, so only they make a red/blue pair.
The Stash is a red and a blue pile, or one mixed pile under the Mixed Stash options; the top
card is the last one.
"""

from __future__ import annotations

import random

from games.fence import ledger
from games.fence.state import Table

COLOURS = ("red", "blue")
LETTER = {"red": "R", "blue": "B"}


def colour_of(card: str) -> str:
    return "red" if card[0] == "R" else "blue"


def value_of(card: str) -> int | None:
    """The coordinate a card names; None for a Joker or a boat."""
    return int(card[1]) if card[1].isdigit() else None


def is_joker(card: str) -> bool:
    return card[1] == "J"


def is_boat(card: str) -> bool:
    return card[1] == "X"


def is_numbered(card: str) -> bool:
    return card[1].isdigit()


def boat_card(colour: str) -> str:
    return f"{LETTER[colour]}X"


def sort_key(card: str) -> tuple[int, str]:
    return (0 if card[0] == "R" else 1, card[1])


def has_pair(hand: list[str] | tuple[str, ...]) -> bool:
    """A red/blue pair (rulings 22, 26). Jokers and boats name no coordinate, so they make
    no pair."""
    numbered = {card[0] for card in hand if is_numbered(card)}
    return numbered == {"R", "B"}


def jokers_per_colour(players: int) -> int:
    """One Joker of each colour per pair of players, at least one (Color Swap with Joker)."""
    return max(1, players // 2)


def boats_per_colour(players: int) -> int:
    """Boats: one face card per player, evened out between the colours (an odd table gets
    one more), so half the players rounded up of each colour."""
    return -(-players // 2)


def decks(players: int, opts: dict[str, object]) -> tuple[list[str], list[str]]:
    """All red and all blue cards of a match, unshuffled (ruling 2).

    Mixed Blind Stash uses one deck per two players, so an odd table gets one extra set of
    each colour; Color Swap adds the Jokers, Boats the boats (see :func:`add_boats` for when
    they join the Stash).
    """
    red, blue = _base_decks(players, opts)
    if opts.get("boats"):
        red += ["RX"] * boats_per_colour(players)
        blue += ["BX"] * boats_per_colour(players)
    return red, blue


def card_kinds(opts: dict[str, object]) -> tuple[str, ...]:
    """Every distinct card a match can hold, in hand order (what a trade may ask for)."""
    red, blue = decks(2, opts)
    return tuple(sorted(set(red + blue), key=sort_key))


def _base_decks(players: int, opts: dict[str, object]) -> tuple[list[str], list[str]]:
    sets = players + (players % 2 if opts.get("mixed_blind_stash") else 0)
    red = [f"R{v}" for _ in range(sets) for v in range(1, 7)]
    blue = [f"B{v}" for _ in range(sets) for v in range(1, 7)]
    if opts.get("joker_swap"):
        red += ["RJ"] * jokers_per_colour(players)
        blue += ["BJ"] * jokers_per_colour(players)
    return red, blue


def fill_stash(table: Table, rng: random.Random) -> None:
    """The shuffled Stash without the boats, which :func:`add_boats` shuffles in once the
    starting cards are dealt."""
    red, blue = _base_decks(table.players, table.opts)
    if table.opts["mixed_blind_stash"]:
        table.mixed = red + blue
        rng.shuffle(table.mixed)
        table.red, table.blue = [], []
    else:
        rng.shuffle(red)
        rng.shuffle(blue)
        table.red, table.blue, table.mixed = red, blue, []


def add_boats(table: Table, rng: random.Random) -> None:
    """Boats: the face cards join the Stash after the starting cards are dealt.

    The seed only says "during the setup phase". Starting cards must name a tile, so a boat
    drawn among them would be set aside and lost; shuffling the boats in just after keeps
    every boat in the game (the first hands, dealt later, may hold one).
    """
    if not table.opts.get("boats"):
        return
    count = boats_per_colour(table.players)
    if table.mixed:
        table.mixed += ["RX"] * count + ["BX"] * count
        rng.shuffle(table.mixed)
        return
    table.red += ["RX"] * count
    table.blue += ["BX"] * count
    rng.shuffle(table.red)
    rng.shuffle(table.blue)


def deal_hand(table: Table, seat: int) -> None:
    """Ruling 18's first hand: two red and two blue cards, the top of each pile (any kind of
    card: these are not coordinates). From a mixed pile the Mixed Blind Stash way of drawing
    pairs applies."""
    for _ in range(2):
        if not table.mixed and table.red and table.blue:
            pair: tuple[str, str] | None = (table.red.pop(), table.blue.pop())
        else:
            pair = draw_pair(table)
        if pair:  # a red and a blue, from piles everyone sees: the colours are public
            table.hands[seat].extend(pair)
            for card in pair:
                ledger.gained(table, seat, card)
    table.hands[seat].sort(key=sort_key)


def stash_size(table: Table) -> int:
    return len(table.red) + len(table.blue) + len(table.mixed)


def draw(table: Table, colour: str | None) -> str | None:
    """The top card of ``colour``'s pile (the other pile if that one is empty, ruling 25), or
    of the mixed pile; None when the Stash is empty."""
    if table.mixed:
        return table.mixed.pop()
    piles = {"red": table.red, "blue": table.blue}
    first = piles[colour or "red"]
    other = piles["blue" if (colour or "red") == "red" else "red"]
    for pile in (first, other):
        if pile:
            return pile.pop()
    return None


def choice_needed(table: Table) -> bool:
    """A drawn card's colour is a player's choice only when both piles can give one."""
    return not table.mixed and bool(table.red) and bool(table.blue)


def draw_pair(table: Table) -> tuple[str, str] | None:
    """A red/blue pair straight from the Stash, or None if it cannot give one.

    From a mixed pile, cards are drawn until both colours have shown up; all but the last
    card of each colour go to the discard pile (Mixed Blind Stash). Jokers are set aside the
    (and boats) the same way, since a pair must name coordinates.
    """
    if not table.mixed:
        if not (_numbered(table.red) and _numbered(table.blue)):
            return None
        return _draw_numbered(table, table.red), _draw_numbered(table, table.blue)
    last: dict[str, str] = {}
    if {colour_of(c) for c in table.mixed if is_numbered(c)} != {"red", "blue"}:
        return None
    while len(last) < 2 or set(last) != {"red", "blue"}:
        card = table.mixed.pop()
        if not is_numbered(card):
            table.discard.append(card)
            continue
        colour = colour_of(card)
        if colour in last:
            table.discard.append(last[colour])
        last[colour] = card
    return last["red"], last["blue"]


def _numbered(pile: list[str]) -> bool:
    return any(is_numbered(c) for c in pile)


def _draw_numbered(table: Table, pile: list[str]) -> str:
    """The top numbered card; Jokers and boats on top are discarded (they name no tile)."""
    while True:
        card = pile.pop()
        if is_numbered(card):
            return card
        table.discard.append(card)


def fewest_for_pair(table: Table, seat: int) -> list[str]:
    """Draw the fewest cards needed for ``seat`` to hold one red and one blue (ruling 23)."""
    hand = table.hands[seat]
    drawn: list[str] = []
    while not has_pair(hand) and stash_size(table):
        have = {colour_of(c) for c in hand if is_numbered(c)}
        wanted = "blue" if "red" in have else "red"
        if not table.mixed and not (table.red if wanted == "red" else table.blue):
            break  # that colour is gone: no number of draws would complete the pair
        from_mixed = bool(table.mixed)
        card = draw(table, wanted)
        if card is None:
            break
        hand.append(card)
        # from a coloured pile everyone sees which pile shrank; a mixed pile hides it
        ledger.gained(table, seat, None if from_mixed else card)
        drawn.append(card)
    hand.sort(key=sort_key)
    return drawn
