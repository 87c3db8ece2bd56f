"""The Ordo computer opponent: alpha-beta over bitboards with a race-and-material evaluation.

Ordo is a race to the far row under a connection constraint, so what a position is worth is
mostly readable: pieces (each capture also threatens to split the opponent), how far each
side has advanced, and above all the front-runner — a piece two ranks from the goal is a
threat the opponent must answer. The search (:mod:`ai.alphabeta`) sees the tactics: a piece
that can reach the goal now, a capture that splits the opponent for good.

The search works on ``(own, opp, colour)`` bitboards and the engine's own move generator
(:func:`games.ordo.moves.legal_moves`), so it can never play an illegal move; only the
answer is turned back into the engine's notation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.alphabeta import WIN, Search, balanced, chance_of
from ai.ask import Ask
from ai.budget import Budget
from ai.safety import first_safe, reserve
from games.ordo import RULES
from games.ordo.board import RANK_MASKS, RANKS, rank_of, squares_of
from games.ordo.moves import Move, has_move, legal_moves, piece_moves, play
from games.ordo.state import GOAL_MASKS, OrdoState, from_rows

Position = tuple[int, int, int]
"""(mover's pieces, opponent's pieces, mover's colour)."""

PIECE = 100.0
ADVANCE = 4.0
FRONT = (0.0, 0.0, 0.0, 2.0, 8.0, 30.0, 90.0, 0.0)
"""Bonus for the most advanced piece by ranks advanced (6 = one step from the goal)."""


THREAT = 400.0
"""What a piece that can step onto the goal on its owner's next move is worth at a leaf."""
NEAR_GOAL = tuple(
    sum(RANK_MASKS[r] for r in range(RANKS) if (r if colour == 0 else RANKS - 1 - r) >= 4)
    for colour in (0, 1)
)
"""Pieces within three ranks of the goal: the only ones checked for a winning step."""


def state_from_view(view: Mapping[str, Any]) -> OrdoState:
    """Ordo hides nothing: the view's board and side to move are the whole position."""
    to_move = view.get("to_move")
    side = "W" if to_move in (None, 0) else "B"
    return from_rows([str(row) for row in view["board"]], side, int(view.get("ply", 0)))


def _progress(colour: int, rank: int) -> int:
    return rank if colour == 0 else RANKS - 1 - rank


def _side_value(pieces: int, colour: int) -> float:
    value = PIECE * pieces.bit_count()
    front = 0
    for rank in range(RANKS):
        count = (pieces & RANK_MASKS[rank]).bit_count()
        if count:
            progress = _progress(colour, rank)
            value += ADVANCE * progress * count
            front = max(front, progress)
    return value + FRONT[front]


def _ordering(pos: Position) -> Any:
    """Best-looking first: a step onto the goal, captures, then by ranks gained."""
    _, opp, colour = pos
    goal = GOAL_MASKS[colour]

    def key(move: Move) -> float:
        target = 1 << move.target
        if target & goal and not move.is_ordo:
            return 1000.0
        gained = _progress(colour, rank_of(move.target)) - _progress(colour, rank_of(move.origin))
        return (50.0 if target & opp else 0.0) + 5.0 * gained + (2.0 if move.is_ordo else 0.0)

    return key


def wins_now(own: int, opp: int, colour: int) -> bool:
    """Whether ``colour`` has a legal single move onto the goal row."""
    goal = GOAL_MASKS[colour]
    return any(
        1 << move.target & goal
        for sq in squares_of(own & NEAR_GOAL[colour])
        for move in piece_moves(own, opp, colour, sq)
    )


class OrdoGame:
    def moves(self, pos: Position) -> Sequence[Move]:
        own, opp, colour = pos
        return sorted(legal_moves(own, opp, colour), key=_ordering(pos), reverse=True)

    def play(self, pos: Position, move: Move) -> Position:
        own, opp, colour = pos
        own, opp = play(own, opp, move)
        return opp, own, 1 - colour

    def result(self, pos: Position) -> float | None:
        own, opp, colour = pos
        if opp & GOAL_MASKS[1 - colour] or not own:
            return -1.0  # the opponent has just reached the goal, or took the last piece
        return None

    def evaluate(self, pos: Position) -> float:
        """The race and the material, after one look for a winning step: the side to move
        wins if it has one; the other side's winning step is a threat to be answered."""
        own, opp, colour = pos
        if wins_now(own, opp, colour):
            return WIN / 2
        value = _side_value(own, colour) - _side_value(opp, 1 - colour)
        if wins_now(opp, own, 1 - colour):
            value -= THREAT
        return value

    def same_mover(self, pos: Position, after: Position) -> bool:
        return False


class OrdoTactics:
    """:class:`ai.safety.Tactics` over the search's positions. The engine's endings:
    a piece on the goal row, no pieces left, no legal move (split for good or blocked)."""

    multi_step = False

    def mover(self, pos: Position) -> int:
        return pos[2]

    def winner(self, pos: Position) -> int | None:
        own, opp, colour = pos
        if opp & GOAL_MASKS[1 - colour] or not own:
            return 1 - colour
        if own & GOAL_MASKS[colour] or not opp:
            return colour
        return None if has_move(own, opp, colour) else 1 - colour

    def steps(self, pos: Position) -> Sequence[Move]:
        return legal_moves(*pos)

    def apply(self, pos: Position, move: Move) -> Position:
        return OrdoGame().play(pos, move)

    def wins_at_once(self, pos: Position) -> bool:
        colour = pos[2]
        return any(self.winner(self.apply(pos, m)) == colour for m in legal_moves(*pos))


def choose(ask: Ask) -> str:
    state = state_from_view(ask.view)
    colour = state.to_move
    pos = (state.pieces(colour), state.pieces(1 - colour), colour)
    moves = legal_moves(*pos)
    if len(moves) == 1:
        return RULES.format(state, moves[0])
    ask.rng.shuffle(moves)  # equal-looking moves are told apart by the seed, not generation order
    moves.sort(key=_ordering(pos), reverse=True)
    clock = ask.budget.start()
    search = Search(OrdoGame(), reserve(clock))
    best, _, _ = search.best(pos, moves)
    safe = first_safe(OrdoTactics(), pos, [best, *search.ranking, *moves], clock, ask.tally)
    return RULES.format(state, best if safe is None else safe)


SCORE_SCALE = 200.0
"""Evaluation points per unit of log-odds in :func:`appraise`: two pieces' worth (200) of lead
is a 73 % chance, one piece 62 %."""


def appraise(
    view: dict[str, Any], seat: int, budget: Budget, rng: random.Random
) -> tuple[float, str]:
    """(``seat``'s winning chance, the best move for the side to move) — :func:`ai.judge`.

    The search's value for the side to move is squashed by a logistic of ``SCORE_SCALE``
    points; a proven result (a forced win or loss the search saw to its end) is 1 or 0."""
    if view.get("to_move") is None:  # over: the side the ply gives was left without a way
        ply = int(view.get("ply", 0))
        over = from_rows([str(row) for row in view["board"]], "WB"[ply % 2], ply)
        outcome = RULES.outcome(over)
        winners = outcome.winners if outcome is not None else (1 - ply % 2,)
        return (1.0 if seat in winners else 0.0), ""
    state = state_from_view(view)
    colour = state.to_move
    pos = (state.pieces(colour), state.pieces(1 - colour), colour)
    moves = legal_moves(*pos)
    moves.sort(key=_ordering(pos), reverse=True)
    search = Search(OrdoGame(), budget.start())
    best, _, _ = search.best(pos, moves, min_depth=2)
    chance = chance_of(balanced(search.values, OrdoGame().evaluate(pos)), SCORE_SCALE)
    return (chance if colour == seat else 1.0 - chance), RULES.format(state, best)
