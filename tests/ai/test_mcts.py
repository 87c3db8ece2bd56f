"""The generic search on a game small enough to know the answer: Nim (take 1–3, last
stone wins), where leaving a multiple of four is the only winning play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.budget import Budget
from ai.mcts import Settings, search


@dataclass(frozen=True)
class Nim:
    stones: int
    player: int


class NimDomain:
    def __init__(self, reverse: bool = False) -> None:
        self.reverse = reverse  # a misleading prior: worst moves first

    def actions(self, state: Nim) -> Sequence[int]:
        moves = [take for take in (1, 2, 3) if take <= state.stones]
        return moves[::-1] if self.reverse else moves

    def apply(self, state: Nim, action: int) -> Nim:
        return Nim(state.stones - action, 1 - state.player)

    def player(self, state: Nim) -> int:
        return state.player

    def winner(self, state: Nim) -> int | None:
        return 1 - state.player if state.stones == 0 else None

    def evaluate(self, state: Nim, rng: random.Random) -> float:
        return rng.random()  # knows nothing: the tree has to find the answer


@given(st.integers(min_value=1, max_value=11).filter(lambda n: n % 4), st.booleans())
@settings(max_examples=12, deadline=None)
def test_search_finds_the_winning_take(stones: int, reverse: bool) -> None:
    rows = search(
        NimDomain(reverse),
        Nim(stones, 0),
        Budget(iterations=1500).start(),
        random.Random(1),
        Settings(exploration=0.7, widen=3.0),
    )
    assert rows[0][0] == stones % 4


def test_same_seed_and_cap_give_the_same_tree() -> None:
    def run() -> list[tuple[int, int, float]]:
        return search(NimDomain(), Nim(9, 0), Budget(iterations=200).start(), random.Random(7))

    assert run() == run()


def test_a_single_candidate_is_returned_without_searching() -> None:
    clock = Budget(iterations=100).start()
    rows = search(NimDomain(), Nim(1, 0), clock, random.Random(1))
    assert [row[0] for row in rows] == [1]
    assert clock.count == 0


def test_time_budget_stops_the_search() -> None:
    clock = Budget(seconds=0.05).start()
    search(NimDomain(), Nim(400, 0), clock, random.Random(1))
    assert clock.left() == 0.0
    assert clock.count > 0
