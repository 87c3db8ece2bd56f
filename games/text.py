"""Text limits for what the bot shows on buttons and menus, and how a text is cut to them.

Why a module of its own, below :mod:`games.core` and :mod:`games.presentation`: both the rules'
refusals (a player's input quoted back) and the presentation's labels cut text the same way, and
neither of those modules may import the other in a circle.
"""

from __future__ import annotations

LABEL_LIMIT = 100
"""Discord's limit for an autocomplete choice name and for a button or select label."""

SEGMENT_LIMIT = 80
"""The longest segment of a guided choice path (``Presentation.choice_path``): Discord's
limit for a button label."""

QUOTE_LIMIT = 60
"""The most of a player's own input a refusal quotes back: enough to recognise it, never so
much that a pasted essay pushes the helpful part of the answer out of the message."""


def quoted(text: str) -> str:
    """A player's input quoted back in a refusal, at most :data:`QUOTE_LIMIT` characters."""
    return repr(shorten(text.strip(), QUOTE_LIMIT))


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, at a word boundary where one is near,
    ending in an ellipsis so a reader sees it was cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if text[limit - 1] != " " and space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"
