"""Every view has exactly the shape its game declares (``games/<game>/view.py``).

A view is a plain dict at run time (the web page's JSON, ``view["to_move"]`` in the bot and
the computer players); its ``TypedDict`` is what the type checker, the renderers and a new
contributor read. These tests hold the two together over random legal play of all five
games, for every seat and the public: a key the game adds without declaring it, a declared
key a view misses, or a value of another type than declared fails here, nested parts
included. FENCE!'s hidden hands get their own check: a seat's view holds its own secrets
and nobody else's.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import types
import typing
from typing import Any, Literal, NotRequired, Required

from hypothesis import given, reject, settings
from hypothesis import strategies as st

import games
from games.core import InvalidOption, Option
from games.fence.view import FenceView
from games.fendo.view import FendoView
from games.fonver.view import FonverView
from games.fuer.view import FuerView
from games.ordo.view import OrdoView

DECLARED: dict[str, type] = {
    "ordo": OrdoView,
    "fendo": FendoView,
    "fonver": FonverView,
    "fuer": FuerView,
    "fence": FenceView,
}


def option_values(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Any set of a game's match options (some combinations a game refuses: see below)."""

    def values(option: Option) -> st.SearchStrategy[Any]:
        if option.choices:
            return st.sampled_from(option.choices)
        if option.kind == "bool":
            return st.booleans()
        return st.integers(option.minimum or 0, option.maximum or 100)

    schema = games.get(name).info.options
    return st.fixed_dictionaries({}, optional={o.name: values(o) for o in schema})


@functools.cache
def declared(typed_dict: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's keys with their types, and the required ones: worked out once per type
    (resolving the annotations is most of a check's time, and a view holds hundreds)."""
    hints = typing.get_type_hints(typed_dict, include_extras=True)
    # Read from the hints, not ``__required_keys__``: under postponed annotations Python
    # 3.11 cannot see a ``NotRequired`` and counts every key as required.
    required = frozenset(k for k, h in hints.items() if typing.get_origin(h) is not NotRequired)
    return hints, required


def shape_errors(value: Any, hint: Any, where: str = "view") -> list[str]:
    """Where ``value`` departs from the type ``hint`` (empty: it fits), TypedDicts checked
    key by key: every required key there, no key undeclared."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return []
    if origin in (NotRequired, Required):
        return shape_errors(value, args[0], where)
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__}"]
        hints, required = declared(hint)
        keys = set(value)
        errors = [f"{where}: undeclared key {k!r}" for k in sorted(keys - set(hints))]
        errors += [f"{where}: missing {k!r}" for k in sorted(required - keys)]
        for key in sorted(keys & set(hints)):
            errors += shape_errors(value[key], hints[key], f"{where}[{key!r}]")
        return errors
    if origin in (typing.Union, types.UnionType):
        tried = [shape_errors(value, arm, where) for arm in args]
        return [] if any(not found for found in tried) else min(tried, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [
            e for i, item in enumerate(value) for e in shape_errors(item, args[0], f"{where}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        return [
            e
            for key, item in value.items()
            for e in shape_errors(key, args[0], f"{where} key")
            + shape_errors(item, args[1], f"{where}[{key!r}]")
        ]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    if isinstance(hint, type) and not isinstance(value, hint):
        return [f"{where}: {type(value).__name__} {value!r}, not {hint.__name__}"]
    return []


def random_states(name: str, players: int, options: dict[str, Any], seed: int, plies: int):
    """The positions of one random legal game: the start, then after every step."""
    rules = games.get(name)
    rng = random.Random(seed)
    try:
        state = rules.new(players, options, seed)
    except InvalidOption:  # options that exclude each other: not a game anyone can start
        reject()
    yield state
    for _ in range(plies):
        if rules.outcome(state) is not None or not rules.to_move(state):
            return
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        yield state


def _others_changed(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with every other seat's hand, starting cards and notes changed."""

    def other(card: str) -> str:
        return card[0] + rng.choice("123456X") if card[1].isdigit() else card

    def changed(cards: tuple[str, ...], owner: int) -> tuple[str, ...]:
        return cards if owner == seat else tuple(other(c) for c in cards)

    return dataclasses.replace(
        state,
        hands=tuple(changed(hand, owner) for owner, hand in enumerate(state.hands)),
        start=tuple(changed(cards, owner) for owner, cards in enumerate(state.start)),
        notes=tuple(
            (who, note if who == seat else f"secret {rng.random()}") for who, note in state.notes
        ),
    )


def check_every_seat(name: str, state: Any, players: int) -> None:
    rules = games.get(name)
    for seat in [None, *range(players)]:
        view = rules.view(state, seat)
        errors = shape_errors(view, DECLARED[name])
        assert not errors, f"{name} seat {seat}: " + "; ".join(errors[:8])


def test_the_checker_fails_on_a_key_added_missed_or_mistyped() -> None:
    """The check above can fail: each kind of departure is caught."""
    rules = games.get("ordo")
    view = dict(rules.view(rules.new(), None))
    assert shape_errors(view, OrdoView) == []
    assert shape_errors({**view, "extra": 1}, OrdoView) == ["view: undeclared key 'extra'"]
    assert shape_errors({k: v for k, v in view.items() if k != "ply"}, OrdoView) == [
        "view: missing 'ply'"
    ]
    assert shape_errors({**view, "counts": [20, "20"]}, OrdoView) == [
        "view['counts'][1]: str '20', not int"
    ]
    assert shape_errors({**view, "to_move": True}, OrdoView) == [
        "view['to_move']: True is a bool, not an int"
    ]


@settings(max_examples=12, deadline=None)
@given(data=st.data(), name=st.sampled_from(["ordo", "fendo", "fonver", "fuer"]))
def test_two_player_views_have_their_declared_shape(data: st.DataObject, name: str) -> None:
    rules = games.get(name)
    options, seed = data.draw(option_values(name)), data.draw(st.integers(0, 10_000))
    for ply, state in enumerate(random_states(name, 2, options, seed, 400)):
        if ply % 5 == 0 or rules.outcome(state) is not None:
            check_every_seat(name, state, 2)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), options=option_values("fence"))
def test_fence_views_have_their_declared_shape_and_only_their_own_secrets(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    rules = games.get("fence")
    for ply, state in enumerate(random_states("fence", players, options, seed, 300)):
        if ply % 4 and rules.outcome(state) is None:
            continue
        check_every_seat("fence", state, players)
        public = rules.view(state, None)
        assert not {"hand", "starting_cards", "notes"} & set(public)
        assert set(public["trade_offer"] or {}) <= {"from", "to"}
        for seat in range(players):
            view = rules.view(state, seat)
            assert view["hand"] == list(state.hands[seat])
            assert view["starting_cards"] == list(state.start[seat])
            offer = view["trade_offer"]
            if offer is not None and seat not in (offer["from"], offer["to"]):
                assert set(offer) == {"from", "to"}, "a trade's cards reached a third seat"
            # Nothing of another seat's secrets reaches this view: change them all and the
            # view stays the same.
            assert rules.view(_others_changed(state, seat, random.Random(ply)), seat) == view
