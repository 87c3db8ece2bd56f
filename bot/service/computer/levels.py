"""The levels the computer plays at, as players choose them: a named level, or ``auto``.

Each level's strength per game is measured on the players' own rating scale
(``python -m benchmarks.ladder``, published in ``ai/ladder.toml`` and read through
:mod:`ai.ladder`), so a level can be shown as a number a player can compare with their own
("normal ≈ 1650"), and ``level:auto`` can pick the level whose number is nearest the
player's rating in that game (a newcomer's is 1500). The pick is made once, when the
computer takes its seat, and the seat then holds that named level like any other: a
computer seat's id always names a real level (:func:`bot.service.computer.opponents.level_of`).
"""

from __future__ import annotations

from dataclasses import dataclass

import ai
from ai import ladder
from bot.service.base import User, rating_or_new
from bot.service.replies import COMPUTER_PREFIX
from bot.service.text.command_map import choice_word
from bot.service.text.computer_names import user_name
from bot.service.text.markdown import escape
from bot.words import words
from storage.base import Store

AUTO = "auto"
CHOICES = (*ai.LEVELS, AUTO)
"""What a player may ask for as ``level:``."""
AUTO_PREFIX = f"{COMPUTER_PREFIX}{AUTO}:"
"""The id of a computer seat still to be given its level (it never reaches the store)."""


def is_auto(user_id: str) -> bool:
    return user_id.startswith(AUTO_PREFIX)


@dataclass(frozen=True)
class Pick:
    """The level ``auto`` chose: its measured rating (``None`` when the game has no ladder
    yet) and the player's rating it was nearest to."""

    level: str
    level_rating: int | None
    rating: int


async def pick(store: Store, guild_id: str | None, game: str, user_id: str) -> Pick:
    """The level whose ladder rating is nearest ``user_id``'s rating in ``game`` on this
    server (their stored rating, or a newcomer's 1500); normal for a game without a ladder."""
    mine = await rating_or_new(store, guild_id or "", game, user_id)
    level = ladder.nearest(game, mine.rating) or "normal"
    return Pick(level, ladder.rating(game, level), round(mine.rating))


def picked_line(picked: Pick, game_title: str, locale: object) -> str:
    """One line telling the player which level ``auto`` picked, and why."""
    say = words(locale)
    if picked.level_rating is None:
        return say("computer.auto_unmeasured", level=picked.level, game=game_title)
    return say(
        "computer.auto_picked",
        level=picked.level,
        level_rating=picked.level_rating,
        game=game_title,
        rating=picked.rating,
    )


def plays_at_line(computer: User, game: str, game_title: str, locale: object) -> str:
    """Where a computer seat's level stands on ``game``'s ladder, in one line ("" when
    the game has no ladder)."""
    level = computer.id.removeprefix(COMPUTER_PREFIX).split(":", 1)[0]
    rating = ladder.rating(game, level)
    if rating is None:
        return ""
    say = words(locale)
    return say(
        "computer.plays_at",
        computer=escape(user_name(computer, say)),
        game=game_title,
        rating=rating,
    )


def level_names(game: str) -> dict[str, str]:
    """Each level as ``/play`` offers it, with its rating in ``game`` when measured
    (``normal ≈ 1650``); in English, since Discord translates choice names itself."""
    known = ladder.ratings(game)
    say = words()
    return {
        level: say("computer.level_rating", level=level, rating=known[level])
        if level in known
        else level
        for level in ai.LEVELS
    }


def levels_line(game: str, locale: object) -> str | None:
    """The levels with their ratings for ``/rules`` (``None`` when there is no ladder)."""
    known = ladder.ratings(game)
    if not known:
        return None
    say = words(locale)
    shown = " · ".join(
        say("computer.level_rating", level=choice_word(lv), rating=r) for lv, r in known.items()
    )
    return say("rules.levels", levels=shown)
