"""Standings of leagues and tournaments (issue 18.3): points, tie-breaks, ranks, text."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from competition.pairing import round_robin
from competition.standings import (
    Result,
    Row,
    format_points,
    points,
    standings,
    standings_cells,
    standings_text,
)


def _game(round_: int, first: str, second: str, score: float | None) -> Result:
    """A two-player result from the first player's score (1, ½, 0; None: unfinished)."""
    winners = None if score is None else {1.0: (0,), 0.5: (), 0.0: (1,)}[score]
    return Result(round_, (first, second), winners)


LEAGUE = [
    _game(1, "A", "B", 1),
    _game(1, "C", "D", 0.5),
    _game(2, "C", "A", 0.5),
    _game(2, "B", "D", 1),
    _game(3, "D", "A", 0),
    _game(3, "B", "C", 0.5),
]


def test_a_hand_counted_league() -> None:
    """Crosstable (row's score against column), totals and Sonneborn-Berger:

    ======  ===  ===  ===  ===  ======  ===========================
             A    B    C    D   points  SB
    ======  ===  ===  ===  ===  ======  ===========================
    A        .    1    ½    1   2½      1½ + ½ + ½·1½        = 2¾
    B        0    .    ½    1   1½      ½ + ½·1½             = 1¼
    C        ½    ½    .    ½   1½      ½·(2½ + 1½ + ½)      = 2¼
    D        0    0    ½    .   ½       ½·1½                 = ¾
    ======  ===  ===  ===  ===  ======  ===========================

    B and C tie on points; C's draws were against stronger players, so C is second.
    """
    rows = standings(["A", "B", "C", "D"], LEAGUE, "league")
    assert rows == [
        Row(1, "A", 2.5, 2.75, 3, 2, 1, 0),
        Row(2, "C", 1.5, 2.25, 3, 0, 3, 0),
        Row(3, "B", 1.5, 1.25, 3, 1, 1, 1),
        Row(4, "D", 0.5, 0.75, 3, 0, 1, 2),
    ]


def test_league_text() -> None:
    rows = standings(["A", "B", "C", "D"], LEAGUE, "league")
    names = {"A": "Alice", "B": "Bob", "C": "Carol"}
    assert standings_text(rows, names, "league").splitlines() == [
        "1. Alice — 2½ pts (SB 2¾) · 2W 1D 0L",
        "2. Carol — 1½ pts (SB 2¼) · 0W 3D 0L",
        "3. Bob — 1½ pts (SB 1¼) · 1W 1D 1L",
        "4. D — ½ pt (SB ¾) · 0W 1D 2L",
    ]


def test_league_cells_for_the_image() -> None:
    rows = standings(["A", "B", "C", "D"], LEAGUE, "league")
    header, cells = standings_cells(rows, {"A": "Alice"}, "league")
    assert header == ("#", "Player", "Pts", "SB", "W-D-L")
    assert cells[0] == ("1", "Alice", "2½", "2¾", "2-1-0")
    assert cells[3] == ("4", "D", "½", "¾", "0-1-2")


def test_unfinished_games_count_for_nothing_yet() -> None:
    results = [*LEAGUE, _game(4, "A", "B", None), _game(4, "C", "D", None)]
    assert standings(["A", "B", "C", "D"], results, "league") == standings(
        ["A", "B", "C", "D"], LEAGUE, "league"
    )


SWISS = [
    _game(1, "A", "B", 1),
    _game(1, "C", "D", 0.5),
    Result(1, ("E",), None, bye=True),
    _game(2, "E", "A", 0),
    _game(2, "C", "B", 0),
    Result(2, ("D",), (0,), bye=True),
]


def test_a_swiss_with_buchholz() -> None:
    """Totals A 2, D 1½ (½ + bye), B 1, E 1 (bye), C ½. Buchholz, byes adding nothing:
    A = B 1 + E 1 = 2; B = A 2 + C ½ = 2½; C = D 1½ + B 1 = 2½; D = C ½; E = A 2.
    B and E tie on points and B's opponents were stronger."""
    rows = standings(["A", "B", "C", "D", "E"], SWISS, "swiss")
    assert rows == [
        Row(1, "A", 2.0, 2.0, 2, 2, 0, 0),
        Row(2, "D", 1.5, 0.5, 1, 0, 1, 0),
        Row(3, "B", 1.0, 2.5, 2, 1, 0, 1),
        Row(4, "E", 1.0, 2.0, 1, 0, 0, 1),
        Row(5, "C", 0.5, 2.5, 2, 0, 1, 1),
    ]
    assert "(Buchholz 2½)" in standings_text(rows, {}, "swiss")


TABLES = [
    Result(1, ("P1", "P2", "P3"), (0, 1)),
    Result(1, ("P4", "P5", "P6"), (2,)),
    Result(2, ("P1", "P4", "P5"), ()),
    Result(2, ("P2", "P3", "P6"), (1,)),
    Result(3, ("P1", "P2", "P6"), None),
]


def test_fence_tables_with_a_shared_win() -> None:
    """Round 1: P1 and P2 share a win (½ each), P6 wins alone. Round 2: nobody wins at
    P1/P4/P5 (⅓ each), P3 wins. Round 3 is still being played.

    Totals: P1 ⅚, P2 ½, P3 1, P4 ⅓, P5 ⅓, P6 1. Buchholz (every table-mate's total):
    P1 = ½+1+⅓+⅓ = 2⅙, P2 = ⅚+1+1+1 = 3⅚, P3 = ⅚+½+½+1 = 2⅚,
    P4 = P5 = ⅓+1+⅚+⅓ = 2½, P6 = ⅓+⅓+½+1 = 2⅙. P4 and P5 tie on everything."""
    rows = standings(["P1", "P2", "P3", "P4", "P5", "P6"], TABLES, "tables")
    assert [(r.rank, r.player) for r in rows] == [
        (1, "P3"),
        (2, "P6"),
        (3, "P1"),
        (4, "P2"),
        (5, "P4"),
        (5, "P5"),
    ]
    by_player = {r.player: r for r in rows}
    assert by_player["P1"].points == pytest.approx(5 / 6)
    assert by_player["P1"].tiebreak == pytest.approx(13 / 6)
    assert by_player["P2"].tiebreak == pytest.approx(23 / 6)
    assert by_player["P4"].tiebreak == pytest.approx(2.5)
    assert (by_player["P1"].wins, by_player["P1"].draws, by_player["P1"].losses) == (1, 1, 0)
    assert (by_player["P2"].wins, by_player["P2"].draws, by_player["P2"].losses) == (1, 0, 1)
    assert by_player["P1"].played == 2
    text = standings_text(rows, {}, "tables").splitlines()
    assert text[2] == "3. P1 — ⅚ pt (Buchholz 2⅙) · 1W 1D 0L"
    assert text[4].startswith("5. P4") and text[5].startswith("5. P5")


def test_ties_share_a_rank_and_the_next_rank_skips() -> None:
    results = [_game(1, "A", "B", 0.5), _game(1, "C", "D", 1)]
    rows = standings(["A", "B", "C", "D"], results, "swiss")
    assert [(r.rank, r.player) for r in rows] == [(1, "C"), (2, "A"), (2, "B"), (4, "D")]


def test_rows_equal_on_points_and_tiebreak_are_split_by_wins() -> None:
    """A won one and lost one, B drew twice: one point each, and the same Buchholz (both
    met C, ½, and D, 1½), so A's win decides."""
    results = [
        _game(1, "A", "C", 1),
        _game(1, "B", "D", 0.5),
        _game(2, "D", "A", 1),
        _game(2, "C", "B", 0.5),
    ]
    rows = standings(["B", "A", "C", "D"], results, "swiss")
    assert [(r.rank, r.player, r.points, r.tiebreak) for r in rows[1:3]] == [
        (2, "A", 1.0, 2.0),
        (3, "B", 1.0, 2.0),
    ]


def test_a_win_everybody_shares_is_a_draw() -> None:
    rows = standings(["A", "B", "C"], [Result(1, ("A", "B", "C"), (0, 1, 2))], "tables")
    assert all((r.wins, r.draws, r.losses, r.rank) == (0, 1, 0, 1) for r in rows)


def test_players_who_left_still_count_for_their_opponents() -> None:
    """X beat A, lost to B, then left: A's and B's Sonneborn-Berger still see X's point."""
    results = [_game(1, "A", "X", 0), _game(2, "X", "B", 0), _game(3, "A", "B", 1)]
    rows = standings(["A", "B"], results, "league")
    assert [(r.rank, r.player, r.points, r.tiebreak) for r in rows] == [
        (1, "A", 1.0, 1.0),  # beat B (1 point)
        (1, "B", 1.0, 1.0),  # beat X (1 point)
    ]


def test_a_player_with_no_games_gets_an_empty_row() -> None:
    rows = standings(["A", "B", "N"], [_game(1, "A", "B", 1)], "league")
    assert rows[-1] == Row(2, "N", 0.0, 0.0, 0, 0, 0, 0)
    assert rows[1].rank == 2 and rows[1].player == "B"


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (_game(1, "A", "B", 1), {"A": 1.0, "B": 0.0}),
        (_game(1, "A", "B", 0.5), {"A": 0.5, "B": 0.5}),
        (_game(1, "A", "B", 0), {"A": 0.0, "B": 1.0}),
        (Result(1, ("A",), None, bye=True), {"A": 1.0}),
        (Result(1, ("A", "B", "C", "D"), (1, 3)), {"A": 0.0, "B": 0.5, "C": 0.0, "D": 0.5}),
        (Result(1, ("A", "B", "C"), ()), {"A": 1 / 3, "B": 1 / 3, "C": 1 / 3}),
    ],
)
def test_points(result: Result, expected: dict[str, float]) -> None:
    assert points(result) == pytest.approx(expected)


@pytest.mark.parametrize(
    "result",
    [
        _game(1, "A", "B", None),
        Result(1, ("A", "A"), (0,)),
        Result(1, ("A", "B"), (2,)),
        Result(1, ("A", "B"), (0,), bye=True),
        Result(1, ("A",), (0,)),
    ],
)
def test_points_refuses_unfinished_or_malformed_results(result: Result) -> None:
    with pytest.raises(ValueError):
        points(result)


def test_standings_refuses_unknown_systems_and_duplicates() -> None:
    with pytest.raises(ValueError):
        standings(["A", "B"], [], "knockout")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        standings(["A", "A"], [], "league")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (0.5, "½"),
        (2.5, "2½"),
        (1 / 3, "⅓"),
        (1 + 1 / 6, "1⅙"),
        (3, "3"),
        (7 / 12, "0.58"),
    ],
)
def test_format_points(value: float, text: str) -> None:
    assert format_points(value) == text


@given(n=st.integers(min_value=2, max_value=9), seed=st.integers(min_value=0, max_value=10**6))
def test_every_game_hands_out_exactly_one_point(n: int, seed: int) -> None:
    """A whole random round robin: points add up to the number of games and byes, ranks
    are sorted and start at 1, and W+D+L is the number of games played."""
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    results = []
    for number, games in enumerate(round_robin(players), start=1):
        for first, second in games:
            if second is None:
                results.append(Result(number, (first,), None, bye=True))
            else:
                results.append(_game(number, first, second, rng.choice((1.0, 0.5, 0.0, None))))
    finished = [r for r in results if r.finished]
    for system in ("league", "swiss"):
        rows = standings(players, results, system)
        assert math.isclose(sum(r.points for r in rows), len(finished))
        assert rows[0].rank == 1
        assert [r.rank for r in rows] == sorted(r.rank for r in rows)
        assert all(r.wins + r.draws + r.losses == r.played for r in rows)
        assert sum(r.played for r in rows) == 2 * sum(1 for r in finished if not r.bye)
        keys = [(r.points, r.tiebreak, r.wins) for r in rows]
        assert keys == sorted(keys, reverse=True)


def test_sonneborn_berger_at_a_table_compares_seats_in_pairs() -> None:
    """A league of three-seat tables. Round 1: A and B share the win over C. Round 2: C
    wins, A and B lose. Totals A ½, B ½, C 1. A's SB: half of B's ½ (shared win) + C's 1
    (beaten) in round 1, nothing in round 2 (lost to C; two losers are not compared)."""
    results = [Result(1, ("A", "B", "C"), (0, 1)), Result(2, ("A", "B", "C"), (2,))]
    rows = {r.player: r for r in standings(["A", "B", "C"], results, "league")}
    assert rows["A"].tiebreak == 1.25
    assert rows["C"].tiebreak == 1.0  # beat A and B, ½ each
