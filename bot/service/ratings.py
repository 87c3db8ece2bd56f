"""Glicko-2 ratings for finished matches: pure arithmetic, no I/O.

Written from Glickman's *Example of the Glicko-2 system* (2013) rather than taken from the
``glicko2`` package on PyPI (2.1.0): that package evaluates the volatility function with the
player's rating μ where the paper has the deviation φ (in the paper's own example it gives
σ' = 0.059993 instead of 0.059996, too small to show at the five decimals printed there, but
the error grows with distance from 1500), keeps τ as a class attribute shared by every
caller, and updates its ``Player`` objects in place. The algorithm is short enough to own.

**A rating period is one match.** Correspondence matches finish one at a time, days apart,
so each result is applied as soon as it is known; every seat is rated against the other
seats' ratings from *before* the match, so seat order never matters.

**Several players (FENCE!)** become pairwise games inside that one rating period:

* a winner against a non-winner is a win for the winner;
* two winners (a shared win) is a draw between them;
* two non-winners are **not compared**: the outcome says only that neither won, not who did
  better, and scoring it as a draw would move a strong loser's rating towards a weak
  loser's on no evidence;
* no winners at all (a drawn game) is a draw between every pair, the same as everyone
  sharing the win.

With two seats this is exactly one Glicko-2 game. Every seat's ``games`` goes up by one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from storage.base import Rating

PROVISIONAL_GAMES = 5
"""Fewer rated matches than this and the number is shown as a guess (``1623?``)."""

TAU = 0.5
"""Glickman's system constant: how fast volatility may change (he suggests 0.3–1.2)."""

SCALE = 173.7178  # 400 / ln 10: Glicko-2's internal scale per rating point
BASE = 1500.0
MAX_RD = 350.0  # nobody is ever less certain than a newcomer
EPSILON = 0.000001  # convergence tolerance of the volatility iteration, as in the paper

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


def rate_match(ratings: Sequence[Rating], winners: Sequence[int], now: float) -> list[Rating]:
    """New ratings for every seat of a finished match, in seat order.

    ``ratings`` are the seats' ratings before the match (a :class:`Rating` with defaults for
    someone unrated); ``winners`` are winning seat numbers (empty: a draw; every seat: a
    shared win). Raises ``ValueError`` for fewer than two seats, one user in two seats (a
    match against oneself proves nothing), mixed games or guilds, or a seat out of range.
    """
    _check(ratings, winners)
    won = set(winners)
    out = []
    for seat, me in enumerate(ratings):
        results = [
            (them, _score(seat in won, other in won))
            for other, them in enumerate(ratings)
            if other != seat and (not won or seat in won or other in won)
        ]
        out.append(rate_period(me, results, now))
    return out


def rate_period(me: Rating, results: Sequence[tuple[Rating, float]], now: float) -> Rating:
    """Steps 2–8 of Glickman's procedure: ``me`` after one rating period of ``results``.

    Each result is an opponent's rating before the period and ``me``'s score against them
    (:data:`WIN`, :data:`DRAW` or :data:`LOSS`). :func:`rate_match` builds these lists; this
    is public so the arithmetic can be checked against the paper's example directly.
    """
    mu = (me.rating - BASE) / SCALE
    phi = me.rd / SCALE
    sigma = me.volatility
    if not results:  # step 6 alone: sitting a period out only adds uncertainty
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return replace(me, rd=min(phi_star * SCALE, MAX_RD), updated_at=now)
    terms = []
    for them, score in results:
        mu_j, phi_j = (them.rating - BASE) / SCALE, them.rd / SCALE
        terms.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)  # step 3
    improvement = sum(g * (s - e) for g, e, s in terms)
    delta = v * improvement  # step 4
    sigma_new = _volatility(phi, sigma, v, delta)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    return replace(
        me,
        rating=BASE + SCALE * mu_new,  # step 8
        rd=min(phi_new * SCALE, MAX_RD),
        volatility=sigma_new,
        games=me.games + 1,
        updated_at=now,
    )


def is_provisional(r: Rating) -> bool:
    """Too few matches for the number to mean much yet."""
    return r.games < PROVISIONAL_GAMES


def display(r: Rating) -> str:
    """``1623?`` while provisional, else ``1623 ±80`` (± one rating deviation)."""
    if is_provisional(r):
        return f"{round(r.rating)}?"
    return f"{round(r.rating)} ±{round(r.rd)}"


def _check(ratings: Sequence[Rating], winners: Sequence[int]) -> None:
    if len(ratings) < 2:
        raise ValueError(f"a rated match needs at least two seats, got {len(ratings)}")
    users = [r.user_id for r in ratings]
    if len(set(users)) != len(users):
        raise ValueError(f"a user holds two seats ({users}); such a match is not rated")
    if len({(r.game, r.guild_id) for r in ratings}) != 1:
        raise ValueError("all ratings of one match must be of the same game and guild")
    for seat in winners:
        if not 0 <= seat < len(ratings):
            raise ValueError(f"winning seat {seat} is not one of seats 0–{len(ratings) - 1}")


def _score(i_won: bool, they_won: bool) -> float:
    """Two winners shared the win; two non-winners only meet here in a drawn game."""
    if i_won == they_won:
        return DRAW
    return WIN if i_won else LOSS


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5: the root of Glickman's f by the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
