"""Names inside Discord markdown: shown as typed, never as formatting or a mention.

Everything the service says is Discord markdown — a post's text, a reply, a DM (the standings
title is ``**bold**`` on purpose). A name is not: a member called ``**Bob**`` or ``_x_``, a
tournament called ``# Cup``, would turn bold, italic or into a heading, ``||x||`` would hide
itself, ``[x](https://…)`` would become a link and ``@everyone`` would look like a mention.
So every player and tournament name is passed through :func:`escape` where it is put into
such text. Images and files are not markdown: they take the names as they are (and
:func:`plain` turns a sentence with escaped names back into what a person typed).
"""

from __future__ import annotations

import re

SPECIAL = frozenset("\\*_~`|>#[]<")
"""Characters that start markdown in Discord (emphasis, strike, code, spoilers, quotes,
headings, masked links, ``<@mentions>``); a backslash before any of them shows it as it is,
and Discord drops the backslash."""
LEADING = frozenset("-")
"""Markdown only at the start of a line (a list), where a name often stands."""
ZERO_WIDTH = "\u200b"
"""After an ``@``: ``@everyone`` and ``@here`` stay text (Discord's own escape for them)."""
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]<\-])|@" + ZERO_WIDTH)


def escape(name: str) -> str:
    """``name`` as text in Discord markdown: ``**Bob**`` → ``\\*\\*Bob\\*\\*``."""
    out = []
    for index, ch in enumerate(name):
        if ch in SPECIAL or (index == 0 and ch in LEADING):
            out.append("\\" + ch)
        elif ch == "@":
            out.append("@" + ZERO_WIDTH)
        else:
            out.append(ch)
    return "".join(out)


def plain(text: str) -> str:
    """The inverse of :func:`escape`: a sentence holding escaped names, as a person typed it
    (for an image's caption, a thread's name, an exported file)."""
    return _ESCAPED.sub(lambda m: m.group(1) or "@", text)
