"""German end to end through the service: a German client gets German answers, English is
behind every gap, and shared posts stay English (issue 17.4)."""

from __future__ import annotations

import dataclasses
import re

import games
from bot.service import Service
from bot.words import Catalogue, catalogue, fields, words
from tests.bot.conftest import ALICE, BOB, start_ordo

GERMAN_BOB = dataclasses.replace(BOB, locale="de")
GERMAN_ALICE = dataclasses.replace(ALICE, locale="de")


async def any_legal_move(service: Service, match: int) -> str:
    record = await service.store.get_match(match)
    assert record is not None
    rules = games.get(record.game)
    return rules.legal_notations(rules.load(record.state))[0]


async def test_a_german_player_gets_german_replies(service: Service) -> None:
    match = await start_ordo(service)
    played = await service.move(GERMAN_ALICE, "a3-a4", match_id=match)
    assert played.text == "Gespielt: a3-a4."
    # the post in the match thread is read by both players: the server's language (English)
    assert played.post is not None and "to move" in played.post.text


async def test_refusals_raised_deep_in_a_helper_speak_the_callers_language(
    service: Service,
) -> None:
    match = await start_ordo(service)
    refused = await service.move(GERMAN_BOB, "a7-a6", match_id=match)
    assert not refused.ok
    assert refused.text == "alice (Weiß) ist am Zug, nicht du."
    english = await service.move(BOB, "a7-a6", match_id=match)
    assert english.text == "It's alice (White)'s turn, not yours."
    missing = await service.board(GERMAN_BOB, match_id=99)
    assert missing.text == "Es gibt keine Partie #99."


async def test_listings_and_plurals_in_german(service: Service) -> None:
    empty = await service.games(GERMAN_BOB)
    assert empty.text == "Du hast keine offenen Partien. Starte eine mit /spielen."
    await start_ordo(service)
    listed = await service.games(GERMAN_BOB)
    assert "gegen alice" in listed.text and "(seit gerade eben)" in listed.text


async def test_resign_confirmation_and_common_errors_are_german() -> None:
    say = words("de")
    assert say("resign.confirm", match=4).startswith("Partie #4 wirklich aufgeben?")
    assert say("errors.busy").startswith("Der Bot ist gerade beschäftigt")
    assert say("ago.days", n=1) == "vor 1 Tag" and say("ago.days", n=3) == "vor 3 Tagen"


def test_german_covers_every_english_key_with_the_same_fields() -> None:
    """Every sentence a player may read has a German wording (issue "The house, finished",
    item 5): the key sets are equal, engine refusals (``rules.<game>.*``) included, and each
    German entry uses exactly the English entry's ``{fields}``."""
    german, english = catalogue().languages["de"], catalogue().english
    translated = set(german)  # the Discord strings too: en.toml lists them (discord.*)
    assert sorted(set(english) - translated) == []
    assert sorted(translated - set(english)) == []
    wrong = [key for key in english if fields(german[key]) != fields(english[key])]
    assert wrong == []


def test_german_entries_are_german_not_copies() -> None:
    """A copied English sentence would pass the key check and still greet a German player
    in English: only words that read the same in both languages may stay equal."""
    german, english = catalogue().languages["de"], catalogue().english
    same = sorted(k for k in english if german[k] == english[k] and not _language_neutral(k))
    assert same == []


def _language_neutral(key: str) -> bool:
    """Entries that are the same in German: nothing but fields and punctuation, or a name."""
    text = catalogue().english[key]
    words_in = re.sub(r"\{[^}]*\}", "", text)
    return not re.search(r"[A-Za-z]{3,}", words_in) or key in SAME_IN_GERMAN


SAME_IN_GERMAN = frozenset(
    {
        "rules.fendo.orange",  # the colour is "Orange" in German too
        "rules.fence.orange",
        "image.colour.orange",
        "image.fence.hand.cards",  # "Hand"
        "image.fence.hand.joker",  # "Joker"
        "discord.choice_name.Orange",
        "computer.name",  # "Computer" is German too; the level in brackets is translated
        "computer.name_numbered",
        "discord.group_name.lobby",  # German has these words as they are
        "discord.group_name.server",
        "discord.command_name.hand",
        "discord.parameter_name.format",
        "discord.parameter_name.name",
        "discord.parameter_name.tunnel",
        "discord.choice_name.normal",
    }
)


def test_a_missing_german_key_falls_back_to_english() -> None:
    assert words("de-AT")("move.played", moves="x") == "Gespielt: x."
    partial = Catalogue({"en": {"a.b": "Hello", "a.c": "Bye"}, "de": {"a.b": "Hallo"}})
    assert partial.text("a.c", "de") == "Bye"


def test_every_command_and_group_has_a_german_name() -> None:
    from bot.service.text.command_map import GROUPS, TOP_LEVEL

    german = catalogue().languages["de"]
    for name in TOP_LEVEL:
        location = "group_name" if name in ("play", "tournament") else "command_name"
        assert f"discord.{location}.{name}" in german, name
    for group, members in GROUPS.items():
        assert f"discord.group_name.{group}" in german, group
        for member in members:
            assert f"discord.command_name.{member}" in german, member


def test_german_command_names_are_unique_per_level() -> None:
    from bot.service.text.command_map import GROUPS, TOP_LEVEL

    say = catalogue().languages["de"]
    top = [
        say.get(f"discord.group_name.{n}") or say[f"discord.command_name.{n}"]
        for n in (*TOP_LEVEL, *GROUPS)
    ]
    assert len(set(top)) == len(top)
    for members in GROUPS.values():
        names = [say[f"discord.command_name.{m}"] for m in members]
        assert len(set(names)) == len(names)


async def test_a_refusal_built_from_phrases_is_said_whole_in_german(service: Service) -> None:
    refused = await service.challenge(GERMAN_ALICE, "ordo", BOB, time_control="0m per move")
    assert refused.text == "Die Zeit pro Zug muss mindestens 1 Minute betragen."
    english = await service.challenge(ALICE, "ordo", BOB, time_control="0m per move")
    assert english.text == "The time per move must be at least 1 minute."


async def test_dms_speak_the_language_chosen_with_notify(service: Service) -> None:
    """The your-turn DM goes out on the opponent's move, with no interaction of its reader:
    it speaks the language the reader's client had at their latest interaction (issue 43)."""
    match = await start_ordo(service)
    await service.notify(GERMAN_BOB, mode="dm")
    played = await service.move(ALICE, "a3-a4", match_id=match)
    (dm,) = played.dms
    assert dm.user_id == "bob" and dm.text.startswith("Du bist in Ordo gegen alice am Zug")
    await service.notify(BOB, mode="dm")  # an English client now: English DMs
    assert (await service.move(BOB, await any_legal_move(service, match), match_id=match)).ok
    alices = await any_legal_move(service, match)
    (english,) = (await service.move(ALICE, alices, match_id=match)).dms
    assert english.text.startswith("Your turn in Ordo against alice")
