"""The match state and the position notation of ruling 13.

The state is only what the rules need: both sides' pieces and the side to move. A move counter
rides along for display, but it is left out of equality because the position notation has no
room for it: two states showing the same board with the same side to move are the same
position, however they were reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import InvalidNotation
from games.ordo.board import BY_NAME, FILES, RANK_MASKS, RANKS, square
from games.ordo.moves import BLACK, WHITE
from games.ordo.sentences import SAY

START_WHITE = "c1 d1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 i2 j2 a3 b3 e3 f3 i3 j3"
START_BLACK = "a6 b6 e6 f6 i6 j6 a7 b7 c7 d7 e7 f7 g7 h7 i7 j7 c8 d8 g8 h8"
"""Ruling 2: the published setup, Black mirroring White."""

PIECE_LETTERS = ("W", "B")
HOME_RANK = (0, RANKS - 1)
"""Ruling 3: each colour's own home rank (White rank 1, Black rank 8)."""
GOAL_MASKS = (RANK_MASKS[HOME_RANK[BLACK]], RANK_MASKS[HOME_RANK[WHITE]])
"""Ruling 10: the rank each colour must reach, the opponent's home rank."""


def _mask(names: str) -> int:
    return sum(1 << BY_NAME[name] for name in names.split())


@dataclass(frozen=True, slots=True)
class OrdoState:
    """Both colours' pieces as bitboards and the colour to move (0 White, 1 Black)."""

    white: int
    black: int
    to_move: int = WHITE
    ply: int = field(default=0, compare=False)
    """Moves played so far; bookkeeping for views, not part of the position."""

    def pieces(self, colour: int) -> int:
        return self.black if colour else self.white


START = OrdoState(_mask(START_WHITE), _mask(START_BLACK), WHITE)


def board_rows(state: OrdoState) -> list[str]:
    """Eight strings of ten ``W``/``B``/``.`` characters, rank 8 first."""
    rows = []
    for rank in reversed(range(RANKS)):
        row = []
        for file in range(FILES):
            sq = square(file, rank)
            row.append("W" if state.white >> sq & 1 else "B" if state.black >> sq & 1 else ".")
        rows.append("".join(row))
    return rows


def from_rows(rows: list[str], side: str, ply: int = 0) -> OrdoState:
    """The state drawn by ``rows`` (rank 8 first) with ``side`` (``W``/``B``) to move."""
    if len(rows) != RANKS:
        raise InvalidNotation(SAY("position_rows", ranks=RANKS, files=FILES, count=len(rows)))
    masks = [0, 0]
    for index, row in enumerate(rows):
        rank = RANKS - 1 - index
        if len(row) != FILES or set(row) - {"W", "B", "."}:
            raise InvalidNotation(
                SAY("position_row", index=index + 1, row=repr(row), rank=rank + 1, files=FILES)
            )
        for file, char in enumerate(row):
            if char != ".":
                masks[PIECE_LETTERS.index(char)] |= 1 << square(file, rank)
    if side not in PIECE_LETTERS:
        raise InvalidNotation(SAY("position_side", side=repr(side)))
    return OrdoState(masks[WHITE], masks[BLACK], PIECE_LETTERS.index(side), ply)


def to_position(state: OrdoState) -> str:
    return "\n".join([*board_rows(state), PIECE_LETTERS[state.to_move]])


def parse_position(text: str) -> OrdoState:
    """Ruling 13's notation; blank lines and surrounding spaces are forgiven, and so is case."""
    lines = [line.strip().upper() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise InvalidNotation(SAY("position_empty"))
    return from_rows(lines[:-1], lines[-1])
