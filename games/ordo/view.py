"""The shape of an Ordo view: everything is public, so every seat sees the same one."""

from __future__ import annotations

from typing import Literal, TypedDict


class OrdoView(TypedDict):
    """What ``render.ordo`` draws and the web page shows."""

    game: Literal["ordo"]
    board: list[str]
    """Eight strings of ten ``W``/``B``/``.`` characters, rank 8 first."""
    to_move: int | None
    """The seat to move, ``None`` once the game is over."""
    counts: list[int]
    """Pieces left, White's then Black's."""
    split: list[bool]
    """Whether each side's pieces are split (its next move must reconnect them)."""
    ply: int
