"""Fitting a round robin of fixed players onto the Glicko scale (benchmarks.ladder)."""

from __future__ import annotations

import math

import pytest

from competition.ladder import fit, pairwise


def test_a_three_to_one_score_is_glickos_gap_with_the_virtual_draw() -> None:
    # 30 of 40 plus one virtual draw is 30.5 of 41: the gap whose expected score that is.
    fitted = fit([("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10, "b", 1000.0)
    share = 30.5 / 41
    assert fitted["b"].rating == 1000.0 and fitted["b"].rd == 0.0
    assert fitted["a"].rating - 1000.0 == pytest.approx(400 * math.log10(share / (1 - share)))


def test_perfect_scores_stay_finite_and_more_games_make_them_surer() -> None:
    few = fit([("level", "random", 1.0)] * 4, "random", 1000.0)["level"]
    many = fit([("level", "random", 1.0)] * 40, "random", 1000.0)["level"]
    assert math.isfinite(few.rating) and math.isfinite(many.rating)
    assert 1000.0 < few.rating < many.rating
    assert many.rd < few.rd <= 350.0


def test_a_chain_of_results_orders_the_players_and_seat_order_is_irrelevant() -> None:
    games = (
        [("easy", "random", 1.0)] * 8
        + [("normal", "easy", 1.0)] * 6
        + [("easy", "normal", 1.0)] * 2
        + [("strong", "normal", 1.0)] * 5
        + [("normal", "strong", 1.0)] * 3
    )
    fitted = fit(games, "random", 1000.0)
    flipped = fit([(b, a, 1.0 - s) for a, b, s in games], "random", 1000.0)
    assert fitted["random"].rating < fitted["easy"].rating < fitted["normal"].rating
    assert fitted["normal"].rating < fitted["strong"].rating
    for player in fitted:
        assert flipped[player].rating == pytest.approx(fitted[player].rating)


def test_the_anchor_must_have_played() -> None:
    with pytest.raises(ValueError, match="anchor"):
        fit([("a", "b", 1.0)], "random", 1000.0)


def test_a_finishing_order_is_a_game_between_every_two_seats() -> None:
    assert pairwise([1, 2, 2]) == [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.5)]
    assert pairwise([3, 1, 2]) == [(0, 1, 0.0), (0, 2, 0.0), (1, 2, 1.0)]
