"""The generic alpha-beta on a game small enough to know by heart: Nim with takes of 1–3
(the side to move loses on a multiple of 4), plus a variant where taking exactly 2 lets the
same side move again (a multi-step turn)."""

from __future__ import annotations

from collections.abc import Sequence

from ai.alphabeta import WIN, Search
from ai.budget import Budget

State = tuple[int, int, bool]
"""(stones left, side to move, whether the side just moved again)."""


class Nim:
    def __init__(self, bonus: bool = False) -> None:
        self.bonus = bonus

    def moves(self, state: State) -> Sequence[int]:
        return [t for t in (1, 2, 3) if t <= state[0]]

    def play(self, state: State, move: int) -> State:
        stones, side, _ = state
        again = self.bonus and move == 2
        return stones - move, side if again else 1 - side, again

    def result(self, state: State) -> float | None:
        if state[0]:
            return None
        # the side that took the last stone won: the side to move now, if it moved again
        return 1.0 if state[2] else -1.0

    def evaluate(self, state: State) -> float:
        return 0.0

    def same_mover(self, state: State, after: State) -> bool:
        return after[2]


def test_it_leaves_a_multiple_of_four() -> None:
    for stones in (5, 6, 7, 9, 10, 11):
        search = Search(Nim(), Budget(iterations=20_000).start())
        move, value, depth = search.best((stones, 0, False))
        assert (stones - move) % 4 == 0, (stones, move)
        assert value > WIN / 2 and depth >= 1


def test_a_lost_position_is_known_as_lost() -> None:
    _, value, _ = Search(Nim(), Budget(iterations=20_000).start()).best((8, 0, False))
    assert value < -WIN / 2


def test_a_second_step_of_the_same_side_is_not_the_opponents_reply() -> None:
    """With the bonus, taking 2 from 4 keeps the move: take 2 more and win at once."""
    move, value, _ = Search(Nim(bonus=True), Budget(iterations=20_000).start()).best((4, 0, False))
    assert move == 2 and value > WIN / 2
    assert Search(Nim(bonus=True), Budget(iterations=50_000).start()).best((2, 0, False))[0] == 2


def test_an_iteration_cap_gives_the_same_answer_every_time() -> None:
    answers = {Search(Nim(), Budget(iterations=300).start()).best((23, 0, False)) for _ in range(3)}
    assert len(answers) == 1
