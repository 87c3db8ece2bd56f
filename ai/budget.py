"""How long a search may think: a wall-clock allowance, an iteration cap, or both.

Tests and reproducible benchmarks use the iteration cap, so a result never depends on how
busy the machine is; play uses seconds. A search asks :meth:`Clock.done` often (every few
playouts or nodes) and stops at whichever limit comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds, iterations or both")

    def start(self) -> Clock:
        return Clock(self)


@dataclass
class Clock:
    """A running budget. ``tick()`` counts one unit of work (a playout, a node, a depth)."""

    budget: Budget
    started: float = field(default_factory=time.monotonic)
    count: int = 0

    @property
    def deadline(self) -> float | None:
        return None if self.budget.seconds is None else self.started + self.budget.seconds

    def tick(self, units: int = 1) -> None:
        self.count += units

    def done(self) -> bool:
        if self.budget.iterations is not None and self.count >= self.budget.iterations:
            return True
        deadline = self.deadline
        return deadline is not None and time.monotonic() >= deadline

    def left(self) -> float:
        """Seconds left (infinite under an iteration-only budget)."""
        if self.budget.seconds is None:
            return float("inf")
        return max(0.0, self.started + self.budget.seconds - time.monotonic())
