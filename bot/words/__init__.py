"""Every sentence players see, by key, in one catalogue per language.

Why a catalogue: a community that plays in German should get German replies without anyone
touching the use cases, and a sentence fixed once is fixed everywhere it appears. Languages are
data (``<language>.toml`` beside this file); English is complete and is the fallback for any key
another language has not translated yet, so a partial translation is always safe to ship.

The rules engines' sentences (refusals such as ``rules.ordo.not_legal``) are part of the same
catalogue, but their English lives once, beside the engines (``games/<game>/sentences.py``,
see :mod:`games.sentences`): :func:`catalogue` adds those tables to ``en.toml`` as the
English of the ``rules.<game>.*`` keys, and the other languages translate them in their own
files like any other key. An engine refusal (:class:`games.core.IllegalMove`) carries its key
and parameters, and :meth:`Words.sentence` says it in the reader's language.

Keys are dotted paths into the TOML tables (``[move] illegal = "…"`` is ``move.illegal``);
parameters are ``str.format`` fields (``{player}``). Tests check that every language uses
exactly the fields English uses for each key and that every key the code asks for exists.

Conventions:

- Key names: ``<where it is said>.<what it says>``: the section is the use case or the place
  (``challenge``, ``move``, ``lobby``, ``panel``, ``console``, ``button``), the name says the
  situation (``challenge.sent``), never the English wording.
- Plurals: a sentence that depends on a count is a table keyed by CLDR plural category
  (``[lobby.players] one = "{n} player"`` / ``other = "{n} players"``); asking for the table's
  key with an ``n`` parameter picks the entry of the category CLDR gives ``n`` in that
  language (:func:`plural_category`): English and German need ``one`` and ``other``, Polish
  ``one``, ``few``, ``many`` and ``other`` (1 gra, 2 gry, 5 gier, 22 gry, 1,5 gry). Every table
  has ``other``, the entry for a category a language's table lacks. A language with no table
  for a key says the sentence in English, by English's rule. Code never spells a plural.
- Fallback: a key missing in a language is taken from English, a language we do not ship is
  English, so a partial translation is always safe.
- Whose language: an answer to one person (a reply, a refusal, a panel) uses that person's
  Discord locale (``User.locale``, from ``interaction.locale``). A DM (your turn, reminders and
  the digest for players who chose DMs, secret cards) uses the language the player's client had
  when they last chose how to be notified (``/me notify`` stores it; see
  ``Notifier.locale``): the clock has no interaction to read a locale from, and that is the
  moment a player asks for DMs. Everything posted where several people read it (the match
  thread, its board image, challenge, lobby and tournament posts, thread reminders) is in the
  server's language: Discord gives a bot no language for a thread, so it is the one a manager
  chose (``/server settings language:``), else Discord's preferred locale of a community
  server, else English (:mod:`bot.service.text.languages`). ``words()`` without a locale is English:
  logs, and the places that phrase nothing for a reader.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule

import games
from bot.words.pseudo import PSEUDO, pseudo
from games.sentences import Sentence

DEFAULT_LANGUAGE = "en"


def language_of(locale: object) -> str:
    """``de``, ``en-US``, ``pt-BR``, a ``discord.Locale`` → the catalogue's language code."""
    return _language_of_text(str(getattr(locale, "value", locale) or DEFAULT_LANGUAGE))


@cache
def _language_of_text(text: str) -> str:
    """Cached: a move asks it about twenty times, always of the same few locale strings."""
    return text.replace("_", "-").split("-")[0].lower() or DEFAULT_LANGUAGE


def fields(template: str) -> frozenset[str]:
    """The parameter names a template uses (``{player}`` → ``player``)."""
    return frozenset(
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    )


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, path + "."))
        elif isinstance(value, str):
            flat[path] = value
        else:
            raise ValueError(f"catalogue entry {path} is not text")
    return flat


@dataclass(frozen=True)
class Phrase:
    """A catalogue sentence used as a parameter of another, said in the same language as the
    sentence around it (a refusal is built before anyone knows who will read it)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories, the only names a plural table's entries may have."""


@cache
def _plural_rule(language: str) -> PluralRule:
    try:
        return Locale.parse(language).plural_form
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LANGUAGE).plural_form


def plural_categories(language: str) -> frozenset[str]:
    """The entries a plural table needs in ``language``: CLDR's categories for it (``other``
    always, for fractions and as the table's fallback)."""
    return frozenset(_plural_rule(language).tags) | {"other"}


def plural_category(n: object, language: str = DEFAULT_LANGUAGE) -> str:
    """The plural category CLDR gives the count ``n`` in ``language`` (``pl``: 1 → ``one``,
    2 → ``few``, 5 → ``many``, 22 → ``few``, 1.5 → ``other``); ``other`` for anything that
    is not a number."""
    if isinstance(n, bool):
        return "other"
    if not isinstance(n, int | float | Decimal):
        try:
            n = Decimal(str(n))
        except InvalidOperation:
            return "other"
    return str(_plural_rule(language)(n))


def plural_base(key: str) -> str:
    """``lobby.players`` for ``lobby.players.few``; any other key is its own base."""
    base, _, last = key.rpartition(".")
    return base if base and last in PLURAL_CATEGORIES else key


@dataclass(frozen=True)
class Words:
    """One language's sentences, with English behind every gap."""

    language: str
    entries: Mapping[str, str]
    fallback: Mapping[str, str]

    def __call__(self, key: str, /, **params: Any) -> str:
        params = {name: self._said(value) for name, value in params.items()}
        template = self._template(key)
        if template is None and "n" in params:
            template = self._plural(key, params["n"])
        if template is None:
            raise KeyError(f"no sentence {key!r} in the catalogue")
        return template.format(**params)

    def _said(self, value: Any) -> Any:
        """A parameter as it goes into a sentence: phrases and engine sentences in this
        language, anything else as it is."""
        if isinstance(value, Phrase):
            return self(value.key, **value.params)
        if isinstance(value, Sentence):
            return self.sentence(value)
        return value

    def sentence(self, said: Sentence) -> str:
        """A rules engine's sentence (a refusal's ``exc.sentence``) in this language; the
        engine's own English if the catalogue does not know the key (an engine newer than the
        catalogue: still a sentence, never an error)."""
        if not self.has(said.key):
            return said.english()
        return self(said.key, **said.params)

    def _plural(self, key: str, n: object) -> str | None:
        """The entry of plural table ``key`` for ``n``: this language's table by its own rule,
        else English's by English's (a Polish category picked out of an English table would
        be no sentence at all)."""
        for language, entries in (
            (self.language, self.entries),
            (DEFAULT_LANGUAGE, self.fallback),
        ):
            found = entries.get(f"{key}.{plural_category(n, language)}") or entries.get(
                f"{key}.other"
            )
            if found is not None:
                return found
        return None

    def _template(self, key: str) -> str | None:
        return self.entries.get(key) or self.fallback.get(key)

    def section(self, prefix: str) -> dict[str, str]:
        """Every entry under ``prefix`` (keys without it) for a reader who picks plural
        entries themself (the web board's scripts): this language's, English behind each
        gap, and each plural table whole from one language, so that no category of one
        language's rule lands on another language's table."""
        mine = {key: text for key, text in self.entries.items() if key.startswith(prefix)}
        tables = {plural_base(key) for key in mine}
        for key, text in self.fallback.items():
            if key.startswith(prefix) and key not in mine and plural_base(key) not in tables:
                mine[key] = text
        return {key.removeprefix(prefix): text for key, text in mine.items()}

    def has(self, key: str) -> bool:
        return self._template(key) is not None or self._template(f"{key}.other") is not None


@dataclass(frozen=True)
class Catalogue:
    """All languages; read once from the package data and never changed."""

    languages: Mapping[str, Mapping[str, str]]
    pseudo: Mapping[str, str] = field(default_factory=dict)
    """The pseudo-locale (:mod:`bot.words.pseudo`): a test language, never a shipped one."""
    _words: dict[str, Words] = field(init=False, repr=False, compare=False)

    @property
    def english(self) -> Mapping[str, str]:
        return self.languages[DEFAULT_LANGUAGE]

    def __post_init__(self) -> None:
        # One Words per language, made once: a move looks its sentences up about forty times
        # (names, colours, buttons, the caption), and a Words holds nothing but references.
        known = {
            code: Words(code, entries, self.english) for code, entries in self.languages.items()
        }
        if self.pseudo:
            known[PSEUDO] = Words(PSEUDO, self.pseudo, self.english)
        object.__setattr__(self, "_words", known)

    def words(self, locale: object = DEFAULT_LANGUAGE) -> Words:
        return self._words.get(language_of(locale)) or self._words[DEFAULT_LANGUAGE]

    def text(self, key: str, locale: object = DEFAULT_LANGUAGE, /, **params: Any) -> str:
        return self.words(locale)(key, **params)


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue (cached: the files are package data and never change)."""
    return read_catalogue(shipped_files())


def shipped_files() -> dict[str, str]:
    """The text of every ``<language>.toml`` beside this module, by language code."""
    return {
        entry.name.removesuffix(".toml"): entry.read_text("utf-8")
        for entry in resources.files(__package__).iterdir()
        if entry.name.endswith(".toml")
    }


def read_catalogue(files: Mapping[str, str]) -> Catalogue:
    """A catalogue from TOML texts by language code, the engines' sentences added to English
    (the checker reads a translator's working copy through this too)."""
    languages = {language: _flatten(tomllib.loads(text)) for language, text in files.items()}
    english = languages[DEFAULT_LANGUAGE]
    engines = games.sentences()
    twice = sorted(set(english) & set(engines))
    if twice:
        raise ValueError(f"{DEFAULT_LANGUAGE}.toml repeats engine sentences: {twice[:5]}")
    languages[DEFAULT_LANGUAGE] = {**english, **engines}
    return Catalogue(languages, pseudo(languages[DEFAULT_LANGUAGE]))


def discord_text(language: str, location: str, english: str) -> str | None:
    """What Discord shows in ``language`` where the adapter declares ``english`` (a command's
    name, an option's description…; ``location`` is discord.py's name for the place, such as
    ``command_name``): the ``discord.<location>.<English>`` entry of that language, or None
    where Discord shows the English (English itself, an untranslated string)."""
    if language == DEFAULT_LANGUAGE:
        return None
    return catalogue().languages.get(language, {}).get(f"discord.{location}.{english}")


def words(locale: object = DEFAULT_LANGUAGE) -> Words:
    """The sentences for a player's locale (Discord's ``interaction.locale``), English behind."""
    return catalogue().words(locale)
