"""Fonver's candidates put the placements that open a crosscut up front: a capture removes
an enemy stone and moves one of the mover's along its chain, which is how plain UCT built
its connections against the computer — two strides in one turn that the path ranking
alone cannot see."""

from __future__ import annotations

import games
from ai.fonver import PLACEMENTS, FonverDomain, ranked_placements
from ai.fonver_distance import links
from ai.fonver_tactics import opens_crosscut

FONVER = games.get("fonver")


def test_a_crosscut_opening_placement_comes_right_after_the_urgent_ones() -> None:
    # Black to move; Black b2 and White a2/b1 around a1: Black on a1 opens a crosscut in a
    # corner, far from every shortest path, so the path ranking alone puts it last.
    rows = [*["........."] * 6, "..B......", "WB..W....", ".W......."]
    state = FONVER.from_position("\n".join(rows) + "\nB\nplace")
    corner = 0  # a1
    assert opens_crosscut(state.board, corner, state.colour, 9)
    ranked = ranked_placements(state, links(9))
    assert corner in ranked[:6]
    assert corner in FonverDomain(9).actions(state)[:PLACEMENTS]
