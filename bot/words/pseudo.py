"""The pseudo-locale: English made visibly foreign, to find what escapes the catalogue.

Why: a sentence that never went through the catalogue reads as plain English in any
language, so nobody notices it until a German player does. In the pseudo-locale every
catalogue template is wrapped in markers (``⟦…⟧``), its letters accented and its length grown
by about a third (German and Polish run that much longer than English), keeping its
``{fields}``. Played through in this language, any text a player reads outside the markers —
other than names, notation, numbers and emoji — escaped the catalogue, and any image that
clips its text would clip a real translation too. ``qps`` ("pseudo", as Windows' ``qps-ploc``)
is built from English when the catalogue loads; ``--locale qps`` in the console and the tests
use it. It is never offered to servers as a language.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Mapping

PSEUDO = "qps"
"""The pseudo-locale's language code."""
OPEN, CLOSE = "⟦", "⟧"
"""The markers around every catalogue text in the pseudo-locale."""
GROWTH = 0.3
"""How much longer a pseudo text is than its English text (padding before the close)."""
PAD = "·"

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒğĥíĵķĺḿñöṕǫŕšťüṽŵẋýžÁḂÇĎÉḞĞĤÍĴĶĹḾÑÖṔǪŔŠŤÜṼŴẊÝŽ",
)
"""Every ASCII letter to a readable accented one, all in the images' main font (a text is
never split into runs of fallback fonts): no word of catalogue text is plain ASCII, so a plain
ASCII word read in the pseudo-locale came into a sentence as a parameter."""
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def pseudo_text(template: str) -> str:
    """One template in the pseudo-locale: its literal text accented, its fields and format
    specs kept exactly, the whole wrapped in markers and grown by :data:`GROWTH`."""
    parts = []
    letters = 0
    for literal, name, spec, conversion in string.Formatter().parse(template):
        escaped = literal.replace("{", "{{").replace("}", "}}")
        parts.append(escaped.translate(_ACCENTED))
        letters += len(literal)
        if name is not None:
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            parts.append("{" + field + "}")
    padding = PAD * max(1, math.ceil(letters * GROWTH))
    return f"{OPEN}{''.join(parts)}{padding}{CLOSE}"


def pseudo(english: Mapping[str, str]) -> dict[str, str]:
    """The whole pseudo-locale from English."""
    return {key: pseudo_text(template) for key, template in english.items()}


_OPEN_TO_END = re.compile(f"{OPEN}[^{CLOSE}]*$", re.M)
_START_TO_CLOSE = re.compile(f"^[^{OPEN}]*{CLOSE}", re.M)


def unmarked(text: str) -> str:
    """``text`` with every marked span removed (innermost first, as a sentence said inside
    another is): what is left came from outside the catalogue. A span an image wrapped onto
    several lines, or cut short with an ellipsis, counts as marked up to its line's end."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return _START_TO_CLOSE.sub(" ", _OPEN_TO_END.sub(" ", text))
