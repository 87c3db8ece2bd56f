"""The errors of the rules engines: one hierarchy, turned into a friendly sentence in exactly
one place (the service). ``games.core`` offers them too, where every engine imports them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.sentences import Sentence


class IllegalMove(ValueError):
    """The only exception whose message players ever see.

    It carries a :class:`~games.sentences.Sentence`: a catalogue key and its parameters, so
    the service can say it in the player's language (``key``, ``params``), and its English
    wording, which is ``str(exc)`` for logs and tests. The sentence says what is wrong and,
    where it helps, what would be legal instead.
    """

    def __init__(self, sentence: Sentence) -> None:
        super().__init__(sentence.english())
        self.sentence = sentence

    @property
    def key(self) -> str:
        return self.sentence.key

    @property
    def params(self) -> Mapping[str, Any]:
        return self.sentence.params

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.sentence,)


class InvalidNotation(IllegalMove):
    """The text could not be read as a move at all (a syntax problem)."""


class RuleViolation(IllegalMove):
    """The move is well formed but the rules forbid it here."""


class AmbiguousMove(IllegalMove):
    """The text fits more than one legal move."""


class NotYourTurn(IllegalMove):
    """Somebody other than the seat to act tried to act."""


class GameOver(IllegalMove):
    """The match has already ended."""


class InvalidOption(IllegalMove):
    """A match option is unknown or has a value outside its allowed set."""


class InvalidState(ValueError):
    """Stored state that :meth:`Rules.load` cannot trust: wrong types, missing or short parts,
    absurd sizes. Not a player's mistake (so no :class:`IllegalMove`): the bot rebuilds the
    snapshot from the action log when it meets one."""
