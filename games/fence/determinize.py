"""A whole FENCE! state that one seat cannot tell from the real one: for searching without
peeking.

A computer player must not look at other players' cards. It is given only
``view(state, seat)``; to search it needs whole states, so it *samples* them: every card the
seat cannot see (other hands, other players' unrevealed starting cards, the order and makeup
of the Stash piles) is dealt at random from the cards not accounted for by what it can see,
with the public counts kept (hand sizes, pile sizes, one red and one blue starting card each,
and the colours every hand is known to hold — ruling 29 makes each colour drawn by choice
public, ``ledger`` keeps the count), and the random generator gets a fresh seed — the real
dice are as unknown as the cards. Within those constraints every dealing is equally likely:
the colour-bound places are filled first from a shuffled pool, the free places with the
rest.

The defining property, tested: ``view(sample_state(v, seat, rng), seat) == v``. The seat's
own view of the sample is exactly the view it was given, so nothing in the sample can carry
information the seat did not have.

Bookkeeping the view does not show is rebuilt from what it does show: the turn counter from
the First Player and the seat to act, the Hot Goods still to come from the round's count,
and the draft's run of passes as none (a sample may therefore end the map drafting a turn
later than the real game would; the seat cannot know either way).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from games.fence.cards import colour_of, decks, is_numbered
from games.fence.goods import COUNTS
from games.fence.state import NOT_PLACED, FenceState, load_state
from games.fence.world import city_map


def _take(pool: list[str], count: int, fits: Any = lambda card: True) -> list[str]:
    """Up to ``count`` cards that fit, taken from the (already shuffled) ``pool``; none for
    a count of zero or less (a hand may already hold more of a colour than everyone knows)."""
    taken: list[str] = []
    if count <= 0:
        return taken
    for card in list(pool):
        if len(taken) == count:
            break
        if fits(card):
            pool.remove(card)
            taken.append(card)
    return taken


def unseen_cards(view: dict[str, Any], seat: int) -> Counter[str]:
    """Every card of the match that ``seat`` cannot see anywhere: the deck less its own hand
    and starting cards, the discard pile (shown starting cards go there), boats in play."""
    red, blue = decks(int(view["players"]), dict(view["options"]))
    unseen = Counter(red + blue)
    seen = Counter(
        [
            *view.get("hand", []),
            *view.get("starting_cards", []),
            *view["discard"],
            *(card for boats in view["boats"] for card in boats),
        ]
    )
    # Shown starting cards are discarded as they are shown: count each card once.
    seen += Counter(view["revealed"]) - Counter(view["discard"])
    unseen.subtract(seen)
    return +unseen  # drop anything counted below zero (a card the deck list lacks)


def sample_state(view: dict[str, Any], seat: int, rng: random.Random) -> FenceState:
    """One whole state ``seat`` cannot tell from the real one, dealt with ``rng``."""
    return Sampler(view, seat).sample(rng)


class Sampler:
    """Deals many worlds for one view: the public part is read (and checked) once, each
    sample only deals the hidden cards and a seed, and shares the one road map — a search
    deals thousands of worlds per move, and building either again would cost more than the
    dealing."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.unseen = sorted(unseen_cards(view, seat).elements())
        self.skeleton = _skeleton(view, seat)
        self.map = city_map(self.skeleton)

    def sample(self, rng: random.Random) -> FenceState:
        hidden = _deal(self.view, self.seat, list(self.unseen), rng)
        world = dataclasses.replace(self.skeleton, **hidden)
        world._cache["map"] = self.map
        return world


def _deal(view: dict[str, Any], seat: int, pool: list[str], rng: random.Random) -> dict[str, Any]:
    """The hidden fields of one world: other hands and starting cards, the Stash piles, the
    cards of a trade offer between two others, and a fresh seed."""
    players = int(view["players"])
    rng.shuffle(pool)
    offer: list[Any] = []
    known_in_hand: dict[int, list[str]] = {s: [] for s in range(players)}
    trade = view.get("trade_offer")
    if trade:
        giver, taker = int(trade["from"]), int(trade["to"])
        if "give" in trade:  # this seat is one of the two: it knows the cards
            give, ask = trade["give"], trade["ask"]
            if giver != seat and give in pool:
                pool.remove(give)
                known_in_hand[giver].append(give)
        else:  # someone else's offer: some card of the giver's, some card asked
            give = ask = None
        offer = [giver, taker, give, ask]

    start: list[list[str]] = []
    for other in range(players):
        if other == seat:
            start.append(list(view.get("starting_cards", [])))
            continue
        held = int(view["starting_cards_held"][other])
        cards = _take(pool, 1, lambda c: colour_of(c) == "red" and is_numbered(c))
        cards += _take(pool, 1, lambda c: colour_of(c) == "blue" and is_numbered(c))
        start.append(cards[:held])
        pool.extend(cards[held:])
    stash = view["stash"]
    red_pile = _take(pool, int(stash["red"]), lambda c: colour_of(c) == "red")
    blue_pile = _take(pool, int(stash["blue"]), lambda c: colour_of(c) == "blue")
    # Every card whose colour is public is dealt before any card that may be of either
    # colour (the mixed pile, the rest of each hand), so the colours always go round.
    hands: list[list[str]] = []
    for other in range(players):
        if other == seat:
            hands.append(list(view.get("hand", [])))
            continue
        size = int(view["hand_sizes"][other])
        hand = known_in_hand[other][:size]
        for colour, count in _known_colours(view, other).items():
            need = count - sum(1 for c in hand if colour_of(c) == colour)
            hand += _take(pool, need, lambda c, colour=colour: colour_of(c) == colour)
        hands.append(hand)
    mixed_pile = _take(pool, int(stash["mixed"]))
    for other in range(players):
        if other != seat:
            hands[other] += _take(pool, int(view["hand_sizes"][other]) - len(hands[other]))
    if offer and offer[2] is None:  # an offer between two others: cards from their hands
        giver_hand, taker_hand = hands[offer[0]], hands[offer[1]]
        offer[2] = rng.choice(giver_hand) if giver_hand else "R1"
        offer[3] = rng.choice(taker_hand) if taker_hand else "B1"

    return {
        "seed": rng.randrange(2**31),
        "red": tuple(red_pile),
        "blue": tuple(blue_pile),
        "mixed": tuple(mixed_pile),
        "hands": tuple(tuple(h) for h in hands),
        "start": tuple(tuple(c) for c in start),
        "offer": tuple(offer),
    }


def _known_colours(view: dict[str, Any], other: int) -> dict[str, int]:
    """How many red and blue cards everyone knows ``other``'s hand holds (none for a view
    stored before the count was kept)."""
    known = view.get("known_colours")
    if not known:
        return {"red": 0, "blue": 0}
    return {"red": int(known[other]["red"]), "blue": int(known[other]["blue"])}


def _skeleton(view: dict[str, Any], seat: int) -> FenceState:
    """The public part of a world (every hidden card still to deal), loaded with the
    engine's checks."""
    players = int(view["players"])
    options = dict(view["options"])
    jailed = view["jailed"]
    pawns = [
        None if jailed[s] else (NOT_PLACED if view["pawns"][s] is None else view["pawns"][s])
        for s in range(players)
    ]
    to_move = view["to_move"]
    actor = int(to_move[0]) if to_move else seat
    draw = view.get("draw") or {}
    dropped = list(view["dropped"])
    goods = [
        [g["tile"], -1 if g["winner"] is None else g["winner"], g["note"]]
        for g in view["hot_goods"]
    ]
    goods_left = 0
    if view["stage"] == "draw" and draw.get("reason") == "goods":
        due = COUNTS[options["more_hot_goods"]](players - sum(dropped))
        goods_left = max(0, due - len(goods))
    data = {
        "players": players,
        "options": options,
        "seed": 0,
        "draws": 0,
        "stage": view["stage"],
        "actor": actor,
        "first": int(view["first"]),
        "round": int(view["round"]),
        "turn": (actor - int(view["first"])) % players,
        "round_limit": int(view["round_limit"]),
        "tile_hands": [[t["tile"] for t in hand] for hand in view["tiles_in_hand"]],
        "placed": sorted(
            [[[c["x"], c["y"]], c["tile"], c["rot"] // 90] for c in view["map"]],
            key=lambda p: (p[0][0], p[0][1]),
        ),
        "tiles_out": [t["tile"] for t in view["tiles_discarded"]],
        "swaps": list(view["swaps_used"]),
        "passes": 0,
        "map_done": bool(view["map_done"]),
        "tunnel": list(view["tunnel"]),
        "pending_tiles": list(view["pending_tiles"]),
        "ritzy": view["ritzy"],
        "red": [],
        "blue": [],
        "mixed": [],
        "discard": list(view["discard"]),
        "hands": [list(view.get("hand", [])) if s == seat else [] for s in range(players)],
        "known_colours": [list(_known_colours(view, s).values()) for s in range(players)],
        "start": [[] for _ in range(players)],
        "revealed": list(view["revealed"]),
        "pawns": pawns,
        "cops": view["cops"],
        "unreliable": list(view["unreliable"]),
        "boats": [list(b) for b in view["boats"]],
        "post": view["post"],
        "dropped": dropped,
        "others_done": view["others_done"],
        "draws_owed": int(draw.get("count", 0)),
        "draw_for": str(draw.get("reason", "")),
        "goods_left": goods_left,
        "goods": goods,
        "offer": [],
        "offered": bool(view.get("offered", False)),
        "winners": None if view["winners"] is None else list(view["winners"]),
        "termination": "",
        "reason": view["result"] or "",
        "events": [],
        "notes": [[seat, note] for note in view.get("notes", [])],
    }
    return load_state(data)
