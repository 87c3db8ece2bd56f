"""Fixtures for the Fendo tests: positions drawn as board diagrams.

A diagram lists the ranks top first. On a rank line the squares sit in every other column
(``W``, ``O`` or ``.``) and a ``|`` between two squares is a fence. Between two rank lines a
line may put ``-`` under a square to fence it off from the square below; an empty line means
no fences there. So this is the 7×7 board with a fence on d4/d5 and one on a1/b1::

    . . . O . . .

    . . . . . . .

    . . . . . . .
          -
    . . . . . . .

    . . . . . . .

    . . . . . . .

    W|. . . . . .
"""

from __future__ import annotations

from collections.abc import Callable
from textwrap import dedent
from typing import Any

import pytest

from games.fendo import RULES
from games.fendo.state import FendoState

FILES = "abcdefghijk"


def diagram_position(
    diagram: str,
    *,
    to_move: str = "W",
    stock: tuple[int, int] = (0, 0),
    passes: int = 0,
    early_end: bool = True,
) -> dict[str, Any]:
    """Ruling 13's object for a drawn position."""
    lines = dedent(diagram).strip("\n").splitlines()
    size = (len(lines) + 1) // 2
    assert len(lines) == 2 * size - 1, f"expected {2 * size - 1} lines, got {len(lines)}"
    pieces: dict[str, str] = {}
    fences: list[str] = []
    for row, line in enumerate(lines):
        line = line.ljust(2 * size)
        if row % 2 == 0:
            rank = size - row // 2
            for file in range(size):
                mark = line[2 * file]
                name = f"{FILES[file]}{rank}"
                if mark in "WO":
                    pieces[name] = mark
                else:
                    assert mark == ".", f"unexpected {mark!r} on {name}"
                if file < size - 1 and line[2 * file + 1] == "|":
                    fences.append(f"{name}/{FILES[file + 1]}{rank}")
        else:
            lower = size - (row + 1) // 2
            for file in range(size):
                if line[2 * file] == "-":
                    fences.append(f"{FILES[file]}{lower}/{FILES[file]}{lower + 1}")
    data: dict[str, Any] = {
        "size": size,
        "pieces": pieces,
        "fences": fences,
        "stock": {"W": stock[0], "O": stock[1]},
        "to_move": to_move,
        "passes": passes,
    }
    if not early_end:
        data["options"] = {"early_end": False}
    return data


@pytest.fixture
def board() -> Callable[..., FendoState]:
    """A state from a diagram exactly as drawn (no automatic pass resolved)."""

    def build(diagram: str, **kwargs: Any) -> FendoState:
        return RULES.load(diagram_position(diagram, **kwargs))

    return build
