"""Iterative-deepening alpha-beta (negamax) for two-player games with a real evaluation.

Why alpha-beta here and not MCTS: in Ordo and Fendo a position's value is readable — how far
each side has come, what area each can claim — and the tactics are short and sharp (a piece
one step from the goal, a fence that closes a region). A depth-limited search with a good
evaluation and good move ordering sees those; random playouts mostly do not.

The search is written against a tiny :class:`Game` protocol so each game keeps its own fast
representation (bitboards for Ordo). It counts nodes on the :class:`ai.budget.Clock` and stops
when the budget is spent: the answer is the best move of the deepest *completed* iteration,
so under an iteration cap it is the same on any machine. Values are from the point of view
of the side to move (negamax); a win is worth ``WIN`` minus the plies to reach it, so the
search prefers quick wins and slow losses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from ai.budget import Clock

S = TypeVar("S")
M = TypeVar("M")

WIN = 1_000_000.0


class OutOfTime(Exception):
    """The budget ran out inside an iteration; that iteration's result is discarded."""


class Game(Protocol[S, M]):
    def moves(self, state: S) -> Sequence[M]:
        """Legal moves, best-looking first (the ordering is what makes pruning work).
        Empty means the side to move has lost (Ordo: no move, or split for good)."""
        ...

    def play(self, state: S, move: M) -> S: ...

    def result(self, state: S) -> float | None:
        """+1/-1/0 from the side to move's point of view if the game is over, else None."""
        ...

    def evaluate(self, state: S) -> float:
        """A heuristic value for the side to move, well inside ±WIN."""
        ...

    def same_mover(self, state: S, after: S) -> bool:
        """Whether the side that moved in ``state`` also moves in ``after`` (a multi-step
        turn); then values are not negated across that step."""
        ...


class Search(Generic[S, M]):
    def __init__(self, game: Game[S, M], clock: Clock) -> None:
        self.game = game
        self.clock = clock
        self.ranking: list[M] = []
        """The root's moves best first, as the deepest completed iteration ordered them
        (what a last check walks down when the best one will not do)."""
        self.values: list[float] = []
        """The root's value after each completed depth (``values[0]`` is depth 1)."""

    def best(
        self,
        state: S,
        moves: Sequence[M] | None = None,
        max_depth: int = 64,
        min_depth: int = 1,
    ) -> tuple[M, float, int]:
        """(best move, its value, depth completed). Depths up to ``min_depth`` always
        complete, whatever the clock says (a judgement needs the reply seen: keep the root's
        moves few when asking for more than 1). ``moves``: the root's moves in the order to
        try them (default: the game's order)."""
        moves = list(self.game.moves(state) if moves is None else moves)
        if not moves:
            raise ValueError("no legal move to choose from")
        best_move, best_value, depth_done = moves[0], -WIN, 0
        self.ranking = list(moves)
        self.values = []
        for depth in range(1, max_depth + 1):
            try:
                value, move, ordered = self._root(state, moves, depth, enforce=depth > min_depth)
            except OutOfTime:
                break
            best_move, best_value, depth_done = move, value, depth
            self.values.append(value)
            moves = ordered  # the next iteration searches the best moves first
            self.ranking = ordered
            if abs(value) >= WIN - 1000 or (depth >= min_depth and self.clock.done()):
                break  # a forced result is known, or no time for a deeper look
        return best_move, best_value, depth_done

    def _root(
        self, state: S, moves: list[M], depth: int, *, enforce: bool
    ) -> tuple[float, M, list[M]]:
        alpha, beta = -WIN - 1, WIN + 1
        scored: list[tuple[float, int, M]] = []
        for index, move in enumerate(moves):
            value = self._child(state, move, depth, alpha, beta, enforce)
            scored.append((value, -index, move))
            alpha = max(alpha, value)
        scored.sort(key=lambda row: (row[0], row[1]), reverse=True)
        return scored[0][0], scored[0][2], [move for _, _, move in scored]

    def _child(
        self, state: S, move: M, depth: int, alpha: float, beta: float, enforce: bool
    ) -> float:
        after = self.game.play(state, move)
        if self.game.same_mover(state, after):
            return self._negamax(after, depth - 1, alpha, beta, enforce)
        return -self._negamax(after, depth - 1, -beta, -alpha, enforce)

    def _negamax(self, state: S, depth: int, alpha: float, beta: float, enforce: bool) -> float:
        self.clock.tick()
        if enforce and self.clock.done():
            raise OutOfTime
        result = self.game.result(state)
        if result is not None:
            return result * (WIN - 1000 + depth)  # sooner results weigh more
        if depth <= 0:
            return self.game.evaluate(state)
        moves = self.game.moves(state)
        if not moves:
            return -(WIN - 1000 + depth)
        best = -WIN - 1
        for move in moves:
            value = self._child(state, move, depth, alpha, beta, enforce)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def chance_of(value: float, scale: float) -> float:
    """A negamax value as the side to move's winning chance (:func:`ai.judge`): a proven
    result is certain, anything else ``1 / (1 + exp(-value / scale))``, where ``scale`` is
    the game's evaluation points per unit of log-odds."""
    if value >= WIN - 1000:
        return 1.0
    if value <= -(WIN - 1000):
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, value / scale))))


def balanced(values: Sequence[float], static: float) -> float:
    """The root's value with the last word taken from neither side, for a judgement.

    A search that stops after the mover's own move (an odd depth) rates the position as if
    the mover had the last word, one that stops after the reply (an even depth) as if the
    opponent had: judged move by move at one depth, the chances would swing with whoever is
    to move. So a proven result stands, and otherwise the two deepest values are averaged —
    ``static`` (the position as it stands, depth 0) and then each completed depth — one
    ending on each side's move."""
    if values and abs(values[-1]) >= WIN - 1000:
        return values[-1]
    last_two = [static, *values][-2:]
    return sum(last_two) / len(last_two)
