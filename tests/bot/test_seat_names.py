"""One way of naming a seat's player, "bob (Orange)", on every button, panel, thread line
and history line (issue 42): the engines speak of seats by colour and the service names
them."""

from __future__ import annotations

import games
from bot.service.text.describer import seats_of, told_label, told_path
from bot.words import words
from games.fence.actions import Push
from games.fence.sentences import COLOURS, SAY

NAMES = ["alice", "bob", "carol"]


def fence_state() -> object:
    return games.get("fence").new(3, {"quick_map": True}, 1)


def test_a_seat_colour_is_said_as_its_player_in_every_language() -> None:
    rules = games.get("fence")
    state = fence_state()
    for language, expected in (
        ("en", "bob (Orange) draws a red card."),
        ("de", "bob (Orange) zieht eine rote Karte."),
        ("pl", "bob ("),
    ):
        say = words(language)
        seats = seats_of(rules, state, NAMES, language)
        told = say.sentence(seats.told(SAY("draws_red", colour=COLOURS[1])))
        assert told.startswith(expected), (language, told)
        # nested: a list of winners names each player too
        hoarded = say.sentence(seats.told(SAY("hoarded", players=[COLOURS[0], COLOURS[2]], n=2)))
        assert "alice (" in hoarded or "carol (" in hoarded, hoarded


def test_the_mover_is_named_as_the_others_are() -> None:
    rules = games.get("fence")
    seats = seats_of(rules, fence_state(), NAMES)
    said = seats.told(
        SAY("pushes", player="carol", colour=COLOURS[1], hood="Gasworks"), "carol (Purple)"
    )
    assert words().sentence(said) == "carol (Purple) moves bob (Orange) to Gasworks."


def test_a_push_button_names_the_player_and_the_colour() -> None:
    rules = games.get("fence")
    state = fence_state()
    push = Push(seat=1, hood=0)
    seats = seats_of(rules, state, NAMES)
    # the labels are made without playing: what matters is how they name the pawn's player
    label = words().sentence(seats.told(rules.presentation.said_label(state, push)))
    assert label.startswith("Push bob (Orange) to "), label
    assert told_label(words(), rules, state, push, seats) == label
    path = told_path(words(), rules, state, push, seats)
    assert "Push bob (Orange)" in path, path
    # without names (the engine's own tests, a console without players) the colour stays
    assert told_label(words(), rules, state, push).startswith("Push Orange to ")
