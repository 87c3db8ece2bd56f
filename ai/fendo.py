"""The Fendo computer opponent: selective alpha-beta over the area each side can claim.

What a Fendo position is worth is mostly visible: the squares already closed for each side
are theirs for good, and of the open area each side will most likely get the squares its
pieces reach first (a Voronoi split by fence-respecting distance). Pieces still in stock are
future claims, so they count a little too.

With ~400 legal actions (every piece × every square it reaches × every side to fence) a full
tree is out of reach, so the search is *selective*: every node evaluates all its children
with that static evaluation and keeps the best :data:`WIDTH` for the deeper search
(:mod:`ai.alphabeta` does the iterative deepening, the pruning and the clock). The engine's
own generator and ``play`` are used throughout, so the computer cannot play an illegal move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.alphabeta import Search, balanced, chance_of
from ai.ask import Ask
from ai.budget import Budget
from ai.safety import first_safe, reserve
from games.fendo import RULES
from games.fendo.moves import is_over, legal_actions, play
from games.fendo.notation import state_from_dict
from games.fendo.state import Action, Add, FendoState

WIDTH = 10
"""Children kept per node after the static evaluation; the root keeps them all."""
OPEN_WEIGHT = 0.7
"""A square of the open area one reaches first is likely, not certain, to be one's own."""
STOCK_WEIGHT = 0.6


def state_from_view(view: Mapping[str, Any]) -> FendoState:
    """Fendo hides nothing: the view carries the whole position of ruling 13."""
    letters = ("W", "O")
    data: dict[str, Any] = {
        "size": view["size"],
        "pieces": {name: letters[int(seat)] for name, seat in view["pieces"].items()},
        "fences": list(view["fences"]),
        "stock": {"W": view["stock"][0], "O": view["stock"][1]},
        "to_move": letters[int(view["to_move"] or 0)],
        "passes": view.get("passes", 0),
    }
    if not view.get("early_end", True):
        data["options"] = {"early_end": False}
    return state_from_dict(data)


def _step(mask: int, state: FendoState) -> int:
    """``mask`` grown by one orthogonal step that crosses no fence and stays open."""
    east, north, n = state.east_open, state.north_open, state.size
    return (
        mask
        | ((mask & east) << 1)
        | ((mask >> 1) & east)
        | ((mask & north) << n)
        | ((mask >> n) & north)
    ) & state.open_area


def claims(state: FendoState) -> tuple[int, int]:
    """Squares of the open area each side reaches strictly first, growing one step a round."""
    mine = state.pieces[0] & state.open_area
    theirs = state.pieces[1] & state.open_area
    taken = mine | theirs
    while True:
        grow_mine = _step(mine, state) & ~taken
        grow_theirs = _step(theirs, state) & ~taken
        if not grow_mine and not grow_theirs:
            break
        contested = grow_mine & grow_theirs
        mine |= grow_mine & ~contested
        theirs |= grow_theirs & ~contested
        taken |= grow_mine | grow_theirs
    return mine.bit_count(), theirs.bit_count()


def value_for(state: FendoState, seat: int) -> float:
    """Closed squares, likely open squares and stock, ``seat`` minus the other side."""
    closed = state.scores()
    if is_over(state):
        return float(closed[seat] - closed[1 - seat]) * 100.0
    reach = claims(state)
    total = [closed[s] + OPEN_WEIGHT * reach[s] + STOCK_WEIGHT * state.stock[s] for s in (0, 1)]
    return total[seat] - total[1 - seat]


class FendoGame:
    def __init__(self, width: int = WIDTH) -> None:
        self.width = width

    def ranked(self, state: FendoState) -> list[Action]:
        """Every legal action, best static value first for the side to move."""
        seat = state.to_move
        actions = legal_actions(state)
        scored = [(value_for(play(state, a), seat), -i, a) for i, a in enumerate(actions)]
        scored.sort(key=lambda row: (row[0], row[1]), reverse=True)
        return [a for _, _, a in scored]

    def moves(self, state: FendoState) -> Sequence[Action]:
        return self.ranked(state)[: self.width]

    def play(self, state: FendoState, action: Action) -> FendoState:
        return play(state, action)

    def result(self, state: FendoState) -> float | None:
        if not is_over(state):
            return None
        closed = state.scores()
        seat = state.to_move
        return (closed[seat] > closed[1 - seat]) - (closed[seat] < closed[1 - seat])

    def evaluate(self, state: FendoState) -> float:
        return value_for(state, state.to_move)

    def same_mover(self, state: FendoState, after: FendoState) -> bool:
        """An automatic pass gives the same side the next move."""
        return after.to_move == state.to_move


class FendoTactics:
    """:class:`ai.safety.Tactics` for Fendo: the game ends (ruling 10) with the larger
    closed area winning, equal areas drawn."""

    multi_step = False

    def mover(self, state: FendoState) -> int:
        return state.to_move

    def winner(self, state: FendoState) -> int | None:
        if not is_over(state):
            return None
        closed = state.scores()
        return 0 if closed[0] > closed[1] else 1 if closed[1] > closed[0] else -1

    def steps(self, state: FendoState) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: FendoState, action: Action) -> FendoState:
        return play(state, action)

    def wins_at_once(self, state: FendoState) -> bool:
        seat = state.to_move
        return any(self.winner(play(state, a)) == seat for a in legal_actions(state))


def choose(ask: Ask) -> str:
    state = state_from_view(ask.view)
    actions = legal_actions(state)
    if len(actions) == 1:
        return RULES.format(state, actions[0])
    game = FendoGame()
    ask.rng.shuffle(actions)  # equal-looking actions are told apart by the seed
    scored = [(value_for(play(state, a), state.to_move), a) for a in actions]
    scored.sort(key=lambda row: row[0], reverse=True)  # stable: ties keep the seeded order
    clock = ask.budget.start()
    search = Search(game, reserve(clock))
    ranked = [a for _, a in scored]
    best, _, _ = search.best(state, ranked)
    safe = first_safe(FendoTactics(), state, [best, *search.ranking, *ranked], clock, ask.tally)
    return RULES.format(state, best if safe is None else safe)


JUDGE_WIDTH = 12
"""Root moves a judgement looks at, best static value first: every root move costs a full
ranking of the replies, and with all of them (200 and more) half a second does not reach
the reply — the depth that takes the mover's tempo out (:func:`ai.alphabeta.balanced`)."""

SCORE_SCALE = 5.0
"""Squares of expected area per unit of log-odds in :func:`appraise`: five squares ahead is
a 73 % chance, ten 88 %."""


def appraise(
    view: dict[str, Any], seat: int, budget: Budget, rng: random.Random
) -> tuple[float, str]:
    """(``seat``'s winning chance, the best action for the side to move) — :func:`ai.judge`.

    The selective search's value (squares, from the mover's side) through a logistic of
    ``SCORE_SCALE`` squares; a proven result is 1, 0 or ½ (equal areas are a draw)."""
    state = state_from_view(view)
    won = FendoTactics().winner(state)
    if won is not None:
        return (1.0 if won == seat else 0.5 if won == -1 else 0.0), ""
    actions = legal_actions(state)
    scored = [(value_for(play(state, a), state.to_move), a) for a in actions]
    scored.sort(key=lambda row: row[0], reverse=True)
    search = Search(FendoGame(), budget.start())
    best, _, _ = search.best(state, [a for _, a in scored][:JUDGE_WIDTH], min_depth=2)
    chance = chance_of(balanced(search.values, value_for(state, state.to_move)), SCORE_SCALE)
    return (chance if state.to_move == seat else 1.0 - chance), RULES.format(state, best)


__all__ = ["Add", "FendoGame", "FendoTactics", "choose", "claims", "state_from_view", "value_for"]
