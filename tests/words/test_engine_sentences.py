"""Engine refusals carry a key and parameters; their English lives once, beside the engines
(issue "The house, finished", item 5).

The engines raise :class:`games.core.IllegalMove` with a :class:`games.sentences.Sentence`;
the bot's catalogue takes the engines' English tables as its English for ``rules.*`` and
translates the same keys, so these tests check the seams: no engine raises a bare sentence,
every engine sentence is used, the catalogue's English is the engine's, and a refusal said
in German is German all the way down (nested reasons and colours included).
"""

from __future__ import annotations

import ast
import pickle
import tomllib
from pathlib import Path

import pytest

import games
from bot.words import Catalogue, catalogue, fields, words
from games.core import IllegalMove, RuleViolation
from games.sentences import PREFIX, SHARED, Sentence, Sentences

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
REFUSALS = frozenset(
    {
        "IllegalMove",
        "InvalidNotation",
        "RuleViolation",
        "AmbiguousMove",
        "NotYourTurn",
        "GameOver",
        "InvalidOption",
    }
)


def _calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(), filename=str(path))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def test_no_engine_raises_a_bare_sentence() -> None:
    """A refusal built from a literal sentence could never be translated."""
    bare = []
    for path in sorted(GAMES.rglob("*.py")):
        for call in _calls(path):
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            if name in REFUSALS and call.args:
                first = call.args[0]
                if isinstance(first, ast.JoinedStr | ast.Constant | ast.BinOp):
                    bare.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert bare == []


def _asked(folder: Path, table: str) -> tuple[set[str], set[str]]:
    """The names a folder's modules ask their table for (``SAY("occupied", …)``), and the
    constant starts of names built at run time (``SAY(f"edge_{side}", …)``)."""
    names: set[str] = set()
    prefixes: set[str] = set()
    for path in folder.rglob("*.py"):
        for call in _calls(path):
            if getattr(call.func, "id", "") != table or not call.args:
                continue
            first = call.args[0]
            # SAY("a" if split else "b"): both names are asked for
            for arg in (first.body, first.orelse) if isinstance(first, ast.IfExp) else (first,):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.add(arg.value)
                elif isinstance(arg, ast.JoinedStr) and arg.values:
                    start = arg.values[0]
                    if isinstance(start, ast.Constant) and isinstance(start.value, str):
                        prefixes.add(start.value)
    return names, prefixes


def _tables() -> list[tuple[Path, str, Sentences]]:
    found = [(GAMES, "SHARED", SHARED)]
    for name in games.available():
        found.append((GAMES / name, "SAY", games.get(name).sentences))
    return found


def test_every_engine_sentence_is_used_by_its_engine() -> None:
    unused = []
    for folder, called, table in _tables():
        names, prefixes = _asked(folder, called)
        for name in table.english:
            if name not in names and not any(name.startswith(p) for p in prefixes if p):
                unused.append(f"{table.section}.{name}")
    assert unused == []


def test_each_game_says_its_sentences_under_its_own_section() -> None:
    for name in games.available():
        assert games.get(name).sentences.section == f"{PREFIX}.{name}"


def test_the_catalogues_english_for_engine_keys_is_the_engines() -> None:
    english = catalogue().english
    engines = games.sentences()
    assert engines and all(english[key] == text for key, text in engines.items())
    written = tomllib.loads((ROOT / "bot" / "words" / "en.toml").read_text())
    assert not set(engines) & set(_flat(written)), "en.toml repeats an engine sentence"


def _flat(table: dict[str, object], prefix: str = "") -> dict[str, object]:
    flat: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def test_a_refusal_keeps_its_english_and_carries_its_key() -> None:
    rules = games.get("ordo")
    with pytest.raises(RuleViolation) as refused:
        rules.parse(rules.new(), "a7-a6")
    exc = refused.value
    assert exc.key == "rules.ordo.not_legal_movable"
    assert str(exc) == exc.sentence.english()
    assert str(exc).startswith("a7-a6 is not legal: a7 holds a Black piece, not one of yours")
    problem = exc.params["problem"]
    assert isinstance(problem, Sentence) and problem.key == "rules.ordo.enemy_piece"
    assert problem.params["colour"].key == "rules.ordo.black"  # a word, by key too


def test_a_refusal_survives_pickling_with_its_key() -> None:
    exc = IllegalMove(SHARED("either", first="a1, b2", last="c3"))
    again = pickle.loads(pickle.dumps(exc))
    assert type(again) is IllegalMove and again.key == exc.key and str(again) == str(exc)


def test_nested_words_are_said_in_the_readers_language() -> None:
    rules = games.get("ordo")
    with pytest.raises(IllegalMove) as refused:
        rules.parse(rules.new(), "a7-a6")
    german = words("de").sentence(refused.value.sentence)
    assert german.startswith("a7-a6 ist nicht erlaubt: auf a7 steht ein Stein von Schwarz")
    assert "Black" not in german and "legal" not in german


def test_engine_plurals_follow_n_in_every_language() -> None:
    say = games.get("fuer").sentences
    one, three = say("supply_short", n=1, need=2), say("supply_short", n=3, need=4)
    assert one.english() == "You have only 1 piece left in supply, this tile needs 2"
    assert three.english() == "You have only 3 pieces left in supply, this tile needs 4"
    assert words("de").sentence(one).startswith("Du hast nur noch 1 Stein im Vorrat")
    assert words("de").sentence(three).startswith("Du hast nur noch 3 Steine im Vorrat")


def test_an_engine_key_unknown_to_the_catalogue_is_still_said_in_english() -> None:
    newer = Sentences("rules.future", {"odd": "Nothing {what} here."})
    empty = Catalogue({"en": {}, "de": {}})
    assert empty.words("de").sentence(newer("odd", what="new")) == "Nothing new here."


def test_german_engine_sentences_use_the_engines_fields() -> None:
    german = catalogue().languages["de"]
    for key, text in games.sentences().items():
        assert fields(german[key]) == fields(text), key
