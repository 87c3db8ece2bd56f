"""Ruling 28, the extended rules added last: Boats, The Trading Post and Trading Cards."""

from __future__ import annotations

import json
from collections import Counter

import games
from games.fence import (
    RULES,
    Accept,
    Boat,
    CopsRoad,
    NoTrade,
    Offer,
    PlacePost,
    PostTrade,
    Push,
    Refuse,
    TipOff,
    Yourself,
)
from games.fence.engine import NAMES
from games.fence.goods import closest
from games.fence.state import thaw
from games.sentences import from_data


def english(notes: list[object]) -> list[str]:
    """A view's sentences (data) in English."""
    return [str(from_data(note, games.sentences())) for note in notes]


TRADES = {"trading_cards": True}


def test_ruling_28_the_new_options_are_in_the_schema():
    options = {o.name: o for o in RULES.info.options}
    for name in ("boats", "trading_post", "trading_cards"):
        assert options[name].kind == "bool" and options[name].default is False


# -- Boats ----------------------------------------------------------------------------------------


def test_ruling_28_boats_one_face_card_per_player_evened_out():
    for players, each in ((2, 1), (3, 2), (4, 2), (5, 3)):
        state = RULES.new(players, {"boats": True}, seed=players)
        held = Counter([*state.red, *state.blue, *state.mixed])
        assert held["RX"] == held["BX"] == each
        # boats join after the starting cards, so none was set aside as a starting card
        assert not any(c[1] == "X" for s in state.start for c in s)
    assert "RX" not in RULES.new(3, {}, seed=1).red


def _harbour(build, **fields):
    """A coast: Old Town, and north of it a row of waterfront tiles joined by road east-west
    (Saltmarsh, Harbour Steps, Fishmarket, Pickle Wharf) with water all along their north."""
    placed = (
        ("old-town", 0, 0, 0),
        ("saltmarsh", 0, 1, 0),
        ("harbour-steps", 1, 1, 0),
        ("fishmarket", 2, 1, 0),
        ("pickle-wharf", 3, 1, 0),
    )
    return build.state(placed=placed, options={"boats": True}, **fields)


def test_ruling_28_boat_opens_move_others_and_is_public(build):
    state = _harbour(
        build,
        pawns={0: "saltmarsh", 1: "fishmarket"},
        cops="old-town",
        hands={0: ["RX", "R2"], 1: ["B1"]},
    )
    assert Boat("red") in RULES.legal_actions(state)
    assert Boat("blue") not in RULES.legal_actions(state)
    after = RULES.apply(state, Boat("red"))
    assert after.stage == "second" and after.actor == 0 and after.boats[0] == ("RX",)
    assert after.hands[0] == ("R2",)
    steps = RULES.legal_actions(after)
    assert any(isinstance(a, Push) for a in steps) and any(isinstance(a, CopsRoad) for a in steps)
    assert not any(isinstance(a, Yourself | Boat) for a in steps)
    assert RULES.view(after, None)["boats"][0] == ["RX"]
    said = str(RULES.presentation.describe(state, Boat("red"), "Green"))
    assert said == "Green has a red boat and moves others."
    assert RULES.format(state, Boat("red")) == "boat red"
    assert RULES.parse(state, "boat red") == Boat("red")


def test_ruling_28_no_boat_from_jail(build):
    state = _harbour(
        build, pawns={0: None, 1: "fishmarket"}, cops="old-town", hands={0: ["RX", "R2"]}
    )
    assert not any(isinstance(a, Boat) for a in RULES.legal_actions(state))


def test_ruling_28_last_played_boat_wins(build):
    state = _harbour(
        build,
        pawns={0: "saltmarsh", 1: "fishmarket"},
        cops="old-town",
        hands={0: ["RX"], 1: ["B1"]},
        boats=((), ("RX",)),
    )
    after = RULES.apply(state, Boat("red"))
    assert after.boats == (("RX",), ()) and after.discard == ("RX",)
    sunk = "The red boat of Orange goes to the discard pile"
    assert any(sunk in e for e in map(str, after.events))


def test_ruling_28_a_jailed_players_boat_goes_to_the_discard_pile(build):
    state = _harbour(
        build,
        pawns={0: "saltmarsh", 1: "fishmarket"},
        cops="pickle-wharf",
        hands={0: ["R1"]},
        boats=((), ("BX",)),
    )
    after = RULES.apply(state, Push(1, build.hood("pickle-wharf")))
    assert after.pawns[1] is None and after.boats[1] == () and "BX" in after.discard


def test_ruling_28_water_counts_half(build):
    # Goods on Pickle Wharf. Green on Saltmarsh is 3 tiles away by road and by water; Orange
    # on Harbour Steps is 2 by road. Without a boat Orange is closer; with one, Green's
    # 3 tiles by water count 1.5.
    fields = dict(pawns={0: "saltmarsh", 1: "harbour-steps"}, cops="old-town")
    wharf = [build.tile("pickle-wharf")]
    plain = thaw(_harbour(build, **fields))
    assert closest(plain, wharf, NAMES)[0] == 1
    boated = thaw(_harbour(build, boats=(("RX",), ()), **fields))
    winner, note = closest(boated, wharf, NAMES)
    assert (winner, str(note)) == (
        0,
        "Hot Goods turn up in Pickle Wharf: Green gets them by boat.",
    )
    # A boat is no use off the waterfront: Old Town is not waterfront.
    inland = thaw(
        _harbour(build, pawns={0: "old-town", 1: "harbour-steps"}, cops=None, boats=(("RX",), ()))
    )
    assert closest(inland, wharf, NAMES)[0] == 1


def test_ruling_28_water_ties_and_the_cops(build):
    # Green by water: 2 tiles = 1 road step, the same as Orange by road: a tie.
    state = _harbour(
        build,
        pawns={0: "harbour-steps", 1: "fishmarket"},
        cops="old-town",
        boats=(("BX",), ()),
    )
    assert closest(thaw(state), [build.tile("pickle-wharf")], NAMES)[0] is None


# -- The Trading Post ---------------------------------------------------------------------------


def test_ruling_28_trading_post_is_placed_like_the_cops():
    state = RULES.new(3, {"quick_map": True, "trading_post": True}, seed=5)
    while state.stage in ("pawn", "cops"):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.stage == "post" and state.actor == state.first
    choices = RULES.legal_actions(state)
    assert choices and all(isinstance(a, PlacePost) for a in choices)
    assert RULES.parse(state, RULES.format(state, choices[-1])) == choices[-1]
    after = RULES.apply(state, choices[-1])
    assert after.post == choices[-1].hood and after.stage == "turn"
    assert all(len(h) == 4 for h in after.hands)  # the first hands come after the Post
    assert RULES.view(after, None)["post"] == after.post


def _post_state(build, **fields):
    base = dict(
        placed=build.SQUARE,
        pawns={0: "old-town", 1: "cabbagetown"},
        cops="tanners-row",
        hands={0: ["R1", "B1"], 1: ["R5", "B2", "B6"]},
        post=build.hood("sunnyside"),
        options={"trading_post": True},
    )
    return build.state(**{**base, **fields})


def test_ruling_28_ending_the_turn_on_the_post_allows_one_blind_trade(build):
    state = _post_state(build)
    after = RULES.apply(state, Yourself(("B1",), build.hood("sunnyside")))
    assert after.stage == "trading" and after.actor == 0
    legal = RULES.legal_actions(after)
    assert NoTrade() in legal
    assert {a.pick for a in legal if isinstance(a, PostTrade)} == {1, 2, 3}
    trade = PostTrade(1, "R1", 2)
    done = RULES.apply(after, trade)
    assert done.actor == 1 and done.stage == "turn"
    assert "R1" in done.hands[1] and len(done.hands[1]) == 3 and len(done.hands[0]) == 1
    taken = done.hands[0][0]
    assert taken in ("R5", "B2", "B6")
    # each player learns the cards of their own trade, privately
    assert english(RULES.view(done, 0)["notes"]) == [f"You give R1 to Orange and take {taken}."]
    assert english(RULES.view(done, 1)["notes"]) == [f"Green gives you R1 and takes your {taken}."]
    assert "notes" not in RULES.view(done, None)


def test_ruling_28_the_pick_is_blind(build):
    """The engine shuffles the other hand before the pick: the same number takes different
    cards in different games, so a number never names a card."""
    taken = set()
    for seed in range(12):
        state = RULES.apply(
            _post_state(
                build, stage="trading", pawns={0: "sunnyside", 1: "cabbagetown"}, seed=seed
            ),
            PostTrade(1, "R1", 1),
        )
        taken.add(next(c for c in state.hands[0] if c != "B1"))
    assert len(taken) > 1


def test_ruling_28_no_post_stop_elsewhere_and_skipping_is_allowed(build):
    state = _post_state(build)
    elsewhere = RULES.apply(state, Push(1, build.hood("sunnyside")))  # Green stays put
    elsewhere = RULES.apply(elsewhere, CopsRoad(build.hood("cabbagetown")))
    assert elsewhere.stage == "turn" and elsewhere.actor == 1
    on_post = _post_state(build, stage="trading", pawns={0: "sunnyside", 1: "cabbagetown"})
    skipped = RULES.apply(on_post, NoTrade())
    assert skipped.actor == 1 and skipped.stage == "turn" and skipped.hands == on_post.hands


def test_ruling_28_post_trade_notation_hides_the_cards_in_public(build):
    state = _post_state(build, stage="trading", pawns={0: "sunnyside", 1: "cabbagetown"})
    trade = PostTrade(1, "R1", 3)
    assert RULES.format(state, trade) == "post orange R1 3"
    assert RULES.parse(state, "post orange r1 3") == trade
    assert RULES.parse(state, "post skip") == NoTrade()
    assert RULES.presentation.public_notation(state, trade) == "post orange"
    said = str(RULES.presentation.describe(state, trade, "Green")) + json.dumps(
        RULES.presentation.highlight(state, trade)
    )
    assert "R1" not in said and '"3"' not in said and "Orange" in said


# -- Trading Cards ------------------------------------------------------------------------------


def _trade_state(build, players=2, **fields):
    base = dict(
        players=players,
        placed=build.SQUARE,
        pawns={0: "old-town", 1: "cabbagetown", 2: "sunnyside"},
        cops="tanners-row",
        hands={0: ["R3", "B1"], 1: ["B5", "R6"], 2: ["R1"]},
        options=TRADES,
    )
    merged = {**base, **fields}
    merged["pawns"] = {s: h for s, h in merged["pawns"].items() if s < players}
    merged["hands"] = {s: h for s, h in merged["hands"].items() if s < players}
    return build.state(**merged)


def test_ruling_28_an_offer_is_answered_by_the_other_player(build):
    state = _trade_state(build)
    offer = Offer(1, "R3", "B5")
    assert offer in RULES.legal_actions(state)
    assert Offer(1, "R3", "R3") not in RULES.legal_actions(state)
    asked = RULES.apply(state, offer)
    assert asked.stage == "offer" and RULES.to_move(asked) == [1]
    assert RULES.legal_actions(asked) == [Accept(), Refuse()]
    traded = RULES.apply(asked, Accept())
    assert traded.hands == (("B1", "B5"), ("R3", "R6"))
    assert traded.stage == "turn" and traded.actor == 0
    assert not any(isinstance(a, Offer) for a in RULES.legal_actions(traded))  # one per turn
    assert any(
        isinstance(a, Yourself | Push | CopsRoad | TipOff) for a in RULES.legal_actions(traded)
    )


def test_ruling_28_accepting_needs_the_asked_card_and_refusing_changes_nothing(build):
    state = _trade_state(build)
    asked = RULES.apply(state, Offer(1, "R3", "B4"))
    assert RULES.legal_actions(asked) == [Refuse()]
    refused = RULES.apply(asked, Refuse())
    assert refused.hands == state.hands and refused.actor == 0 and refused.offered


def test_ruling_28_the_next_turn_may_offer_again(build):
    state = _trade_state(build)
    refused = RULES.apply(RULES.apply(state, Offer(1, "R3", "B5")), Refuse())
    moved = RULES.apply(refused, CopsRoad(build.hood("old-town")))  # Green is caught: Jail
    moved = RULES.apply(moved, RULES.legal_actions(moved)[0])  # the pawn part
    assert moved.actor == 1 and moved.stage == "turn" and not moved.offered
    assert any(isinstance(a, Offer) for a in RULES.legal_actions(moved))


def test_ruling_28_offer_cards_are_seen_by_the_two_players_only(build):
    state = _trade_state(build, players=3)
    offer = Offer(1, "R3", "B5")
    asked = RULES.apply(state, offer)
    for seat in (0, 1):
        assert RULES.view(asked, seat)["trade_offer"] == {
            "from": 0,
            "to": 1,
            "give": "R3",
            "ask": "B5",
        }
    for seat in (2, None):
        assert RULES.view(asked, seat)["trade_offer"] == {"from": 0, "to": 1}
    assert english(RULES.view(asked, 1)["notes"]) == ["Green offers you R3 for your B5."]
    assert RULES.format(state, offer) == "offer orange R3 for B5"
    assert RULES.parse(state, "offer orange r3 for b5") == offer
    assert RULES.presentation.public_notation(state, offer) == "offer orange"
    assert str(RULES.presentation.describe(state, offer, "Green")) == "Green offers Orange a trade."
    assert (
        str(RULES.presentation.describe(asked, Accept(), "Orange")) == "Orange accepts the trade."
    )
    for said in (
        json.dumps(RULES.presentation.highlight(state, offer)),
        json.dumps(RULES.presentation.highlight(asked, Accept())),
        RULES.presentation.public_notation(asked, Accept()),
        str(RULES.presentation.describe(asked, Refuse(), "Orange")),
    ):
        assert "R3" not in said and "B5" not in said


def test_ruling_28_no_offers_to_players_without_cards_or_from_an_empty_hand(build):
    state = _trade_state(build, players=3, hands={0: ["R3"], 1: [], 2: ["R1"]})
    seats = {a.seat for a in RULES.legal_actions(state) if isinstance(a, Offer)}
    assert seats == {2}
    empty = _trade_state(build, hands={0: [], 1: ["B5"]})
    assert not any(isinstance(a, Offer) for a in RULES.legal_actions(empty))
