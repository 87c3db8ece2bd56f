"""Sampled FENCE! states: the seat cannot tell them from the real one, and they hide nothing
it did not already know (issue 15.3)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.fence.cards import decks
from games.fence.determinize import sample_state, unseen_cards

RULES = games.get("fence")
OPTION_SETS = (
    {},
    {"quick_map": True},
    {"quick_map": True, "trading_cards": True},
    {"quick_map": True, "boats": True, "joker_swap": True},
    {"quick_map": True, "mixed_stash": True},
)


def _played(seed: int, players: int, options: dict[str, object], plies: int) -> object:
    state = RULES.new(players=players, seed=seed, options=options)
    return RULES.random_playout(state, random.Random(seed), max_plies=plies)


def _all_cards(state: object) -> Counter[str]:
    s = state  # type: ignore[assignment]
    return Counter(
        [*s.red, *s.blue, *s.mixed, *s.discard, *(c for h in s.hands for c in h),  # type: ignore[attr-defined]
         *(c for h in s.start for c in h), *(c for b in s.boats for c in b)]  # type: ignore[attr-defined]
    )  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(3, 5),
    st.sampled_from(OPTION_SETS),
    st.integers(0, 250),
    st.integers(0, 2**31 - 1),
)
def test_the_seat_cannot_tell_a_sample_from_the_real_state(
    seed: int, players: int, options: dict[str, object], plies: int, sample_seed: int
) -> None:
    state = _played(seed, players, options, plies)
    for seat in range(players):
        view = RULES.view(state, seat)
        sample = sample_state(view, seat, random.Random(sample_seed))
        assert RULES.view(sample, seat) == view
        # the sample holds the match's cards, no more and no fewer
        assert _all_cards(sample) == _all_cards(state)
        if seat in RULES.to_move(state):  # and offers the seat exactly its real choices
            real = sorted(RULES.format(state, a) for a in RULES.legal_actions(state))
            assert sorted(RULES.format(sample, a) for a in RULES.legal_actions(sample)) == real


def test_unseen_cards_exclude_everything_the_seat_can_see() -> None:
    state = _played(4, 3, {"quick_map": True}, 40)
    view = RULES.view(state, 1)
    unseen = unseen_cards(view, 1)
    red, blue = decks(3, dict(view["options"]))
    assert sum(unseen.values()) == len(red + blue) - len(view["hand"]) - len(view["discard"]) - len(
        view["starting_cards"]
    )


def test_other_hands_and_the_dice_vary_between_samples() -> None:
    state = _played(7, 4, {"quick_map": True}, 60)
    view = RULES.view(state, 0)
    samples = [sample_state(view, 0, random.Random(n)) for n in range(12)]
    others = {tuple(s.hands[1] + s.hands[2] + s.hands[3]) for s in samples}  # type: ignore[attr-defined]
    assert len(others) > 1 or not any(view["hand_sizes"][1:])
    assert len({s.seed for s in samples}) == 12  # never the real seed's future dice
    assert all(s.hands[0] == state.hands[0] for s in samples)  # type: ignore[attr-defined]


def test_one_sampler_deals_many_worlds_on_one_road_map() -> None:
    """A search deals thousands of worlds per move: they share the view's road map (built
    once) and still each pass for the real state."""
    from games.fence.determinize import Sampler
    from games.fence.world import build_map, city_map

    state = _played(9, 3, {"quick_map": True}, 50)
    seat = RULES.to_move(state)[0]
    view = RULES.view(state, seat)
    sampler = Sampler(view, seat)
    rng = random.Random(1)
    worlds = [sampler.sample(rng) for _ in range(8)]
    assert all(RULES.view(w, seat) == view for w in worlds)
    assert all(city_map(w) is sampler.map for w in worlds)
    assert build_map(state).succ == sampler.map.succ
    assert len({w.seed for w in worlds}) == 8
