"""Legal-move counts on fixed positions, each counted by hand (the comments show the count).

Squares are named file then rank; "touches" means shares an edge or a corner (ruling 4).
"""

from __future__ import annotations

from games.ordo import RULES, OrdoState
from games.ordo.board import BY_NAME


def make(white: str, black: str, to_move: int = 0) -> OrdoState:
    return OrdoState(
        sum(1 << BY_NAME[n] for n in white.split()),
        sum(1 << BY_NAME[n] for n in black.split()),
        to_move,
    )


def test_start_position_has_56_moves_for_white() -> None:
    # Rank 1 (c1 d1 g1 h1): each can only slide sideways into the empty pair beside it,
    #   c1-b1 c1-a1, d1-e1 d1-f1, g1-f1 g1-e1, h1-i1 h1-j1                        =  8
    # Rank 2: a2 and j2 are boxed in (0). b2 only diagonally NE: c3, d4 (e5 would float
    #   free) = 2, and i2 likewise NW = 2. c2: c3 c4 up the file, d3 e4 diagonally = 4,
    #   and d2, g2, h2 the same = 4 each. e2: only NW d3 c4 = 2, f2 only NE g3 h4 = 2.
    #   0+2+4+4+2+2+4+4+2+0                                                       = 24
    # Rank 3: a3: a4 b4 = 2. b3: b4, a4, and east c3 d3 = 4 (c4 would float free).
    #   e3: e4 f4 d3 c3 = 4, f3: f4 e4 g3 h3 = 4, i3: i4 j4 h3 g3 = 4, j3: j4 i4 = 2 = 20
    # Ordo: rank-2 pairs c2:d2 and g2:h2 may step up one or two (three floats free) =  4
    # The rank-3 pairs and the file pairs (a2:a3, c1:c2, …) are blocked or would float.
    # 8 + 24 + 20 + 4                                                             = 56
    state = RULES.new()
    moves = RULES.legal_notations(state)
    assert len(moves) == 56
    assert [m for m in moves if ":" in m] == ["c2:d2-c3", "c2:d2-c4", "g2:h2-g3", "g2:h2-g4"]
    assert [m for m in moves if m.startswith("b3")] == ["b3-b4", "b3-a4", "b3-c3", "b3-d3"]


def test_start_position_has_56_moves_for_black_too() -> None:
    # The setup is symmetric top to bottom, so Black to move has the mirror of White's 56.
    state = RULES.from_position(RULES.position(RULES.new())[:-1] + "B")
    moves = RULES.legal_notations(state)
    assert len(moves) == 56
    assert "c7:d7-c5" in moves and "c7-c5" in moves and "c7-c4" not in moves


def test_lone_piece_has_19_moves() -> None:
    # White e4 alone (a group by itself), Black e6:
    #   N   e5, then e6 captured and the slide stops      = 2
    #   NE  f5 g6 h7 i8                                    = 4
    #   NW  d5 c6 b7 a8                                    = 4
    #   E   f4 g4 h4 i4 j4                                 = 5
    #   W   d4 c4 b4 a4                                    = 4   (no backward moves) = 19
    moves = RULES.legal_notations(make("e4", "e6"))
    assert len(moves) == 19
    assert "e4xe6" in moves and "e4-e7" not in moves


def test_row_of_three_has_12_moves() -> None:
    # White c3 d3 e3, Black far away on j5.
    # Singles: c3 must land touching d3 or e3: c4, d4 (b3 b4 c5… are too far)   = 2
    #   e3 likewise: e4, d4                                                      = 2
    #   d3 holds c3 and e3 together, so it must land touching both: only d4    = 1
    # Ordo: the whole row may go up 1 to 5 ranks (nothing is left behind)      = 5
    #   c3:d3 must stay beside e3, so up one only; d3:e3 beside c3, up one only = 2
    # 2 + 2 + 1 + 5 + 2                                                          = 12
    moves = RULES.legal_notations(make("c3 d3 e3", "j5"))
    assert len(moves) == 12
    assert {"c3:e3-c8", "c3:d3-c4", "d3:e3-d4", "d3-d4"} <= set(moves)


def test_split_pair_has_6_reconnecting_moves() -> None:
    # White c4 and e4 do not touch: White is split and must reconnect (rulings 8 and 9).
    # The squares touching e4 that c4 can reach in a straight line are d5 (NE), d4 (E) and
    # d3 (SE, backward - allowed only because the group is split): 3. e4 mirrors it: 3.
    moves = RULES.legal_notations(make("c4 e4", "j8"))
    assert sorted(moves) == sorted(["c4-d5", "c4-d4", "c4-d3", "e4-d5", "e4-d4", "e4-d3"])
