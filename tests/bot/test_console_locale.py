"""Issue 33 item 6: the console in a locale understands the command names Discord shows in it
(German replies say "/partie annehmen"; the console used to answer "Unbekannter Befehl
/partie"), English names too, and its /help says the localized names."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from bot.console import Console
from bot.console.commandline import parse_line
from bot.service import Service
from bot.service.text.command_map import (
    COMMAND_WORDS,
    GROUPS,
    OPTION_KEYS,
    TOURNAMENT_COMMANDS,
    command_names,
)
from bot.words import catalogue, words
from storage import MemoryStore

from .conftest import FakeClock, scratch_boards
from .test_console import run_console

LANGUAGES = sorted(catalogue().languages)

MENTION = re.compile(r"(?:^|(?<=[\s(\"'„“`*]))/([^\W\d]\w*)(?: ([^\W\d]\w*))?")
"""A command a sentence tells players to type: ``/partie annehmen``, ``/zug``."""

OPTION = re.compile(r"(?<=[\s\[(])([^\W\d]\w*):(?=[<\w\"])")
"""An option the help shows being typed: ``gegner:<Name>``, ``[farbe:first|…]``."""

CONSOLE_ONLY_OPTIONS = ("path", "player", "lines", "tournament", "table", "rounds", "name")
"""Options the console reads that are not (all) Discord's, which no shown name may shadow."""


def test_a_german_session_types_the_names_a_german_client_shows(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /spielen ordo gegner:bob farbe:first\n"
        "bob: /partie annehmen\n"
        "alice: /zug zug:a3-a4\n"
        "bob: /partie verlauf partie:1\n"
        "bob: /match history 1\n"  # the English names work as well
        "alice: /anehmen\n",
        "demo.sqlite3",
        "--locale",
        "de",
    )
    assert not [line for line in lines if "Unbekannter Befehl /partie" in line]
    assert "[only alice] Herausforderung an bob geschickt (Partie #1)." in lines
    assert "[only bob] Herausforderung angenommen." in lines
    assert "alice (White) played a3-a4" in lines  # the thread speaks the server's language: English
    assert lines.count("[only bob] 1. alice (Weiß): a3-a4") == 2  # the seat colour in German
    assert any("meintest du /partie annehmen?" in line for line in lines), lines[-3:]


def console(clock: FakeClock, locale: str) -> tuple[Console, list[str]]:
    out: list[str] = []
    service = Service(MemoryStore(), clock=clock)
    return Console(service, scratch_boards(), out.append, locale=locale), out


@pytest.mark.parametrize("language", LANGUAGES)
async def test_help_says_the_names_of_its_language_and_each_is_understood(
    clock: FakeClock, language: str
) -> None:
    con, out = console(clock, language)
    await con.handle("alice: /help")
    names = command_names(language)
    for group, members in GROUPS.items():
        line = f"/{names.command(group)} {'|'.join(map(names.command, members))}"
        assert any(line in shown for shown in out), line
    if language == "de":
        assert any("/partie annehmen|ablehnen|remis" in shown for shown in out)
    said = "\n".join(out)
    assert_understood(language, said)
    options = {
        k.removeprefix(OPTION_KEYS) for k in catalogue().english if k.startswith(OPTION_KEYS)
    }
    for option in OPTION.findall(said):
        assert names.english_option(option) in options | set(CONSOLE_ONLY_OPTIONS), option


@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_command_a_sentence_names_is_one_the_console_takes(
    clock: FakeClock, language: str
) -> None:
    """A sentence that tells a player to type ``/partie annehmen`` must name a command the
    console of that language runs: typed, it is never "unknown command"."""
    mentions: dict[str, set[str]] = defaultdict(set)
    for key, text in catalogue().languages[language].items():
        if not key.startswith("discord."):
            for found in MENTION.finditer(text):
                mentions[found[0]].add(key)
    assert mentions, "no sentence names a command?"
    con, _ = console(clock, language)
    say = words(language)
    for mention, keys in sorted(mentions.items()):
        command = mention.split()[0].lstrip("/")
        reply = await con.dispatch(parse_line(f"alice: {mention}", language))
        unknown = say("console.unknown", command=command)
        assert reply.text != unknown, (mention, sorted(keys))
        assert not reply.text.startswith(unknown.split(".")[0] + " —"), (mention, sorted(keys))
    assert_understood(language, "\n".join(mentions))


def assert_understood(language: str, text: str) -> None:
    """Each ``/command sub`` in ``text`` is a command (and a group's subcommand) of the
    console in ``language``."""
    names = command_names(language)
    for found in MENTION.finditer(text):
        command = names.english_command(found[1])
        assert command in COMMAND_WORDS, found[0]
        if command in GROUPS and found[2]:
            assert names.english_command(found[2]) in GROUPS[command], found[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_shown_names_are_unambiguous(language: str) -> None:
    """Discord refuses two commands of one name in a list, and the console could not tell them
    apart: the names a language shows differ from each other and from every other command's
    English name (which the console also takes), at every level, and so do option names."""
    names = command_names(language)
    levels = {
        "top level and short forms": COMMAND_WORDS,
        **{f"/{group}": members for group, members in GROUPS.items()},
        "/tournament": TOURNAMENT_COMMANDS,
    }
    for level, members in levels.items():
        typed: dict[str, set[str]] = defaultdict(set)
        for english in members:
            typed[english].add(english)
            typed[names.command(english)].add(english)
        clashes = {word: meant for word, meant in typed.items() if len(meant) > 1}
        assert clashes == {}, f"{language} {level}"
    options = [
        k.removeprefix(OPTION_KEYS) for k in catalogue().english if k.startswith(OPTION_KEYS)
    ]
    typed = defaultdict(set)
    for english in {*options, *CONSOLE_ONLY_OPTIONS}:
        typed[english].add(english)
        typed[names.option(english)].add(english)
    assert {word: meant for word, meant in typed.items() if len(meant) > 1} == {}


@pytest.mark.parametrize("language", ["de", "pl"])
async def test_a_notify_mode_is_typed_as_the_client_shows_it(
    clock: FakeClock, language: str
) -> None:
    """``/me notify digest`` without ``mode:``, in the player's words (``/ich
    benachrichtigung Tageszusammenfassung``, ``/ja powiadomienia podsumowanie dnia``): the
    mode is understood, and a wrong one is refused with the modes as the player types them."""
    con, out = console(clock, language)
    names = command_names(language)
    say = words(language)
    notify = f"alice: /{names.full('notify')}"
    for mode in ("digest", "dm", "off", "thread"):
        out.clear()
        await con.handle(f"{notify} {names.choice(mode)}")
        assert out == [
            "[only alice] "
            + say("notify.summary", mode=say(f"notify.{mode}"), confirm=say("notify.at_once"))
        ], out
        prefs = await con.service.notifier.prefs("alice")
        assert prefs["notify"] == mode
    out.clear()
    await con.handle(f"{notify} pigeons")
    assert names.option("mode") in out[0] and names.choice("digest") in out[0], out
    assert "digest" not in out[0], out
