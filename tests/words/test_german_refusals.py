"""A German player's illegal move gets a German sentence in every game, through the service
exactly as a Discord or console command arrives (issue "The house, finished", item 5).

Before, the engines raised English sentences and the service passed ``str(exc)`` on, so a
German player read "a7-a6 is not legal: …". Now the engine names a key and parameters and
:func:`bot.service.base.guarded` phrases it in the caller's language, nested reasons and
colour words included; an English player still reads the engine's English.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import games
from bot.service import Service
from tests.bot.conftest import ALICE, BOB

GERMAN_ALICE = dataclasses.replace(ALICE, locale="de")
GERMAN_BOB = dataclasses.replace(BOB, locale="de")

REFUSALS: list[tuple[str, dict[str, Any] | None, str, str, str]] = [
    (
        "ordo",
        None,
        "a7-a6",
        "a7-a6 ist nicht erlaubt: auf a7 steht ein Stein von Schwarz, keiner von deinen; "
        "ziehen können zum Beispiel c1, d1, g1, h1, b2, ….",
        "a7-a6 is not legal: a7 holds a Black piece, not one of yours; pieces that can move "
        "include c1, d1, g1, h1, b2, ….",
    ),
    (
        "fendo",
        {"size": 7},
        "a1n",
        "Auf a1 steht keine Figur von Weiß; Figuren, die du wählen kannst: d1.",
        "There is no White piece on a1; pieces you can select: d1.",
    ),
    (
        "fonver",
        {"size": 9},
        "swap",
        "Jetzt ist nichts nach der Kuchenregel zu entscheiden; Schwarz setzt einen Stein, "
        "zum Beispiel e5, e4 oder d5.",
        "There is no pie decision to make now; Black places a stone, for example e5, e4 or d5.",
    ),
    (
        "fuer",
        None,
        "c3 +d2 +d3",
        "Das Plättchen auf c3 berührt 2 gelegte Plättchen, also braucht es genau 1 neuen Stein "
        "aus deinem Vorrat, nicht 2; erlaubte Züge mit c3 sind zum Beispiel c3 +d2, c3 +e2 "
        "oder c3 +f2.",
        "The tile on c3 touches 2 placed tiles, so it needs exactly 1 new piece from your "
        "supply, not 2; legal turns with c3 include c3 +d2, c3 +e2 or c3 +f2.",
    ),
]


async def _two_player(service: Service, game: str, options: dict[str, Any] | None) -> int:
    """alice (first seat) against bob, accepted."""
    challenge = await service.challenge(ALICE, game, BOB, color="first", options=options)
    assert challenge.ok and challenge.match_id is not None, challenge.text
    assert (await service.accept(BOB, match_id=challenge.match_id)).ok
    return challenge.match_id


@pytest.mark.parametrize(
    ("game", "options", "move", "german", "english"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
async def test_a_german_players_illegal_move_is_refused_in_german(
    service: Service,
    game: str,
    options: dict[str, Any] | None,
    move: str,
    german: str,
    english: str,
) -> None:
    match = await _two_player(service, game, options)
    refused = await service.move(GERMAN_ALICE, move, match_id=match)
    assert not refused.ok and refused.text == german
    in_english = await service.move(ALICE, move, match_id=match)
    assert not in_english.ok and in_english.text == english  # the engine's own sentence


async def test_fence_refusals_are_german_too(service: Service) -> None:
    opened = await service.play(ALICE, "fence", seats=2, options={"quick_map": True})
    assert opened.match_id is not None
    assert (await service.join(BOB, match_id=opened.match_id)).ok
    assert (await service.start(ALICE, match_id=opened.match_id)).ok
    record = await service.store.get_match(opened.match_id)
    assert record is not None
    rules = games.get("fence")
    seat = rules.to_move(rules.load(record.state))[0]
    mover = GERMAN_BOB if record.seats[seat] == "bob" else GERMAN_ALICE
    typo = await service.move(mover, "gibberish", match_id=opened.match_id)
    assert typo.text == (
        "Ich kann 'gibberish' nicht lesen: Züge beginnen mit place, swap, pawn, cops, tunnel, "
        "yourself, move, tip, hunch, draw, boat, offer, accept, refuse oder post."
    )
    card = await service.move(mover, "yourself R9", match_id=opened.match_id)
    assert card.text.startswith("R9 ist keine Karte: Rote und blaue Karten gehen von 1 bis 6")


async def test_an_option_refusal_is_german(service: Service) -> None:
    unknown = await service.challenge(GERMAN_ALICE, "fendo", BOB, options={"sise": 9})
    assert unknown.text == (
        "Unbekannte Option 'sise': Die Optionen dieses Spiels sind frühes_ende, vorgabe und größe. "
        "Meintest du größe?"
    )
    none = await service.challenge(GERMAN_ALICE, "ordo", BOB, options={"size": 9})
    assert none.text == "Unbekannte Option 'size': Dieses Spiel hat keine Optionen."
    bad = await service.challenge(GERMAN_ALICE, "fendo", BOB, options={"size": 8})
    assert bad.text == "Die Option größe kann nicht 8 sein: erlaubt sind 7, 9 oder 11."


async def test_a_conditional_move_refused_by_the_engine_gives_the_reason_in_german(
    service: Service,
) -> None:
    """The engine's reason travels inside another refusal (``premove.illegal_mine``) and is
    said in the same language as the sentence around it."""
    match = await _two_player(service, "ordo", None)
    assert (await service.move(ALICE, "a3-a4", match_id=match)).ok
    refused = await service.premove(GERMAN_ALICE, "if a6-a5 then a4-a7", match_id=match)
    assert refused.text.startswith("Du könntest auf a6-a5 nicht mit a4-a7 antworten: a4-a7 ist")
    assert "not legal" not in refused.text
