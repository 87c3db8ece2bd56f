"""Pairings for leagues and tournaments (issue 18.3): round robin, Swiss, FENCE! tables."""

from __future__ import annotations

import ast
import itertools
import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import competition as package
from competition.pairing import (
    Pairing,
    PairingError,
    fence_tables,
    round_robin,
    swiss_pairings,
    swiss_rounds,
    table_sizes,
)


def _names(n: int) -> list[str]:
    return [f"u{i:02d}" for i in range(n)]


# --------------------------------------------------------------------------------------------
# Round robin
# --------------------------------------------------------------------------------------------


def _check_round_robin(players: Sequence[str]) -> None:
    n = len(players)
    rounds = round_robin(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    pairs: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    seats: dict[str, list[int]] = {p: [] for p in players}
    for games in rounds:
        seen = [p for game in games for p in game if p is not None]
        assert sorted(seen) == sorted(players), "everyone exactly once per round"
        round_byes = [first for first, second in games if second is None]
        assert len(round_byes) == n % 2
        byes.update(round_byes)
        for first, second in games:
            if second is not None:
                pairs[frozenset((first, second))] += 1
                seats[first].append(0)
                seats[second].append(1)
    assert set(pairs) == {frozenset(c) for c in itertools.combinations(players, 2)}
    assert set(pairs.values()) == {1}
    if n % 2:
        assert byes == Counter(players), "each player exactly one bye"
    firsts = [s.count(0) for s in seats.values()]
    assert max(firsts) - min(firsts) <= 1
    for history in seats.values():
        runs = [len(list(g)) for _, g in itertools.groupby(history)]
        assert max(runs) <= 2, f"three same seats in a row: {history}"


@pytest.mark.parametrize("n", range(2, 13))
def test_round_robin_small_counts(n: int) -> None:
    _check_round_robin(_names(n))


@given(st.integers(min_value=2, max_value=40))
def test_round_robin_any_count(n: int) -> None:
    _check_round_robin(_names(n))


@given(st.permutations(_names(9)))
def test_round_robin_depends_only_on_the_order_given(players: list[str]) -> None:
    """Same order, same rounds; another order is the same schedule with names swapped."""
    assert round_robin(players) == round_robin(list(players))
    rename = dict(zip(_names(9), players, strict=True))
    expected = [
        [(rename[a], None if b is None else rename[b]) for a, b in games]
        for games in round_robin(_names(9))
    ]
    assert round_robin(players) == expected


def test_round_robin_odd_count_has_equal_first_and_second_seats() -> None:
    seats = Counter(first for games in round_robin(_names(7)) for first, second in games if second)
    assert set(seats.values()) == {3}


def test_round_robin_refuses_duplicates_and_loners() -> None:
    with pytest.raises(ValueError):
        round_robin(["a", "b", "a"])
    with pytest.raises(ValueError):
        round_robin(["a"])


# --------------------------------------------------------------------------------------------
# Swiss
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "rounds"),
    [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5), (100, 7)],
)
def test_swiss_rounds(count: int, rounds: int) -> None:
    assert swiss_rounds(count) == rounds


def test_swiss_rounds_needs_two_players() -> None:
    with pytest.raises(ValueError):
        swiss_rounds(1)


def _perfect_matching_exists(players: Sequence[str], met: Mapping[str, set[str]]) -> bool:
    """Plain exhaustive search, independent of the code under test."""
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(
        other not in met[top] and _perfect_matching_exists([p for p in rest if p != other], met)
        for other in rest
    )


def _history(players: Sequence[str], played: Sequence[Pairing]):
    met: dict[str, set[str]] = {p: set() for p in players}
    byes: Counter[str] = Counter()
    for first, second in played:
        if second is None:
            byes[first] += 1
        else:
            met[first].add(second)
            met[second].add(first)
    return met, byes


def _valid_byes(players: Sequence[str], played: Sequence[Pairing]) -> list[str]:
    """Who may take this round's bye and still leave a round without rematches."""
    met, byes = _history(players, played)
    if len(players) % 2 == 0:
        return []
    fewest = min(byes[p] for p in players)
    return [
        p
        for p in players
        if byes[p] == fewest and _perfect_matching_exists([q for q in players if q != p], met)
    ]


def _round_exists(players: Sequence[str], played: Sequence[Pairing]) -> bool:
    if len(players) % 2:
        return bool(_valid_byes(players, played))
    met, _ = _history(players, played)
    return _perfect_matching_exists(list(players), met)


def _placed(players: Sequence[str], scores: Mapping[str, float]) -> list[str]:
    return sorted(players, key=lambda p: (-scores.get(p, 0), players.index(p)))


def _check_swiss_round(
    players: Sequence[str],
    scores: Mapping[str, float],
    played: Sequence[Pairing],
    games: Sequence[Pairing],
) -> None:
    met, byes = _history(players, played)
    seen = [p for game in games for p in game if p is not None]
    assert sorted(seen) == sorted(players)
    for first, second in games:
        if second is not None:
            assert second not in met[first], f"rematch {first}-{second}"
    round_byes = [first for first, second in games if second is None]
    assert len(round_byes) == len(players) % 2
    if round_byes:
        (bye,) = round_byes
        assert byes[bye] == min(byes[p] for p in players), "a second bye while someone has none"
        # The lowest-placed player who can take the bye without forcing a rematch takes it.
        allowed = set(_valid_byes(players, played))
        lowest = next(p for p in reversed(_placed(players, scores)) if p in allowed)
        assert bye == lowest


@given(
    n=st.integers(min_value=2, max_value=16),
    extra=st.integers(min_value=0, max_value=3),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_swiss_never_repeats_while_a_new_round_exists(n: int, extra: int, seed: int) -> None:
    """Random tournaments, played further than the default number of rounds: every round
    keeps the rules exactly when some round could, and raises PairingError otherwise."""
    rng = random.Random(seed)
    players = _names(n)
    rng.shuffle(players)
    scores: dict[str, float] = {p: 0.0 for p in players}
    played: list[Pairing] = []
    for _ in range(min(swiss_rounds(n) + extra, n)):
        if not _round_exists(players, played):
            with pytest.raises(PairingError):
                swiss_pairings(players, scores, played)
            return
        games = swiss_pairings(players, scores, played)
        _check_swiss_round(players, scores, played, games)
        for first, second in games:
            if second is None:
                scores[first] += 1
                continue
            outcome = rng.choice((1.0, 0.5, 0.0))
            scores[first] += outcome
            scores[second] += 1 - outcome
        played.extend(games)


def _legal_rounds(players: Sequence[str], met: Mapping[str, set[str]]):
    """Every way to pair all of ``players`` without a rematch (exhaustive, for small fields)."""
    if not players:
        yield []
        return
    top, rest = players[0], players[1:]
    for other in rest:
        if other not in met[top]:
            for more in _legal_rounds([p for p in rest if p != other], met):
                yield [(top, other), *more]


def _spread(games: Sequence[Pairing], scores: Mapping[str, float]) -> float:
    """How far apart in score the opponents of a round are: the sum of squared differences."""
    return sum((scores.get(a, 0) - scores.get(b, 0)) ** 2 for a, b in games if b is not None)


@given(
    n=st.integers(min_value=4, max_value=9),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_swiss_pairs_score_groups_as_tightly_as_any_legal_round(
    n: int, rounds: int, seed: int
) -> None:
    """Against every legal round with the same bye, none keeps opponents' scores closer."""
    rng = random.Random(seed)
    players = _names(n)
    scores: dict[str, float] = {p: 0.0 for p in players}
    played: list[Pairing] = []
    for _ in range(rounds):
        try:
            games = swiss_pairings(players, scores, played)
        except PairingError:
            return
        for first, second in games:
            outcome = 1.0 if second is None else rng.choice((1.0, 0.5, 0.0))
            scores[first] += outcome
            if second is not None:
                scores[second] += 1 - outcome
        played.extend(games)
    try:
        games = swiss_pairings(players, scores, played)
    except PairingError:
        return
    met, _ = _history(players, played)
    paired = [p for game in games if game[1] is not None for p in game]
    best = min(_spread(r, scores) for r in _legal_rounds(_placed(paired, scores), met))
    assert _spread(games, scores) == best


def test_swiss_keeps_score_groups_together_rather_than_pair_the_top_board_first() -> None:
    """A leads alone; B, C and D share a point but C and D already met; E and F have none.
    Pairing top board first (A against B, the top of the next group, as a depth-first
    search in preference order did) leaves C and D to float down: three games across
    score groups. The best round floats A alone and keeps E-F together."""
    played: list[Pairing] = [("C", "D")]
    scores = {"A": 2, "B": 1, "C": 1, "D": 1}
    games = swiss_pairings(list("ABCDEF"), scores, played)
    _check_swiss_round(list("ABCDEF"), scores, played, games)
    pairs = {frozenset(g) for g in games}
    assert frozenset("EF") in pairs
    assert _spread(games, scores) == 1, "only the leader meets a lower score"


def test_swiss_default_rounds_always_pair(n_max: int = 16) -> None:
    """Deterministic sweep: every count up to 16, the default number of rounds, a few
    result patterns; no round may fail."""
    for n in range(2, n_max + 1):
        for seed in range(5):
            rng = random.Random(seed)
            players = _names(n)
            scores = {p: 0.0 for p in players}
            played: list[Pairing] = []
            for _ in range(swiss_rounds(n)):
                games = swiss_pairings(players, scores, played)
                _check_swiss_round(players, scores, played, games)
                for first, second in games:
                    winner = first if second is None or rng.random() < 0.5 else second
                    scores[winner] += 1
                played.extend(games)


def test_swiss_first_round_top_half_meets_bottom_half() -> None:
    games = swiss_pairings(list("ABCDEFGH"), {}, [])
    assert [frozenset(g) for g in games] == [frozenset(g) for g in ("AE", "BF", "CG", "DH")]


def test_swiss_winners_meet_winners() -> None:
    """After round 1 the four winners form the top group and pair top half against bottom
    half among themselves; the four losers do the same. (Here every such game also gives
    both players the seat they are due.)"""
    played: list[Pairing] = [("A", "E"), ("F", "B"), ("G", "C"), ("D", "H")]
    scores = {"A": 1, "B": 1, "C": 1, "D": 1}
    games = swiss_pairings(list("ABCDEFGH"), scores, played)
    assert [frozenset(g) for g in games] == [frozenset(g) for g in ("AC", "BD", "EG", "FH")]


def test_swiss_transposes_the_bottom_half_so_everyone_changes_seats() -> None:
    """Round 1 alternated seats down the boards, so A and C both sat first and are both due
    the second seat; B and D the first. Within the same score groups, the bottom half is
    transposed (A-D, B-C rather than A-C, B-D) and every player gets the seat they are due,
    as colour preferences outrank transpositions in the Dutch system."""
    played: list[Pairing] = [("A", "E"), ("F", "B"), ("C", "G"), ("H", "D")]
    scores = {"A": 1, "B": 1, "C": 1, "D": 1}
    games = swiss_pairings(list("ABCDEFGH"), scores, played)
    assert games == [("D", "A"), ("B", "C"), ("E", "H"), ("G", "F")]


def test_swiss_odd_group_floats_its_last_player_down() -> None:
    """A, B, C on one point: A meets B, and C floats down to meet D, the top of the next group."""
    scores = {"A": 1, "B": 1, "C": 1}
    games = swiss_pairings(list("ABCDEF"), scores, [])
    assert [frozenset(g) for g in games] == [frozenset(g) for g in ("AB", "CD", "EF")]


def test_swiss_avoids_a_rematch_by_taking_the_next_opponent() -> None:
    games = swiss_pairings(list("ABCD"), {}, [("A", "C")])
    assert [frozenset(g) for g in games] == [frozenset("AD"), frozenset("BC")]


def test_swiss_backtracks_out_of_a_dead_end() -> None:
    """Greedy top-down pairing gives A-C, B-D and leaves E-F, who already met: the search
    must undo an earlier choice instead."""
    played: list[Pairing] = [("E", "F"), ("A", "B")]
    games = swiss_pairings(list("ABCDEF"), {}, played)
    _check_swiss_round(list("ABCDEF"), {}, played, games)
    assert frozenset("EF") not in {frozenset(g) for g in games}


def test_swiss_bye_goes_to_the_lowest_placed_player_without_one() -> None:
    players = list("ABCDE")
    assert swiss_pairings(players, {}, [])[-1] == ("E", None)
    # E has had the bye: the next lowest, D, takes it, even though E is placed lower.
    played: list[Pairing] = [("A", "C"), ("D", "B"), ("E", None)]
    scores = {"A": 1, "B": 1, "E": 1}
    games = swiss_pairings(players, scores, played)
    assert games[-1] == ("D", None)


def test_swiss_second_bye_only_once_everyone_had_one() -> None:
    players = list("ABC")
    played: list[Pairing] = [("A", "B"), ("C", None), ("C", "A"), ("B", None)]
    scores = {"A": 1, "B": 1, "C": 1}
    games = swiss_pairings(players, scores, played)
    assert games == [("B", "C"), ("A", None)] or games == [("C", "B"), ("A", None)]


def test_swiss_first_seat_goes_to_who_sat_second_more() -> None:
    played: list[Pairing] = [("A", "C"), ("D", "B")]
    games = swiss_pairings(list("ABCD"), {"A": 1, "B": 1}, played)
    # A sat first, B second: B takes seat 0. C sat second, D first: C takes seat 0.
    assert games == [("B", "A"), ("C", "D")]


def test_swiss_first_seat_alternates_down_the_boards_in_round_one() -> None:
    games = swiss_pairings(list("ABCDEFGH"), {}, [])
    assert games == [("A", "E"), ("F", "B"), ("C", "G"), ("H", "D")]


def test_swiss_equal_balance_alternates_from_the_last_difference() -> None:
    """A sat second then first, B first then second: equal balance, and B sat second most
    recently, so B takes seat 0 although A is placed higher on board 1."""
    played: list[Pairing] = [("C", "A"), ("B", "D"), ("A", "E"), ("F", "B")]
    scores = {"A": 2, "B": 2}
    games = swiss_pairings(list("ABCDEF"), scores, played)
    assert games[0] == ("B", "A")


def test_swiss_raises_when_every_round_repeats() -> None:
    played: list[Pairing] = [("A", "B"), ("C", "A"), ("A", "D")]
    with pytest.raises(PairingError):
        swiss_pairings(list("ABCD"), {}, played)


def test_swiss_refuses_duplicates() -> None:
    with pytest.raises(ValueError):
        swiss_pairings(["a", "a", "b"], {}, [])


# --------------------------------------------------------------------------------------------
# FENCE! tables
# --------------------------------------------------------------------------------------------


def _size_cost(sizes: Sequence[int], wanted: int) -> int:
    return sum(size * abs(size - wanted) for size in sizes)


def _balanced_splits(n: int) -> list[list[int]]:
    """Every split into tables of 3–6 whose sizes differ by at most one."""
    if n == 0:
        return [[]]
    splits = [[s, *rest] for s in range(3, 7) if s <= n for rest in _balanced_splits(n - s)]
    return [s for s in splits if max(s) - min(s) <= 1]


@pytest.mark.parametrize("wanted", range(3, 7))
@pytest.mark.parametrize("n", range(3, 21))
def test_table_sizes(n: int, wanted: int) -> None:
    sizes = table_sizes(n, wanted)
    assert sum(sizes) == n
    assert all(3 <= s <= 6 for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert _size_cost(sizes, wanted) == min(_size_cost(s, wanted) for s in _balanced_splits(n))
    tables = fence_tables(_names(n), wanted, {}, seed=n)
    assert sorted(len(t) for t in tables) == sorted(sizes)
    assert sorted(p for t in tables for p in t) == _names(n)


@pytest.mark.parametrize(
    ("n", "wanted", "sizes"),
    [
        (7, 4, [4, 3]),
        (5, 4, [5]),
        (6, 4, [3, 3]),
        (9, 4, [5, 4]),
        (10, 4, [4, 3, 3]),
        (8, 3, [4, 4]),
    ],
)
def test_table_sizes_examples(n: int, wanted: int, sizes: list[int]) -> None:
    assert table_sizes(n, wanted) == sizes


def test_fence_tables_refuses_too_few_players_or_odd_sizes() -> None:
    with pytest.raises(ValueError):
        fence_tables(["a", "b"], 4, {}, seed=1)
    with pytest.raises(ValueError):
        fence_tables(_names(8), 2, {}, seed=1)
    with pytest.raises(ValueError):
        fence_tables(_names(8), 7, {}, seed=1)
    with pytest.raises(ValueError):
        fence_tables(["a", "b", "c", "a"], 4, {}, seed=1)


def test_fence_tables_are_deterministic_in_the_seed() -> None:
    met = {frozenset(("u00", "u01")): 2}
    first = fence_tables(_names(11), 4, met, seed=7)
    assert fence_tables(_names(11), 4, met, seed=7) == first
    others = {str(fence_tables(_names(11), 4, met, seed=s)) for s in range(8)}
    assert len(others) > 1, "the seed changes the draw"


def test_fence_tables_avoid_an_avoidable_repeat() -> None:
    """A-B, C-D and E-F each met once; {A, C, E} + {B, D, F} repeats nobody."""
    met = {frozenset("AB"): 1, frozenset("CD"): 1, frozenset("EF"): 1}
    for seed in range(30):
        tables = fence_tables(list("ABCDEF"), 3, met, seed)
        together = {frozenset(c) for t in tables for c in itertools.combinations(t, 2)}
        assert not together & set(met), tables


def test_fence_tables_shuffle_seats_within_a_table() -> None:
    orders = {tuple(fence_tables(list("ABCD"), 4, {}, seed)[0]) for seed in range(20)}
    assert len(orders) > 3


def _repeats(tables: Sequence[Sequence[str]], met: Mapping[frozenset[str], int]) -> int:
    return sum(met.get(frozenset(c), 0) for t in tables for c in itertools.combinations(t, 2))


def _best_repeats(players: list[str], sizes: list[int], met: Mapping[frozenset[str], int]) -> int:
    def splits(left: list[str], sizes: list[int]):
        if not sizes:
            yield []
            return
        for size in set(sizes):
            rest = list(sizes)
            rest.remove(size)
            for others in itertools.combinations(left[1:], size - 1):
                table = [left[0], *others]
                for more in splits([p for p in left if p not in table], rest):
                    yield [table, *more]

    return min(_repeats(s, met) for s in splits(players, sizes))


def test_fence_tables_find_the_fewest_repeats_in_small_rounds() -> None:
    """Fixed random rounds of 6–9 players against an exhaustive search."""
    for trial in range(60):
        rng = random.Random(trial)
        n = rng.randint(6, 9)
        players = _names(n)
        met = {
            frozenset(c): rng.randint(0, 3)
            for c in itertools.combinations(players, 2)
            if rng.random() < 0.6
        }
        wanted = rng.randint(3, 5)
        tables = fence_tables(players, wanted, met, seed=trial)
        assert _repeats(tables, met) == _best_repeats(players, table_sizes(n, wanted), met)


@given(
    n=st.integers(min_value=3, max_value=30),
    wanted=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_fence_tables_no_single_swap_helps(n: int, wanted: int, seed: int) -> None:
    rng = random.Random(seed)
    players = _names(n)
    met = {frozenset(c): rng.randint(0, 4) for c in itertools.combinations(players, 2)}
    tables = fence_tables(players, wanted, met, seed)
    total = _repeats(tables, met)
    for t, u in itertools.combinations(range(len(tables)), 2):
        for i, j in itertools.product(range(len(tables[t])), range(len(tables[u]))):
            swapped = [list(x) for x in tables]
            swapped[t][i], swapped[u][j] = tables[u][j], tables[t][i]
            assert _repeats(swapped, met) >= total


def test_competition_imports_only_the_standard_library_and_two_libraries() -> None:
    """Pure and portable: the use cases, the console and the tests all call it directly.
    (The import-linter contract forbids named packages; this allows named ones only.)"""
    allowed = set(sys.stdlib_module_names) | {"__future__", "competition", "networkx", "openskill"}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module.split(".")[0])
        assert imported <= allowed, (path.name, imported - allowed)
