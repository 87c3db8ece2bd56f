"""Font loading for every renderer.

The bot runs on headless servers where system fonts are a lottery, so the typeface ships as a
Python dependency (``font_source_sans_pro``) and every image looks the same everywhere. If that
package is somehow missing the renderers still work, just with Pillow's built-in font.
"""

from __future__ import annotations

import os
from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# Weight name -> file stem inside the font package; "bold" is what titles and pieces use.
_WEIGHTS: dict[str, str] = {
    "regular": "SourceSansPro-Regular",
    "semibold": "SourceSansPro-Semibold",
    "bold": "SourceSansPro-Bold",
    "black": "SourceSansPro-Black",
}


@lru_cache(maxsize=8)
def _font_directory() -> str | None:
    """Where the shipped TTFs live, or None; looked up once because it touches the disk."""
    try:
        import font_source_sans_pro
    except ImportError:
        return None
    directory = getattr(font_source_sans_pro, "font_directory", None)
    if directory is None:
        directory = os.path.join(os.path.dirname(font_source_sans_pro.__file__), "files")
    return directory if os.path.isdir(directory) else None


@lru_cache(maxsize=128)
def font(size: int, *, bold: bool = False, weight: str | None = None) -> Font:
    """A font of ``size`` pixels; cached because parsing a TTF costs more than a whole render.

    ``bold`` picks the bold weight; ``weight`` ("regular", "semibold", "bold", "black")
    overrides it when a renderer wants finer control.
    """
    name = weight or ("bold" if bold else "regular")
    stem = _WEIGHTS.get(name, _WEIGHTS["regular"])
    directory = _font_directory()
    if directory is not None:
        path = os.path.join(directory, f"{stem}.ttf")
        if os.path.isfile(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def have_shipped_font() -> bool:
    """Whether the real typeface is available (tests use it to explain odd glyph metrics)."""
    directory = _font_directory()
    return directory is not None and os.path.isfile(
        os.path.join(directory, f"{_WEIGHTS['regular']}.ttf")
    )
