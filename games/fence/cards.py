"""Cards and the Stash (rulings 2, 18, 23, 25 and the Stash options).

A card is ``R1``–``R6``, ``B1``–``B6`` or a Joker ``RJ``/``BJ``. The Stash is a red and a
blue pile, or one mixed pile under the Mixed Stash options; the top card is the last one.
"""

from __future__ import annotations

import random

from games.fence.state import Table

COLOURS = ("red", "blue")
LETTER = {"red": "R", "blue": "B"}


def colour_of(card: str) -> str:
    return "red" if card[0] == "R" else "blue"


def value_of(card: str) -> int | None:
    """The coordinate a card names; None for a Joker."""
    return None if card[1] == "J" else int(card[1])


def is_joker(card: str) -> bool:
    return card[1] == "J"


def sort_key(card: str) -> tuple[int, str]:
    return (0 if card[0] == "R" else 1, card[1])


def has_pair(hand: list[str] | tuple[str, ...]) -> bool:
    """A red/blue pair (rulings 22, 26). Jokers name no coordinate, so they make no pair."""
    numbered = {card[0] for card in hand if not is_joker(card)}
    return numbered == {"R", "B"}


def jokers_per_colour(players: int) -> int:
    """One Joker of each colour per pair of players, at least one (Color Swap with Joker)."""
    return max(1, players // 2)


def decks(players: int, opts: dict[str, object]) -> tuple[list[str], list[str]]:
    """All red and all blue cards of a match, unshuffled (ruling 2).

    Mixed Blind Stash uses one deck per two players, so an odd table gets one extra set of
    each colour; Color Swap adds the Jokers.
    """
    sets = players + (players % 2 if opts.get("mixed_blind_stash") else 0)
    red = [f"R{v}" for _ in range(sets) for v in range(1, 7)]
    blue = [f"B{v}" for _ in range(sets) for v in range(1, 7)]
    if opts.get("joker_swap"):
        red += ["RJ"] * jokers_per_colour(players)
        blue += ["BJ"] * jokers_per_colour(players)
    return red, blue


def fill_stash(table: Table, rng: random.Random) -> None:
    red, blue = decks(table.players, table.opts)
    if table.opts["mixed_blind_stash"]:
        table.mixed = red + blue
        rng.shuffle(table.mixed)
        table.red, table.blue = [], []
    else:
        rng.shuffle(red)
        rng.shuffle(blue)
        table.red, table.blue, table.mixed = red, blue, []


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
    same way, since a pair must name coordinates.
    """
    if not table.mixed:
        if not (_numbered(table.red) and _numbered(table.blue)):
            return None
        return _draw_numbered(table, table.red), _draw_numbered(table, table.blue)
    last: dict[str, str] = {}
    if {colour_of(c) for c in table.mixed if not is_joker(c)} != {"red", "blue"}:
        return None
    while len(last) < 2 or set(last) != {"red", "blue"}:
        card = table.mixed.pop()
        if is_joker(card):
            table.discard.append(card)
            continue
        colour = colour_of(card)
        if colour in last:
            table.discard.append(last[colour])
        last[colour] = card
    return last["red"], last["blue"]


def _numbered(pile: list[str]) -> bool:
    return any(not is_joker(c) for c in pile)


def _draw_numbered(table: Table, pile: list[str]) -> str:
    """The top numbered card; Jokers on top are discarded (they cannot name a tile)."""
    while True:
        card = pile.pop()
        if not is_joker(card):
            return card
        table.discard.append(card)


def fewest_for_pair(table: Table, seat: int) -> list[str]:
    """Draw the fewest cards needed for ``seat`` to hold one red and one blue (ruling 23)."""
    hand = table.hands[seat]
    drawn: list[str] = []
    while not has_pair(hand) and stash_size(table):
        have = {colour_of(c) for c in hand if not is_joker(c)}
        wanted = "blue" if "red" in have else "red"
        if not table.mixed and not (table.red if wanted == "red" else table.blue):
            break  # that colour is gone: no number of draws would complete the pair
        card = draw(table, wanted)
        if card is None:
            break
        hand.append(card)
        drawn.append(card)
    hand.sort(key=sort_key)
    return drawn
