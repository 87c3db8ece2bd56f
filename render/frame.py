"""What one image is drawn with besides its view: the options of the one call every game's
renderer answers (:class:`render.Renderer`).

Why a value of its own: every renderer takes every option, so the options travel together;
one frozen value says once what each means instead of each renderer's signature saying it
again, and a new option reaches every game without touching five signatures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from render.labels import Labels


@dataclass(frozen=True)
class Frame:
    """``perspective``: the seat drawn at the bottom (None: seat 0). ``highlight``: the last
    turn's actions as ``Presentation.highlight`` described them, oldest first. ``players``:
    display names per seat. ``status``: the result line in place of "X to move". ``focus``:
    neighbourhoods to show up close (FENCE!; other games ignore it). ``labels``: the words
    drawn into the image in the reader's language (English without)."""

    perspective: int | None = None
    highlight: list[dict[str, Any]] = field(default_factory=list)
    players: list[str] | None = None
    status: str | None = None
    focus: list[int] = field(default_factory=list)
    labels: Labels | None = None
