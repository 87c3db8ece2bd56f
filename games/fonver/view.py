"""The shape of a Fonver view (everything is public); ``render.fonver`` says how it is drawn."""

from __future__ import annotations

from typing import Literal, TypedDict


class Stones(TypedDict):
    black: list[str]
    white: list[str]


class FonverView(TypedDict):
    game: Literal["fonver"]
    size: int
    stones: Stones
    phase: str
    """``place``, ``capture``, ``pie`` or ``over``."""
    to_move: int | None
    to_move_colour: str | None
    seat_colours: list[str]
    """Each seat's colour in this position (the pie rule may have swapped them)."""
    crosscuts: list[list[str]]
    """The open crosscuts, each as the four points of its block."""
    pie_pending: bool
    pie_ahead: bool
    winner: int | None
    winner_colour: str | None
    winning_chain: list[str]
