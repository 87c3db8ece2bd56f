"""Legal-turn counts worked out by hand, and the fast generator against a slow one."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import pytest

from games.core import RuleViolation
from games.fuer import RULES, FuerState, Turn
from games.fuer.board import CELL_OF, bits
from games.fuer.moves import count_turns, tile_spots
from games.fuer.notation import Written

Build = Callable[..., FuerState]


def test_start_position_has_72_turns() -> None:
    """The 3×3 rhombus has 14 empty spaces touching it. On each of its four sides, the two
    middle spaces (c3 c4, e1 f1, g2 g3, d5 e5) touch two tiles; the six corner-ish spaces
    (c2 c5 d1 g1 g4 f5) touch one, which is illegal with no piece on the board (8d). A
    two-touch tile puts one piece on any of the 9 vacant tiles: 8 × 9 = 72."""
    start = RULES.new()
    assert count_turns(start) == 72
    assert len(RULES.legal_actions(start)) == 72
    assert RULES.legal_tiles(start) == ["c3", "c4", "d5", "e1", "e5", "f1", "g2", "g3"]
    one_touch = sorted(name for name, k in _spots(start) if k == 1)
    assert one_touch == ["c2", "c5", "d1", "f5", "g1", "g4"]


def _spots(state: FuerState) -> list[tuple[str, int]]:
    from games.fuer.board import NAMES

    return [(NAMES[c], k) for c, k in tile_spots(state.tiles)]


def test_one_piece_on_the_rhombus_gives_112_turns(build: Build) -> None:
    """First has a piece on e3: the 8 two-touch spaces × 8 vacant tiles = 64, plus the 6
    one-touch spaces × 8 destinations for the e3 piece = 48."""
    state = build(pieces={"e3": "F"})
    assert count_turns(state) == 112
    adjacent = build(pieces={"e3": "F"}, options={"move_range": "adjacent"})
    assert count_turns(adjacent) == 64 + 6 * 6  # e3's six neighbours are all vacant tiles
    empty_supply = build(pieces={"e3": "F"}, supply={"F": 0, "S": 20})
    assert count_turns(empty_supply) == 48


def test_two_tiles_give_eight_turns(build: Build) -> None:
    """Tiles e3 (with First's piece) and e4. Eight spaces touch them; d4 and f3 touch both
    (one new piece, only e4 is vacant: 2 turns), the other six touch one (move e3 to e4:
    6 turns)."""
    state = build(tiles=["e3", "e4"], pieces={"e3": "F"})
    assert count_turns(state) == 8
    assert RULES.legal_notations(state) == [
        "d3 e3>e4",
        "d4 +e4",
        "d5 e3>e4",
        "e2 e3>e4",
        "e5 e3>e4",
        "f2 e3>e4",
        "f3 +e4",
        "f4 e3>e4",
    ]


def test_three_touch_tile_counts_non_adjacent_pairs(build: Build) -> None:
    """With c3 added, c4 touches c3, d3 and d4 and needs two non-adjacent pieces among the
    10 vacant tiles: C(10, 2) = 45 pairs minus the 16 adjacent pairs inside the rhombus and
    c3's two (d2, d3) = 27."""
    state = build(extra_tiles=("c3",))
    assert len(RULES.turns_for_tile(state, "c4")) == 27
    assert all(len(t.placed) == 2 for t in RULES.turns_for_tile(state, "c4"))


def test_legal_actions_are_sorted_by_notation() -> None:
    rng = random.Random(5)
    state = RULES.new()
    for _ in range(6):
        notations = RULES.legal_notations(state)
        tiles = [n.split()[0] for n in notations]
        assert tiles == sorted(tiles)
        assert notations == [RULES.format(state, a) for a in RULES.legal_actions(state)]
        if RULES.outcome(state) is not None:
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


def _slow_turns(state: FuerState) -> set[Turn]:
    """Every candidate turn tried through the checker, one by one."""
    found: set[Turn] = set()
    vacant = list(bits(state.tiles & ~state.pieces))
    for tile, k in tile_spots(state.tiles):
        if k == 1:
            candidates = [
                Written(tile, (), (a, b)) for a in bits(state.own(state.to_move)) for b in vacant
            ]
        else:
            candidates = [Written(tile, c, None) for c in combinations(vacant, k - 1)]
        for written in candidates:
            if RULES.is_legal(state, written):
                found.add(RULES.check(state, written))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_fast_generation_matches_the_checker(seed: int) -> None:
    rng = random.Random(seed)
    options = {"overline": "seven_or_more"} if seed % 2 else {}
    state = RULES.new(options=options)
    while RULES.outcome(state) is None:
        fast = RULES.legal_actions(state)
        assert len(fast) == len(set(fast))
        if len(fast) < 3000:
            assert set(fast) == _slow_turns(state)
        state = RULES.apply(state, rng.choice(fast))


def test_turns_for_tile_and_legal_tiles_agree_with_legal_actions() -> None:
    rng = random.Random(11)
    state = RULES.new()
    for _ in range(5):
        actions = RULES.legal_actions(state)
        by_tile = sorted({RULES.format(state, a).split()[0] for a in actions})
        assert RULES.legal_tiles(state) == by_tile
        for name in by_tile:
            assert RULES.turns_for_tile(state, name) == [
                a for a in actions if a.tile == CELL_OF[name]
            ]
            notations = RULES.tile_notations(state, name)
            assert notations and all(n.startswith(f"{name} ") for n in notations)
        state = RULES.apply(state, rng.choice(actions))
        if RULES.outcome(state) is not None:
            break


def test_two_new_pieces_together_may_not_make_an_overline(build: Build) -> None:
    """d3 or g3 alone leaves row 3 with runs of four; both at once join c3…h3 into six. The
    generator checks each new piece against the ones already chosen, so it must drop the
    pair while keeping each alone."""
    state = build(
        pieces={"c3": "F", "e3": "S", "f3": "F", "h3": "S"},
        extra_tiles=("b3", "g3", "c4"),
    )
    spots = dict(_spots(state))
    assert spots["b4"] == 3  # b4 touches b3, c3 and c4
    pairs = [set(t.placed) for t in RULES.turns_for_tile(state, "b4")]
    d3, g3 = CELL_OF["d3"], CELL_OF["g3"]
    assert {d3, g3} not in pairs
    assert any(d3 in p for p in pairs) and any(g3 in p for p in pairs)
    with pytest.raises(RuleViolation, match=r"^That would make a line of 6;"):
        RULES.parse(state, "b4 +d3 +g3")
    assert set(RULES.legal_actions(state)) == _slow_turns(state)
