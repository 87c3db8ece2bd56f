"""Position notation (ruling 14) and the storage form built on it.

The position is JSON with the keys ``tiles``, ``pieces``, ``supply``, ``to_move`` and
``options``, written with spaces in name order so that equal positions give equal text.
Storage (``dump``) is the same dictionary plus the result, which the position notation has
no key for: a finished game's winner depends on who made the last turn, and the ruling's
position does not record that.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core import InvalidNotation, InvalidOption, Option, Outcome, validate_options
from games.fuer.board import CELL_OF, FULL, NAMES, bits
from games.fuer.lines import overline
from games.fuer.sentences import SAY
from games.fuer.state import COLOURS, PIECES_PER_PLAYER, FuerState


def to_dict(state: FuerState) -> dict[str, Any]:
    pieces = {NAMES[c]: COLOURS[0] for c in bits(state.dark)}
    pieces.update({NAMES[c]: COLOURS[1] for c in bits(state.light)})
    return {
        "tiles": [NAMES[c] for c in bits(state.tiles)],
        "pieces": dict(sorted(pieces.items())),
        "supply": {COLOURS[0]: state.supply[0], COLOURS[1]: state.supply[1]},
        "to_move": COLOURS[state.to_move],
        "options": state.options,
    }


def to_text(state: FuerState) -> str:
    return json.dumps(to_dict(state))


def _space(name: Any, what: str) -> int:
    cell = CELL_OF.get(str(name).strip().lower()) if isinstance(name, str) else None
    if cell is None:
        raise InvalidNotation(SAY("position_space", name=repr(name), what=what))
    return cell


def _colour(value: Any, what: str | int) -> int:
    """A colour letter; ``what`` is the JSON key it came from, or the space of a piece."""
    text = str(value).strip().upper()
    if text not in COLOURS:
        raise InvalidNotation(
            SAY("position_piece_colour", space=NAMES[what], value=repr(value))
            if isinstance(what, int)
            else SAY("position_colour", what=what, value=repr(value))
        )
    return COLOURS.index(text)


def from_dict(data: Mapping[str, Any], schema: tuple[Option, ...]) -> FuerState:
    """A state from the ruling-14 dictionary, checked for everything the engine relies on.

    A board that already holds an overline is refused: move generation checks the overline
    ban only along the rows of new pieces, which is exact only if no overline exists yet.
    """
    if not isinstance(data, Mapping):
        raise InvalidNotation(SAY("position_object"))
    missing = [key for key in ("tiles", "pieces", "supply", "to_move") if key not in data]
    if missing:
        raise InvalidNotation(SAY("position_lacks", keys=", ".join(missing)))
    if not isinstance(data["tiles"], list):
        raise InvalidNotation(SAY("position_tiles"))
    tiles = 0
    for name in data["tiles"]:
        tiles |= 1 << _space(name, "tiles")
    if not isinstance(data["pieces"], Mapping):
        raise InvalidNotation(SAY("position_pieces"))
    owned = [0, 0]
    for name, colour in data["pieces"].items():
        cell = _space(name, "pieces")
        if not tiles >> cell & 1:
            raise InvalidNotation(SAY("position_off_tile", space=NAMES[cell]))
        owned[_colour(colour, cell)] |= 1 << cell
    supply_data = data["supply"]
    if not isinstance(supply_data, Mapping):
        raise InvalidNotation(SAY("position_supply"))
    supply = []
    for seat, colour in enumerate(COLOURS):
        count = supply_data.get(colour)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidNotation(SAY("position_supply_count", colour=colour))
        if count + owned[seat].bit_count() > PIECES_PER_PLAYER:
            raise InvalidNotation(SAY("position_too_many", colour=colour, limit=PIECES_PER_PLAYER))
        supply.append(count)
    try:
        options = validate_options(schema, data.get("options"))
    except InvalidOption as exc:
        raise InvalidNotation(exc.sentence) from None
    state = FuerState(
        tiles=tiles & FULL,
        dark=owned[0],
        light=owned[1],
        supply=(supply[0], supply[1]),
        to_move=_colour(data["to_move"], "to_move"),
        move_range=options["move_range"],
        overline=options["overline"],
    )
    long_run = overline(state.pieces, state.overline_length)
    if long_run:
        raise InvalidNotation(SAY("position_overline", length=len(long_run)))
    return state


def from_text(text: str, schema: tuple[Option, ...]) -> FuerState:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise InvalidNotation(SAY("position_json", error=str(exc))) from None
    return from_dict(data, schema)


def dump(state: FuerState) -> dict[str, Any]:
    data = to_dict(state)
    data["outcome"] = None if state.outcome is None else state.outcome.to_dict()
    data["win_line"] = [NAMES[c] for c in state.win_line]
    return data


def load(data: Mapping[str, Any], schema: tuple[Option, ...]) -> FuerState:
    state = from_dict(data, schema)
    outcome = data.get("outcome")
    return replace(
        state,
        outcome=None if outcome is None else Outcome.from_dict(outcome),
        win_line=tuple(_space(name, "win_line") for name in data.get("win_line", ())),
    )
