"""Line threats on the Fuer diamond as window masks: the tactics the Fuer AI is made of.

Ruling 11 wins with a maximal run of exactly four of one's own colour or exactly five of
any colours. Every such run fills a *window* (4 or 5 consecutive spaces of one line) whose
*ends* (the spaces just beyond it on the line) hold no piece of the kind counted. So every
question the AI asks — has this turn won, where would one more piece win, how close is each
side — is a loop over about a hundred precomputed ``(window, ends)`` mask pairs with a few
integer operations each, much cheaper than the engine's run scanning.
"""

from __future__ import annotations

from typing import NamedTuple

from games.fuer.board import FULL, LINES, NEIGHBOURS, row_run


class Window(NamedTuple):
    cells: int
    ends: int
    size: int


def _windows(length: int) -> tuple[Window, ...]:
    found = []
    for line in LINES:
        for start in range(len(line) - length + 1):
            cells = sum(1 << c for c in line[start : start + length])
            ends = 0
            if start > 0:
                ends |= 1 << line[start - 1]
            if start + length < len(line):
                ends |= 1 << line[start + length]
            found.append(Window(cells, ends, length))
    return tuple(found)


FOURS = _windows(4)
"""Windows of an own-colour four (ends must hold none of the player's pieces)."""
FIVES = _windows(5)
"""Windows of a five of any colours (ends must hold no piece at all)."""


def has_won(own: int, pieces: int) -> bool:
    """Ruling 11 for the player owning ``own`` (``pieces`` = both colours)."""
    for w in FOURS:
        if own & w.cells == w.cells and not own & w.ends:
            return True
    return any(pieces & w.cells == w.cells and not pieces & w.ends for w in FIVES)


def _single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


class Threats(NamedTuple):
    singles: int
    """Vacant tiles where one more piece of the player wins."""
    pairs: tuple[int, ...]
    """Masks of two non-adjacent vacant tiles that win together."""


def threats(own: int, pieces: int, vacant: int, limit: int) -> Threats:
    """Where the player owning ``own`` would win by adding one or two pieces.

    A completing space must be a vacant tile, and the piece must not make an overline
    (ruling 9, rows only). Pieces the turn must put elsewhere are ignored: they rarely
    spoil a line and the player chooses where they go.
    """
    singles = 0
    pairs: list[int] = []
    for windows, kind in ((FOURS, own), (FIVES, pieces)):
        for w in windows:
            if kind & w.ends:
                continue
            missing = w.cells & ~kind
            if not missing or missing & ~vacant:  # vacant tiles only: no opponent piece
                continue
            if _single(missing):
                cell = missing.bit_length() - 1
                if row_run(pieces, cell) < limit:
                    singles |= missing
            elif (missing & (missing - 1)).bit_count() == 1:
                low = missing & -missing
                high = missing ^ low
                if not NEIGHBOURS[low.bit_length() - 1] & high:
                    pairs.append(missing)
    return Threats(singles, tuple(pairs))


def spot_sizes(tiles: int) -> int:
    """Bit ``k`` is set when some empty space touches exactly ``k`` tiles (ruling 5)."""
    found = 0
    empty = FULL & ~tiles
    while empty:
        low = empty & -empty
        empty ^= low
        touched = (NEIGHBOURS[low.bit_length() - 1] & tiles).bit_count()
        if touched:
            found |= 1 << touched
    return found


def can_add(sizes: int, supply: int, own: int, count: int) -> bool:
    """Whether a turn can add ``count`` (1 or 2) pieces where the player wants them: a tile
    touching ``k ≥ count + 1`` tiles with ``k − 1`` pieces in supply, or for one piece, a
    ``k = 1`` tile and a piece of one's own to move there."""
    for k in range(count + 1, min(6, supply + 1) + 1):
        if sizes >> k & 1:
            return True
    return count == 1 and bool(sizes & 2) and own != 0


def potential(own: int, opponent: int, tiles: int) -> float:
    """How many pieces short of an own-colour four the player is, summed over open windows.

    A window with an opponent piece is dead; spaces without a tile still count but less,
    because a tile must come first. Squares reward windows that are nearly full.
    """
    score = 0.0
    for w in FOURS:
        if opponent & w.cells or own & w.ends:
            continue
        mine = (own & w.cells).bit_count()
        if mine:
            untiled = (w.cells & ~tiles).bit_count()
            score += mine * mine / (1 + untiled)
    return score
