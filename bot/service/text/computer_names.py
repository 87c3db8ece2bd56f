"""A computer player's name, said in the reader's language when it is shown.

Why at display time: a computer seat is one user row whose stored name ("Computer (easy)")
was written once, in English, when it first sat down; a German thread, board image, list or
web page read it out as it stood. Its id says all the name does (``ai:<level>:<number>``,
:func:`bot.service.computer.opponents.computer`), so every place that shows names asks here and says
"Computer (leicht)" to a German reader; the stored name is only a fallback for an id of
another shape.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.base import User
from bot.service.replies import COMPUTER_PREFIX
from bot.service.text.command_map import choice_word
from bot.words import Words


def computer_name(user_id: str, say: Words) -> str | None:
    """``ai:easy:1`` → "Computer (leicht)", ``ai:strong:2`` → "Computer 2 (stark)" in
    ``say``'s language; None for anyone else (and for an id without a level)."""
    if not user_id.startswith(COMPUTER_PREFIX):
        return None
    level, _, number = user_id.removeprefix(COMPUTER_PREFIX).partition(":")
    if not level:
        return None
    if number in ("", "1"):
        return say("computer.name", level=choice_word(level))
    return say("computer.name_numbered", level=choice_word(level), number=number)


def shown_name(user_id: str, known: Mapping[str, str], say: Words) -> str:
    """A player's name as ``say``'s reader sees it: a computer's in their language, anyone
    else's as stored (else the id)."""
    return computer_name(user_id, say) or known.get(user_id, user_id)


def user_name(user: User, say: Words) -> str:
    """``user``'s name as ``say``'s reader sees it (a computer seat's in their words)."""
    return computer_name(user.id, say) or user.name
