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
- Plurals: a sentence that depends on a count is a table with ``one`` and ``other`` entries
  (``[lobby.players] one = "{n} player"`` / ``other = "{n} players"``); asking for the table's
  key with an ``n`` parameter picks ``one`` for exactly 1 and ``other`` for anything else (the
  rule of English and German; a language with more forms can add ``zero``/``few`` entries
  later, and only this module changes). Code never spells a plural itself.
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
  server, else English (:mod:`bot.service.languages`). ``words()`` without a locale is English:
  logs, and the places that phrase nothing for a reader.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import games
from bot.words.pseudo import PSEUDO, pseudo
from games.sentences import Sentence

DEFAULT_LANGUAGE = "en"


def language_of(locale: object) -> str:
    """``de``, ``en-US``, ``pt-BR``, a ``discord.Locale`` → the catalogue's language code."""
    text = str(getattr(locale, "value", locale) or DEFAULT_LANGUAGE)
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


def plural_form(n: object) -> str:
    """The plural entry a count selects: ``one`` for exactly 1, else ``other``."""
    return "one" if n == 1 else "other"


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
            template = self._template(f"{key}.{plural_form(params['n'])}") or self._template(
                f"{key}.other"
            )
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

    def _template(self, key: str) -> str | None:
        return self.entries.get(key) or self.fallback.get(key)

    def has(self, key: str) -> bool:
        return self._template(key) is not None or self._template(f"{key}.other") is not None


@dataclass(frozen=True)
class Catalogue:
    """All languages; read once from the package data and never changed."""

    languages: Mapping[str, Mapping[str, str]]

    @property
    def english(self) -> Mapping[str, str]:
        return self.languages[DEFAULT_LANGUAGE]

    def words(self, locale: object = DEFAULT_LANGUAGE) -> Words:
        language = language_of(locale)
        entries = self.languages.get(language, self.english)
        return Words(
            language if language in self.languages else DEFAULT_LANGUAGE, entries, self.english
        )

    def text(self, key: str, locale: object = DEFAULT_LANGUAGE, /, **params: Any) -> str:
        return self.words(locale)(key, **params)


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue (cached: the files are package data and never change)."""
    languages = {}
    for entry in resources.files(__package__).iterdir():
        if entry.name.endswith(".toml"):
            languages[entry.name.removesuffix(".toml")] = _flatten(
                tomllib.loads(entry.read_text("utf-8"))
            )
    english = languages[DEFAULT_LANGUAGE]
    engines = games.sentences()
    twice = sorted(set(english) & set(engines))
    if twice:
        raise ValueError(f"{DEFAULT_LANGUAGE}.toml repeats engine sentences: {twice[:5]}")
    languages[DEFAULT_LANGUAGE] = {**english, **engines}
    languages[PSEUDO] = pseudo(languages[DEFAULT_LANGUAGE])  # for tests: bot.words.pseudo
    return Catalogue(languages)


def words(locale: object = DEFAULT_LANGUAGE) -> Words:
    """The sentences for a player's locale (Discord's ``interaction.locale``), English behind."""
    return catalogue().words(locale)
