"""Legal-action counts checked by hand, adds and move-and-fence actions counted separately."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.fendo import RULES
from games.fendo.state import Add, Build, FendoState

Board = Callable[..., FendoState]


def counts(state: FendoState) -> tuple[int, int]:
    actions = RULES.legal_actions(state)
    adds = sum(isinstance(a, Add) for a in actions)
    builds = sum(isinstance(a, Build) for a in actions)
    assert adds + builds == len(actions)
    assert len(set(actions)) == len(actions)
    return adds, builds


@pytest.mark.parametrize(
    ("size", "adds", "builds"),
    [
        # 7×7. White's d1 reaches every square but d7 (rank 1 sideways, then up any file; up
        # file d stops at d6): 48 squares with d1 itself, so 47 adds. No fence can split
        # anything on an empty board, so every inner side of those 48 squares is a legal
        # fence: the 7×7 grid has 2·7·6 = 84 inner edges, 168 square-sides, minus d7's 3.
        (7, 47, 165),
        # 9×9, same reasoning: 81 − 2 = 79 adds; 2·9·8 = 144 edges, 288 sides − e9's 3.
        (9, 79, 285),
        # 11×11: 121 − 2 = 119 adds; 2·11·10 = 220 edges, 440 sides − f11's 3.
        (11, 119, 437),
    ],
)
def test_start_positions(size: int, adds: int, builds: int) -> None:
    assert counts(RULES.new(options={"size": size})) == (adds, builds)


def test_open_row_with_one_piece_each(board: Board) -> None:
    state = board(
        """
        . . . O . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .
        - - - - - - -
        . . . W . . O
        """,
        stock=(6, 6),
        early_end=False,
    )
    # d1 slides to a1…f1 (g1 is taken, north is fenced): 5 empty squares to add on.
    # At each of a1…f1 only the east side leaves a piece on both sides of the cut (the west
    # side would shut off an empty stretch, and a1 has no west side): 6 builds.
    assert counts(state) == (5, 6)


def test_three_by_three_corner(board: Board) -> None:
    state = board(
        """
        . . . O . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .
        - - -
        . . O|. . . .

        . . .|. . . .

        W . .|. . . .
        """,
        stock=(6, 6),
        early_end=False,
    )
    # a1 reaches all of a1–c3 but Orange's c3 with at most one turn: 7 adds.
    # Every inner edge of the 3×3 lies in an unfenced 2×2 block, so no fence splits it:
    # the block has 12 inner edges, 24 square-sides, minus c3's 2 → 22 builds.
    assert counts(state) == (7, 22)


CORRIDOR = """
. . . O . . .

. . . . . . .

. . . . . . .

. . . . . . .

. . . . . . .

. . . . . . .
- - - - - - -
O O . W . O O
"""


def test_corridor_white_can_only_add(board: Board) -> None:
    state = board(CORRIDOR, stock=(1, 1), early_end=False)
    # d1 reaches c1 and e1 (2 adds). Any fence in the row leaves a1+b1 on one side and
    # f1+g1 on the other, both with two or more pieces: no builds.
    assert counts(state) == (2, 0)


def test_corridor_orange(board: Board) -> None:
    state = board(CORRIDOR, stock=(1, 1), early_end=False, to_move="O")
    # Adds: b1 reaches c1, f1 reaches e1 → 2.
    # Builds: a1e (cuts a1 off alone); b1w (cuts a1 off); b1-c1w (a1 alone on the west);
    # f1e (g1 alone); f1-e1e (g1 alone on the east); g1w. Fences with two pieces on both
    # sides (b1e, c1e, f1w, e1w) are illegal → 6.
    assert counts(state) == (2, 6)


def test_full_row_orange(board: Board) -> None:
    state = board(
        """
        . . . O . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .

        . . . . . . .
        - - - - -
        O O W O O|. .
        """,
        to_move="O",
        stock=(3, 3),
        early_end=False,
    )
    # No empty square in the open row, so no adds and no movement. Legal fences: a1e and
    # b1w (a1 alone), e1w and d1e (e1 alone). b1e and d1w leave 2 against 3 → 4 builds.
    assert counts(state) == (0, 4)
