"""Shared drawing helpers: the pieces every game renderer leans on."""

from __future__ import annotations

import ast
import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from render import common
from render.common import (
    COORD_MARGIN,
    MIN_WIDTH,
    PALETTE,
    Grid,
    blend,
    capture_mark,
    contrast,
    default_status,
    disc,
    draw_coordinates,
    file_letters,
    fit_text,
    font,
    highlight_square,
    new_canvas,
    seat_label,
    text_width,
    title_bar,
    to_png,
)
from render.fonts import have_shipped_font
from render.title_bar import _fitted_seat_label

RENDER_DIR = Path(common.__file__).parent


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def count_colour(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 10) -> int:
    colours = image.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return sum(n for n, px in colours if close(px, colour, tolerance))


# -- fonts -----------------------------------------------------------------------------------


def test_font_uses_shipped_typeface_and_is_cached() -> None:
    assert have_shipped_font()
    regular = font(24)
    assert isinstance(regular, ImageFont.FreeTypeFont)
    assert "SourceSansPro" in regular.path
    assert font(24) is regular
    bold = font(24, bold=True)
    assert bold.path != regular.path
    assert "Bold" in bold.path


def test_font_size_changes_text_width() -> None:
    assert text_width("Ordo", font(40)) > text_width("Ordo", font(20))


# -- colours and text ------------------------------------------------------------------------


def test_contrast_picks_readable_colour() -> None:
    assert contrast((255, 255, 255))[0] < 60
    assert contrast((0, 0, 0))[0] > 200
    assert contrast(PALETTE.seat_colour(1))[0] > 200


def test_blend_endpoints_and_middle() -> None:
    assert blend((0, 0, 0), (200, 100, 50), 0) == (0, 0, 0)
    assert blend((0, 0, 0), (200, 100, 50), 1) == (200, 100, 50)
    assert blend((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)


@given(st.text(alphabet="abcdefghij XYZ_", min_size=0, max_size=80))
def test_fit_text_always_fits(text: str) -> None:
    fnt = font(28)
    fitted = fit_text(text, fnt, 200)
    assert text_width(fitted, fnt) <= 200
    if text_width(text, fnt) <= 200:
        assert fitted == text
    else:
        assert fitted.endswith("…")


def test_seat_label_and_default_status() -> None:
    assert seat_label(0, ["alice", "bob"]) == "alice (White)"
    assert seat_label(1, None) == "Black"
    assert seat_label(2, ["a", "b", "carol"]) == "carol (Red)"
    assert default_status(1, ["alice", "bob"]) == "bob (Black) to move"
    assert default_status(None, ["alice", "bob"]) == ""
    assert default_status([0, 1], None) == "White and Black to move"


def test_palette_seat_colours_are_distinct() -> None:
    colours = PALETTE.seat_colours
    assert len(set(colours)) == len(colours) == len(PALETTE.seat_names)


# -- title bar -------------------------------------------------------------------------------


def _band_pixels(bar: Image.Image, x0: int, x1: int) -> int:
    return count_colour(bar.crop((x0, 0, x1, bar.height)), PALETTE.bar_turn, 4)


def test_title_bar_marks_only_the_seat_to_move() -> None:
    width = 880
    white_turn = title_bar(width, title="Ordo", seats=2, players=["alice", "bob"], to_move=0)
    black_turn = title_bar(width, title="Ordo", seats=2, players=["alice", "bob"], to_move=1)
    assert white_turn.width == width
    # The status line is drawn in the band colour too, so compare halves rather than zero.
    assert _band_pixels(white_turn, 0, width // 2) > 5 * _band_pixels(white_turn, width // 2, width)
    assert _band_pixels(black_turn, width // 2, width) > 5 * _band_pixels(black_turn, 0, 40)
    assert _band_pixels(black_turn, width // 2, width) > 10_000


def test_title_bar_without_mover_has_no_band() -> None:
    bar = title_bar(880, title="Ordo", seats=2, players=["a", "b"], to_move=None, status=None)
    assert _band_pixels(bar, 0, bar.width) == 0


def test_title_bar_grows_for_long_status_and_many_seats() -> None:
    short = title_bar(880, title="X", seats=2, status="done")
    long = title_bar(880, title="X", seats=2, status="word " * 60)
    many = title_bar(880, title="X", seats=6, status="done")
    assert long.height > short.height
    assert many.height > short.height


def test_title_bar_swatches_use_seat_colours() -> None:
    bar = title_bar(880, title="Fuer", seats=4, to_move=None, status="")
    for seat in range(4):
        assert count_colour(bar, PALETTE.seat_colour(seat), 6) > 100


def test_long_name_keeps_colour_word() -> None:
    fnt = font(28)
    label = _fitted_seat_label(1, ["x" * 200, "y" * 200], PALETTE, fnt, 300)
    assert label.endswith("… (Black)")
    assert text_width(label, fnt) <= 300


# -- grids and coordinates -------------------------------------------------------------------


@given(st.integers(1, 12), st.integers(1, 12), st.integers(20, 90), st.data())
def test_grid_cell_at_inverts_box(cols: int, rows: int, cell: int, data: st.DataObject) -> None:
    grid = Grid(cols, rows, cell, 30, 50)
    col = data.draw(st.integers(0, cols - 1))
    row = data.draw(st.integers(0, rows - 1))
    x0, y0, x1, y1 = grid.box(col, row)
    assert (x1 - x0, y1 - y0) == (cell, cell)
    assert grid.cell_at(x0, y0) == (col, row)
    assert grid.cell_at(x1 - 1, y1 - 1) == (col, row)
    assert grid.cell_at(*grid.center(col, row)) == (col, row)
    assert grid.cell_at(grid.left - 1, y0) is None
    assert grid.cell_at(x0, grid.bottom) is None


def test_file_letters() -> None:
    assert file_letters(10) == list("abcdefghij")
    assert file_letters(28)[-2:] == ["aa", "ab"]


def test_coordinates_drawn_on_all_four_edges() -> None:
    grid = Grid(4, 3, 60)
    image = new_canvas(MIN_WIDTH, grid.bottom + COORD_MARGIN)
    draw_coordinates(ImageDraw.Draw(image), grid, list("abcd"), ["3", "2", "1"])
    regions = {
        "top": (grid.left, 0, grid.right, grid.top),
        "bottom": (grid.left, grid.bottom, grid.right, image.height),
        "left": (0, grid.top, grid.left, grid.bottom),
        "right": (grid.right, grid.top, grid.right + COORD_MARGIN, grid.bottom),
    }
    for name, box in regions.items():
        ink = count_colour(image.crop(box), PALETTE.text, 60)
        assert ink > 30, name
    # Nothing is drawn on the board area itself.
    assert (
        count_colour(image.crop((grid.left, grid.top, grid.right, grid.bottom)), PALETTE.text, 60)
        == 0
    )


# -- pieces and marks ------------------------------------------------------------------------


def test_disc_is_round_with_outline_and_fill() -> None:
    sprite = disc(60, (250, 0, 0), (0, 0, 250), 5)
    assert sprite.size == (60, 60)
    assert sprite.mode == "RGBA"
    assert sprite.getpixel((0, 0))[3] == 0  # corner is transparent
    assert close(sprite.getpixel((30, 30)), (250, 0, 0))
    assert close(sprite.getpixel((30, 2)), (0, 0, 250), 40)


def test_highlight_square_tints_and_frames() -> None:
    image = Image.new("RGB", (100, 100), (0, 0, 0))
    highlight_square(
        ImageDraw.Draw(image),
        (10, 10, 90, 90),
        (200, 100, 0),
        base=(0, 0, 0),
        strength=0.5,
        frame=6,
    )
    assert image.getpixel((50, 50)) == (100, 50, 0)
    assert image.getpixel((12, 50)) == (200, 100, 0)
    assert image.getpixel((5, 5)) == (0, 0, 0)


def test_capture_mark_crosses_the_cell() -> None:
    image = Image.new("RGB", (100, 100), (255, 255, 255))
    capture_mark(ImageDraw.Draw(image), (0, 0, 100, 100))
    assert image.getpixel((50, 50)) == PALETTE.highlight_capture
    assert image.getpixel((50, 5)) == (255, 255, 255)


# -- canvas and encoding ---------------------------------------------------------------------


def test_new_canvas_enforces_minimum_width() -> None:
    assert new_canvas(300, 200).size == (MIN_WIDTH, 200)
    assert new_canvas(900, 200).size == (900, 200)


def test_to_png_round_trips_flat_art() -> None:
    image = new_canvas(MIN_WIDTH, 300)
    draw = ImageDraw.Draw(image)
    draw.rectangle((100, 100, 200, 200), fill=PALETTE.highlight_to)
    data = to_png(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    assert decoded.size == image.size
    assert close(decoded.getpixel((150, 150)), PALETTE.highlight_to, 4)
    assert close(decoded.getpixel((10, 10)), PALETTE.background, 4)
    raw = Image.open(io.BytesIO(to_png(image, quantize=False))).convert("RGB")
    assert raw.getpixel((150, 150)) == PALETTE.highlight_to


# -- boundaries ------------------------------------------------------------------------------

FORBIDDEN = {"discord", "asyncio", "sqlite3", "aiosqlite"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_render_package_never_imports_io_layers() -> None:
    for path in sorted(RENDER_DIR.glob("*.py")):
        assert not (_imported_roots(path) & FORBIDDEN), path.name


def test_shared_helpers_do_not_import_rules() -> None:
    for name in ("common.py", "drawing.py", "title_bar.py", "png.py", "fonts.py", "ordo.py"):
        assert "games" not in _imported_roots(RENDER_DIR / name), name


def test_title_bar_details_add_a_line_under_each_name() -> None:
    plain = title_bar(880, title="X", seats=4, to_move=0)
    detailed = title_bar(880, title="X", seats=4, to_move=0, details=["3 cards", "", "x", "y"])
    empty = title_bar(880, title="X", seats=4, to_move=0, details=None)
    # Two rows of seats, each one detail line taller; without details nothing changes.
    assert detailed.height > plain.height == empty.height
    assert plain.tobytes() == empty.tobytes()

    # The mover's yellow band covers its detail line too.
    def band_rows(bar: Image.Image) -> int:
        return sum(1 for y in range(bar.height) if bar.getpixel((30, y)) == PALETTE.bar_turn)

    assert band_rows(detailed) > band_rows(plain)


def test_a_decided_match_shows_nobody_to_move() -> None:
    """Issue 14.16: after a resignation the loser used to stay highlighted "to move"."""
    palette = common.PALETTE
    names = ["alice (White)", "bob (Black)"]

    def turn_pixels(status: str | None) -> int:
        bar = common.title_bar(800, title="Ordo", seats=2, players=names, to_move=1, status=status)
        # the status line itself is drawn in the same colour: count the seat rows only
        rows = bar.crop((0, 50, bar.width, 110)).convert("RGB")
        turn = tuple(palette.bar_turn[:3])
        return sum(count for count, px in rows.getcolors(1 << 24) or [] if px == turn)

    assert turn_pixels(None) > 1000
    assert turn_pixels("alice (White) wins. bob resigned.") == 0


def test_dashed_line_draws_only_the_dashes() -> None:
    image = Image.new("RGB", (101, 11), (255, 255, 255))
    common.dashed_line(
        ImageDraw.Draw(image), (0, 5), (100, 5), [(0.0, 0.25), (0.5, 0.75)], (0, 0, 0), 3
    )
    inked = [x for x in range(101) if image.getpixel((x, 5)) == (0, 0, 0)]
    assert inked == [*range(0, 26), *range(50, 76)]
    assert image.getpixel((10, 1)) == (255, 255, 255)  # 3 px wide, not more


def test_plural_and_wrap_lines() -> None:
    assert common.plural(1, "card") == "1 card"
    assert common.plural(0, "tile") == "0 tiles"
    fnt = font(20)
    words = "one two three four five six seven eight nine ten " * 3
    lines = common.wrap_lines(words, fnt, 120, max_lines=2)
    assert len(lines) == 2 and all(text_width(line, fnt) <= 120 for line in lines)
    assert lines[-1].endswith("…")
    assert common.wrap_lines("short", fnt, 120) == ["short"]


def test_six_seats_facts_are_never_cut_where_two_columns_would_hold_them() -> None:
    """A 6-seat FENCE! bar in three columns cut "0 cards · IN JAIL · First Player" to
    "0 cards · IN JAI…", hiding who plays first: the facts choose the columns, not the seats."""
    from tests.seen_text import seen_text

    details = ["1 card · IN JAIL", "0 cards", "0 cards", "0 cards · IN JAIL · First Player"]
    details += ["1 card", "0 cards · IN JAIL"]
    with seen_text() as drawn:
        title_bar(830, title="FENCE!", seats=6, to_move=0, details=details)
    texts = [d.text for d in drawn]
    assert all(detail in texts for detail in details), texts
    assert not any(text.endswith("…") for text in texts), texts
