"""The per-process cache of what every image redraws the same: static layers and sprites.

An empty board with its coordinates is most of the pixels of every image the bot posts, and
drawing it took longer than everything a move changes (Fendo: 37 coordinate labels per
image; Fuer: the whole board drawn twice the size and shrunk). The same holds, at a smaller
scale, for a FENCE! tile and its labels, a Fuer piece with its name, or the glyphs of a
player's name in the title bar. Each worker process therefore draws such a layer once per
key and pastes it into every later image.

Why one object and not a dict per module: besides a few small memo tables (fonts, text
widths, discs) this is the only mutable state the renderers keep and by far the largest, so
it lives in one place, bounded by bytes (one board weighs as much as a hundred sprites)
and keyed only by immutable data (game, board size, orientation, a tile's
contents, a text and its font). A key describes *everything* the drawing depends on, so a
hit gives the very pixels drawing afresh would.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from PIL import Image

__all__ = ["STATIC_LAYERS", "LayerCache"]

T = TypeVar("T")


class LayerCache:
    """Least-recently-used layers up to ``max_bytes`` of pixels in total.

    ``get(key, draw, *args)`` returns the layer cached for ``key`` or calls ``draw(*args)``
    and keeps its result: an image, or a tuple holding images (a sprite and its mask or
    position). What it returns is shared by every later caller: paste it or copy it, never
    draw on it (``Image.paste`` copies the pixels).

    Safe across threads (with ``WORKERS=0`` images are drawn in the event loop's threads):
    the bookkeeping holds a lock, the drawing does not, so two threads missing the same key
    at once may both draw it and the first one kept serves both.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._layers: OrderedDict[Hashable, Any] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @classmethod
    def weight(cls, layer: Any) -> int:
        """Bytes of pixels in a layer (Pillow keeps an RGB pixel in 4 bytes, like RGBA)."""
        if isinstance(layer, Image.Image):
            return layer.width * layer.height * (1 if layer.mode in ("L", "P", "1") else 4)
        if isinstance(layer, tuple):
            return sum(cls.weight(part) for part in layer)
        return 0

    def get(self, key: Hashable, draw: Callable[..., T], *args: Any) -> T:
        with self._lock:
            if key in self._layers:
                self._layers.move_to_end(key)
                self.hits += 1
                cached: T = self._layers[key]
                return cached
            self.misses += 1
        layer = draw(*args)
        with self._lock:
            if key in self._layers:  # another thread drew it meanwhile: keep one copy
                kept: T = self._layers[key]
                return kept
            self._layers[key] = layer
            self._bytes += self.weight(layer)
            while self._bytes > self.max_bytes and len(self._layers) > 1:
                _, dropped = self._layers.popitem(last=False)
                self._bytes -= self.weight(dropped)
        return layer

    def __len__(self) -> int:
        return len(self._layers)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._layers

    @property
    def bytes(self) -> int:
        return self._bytes

    def clear(self) -> None:
        with self._lock:
            self._layers.clear()
            self._bytes = 0


STATIC_LAYERS = LayerCache(48 * 1024 * 1024)
"""Every renderer's layers in this process. 48 MB holds the boards of all five games at their
usual sizes (an Ordo board is 3.4 MB, a 19×19 Fonver board 4 MB) and the sprites of many
matches at once (a FENCE! tile 60 KB, a line of text a few KB); past it the least recently
used layer is drawn again when next needed."""
