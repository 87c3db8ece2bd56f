"""The standings table as a PNG (issue 18.3): phone-sized, zebra rows, numbers right aligned."""

from __future__ import annotations

import io
import itertools

from PIL import Image

from render.common import PALETTE
from render.standings import HIGHLIGHT, MARK, WIDTH, ZEBRA, standings_image

HEADER = ("#", "Player", "Pts", "SB", "W-D-L")


def _rows(count: int) -> list[tuple[str, ...]]:
    return [(str(i + 1), f"player {i + 1}", str(count - i), "3½", "1-2-0") for i in range(count)]


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _row_bands(image: Image.Image) -> list[tuple[str, int, int]]:
    """(kind, top, bottom) of every shaded band down the image's left edge, kind "zebra" or
    "mark" (the highlighted row); slivers where resizing blends two bands are skipped."""
    bands: list[tuple[str, int, int]] = []
    for y in range(image.height):
        pixel = image.getpixel((3, y))
        kind = "zebra" if _near(pixel, ZEBRA) else "mark" if _near(pixel, MARK) else ""
        if bands and bands[-1][0] == kind and bands[-1][2] == y:
            bands[-1] = (kind, bands[-1][1], y + 1)
        elif kind:
            bands.append((kind, y, y + 1))
    return [band for band in bands if band[2] - band[1] > 10]


def _dark_columns(image: Image.Image, top: int, bottom: int) -> list[int]:
    """x of every column with text (dark pixels) between ``top`` and ``bottom``."""
    return [
        x
        for x in range(image.width)
        if any(sum(image.getpixel((x, y))) < 300 for y in range(top + 4, bottom - 4))
    ]


def test_a_table_is_a_phone_sized_png() -> None:
    image = _image(standings_image("Spring Ordo League — after round 2 of 3", HEADER, _rows(8)))
    assert image.width == WIDTH
    assert 400 < image.height < 700


def test_each_row_adds_the_same_height_up_to_forty_rows() -> None:
    heights = [_image(standings_image("t", HEADER, _rows(n))).height for n in (10, 11, 40)]
    row = heights[1] - heights[0]
    assert 36 <= row <= 56
    assert heights[2] == heights[0] + 30 * row
    assert heights[2] < 2200


def test_zebra_rows_and_the_highlighted_row() -> None:
    image = _image(standings_image("t", HEADER, _rows(6), highlight=2))
    bands = _row_bands(image)
    # Rows 1, 3 and 5 are zebra-shaded; row 2 is highlighted (with its marker on the left).
    assert [kind for kind, _, _ in bands] == ["zebra", "mark", "zebra", "zebra"]
    _, top, bottom = bands[1]
    assert _near(image.getpixel((WIDTH // 2, (top + bottom) // 2)), HIGHLIGHT)
    plain = _image(standings_image("t", HEADER, _rows(6)))
    assert not any(_near(c, HIGHLIGHT) for _, c in plain.getcolors(1 << 16) or [])


def _runs(columns: list[int], gap: int = 12) -> list[tuple[int, int]]:
    """Group text columns into (first x, last x) runs separated by at least ``gap`` px."""
    runs: list[tuple[int, int]] = []
    for x in columns:
        if runs and x - runs[-1][1] < gap:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


def test_numbers_are_right_aligned_and_names_left_aligned() -> None:
    rows = [("1", "Al", "1", "1"), ("12", "Bartholomew", "100", "22½")]
    image = _image(standings_image("t", ("#", "Player", "Pts", "SB"), rows))
    ((_, *band),) = _row_bands(image)  # row 1 is plain, row 2 the first zebra band
    plain = (band[0] - (band[1] - band[0]), band[0])
    first, second = (_runs(_dark_columns(image, *rows_)) for rows_ in (plain, band))
    assert len(first) == len(second) == 4
    for column in (0, 2, 3):  # "#", "Pts", "SB": right edges line up
        assert abs(first[column][1] - second[column][1]) <= 2, column
    assert abs(first[1][0] - second[1][0]) <= 3, "names start at the same x"
    assert second[0][0] < first[0][0], "a two-digit rank reaches further left"


def test_long_names_end_in_an_ellipsis_before_the_numbers() -> None:
    long_name = "Dmitri Alexandrovich Karamazov-Smythe " * 6
    image = _image(standings_image("t", ("Player", "Pts"), [("x", "1"), (long_name, "7")]))
    ((_, top, bottom),) = _row_bands(image)
    columns = _dark_columns(image, top, bottom)
    gaps = [b - a for a, b in itertools.pairwise(columns)]
    assert max(gaps) >= 16, "a clear gap separates the cut name from the number"
    assert max(columns) < WIDTH - 10


def test_long_titles_wrap_instead_of_vanishing() -> None:
    short = _image(standings_image("League", HEADER, _rows(3)))
    long = _image(
        standings_image("A very long league name " * 3 + "after round 2 of 3", HEADER, _rows(3))
    )
    assert long.height > short.height


def test_footnote_and_empty_table() -> None:
    bare = _image(standings_image("t", HEADER, []))
    noted = _image(standings_image("t", HEADER, [], footnote="Tie-break: Buchholz"))
    assert noted.height > bare.height
    assert _near(bare.getpixel((WIDTH // 2, 5)), PALETTE.bar_background)


def test_short_rows_leave_cells_blank() -> None:
    image = _image(standings_image("t", HEADER, [("1", "Alice")]))
    assert image.width == WIDTH
