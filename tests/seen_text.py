"""Every text an image is drawn with, as the renderers draw it (no OCR): the renderers' text
hook (:data:`render.common.TEXT_SEEN`, for the glyph-mask path) and PIL's ``ImageDraw.text``
(every other path), recorded with the image's size so a test can tell clipped text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from render.common import TEXT_SEEN


@dataclass(frozen=True)
class Drawn:
    text: str
    box: tuple[float, float, float, float]
    size: tuple[int, int]

    @property
    def clipped(self) -> bool:
        left, top, right, bottom = self.box
        width, height = self.size
        return left < -1 or top < -1 or right > width + 1 or bottom > height + 1


def _box(xy: Any, text: str, fnt: Any, anchor: str | None) -> tuple[float, float, float, float]:
    try:
        left, top, right, bottom = fnt.getbbox(text, anchor=anchor or "la")
    except (AttributeError, TypeError, ValueError):
        return (xy[0], xy[1], xy[0], xy[1])
    return (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)


@contextmanager
def seen_text() -> Iterator[list[Drawn]]:
    """Within the block, every text drawn into an image (in this thread and the threads it
    starts with the context copied, as ``asyncio.to_thread`` does)."""
    found: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        fnt = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        found.append(Drawn(str(text), _box(xy, str(text), fnt, kwargs.get("anchor")), self.im.size))
        return original(self, xy, text, *args, **kwargs)

    def hook(size: tuple[int, int], xy: Any, text: str, fnt: Any, anchor: str) -> None:
        found.append(Drawn(text, _box(xy, text, fnt, anchor), size))

    token = TEXT_SEEN.set(hook)
    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield found
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        TEXT_SEEN.reset(token)
