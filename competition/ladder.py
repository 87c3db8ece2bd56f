"""Ratings for a round robin of fixed players (the computer's levels), on the players' scale.

Players are rated one match at a time by Glicko-2 (:mod:`competition.ratings`). A benchmark's
round robin is different: every game is known at once and nobody's strength changes between
games, so the ratings are fitted *all at once* to Glicko's own model — the expected score
of a against b is ``1 / (1 + exp(-(μa - μb)))`` with μ = (rating − 1500) / 173.7, the same
curve a settled player's rating means (400 points: 10 to 1) — by maximum likelihood, with:

* **an anchor**: one player's rating is fixed (the uniform random player), since a round
  robin only measures differences;
* **a prior of one virtual draw per pairing that met**, so a perfect score (the levels beat
  the random player every game) still gives a finite gap: n wins of n are read as n + ½ of
  n + 1, e.g. 8 of 8 is a gap of about 490 points on its own;
* **RD** as Glicko's deviation from the same information, 173.7 / √(Σ E(1 − E)) over every
  game played (virtual draws included), capped at a newcomer's 350: the uncertainty of a
  rating given the others', as Glicko's step 7 computes it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from competition.ratings import BASE, MAX_RD, SCALE

PRIOR_DRAWS = 1.0
"""Virtual draws added to every pairing that met (the prior that keeps perfect scores finite)."""


@dataclass(frozen=True)
class Fitted:
    """One player's fitted rating and its deviation (both on the Glicko scale)."""

    rating: float
    rd: float


def fit(
    results: Iterable[tuple[str, str, float]],
    anchor: str,
    anchor_rating: float,
    prior_draws: float = PRIOR_DRAWS,
) -> dict[str, Fitted]:
    """Ratings of every player in ``results`` (``(a, b, a's score)`` per game: 1, ½ or 0),
    ``anchor`` held at ``anchor_rating``; see the module docstring for the model.

    Raises ``ValueError`` when the anchor played no game (nothing ties the others to it).
    """
    games: dict[tuple[str, str], list[float]] = {}
    for a, b, score in results:
        if a == b:
            raise ValueError(f"{a} cannot play itself")
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, got {score}")
        key, s = ((a, b), score) if a < b else ((b, a), 1.0 - score)
        tally = games.setdefault(key, [0.0, 0.0])
        tally[0] += s
        tally[1] += 1.0
    players = sorted({p for pair in games for p in pair})
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} played no game")
    # Per pairing: (points of the first, games), virtual draws included.
    pairs = {
        key: (points + prior_draws / 2.0, n + prior_draws) for key, (points, n) in games.items()
    }
    mu = dict.fromkeys(players, (anchor_rating - BASE) / SCALE)
    for _ in range(10_000):
        moved = 0.0
        for p in players:
            if p == anchor:
                continue
            gradient, information = _terms(p, mu, pairs)
            step = max(-2.0, min(2.0, gradient / information))
            mu[p] += step
            moved = max(moved, abs(step))
        if moved < 1e-9:
            break
    return {
        p: Fitted(
            rating=BASE + SCALE * mu[p],
            rd=0.0 if p == anchor else min(MAX_RD, SCALE / math.sqrt(_terms(p, mu, pairs)[1])),
        )
        for p in players
    }


def _terms(
    player: str, mu: dict[str, float], pairs: dict[tuple[str, str], tuple[float, float]]
) -> tuple[float, float]:
    """The log-likelihood's slope in ``player``'s μ, and its information Σ n·E(1 − E)."""
    gradient = information = 0.0
    for (a, b), (points, n) in pairs.items():
        if player not in (a, b):
            continue
        them = b if player == a else a
        mine = points if player == a else n - points
        expected = 1.0 / (1.0 + math.exp(-(mu[player] - mu[them])))
        gradient += mine - n * expected
        information += n * expected * (1.0 - expected)
    return gradient, information


def pairwise(ranks: Sequence[int]) -> list[tuple[int, int, float]]:
    """A multi-player finishing order as games between every two seats: ``(i, j, i's
    score)``, 1 for the better rank, ½ for a tie. (Each table is counted once per pair of
    seats, so a table of three is three games: its RD reads a little too sure.)"""
    return [
        (i, j, 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5)
        for i in range(len(ranks))
        for j in range(i + 1, len(ranks))
    ]
