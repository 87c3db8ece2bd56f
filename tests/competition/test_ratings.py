"""Glicko-2 ratings: the paper's worked example, symmetry, draws and several players."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from competition.ratings import (
    DRAW,
    LOSS,
    MAX_RD,
    PROVISIONAL_GAMES,
    WIN,
    display,
    finishing_ranks,
    is_provisional,
    rate_match,
    rate_period,
    rate_ranking,
)
from storage import Rating


def player(user: str, rating: float = 1500.0, rd: float = 350.0, vol: float = 0.06,
           games: int = 0) -> Rating:  # fmt: skip
    return Rating(user, "ordo", "g1", rating, rd, vol, games, updated_at=1.0)


def test_glickmans_worked_example() -> None:
    """Glickman, *Example of the Glicko-2 system*: 1500/200/0.06 beats 1400/30, loses to
    1550/100 and 1700/300 in one period → 1464.06 / 151.52 / 0.05999."""
    me = player("me", 1500, 200)
    games = [(player("a", 1400, 30), WIN), (player("b", 1550, 100), LOSS),
             (player("c", 1700, 300), LOSS)]  # fmt: skip
    after = rate_period(me, games, now=9.0)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # The exact root of step 5 is 0.0599960 (bisection to machine precision); the PyPI
    # glicko2 package gets 0.0599934 because it uses μ² where the paper has φ².
    assert after.volatility == pytest.approx(0.0599960, abs=2e-7)
    assert (after.games, after.updated_at, after.user_id) == (1, 9.0, "me")


RATINGS = st.floats(800, 2600)
RDS = st.floats(30, 350)
VOLS = st.floats(0.03, 0.1)
SCORES = st.sampled_from([WIN, DRAW, LOSS])


@given(RATINGS, RDS, VOLS, st.lists(st.tuples(RATINGS, RDS, SCORES), min_size=1, max_size=5),
       st.floats(-1000, 1000))  # fmt: skip
def test_shifting_everyone_by_the_same_amount_shifts_the_result(
    rating: float, rd: float, vol: float, opponents: list[tuple[float, float, float]],
    shift: float,
) -> None:  # fmt: skip
    """Glicko-2 depends only on rating differences; a μ² slipped in for φ² would break this."""

    def rated(offset: float) -> Rating:
        games = [(player(f"o{i}", r + offset, d), s) for i, (r, d, s) in enumerate(opponents)]
        return rate_period(player("me", rating + offset, rd, vol), games, now=2.0)

    base, moved = rated(0.0), rated(shift)
    assert moved.rating - shift == pytest.approx(base.rating, abs=1e-6)
    assert moved.rd == pytest.approx(base.rd, rel=1e-9)
    assert moved.volatility == pytest.approx(base.volatility, abs=1e-7)


@given(RATINGS, RATINGS, RDS, VOLS, st.sampled_from([[0], [1], []]))
def test_two_player_match_is_zero_sum_for_equal_deviations(
    a: float, b: float, rd: float, vol: float, winners: list[int]
) -> None:
    before = [player("a", a, rd, vol), player("b", b, rd, vol)]
    after = rate_match(before, winners, now=5.0)
    gains = [new.rating - old.rating for new, old in zip(after, before, strict=True)]
    assert gains[0] == pytest.approx(-gains[1], abs=1e-9)
    assert after[0].rd == pytest.approx(after[1].rd)
    if winners:
        assert gains[winners[0]] > 0 > gains[1 - winners[0]]


@given(RATINGS, RDS, RATINGS, RDS, st.sampled_from([[0], [1], []]))
def test_seat_order_does_not_matter(a: float, ard: float, b: float, brd: float,
                                    winners: list[int]) -> None:  # fmt: skip
    first, second = player("a", a, ard), player("b", b, brd)
    forward = rate_match([first, second], winners, now=3.0)
    backward = rate_match([second, first], [1 - w for w in winners], now=3.0)
    assert forward == backward[::-1]


def test_a_win_against_a_stronger_player_is_worth_more() -> None:
    me = player("me", 1500, 100, games=10)
    upset = rate_match([me, player("strong", 1800, 100)], [0], now=1.0)[0]
    expected = rate_match([me, player("weak", 1200, 100)], [0], now=1.0)[0]
    assert upset.rating - 1500 > expected.rating - 1500 > 0


def test_draw_between_equals_keeps_ratings_and_narrows_deviation() -> None:
    after = rate_match([player("a"), player("b")], [], now=4.0)
    for r in after:
        assert r.rating == pytest.approx(1500.0)
        assert r.rd < 350.0
        assert r.games == 1


def test_draw_moves_the_stronger_player_down_and_the_weaker_up() -> None:
    strong, weak = rate_match([player("s", 1800, 80), player("w", 1400, 80)], [], now=1.0)
    assert strong.rating < 1800 and weak.rating > 1400


def test_shared_win_of_both_seats_is_a_draw() -> None:
    seats = [player("a", 1600, 90), player("b", 1450, 200)]
    assert rate_match(seats, [0, 1], now=1.0) == rate_match(seats, [], now=1.0)


def test_glicko_rates_two_seats_only() -> None:
    with pytest.raises(ValueError, match="rate_ranking"):
        rate_match([player("a"), player("b"), player("c")], [0], now=1.0)


# -- several seats: Plackett-Luce ---------------------------------------------------------------
def fencer(user: str, rating: float = 1500.0, rd: float = 120.0, games: int = 10) -> Rating:
    return Rating(user, "fence", "g1", rating, rd, 0.06, games, updated_at=1.0)


@pytest.mark.parametrize(
    ("winners", "scores", "ranks"),
    [
        ((2,), (3, 8, 5, 0), [3, 2, 1, 4]),  # winner first, then by cards held
        ((2,), None, [2, 2, 1, 2]),  # no scores: the others tie behind the winner
        ((0, 3), (4, 4, 9, 4), [1, 3, 2, 1]),  # a shared win; the others by score
        ((1,), (5, 2, 5, 1), [2, 1, 2, 3]),  # equal scores tie
        ((), (1, 6, 6, 0), [2, 1, 1, 3]),  # nobody won: everyone by score
        ((), None, [1, 1, 1, 1]),  # nobody won, no scores: a tie of all
    ],
)
def test_finishing_ranks(
    winners: tuple[int, ...], scores: tuple[int, ...] | None, ranks: list[int]
) -> None:
    assert finishing_ranks(4, winners, scores) == ranks


def test_a_four_player_result_moves_ratings_in_rank_order() -> None:
    seats = [fencer(u) for u in "abcd"]
    after = rate_ranking(seats, [3, 1, 4, 2], now=6.0)
    gains = {r.user_id: r.rating - 1500.0 for r in after}
    assert gains["b"] > gains["d"] > 0 > gains["a"] > gains["c"]
    assert sum(gains.values()) == pytest.approx(0.0, abs=1e-6), "equal players: zero-sum"
    assert all(r.rd < 120.0 for r in after), "a result makes every rating surer"
    assert [(r.games, r.updated_at, r.volatility) for r in after] == [(11, 6.0, 0.06)] * 4


def test_a_shared_win_is_a_tie() -> None:
    seats = [fencer(u) for u in "abc"]
    after = rate_ranking(seats, [1, 2, 1], now=1.0)
    assert after[0].rating == pytest.approx(after[2].rating)
    assert after[0].rating > 1500.0 > after[1].rating
    everyone = rate_ranking(seats, [1, 1, 1], now=1.0)
    assert [r.rating for r in everyone] == pytest.approx([1500.0] * 3)


def test_beating_strong_players_is_worth_more_than_beating_weak_ones() -> None:
    me = fencer("me")
    over_strong = rate_ranking([me, fencer("s1", 1800), fencer("s2", 1750)], [1, 2, 3], now=1.0)
    over_weak = rate_ranking([me, fencer("w1", 1200), fencer("w2", 1250)], [1, 2, 3], now=1.0)
    assert over_strong[0].rating - 1500 > over_weak[0].rating - 1500 > 0


def test_the_ranking_model_speaks_glickos_scale() -> None:
    """Between two settled players both models agree to within a point or two, which is
    what lets one ladder hold FENCE! ratings from two-seat and bigger matches."""
    a, b = fencer("a", 1500, 60, 20), fencer("b", 1700, 60, 20)
    glicko = rate_match([a, b], [0], now=1.0)
    ranked = rate_ranking([a, b], [1, 2], now=1.0)
    for g, r in zip(glicko, ranked, strict=True):
        assert r.rating == pytest.approx(g.rating, abs=2.0)
        assert r.rd == pytest.approx(g.rd, abs=1.0)
    newcomer = rate_ranking([Rating("n", "fence", "g1"), fencer("x"), fencer("y")], [1, 2, 3], 1.0)
    assert newcomer[0].rd <= MAX_RD and newcomer[0].games == 1


@given(st.lists(st.integers(1, 4), min_size=3, max_size=6), st.floats(-500, 500))
def test_ranking_depends_only_on_differences_and_order(ranks: list[int], shift: float) -> None:
    seats = [fencer(f"p{i}", 1400 + 37 * i, 90 + 11 * i) for i in range(len(ranks))]
    base = rate_ranking(seats, ranks, now=1.0)
    moved = rate_ranking([replace(r, rating=r.rating + shift) for r in seats], ranks, now=1.0)
    for b, m in zip(base, moved, strict=True):
        assert m.rating - shift == pytest.approx(b.rating, abs=1e-6)
    backward = rate_ranking(seats[::-1], ranks[::-1], now=1.0)
    assert [r.rating for r in backward[::-1]] == pytest.approx([r.rating for r in base])


def test_finishing_ranks_refuses_unknown_seats_and_scores() -> None:
    with pytest.raises(ValueError, match="seat 3"):
        finishing_ranks(3, [3], None)
    with pytest.raises(ValueError, match="2 scores"):
        finishing_ranks(3, [0], [1, 2])


def test_ranking_refuses_what_glicko_refuses() -> None:
    with pytest.raises(ValueError, match="two seats"):
        rate_ranking([fencer("a"), fencer("a"), fencer("b")], [1, 2, 3], now=1.0)
    with pytest.raises(ValueError, match="ranks"):
        rate_ranking([fencer("a"), fencer("b"), fencer("c")], [1, 2], now=1.0)


def test_rate_match_keeps_identity_and_stamps_time() -> None:
    after = rate_match([player("a", games=3), player("b")], [0], now=42.0)
    assert [(r.user_id, r.game, r.guild_id, r.games, r.updated_at) for r in after] == [
        ("a", "ordo", "g1", 4, 42.0),
        ("b", "ordo", "g1", 1, 42.0),
    ]


def test_deviation_never_exceeds_a_newcomers() -> None:
    volatile = player("v", 1500, 350, vol=0.5)
    after = rate_match([volatile, player("far", 3500, 350)], [1], now=1.0)[0]
    assert after.rd == MAX_RD
    idle = rate_period(volatile, [], now=1.0)
    assert (idle.rd, idle.games, idle.rating) == (MAX_RD, 0, 1500)


def test_sitting_out_a_period_only_widens_the_deviation() -> None:
    idle = rate_period(player("i", 1700, 100, vol=0.06, games=9), [], now=8.0)
    assert idle.rd == pytest.approx(math.hypot(100 / 173.7178, 0.06) * 173.7178)
    assert (idle.rating, idle.volatility, idle.games, idle.updated_at) == (1700, 0.06, 9, 8.0)


@pytest.mark.parametrize(
    ("seats", "winners", "message"),
    [
        ([player("a")], [0], "two seats"),
        ([player("a"), player("a")], [0], "two seats"),
        ([player("a"), Rating("b", "fendo", "g1")], [0], "same game"),
        ([player("a"), Rating("b", "ordo", "")], [0], "same game"),
        ([player("a"), player("b")], [2], "seat 2"),
        ([player("a"), player("b")], [-1], "seat -1"),
    ],
)
def test_bad_matches_are_refused(seats: list[Rating], winners: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rate_match(seats, winners, now=1.0)


def test_provisional_until_enough_games() -> None:
    assert is_provisional(player("p", games=PROVISIONAL_GAMES - 1))
    assert not is_provisional(player("p", games=PROVISIONAL_GAMES))


@pytest.mark.parametrize(
    ("rating", "rd", "games", "shown"),
    [
        (1623.4, 80.2, 4, "1623?"),
        (1623.6, 80.2, 0, "1624?"),
        (1623.4, 80.2, 5, "1623 ±80"),
        (987.0, 151.6, 30, "987 ±152"),
    ],
)
def test_display(rating: float, rd: float, games: int, shown: str) -> None:
    assert display(player("p", rating, rd, games=games)) == shown
