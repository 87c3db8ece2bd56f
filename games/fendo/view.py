"""The shape of a Fendo view (everything is public); ``render.fendo`` says how it is drawn."""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class ClosedArea(TypedDict):
    owner: int
    squares: list[str]


class FendoView(TypedDict):
    game: Literal["fendo"]
    size: int
    seat_names: list[str]
    pieces: dict[str, int]
    """Square name → the seat whose piece stands there."""
    fences: list[str]
    """Fence names (``c3e``: the eastern side of c3)."""
    closed: list[ClosedArea]
    open_area: list[str]
    stock: list[int]
    scores: list[int]
    to_move: int | None
    passes: int
    game_over: bool
    early_end: bool
    outcome: dict[str, Any] | None
    """:meth:`games.core.Outcome.to_dict` once the game is over."""
