"""The Ordo renderer, checked through the pixels a player would look at.

Views are built by hand: the renderer must work from the view contract alone.
"""

from __future__ import annotations

import io
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

import render
from render import ordo
from render.common import COORD_MARGIN, MIN_WIDTH, PALETTE, Grid

EMPTY = ["." * 10] * 8
START = [
    "BB.BB.BB..",
    "BBBBBBBBBB",
    "..........",
    "..........",
    "..........",
    "..........",
    "WWWWWWWWWW",
    "..WW.WW.WW",
]
WHITE_FILL = PALETTE.seat_colour(0)
BLACK_FILL = PALETTE.seat_colour(1)


def view(board: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "ordo",
        "board": board or START,
        "to_move": 0,
        "counts": [20, 20],
        "split": [False, False],
        "ply": 0,
    }
    base.update(extra)
    return base


def place(pieces: dict[str, str]) -> list[str]:
    rows = [list(r) for r in EMPTY]
    for square, symbol in pieces.items():
        file, rank = ord(square[0]) - ord("a"), int(square[1:])
        rows[8 - rank][file] = symbol
    return ["".join(r) for r in rows]


def draw(v: dict[str, Any], **kwargs: Any) -> tuple[Image.Image, bytes]:
    kwargs.setdefault("players", ["alice", "bob"])
    data = render.render("ordo", v, **kwargs)
    return Image.open(io.BytesIO(data)).convert("RGB"), data


def grid_of(image: Image.Image) -> Grid:
    """Board geometry recovered from the image size: the bar height varies, the rest not."""
    top = image.height - ordo.FOOTER - COORD_MARGIN - ordo.RANKS * ordo.CELL
    return Grid(ordo.FILES, ordo.RANKS, ordo.CELL, COORD_MARGIN, top)


def square_cell(square: str, flipped: bool = False) -> tuple[int, int]:
    return ordo.screen_cell(ord(square[0]) - ord("a"), int(square[1:]), flipped)


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def board_colour(square: str) -> tuple[int, int, int]:
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    return PALETTE.board_dark if (file + rank) % 2 == 0 else PALETTE.board_light


def corner_pixel(image: Image.Image, square: str, flipped: bool = False) -> tuple[int, ...]:
    """A pixel inside the square's highlight frame but outside any piece."""
    x0, y0, _, _ = grid_of(image).box(*square_cell(square, flipped))
    return image.getpixel((x0 + 3, y0 + 3))


def centre_pixel(image: Image.Image, square: str, flipped: bool = False) -> tuple[int, ...]:
    return image.getpixel(grid_of(image).center(*square_cell(square, flipped)))


def count_near(image: Image.Image, colour: tuple[int, int, int], box: tuple[int, ...]) -> int:
    colours = image.crop(box).getcolors(maxcolors=1 << 24) or []
    return sum(n for n, px in colours if close(px, colour, 8))


# -- basics ----------------------------------------------------------------------------------


def test_png_decodes_is_wide_enough_and_small() -> None:
    image, data = draw(view())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert image.width >= MIN_WIDTH
    assert len(data) <= 200_000


def test_start_position_pieces_and_empty_squares() -> None:
    image, _ = draw(view())
    assert close(centre_pixel(image, "c1"), WHITE_FILL)
    assert close(centre_pixel(image, "a2"), WHITE_FILL)
    assert close(centre_pixel(image, "a8"), BLACK_FILL)
    assert close(centre_pixel(image, "e5"), board_colour("e5"))
    assert close(centre_pixel(image, "a1"), board_colour("a1"))  # a1 is empty at the start


@settings(max_examples=12)
@given(
    st.lists(st.text(alphabet="WB.", min_size=10, max_size=10), min_size=8, max_size=8),
    st.booleans(),
)
def test_every_square_shows_what_the_view_says(board: list[str], flipped: bool) -> None:
    image, _ = draw(view(board), perspective=1 if flipped else 0)
    for index, line in enumerate(board):
        rank = 8 - index
        for file, symbol in enumerate(line):
            square = f"{'abcdefghij'[file]}{rank}"
            expected = {"W": WHITE_FILL, "B": BLACK_FILL}.get(symbol, board_colour(square))
            assert close(centre_pixel(image, square, flipped), expected), square


def test_tolerates_missing_optional_fields_and_bad_squares() -> None:
    v = {"game": "ordo", "board": START, "to_move": 1, "counts": [20, 20], "split": [False, False]}
    bad = [{"notation": "?", "kind": "single", "from": ["z9", ""], "to": ["k1"], "captured": []}]
    image, _ = draw(v, highlight=bad, players=None)
    assert image.width >= MIN_WIDTH


# -- last move -------------------------------------------------------------------------------


CAPTURE_BOARD = place({"c6": "W", "a1": "W", "e6": "B", "h8": "B"})
CAPTURE = {"notation": "c3xc6", "kind": "single", "from": ["c3"], "to": ["c6"], "captured": ["c6"]}


def test_single_move_highlights_from_and_to_squares() -> None:
    plain, _ = draw(view(CAPTURE_BOARD, to_move=1))
    marked, _ = draw(view(CAPTURE_BOARD, to_move=1), highlight=[CAPTURE])
    assert close(corner_pixel(plain, "c3"), board_colour("c3"))
    assert close(corner_pixel(marked, "c3"), PALETTE.highlight_from)
    # c6 is both target and capture: the capture frame wins, it is the bigger news.
    assert close(corner_pixel(marked, "c6"), PALETTE.highlight_capture)
    # Squares the move did not touch stay plain.
    assert close(corner_pixel(marked, "d4"), board_colour("d4"))


def test_capture_draws_red_badge_on_captured_square() -> None:
    plain, _ = draw(view(CAPTURE_BOARD, to_move=1))
    marked, _ = draw(view(CAPTURE_BOARD, to_move=1), highlight=[CAPTURE])
    _, y0, x1, _ = grid_of(marked).box(*square_cell("c6"))
    badge_area = (x1 - 30, y0, x1, y0 + 30)
    assert count_near(marked, PALETTE.highlight_capture, badge_area) > 200
    assert count_near(plain, PALETTE.highlight_capture, badge_area) == 0
    # The badge's white cross sits right in its middle.
    assert close(marked.getpixel((x1 - 15, y0 + 15)), (255, 255, 255), 30)


def test_arrow_runs_between_from_and_to() -> None:
    marked, _ = draw(view(CAPTURE_BOARD, to_move=1), highlight=[CAPTURE])
    plain, _ = draw(view(CAPTURE_BOARD, to_move=1))
    grid = grid_of(marked)
    x, y = grid.center(*square_cell("c4"))  # halfway along c3 -> c6
    assert not close(marked.getpixel((x, y)), plain.getpixel((x, y)), 30)
    assert close(marked.getpixel((x, y)), ordo.ARROW, 12)


def test_ordo_move_highlights_every_piece_of_the_line() -> None:
    board = place({"e5": "W", "f5": "W", "g5": "W", "a1": "W", "a8": "B"})
    step = {
        "notation": "e3-g3:e5",
        "kind": "ordo",
        "from": ["e3", "f3", "g3"],
        "to": ["e5", "f5", "g5"],
        "captured": [],
    }
    image, _ = draw(view(board, to_move=1), highlight=[step])
    for square in ("e3", "f3", "g3"):
        assert close(corner_pixel(image, square), PALETTE.highlight_from)
    for square in ("e5", "f5", "g5"):
        assert close(corner_pixel(image, square), PALETTE.highlight_to)
    assert count_near(image, PALETTE.highlight_capture, (0, 0, image.width, image.height)) < 50


def test_multi_step_turn_highlights_each_step() -> None:
    board = place({"b4": "W", "h2": "W"})
    steps = [
        {"notation": "b2-b4", "kind": "single", "from": ["b2"], "to": ["b4"], "captured": []},
        {"notation": "h1-h2", "kind": "single", "from": ["h1"], "to": ["h2"], "captured": []},
    ]
    image, _ = draw(view(board, to_move=1), highlight=steps)
    for square in ("b2", "h1"):
        assert close(corner_pixel(image, square), PALETTE.highlight_from)
    for square in ("b4", "h2"):
        assert close(corner_pixel(image, square), PALETTE.highlight_to)


# -- perspective -----------------------------------------------------------------------------


def test_perspective_one_puts_black_home_at_the_bottom() -> None:
    board = place({"a1": "W", "j8": "B"})
    white_view, _ = draw(view(board), perspective=0)
    black_view, _ = draw(view(board), perspective=1)
    grid = grid_of(white_view)
    bottom_left = grid.center(0, ordo.RANKS - 1)
    top_right = grid.center(ordo.FILES - 1, 0)
    assert close(white_view.getpixel(bottom_left), WHITE_FILL)
    assert close(white_view.getpixel(top_right), BLACK_FILL)
    assert close(black_view.getpixel(bottom_left), BLACK_FILL)
    assert close(black_view.getpixel(top_right), WHITE_FILL)


def test_perspective_flips_coordinate_labels() -> None:
    white_view, _ = draw(view(EMPTY))
    black_view, _ = draw(view(EMPTY), perspective=1)
    grid = grid_of(white_view)

    def rank_label(image: Image.Image, row: int) -> Image.Image:
        _, cy = grid.center(0, row)
        return image.crop((0, cy - 20, COORD_MARGIN, cy + 20))

    def file_label(image: Image.Image, col: int) -> Image.Image:
        cx, _ = grid.center(col, 0)
        return image.crop((cx - 20, grid.bottom, cx + 20, grid.bottom + COORD_MARGIN))

    def same(a: Image.Image, b: Image.Image) -> bool:
        # Each image chooses its own 256 colours, so one glyph's anti-aliased edge may round
        # to slightly different entries in two images (up to ~16 levels); two different
        # glyphs differ by far more (black on sand: 200).
        diff = ImageChops.difference(a, b)
        return max(high for _, high in diff.getextrema()) <= 16

    # "1" is at the bottom for White and at the top for Black; "a" moves from left to right.
    assert same(rank_label(white_view, ordo.RANKS - 1), rank_label(black_view, 0))
    assert same(rank_label(white_view, 0), rank_label(black_view, ordo.RANKS - 1))
    assert not same(rank_label(white_view, 0), rank_label(white_view, ordo.RANKS - 1))
    assert same(file_label(white_view, 0), file_label(black_view, ordo.FILES - 1))
    assert not same(file_label(white_view, 0), file_label(white_view, ordo.FILES - 1))


def test_highlight_follows_the_flip() -> None:
    image, _ = draw(view(CAPTURE_BOARD, to_move=1), highlight=[CAPTURE], perspective=1)
    assert close(corner_pixel(image, "c3", flipped=True), PALETTE.highlight_from)
    assert close(corner_pixel(image, "c6", flipped=True), PALETTE.highlight_capture)


# -- title bar and footer --------------------------------------------------------------------


def _bar_band(image: Image.Image, left: bool) -> int:
    top = image.height - ordo.FOOTER - 2 * COORD_MARGIN - ordo.RANKS * ordo.CELL
    half = image.width // 2
    box = (0, 0, half, top) if left else (half, 0, image.width, top)
    return count_near(image, PALETTE.bar_turn, box)


def test_title_bar_marks_whose_turn_it_is() -> None:
    white, _ = draw(view(to_move=0))
    black, _ = draw(view(to_move=1))
    assert _bar_band(white, left=True) > 10_000 > _bar_band(white, left=False)
    assert _bar_band(black, left=False) > 10_000
    assert _bar_band(black, left=True) < _bar_band(white, left=True)


def test_finished_game_shows_status_and_no_turn_band() -> None:
    default, _ = draw(view(to_move=None))
    custom, _ = draw(view(to_move=None), status="alice (White) wins by reaching the far row")
    assert _bar_band(default, left=False) == 0
    assert default.tobytes() != custom.tobytes()


def _footer_warning(image: Image.Image, left: bool) -> int:
    top = image.height - ordo.FOOTER
    half = image.width // 2
    box = (0, top, half, image.height) if left else (half - 200, top, image.width, image.height)
    return count_near(image, PALETTE.warning, box)


def test_split_warning_appears_only_for_split_sides() -> None:
    none, _ = draw(view(split=[False, False]))
    white, _ = draw(view(split=[True, False]))
    black, _ = draw(view(split=[False, True]))
    footer = (0, none.height - ordo.FOOTER, none.width, none.height)
    assert count_near(none, PALETTE.warning, footer) == 0
    assert count_near(white, PALETTE.warning, footer) > 500
    assert count_near(black, PALETTE.warning, footer) > 500

    # White's tag sits further left than Black's.
    def first_column(image: Image.Image) -> int:
        y = image.height - ordo.FOOTER // 2 - 6
        for x in range(image.width):
            if close(image.getpixel((x, y)), PALETTE.warning, 8):
                return x
        return -1

    assert 0 < first_column(white) < first_column(black)


def test_piece_counts_change_the_footer() -> None:
    a, _ = draw(view(counts=[20, 20]))
    b, _ = draw(view(counts=[12, 20]))
    top = a.height - ordo.FOOTER
    assert (
        a.crop((0, top, a.width, a.height)).tobytes()
        != b.crop((0, top, b.width, b.height)).tobytes()
    )
    # Above the footer nothing changes beyond palette rounding (each image chooses its own
    # 256 colours: an anti-aliased edge may land up to ~16 levels apart in two images).
    diff = ImageChops.difference(a.crop((0, 0, a.width, top)), b.crop((0, 0, b.width, top)))
    assert max(high for _, high in diff.getextrema()) <= 16


def test_the_corner_counts_turns_as_the_history_and_the_review_do() -> None:
    """A review's "move 23" and ``/match history``'s "23." name the 23rd turn; the board drawn
    after it must not call that position "move 12" (full moves) beside them."""
    from render.ordo import _turns

    assert _turns(22, over=False) == "turn 23"
    assert _turns(23, over=True) == "23 turns played"
    assert _turns(None, over=False) is None
