"""Font loading for every renderer.

The bot runs on headless servers where system fonts are a lottery, so the typeface ships as a
Python dependency (``font_source_sans_pro``) and every image looks the same everywhere. If that
package is somehow missing the renderers still work, just with Pillow's built-in font.
"""

from __future__ import annotations

import os
from functools import lru_cache

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Ink = float | tuple[int, ...] | str
"""A colour as Pillow takes it for ``fill`` (an RGB(A) tuple mostly, a name or a grey level)."""

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


# --------------------------------------------------------------------------------------------
# Fallback fonts: names in emoji, CJK and other scripts
# --------------------------------------------------------------------------------------------
#
# Source Sans Pro covers Latin, Greek and Cyrillic; a Discord name like "🐉drache" or "小龙"
# drew as boxes. Such characters are drawn in a Noto font that has them, picked per
# character: Noto Sans (Latin beyond Source Sans), Noto Sans Symbols, the monochrome Noto
# Emoji, Noto Sans CJK, then Noto Sans for other scripts. The fonts ship as Python packages
# (``manimgx-fonts``, ``manimgx-fonts-cjk``) like the main font; without them the boxes stay.

_WEIGHT_AXIS: dict[str, int] = {"regular": 400, "semibold": 600, "bold": 700, "black": 900}
_STEM_WEIGHT = {stem: name for name, stem in _WEIGHTS.items()}

_FIRST_FALLBACKS = ("NotoSans[wght].ttf", "NotoSansSymbols[wght].ttf", "NotoEmoji[wght].ttf")
_CJK = "NotoSansCJK-VF.otf.ttc"

Run = tuple[str, Font]
"""A stretch of text and the font that draws it."""


@lru_cache(maxsize=1)
def fallback_files() -> tuple[str, ...]:
    """The fallback font files in the order they are asked for a character."""
    found: list[str] = []
    try:
        import manimgx_fonts

        directory = os.path.dirname(manimgx_fonts.__file__)
        names = sorted(os.listdir(directory))
        scripts = [
            n for n in names if n.startswith("NotoSans") and n.endswith(".ttf")
            and "Italic" not in n and n not in _FIRST_FALLBACKS
        ]  # fmt: skip
        found += [os.path.join(directory, n) for n in _FIRST_FALLBACKS if n in names]
    except ImportError:
        directory, scripts = "", []
    try:
        import manimgx_fonts_cjk

        cjk = os.path.join(os.path.dirname(manimgx_fonts_cjk.__file__), _CJK)
        if os.path.isfile(cjk):
            found.append(cjk)
    except ImportError:
        pass
    found += [os.path.join(directory, n) for n in scripts]
    return tuple(found)


@lru_cache(maxsize=64)
def _fallback_font(index: int, size: int, weight: int) -> ImageFont.FreeTypeFont:
    """Fallback ``index`` at ``size`` px and the weight nearest ``weight`` its file has (the
    Noto files are variable fonts; the CJK one would otherwise draw its default, Thin)."""
    loaded = ImageFont.truetype(fallback_files()[index], size)
    try:
        axes = loaded.get_variation_axes()
        low, high = axes[0]["minimum"], axes[0]["maximum"]
        if low is not None and high is not None:
            loaded.set_variation_by_axes([min(high, max(low, weight))])
    except (OSError, IndexError, KeyError):  # not a variable font: its one weight
        pass
    return loaded


_PROBE = 24
"""Size at which glyph coverage is probed: whether a font has a character does not depend on
the size, so one size serves every lookup."""


def _notdef(fnt: ImageFont.FreeTypeFont) -> tuple[tuple[int, int], bytes]:
    return _mask(fnt, "\uffff")


def _mask(fnt: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    mask = fnt.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(path: str, index: int, char: str) -> bool:
    """Whether a font file draws ``char`` as itself rather than its missing-glyph box.

    Pillow has no cmap lookup, so the glyph is compared with what the font draws for
    U+FFFF, a noncharacter no font maps: the same pixels mean the same .notdef glyph."""
    probe = _probe_font(path, index)
    return _mask(probe, char) != _notdef(probe) or char.isspace()


@lru_cache(maxsize=32)
def _probe_font(path: str, index: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, _PROBE, index=index)


def _main_weight(fnt: ImageFont.FreeTypeFont) -> int:
    stem = os.path.splitext(os.path.basename(str(fnt.path)))[0]
    return _WEIGHT_AXIS.get(_STEM_WEIGHT.get(stem, "regular"), 400)


@lru_cache(maxsize=2048)
def _fallback_for(char: str) -> int | None:
    """The first fallback file that has ``char``, or None."""
    for index, path in enumerate(fallback_files()):
        if has_glyph(path, 0, char):
            return index
    return None


@lru_cache(maxsize=4096)
def text_runs(text: str, fnt: Font) -> tuple[Run, ...]:
    """``text`` cut into runs each drawn by one font: the main font wherever it has the
    glyph, else the first fallback that has it (a character nobody has stays in the main
    font, as its box). Plain ASCII is one run without any lookup: the main font has it all."""
    if text.isascii() or not isinstance(fnt, ImageFont.FreeTypeFont):
        return ((text, fnt),)
    path = str(fnt.path)
    runs: list[Run] = []
    for char in text:
        chosen: Font = fnt
        if not has_glyph(path, 0, char):
            index = _fallback_for(char)
            if index is not None:
                chosen = _fallback_font(index, int(fnt.size), _main_weight(fnt))
        if runs and runs[-1][1] is chosen:
            runs[-1] = (runs[-1][0] + char, chosen)
        else:
            runs.append((char, chosen))
    return tuple(runs)


def needs_fallback(text: str, fnt: Font) -> bool:
    """Whether drawing ``text`` takes another font than ``fnt``."""
    runs = text_runs(text, fnt)
    return len(runs) > 1 or runs[0][1] is not fnt


def runs_width(text: str, fnt: Font) -> float:
    """Advance width of ``text`` drawn with its fallbacks."""
    return sum(run_font.getlength(run) for run, run_font in text_runs(text, fnt))


def _baseline(runs: tuple[Run, ...], fnt: ImageFont.FreeTypeFont, y: float, vertical: str) -> float:
    """The baseline that puts ``runs`` where Pillow's vertical ``anchor`` letter would put
    the text in the main font alone (a = ascender, m = middle, s = baseline, d = descender,
    t/b = top/bottom of the drawn glyphs)."""
    ascent, descent = fnt.getmetrics()
    if vertical == "a":
        return y + ascent
    if vertical == "m":
        return y + (ascent - descent) / 2
    if vertical == "d":
        return y - descent
    if vertical in "tb":
        boxes = [f.getbbox(t, anchor="ls") for t, f in runs]
        return y - min(b[1] for b in boxes) if vertical == "t" else y - max(b[3] for b in boxes)
    return y


def draw_runs(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: Ink | None,
    *,
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: Ink | None = None,
) -> None:
    """``ImageDraw.text`` with fallback fonts for the characters ``fnt`` lacks: each run in
    its own font on one shared baseline, placed as the whole text would be by ``anchor``."""
    runs = text_runs(text, fnt)
    if (len(runs) == 1 and runs[0][1] is fnt) or not isinstance(fnt, ImageFont.FreeTypeFont):
        draw.text(
            xy, text, font=fnt, fill=fill, anchor=anchor,
            stroke_width=stroke_width, stroke_fill=stroke_fill,
        )  # fmt: skip
        return
    total = sum(f.getlength(t) for t, f in runs)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}.get(anchor[0], 0.0)
    y = _baseline(runs, fnt, xy[1], anchor[1] if len(anchor) > 1 else "a")
    for run, run_font in runs:
        draw.text(
            (x, y), run, font=run_font, fill=fill, anchor="ls",
            stroke_width=stroke_width, stroke_fill=stroke_fill,
        )  # fmt: skip
        x += run_font.getlength(run)
