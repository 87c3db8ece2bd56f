"""What a rules engine says to a player, as a key with parameters and its English wording.

Why keys: a refusal ("c3 is occupied…") is raised deep inside a pure engine that knows
nobody's language, yet it must reach a German player in German. So an engine never raises a
bare sentence: it raises a :class:`Sentence` — a catalogue key (``rules.fonver.occupied``),
plain parameters (notations, counts, coordinates) and, for words that need translating too (a
colour, a direction, a nested reason), further :class:`Sentence` values as parameters. The
service phrases it in the reader's language; ``str()`` of the exception stays the English
sentence for logs and tests.

Where the English lives: once, here in ``games/``, as one small table per game (data: key →
template, in ``games/<game>/sentences.py``, shared phrases in :data:`SHARED`). The bot's
catalogue (``bot/words``) takes these tables as its English for the ``rules.*`` keys instead
of repeating them in ``en.toml``, so an engine's English can never drift from the catalogue's;
other languages translate the same keys in their own files (``de.toml``, ``[rules.ordo]``…),
and ``tests/words`` checks that they use the same ``{fields}``. Engines stay free of the bot:
nothing here imports it.

Plural sentences are tables with ``one`` and ``other`` entries chosen by the ``n`` parameter,
exactly as in the bot's catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Template = str | Mapping[str, str]
"""An English template, or a plural table (``{"one": …, "other": …}``)."""

PREFIX = "rules"
"""The catalogue section every engine key lives under (``rules.<game>.<name>``)."""


def plural_form(n: object) -> str:
    """The plural entry a count selects: ``one`` for exactly 1, else ``other`` (English and
    German; the bot's catalogue uses the same rule)."""
    return "one" if n == 1 else "other"


@dataclass(frozen=True)
class Sentence:
    """A sentence (or a single word) an engine says: its catalogue key, its English template
    and the parameters to fill in. Parameters are plain values or further sentences."""

    key: str
    template: Template = field(repr=False)
    params: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        """The sentence in English, nested sentences included."""
        values = {
            name: value.english() if isinstance(value, Sentence) else value
            for name, value in self.params.items()
        }
        template = self.template
        if not isinstance(template, str):
            template = template.get(plural_form(values.get("n"))) or template.get("other", "")
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            return self.key  # stored data that lost a parameter: still text, never a crash

    def __str__(self) -> str:
        return self.english()

    def __hash__(self) -> int:
        # States hold sentences (FENCE!'s events) and states are hashed; the parameters are a
        # mapping, so they are hashed as sorted pairs.
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))

    def data(self) -> dict[str, Any]:
        """The sentence as JSON-safe data (key and parameters, nested sentences alike), for a
        state, a log row or a web page to carry: :func:`from_data` reads it back."""
        return {"key": self.key, "params": {k: to_data(v) for k, v in self.params.items()}}


def to_data(value: Any) -> Any:
    """A parameter as JSON-safe data: sentences as ``{"key", "params"}``, lists item by item."""
    if isinstance(value, Sentence):
        return value.data()
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    return value


def is_data(value: Any) -> bool:
    """Whether ``value`` is a sentence as :meth:`Sentence.data` wrote it."""
    return (
        isinstance(value, Mapping)
        and set(value) == {"key", "params"}
        and isinstance(value["key"], str)
        and isinstance(value["params"], Mapping)
    )


def from_data(value: Any, english: Mapping[str, str]) -> Any:
    """:func:`to_data` read back with the English templates ``english`` (flat catalogue keys,
    plural tables as ``<key>.one``/``<key>.other``): a key no table knows keeps its key as its
    English, so old data never fails to read."""
    if isinstance(value, list):
        return [from_data(v, english) for v in value]
    if not is_data(value):
        return value
    key = str(value["key"])
    template: Template = (
        english.get(key)
        or {
            form: english[f"{key}.{form}"]
            for form in ("one", "other")
            if f"{key}.{form}" in english
        }
        or key
    )
    params = {k: from_data(v, english) for k, v in dict(value["params"]).items()}
    return Sentence(key, template, params)


@dataclass(frozen=True)
class Sentences:
    """One engine's English sentences by name (``not_legal`` under section ``rules.ordo``).

    Calling it names a sentence and fills its parameters: ``SAY("occupied", point="k10")``.
    An unknown name is a programming error and raises ``KeyError`` at once, so a typo cannot
    wait until a player meets the refusal.
    """

    section: str
    english: Mapping[str, Template]

    def __call__(self, name: str, /, **params: Any) -> Sentence:
        return Sentence(f"{self.section}.{name}", self.english[name], params)

    def catalogue(self) -> dict[str, str]:
        """Full catalogue keys → English templates; plural tables as ``<key>.one`` and
        ``<key>.other`` entries, the catalogue's layout."""
        flat: dict[str, str] = {}
        for name, template in self.english.items():
            key = f"{self.section}.{name}"
            if isinstance(template, str):
                flat[key] = template
            else:
                flat.update({f"{key}.{form}": text for form, text in template.items()})
        return flat


OPTION_NAMES = "discord.parameter_name"
"""The catalogue section naming each match option as players type it (``size`` is ``größe``
in German): the bot's table of what Discord shows, which its console reads too. An engine
names an option by key in that section, its English being the name itself, so a German
refusal lists the options a German player can type; the bot fills the table for every option
of every game (``tests/words`` checks it)."""

CHOICE_NAMES = "discord.choice_name"
"""The same for an option's named values (``six_or_more`` is ``sechs oder mehr``); a value
the table does not name (``white6``, ``n-1``) is said as it is."""

YES_NO = {True: "choice.true", False: "choice.false"}
"""How a yes-or-no option's two values are said and typed (``ja``/``nein``)."""


def option_name(name: str) -> Sentence:
    """An option's name as a reader of any language types it."""
    return Sentence(f"{OPTION_NAMES}.{name}", name)


def option_value(value: object) -> Sentence | str:
    """An option's value as a reader types it: yes and no in their words, a named choice by
    its name, a number or an unnamed value as it is (an unknown key says its English)."""
    if isinstance(value, bool):
        return Sentence(YES_NO[value], str(value).lower())
    if isinstance(value, str):
        return Sentence(f"{CHOICE_NAMES}.{value}", value)
    return str(value)


def alternatives(items: Sequence[str | Sentence]) -> str | Sentence:
    """``a``, ``a or b``, ``a, b or c`` of words that may need translating themselves (an
    option's values): :func:`listing` for sentences."""
    if len(items) <= 1:
        return items[0] if items else ""
    first: str | Sentence = items[0]
    for item in items[1:-1]:
        first = SHARED("comma", first=first, last=item)
    return SHARED("either", first=first, last=items[-1])


def listing(items: list[str], *, limit: int | None = None) -> str | Sentence:
    """``a``, ``a or b``, ``a, b or c``: alternatives offered in a refusal, with the ``or``
    said in the reader's language."""
    shown = items[:limit] if limit is not None else items
    if len(shown) <= 1:
        return "".join(shown)
    return SHARED("either", first=", ".join(shown[:-1]), last=shown[-1])


def joined(items: Sequence[str | Sentence]) -> str | Sentence:
    """``a``, ``a and b``, ``a, b and c``: a list in a sentence, its ``and`` said in the
    reader's language (items may be sentences themselves: colours)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    first: str | Sentence = items[0]
    for item in items[1:-1]:
        first = SHARED("comma", first=first, last=item)
    return SHARED("both", first=first, last=items[-1])


SHARED = Sentences(
    f"{PREFIX}.core",
    {
        "either": "{first} or {last}",
        "both": "{first} and {last}",
        "comma": "{first}, {last}",
        "played": "{player} played {move}",
        "option_value": "Option {name} cannot be {value}: allowed values are {allowed}.",
        "allowed_range": "a whole number from {low} to {high}",
        "unknown_option": "Unknown option {name}: this game's options are {known}.",
        "unknown_option_close": "Unknown option {name}: this game's options are {known}. "
        "Did you mean {close}?",
        "unknown_option_none": "Unknown option {name}: this game has no options.",
    },
)
"""Phrases every engine shares: option errors and lists of alternatives."""
