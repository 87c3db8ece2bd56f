"""The hooks every game offers (its presentation's ``label``, ``choice_path`` and
``public_notation``; its rules' ``drop_player``): their contracts hold over random positions
of all five games.

The panel of buttons relies on choice paths being distinct and prefix-free (a click either
completes an action or opens the next level, never both); Discord relies on the length
limits.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import games
from games.core import Rules
from games.presentation import Presentation
from games.text import LABEL_LIMIT, SEGMENT_LIMIT, shorten

GAMES = ("ordo", "fendo", "fonver", "fuer", "fence")

# Options that give each game short games or varied positions; FENCE! also runs every
# option that adds steps of its own (boats, trades).
SETUPS: dict[str, list[dict[str, Any] | None]] = {
    "ordo": [None],
    "fendo": [None],
    "fonver": [None],
    "fuer": [None],
    "fence": [
        {},
        {"quick_map": True, "boats": True, "trading_post": True, "trading_cards": True},
        {"quick_map": True, "turn_taking_pawns": True, "joker_swap": True},
    ],
}


def _positions(name: str, games_per_setup: int = 2, plies: int = 160, every: int = 4):
    """Random positions reached by random legal play, for each set-up of ``name``."""
    rules = games.get(name)
    players = 3 if name == "fence" else rules.info.min_players
    for options in SETUPS[name]:
        for seed in range(games_per_setup):
            rng = random.Random(seed)
            state = rules.new(players, options, seed)
            for ply in range(plies):
                if rules.outcome(state) is not None or not rules.to_move(state):
                    break
                actions = rules.legal_actions(state)
                if ply % every == 0:
                    yield rules, state, actions
                state = rules.apply(state, rng.choice(actions))


def _check_paths(rules: Rules[Any, Any], state: Any, actions: list[Any]) -> None:
    paths = [rules.presentation.choice_path(state, a) for a in actions]
    assert len(set(paths)) == len(paths), "two legal actions share a choice path"
    whole = set(paths)
    for path in paths:
        assert path, "a choice path needs at least one segment"
        assert all(0 < len(seg) <= SEGMENT_LIMIT for seg in path), path
        for cut in range(1, len(path)):
            assert path[:cut] not in whole, f"{path[:cut]} is a prefix of {path}"


@pytest.mark.parametrize("name", GAMES)
def test_labels_and_choice_paths_fit_discord_and_never_collide(name):
    checked = 0
    for rules, state, actions in _positions(name):
        for action in actions[:300]:
            text = rules.presentation.label(state, action)
            assert 0 < len(text) <= LABEL_LIMIT and "\n" not in text
        _check_paths(rules, state, actions)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", GAMES)
def test_public_notation_is_the_notation_where_nothing_is_secret(name):
    secret_kinds = {"Offer", "PostTrade"}  # FENCE! trades: the only steps with hidden values
    for rules, state, actions in _positions(name, games_per_setup=1):
        for action in actions[:50]:
            public = rules.presentation.public_notation(state, action)
            if type(action).__name__ in secret_kinds:
                assert public != rules.format(state, action)
            else:
                assert public == rules.format(state, action)


@pytest.mark.parametrize("name", ["ordo", "fendo", "fonver", "fuer"])
def test_two_player_games_end_when_a_player_leaves(name):
    rules = games.get(name)
    assert rules.drop_player(rules.new(2, None, 0), 0) is None


def test_fence_goes_on_without_a_player_who_leaves():
    rules = games.get("fence")
    state = rules.new(3, {"quick_map": True}, 0)
    after = rules.drop_player(state, 1)
    assert after is not None and after.dropped == (False, True, False)
    assert rules.outcome(after) is None


class _Minimal(Rules[int, int]):
    """The least a game must write: the defaults of its presentation's hooks come from this."""

    info = games.get("ordo").info

    def new(self, players=2, options=None, seed=0):
        return 0

    def to_move(self, state):
        return [0]

    def legal_actions(self, state):
        return [1, 2, 12]

    def apply(self, state, action):
        return state + action

    def outcome(self, state):
        return None

    def parse(self, state, text):
        return int(text.split()[-1])

    def format(self, state, action):
        return f"add {action}" + (" and a very long explanation" * 5 if action == 12 else "")

    def view(self, state, seat):
        return {"total": state}

    def dump(self, state):
        return {"total": state}

    def load(self, data):
        return int(data["total"])

    def position(self, state):
        return str(state)

    def from_position(self, text):
        return int(text)

    @functools.cached_property
    def presentation(self):
        return Presentation(self)  # every hook at its default


def test_default_hooks_are_one_level_labels_of_the_notation():
    rules = _Minimal()
    assert rules.presentation.label(0, 1) == "add 1" == rules.presentation.public_notation(0, 1)
    assert rules.presentation.choice_path(0, 2) == ("add 2",)
    long = rules.presentation.label(0, 12)
    assert len(long) <= LABEL_LIMIT and long.endswith("…") and long.startswith("add 12 and")
    assert rules.drop_player(0, 1) is None
    _check_paths(rules, 0, rules.legal_actions(0))


def test_shorten_cuts_at_a_word_and_marks_the_cut():
    assert shorten("short  text", 20) == "short text"
    cut = shorten("Move yourself with R3 B5 to a neighbourhood with a very long name", 30)
    assert len(cut) <= 30 and cut.endswith("…") and cut == "Move yourself with R3 B5 to a…"
    assert shorten("x" * 50, 10) == "x" * 9 + "…"  # no word boundary near: a hard cut
