"""Runs of pieces along the three axes: the win test (rulings 11, 13) and the overline ban
(ruling 9) on a whole board.

Move generation checks the overline ban incrementally (see ``moves.py``); this module looks
at every line and is used after a turn has been chosen, where clarity beats speed.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.fuer.board import LINES


def _runs(line: tuple[int, ...], members: int) -> Iterator[tuple[int, ...]]:
    """Maximal runs of consecutive spaces of ``line`` that are set in ``members``.

    Anything not in ``members`` ends a run: that is how a vacant tile, a space without a
    tile, the board edge and (for single-colour runs) an opponent piece all count alike.
    """
    run: list[int] = []
    for cell in line:
        if members >> cell & 1:
            run.append(cell)
        elif run:
            yield tuple(run)
            run = []
    if run:
        yield tuple(run)


def runs_of_length(members: int, length: int) -> list[tuple[int, ...]]:
    """Every maximal run of exactly ``length`` spaces set in ``members``."""
    return [run for line in LINES for run in _runs(line, members) if len(run) == length]


def winning_line(own: int, pieces: int) -> tuple[str, tuple[int, ...]] | None:
    """The line that wins for the player owning ``own`` after their turn, if any.

    Ruling 11: exactly four of the mover's colour, or a maximal run of exactly five of any
    colours. Ruling 13: only the mover is judged, so the opponent's lines are not looked at.
    A four is reported before a five because it is the mover's own achievement.
    """
    fours = runs_of_length(own, 4)
    if fours:
        return "four_in_row", fours[0]
    fives = runs_of_length(pieces, 5)
    if fives:
        return "five_in_row", fives[0]
    return None


def overline(pieces: int, limit: int) -> tuple[int, ...] | None:
    """A run of ``limit`` or more pieces (any colours), if the board has one."""
    for line in LINES:
        for run in _runs(line, pieces):
            if len(run) >= limit:
                return run
    return None
