"""Glicko-2 ratings: the paper's worked example, symmetry, draws and several players."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.ratings import (
    DRAW,
    LOSS,
    MAX_RD,
    PROVISIONAL_GAMES,
    WIN,
    display,
    is_provisional,
    rate_match,
    rate_period,
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


def test_shared_win_of_every_seat_is_a_draw() -> None:
    seats = [player("a", 1600, 90), player("b", 1450, 200), player("c", 1500, 60)]
    assert rate_match(seats, [0, 1, 2], now=1.0) == rate_match(seats, [], now=1.0)


def test_multiplayer_winner_beats_every_other_seat_in_one_period() -> None:
    seats = [player("a", 1500, 100), player("b", 1600, 120), player("c", 1400, 200)]
    after = rate_match(seats, [1], now=7.0)
    assert after[1] == rate_period(seats[1], [(seats[0], WIN), (seats[2], WIN)], now=7.0)
    assert after[0] == rate_period(seats[0], [(seats[1], LOSS)], now=7.0)
    assert after[2] == rate_period(seats[2], [(seats[1], LOSS)], now=7.0)
    assert [r.games for r in after] == [1, 1, 1]
    assert after[1].rating > 1600 and after[0].rating < 1500 and after[2].rating < 1400


def test_multiplayer_losers_are_not_compared_with_each_other() -> None:
    winner = player("w", 1500, 100)
    loser = player("l", 1500, 100)
    with_weak = rate_match([winner, loser, player("x", 900, 50)], [0], now=1.0)
    with_strong = rate_match([winner, loser, player("x", 2400, 50)], [0], now=1.0)
    assert with_weak[1] == with_strong[1]


def test_multiplayer_shared_win_is_a_draw_between_the_winners() -> None:
    seats = [player(u, 1500 + 50 * i, 100) for i, u in enumerate("abcd")]
    after = rate_match(seats, [0, 2], now=1.0)
    assert after[0] == rate_period(
        seats[0], [(seats[1], WIN), (seats[2], DRAW), (seats[3], WIN)], now=1.0
    )
    assert after[3] == rate_period(seats[3], [(seats[0], LOSS), (seats[2], LOSS)], now=1.0)


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
