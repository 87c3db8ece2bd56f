"""The shape of a Fuer view (everything is public); ``render.fuer`` says how it is drawn."""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class Space(TypedDict):
    name: str
    q: int
    r: int


class FuerView(TypedDict):
    game: Literal["fuer"]
    tiles: list[str]
    """Spaces with a tile, in name order."""
    pieces: dict[str, str]
    """Space → ``"F"`` (dark) or ``"S"`` (light)."""
    supply: dict[str, int]
    """Colour letter → pieces left."""
    to_move: int | None
    to_move_colour: str | None
    open: dict[str, int]
    """Every empty space where a tile may go now → how many tiles it touches."""
    spaces: list[Space]
    """All 45 names with their axial ``q``, ``r``."""
    game_over: bool
    outcome: dict[str, Any] | None
    win_line: list[str]
    options: dict[str, Any]
    seat_names: list[str]
    colours: dict[str, str]
