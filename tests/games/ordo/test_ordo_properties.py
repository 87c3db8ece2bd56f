"""Property tests: the bitboard engine against a naive reference, and the API's invariants.

Positions come from seeded random games (realistic shapes) and from seeded scatterings of
pieces (odd shapes: split groups, long lines, crowded edges).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import IllegalMove
from games.ordo import RULES, Move, OrdoState
from games.ordo.board import NAMES, SQUARES, halo
from games.ordo.moves import legal_moves
from games.ordo.notation import write

# ---------------------------------------------------------------------------------------------
# A deliberately naive generator, written straight from the rulings. It works on sets of
# (file, rank) pairs and checks connection with a breadth-first search after every candidate,
# so it shares no code or idea with the bitboard engine beyond the rulings themselves.
# ---------------------------------------------------------------------------------------------

Square = tuple[int, int]
FILES, RANKS = 10, 8
LETTERS = "abcdefghij"


def name(sq: Square) -> str:
    return f"{LETTERS[sq[0]]}{sq[1] + 1}"


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < FILES and 0 <= sq[1] < RANKS


def connected(pieces: Iterable[Square]) -> bool:
    todo = set(pieces)
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        f, r = stack.pop()
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nb = (f + df, r + dr)
                if nb in todo:
                    todo.remove(nb)
                    stack.append(nb)
    return not todo


def reference_moves(own: set[Square], opp: set[Square], colour: int) -> set[str]:
    """Canonical notations of every legal move (ordo lines named lower end first)."""
    fwd = 1 if colour == 0 else -1
    split = not connected(own)
    directions = [(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)]
    if split:
        directions += [(0, -fwd), (1, -fwd), (-1, -fwd)]
    out: set[str] = set()
    for piece in own:
        for df, dr in directions:
            t = (piece[0] + df, piece[1] + dr)
            while on_board(t) and t not in own:
                if connected((own - {piece}) | {t}):
                    sep = "x" if t in opp else "-"
                    out.add(f"{name(piece)}{sep}{name(t)}")
                if t in opp:
                    break
                t = (t[0] + df, t[1] + dr)
    lines: list[tuple[list[Square], list[tuple[int, int]]]] = []
    for f in range(FILES):
        for r in range(RANKS):
            for length in range(2, 11):
                across = [(f + i, r) for i in range(length)]
                if all(sq in own for sq in across):
                    steps = [(0, fwd), (0, -fwd)] if split else [(0, fwd)]
                    lines.append((across, steps))
                along = [(f, r + i) for i in range(length)]
                if all(sq in own for sq in along):
                    lines.append((along, [(1, 0), (-1, 0)]))
    for line, steps in lines:
        for df, dr in steps:
            distance = 1
            while True:
                moved = [(f + df * distance, r + dr * distance) for f, r in line]
                # A line never moves along itself, so it sweeps only squares off the line;
                # stepping one square at a time checks every square it passes over.
                if not all(on_board(sq) and sq not in own | opp for sq in moved):
                    break
                if connected((own - set(line)) | set(moved)):
                    out.add(f"{name(line[0])}:{name(line[-1])}-{name(moved[0])}")
                distance += 1
    return out


def as_sets(state: OrdoState) -> tuple[set[Square], set[Square]]:
    def squares(mask: int) -> set[Square]:
        return {(sq % 11, sq // 11) for sq in SQUARES if mask >> sq & 1}

    return squares(state.white), squares(state.black)


def engine_moves(state: OrdoState) -> list[str]:
    own, opp = state.pieces(state.to_move), state.pieces(1 - state.to_move)
    return [write(m, opp) for m in legal_moves(own, opp, state.to_move)]


def reference(state: OrdoState) -> set[str]:
    white, black = as_sets(state)
    own, opp = (white, black) if state.to_move == 0 else (black, white)
    return reference_moves(own, opp, state.to_move)


# ---------------------------------------------------------------------------------------------
# Position sources
# ---------------------------------------------------------------------------------------------

MAX_PLIES = 1000


def game_states(seed: int) -> list[OrdoState]:
    """Every state of one seeded random game, from the start to its end."""
    rng = random.Random(seed)
    state = RULES.new()
    states = [state]
    while RULES.outcome(state) is None and len(states) <= MAX_PLIES:
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        states.append(state)
    return states


def some_game_states(seed: int, count: int = 3) -> list[OrdoState]:
    states = game_states(seed)
    return random.Random(seed).sample(states, min(count, len(states)))


def blob(rng: random.Random, size: int, taken: int) -> int:
    """A connected clump of ``size`` pieces avoiding ``taken``, grown from a random square."""
    free = [sq for sq in SQUARES if not taken >> sq & 1]
    mask = 1 << rng.choice(free)
    for _ in range(size - 1):
        rim = [sq for sq in SQUARES if (halo(mask) & ~mask & ~taken) >> sq & 1]
        if not rim:
            break
        mask |= 1 << rng.choice(rim)
    return mask


def scattered_state(seed: int) -> OrdoState:
    """A made-up position: clumps, lines and strays for both sides, either side to move."""
    rng = random.Random(seed)
    white = 0
    for _ in range(rng.randint(1, 3)):
        white |= blob(rng, rng.randint(1, 9), white)
    black = 0
    for _ in range(rng.randint(1, 3)):
        black |= blob(rng, rng.randint(1, 9), white | black)
    return OrdoState(white, black, rng.randint(0, 1))


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# ---------------------------------------------------------------------------------------------
# The engine agrees with the reference
# ---------------------------------------------------------------------------------------------


@given(seeds)
def test_generation_matches_reference_in_game_positions(seed: int) -> None:
    for state in some_game_states(seed):
        found = engine_moves(state)
        assert len(found) == len(set(found)), "a move was generated twice"
        expected = reference(state) if RULES.outcome(state) is None or found else set()
        assert set(found) == expected


@given(seeds)
def test_generation_matches_reference_in_made_up_positions(seed: int) -> None:
    state = scattered_state(seed)
    found = engine_moves(state)
    assert len(found) == len(set(found))
    assert set(found) == reference(state)


@given(seeds)
def test_apply_moves_exactly_the_named_pieces(seed: int) -> None:
    """Each move lands its pieces where its notation says and removes exactly the capture."""
    for state in some_game_states(seed, 2):
        mover = state.to_move
        for move in RULES.legal_actions(state):
            after = RULES.apply(state, move)
            shift = move.target - move.origin
            along_rank = move.far_end - move.origin < 11
            span = range(move.origin, move.far_end + 1, 1 if along_rank else 11)
            lifted = sum(1 << sq for sq in span)
            landed = sum(1 << (sq + shift) for sq in span)
            assert after.pieces(mover) == (state.pieces(mover) ^ lifted) | landed
            captured = state.pieces(1 - mover) ^ after.pieces(1 - mover)
            assert captured == (state.pieces(1 - mover) & landed)
            assert not (move.is_ordo and captured)
            assert after.to_move == 1 - mover


# ---------------------------------------------------------------------------------------------
# Whole games and the API's invariants
# ---------------------------------------------------------------------------------------------


@given(seeds)
def test_random_games_end_with_a_single_winner(seed: int) -> None:
    states = game_states(seed)
    final = states[-1]
    outcome = RULES.outcome(final)
    assert outcome is not None, f"no result after {MAX_PLIES} plies"
    assert len(outcome.winners) == 1
    assert RULES.to_move(final) == []
    assert RULES.legal_actions(final) == []
    assert RULES.view(final, None)["to_move"] is None
    assert all(RULES.outcome(s) is None for s in states[:-1])


@given(seeds)
def test_apply_never_mutates_its_argument(seed: int) -> None:
    for state in some_game_states(seed, 2):
        snapshot = RULES.dump(state)
        for move in RULES.legal_actions(state):
            after = RULES.apply(state, move)
            assert after.ply == state.ply + 1
        assert RULES.dump(state) == snapshot


@given(seeds)
def test_parse_accepts_format_and_plain_text_back(seed: int) -> None:
    for state in some_game_states(seed, 2):
        for move in RULES.legal_actions(state):
            text = RULES.format(state, move)
            assert RULES.parse(state, text) == move
            assert RULES.parse(state, f" {text.upper().replace('-', ' - ')} ") == move
            assert RULES.parse(state, str(move)) == move


def all_states(seed: int) -> Iterable[OrdoState]:
    yield from some_game_states(seed, 3)
    yield scattered_state(seed)


@given(seeds)
def test_position_notation_round_trips(seed: int) -> None:
    for state in all_states(seed):
        assert RULES.from_position(RULES.position(state)) == state


@given(seeds)
def test_dump_and_load_round_trip_including_the_move_counter(seed: int) -> None:
    import json

    for state in all_states(seed):
        data = json.loads(json.dumps(RULES.dump(state)))
        back = RULES.load(data)
        assert back == state
        assert back.ply == state.ply


@given(seeds)
def test_illegal_moves_are_refused_with_legal_suggestions(seed: int) -> None:
    rng = random.Random(seed)
    for state in some_game_states(seed, 2):
        if RULES.outcome(state) is not None:
            continue
        legal = set(RULES.legal_actions(state))
        own = state.pieces(state.to_move)
        mine = [sq for sq in SQUARES if own >> sq & 1]
        for _ in range(10):
            origin = rng.choice(mine if rng.random() < 0.8 else SQUARES)
            move = Move(origin, rng.choice(SQUARES), origin)
            if move in legal:
                continue
            with pytest.raises(IllegalMove) as refused:
                RULES.apply(state, move)
            message = str(refused.value)
            with pytest.raises(IllegalMove):
                RULES.parse(state, str(move))
            assert NAMES[move.origin] in message
            if own >> origin & 1:
                # The sentence names legal moves (of this piece, or others if it has none).
                assert any(RULES.format(state, m) in message for m in legal)
            else:
                # No piece of the mover there: say so and name pieces that can move.
                assert "piece on" in message or "not one of yours" in message
                assert any(f" {NAMES[m.origin]}" in message for m in legal)


fragments = st.sampled_from(
    [*(NAMES[sq] for sq in SQUARES[::7]), "c2", "d2", "c3", "k1", "a0", ":", "-", "x", " ", "–"]
)


@given(st.lists(fragments, max_size=6), seeds)
def test_any_typed_text_gives_a_legal_move_or_an_illegal_move_error(
    parts: list[str], seed: int
) -> None:
    state = some_game_states(seed, 1)[0]
    text = "".join(parts)
    try:
        move = RULES.parse(state, text)
    except IllegalMove as refused:
        assert str(refused).strip()
    else:
        assert move in RULES.legal_actions(state)
