"""Pillow renderers: one module per game, each a pure function of a *view*.

``render.render(game, view, …)`` is the stable entry point (docs/architecture.md). Renderers never
see a rules state, only what ``Rules.view(state, seat)`` lets through, so an image can never
show more than its viewer may know. Each game's renderer is one entry of :data:`RENDERERS`
and answers one call (:class:`Renderer`), typed by its game's view (``games/<game>/view.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from render.frame import Frame

if TYPE_CHECKING:
    from render.labels import Labels


class Renderer(Protocol):
    """The one call every game's renderer answers: a view in, PNG bytes out.

    Every renderer takes every option (one :class:`render.frame.Frame`), so :func:`render`
    never asks which it understands: ``focus`` means nothing to a board without a close-up
    and ``labels`` nothing to a game whose images hold no words beyond names; such a
    renderer ignores them.
    """

    def __call__(self, view: Any, frame: Frame) -> bytes: ...


RENDERERS: Mapping[str, str] = {
    "ordo": "render.ordo",
    "fendo": "render.fendo",
    "fonver": "render.fonver",
    "fuer": "render.fuer",
    "fence": "render.fence",
}
"""Game name → the module whose ``render`` draws its views (a :class:`Renderer`), imported on
first use so a process drawing one game does not load the others."""


@cache
def renderer(game: str) -> Renderer:
    """The renderer of ``game`` (``KeyError`` for a game without one)."""
    draw: Renderer = importlib.import_module(RENDERERS[game]).render
    return draw


def render(
    game: str,
    view: Mapping[str, Any],
    *,
    perspective: int | None = None,
    highlight: Sequence[dict[str, Any]] | dict[str, Any] | None = None,
    players: Sequence[str] | None = None,
    status: str | None = None,
    focus: Sequence[int] | None = None,
    labels: Labels | None = None,
) -> bytes:
    """PNG bytes of ``view``.

    ``perspective``: the seat whose side of the board is drawn at the bottom (None: seat 0).
    ``highlight``: what ``Presentation.highlight`` said about the last turn's actions, oldest
    first (a single dict is accepted too). ``players``: display names per seat for the title
    bar. ``focus``: neighbourhoods to show up close (FENCE!: a detail window of the city,
    readable on a phone); games without a detail view ignore it.
    ``status``: the result line, replacing the default "X to move" text; with it nobody is
    highlighted as to move (a resigned or timed-out match is over whatever the position says).
    ``labels``: the words drawn into the image in the reader's language, by key
    (``render.labels``; the service looks them up in the catalogue); English without.
    """
    if isinstance(highlight, dict):
        highlight = [highlight]
    frame = Frame(
        perspective=perspective,
        highlight=list(highlight or ()),
        players=list(players) if players else None,
        status=status,
        focus=list(focus or ()),
        labels=labels or None,
    )
    return renderer(game)(view, frame)


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
