"""Animated GIF and contact-sheet exports: frame count, timing and size as Pillow reads them
back, and pictures that still look like their frames."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render.animate import MAX_SHEET_HEIGHT, animate, sequence
from render.common import PALETTE, to_png


def _frame(
    width: int, height: int, marks: int, colour: tuple[int, int, int] = (40, 104, 214)
) -> bytes:
    """A board-like frame: flat background, a grid, and ``marks`` filled squares, encoded the
    way renderers do (a 256-colour PNG)."""
    image = Image.new("RGB", (width, height), PALETTE.background)
    draw = ImageDraw.Draw(image)
    step = max(20, width // 12)
    for x in range(0, width, step):
        draw.line((x, 0, x, height), fill=PALETTE.board_line, width=2)
    for i in range(marks):
        x, y = (i * step) % width, (i * step // width) * step
        draw.rectangle((x + 4, y + 4, x + step - 4, y + step - 4), fill=colour)
    return to_png(image)


def _read(gif: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    return image


def _durations(image: Image.Image) -> list[int]:
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append(image.info["duration"])
    return out


def test_gif_has_one_frame_per_position_with_the_given_timing():
    frames = [_frame(900, 700, n) for n in range(1, 6)]
    gif = animate(frames, duration_ms=400, last_ms=2000, max_width=480)
    image = _read(gif)
    assert image.n_frames == 5
    assert _durations(image) == [400, 400, 400, 400, 2000]
    assert image.size == (480, round(700 * 480 / 900))
    assert image.info.get("loop") == 0  # loops forever


def test_repeated_positions_lengthen_the_previous_frame():
    a, b = _frame(600, 400, 1), _frame(600, 400, 2)
    image = _read(animate([a, a, b, b, b], duration_ms=500, last_ms=1500))
    assert image.n_frames == 2
    assert _durations(image) == [1000, 500 + 500 + 1500]


def test_frames_of_different_sizes_share_one_canvas_and_small_ones_are_not_enlarged():
    frames = [_frame(300, 200, 1), _frame(400, 500, 2), _frame(1000, 500, 3)]
    image = _read(animate(frames, max_width=480))
    # 300x200 stays; 400x500 stays; 1000x500 shrinks to 480x240: the canvas holds them all.
    assert image.size == (480, 500)
    assert image.n_frames == 3


def test_every_gif_frame_looks_like_its_source():
    frames = [_frame(960, 720, n, colour) for n, colour in [(2, (214, 48, 48)), (9, (36, 150, 72))]]
    image = _read(animate(frames, max_width=480))
    for index, data in enumerate(frames):
        image.seek(index)
        shown = image.convert("RGB")
        source = Image.open(io.BytesIO(data)).convert("RGB").resize(shown.size)
        difference = ImageStat.Stat(ImageChops.difference(shown, source)).mean
        assert max(difference) < 6, (index, difference)


def test_long_games_stay_small():
    """Deltas only: 24 positions of a mostly unchanged board cost far less than 40 boards."""
    frames = [_frame(700, 700, n % 20 + 1) for n in range(24)]
    one = len(animate(frames[:1]))
    many = len(animate(frames))
    assert many < one * 8
    assert many < 1_000_000


def test_animate_needs_frames():
    with pytest.raises(ValueError):
        animate([])


def test_contact_sheet_numbers_every_frame_in_reading_order():
    frames = [_frame(800, 600, n) for n in range(1, 7)]
    sheet = Image.open(io.BytesIO(sequence(frames, columns=4, max_width=1600)))
    assert sheet.format == "PNG"
    sheet = sheet.convert("RGB")
    assert sheet.width == 1600
    gap = 12
    cell_w = (1600 - gap * 5) // 4
    cell_h = round(cell_w * 600 / 800)
    assert sheet.height == gap + 2 * (cell_h + gap)
    # A yellow number badge in the top-left corner of each of the six cells, none in the two
    # empty cells of the second row.
    for index in range(8):
        row, col = divmod(index, 4)
        x = gap + col * (cell_w + gap) + 3
        y = gap + row * (cell_h + gap) + 17
        pixel = sheet.getpixel((x, y))
        is_badge = all(abs(a - b) <= 12 for a, b in zip(pixel, PALETTE.bar_turn, strict=True))
        assert is_badge == (index < 6), index


def test_contact_sheet_of_a_long_game_adds_columns_instead_of_growing_forever():
    frames = [_frame(200, 600, 1)] * 40
    sheet = Image.open(io.BytesIO(sequence(frames, columns=2, max_width=1200)))
    assert sheet.height <= MAX_SHEET_HEIGHT and sheet.width == 1200


def test_sequence_needs_frames():
    with pytest.raises(ValueError):
        sequence([])
