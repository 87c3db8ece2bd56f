"""Drawing helpers every FENCE! image uses: cached halo text and the Cops disc (the legend
draws the same disc as the map, so its key matches what it explains)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import RGB, disc, font, paste_centered
from render.fence.colours import COPS

Box = tuple[int, int, int, int]


@lru_cache(maxsize=2048)
def _text_sprite(
    text: str, size: int, weight: str, fill: RGB, stroke: int
) -> tuple[Image.Image, int, int]:
    """``text`` as an RGBA sprite with a white halo of ``stroke`` px, and the offset from its
    visual middle to its top-left corner.

    Cached because the same names, digits and coordinates recur on every image of a match and
    Pillow's text rendering was half of the render time (a stroked text is rendered twice).
    """
    fnt = font(size, weight=weight)
    left, top, right, bottom = fnt.getbbox(text, anchor="mm", stroke_width=stroke)
    size_px = (max(1, int(right - left)), max(1, int(bottom - top)))
    origin = (-left, -top)
    outer = Image.new("L", size_px, 0)
    ImageDraw.Draw(outer).text(
        origin, text, font=fnt, fill=255, anchor="mm", stroke_width=stroke, stroke_fill=255
    )
    sprite = Image.new("RGB", size_px, (255, 255, 255) if stroke else fill)
    if stroke:
        inner = Image.new("L", size_px, 0)
        ImageDraw.Draw(inner).text(origin, text, font=fnt, fill=255, anchor="mm")
        sprite.paste(fill, (0, 0, *size_px), inner)
    sprite.putalpha(outer)
    return sprite, int(left), int(top)


def draw_text(
    canvas: Image.Image,
    center: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    weight: str = "bold",
    stroke: int = 0,
) -> None:
    """Text whose visual middle sits on ``center``, drawn from the sprite cache. On an RGBA
    canvas (a transparent sprite being built) the text is composited, keeping its
    anti-aliased alpha; pasting would darken its edges."""
    sprite, left, top = _text_sprite(text, size, weight, fill, stroke)
    x, y = round(center[0]) + left, round(center[1]) + top
    if canvas.mode == "RGBA":
        # alpha_composite takes no negative offsets: cut what lies off the canvas instead.
        cut = (max(0, -x), max(0, -y))
        canvas.alpha_composite(sprite, (x + cut[0], y + cut[1]), cut)
    else:
        canvas.paste(sprite, (x, y), sprite)


def draw_cops(canvas: Image.Image, center: tuple[int, int], size: int) -> None:
    paste_centered(canvas, disc(size, COPS, (255, 255, 255), max(2, size // 12)), center)
    draw_text(canvas, center, "C", int(size * 0.62), (255, 220, 60))
