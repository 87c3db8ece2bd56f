"""The levels' places on the players' rating ladder, as ``benchmarks.ladder`` measured them.

The figures live in ``ai/ladder.toml`` (written by ``python -m benchmarks.ladder --write``,
committed with the code that earned them), so what ``/play`` and ``/rules`` show and what
``level:auto`` picks always agree with the published measurement. Reading is a pure function
of that file; nothing is cached in module state.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

LADDER_FILE = Path(__file__).with_name("ladder.toml")


def ratings(game: str, path: Path = LADDER_FILE) -> dict[str, int]:
    """Each level's measured rating for ``game`` (empty when it was not measured)."""
    from ai import LEVELS  # the package imports this module's users, not the reverse

    data: dict[str, Any] = tomllib.loads(path.read_text()) if path.exists() else {}
    row = data.get("games", {}).get(game, {})
    return {level: int(row[level]) for level in LEVELS if level in row}


def rating(game: str, level: str, path: Path = LADDER_FILE) -> int | None:
    """``level``'s measured rating for ``game``, or ``None`` when there is none."""
    return ratings(game, path).get(level)


def nearest(game: str, player_rating: float, path: Path = LADDER_FILE) -> str | None:
    """The level whose rating is nearest ``player_rating`` (the weaker on a tie), or
    ``None`` when ``game`` has no measured ladder."""
    known = ratings(game, path)
    if not known:
        return None
    return min(known, key=lambda level: (abs(known[level] - player_rating), known[level]))
