"""Properties over random legal games, and the fast move generator against a slow reference."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from games.fendo import RULES
from games.fendo.geometry import SIDES, squares_of
from games.fendo.moves import is_over
from games.fendo.state import Action, Add, AreaError, Build, FendoState, partition

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play_to(seed: int, plies: int, size: int = 7, early_end: bool = True) -> FendoState:
    rng = random.Random(seed)
    state = RULES.new(options={"size": size, "early_end": early_end})
    for _ in range(plies):
        actions = RULES.legal_actions(state)
        if not actions:
            break
        state = RULES.apply(state, rng.choice(actions))
    return state


# -- a deliberately naive reading of rulings 7 and 8 -----------------------------------------


def _fenced(state: FendoState, square: int, side: str) -> bool:
    edge = state.geo.edge(square, side)
    if edge is None:
        return True
    kind, low = edge
    return bool(((state.fences_east if kind == "e" else state.fences_north) >> low) & 1)


def _walk(state: FendoState, square: int, side: str) -> list[int]:
    """Squares passed in one straight line from ``square`` towards ``side``."""
    out: list[int] = []
    while not _fenced(state, square, side):
        nxt = state.geo.neighbour(square, side)
        assert nxt is not None
        if (state.occupied >> nxt) & 1:
            break
        out.append(nxt)
        square = nxt
    return out


def _reach(state: FendoState, piece: int) -> set[int]:
    found = {piece}
    for side in SIDES:
        for square in _walk(state, piece, side):
            found.add(square)
            for turn in ("e", "w") if side in "ns" else ("n", "s"):
                found.update(_walk(state, square, turn))
    return found


def reference_actions(state: FendoState) -> set[Action]:
    if is_over(state):
        return set()
    seat = state.to_move
    geo = state.geo
    result: set[Action] = set()
    for piece in squares_of(state.pieces[seat] & state.open_area):
        reached = _reach(state, piece)
        if state.stock[seat]:
            result.update(Add(s) for s in reached if s != piece)
        for to in reached:
            for side in SIDES:
                if _fenced(state, to, side):
                    continue
                kind, low = geo.edge(to, side) or ("", 0)
                pieces = list(state.pieces)
                pieces[seat] = pieces[seat] & ~(1 << piece) | (1 << to)
                east = state.fences_east | ((1 << low) if kind == "e" else 0)
                north = state.fences_north | ((1 << low) if kind == "n" else 0)
                try:
                    partition(state.size, (pieces[0], pieces[1]), east, north)
                except AreaError:
                    continue
                result.add(Build(piece, to, side))
    return result


@given(seeds, st.integers(min_value=0, max_value=60), st.sampled_from([7, 7, 9]))
def test_generator_matches_naive_rules(seed: int, plies: int, size: int) -> None:
    state = play_to(seed, plies, size, early_end=False)
    actions = RULES.legal_actions(state)
    assert set(actions) == reference_actions(state)
    assert len(actions) == len(set(actions))


@given(seeds, st.integers(min_value=0, max_value=60))
def test_actions_are_deterministically_ordered(seed: int, plies: int) -> None:
    state = play_to(seed, plies)
    actions = RULES.legal_actions(state)
    assert actions == RULES.legal_actions(RULES.load(RULES.dump(state)))
    side_rank = {side: i for i, side in enumerate(SIDES)}

    def key(a: Action) -> tuple[int, int, int, int]:
        if isinstance(a, Add):
            return (0, a.square, 0, 0)
        return (1, a.piece, a.to, side_rank[a.side])

    assert actions == sorted(actions, key=key)


@given(seeds, st.sampled_from([7, 7, 9]), st.booleans())
def test_random_games_end_and_every_position_is_sound(
    seed: int, size: int, early_end: bool
) -> None:
    rng = random.Random(seed)
    state = RULES.new(options={"size": size, "early_end": early_end})
    for ply in range(1000):
        if RULES.outcome(state) is not None:
            break
        actions = RULES.legal_actions(state)
        assert actions, "a live game always offers its player an action (passes are automatic)"
        action = rng.choice(actions)
        before_dump = RULES.dump(state)
        after = RULES.apply(state, action)
        # apply never mutates its input
        assert RULES.dump(state) == before_dump
        # ruling 6 after every action: rebuilding the areas from scratch must succeed and
        # agree with the incremental bookkeeping
        assert RULES.load(RULES.dump(after)) == after
        assert RULES.from_position(RULES.position(after)) == after
        assert RULES.parse(state, RULES.format(state, action)) == action
        if ply % 10 == 0:
            for other in actions:
                assert RULES.parse(state, RULES.format(state, other)) == other
        state = after
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores is not None
    assert RULES.to_move(state) == [] and RULES.legal_actions(state) == []
    squares = size * size
    total = sum(outcome.scores)
    open_squares = len(RULES.view(state, None)["open_area"])
    # Every square is either owned by a closed area or in the open area nobody owns.
    assert total + open_squares == squares
    if outcome.termination == "score":
        assert total == squares
    elif outcome.termination == "early_end":
        assert early_end and 2 * max(outcome.scores) > squares and total < squares
    else:
        assert outcome.termination == "passes" and total < squares
    if outcome.scores[0] != outcome.scores[1]:
        assert outcome.winners == (outcome.scores.index(max(outcome.scores)),)
    else:
        assert outcome.is_draw


@given(seeds, st.integers(min_value=0, max_value=60))
def test_highlight_path_is_a_legal_route(seed: int, plies: int) -> None:
    state = play_to(seed, plies)
    geo = state.geo
    for action in RULES.legal_actions(state)[::7]:
        mark = RULES.presentation.highlight(state, action)
        assert mark["notation"] == RULES.format(state, action)
        if isinstance(action, Add):
            assert mark["kind"] == "add" and mark["added"] == geo.names[action.square]
            continue
        path = [geo.square(name) for name in mark["path"]]
        assert path[0] == action.piece and path[-1] == action.to
        steps = [b - a for a, b in pairwise(path)]
        assert sum(x != y for x, y in pairwise(steps)) <= 1  # at most one turn
        for a, b in pairwise(path):
            side = {1: "e", -1: "w", state.size: "n", -state.size: "s"}[b - a]
            assert not _fenced(state, a, side)
            assert not (state.occupied >> b) & 1
        assert mark["fence"] is not None and "/" in mark["fence"]
