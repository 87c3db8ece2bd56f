"""Autocomplete suggestions from a list of legal notations.

Discord shows at most 25 choices, and some games have hundreds or thousands of legal actions
(a Fuer turn is a tile plus pieces, a Fendo turn a piece, a target and a fence). Rather than
cutting the list off, long lists are folded into shared prefixes, so typing narrows step by
step: first the piece or tile (``d1-``, ``c3 +``), then its targets (``c3 +d2 +``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

SEPARATORS = frozenset(" -x>:+/")


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _next_token(option: str, start: int) -> str:
    """``option`` up to the end of the next token after ``start`` and the separators that
    follow it — where the player would naturally continue typing."""
    i = start
    while i < len(option) and option[i] in SEPARATORS:
        i += 1
    while i < len(option) and option[i] not in SEPARATORS:
        i += 1
    while i < len(option) and option[i] in SEPARATORS:
        i += 1
    return option[:i]


def _common_prefix(items: Sequence[str]) -> str:
    first, last = min(items), max(items)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


def _prefix(option: str, length: int) -> str:
    return option[:length]


def _groups(matches: Sequence[str], key: Callable[[str], str]) -> list[str]:
    grouped: dict[str, list[str]] = {}
    for option in matches:
        grouped.setdefault(key(option), []).append(option)
    return [
        members[0] if len(members) == 1 else _common_prefix(members) for members in grouped.values()
    ]


def suggest(options: Iterable[str], typed: str, limit: int = 25) -> list[str]:
    """At most ``limit`` suggestions for what the user has typed so far.

    Prefix matches come first; when there are too many they are folded into the next whole
    token, or failing that into the longest character prefix that still fits. When nothing
    starts with the input, options containing it are offered, so ``c5`` still finds
    ``c3-c5``.
    """
    options = list(options)
    key = _norm(typed)
    matches = [o for o in options if _norm(o).startswith(key)]
    if not matches and key:
        return [o for o in options if key in _norm(o)][:limit]
    if len(matches) <= limit:
        return matches
    start = len(typed.lstrip()) if key else 0
    by_token = _groups(matches, lambda o: _next_token(o, start))
    if len(by_token) <= limit:
        return by_token
    # Groups that stand for several moves (a piece with its targets) matter most; single
    # moves fill the remaining places and typing reaches the rest.
    whole = set(matches)
    plural = [g for g in by_token if g not in whole]
    if 0 < len(plural) < limit:
        singles = [g for g in by_token if g in whole]
        return plural + singles[: limit - len(plural)]
    best = [_common_prefix(matches)]
    for length in range(start + 1, max(len(o) for o in matches) + 1):
        candidate = _groups(matches, functools.partial(_prefix, length=length))
        if len(candidate) > limit:
            break
        best = candidate
    return best
