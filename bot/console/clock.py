"""The console's own clock: wall time plus an offset that ``!clock +3d`` moves on, kept beside
the database so a later run continues in the same fake future; and the reading of that
offset, matched whole once after a length cap so no line costs more than linear time."""

from __future__ import annotations

import re
import time
from pathlib import Path

from bot.words import DEFAULT_LANGUAGE, words
from storage import read_database_setting


class ConsoleClock:
    """Wall time plus an offset that ``!clock +3d`` advances; the offset is kept beside the
    database so a second run continues in the same (fake) future."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.offset = 0.0
        if path is not None and path.exists():
            try:
                self.offset = float(path.read_text().strip() or 0)
            except ValueError:
                self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        if self.path is not None:
            self.path.write_text(f"{self.offset}\n")


OFFSET = re.compile(r"(?:\d+(?:\.\d+)?[dhm])+")
"""A whole ``!clock`` offset (after the ``+`` and spaces): numbers each followed by a unit."""
OFFSET_PART = re.compile(r"(\d+(?:\.\d+)?)([dhm])")
OFFSET_LENGTH = 24
"""Longer offsets are refused unread: a regex over a 25,000-digit line took seconds."""
OFFSET_DAYS = 1000
"""The furthest one ``!clock`` moves: a few years of correspondence, not a date overflow."""
UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60}


def parse_offset(text: str, locale: str = DEFAULT_LANGUAGE) -> float:
    """``+3d``, ``+36h``, ``+90m`` or ``+1d12h`` → seconds (the clock only moves forward);
    a refusal says how to write it in ``locale``'s language.

    The value is matched whole, once, after a length cap, so any input costs linear time."""
    body = text.strip().lstrip("+").replace(" ", "").lower()
    if len(body) > OFFSET_LENGTH or not OFFSET.fullmatch(body):
        raise ValueError(words(locale)("console.bad_offset", text=_quoted(text)))
    seconds = sum(float(n) * UNIT_SECONDS[unit] for n, unit in OFFSET_PART.findall(body))
    if seconds > OFFSET_DAYS * UNIT_SECONDS["d"]:
        raise ValueError(words(locale)("console.bad_offset", text=_quoted(text)))
    return seconds


def _quoted(text: str, limit: int = 30) -> str:
    """The user's text for a refusal: quoted, and cut short if it is long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def clock_file(db: str) -> Path | None:
    """Where ``!clock`` keeps its offset: beside a SQLite file; nowhere for a memory store or
    a server database (the offset then lasts one run)."""
    path = read_database_setting(db).path
    return None if path is None else Path(f"{path}.clock")
