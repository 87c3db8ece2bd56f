"""Fendo images: they decode, are phone-wide, and really draw fences, tints and highlights."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

import render
from games.fendo import RULES
from render import fendo as art
from tests.games.fendo.positions import every_area_closed

RGB = tuple[int, int, int]


def close(pixel: tuple[int, ...], colour: RGB, tolerance: int = 14) -> bool:
    """PNGs are palette-quantised, so colours come back approximately."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(png)).convert("RGB")


def split_position() -> dict:
    """Ranks 1–2 closed for White, ranks 5–7 for Orange, ranks 3–4 open."""
    state = RULES.from_position(
        json.dumps(
            {
                "size": 7,
                "pieces": {"d1": "W", "c3": "W", "e4": "O", "d7": "O"},
                "fences": [f"{f}2/{f}3" for f in "abcdefg"] + [f"{f}4/{f}5" for f in "abcdefg"],
                "stock": {"W": 2, "O": 2},
                "to_move": "W",
                "passes": 0,
                "options": {"early_end": False},
            }
        )
    )
    return RULES.view(state, None)


@pytest.mark.parametrize("size", [7, 9, 11])
@pytest.mark.parametrize("perspective", [0, 1])
def test_every_size_renders_phone_wide(size: int, perspective: int) -> None:
    state = RULES.new(options={"size": size})
    action = RULES.legal_actions(state)[-1]
    after = RULES.apply(state, action)
    png = render.render(
        "fendo",
        RULES.view(after, None),
        perspective=perspective,
        highlight=RULES.presentation.highlight(state, action),
        players=["alice", "bob"],
    )
    image = decode(png)
    assert image.width >= 800
    assert image.height > image.width


def test_closed_areas_are_tinted_by_owner_and_the_open_area_is_plain() -> None:
    view = split_position()
    board = art.layout(view, perspective=0)
    image = decode(render.render("fendo", view, perspective=0, highlight=[], players=None))

    def probe(square: str) -> tuple[int, ...]:
        x0, y0, _, _ = board.grid.box(*board.cell(square))
        return image.getpixel((x0 + 8 + board.grid.cell // 8, y0 + 8 + board.grid.cell // 8))

    assert close(probe("a1"), art.TERRITORY[0])
    assert close(probe("g7"), art.TERRITORY[1])
    assert close(probe("a3"), art.OPEN)
    assert view["scores"] == [14, 21]


def test_fences_are_drawn_as_bars_on_the_grid_line() -> None:
    view = split_position()
    board = art.layout(view, perspective=1)
    image = decode(render.render("fendo", view, perspective=1, highlight=[], players=None))
    x0, y0, x1, y1 = board.fence_line("c2/c3")
    assert close(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), art.FENCE)
    # No fence between c3 and c4: the grid line there is thin and light.
    x0, y0, x1, y1 = board.fence_line("c3/c4")
    assert not close(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), art.FENCE, 40)


def test_last_move_shows_new_fence_route_and_landing_square() -> None:
    state = RULES.new()
    action = RULES.parse(state, "d1-b4e")
    after = RULES.apply(state, action)
    view = RULES.view(after, None)
    mark = RULES.presentation.highlight(state, action)
    board = art.layout(view, perspective=0)
    image = decode(render.render("fendo", view, perspective=0, highlight=[mark], players=None))
    x0, y0, x1, y1 = board.fence_line("b4/c4")
    assert close(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), art.NEW_FENCE)
    # The route runs d1 → b1 → b4: the middle of c1 lies on the blue line.
    assert close(image.getpixel(board.centre("c1")), art.ROUTE, 30)
    bx0, by0, _, _ = board.grid.box(*board.cell("b4"))
    assert close(image.getpixel((bx0 + 12, by0 + 12)), art.LANDING)
    # Without the highlight, none of that is drawn.
    plain = decode(render.render("fendo", view, perspective=0, highlight=[], players=None))
    assert close(plain.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), art.FENCE)
    assert close(plain.getpixel(board.centre("c1")), art.OPEN)


def test_added_piece_is_ringed() -> None:
    state = RULES.new()
    action = RULES.parse(state, "c3")
    view = RULES.view(RULES.apply(state, action), None)
    board = art.layout(view, perspective=0)
    mark = RULES.presentation.highlight(state, action)
    image = decode(render.render("fendo", view, perspective=0, highlight=[mark], players=None))
    cx, cy = board.centre("c3")
    piece = int(board.grid.cell * 0.66)
    ring_width = max(6, board.grid.cell // 12)
    radius = piece // 2 + ring_width // 2 + 2
    assert close(image.getpixel((cx + radius, cy)), art.ROUTE, 30)
    assert close(image.getpixel((cx, cy)), art.WHITE)


def test_game_over_shows_the_result_when_no_status_is_given() -> None:
    state = every_area_closed()
    view = RULES.view(state, None)
    assert art._status(view, None) == "Every area is closed: Orange wins 28–21."
    assert art._status(view, "custom") == "custom"
    decode(render.render("fendo", view, perspective=None, highlight=None, players=None))
