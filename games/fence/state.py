"""The FENCE! match state (immutable) and the working copy the engine edits inside ``apply``.

``FenceState`` is what the rest of the bot holds: frozen, JSON-dumpable, secrets included
(hands, unrevealed starting cards, Stash order, the random generator), which is why only
``view`` may show it to anyone. ``Table`` is a mutable copy made at the start of one
``apply`` and frozen again at the end: the rules then read like the rulings ("deal two red
cards") instead of a chain of ``replace`` calls, while no caller ever sees a change.

Randomness is counter based: ``seed`` never changes and ``draws`` counts how many times the
engine asked for a generator, so one ``random.Random`` per ``apply`` is derived from both and
the same log always replays the same dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any, get_type_hints

from games.core import InvalidState, conforms
from games.fence.citymap import Pos
from games.fence.info import OPTIONS
from games.fence.sentences import SAY
from games.sentences import Sentence, from_data, is_data

NOT_PLACED = -1
"""A pawn's place before setup puts it on the map; ``None`` means the pawn is in Jail."""

Stage = str
"""``draft`` (build the map), ``tunnel`` (pick a tunnel end), ``pawn`` (place your pawn),
``cops`` (pick the Cops' neighbourhood), ``post`` (pick the Trading Post's neighbourhood),
``turn`` (a main-phase turn starts), ``second`` (the other part of Move Others), ``draw``
(choose a card colour), ``offer`` (answer a Trading Cards offer), ``trading`` (trade at the
Trading Post at the end of one's turn), ``over``."""


@dataclass(frozen=True, slots=True)
class FenceState:
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    draws: int
    stage: Stage
    actor: int
    first: int
    round: int
    turn: int
    round_limit: int
    # the map
    tile_hands: tuple[tuple[int, ...], ...]
    placed: tuple[tuple[Pos, int, int], ...]
    """(position, tile, rotation), sorted by position."""
    tiles_out: tuple[int, ...]
    swaps: tuple[int, ...]
    passes: int
    map_done: bool
    tunnel: tuple[int, ...]
    """Tunnel ends chosen so far (two when complete)."""
    pending_tiles: tuple[int, ...]
    """Tiles rolled for a choice still to be made (tunnel ends, the Cops' tile)."""
    ritzy: int | None
    # cards
    red: tuple[str, ...]
    blue: tuple[str, ...]
    mixed: tuple[str, ...]
    """The single pile of the Mixed Stash options; the top card is the last one."""
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    known_colours: tuple[tuple[int, ...], ...]
    """Per seat, (red, blue): how many cards of each colour everyone knows that hand holds —
    the public trace of the hand (ruling 29; see ``ledger``). Never read from the hand."""
    start: tuple[tuple[str, ...], ...]
    """Each seat's secret starting cards until revealed."""
    revealed: tuple[str, ...]
    """The starting cards the seat placing its pawn has just shown (public)."""
    # pieces
    pawns: tuple[int | None, ...]
    cops: int | None
    unreliable: tuple[bool, ...]
    boats: tuple[tuple[str, ...], ...]
    """Boats in play, face up in front of each seat (``RX``/``BX``; Boats option)."""
    post: int | None
    """The Trading Post's neighbourhood (Trading Post option)."""
    dropped: tuple[bool, ...]
    """Seats that left a game going on without them (see ``drop``)."""
    # the turn in progress
    others_done: str
    draws_owed: int
    draw_for: str
    goods_left: int
    goods: tuple[tuple[int, int, str | Sentence], ...]
    """This round's (or, between rounds, the last round's) Hot Goods: tile, winner seat or -1,
    and a public note."""
    offer: tuple[Any, ...]
    """A Trading Cards offer awaiting its answer: (offerer, offeree, card given, card asked),
    or empty. The two cards are secret from everyone but those two seats."""
    offered: bool
    """Whether the seat to play has made its one Trading Cards offer of this turn."""
    winners: tuple[int, ...] | None
    termination: str
    reason: str | Sentence
    events: tuple[Sentence, ...]
    """Public sentences about what the engine did by itself during the last action."""
    notes: tuple[tuple[int, str | Sentence], ...]
    """(seat, sentence) about the last action meant for that seat alone (the cards of a
    trade); only ``view`` for that seat shows them."""
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Derived data (the road graph) worked out once per state; never part of its value."""

    def option(self, name: str) -> Any:
        return dict(self.options)[name]

    def active(self) -> list[int]:
        """Seats still in the game (not dropped), in seat order."""
        return [s for s in range(self.players) if not self.dropped[s]]


_TUPLE_OF_TUPLES = {"tile_hands", "hands", "known_colours", "start", "boats"}


@dataclass
class Table:
    """A mutable working copy of :class:`FenceState`; see the module docstring."""

    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    draws: int
    stage: Stage
    actor: int
    first: int
    round: int
    turn: int
    round_limit: int
    tile_hands: list[list[int]]
    placed: list[tuple[Pos, int, int]]
    tiles_out: list[int]
    swaps: list[int]
    passes: int
    map_done: bool
    tunnel: list[int]
    pending_tiles: list[int]
    ritzy: int | None
    red: list[str]
    blue: list[str]
    mixed: list[str]
    discard: list[str]
    hands: list[list[str]]
    known_colours: list[list[int]]
    start: list[list[str]]
    revealed: list[str]
    pawns: list[int | None]
    cops: int | None
    unreliable: list[bool]
    boats: list[list[str]]
    post: int | None
    dropped: list[bool]
    others_done: str
    draws_owed: int
    draw_for: str
    goods_left: int
    goods: list[tuple[int, int, str | Sentence]]
    offer: list[Any]
    offered: bool
    winners: tuple[int, ...] | None
    termination: str
    reason: str | Sentence
    events: list[Sentence]
    notes: list[tuple[int, str | Sentence]]
    opts: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.opts = dict(self.options)

    def rng(self) -> random.Random:
        """A generator for this step, derived from the seed and a counter (module doc)."""
        self.draws += 1
        return random.Random(self.seed * 1_000_003 + self.draws)

    def say(self, sentence: Sentence) -> None:
        self.events.append(sentence)

    def tell(self, seat: int, sentence: Sentence) -> None:
        """A sentence for ``seat`` alone (it names secret cards)."""
        self.notes.append((seat, sentence))

    def active(self) -> list[int]:
        """Seats still in the game (not dropped), in seat order."""
        return [s for s in range(self.players) if not self.dropped[s]]


def thaw(state: FenceState) -> Table:
    values: dict[str, Any] = {}
    for f in fields(Table):
        if f.name == "opts":
            continue
        value = getattr(state, f.name)
        if f.name in _TUPLE_OF_TUPLES:
            value = [list(v) for v in value]
        elif isinstance(value, tuple) and f.name not in {"options", "winners"}:
            value = list(value)
        values[f.name] = value
    values["events"] = []
    return Table(**values)


def freeze(table: Table) -> FenceState:
    values: dict[str, Any] = {}
    for f in fields(FenceState):
        if f.name == "_cache":
            continue
        value = getattr(table, f.name)
        if f.name in _TUPLE_OF_TUPLES:
            value = tuple(tuple(v) for v in value)
        elif f.name == "placed":
            value = tuple(sorted(value))
        elif isinstance(value, list):
            value = tuple(value)
        values[f.name] = value
    return FenceState(**values)


# -- serialisation -----------------------------------------------------------------------------


def dump_state(state: FenceState) -> dict[str, Any]:
    """Every field as JSON-safe data (tuples become lists; secrets included: storage only)."""
    out: dict[str, Any] = {}
    for f in fields(FenceState):
        if f.name == "_cache":
            continue
        value = getattr(state, f.name)
        if f.name == "options":
            value = dict(value)
        out[f.name] = _jsonable(value)
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Sentence):
        return value.data()
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if is_data(value):
        return from_data(value, SAY.catalogue())
    return value


def _later_fields(data: dict[str, Any]) -> dict[str, Any]:
    """Values for fields added after the first FENCE! release, so that positions stored
    before them still load (as games without those options)."""
    players = int(data["players"])
    return {
        "boats": [[] for _ in range(players)],
        "post": None,
        "dropped": [False] * players,
        "offer": [],
        "offered": False,
        "notes": [],
        # Nothing was tracked before: knowing nothing is true of every hand.
        "known_colours": [[0, 0] for _ in range(players)],
    }


def load_state(data: dict[str, Any]) -> FenceState:
    data = {**_later_fields(data), **data}
    values: dict[str, Any] = {}
    for f in fields(FenceState):
        if f.name == "_cache":
            continue
        value = data[f.name]
        if f.name == "options":
            value = tuple(sorted({**{o.name: o.default for o in OPTIONS}, **value}.items()))
        elif f.name == "placed":
            value = tuple(((p[0][0], p[0][1]), p[1], p[2]) for p in value)
        else:
            value = _tuples(value)
        values[f.name] = value
    _check_fields(values)
    return FenceState(**values)


PER_SEAT = (
    "tile_hands",
    "swaps",
    "hands",
    "known_colours",
    "start",
    "pawns",
    "unreliable",
    "boats",
    "dropped",
)


def _check_fields(values: dict[str, Any]) -> None:
    """Every field has its annotated shape and every per-seat list one entry per player, so a
    corrupt snapshot is refused here instead of failing somewhere inside a turn."""
    hints = get_type_hints(FenceState)
    for name, value in values.items():
        if not conforms(value, hints[name]):
            raise InvalidState(f"stored FENCE! state: {name} is not a {hints[name]}")
    players = values["players"]
    for name in PER_SEAT:
        if len(values[name]) != players:
            raise InvalidState(f"stored FENCE! state: {name} does not have {players} entries")
    if not 0 <= values["actor"] < players or not 0 <= values["first"] < players:
        raise InvalidState("stored FENCE! state: the seat to act is not a seat")
