"""Ratings for finished matches: pure arithmetic, no I/O, no knowledge of the store.

**Two seats: Glicko-2**, written from Glickman's *Example of the Glicko-2 system* (2013)
rather than taken from the ``glicko2`` package on PyPI (2.1.0): that package evaluates the
volatility function with the player's rating μ where the paper has the deviation φ (in the
paper's own example it gives σ' = 0.059993 instead of 0.059996, too small to show at the five
decimals printed there, but the error grows with distance from 1500), keeps τ as a class
attribute shared by every caller, and updates its ``Player`` objects in place. The algorithm
is short enough to own.

**A rating period is one match.** Correspondence matches finish one at a time, days apart,
so each result is applied as soon as it is known; every seat is rated against the other
seats' ratings from *before* the match, so seat order never matters.

**More seats (FENCE!): Plackett-Luce**, from the ``openskill`` package (Weng and Lin's
Bayesian approximation, 2011). A multi-player result is a finishing *order*, and
Plackett-Luce is a model of orders: one update from the whole ranking, where splitting it
into pairwise games would count the same evidence several times and must invent how two
losers compare. :func:`finishing_ranks` turns an outcome into ranks — the winners first
(rank 1, a shared win is a tie), then the others by the outcome's scores when it has them
(FENCE!'s are the cards each player holds at the end, what decides its round-limit ending;
more is better, equal is a tie), else all tied behind the winners.

Both models write the same rating row (:class:`Rated`; the store's ``Rating`` is one), so
one ladder, ``display()`` and the rating chart serve every game. That works because the
Plackett-Luce model is set on the Glicko scale (:data:`RANKING_MODEL`): a newcomer is μ =
1500 with σ = 350 (Glicko's rating and RD), σ is stored as ``rd``, and β = 173.7/√2 makes a
400-point gap between two settled players the same 10:1 odds it is in Glicko. ``volatility``
is Glicko-2's alone and passes through unchanged; τ is Glicko-2's starting volatility on the
rating scale (0.06 × 173.7 ≈ 10 points), the same widening per match. Every seat's ``games``
goes up by one either way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, Protocol, TypeVar

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 5
"""Fewer rated matches than this and the number is shown as a guess (``1623?``)."""

TAU = 0.5
"""Glickman's system constant: how fast volatility may change (he suggests 0.3–1.2)."""

SCALE = 173.7178  # 400 / ln 10: Glicko-2's internal scale per rating point
BASE = 1500.0
MAX_RD = 350.0  # nobody is ever less certain than a newcomer
EPSILON = 0.000001  # convergence tolerance of the volatility iteration, as in the paper

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


class Rated(Protocol):
    """What the arithmetic reads of a player's rating: any frozen dataclass with these
    fields, such as ``storage.Rating``. Each function hands back the same class with new
    numbers (``dataclasses.replace``), so the store's rows pass through without this
    package knowing the store."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def user_id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def guild_id(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...
    @property
    def volatility(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def updated_at(self) -> float: ...


R = TypeVar("R", bound=Rated)


def rate_match(ratings: Sequence[R], winners: Sequence[int], now: float) -> list[R]:
    """New Glicko-2 ratings for both seats of a finished two-player match, in seat order.

    ``ratings`` are the seats' ratings before the match (a rating with Glickman's defaults for
    someone unrated); ``winners`` are winning seat numbers (empty: a draw; both: a shared
    win, also a draw). Raises ``ValueError`` for other than two seats (:func:`rate_ranking`
    rates those), one user in both seats (a match against oneself proves nothing), mixed
    games or guilds, or a seat out of range.
    """
    _check(ratings, winners)
    if len(ratings) != 2:
        raise ValueError(f"Glicko-2 rates two seats, got {len(ratings)}; use rate_ranking")
    won = set(winners)
    return [
        rate_period(me, [(ratings[1 - seat], _score(seat in won, 1 - seat in won))], now)
        for seat, me in enumerate(ratings)
    ]


# -- Plackett-Luce for more than two seats ----------------------------------------------------
RANKING_TAU = 0.06 * SCALE
"""How much σ widens before each match: Glicko-2's starting volatility on the rating scale."""

RANKING_MODEL = PlackettLuce(
    mu=BASE, sigma=MAX_RD, beta=SCALE / math.sqrt(2.0), tau=RANKING_TAU, limit_sigma=False
)
"""Plackett-Luce on the Glicko scale; the module docstring says why these numbers."""


def finishing_ranks(
    seats: int, winners: Sequence[int], scores: Sequence[float] | None = None
) -> list[int]:
    """Rank per seat (1 is best, equal ranks are ties): the winners 1, then the others by
    ``scores`` (higher is better) when given, else all tied behind the winners.

    Nobody winning (a draw, or every FENCE! player in Jail) leaves everyone a non-winner,
    ordered by score the same way; without scores that is a tie of all.
    """
    if scores is not None and len(scores) != seats:
        raise ValueError(f"{len(scores)} scores for {seats} seats")
    for seat in winners:
        if not 0 <= seat < seats:
            raise ValueError(f"winning seat {seat} is not one of seats 0–{seats - 1}")
    won = set(winners)
    others = [s for s in range(seats) if s not in won]
    first = 2 if won else 1
    if scores is None:
        levels = {s: first for s in others}
    else:
        distinct = sorted({scores[s] for s in others}, reverse=True)
        levels = {s: first + distinct.index(scores[s]) for s in others}
    return [1 if seat in won else levels[seat] for seat in range(seats)]


def rate_ranking(ratings: Sequence[R], ranks: Sequence[int], now: float) -> list[R]:
    """New ratings for every seat of a ranked multi-player result (``ranks[seat]``, 1 is
    best, equal is a tie), by :data:`RANKING_MODEL`; the same checks as :func:`rate_match`.

    Only μ and σ come from the model: σ is capped at a newcomer's, like Glicko's RD, and the
    volatility is kept for the player's two-seat games.
    """
    _check(ratings, [])
    if len(ranks) != len(ratings):
        raise ValueError(f"{len(ranks)} ranks for {len(ratings)} seats")
    teams = [[RANKING_MODEL.rating(mu=r.rating, sigma=r.rd)] for r in ratings]
    rated = RANKING_MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        replace(
            old,
            rating=team[0].mu,
            rd=min(team[0].sigma, MAX_RD),
            games=old.games + 1,
            updated_at=now,
        )
        for old, team in zip(ratings, rated, strict=True)
    ]


def rate_period(me: R, results: Sequence[tuple[Rated, float]], now: float) -> R:
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


def is_provisional(r: Rated) -> bool:
    """Too few matches for the number to mean much yet."""
    return r.games < PROVISIONAL_GAMES


def display(r: Rated) -> str:
    """``1623?`` while provisional, else ``1623 ±80`` (± one rating deviation)."""
    if is_provisional(r):
        return f"{round(r.rating)}?"
    return f"{round(r.rating)} ±{round(r.rd)}"


def _check(ratings: Sequence[Rated], winners: Sequence[int]) -> None:
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
    """Both won (a shared win) or neither did (a draw): half a point each."""
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
