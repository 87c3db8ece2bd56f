"""The words catalogue: complete in English, consistent in every language, used as written."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest
from discord import Locale, app_commands

import games
from bot.discord.translator import CatalogueTranslator
from bot.service.text.image_labels import SECTION, image_labels
from bot.words import Catalogue, catalogue, fields, language_of, plural_base, words
from render.labels import ENGLISH as IMAGE_LABELS
from render.labels import LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
FILE_NAME = re.compile(r"\.(png|txt|json|toml|csv|md)$")


def string_literals(folder: Path) -> set[str]:
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_language_codes() -> None:
    assert language_of(Locale.german) == "de"
    assert language_of("en-US") == "en"
    assert language_of("pt_BR") == "pt"
    assert language_of(None) == "en"


def test_english_is_the_fallback_for_missing_keys_and_languages() -> None:
    shipped = catalogue()
    partial = Catalogue(
        {"en": {"a.b": "Hello {name}", "a.c": "Bye"}, "de": {"a.b": "Hallo {name}"}}
    )
    assert partial.text("a.b", "de", name="Ana") == "Hallo Ana"
    assert partial.text("a.c", "de") == "Bye"
    assert partial.words("fr").language == "en"
    assert shipped.text("errors.internal", "xx") == shipped.english["errors.internal"]
    with pytest.raises(KeyError):
        words("de")("no.such.key")


@pytest.mark.parametrize("language", sorted(set(catalogue().languages) - {"en"}))
def test_translations_use_the_same_fields_and_known_keys(language: str) -> None:
    english = catalogue().english
    for key, text in catalogue().languages[language].items():
        if key.startswith("discord."):
            continue  # keyed by the English text itself
        # few/many entries of a plural table have no English of their own: its other has
        reference = english.get(key) or english.get(f"{plural_base(key)}.other")
        assert reference is not None, f"{language}: {key} is not an English key"
        assert fields(text) == fields(reference), f"{language}: fields of {key}"


def test_every_english_template_formats() -> None:
    for key, text in catalogue().english.items():
        text.format(**{name: "x" for name in fields(text)})  # a stray brace would raise here
        assert text.strip() == text and text, key


SCRIPT_ASKS = re.compile(r"""\bt\(\s*'([a-z_.]+)'|W\['([a-z_.]+)'\]|\bsay\(W, '([a-z_.]+)'""")
"""How the web board's scripts ask for a sentence: ``t('key', …)`` for ``web.key`` (the page
gets the ``web.*`` sentences without their prefix), ``W['panel.onto_cops']`` or
``say(W, 'time.days', …)`` for others."""


def script_keys(folder: Path) -> set[str]:
    found = set()
    for path in folder.rglob("*.js"):
        for short, whole, said in SCRIPT_ASKS.findall(path.read_text()):
            found.add(f"web.{short}" if short else whole or said)
    return found


def test_the_web_board_scripts_ask_for_sentences_that_exist() -> None:
    asked = script_keys(ROOT / "bot" / "web" / "static")
    assert "web.your_turn" in asked and "panel.onto_cops" in asked
    assert {key for key in asked if not words().has(key)} == set()


def test_code_asks_only_for_keys_that_exist_and_every_key_is_used() -> None:
    english = catalogue().english
    sections = {key.split(".")[0] for key in english}
    literals = (
        string_literals(ROOT / "bot")
        | confirm_keys()
        | script_keys(ROOT / "bot" / "web" / "static")
    )
    asked = {s for s in literals if re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)+", s)}
    asked = {s for s in asked if s.split(".")[0] in sections and not FILE_NAME.search(s)}
    asked -= {s for s in asked if s.startswith("discord.")}  # discord.py's own modules
    assert {s for s in asked if not words().has(s)} == set()
    engines = games.sentences()  # used by the engines: see test_engine_sentences
    unused = {
        key
        for key in english
        if key not in literals
        and plural_base(key) not in literals
        and not key.startswith("discord.")
        and key not in engines
        and key.removeprefix(SECTION) not in IMAGE_LABELS  # passed to the renderers
    }
    assert unused == set()


def test_image_labels_are_the_renderers_keys_with_the_same_english() -> None:
    """The renderers draw ``render.labels.ENGLISH`` when no labels are passed; the catalogue's
    ``image.*`` entries are what the service passes: the same keys, the same English."""
    english = catalogue().english
    drawn = {
        key.removeprefix(SECTION): text for key, text in english.items() if key.startswith(SECTION)
    }
    assert drawn == IMAGE_LABELS
    german = image_labels("de")
    assert pickle.loads(pickle.dumps(german)) == german  # images are drawn in worker processes
    assert german["fence.cops"] != IMAGE_LABELS["fence.cops"]
    assert german[LANGUAGE] == "de" and set(german) - {LANGUAGE} == set(IMAGE_LABELS)


def confirm_keys() -> set[str]:
    """The keys the service composes from a game's reasons to confirm a step
    (``Presentation.confirm_reasons``): ``move.<reason>`` and ``panel.<reason>``."""
    return {
        f"{where}.{reason}"
        for name in games.available()
        for reason in games.get(name).presentation.confirm_reasons
        for where in ("move", "panel")
    }


def test_plural_entries_are_chosen_by_n() -> None:
    table = Catalogue(
        {
            "en": {"x.n.one": "{n} cat", "x.n.other": "{n} cats"},
            "de": {"x.n.one": "{n} Katze", "x.n.other": "{n} Katzen"},
        }
    )
    assert table.text("x.n", "en", n=1) == "1 cat"
    assert table.text("x.n", "en", n=0) == "0 cats"
    assert table.text("x.n", "de", n=3) == "3 Katzen"
    assert words()("rules.players", n=2) == "2 players"
    assert words()("ago.days", n=1) == "1 day ago"
    with pytest.raises(KeyError):
        table.text("x.n", "en")  # without n there is no sentence to pick


def test_every_plural_table_has_an_other_form() -> None:
    for language, entries in catalogue().languages.items():
        for key in entries:
            base, _, form = key.rpartition(".")
            if form == "one":
                assert f"{base}.other" in entries, f"{language}: {base} has no other form"


async def test_translator_gives_german_command_names_within_discord_limits() -> None:
    translator = CatalogueTranslator()
    tree = app_commands.CommandTree(discord_client_stub())
    command = app_commands.Command(
        name="move",
        description="Play your move (autocomplete lists legal moves)",
        callback=_callback,
    )
    tree.add_command(command)
    payload = await command.get_translated_payload(tree, translator)
    assert payload["name_localizations"]["de"] == "zug"
    assert payload["description_localizations"]["de"].startswith("Spiele deinen Zug")
    assert "en-US" not in payload.get("name_localizations", {})
    for key, text in catalogue().languages["de"].items():
        if key.startswith(
            ("discord.command_name.", "discord.group_name.", "discord.parameter_name.")
        ):
            assert DISCORD_NAME.match(text) and text == text.lower(), key
        elif key.startswith("discord."):
            assert 1 <= len(text) <= 100, key


async def _callback(interaction: object) -> None:  # pragma: no cover - never invoked
    return None


def discord_client_stub() -> object:
    import discord

    return discord.Client(intents=discord.Intents.none())


def test_every_call_with_a_literal_key_passes_the_fields_its_sentence_needs() -> None:
    """A missing field would turn a refusal into "something went wrong" at run time."""
    english = catalogue().english
    wrong = []
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            key = first.value
            template = english.get(key) or english.get(f"{key}.other")
            if template is None or any(k.arg is None for k in node.keywords):
                continue
            given = {k.arg for k in node.keywords} - {"n"} | ({"n"} & fields(template))
            if given != fields(template):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} {key}")
    assert wrong == []
