"""Whether a Fuer player can win with the turn it is about to play, found quickly.

A position can have hundreds of thousands of turns, so the turns are not listed. A turn
wins when it completes a line (ruling 11), and a line is complete only through the pieces
the turn adds: every winning turn fills the empty spaces of some window of
:mod:`ai.fuer_lines` and leaves its ends clear. So each window missing at most three
pieces (a turn adds at most five, never two side by side, and a window of five holds at
most three such spaces) is asked directly: is there a tile spot whose piece count covers
the gap, with room for the rest of the pieces that spot demands, or a piece to move in
(ruling 6) — from one of the window's ends, even, which clears that end. The answer is
exact for lines.

Ruling 12 wins too: a turn after which the other player has no legal turn. Looking for it
means listing turns, so it is done only when the other player is short of something a turn
needs (pieces in supply, vacant tiles, spaces for tiles) and only over the first
:data:`STUCK_TURNS` turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.fuer_lines import FIVES, FOURS, has_won
from games.fuer.board import FULL, NEIGHBOURS, bits, row_run
from games.fuer.moves import has_legal_turn, legal_turns, piece_sets, tile_spots
from games.fuer.state import FuerState, Turn

Position = tuple[FuerState, int | None]

STUCK_TURNS = 3_000
SHORT_SUPPLY = 2
FEW_VACANT = 8
FEW_SPACES = 6


def _apart(mask: int) -> bool:
    """No two spaces of ``mask`` are neighbours (restriction 8b)."""
    return all(not NEIGHBOURS[cell] & mask for cell in bits(mask))


def completes_a_line(fs: FuerState) -> bool:
    """Whether the player to act has a turn that completes a winning line."""
    mover = fs.to_move
    own, pieces = fs.own(mover), fs.pieces
    vacant = fs.tiles & ~pieces
    limit = fs.overline_length
    supply = fs.supply[mover]
    touched = {k for _, k in tile_spots(fs.tiles)}
    can_move = 1 in touched and own != 0
    counts = sorted(k - 1 for k in touched if 2 <= k <= supply + 1)
    adjacent_only = fs.move_range == "adjacent"
    for windows, kind in ((FOURS, own), (FIVES, pieces)):
        for w in windows:
            missing = w.cells & ~kind
            if not missing or missing & ~vacant:
                continue
            blocked = kind & w.ends
            gap = missing.bit_count()
            if gap == 1 and can_move:
                target = missing.bit_length() - 1
                for origin in bits(own & ~w.cells):
                    if blocked & ~(1 << origin):
                        continue  # an end stays blocked unless the moved piece leaves it
                    if adjacent_only and not NEIGHBOURS[origin] >> target & 1:
                        continue
                    if row_run(pieces & ~(1 << origin), target) < limit:
                        return True
            if blocked or gap > 3 or not _apart(missing):
                continue
            occupied = pieces
            for cell in bits(missing):
                if row_run(occupied, cell) >= limit:
                    break
                occupied |= 1 << cell
            else:
                near = 0
                for cell in bits(missing):
                    near |= NEIGHBOURS[cell]
                room = vacant & ~missing & ~w.ends & ~near
                for count in counts:
                    if count < gap:
                        continue
                    if (
                        count == gap
                        or next(piece_sets(room, occupied, count - gap, limit), None) is not None
                    ):
                        return True
    return False


def _short(fs: FuerState, seat: int) -> bool:
    vacant = fs.tiles & ~fs.pieces
    return (
        fs.supply[seat] <= SHORT_SUPPLY
        or vacant.bit_count() <= FEW_VACANT
        or (FULL & ~fs.tiles).bit_count() <= FEW_SPACES
    )


def after(fs: FuerState, turn: Turn) -> FuerState:
    """The position after ``turn`` (outcome left unset: the caller judges lines)."""
    mover = fs.to_move
    own = fs.own(mover)
    if turn.move is not None:
        origin, target = turn.move
        own = own & ~(1 << origin) | 1 << target
    for cell in turn.placed:
        own |= 1 << cell
    opp = fs.own(1 - mover)
    supply = list(fs.supply)
    supply[mover] -= len(turn.placed)
    dark, light = (opp, own) if mover else (own, opp)
    return FuerState(
        tiles=fs.tiles | 1 << turn.tile,
        dark=dark,
        light=light,
        supply=(supply[0], supply[1]),
        to_move=1 - mover,
        move_range=fs.move_range,
        overline=fs.overline,
    )


def strands(fs: FuerState) -> bool:
    """Whether the player to act has a turn after which the other has no legal turn."""
    if not _short(fs, 1 - fs.to_move):
        return False
    for index, turn in enumerate(legal_turns(fs)):
        if index >= STUCK_TURNS:
            return False
        if not has_legal_turn(after(fs, turn)):
            return True
    return False


def wins_at_once(fs: FuerState) -> bool:
    return completes_a_line(fs) or strands(fs)


class FuerTactics:
    """:class:`ai.safety.Tactics` for the Fuer search's positions ``(state, winner)``."""

    multi_step = False

    def mover(self, state: Position) -> int:
        return state[0].to_move

    def winner(self, state: Position) -> int | None:
        if state[1] is not None:
            return state[1]
        if not has_legal_turn(state[0]):
            return 1 - state[0].to_move  # ruling 12
        return None

    def steps(self, state: Position) -> Sequence[Turn]:
        return legal_turns(state[0])

    def apply(self, state: Position, step: Turn) -> Position:
        fs = after(state[0], step)
        mover = state[0].to_move
        own = fs.own(mover)
        return fs, (mover if has_won(own, fs.pieces) else None)

    def wins_at_once(self, state: Position) -> bool:
        return wins_at_once(state[0])
