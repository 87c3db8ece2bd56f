"""Reading ``highlight=[…]`` entries: the map, its layout and the legend all ask the same
questions of them (which spots, which neighbourhoods), so the answers live in one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Highlights = Sequence[dict[str, Any]]


def read_positions(values: Any) -> list[tuple[int, int]]:
    """``[[x, y], …]`` from a highlight, skipping anything malformed (highlights come from
    the bot's own code, but an odd entry must not cost the whole image)."""
    out: list[tuple[int, int]] = []
    for value in values or ():
        try:
            x, y = value
            out.append((int(x), int(y)))
        except (TypeError, ValueError):
            continue
    return out


def spots_of(highlight: Highlights) -> list[tuple[int, int]]:
    spots: list[tuple[int, int]] = []
    for facts in highlight:
        if facts.get("kind") == "spots":
            spots += [p for p in read_positions(facts.get("spots")) if p not in spots]
    return spots


def choices_of(highlight: Highlights) -> list[int]:
    hoods: list[int] = []
    for facts in highlight:
        if facts.get("kind") == "choices":
            hoods += [h for h in facts.get("hoods") or () if isinstance(h, int)]
    return hoods
