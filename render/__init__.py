"""Pillow renderers: one module per game, each a pure function of a *view*.

``render.render(game, view, …)`` is the stable entry point (docs/architecture.md). Renderers never
see a rules state, only what ``Rules.view(state, seat)`` lets through, so an image can never
show more than its viewer may know.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=16)
def _renderer(game: str) -> tuple[Callable[..., bytes], bool, bool]:
    """A game's ``render`` and whether it takes ``focus`` and ``labels``, looked up once per
    process: reading a signature cost a quarter of a millisecond, on every image."""
    module = importlib.import_module(f"render.{game}")
    parameters = inspect.signature(module.render).parameters
    return module.render, "focus" in parameters, "labels" in parameters


def render(
    game: str,
    view: dict[str, Any],
    *,
    perspective: int | None = None,
    highlight: Sequence[dict[str, Any]] | dict[str, Any] | None = None,
    players: Sequence[str] | None = None,
    status: str | None = None,
    focus: Sequence[int] | None = None,
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of ``view``.

    ``perspective``: the seat whose side of the board is drawn at the bottom (None: seat 0).
    ``highlight``: what ``Rules.highlight`` said about the last turn's actions, oldest first
    (a single dict is accepted too). ``players``: display names per seat for the title bar.
    ``focus``: neighbourhoods to show up close (FENCE!: a detail window of the city, readable
    on a phone); games without a detail view ignore it.
    ``status``: the result line, replacing the default "X to move" text; with it nobody is
    highlighted as to move (a resigned or timed-out match is over whatever the position says).
    ``labels``: the words drawn into the image in the reader's language, by key
    (``render.labels``; the service looks them up in the catalogue); English without.
    """
    draw, takes_focus, takes_labels = _renderer(game)
    extra: dict[str, Any] = {"focus": list(focus)} if focus and takes_focus else {}
    if labels and takes_labels:
        extra["labels"] = labels
    if isinstance(highlight, dict):
        highlight = [highlight]
    return draw(
        view,
        perspective=perspective,
        highlight=list(highlight or ()),
        players=list(players) if players else None,
        status=status,
        **extra,
    )


_WARM_VIEWS: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("ordo", {}, 0),
    ("ordo", {}, 1),
    ("fendo", {"size": 7}, 0),
    ("fendo", {"size": 7}, 1),
    ("fonver", {"size": 19}, 0),
    ("fuer", {}, 0),
)
"""Empty boards of every game at its default size and orientations (a FENCE! city has no
empty form worth drawing: its tiles are drawn as they come)."""


def warm() -> None:
    """Draw once what later images reuse (fonts, empty boards, the glyphs of the title bar), so
    a worker process's first real image is as quick as the rest: the first Ordo board of a
    process took 220 ms, the first Fuer board 260 ms, against under 10 ms afterwards."""
    for game, view, perspective in _WARM_VIEWS:
        render(game, view, perspective=perspective)
