"""Issue 33 ("every word in the player's language"): a refusal about an option names it, and
its values, as a player of the reader's language types them.

Before, the engines' refusals listed English option names and values inside German and
Polish sentences ("…sind early_end, handicap, size"), and the bot's own refusals about a
seat colour, a computer level, a tournament format and a notification mode listed English
values. Now both name them through the catalogue's tables of what Discord shows (the names
the console takes as well), for every option of every game.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

import games
from bot.service import Service
from bot.service.base import Refusal
from bot.service.computer.opponents import computer
from bot.service.text.command_map import command_names
from bot.words import catalogue, words
from games.core import InvalidOption, Option
from tests.bot.conftest import ALICE, BOB

TRANSLATED = ("de", "pl")

OPTIONS: list[tuple[str, Option]] = [
    (game, option) for game in games.available() for option in games.get(game).info.options
]


def refusal(game: str, given: dict[str, object], language: str) -> str:
    with pytest.raises(InvalidOption) as raised:
        games.get(game).options(given)
    return words(language).sentence(raised.value.sentence)


def typed_names(language: str, option: Option) -> list[str]:
    """What a player of ``language`` types for the option's values (numbers as they are)."""
    names = command_names(language)
    if option.kind == "bool":
        return [names.choice(True), names.choice(False)]
    return [names.choice(value) for value in option.choices]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=lambda o: getattr(o, "name", o))
def test_a_bad_value_names_the_option_and_its_values_as_typed(
    language: str, game: str, option: Option
) -> None:
    text = refusal(game, {option.name: "bogus"}, language)
    names = command_names(language)
    shown = names.option(option.name)
    assert shown != option.name or option.name == "tunnel", "the catalogue names it"
    assert f" {shown} " in text, text
    if option.name != shown:
        assert option.name not in text, text
    for value in typed_names(language, option):
        assert value in text, (value, text)
        # and what the refusal offers is what the console takes back
        assert names.english_choice(value).lower() in {
            str(v).lower() for v in (*option.choices, True, False)
        }
    if option.kind == "bool":
        assert "true" not in text and "false" not in text, text


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", [g for g in games.available() if games.get(g).info.options])
def test_an_unknown_option_lists_the_games_options_as_typed(language: str, game: str) -> None:
    text = refusal(game, {"nonsense_xyz": 1}, language)
    names = command_names(language)
    for option in games.get(game).info.options:
        assert names.option(option.name) in text
    english_only = {o.name for o in games.get(game).info.options if names.option(o.name) != o.name}
    assert not {word for word in re.findall(r"[\w-]+", text) if word in english_only}, text


def test_the_german_sentences_read_well() -> None:
    assert refusal("fendo", {"sise": 9}, "de") == (
        "Unbekannte Option 'sise': Die Optionen dieses Spiels sind frühes_ende, vorgabe und "
        "größe. Meintest du größe?"
    )
    assert refusal("fuer", {"overline": "eight"}, "de") == (
        "Die Option überlänge kann nicht 'eight' sein: erlaubt sind sechs oder mehr oder "
        "sieben oder mehr."
    )
    assert refusal("fonver", {"pie": "maybe"}, "pl") == (
        "Opcja zasada_tortu nie może mieć wartości 'maybe': dozwolone są tak albo nie."
    )
    assert refusal("fendo", {"handicap": "x"}, "en") == (
        "Option handicap cannot be 'x': allowed values are none, white6, white5, orange6 or "
        "orange5."
    )


@pytest.mark.parametrize("language", TRANSLATED)
async def test_the_bots_own_value_refusals_say_the_values_as_typed(
    service: Service, language: str
) -> None:
    alice = dataclasses.replace(ALICE, locale=language)
    names = command_names(language)
    say = catalogue().languages[language]
    colour = await service.challenge(alice, "ordo", BOB, color="green")
    for value in ("first", "second", "random", "white", "black"):
        assert names.choice(value) in colour.text, colour.text
    assert "first" not in colour.text and "random" not in colour.text
    with pytest.raises(Refusal) as raised:
        computer("wild")
    level = raised.value.say(language)
    for value in ("easy", "strong"):
        assert names.choice(value) in level and value not in level, level
    notify = await service.notify(alice, mode="pigeons")
    assert names.option("mode") in notify.text, notify.text
    for value in ("digest", "off"):
        assert names.choice(value) in notify.text and value not in notify.text, notify.text
    tournament = await service.tournament_create(alice, "ordo", format="knockout", guild_id=1)
    assert say["discord.choice_name.swiss"] in tournament.text, tournament.text
    assert "swiss" not in tournament.text
