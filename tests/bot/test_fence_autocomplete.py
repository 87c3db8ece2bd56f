"""Issue 8: /move autocomplete offers FENCE! steps in readable words, typed as notation."""

from __future__ import annotations

import random

from bot.service import Service
from bot.service.base import Loaded
from games.fence import Yourself

from .test_fence_service import current, mover_of, play_until, start_game


def can_move_yourself(loaded: Loaded) -> bool:
    actions = loaded.rules.legal_actions(loaded.state) if loaded.rules.to_move(loaded.state) else []
    return any(isinstance(a, Yourself) for a in actions)


async def test_autocomplete_shows_readable_words_and_types_the_notation(
    service: Service,
) -> None:
    match_id, _ = await start_game(service)
    loaded = await play_until(service, match_id, random.Random(3), can_move_yourself)
    mover = mover_of(loaded)
    pairs = await service.labelled_suggestions(mover, "yourself", match_id=match_id)
    assert pairs, "a player in the main phase can always Move Yourself"
    rules, state = loaded.rules, loaded.state
    labels = {
        rules.format(state, a): rules.presentation.label(state, a)
        for a in rules.legal_actions(state)
    }
    for name, value in pairs:
        if value in labels:  # a whole move: shown in words
            assert name == labels[value] and name.startswith("Move yourself with")
        else:  # a folded prefix: shown as itself, to be typed on
            assert name == value + " …"
            assert any(n.startswith(value) for n in labels)


async def test_words_of_the_label_find_the_move_too(service: Service) -> None:
    match_id, _ = await start_game(service)
    loaded = await play_until(service, match_id, random.Random(3), can_move_yourself)
    pairs = await service.labelled_suggestions(
        mover_of(loaded), "move yourself with", match_id=match_id
    )
    assert pairs and all(value.startswith("yourself ") for _, value in pairs)
    # what the player picks is the notation, and it plays
    value = next(v for n, v in pairs if not n.endswith(" …"))
    reply = await service.move(mover_of(loaded), value, match_id=match_id)
    assert reply.ok, reply.text
    assert (await current(service, match_id)).record.version > loaded.record.version


async def test_games_without_words_keep_notation_as_label(service: Service) -> None:
    from .conftest import ALICE, start_ordo

    match_id = await start_ordo(service)
    pairs = await service.labelled_suggestions(ALICE, "a3", match_id=match_id)
    assert pairs and all(name == value or name == value + " …" for name, value in pairs)
