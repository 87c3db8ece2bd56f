"""The FENCE! computer never peeks (issue 15.3): it is given only its seat's view, so two
states that differ only in other players' hidden cards give it identical inputs and the same
move for the same seed; and it plays whole games through every stage."""

from __future__ import annotations

import dataclasses
import random

import ai
import games
from ai.fence import judge
from games.fence.state import FenceState

RULES = games.get("fence")


def _midgame(seed: int = 11) -> FenceState:
    rng = random.Random(seed)
    state = RULES.new(players=3, seed=seed, options={"quick_map": True})
    while RULES.outcome(state) is None:
        if state.stage == "turn" and state.round >= 2 and all(len(h) >= 2 for h in state.hands):
            return state
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    raise AssertionError("no mid-game position found")


def _swap_hidden(state: FenceState, seat: int) -> FenceState:
    """The same position with the other players' hands exchanged with cards of the Stash,
    a different Stash order and different future dice: what ``seat`` cannot see."""
    others = [s for s in range(state.players) if s != seat]
    red, blue = list(state.red), list(state.blue)
    hands = [list(h) for h in state.hands]
    for other in others:
        for i, card in enumerate(hands[other]):
            pile = red if card[0] == "R" else blue
            if pile:
                hands[other][i], pile[0] = pile[0], card
    random.Random(5).shuffle(red)
    random.Random(6).shuffle(blue)
    return dataclasses.replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        red=tuple(red),
        blue=tuple(blue),
        seed=state.seed + 1,
    )


def test_no_peeking_other_hidden_cards_change_nothing() -> None:
    state = _midgame()
    seat = RULES.to_move(state)[0]
    other = _swap_hidden(state, seat)
    assert other.hands != state.hands and other.seed != state.seed  # really different secrets
    view, other_view = RULES.view(state, seat), RULES.view(other, seat)
    assert view == other_view  # the computer's whole input
    first = ai.choose("fence", view, seat, seed=7, iterations=40)
    assert ai.choose("fence", other_view, seat, seed=7, iterations=40) == first
    assert RULES.parse(state, first) in RULES.legal_actions(state)


def test_the_real_cards_are_not_what_the_search_sees(monkeypatch: object) -> None:
    """Every world the search plays in is a sample dealt from the view: none of them is the
    real state (whose seed the sampler never learns)."""
    import ai.fence as fence_ai

    state = _midgame(13)
    seat = RULES.to_move(state)[0]
    worlds: list[FenceState] = []
    real_sample = fence_ai.Sampler.sample

    def recording(self: fence_ai.Sampler, rng: random.Random) -> FenceState:
        world = real_sample(self, rng)
        worlds.append(world)
        return world

    monkeypatch.setattr(fence_ai.Sampler, "sample", recording)  # type: ignore[attr-defined]
    ai.choose("fence", RULES.view(state, seat), seat, seed=3, iterations=25)
    assert len(worlds) >= 25
    assert all(w.seed != state.seed for w in worlds)
    assert all(w.hands[seat] == state.hands[seat] for w in worlds)


def test_judging_prefers_rivals_in_jail_and_itself_free() -> None:
    state = _midgame()
    seat = 0
    rivals_jailed = dataclasses.replace(
        state, pawns=tuple(p if s == seat else None for s, p in enumerate(state.pawns))
    )
    self_jailed = dataclasses.replace(
        state, pawns=tuple(None if s == seat else p for s, p in enumerate(state.pawns))
    )
    assert judge(rivals_jailed, seat) > judge(state, seat) > judge(self_jailed, seat)


def test_whole_games_from_the_draft_through_every_stage() -> None:
    """The computer holds seat 0 from the first drafted tile to the end (or 600 steps)."""
    for seed in (1,):
        rng = random.Random(seed)
        state = RULES.new(players=3, seed=seed)
        stages = set()
        for step in range(600):
            if RULES.outcome(state) is not None:
                break
            seat = RULES.to_move(state)[0]
            if seat == 0:
                stages.add(state.stage)
                text = ai.choose("fence", RULES.view(state, 0), 0, seed=step, iterations=2)
                action = RULES.parse(state, text)
            else:
                action = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
        assert {"draft", "turn"} <= stages
