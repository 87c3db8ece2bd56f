"""Ruling 29: private cards and the random generator never reach a public view.

The strongest form of "nothing leaks" is that the public view is a function of public facts
only: change every secret (hands' contents, starting cards, Stash order, the seed) while
keeping what the table can see, and the public view must not change at all.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.fence import RULES, Offer, PostTrade
from games.fence.state import FenceState


def _scramble(state: FenceState, rng: random.Random) -> FenceState:
    """Same public facts, different secrets."""

    def other(card: str) -> str:
        return card[0] + rng.choice("123456X") if card[1].isdigit() else card

    offer = state.offer
    if offer:
        offer = (offer[0], offer[1], other(offer[2]), other(offer[3]))
    return replace(
        state,
        hands=tuple(tuple(other(c) for c in hand) for hand in state.hands),
        start=tuple(tuple(other(c) for c in s) for s in state.start),
        red=tuple(rng.sample(state.red, len(state.red))),
        blue=tuple(rng.sample(state.blue, len(state.blue))),
        mixed=tuple(rng.sample(state.mixed, len(state.mixed))),
        offer=offer,
        notes=tuple((seat, f"secret {rng.random()}") for seat, _ in state.notes),
        seed=state.seed + 977,
        draws=state.draws + 5,
    )


def _secret_cards(action: object) -> list[str]:
    """The card values a step carries that the public must not learn (trades)."""
    if isinstance(action, Offer):
        return [action.give, action.ask]
    if isinstance(action, PostTrade):
        return [action.give]
    return []


@settings(max_examples=15)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 10_000),
    quick=st.booleans(),
    mixed=st.booleans(),
    trades=st.booleans(),
)
def test_ruling_29_public_views_depend_on_public_facts_only(players, seed, quick, mixed, trades):
    options = {"quick_map": quick, "mixed_stash": mixed, "joker_swap": True}
    if trades:
        options.update(boats=True, trading_post=True, trading_cards=True)
    state = RULES.new(players, options, seed)
    rng = random.Random(seed)
    for step in range(250):
        if RULES.outcome(state) is not None:
            break
        if step % 7 == 0:
            public = RULES.view(state, None)
            assert "hand" not in public and "starting_cards" not in public
            assert RULES.view(_scramble(state, rng), None) == public
            text = json.dumps(public)
            assert '"seed"' not in text and '"draws"' not in text
        action = rng.choice(RULES.legal_actions(state))
        if step % 7 == 0:
            # What the thread is told about a step is public too: with other secrets the
            # same step gets the same highlight and the same sentence.
            twin = _scramble(state, rng)
            assert RULES.presentation.highlight(twin, action) == RULES.presentation.highlight(
                state, action
            )
            assert str(RULES.presentation.describe(twin, action, "x")) == str(
                RULES.presentation.describe(state, action, "x")
            )
            assert RULES.presentation.public_notation(
                twin, action
            ) == RULES.presentation.public_notation(state, action)
        said = " ".join(
            (
                json.dumps(RULES.presentation.highlight(state, action)),
                str(RULES.presentation.describe(state, action, "x")),
                RULES.presentation.public_notation(state, action),
            )
        )
        assert not [card for card in _secret_cards(action) if card in said]
        after = RULES.apply(state, action)
        # Sentences the thread is told carry no secret either (a trade's cards are notes).
        notices = " ".join([str(n) for n in RULES.presentation.notices(state, after)])
        assert not [card for card in _secret_cards(action) if card in notices]
        state = after


def test_ruling_29_a_seat_sees_its_own_hand_and_nobody_elses():
    state = RULES.new(3, {"quick_map": True}, seed=4)
    for seat in range(3):
        view = RULES.view(state, seat)
        assert view["starting_cards"] == list(state.start[seat]) or view["revealed"]
        others = [c for s in range(3) if s != seat for c in state.start[s]]
        mine = set(state.start[seat])
        assert not (set(others) - mine) & set(view["starting_cards"])
    public = RULES.view(state, None)
    assert public["hand_sizes"] == [len(h) for h in state.hands]


def test_ruling_29_notices_announce_colours_only_when_chosen(build):
    state = build.state(
        placed=build.SQUARE,
        pawns={0: None, 1: "sunnyside"},
        cops="old-town",
        options={"mixed_stash": True},
        red=[],
        blue=[],
        mixed=("B4", "R2"),
    )
    from games.fence import Push

    after = RULES.apply(state, Push(1, build.hood("old-town")))
    notes = " ".join([str(n) for n in RULES.presentation.notices(state, after)])
    assert "draws a card" in notes and "red" not in notes and "R2" not in notes
