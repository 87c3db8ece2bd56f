"""The immutable Fendo position and the two kinds of action.

The state keeps the open area and each player's closed squares alongside the fences even
though both follow from them: a fence can only ever split the open area, so keeping the
partition lets ``apply`` update it with one flood fill instead of recomputing every area.
They are ordinary compared fields, so a state rebuilt from scratch (``load``, positions)
equals the one reached move by move only if the incremental bookkeeping was right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from games.fendo.geometry import Geometry, all_areas, geometry
from games.fendo.sentences import SAY
from games.sentences import Sentence

WHITE, ORANGE = 0, 1
SEAT_NAMES = ("White", "Orange")
SEAT_LETTERS = ("W", "O")
FULL_SET = 7
"""Pieces per player without handicap (ruling 3)."""


class Add(NamedTuple):
    """Ruling 8: a piece from stock onto ``square``."""

    square: int


class Build(NamedTuple):
    """Ruling 7: the piece on ``piece`` goes to ``to`` (perhaps the same square) and a fence is
    built on ``side`` of ``to``."""

    piece: int
    to: int
    side: str


Action = Add | Build


@dataclass(frozen=True, slots=True)
class FendoState:
    size: int
    pieces: tuple[int, int]
    """Squares of White's and Orange's pieces, one bitmask each."""
    fences_east: int
    fences_north: int
    stock: tuple[int, int]
    to_move: int
    passes: int
    """Automatic passes in a row just before this position; 2 ends the game (ruling 10)."""
    early_end: bool
    open_area: int
    """The open area's squares (0 once every area is closed)."""
    closed: tuple[int, int]
    """Squares of the closed areas each player owns: the running scores (ruling 12)."""

    @property
    def geo(self) -> Geometry:
        return geometry(self.size)

    @property
    def occupied(self) -> int:
        return self.pieces[0] | self.pieces[1]

    @property
    def east_open(self) -> int:
        """Squares whose eastern side has neither fence nor board edge."""
        return self.geo.can_go_east & ~self.fences_east

    @property
    def north_open(self) -> int:
        return self.geo.can_go_north & ~self.fences_north

    def scores(self) -> tuple[int, int]:
        return (self.closed[0].bit_count(), self.closed[1].bit_count())


class AreaError(ValueError):
    """A position breaks ruling 6 (an empty area, or two open areas); ``sentence`` says which
    in any language, ``str()`` in English."""

    def __init__(self, sentence: Sentence) -> None:
        super().__init__(sentence.english())
        self.sentence = sentence


def partition(
    size: int, pieces: tuple[int, int], fences_east: int, fences_north: int
) -> tuple[int, tuple[int, int]]:
    """The open area and each player's closed squares, checked against ruling 6."""
    geo = geometry(size)
    east_open = geo.can_go_east & ~fences_east
    north_open = geo.can_go_north & ~fences_north
    open_area = 0
    closed = [0, 0]
    for area in all_areas(geo.full, east_open, north_open, size):
        white = (area & pieces[0]).bit_count()
        orange = (area & pieces[1]).bit_count()
        if white + orange == 0:
            square = geo.name((area & -area).bit_length() - 1)
            raise AreaError(SAY("area_empty", square=square))
        if white + orange == 1:
            closed[WHITE if white else ORANGE] |= area
        elif open_area:
            raise AreaError(SAY("area_two_open"))
        else:
            open_area = area
    return open_area, (closed[0], closed[1])


def build_state(
    size: int,
    pieces: tuple[int, int],
    fences_east: int,
    fences_north: int,
    stock: tuple[int, int],
    to_move: int,
    passes: int,
    early_end: bool,
) -> FendoState:
    """A state from its primary facts, with the area bookkeeping computed from scratch."""
    open_area, closed = partition(size, pieces, fences_east, fences_north)
    return FendoState(
        size=size,
        pieces=pieces,
        fences_east=fences_east,
        fences_north=fences_north,
        stock=stock,
        to_move=to_move,
        passes=passes,
        early_end=early_end,
        open_area=open_area,
        closed=closed,
    )


def start_state(size: int, totals: tuple[int, int], early_end: bool) -> FendoState:
    """Ruling 3: one piece each in the middle of its own edge, the rest in stock."""
    white, orange = geometry(size).start_squares()
    return build_state(
        size=size,
        pieces=(1 << white, 1 << orange),
        fences_east=0,
        fences_north=0,
        stock=(totals[0] - 1, totals[1] - 1),
        to_move=WHITE,
        passes=0,
        early_end=early_end,
    )
