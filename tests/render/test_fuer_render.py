"""Fuer images: they decode, are wide enough for a phone, and mark what the view says."""

from __future__ import annotations

import io
import json
import random

from PIL import Image

import render
from games.fuer import RULES
from render import fuer as art


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 14) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def pixel(image: Image.Image, space: str, dx: float = 0, dy: float = 0) -> tuple[int, ...]:
    """The colour at an offset from a space's centre in the final image."""
    x, y = art.space_center(space)
    left = (image.width - art.BOARD_WIDTH) // 2
    return image.getpixel((round(left + x + dx), round(art.board_top(image.height) + y + dy)))


def start_after(text: str) -> tuple[dict, dict]:
    start = RULES.new()
    turn = RULES.parse(start, text)
    return RULES.view(RULES.apply(start, turn), None), RULES.presentation.highlight(start, turn)


def test_start_image_decodes_and_is_phone_sized() -> None:
    png = render.render("fuer", RULES.view(RULES.new(), None), players=["alice", "bob"])
    image = decode(png)
    assert png.startswith(b"\x89PNG")
    assert image.width >= 800
    # Open spaces are tinted, tiles solid, spaces without a tile faint.
    assert close(pixel(image, "c3", dy=26), art.OPEN_FILL)
    assert close(pixel(image, "e3", dy=26), art.TILE_FILL)
    assert close(pixel(image, "a1", dy=26), art.EMPTY_FILL)


def test_last_tile_and_its_piece_are_highlighted() -> None:
    view, mark = start_after("c3 +e3")
    plain = decode(render.render("fuer", view))
    marked = decode(render.render("fuer", view, highlight=mark))
    assert close(pixel(plain, "c3", dy=26), art.TILE_FILL)
    tinted = pixel(marked, "c3", dy=26)
    assert close(tinted, art.blend(art.TILE_FILL, art.LAST_TILE, 0.55))
    assert not close(tinted, art.TILE_FILL)
    # The frame of the last tile, just inside its edge.
    assert close(pixel(marked, "c3", dy=art.RADIUS - 7), art.LAST_TILE)
    # The new piece is dark and ringed in the highlight colour.
    assert close(pixel(marked, "e3", dy=art.PIECE / 2 - 8), art.DARK)
    ring = pixel(marked, "e3", dy=art.PIECE / 2 + 5)
    assert close(ring, art.LAST_TILE)
    assert close(pixel(plain, "e3", dy=art.PIECE / 2 + 5), art.TILE_FILL)


def test_light_pieces_and_a_finished_game_render() -> None:
    rng = random.Random(3)
    state = RULES.new()
    before = turn = None
    while RULES.outcome(state) is None:
        before, turn = state, rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, turn)
    view = RULES.view(state, None)
    image = decode(
        render.render("fuer", view, highlight=RULES.presentation.highlight(before, turn))
    )
    assert image.width >= 800
    assert json.loads(json.dumps(view))["game_over"] is True
    first = view["win_line"][0]
    assert close(pixel(image, first, dy=art.PIECE / 2 + 5), art.WIN_LINE)
    light = next(s for s, c in view["pieces"].items() if c == "S")
    assert close(pixel(image, light, dy=art.PIECE / 2 - 8), art.LIGHT)


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_empty_space_names_are_legible_at_phone_width() -> None:
    """Issue 14.18: names were 15 px and pale; at 400 px wide they must stay readable."""
    from render import fuer

    light, dark = sorted((_luminance(fuer.EMPTY_FILL), _luminance(fuer.EMPTY_NAME)))
    assert (dark + 0.05) / (light + 0.05) >= 3.0  # WCAG contrast for large-ish text
    width = fuer.BOARD_WIDTH  # the final image's board width before any phone scaling
    assert fuer.NAME_SIZE * 400 / width >= 8.5


def test_no_column_letters_along_the_slanted_top_edge() -> None:
    """Issue 14.18: top-edge letters sat over other columns' spaces."""
    import games
    from render import fuer

    rules = games.get("fuer")
    board = fuer._board(rules.view(rules.new(), None), []).convert("RGB")
    above_row_5 = fuer.space_center("a5")[1] - fuer.RADIUS - 4
    band = board.crop((0, 0, board.width, round(above_row_5)))
    assert sum(n for n, px in band.getcolors(1 << 24) or [] if sum(px) < 200) == 0
    below_row_1 = fuer.space_center("a1")[1] + fuer.RADIUS + 4
    letters = board.crop((0, round(below_row_1), board.width, board.height))
    assert sum(n for n, px in letters.getcolors(1 << 24) or [] if sum(px) < 200) > 200  # a..i


def test_the_image_says_the_last_turn_as_every_other_game_does(monkeypatch) -> None:
    """Issue 42: Fuer's footer has a "Last turn:" line, like Ordo's, Fendo's and Fonver's."""
    said: list[str] = []
    real = art.put_text

    def recording(image, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(text)
        return real(image, xy, text, *args, **kwargs)

    monkeypatch.setattr(art, "put_text", recording)
    start = RULES.new()
    turn = RULES.legal_actions(start)[0]
    facts = RULES.presentation.highlight(start, turn)
    view = RULES.view(RULES.apply(start, turn), None)
    render.render("fuer", view, highlight=[facts], players=["alice", "bob"])
    assert f"Last turn: {facts['notation']}" in said
    said.clear()
    render.render("fuer", RULES.view(start, None), highlight=[], players=["alice", "bob"])
    assert not [text for text in said if text.startswith("Last turn")]
