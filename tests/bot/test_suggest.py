"""Autocomplete folds long move lists so that typing narrows them step by step."""

from __future__ import annotations

from bot.service.text.suggest import suggest

FUER = [
    f"{t} +{a} +{b}"
    for t in ("c3", "c4", "g2")
    for a in ("a1", "b2", "d5", "e1", "f2", "h3")
    for b in ("i1", "i2", "i3", "i4", "i5")
]
FENDO = [
    f"d1-{sq}{side}"
    for sq in ("d2", "d3", "d4", "d5", "d6", "a1", "b1", "c1", "e1")
    for side in "nesw"
] + ["c2", "c3", "e2", "e3"]


def test_short_lists_are_returned_whole() -> None:
    assert suggest(["a3-a4", "a3-a5", "b3-b4"], "a3") == ["a3-a4", "a3-a5"]


def test_fuer_tiles_first_then_pieces() -> None:
    assert suggest(FUER, "") == ["c3 +", "c4 +", "g2 +"]
    pieces = suggest(FUER, "c3 +")
    # each group extends to what its members share (every second piece here is on file i)
    assert pieces == [f"c3 +{a} +i" for a in ("a1", "b2", "d5", "e1", "f2", "h3")]
    assert suggest(FUER, "c3 +d5 +") == [f"c3 +d5 +i{n}" for n in range(1, 6)]


def test_fendo_piece_then_targets() -> None:
    first = suggest(FENDO, "")
    assert "d1-" in first and "c2" in first
    targets = suggest(FENDO, "d1-")
    assert len(targets) <= 25
    assert all(t.startswith("d1-") for t in targets)
    assert len(targets) > 1  # narrowing actually happened


def test_many_single_tokens_fold_by_character() -> None:
    points = [f"{c}{r}" for c in "abcdefghjklmnopqrst" for r in range(1, 20)]
    first = suggest(points, "")
    assert 1 < len(first) <= 25
    assert all(any(p.startswith(f) for p in points) for f in first)
    assert suggest(points, "k1") == ["k1"] + [f"k1{n}" for n in range(0, 10)]


def test_substring_fallback() -> None:
    assert suggest(["c3-c5", "d3-d5"], "c5") == ["c3-c5"]
    assert suggest(["c3-c5"], "zz") == []
