"""The public trace of every hand: how many red and how many blue cards everyone knows it
holds (ruling 29: the colour of every card drawn by choice is public).

A careful player at the table keeps this count in their head. The first hand is two red and
two blue cards (ruling 18); a card drawn by choice, or from a pile whose size everybody sees
shrink, adds its colour; a played card (face up) takes its colour away; a card that leaves
or joins a hand unseen (a trade, the Trading Post, a draw from a mixed pile) is unknown.

The counts are lower bounds, updated only from those public events and never from the hand
itself, so they can be shown to everyone: a hand of (2 red, 1 blue) known may hold more of
either colour, never fewer. Losing a card of unknown colour lowers both counts (it may have
been either), which keeps them true.
"""

from __future__ import annotations

from games.fence.state import Table

INDEX = {"red": 0, "blue": 1}


def colour_of(card: str) -> str:
    """As ``cards.colour_of``, which this module cannot import (``cards`` records here)."""
    return "red" if card[0] == "R" else "blue"


def gained(table: Table, seat: int, card: str | None) -> None:
    """``seat`` took ``card`` into its hand, its colour seen by all; ``None``: unseen."""
    if card is not None:
        table.known_colours[seat][INDEX[colour_of(card)]] += 1


def lost(table: Table, seat: int, card: str | None) -> None:
    """``seat`` gave up ``card`` face up; ``None``: a card nobody else saw."""
    known = table.known_colours[seat]
    colours = (colour_of(card),) if card is not None else ("red", "blue")
    for colour in colours:
        known[INDEX[colour]] = max(0, known[INDEX[colour]] - 1)


def forget(table: Table, seat: int) -> None:
    """The hand is gone (the seat left the game)."""
    table.known_colours[seat] = [0, 0]
