"""Drawing helpers shared by every game renderer.

Every board image the bot posts should feel like one product: the same typeface, the same
title bar saying who plays whom and whose turn it is, the same big coordinates, the same
last-move colours. Keeping those here means a renderer only has to draw its own pieces.

Stable API (add, never change): ``font``, ``Font``, ``RGB``, ``Palette``, ``PALETTE``, ``contrast``,
``blend``, ``text_width``, ``fit_text``, ``draw_centered_text``, ``seat_label``,
``default_status``, ``title_bar``, ``Grid``, ``COORD_MARGIN``, ``draw_coordinates``,
``file_letters``, ``disc``, ``paste_centered``, ``highlight_square``, ``capture_mark``,
``new_canvas``, ``to_png``, ``MIN_WIDTH``, ``quantized``, ``PNG_LEVEL``, ``put_text``,
``palette_png``, ``DEFLATE_LEVEL``.

The helpers live by concern and are imported from here: ``render.drawing`` (palette, text,
grid, discs and marks, the canvas), ``render.title_bar`` and ``render.png`` (the encoding).

All coordinates are screen pixels; a ``Grid`` maps *screen* columns/rows (0,0 = top-left
cell as drawn) to boxes, so flipping a board for a perspective is the renderer's business and
never leaks in here.
"""

from __future__ import annotations

from render.drawing import (
    COORD_MARGIN,
    MIN_WIDTH,
    PALETTE,
    RGB,
    TEXT_SEEN,
    Grid,
    Palette,
    blend,
    capture_mark,
    contrast,
    dashed_line,
    disc,
    draw_centered_text,
    draw_coordinates,
    file_letters,
    fit_text,
    highlight_square,
    new_canvas,
    paste_centered,
    plural,
    put_text,
    text_width,
    wrap_lines,
)
from render.fonts import Font, font
from render.png import DEFLATE_LEVEL, PNG_LEVEL, palette_png, quantized, to_png
from render.title_bar import default_status, seat_label, title_bar

__all__ = [
    "COORD_MARGIN",
    "DEFLATE_LEVEL",
    "MIN_WIDTH",
    "PALETTE",
    "PNG_LEVEL",
    "RGB",
    "TEXT_SEEN",
    "Font",
    "Grid",
    "Palette",
    "blend",
    "capture_mark",
    "contrast",
    "dashed_line",
    "default_status",
    "disc",
    "draw_centered_text",
    "draw_coordinates",
    "file_letters",
    "fit_text",
    "font",
    "highlight_square",
    "new_canvas",
    "palette_png",
    "paste_centered",
    "plural",
    "put_text",
    "quantized",
    "seat_label",
    "text_width",
    "title_bar",
    "to_png",
    "wrap_lines",
]
