"""What the computer is asked for one action: the same five things for every game.

One value instead of five positional arguments, so that :func:`ai.choose` hands every game's
module the same question and a new game cannot drift from it (a dropped ``tally``, swapped
``seat`` and ``rng``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ai.budget import Budget
from ai.safety import Tally


@dataclass(frozen=True)
class Ask:
    """``view``: what ``seat`` may see (for FENCE! nothing of other hands); ``budget``: how
    long to think; ``rng``: the seeded dice that tell equal-looking actions apart; ``tally``:
    where the immediate-loss check counts what it did (the benchmark reads it), if anywhere."""

    view: Mapping[str, Any]
    seat: int
    budget: Budget
    rng: random.Random
    tally: Tally | None = None
