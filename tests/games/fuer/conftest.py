"""Builders for Fuer positions written the way the rulings write them (ruling 14)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.fuer import RULES, FuerState

START = ["d2", "d3", "d4", "e2", "e3", "e4", "f2", "f3", "f4"]

Build = Callable[..., FuerState]


def build_position(
    tiles: list[str] | None = None,
    pieces: dict[str, str] | None = None,
    *,
    extra_tiles: tuple[str, ...] = (),
    supply: dict[str, int] | None = None,
    to_move: str = "F",
    options: dict[str, Any] | None = None,
) -> FuerState:
    """A state from ruling-14 parts; tiles default to the start rhombus, and every piece
    gets a tile under it so tests only name what matters to them."""
    pieces = pieces or {}
    all_tiles = set(START if tiles is None else tiles) | set(extra_tiles) | set(pieces)
    counts = {c: sum(1 for v in pieces.values() if v == c) for c in "FS"}
    text = json.dumps(
        {
            "tiles": sorted(all_tiles),
            "pieces": pieces,
            "supply": supply or {c: 20 - counts[c] for c in "FS"},
            "to_move": to_move,
            "options": options or {},
        }
    )
    return RULES.from_position(text)


@pytest.fixture(scope="session")
def build() -> Build:
    return build_position
