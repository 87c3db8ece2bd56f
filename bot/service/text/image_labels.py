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
from render.labels import LANGUAGE, Labels

SECTION = "image."
"""Where the labels live in the catalogue: ``image.fence.cops`` is the label ``fence.cops``."""


def image_labels(locale: object = "en") -> Labels:
    """Every image label's template in ``locale``'s language (the renderers draw English behind
    each gap), and the language's code for its plural rule: a plain dict, as images are drawn
    in worker processes and a read-only mapping view does not pickle."""
    return dict(_templates(str(getattr(locale, "value", locale))))


@cache
def _templates(locale: str) -> tuple[tuple[str, str], ...]:
    """Looked up once per language: the catalogue never changes while the bot runs. Only the
    language's own entries: what it lacks the renderers draw from their English, which is the
    catalogue's (tests/words checks), so a plural table is always whole from one language,
    picked by that language's CLDR rule (``few`` and ``many`` in Polish)."""
    say = words(locale)
    own = {
        key.removeprefix(SECTION): text
        for key, text in say.entries.items()
        if key.startswith(SECTION)
    }
    return ((LANGUAGE, say.language), *own.items())
