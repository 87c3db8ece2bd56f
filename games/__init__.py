"""Rules engines, one subpackage per game, behind one registry.

``games.get(name)`` is the stable entry point (see docs/architecture.md). Each game subpackage
exposes a module-level ``RULES`` object; subpackages are imported on first use so that a
benchmark of one game does not pay for the others.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from games.core import (
    AmbiguousMove,
    GameInfo,
    GameOver,
    IllegalMove,
    InvalidNotation,
    InvalidOption,
    NotYourTurn,
    Option,
    Outcome,
    Rules,
    RuleViolation,
)
from games.sentences import PREFIX, SHARED

# name -> module path; the order is the order games are listed to players.
_MODULES: dict[str, str] = {
    "ordo": "games.ordo",
    "fendo": "games.fendo",
    "fonver": "games.fonver",
    "fuer": "games.fuer",
    "fence": "games.fence",
}

__all__ = [
    "AmbiguousMove",
    "GameInfo",
    "GameOver",
    "IllegalMove",
    "InvalidNotation",
    "InvalidOption",
    "NotYourTurn",
    "Option",
    "Outcome",
    "RuleViolation",
    "Rules",
    "available",
    "get",
    "sentences",
]


def _load(module: str) -> Rules[Any, Any] | None:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:  # the game is not written yet
            return None
        raise
    # A subpackage without RULES is a game still being written: not offered yet.
    return getattr(mod, "RULES", None)


def available() -> list[str]:
    """Names of the games this installation can play, in listing order."""
    return [name for name, module in _MODULES.items() if _load(module) is not None]


def get(name: str) -> Rules[Any, Any]:
    """The rules object for a game name or alias; ``KeyError`` with a sentence otherwise."""
    key = name.strip().lower()
    for module_name, module in _MODULES.items():
        rules = _load(module)
        if rules is None:
            continue
        if key == module_name or key in rules.info.aliases:
            return rules
    raise KeyError(f"Unknown game {name!r}: the games are {', '.join(available())}.")


@functools.cache
def sentences() -> dict[str, str]:
    """Every English sentence the engines can say, by catalogue key (``rules.<game>.*`` and
    the shared ``rules.core.*``): the English the bot's catalogue translates."""
    table = SHARED.catalogue()
    for name in available():
        rules = get(name)
        table.update(rules.sentences.catalogue())
        table.update(info_sentences(rules.info))
    return table


def info_sentences(info: GameInfo) -> dict[str, str]:
    """A game's own texts for people — its rules summary, how to type moves, what each
    option does — as catalogue keys (``rules.<game>.summary``, ``….notation_help``,
    ``….option.<name>``), so ``/rules`` reads in each player's language. The English stays
    where the game is described (:class:`~games.core.GameInfo`), written once."""

    def template(text: str) -> str:
        return text.replace("{", "{{").replace("}", "}}")

    section = f"{PREFIX}.{info.name}"
    table = {f"{section}.summary": template(info.summary)}
    if info.notation_help:
        table[f"{section}.notation_help"] = template(info.notation_help)
    for option in info.options:
        table[f"{section}.option.{option.name}"] = template(option.description)
    return table
