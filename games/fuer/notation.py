"""Move notation (ruling 15): ``c3 +d2 +f4`` puts pieces, ``c3 e3>e5`` moves one.

Reading is forgiving about spelling (case, commas, missing ``+``, ``-`` for ``>``) because
people type on phones; writing is canonical, with pieces in name order so that all turns
with the same tile share the prefix ``"c3 "`` and sort together in autocomplete lists.
Whether a turn is *legal* is not decided here (see ``rules.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.core import InvalidNotation
from games.fuer.board import CELL_OF, NAMES
from games.fuer.sentences import SAY
from games.fuer.state import Turn
from games.text import quoted

EXAMPLE = SAY("how_to")

_MOVE = re.compile(r"^([a-z]\d+)\s*(?:>|-|->|→)\s*([a-z]\d+)$")
_SPACE = re.compile(r"^[a-z]\d+$")


@dataclass(frozen=True)
class Written:
    """What the player typed, as spaces, before any rule is applied."""

    tile: int
    placed: tuple[int, ...]
    move: tuple[int, int] | None


def space(name: str) -> int:
    """The space number of a name, or a sentence saying the name is not on the board."""
    cell = CELL_OF.get(name.strip().lower())
    if cell is None:
        raise InvalidNotation(SAY("not_a_space", space=name))
    return cell


def _tokens(text: str) -> list[str]:
    cleaned = text.strip().lower().replace(",", " ")
    cleaned = re.sub(r"\s*(->|>|→)\s*", ">", cleaned)
    cleaned = cleaned.replace("+", " +")
    return cleaned.split()


def read(text: str) -> Written:
    """Parse the words of a turn, refusing text that is not shaped like one."""
    tokens = _tokens(text)
    if not tokens:
        raise InvalidNotation(SAY("empty", how=EXAMPLE))
    first = tokens[0].lstrip("+")
    if not _SPACE.match(first):
        raise InvalidNotation(SAY("tile_space", text=quoted(tokens[0]), how=EXAMPLE))
    tile = space(first)
    placed: list[int] = []
    move: tuple[int, int] | None = None
    for token in tokens[1:]:
        step = _MOVE.match(token)
        if step:
            if move is not None:
                raise InvalidNotation(SAY("one_move"))
            move = (space(step.group(1)), space(step.group(2)))
            continue
        name = token.removeprefix("+")
        if not _SPACE.match(name):
            raise InvalidNotation(SAY("unreadable", text=quoted(token), how=EXAMPLE))
        cell = space(name)
        if cell in placed:
            raise InvalidNotation(SAY("listed_twice", space=NAMES[cell]))
        placed.append(cell)
    if move is not None and placed:
        raise InvalidNotation(SAY("move_or_place", how=EXAMPLE))
    return Written(tile, tuple(placed), move)


def write(turn: Turn) -> str:
    """Canonical notation; pieces in name order."""
    parts = [NAMES[turn.tile]]
    if turn.move is not None:
        origin, target = turn.move
        parts.append(f"{NAMES[origin]}>{NAMES[target]}")
    else:
        parts.extend(f"+{NAMES[cell]}" for cell in sorted(turn.placed))
    return " ".join(parts)
