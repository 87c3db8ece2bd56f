"""The words drawn into images, looked up in the catalogue for one reader.

The renderers sit below the bot and may not read its catalogue, so the service hands them
their labels (``render.labels``: the keys, with the English they fall back on) as the
``image.*`` templates of the reader's language. Whose language: as for text (see
``bot.words``), the server's for what is posted where several people read it (the match
thread), the caller's own for a reply to one person.
"""

from __future__ import annotations

from functools import cache

from bot.words import words
from render.labels import ENGLISH, Labels

SECTION = "image."
"""Where the labels live in the catalogue: ``image.fence.cops`` is the label ``fence.cops``."""


def image_labels(locale: object = "en") -> Labels:
    """Every image label's template in ``locale``'s language, English behind each gap: a
    plain dict, as images are drawn in worker processes and a read-only mapping view does
    not pickle."""
    return dict(_templates(str(getattr(locale, "value", locale))))


@cache
def _templates(locale: str) -> tuple[tuple[str, str], ...]:
    """Looked up once per language: the catalogue never changes while the bot runs."""
    say = words(locale)
    found = []
    for key in ENGLISH:
        template = say.entries.get(SECTION + key) or say.fallback.get(SECTION + key)
        if template:
            found.append((key, template))
    return tuple(found)
