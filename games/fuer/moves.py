"""Legal turn generation (rulings 5–9).

A position can have thousands of legal turns, so generation leans on two facts:

* The new tile is never a tile before the turn, so it is never among the vacant tiles
  (restriction 8a holds for free), and the piece choices therefore do not depend on *which*
  space gets the tile, only on how many tiles it touches. The sets of ``k − 1`` new pieces
  and the k = 1 piece moves are computed once per position and shared by every tile spot.
* Only rows can hold six pieces (see ``board.py``), and no overline exists before a turn,
  so each new piece only needs its own row checked, against the pieces already there plus
  the new pieces chosen so far. Any overline in the result contains some last-added piece,
  and that piece's check saw every other member of the run, so the incremental check is
  exact. Adding pieces never shortens a run, so a failing partial set prunes all its
  supersets.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.fuer.board import FULL, NEIGHBOURS, bits, row_run
from games.fuer.state import FuerState, Turn


def tile_spots(tiles: int) -> list[tuple[int, int]]:
    """Empty spaces touching at least one tile, with the number of tiles touched (k)."""
    spots = []
    for cell in bits(FULL & ~tiles):
        touched = (NEIGHBOURS[cell] & tiles).bit_count()
        if touched:
            spots.append((cell, touched))
    return spots


def piece_sets(vacant: int, occupied: int, count: int, limit: int) -> Iterator[tuple[int, ...]]:
    """Sets of ``count`` vacant tiles, pairwise non-adjacent, adding no run of ``limit``,
    each in ascending (name) order and produced in lexicographic order."""

    def extend(
        candidates: int, occ: int, prefix: tuple[int, ...], left: int
    ) -> Iterator[tuple[int, ...]]:
        while candidates:
            low = candidates & -candidates
            candidates ^= low  # what remains are the later spaces only
            cell = low.bit_length() - 1
            if row_run(occ, cell) >= limit:
                continue
            chosen = (*prefix, cell)
            if left == 1:
                yield chosen
            else:
                yield from extend(candidates & ~NEIGHBOURS[cell], occ | low, chosen, left - 1)

    if count <= 0:
        return iter(())
    return extend(vacant, occupied, (), count)


def piece_moves(state: FuerState) -> Iterator[tuple[int, int]]:
    """(from, to) moves of one of the mover's pieces to a vacant tile (ruling 6)."""
    pieces = state.pieces
    vacant = state.tiles & ~pieces
    limit = state.overline_length
    one_step = state.move_range == "adjacent"
    for origin in bits(state.own(state.to_move)):
        without = pieces & ~(1 << origin)
        targets = vacant & NEIGHBOURS[origin] if one_step else vacant
        for target in bits(targets):
            if row_run(without, target) < limit:
                yield origin, target


class _Choices:
    """Per-position cache of piece choices, keyed by the number of tiles touched (k)."""

    def __init__(self, state: FuerState) -> None:
        self.state = state
        self.vacant = state.tiles & ~state.pieces
        self.supply = state.supply[state.to_move]
        self._sets: dict[int, list[tuple[int, ...]]] = {}
        self._moves: list[tuple[int, int]] | None = None
        self._exists: dict[int, bool] = {}

    def _generate(self, touched: int) -> Iterator[tuple[int, ...]]:
        state = self.state
        return piece_sets(self.vacant, state.pieces, touched - 1, state.overline_length)

    def sets(self, touched: int) -> list[tuple[int, ...]]:
        if touched - 1 > self.supply:  # restriction 8c
            return []
        if touched not in self._sets:
            self._sets[touched] = list(self._generate(touched))
        return self._sets[touched]

    def moves(self) -> list[tuple[int, int]]:
        if self._moves is None:
            self._moves = list(piece_moves(self.state))
        return self._moves

    def any(self, touched: int) -> bool:
        """Whether some legal piece choice exists, without listing them all."""
        if touched not in self._exists:
            if touched == 1:
                found = next(piece_moves(self.state), None) is not None
            elif touched - 1 > self.supply:
                found = False
            else:
                found = next(self._generate(touched), None) is not None
            self._exists[touched] = found
        return self._exists[touched]


def _turns_at(choices: _Choices, tile: int, touched: int) -> list[Turn]:
    if touched == 1:
        return [Turn(tile, (), move) for move in choices.moves()]
    return [Turn(tile, placed, None) for placed in choices.sets(touched)]


def legal_turns(state: FuerState) -> list[Turn]:
    """Every legal turn, ordered by tile, then by pieces, both in name order."""
    if state.outcome is not None:
        return []
    choices = _Choices(state)
    turns: list[Turn] = []
    for tile, touched in tile_spots(state.tiles):
        turns.extend(_turns_at(choices, tile, touched))
    return turns


def turns_for_tile(state: FuerState, tile: int) -> list[Turn]:
    """The legal turns that place their tile on ``tile`` (empty if there are none)."""
    if state.outcome is not None:
        return []
    for spot, touched in tile_spots(state.tiles):
        if spot == tile:
            return _turns_at(_Choices(state), tile, touched)
    return []


def open_spots(state: FuerState) -> list[tuple[int, int]]:
    """Spaces where a tile may legally go now, with the number of tiles each touches."""
    if state.outcome is not None:
        return []
    choices = _Choices(state)
    return [(tile, k) for tile, k in tile_spots(state.tiles) if choices.any(k)]


def has_legal_turn(state: FuerState) -> bool:
    choices = _Choices(state)
    return any(choices.any(k) for _, k in tile_spots(state.tiles))


def count_turns(state: FuerState) -> int:
    """How many legal turns there are, without building them (for tests and benchmarks)."""
    if state.outcome is not None:
        return 0
    choices = _Choices(state)
    total = 0
    for _, touched in tile_spots(state.tiles):
        total += len(choices.moves()) if touched == 1 else len(choices.sets(touched))
    return total
