"""The last look before a two-player computer moves: does this turn hand the opponent a win?

A search that runs out of time, or whose widening never reached the opponent's winning
reply, can choose a turn after which the opponent wins at once. Checking for that is cheap
next to the search — one opponent turn deep, with each game's own fast test for "can the
player to act win this turn" — so every two-player game runs it on the search's ranking
before answering: the first candidate that leaves the opponent no immediate win is played.
A turn that wins for us is always safe (the opponent never moves), so the check never
stands between the computer and its own win; and when every turn loses at once, the
search's choice stands.

A multi-step turn (a Fonver placement and its captures) is safe when *some* way of
finishing it is: the computer chooses the rest of its turn itself, and each later step is
checked again when it is chosen.

The check runs on the search's clock: with seconds it stops looking (and keeps the search's
choice) once :data:`SHARE` of the budget past the search is gone; under an iteration cap it
always finishes, so the answer stays the same on any machine. :class:`Tally` counts what
it did, for the benchmark.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ai.budget import Budget, Clock

S = TypeVar("S")
A = TypeVar("A")

SHARE = 0.1
"""Share of the budget the search leaves for the check (see :func:`reserve`)."""
FLOOR_S = 0.05
"""The least time the check gets past a spent search, however small the budget."""


@dataclass
class Tally:
    """What the immediate-loss check did over some calls (a benchmark passes one in)."""

    checked: int = 0
    """Candidate turns looked at."""
    vetoed: int = 0
    """Candidates set aside: the opponent would have won at once."""
    prevented: int = 0
    """Calls where the search's own choice was set aside for a turn that does not lose at
    once: the blunders the check prevented."""
    hopeless: int = 0
    """Calls where every turn looked at lost at once (the search's choice was kept)."""


class Tactics(Protocol[S, A]):
    """What the check needs from a game. Players are whatever the game's search uses."""

    multi_step: bool
    """Whether one player's turn can take several steps (Fonver's captures). Otherwise
    the same player acting again means the opponent had to pass (Fendo): it cannot win
    then, so nothing more needs looking at."""

    def mover(self, state: S) -> int:
        """Who acts in ``state`` (only asked while the game goes on)."""
        ...

    def winner(self, state: S) -> int | None:
        """The winner once the game is over (a draw is over with no winner: use -1)."""
        ...

    def steps(self, state: S) -> Sequence[A]:
        """Every legal next step of the player to act."""
        ...

    def apply(self, state: S, step: A) -> S: ...

    def wins_at_once(self, state: S) -> bool:
        """Whether the player to act has a whole turn that wins (or leaves the other side
        without a legal turn, where that loses)."""
        ...


class OutOfTime(Exception):
    """The check's time is up: the search's choice stands."""


@dataclass
class Check(Generic[S, A]):
    """One call's look: the game's tactics and the moment to give up (``None``: never, as
    under an iteration cap, so the answer does not depend on the machine)."""

    tactics: Tactics[S, A]
    deadline: float | None = None

    def _tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime

    def safe(self, state: S, step: A) -> bool:
        """Whether ``step`` by the player to act can end a turn after which the opponent has
        no immediate win."""
        me = self.tactics.mover(state)
        return self._safe_after(self.tactics.apply(state, step), me)

    def _safe_after(self, state: S, me: int) -> bool:
        self._tick()
        won = self.tactics.winner(state)
        if won is not None:
            return won == me or won == -1  # our win, or a draw: nothing handed over
        if self.tactics.mover(state) == me:  # our turn goes on: some way to finish it
            if not self.tactics.multi_step:
                return True
            return any(
                self._safe_after(self.tactics.apply(state, s), me)
                for s in self.tactics.steps(state)
            )
        return not self.tactics.wins_at_once(state)


def reserve(clock: Clock) -> Clock:
    """A clock for the search that leaves :data:`SHARE` of ``clock``'s seconds for the
    check (iteration caps pass through unchanged: the check does not count as work)."""
    seconds = clock.budget.seconds
    if seconds is None:
        return clock
    inner = Clock(Budget(seconds * (1 - SHARE), clock.budget.iterations))
    inner.started = clock.started
    return inner


def first_safe(
    tactics: Tactics[S, A],
    state: S,
    ranked: Iterable[A],
    clock: Clock,
    tally: Tally | None = None,
) -> A | None:
    """The first step of ``ranked`` (the search's order, then any others) that does not
    hand the opponent an immediate win; ``None`` when none does or time ran out (the caller
    keeps the search's choice)."""
    tally = tally if tally is not None else Tally()
    deadline = None
    if clock.budget.seconds is not None:
        deadline = max(clock.started + clock.budget.seconds, time.monotonic() + FLOOR_S)
    check: Check[S, A] = Check(tactics, deadline)
    seen: set[A] = set()
    first = True
    try:
        for step in ranked:
            if step in seen:
                continue
            seen.add(step)
            tally.checked += 1
            if check.safe(state, step):
                if not first:
                    tally.prevented += 1
                return step
            tally.vetoed += 1
            first = False
    except OutOfTime:
        return None
    if not first:
        tally.hopeless += 1
    return None
