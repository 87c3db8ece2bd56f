"""Autocomplete suggestions from a list of legal notations.

Discord shows at most 25 choices, and some games have hundreds or thousands of legal actions
(a Fuer turn is a tile plus pieces, a Fendo turn a piece, a target and a fence). Rather than
cutting the list off, long lists are folded into shared prefixes that end at the next
separator, so typing narrows step by step: first the piece or tile, then its targets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SEPARATORS = frozenset(" -x>:+/")


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _cut(option: str, start: int) -> str:
    """``option`` up to and including the first separator at or after ``start``."""
    for i in range(max(start, 1), len(option)):
        if option[i] in SEPARATORS:
            return option[: i + 1]
    return option


def _fold(matches: Sequence[str], start: int) -> list[str]:
    groups: dict[str, list[str]] = {}
    for option in matches:
        groups.setdefault(_cut(option, start), []).append(option)
    return [members[0] if len(members) == 1 else prefix for prefix, members in groups.items()]


def suggest(options: Iterable[str], typed: str, limit: int = 25) -> list[str]:
    """At most ``limit`` suggestions for what the user has typed so far.

    Exact prefix matches come first; when there are too many, they are folded into prefixes
    (``d1-`` standing for every move of the piece on d1); when nothing starts with the input,
    options containing it are offered instead, so ``c5`` still finds ``c3-c5``.
    """
    options = list(options)
    key = _norm(typed)
    matches = [o for o in options if _norm(o).startswith(key)]
    if not matches and key:
        matches = [o for o in options if key in _norm(o)]
        return matches[:limit]
    if len(matches) <= limit:
        return matches
    start = len(typed.rstrip()) if key else 0
    folded = _fold(matches, start)
    if len(folded) <= limit:
        return folded
    # Still too many groups (e.g. 361 Fonver points): fold on the next character instead.
    by_char: dict[str, None] = {}
    for option in matches:
        by_char.setdefault(option[: start + 1], None)
    shorter = list(by_char)
    return shorter[:limit] if len(shorter) <= limit else folded[:limit]
