"""Invariants over random play on 9×9 (hypothesis picks the seeds)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from games.fonver import RULES, Capture, FonverState
from games.fonver.board import BLACK, EMPTY, WHITE, all_crosscuts, connected, geometry, is_crosscut

MAX_STEPS = 2_000
"""Far above any 9×9 game; a game still running after this many steps is a failure."""


def count(state: FonverState, colour: int) -> int:
    return sum(1 for c in state.board if c == colour)


def play(seed: int, pie: bool) -> list[tuple[FonverState, object, FonverState]]:
    """A random game as (before, action, after) triples."""
    rng = random.Random(seed)
    state = RULES.new(options={"size": 9, "pie": pie})
    history = []
    for _ in range(MAX_STEPS):
        if not RULES.to_move(state):
            return history
        action = rng.choice(RULES.legal_actions(state))
        after = RULES.apply(state, action)
        history.append((state, action, after))
        state = after
    raise AssertionError("the game did not end")


@given(st.integers(0, 2**32), st.booleans())
def test_ruling_11_random_games_end_with_one_winner(seed: int, pie: bool) -> None:
    history = play(seed, pie)
    final = history[-1][2]
    outcome = RULES.outcome(final)
    assert outcome is not None and not outcome.is_draw and len(outcome.winners) == 1
    assert connected(final.board, geometry(9), final.winner)
    assert RULES.legal_actions(final) == []


@given(st.integers(0, 2**32))
def test_no_crosscut_survives_a_turn(seed: int) -> None:
    geo = geometry(9)
    for before, _, after in play(seed, pie=True):
        if RULES.turn_ended(before, after):
            assert all_crosscuts(after.board, geo) == frozenset()
        else:
            assert after.crosscuts == all_crosscuts(after.board, geo)
            assert all(is_crosscut(after.board, a, 9) for a in after.crosscuts)


@given(st.integers(0, 2**32))
def test_ruling_9_capture_step_moves_one_and_removes_one(seed: int) -> None:
    n = 9
    for before, action, after in play(seed, pie=False):
        if not isinstance(action, Capture):
            continue
        mover = before.colour
        enemy = BLACK + WHITE - mover
        assert count(after, enemy) == count(before, enemy) - 1
        assert count(after, mover) == count(before, mover)
        source, target = action.source.cell(n), action.target.cell(n)
        assert before.board[source] == mover and after.board[source] == EMPTY
        assert before.board[target] == enemy and after.board[target] == mover
        changed = [i for i in range(n * n) if before.board[i] != after.board[i]]
        assert changed == sorted([source, target])


@given(st.integers(0, 2**32))
def test_round_trips_and_no_mutation(seed: int) -> None:
    rng = random.Random(seed)
    for before, action, after in play(seed, pie=True):
        assert RULES.load(RULES.dump(after)) == after
        assert RULES.from_position(RULES.position(after)) == after
        assert RULES.parse(before, RULES.format(before, action)) == action
        legal = RULES.legal_actions(before)
        for other in rng.sample(legal, min(3, len(legal))):
            assert RULES.parse(before, RULES.format(before, other)) == other
        snapshot = RULES.dump(before)
        RULES.apply(before, action)
        assert RULES.dump(before) == snapshot
        assert RULES.view(after, None) == RULES.view(RULES.load(RULES.dump(after)), None)


@given(st.lists(st.booleans(), min_size=81, max_size=81))
def test_ruling_11_full_board_without_crosscut_has_exactly_one_winner(
    colours: list[bool],
) -> None:
    # Fill in reading order; each new point completes at most one block (the one to its
    # lower left), so flipping its colour whenever it would close a crosscut always works.
    n = 9
    cells = [EMPTY] * (n * n)
    for index, black in enumerate(colours):
        cells[index] = BLACK if black else WHITE
        rank, file = divmod(index, n)
        if rank and file and is_crosscut(tuple(cells), index - n - 1, n):
            cells[index] = WHITE if black else BLACK
    board = tuple(cells)
    geo = geometry(n)
    assert all_crosscuts(board, geo) == frozenset()
    assert connected(board, geo, BLACK) != connected(board, geo, WHITE)
    rows = ["".join(".BW"[board[r * n + f]] for f in range(n)) for r in range(n - 1, -1, -1)]
    state = RULES.from_position("\n".join([*rows, "B", "place"]))
    assert RULES.outcome(state) is not None
