"""Computer opponents: one entry point, one module of game knowledge per game.

The package is pure: it imports only :mod:`games` and the standard library, so a search can
run in a worker process, in a benchmark or in a test alike. :func:`choose` is the whole
surface the bot calls; it is a top-level function of plain values (``game`` name, the
seat's ``view`` dict, numbers), so it pickles into a ``ProcessPoolExecutor``.

Each ``ai.<game>`` module exposes ``choose(ask: Ask) -> str`` (:class:`ai.ask.Ask`) returning the
notation of one legal next action *for that seat*: a multi-step turn (Fonver capture chains,
the pie choice, FENCE! guided steps) is played by calling again while the seat is still to
move. The view is what that seat may see — for FENCE! nothing of other hands — so no
search can peek.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ai.ask import Ask
from ai.budget import Budget, Clock
from ai.safety import Tally

LEVELS: dict[str, float] = {"easy": 0.3, "normal": 2.0, "strong": 8.0}
"""Seconds of thought per move at each level (the bot's settings can override them); where
each stands on the players' rating scale, per game, is :mod:`ai.ladder`."""

__all__ = ["LEVELS", "Budget", "Clock", "Judgement", "Tally", "choose", "judge"]


def choose(
    game: str,
    view: Mapping[str, Any],
    seat: int,
    *,
    level: str = "normal",
    seed: int = 0,
    budget_s: float | None = None,
    iterations: int | None = None,
    tally: Tally | None = None,
) -> str:
    """The notation of the AI's next action for ``seat``, from what ``seat`` can see.

    ``budget_s`` overrides the level's seconds; ``iterations`` caps the work instead of (or as
    well as) the clock, which makes the answer independent of machine speed: the same view,
    seed and iteration cap always give the same move.

    In the two-player games the search's choice passes the immediate-loss check of
    :mod:`ai.safety` before it is returned; ``tally``, when given, counts what that check
    did (the benchmark reports it).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    seconds = budget_s if budget_s is not None else (None if iterations else LEVELS[level])
    module = importlib.import_module(f"ai.{game}")
    budget = Budget(seconds, iterations)
    return str(module.choose(Ask(view, seat, budget, random.Random(seed), tally)))


JUDGE_SECONDS = 0.5
"""Seconds per position when :func:`judge` is given neither seconds nor iterations."""


@dataclass(frozen=True)
class Judgement:
    """What the computer thinks of a position, for one seat.

    ``chance``: that seat's winning chance, 0..1 (½ for even, and for a draw that is
    certain). ``best``: the notation of the best next step for whoever is to move (empty once
    the game is over); in a multi-step turn (a Fonver capture chain) that is its next step,
    and judging again after it gives the one after."""

    chance: float
    best: str


def judge(
    game: str,
    view: Mapping[str, Any],
    seat: int,
    *,
    budget_s: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
) -> Judgement:
    """How ``seat`` stands in ``view``, from the same searches :func:`choose` uses.

    Two-player games only (Ordo, Fendo: alpha-beta, its score squashed by a documented
    logistic, a proven win or loss 1 or 0; Fonver, Fuer: the tree search's mean value of its
    favourite move). The view must be complete for these games (they hide nothing), so the
    judgement of a position is the same whoever asks. Like :func:`choose`, an ``iterations``
    cap makes the answer independent of machine speed: same view, seed and cap, same
    judgement. Used by match reviews and by a computer answering a draw offer.
    """
    if iterations is None and budget_s is None:
        budget_s = JUDGE_SECONDS
    module = importlib.import_module(f"ai.{game}")
    appraise = getattr(module, "appraise", None)
    if appraise is None:
        raise ValueError(f"the computer cannot judge {game} positions")
    chance, best = appraise(view, seat, Budget(budget_s, iterations), random.Random(seed))
    return Judgement(min(1.0, max(0.0, float(chance))), str(best))
