"""Move notation (ruling 14) and position notation (ruling 13), syntax only.

Whether a well-formed move is *legal* is the rules' business (``rules.py``); this module only
turns text into actions and positions and back, so the two concerns fail with different
exception types (InvalidNotation here, RuleViolation there).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from games.core import InvalidNotation
from games.fendo.geometry import SIDES, SIZES, Geometry, geometry, squares_of
from games.fendo.sentences import SAY
from games.fendo.state import SEAT_LETTERS, Action, Add, AreaError, Build, FendoState, build_state
from games.text import quoted

_SQUARE = r"[a-k](?:1[01]|[1-9])"
_ADD = re.compile(rf"^\+?({_SQUARE})$")
_MOVE_NO_SIDE = re.compile(r"^[a-z]\d{1,2}-[a-z]\d{1,2}$")
_BUILD = re.compile(rf"^({_SQUARE})(?:-({_SQUARE}))?([nesw])$")
_HOW = SAY("how_to")


def format_move(geo: Geometry, action: Action) -> str:
    """Canonical notation: ``c3``, ``d1-d4n``, ``d1e``."""
    if isinstance(action, Add):
        return geo.names[action.square]
    piece, to, side = action
    if piece == to:
        return f"{geo.names[piece]}{side}"
    return f"{geo.names[piece]}-{geo.names[to]}{side}"


def read_move(geo: Geometry, text: str) -> Action:
    """An action from what a player typed (spaces and case ignored, ``+`` optional on adds,
    ``d1-d1e`` read as ``d1e``)."""
    cleaned = re.sub(r"\s+", "", text).lower().replace("–", "-").replace("—", "-")
    added = _ADD.match(cleaned)
    if added:
        return Add(_square(geo, added.group(1)))
    built = _BUILD.match(cleaned)
    if built:
        piece = _square(geo, built.group(1))
        to = piece if built.group(2) is None else _square(geo, built.group(2))
        return Build(piece, to, built.group(3))
    if _MOVE_NO_SIDE.match(cleaned):
        raise InvalidNotation(SAY("need_side", text=quoted(text), example=f"{cleaned}n"))
    raise InvalidNotation(SAY("unreadable", text=quoted(text), how=_HOW))


def _square(geo: Geometry, name: str) -> int:
    square = geo.square(name)
    if square is None:
        last = geo.names[-1]
        raise InvalidNotation(SAY("no_square", square=name, size=geo.size, last=last))
    return square


# -- position notation ------------------------------------------------------------------------


def position_dict(state: FendoState) -> dict[str, Any]:
    """Ruling 13's object, keys in the ruling's order. ``options`` is appended only when
    ``early_end`` is off, so default positions read exactly as the ruling shows."""
    geo = state.geo
    pieces: dict[str, str] = {}
    for square in squares_of(state.occupied):
        seat = 0 if (state.pieces[0] >> square) & 1 else 1
        pieces[geo.names[square]] = SEAT_LETTERS[seat]
    fences = [geo.edge_name(edge) for edge in _fence_edges(state)]
    data: dict[str, Any] = {
        "size": state.size,
        "pieces": pieces,
        "fences": fences,
        "stock": {"W": state.stock[0], "O": state.stock[1]},
        "to_move": SEAT_LETTERS[state.to_move],
        "passes": state.passes,
    }
    if not state.early_end:
        data["options"] = {"early_end": False}
    return data


def _fence_edges(state: FendoState) -> list[tuple[str, int]]:
    """Fences ordered by their lower square, the eastern one before the northern one."""
    edges = [("e", sq) for sq in squares_of(state.fences_east)]
    edges += [("n", sq) for sq in squares_of(state.fences_north)]
    return sorted(edges, key=lambda edge: (edge[1], edge[0]))


def write_position(state: FendoState) -> str:
    return json.dumps(position_dict(state))


def read_position(text: str) -> FendoState:
    """The state a position describes, exactly (no automatic passes are resolved here)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise InvalidNotation(SAY("position_json", error=str(exc))) from None
    if not isinstance(data, dict):
        raise InvalidNotation(SAY("position_object"))
    return state_from_dict(data)


def state_from_dict(data: Mapping[str, Any]) -> FendoState:
    """Validate and build a state from ruling 13's fields (plus optional ``options``)."""
    unknown = set(data) - {"size", "pieces", "fences", "stock", "to_move", "passes", "options"}
    if unknown:
        raise InvalidNotation(SAY("position_key", key=repr(sorted(unknown)[0])))
    size = data.get("size", 7)
    if size not in SIZES or isinstance(size, bool):
        raise InvalidNotation(SAY("position_size"))
    geo = geometry(size)
    pieces = [0, 0]
    raw_pieces = data.get("pieces")
    if not isinstance(raw_pieces, dict) or not raw_pieces:
        raise InvalidNotation(SAY("position_pieces"))
    for name, letter in raw_pieces.items():
        square = _square(geo, str(name))
        if letter not in SEAT_LETTERS:
            raise InvalidNotation(SAY("position_piece", square=name, letter=repr(letter)))
        if ((pieces[0] | pieces[1]) >> square) & 1:
            raise InvalidNotation(SAY("position_two_pieces", square=name))
        pieces[SEAT_LETTERS.index(letter)] |= 1 << square
    fences = {"e": 0, "n": 0}
    raw_fences = data.get("fences", [])
    if not isinstance(raw_fences, list):
        raise InvalidNotation(SAY("position_fences"))
    for name in raw_fences:
        kind, low = _read_fence(geo, str(name))
        if (fences[kind] >> low) & 1:
            raise InvalidNotation(SAY("position_fence_twice", fence=name))
        fences[kind] |= 1 << low
    stock = data.get("stock", {"W": 0, "O": 0})
    if (
        not isinstance(stock, dict)
        or set(stock) != {"W", "O"}
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in stock.values()
        )
    ):
        raise InvalidNotation(SAY("position_stock"))
    to_move = data.get("to_move", "W")
    if to_move not in SEAT_LETTERS:
        raise InvalidNotation(SAY("position_to_move"))
    passes = data.get("passes", 0)
    if passes not in (0, 1, 2) or isinstance(passes, bool):
        raise InvalidNotation(SAY("position_passes"))
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"early_end"}:
        raise InvalidNotation(SAY("position_options"))
    early_end = options.get("early_end", True)
    if not isinstance(early_end, bool):
        raise InvalidNotation(SAY("position_early_end"))
    try:
        return build_state(
            size=size,
            pieces=(pieces[0], pieces[1]),
            fences_east=fences["e"],
            fences_north=fences["n"],
            stock=(stock["W"], stock["O"]),
            to_move=SEAT_LETTERS.index(to_move),
            passes=passes,
            early_end=early_end,
        )
    except AreaError as exc:
        raise InvalidNotation(SAY("position_ruling6", error=exc.sentence)) from None


def _read_fence(geo: Geometry, name: str) -> tuple[str, int]:
    """A fence named ``d4/d5`` (either order) or ``d4n`` (ruling 2)."""
    text = name.strip().lower()
    if "/" in text:
        first, _, second = text.partition("/")
        a, b = _square(geo, first), _square(geo, second)
        low, high = min(a, b), max(a, b)
        for side in ("e", "n"):
            edge = geo.edge(low, side)
            if edge is not None and geo.edge_squares(edge) == (low, high):
                return edge
        raise InvalidNotation(SAY("fence_not_between", fence=name))
    if text and text[-1] in SIDES:
        square = _square(geo, text[:-1])
        edge = geo.edge(square, text[-1])
        if edge is None:
            raise InvalidNotation(SAY("fence_on_edge", fence=name))
        return edge
    raise InvalidNotation(SAY("fence_unreadable", fence=repr(name)))
