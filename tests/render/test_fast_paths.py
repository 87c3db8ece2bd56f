"""The shortcuts that make rendering cheap must not change what players see.

Each shortcut is checked against the slow way it replaces: the sampled palette against the
RGB canvas, cached glyphs against ``ImageDraw.text``, cached layers against drawing afresh,
Fuer's sprites against drawing the whole board twice the size, FENCE!'s tile and label
sprites against drawing them in place. Speed itself is measured in ``benchmarks.render``.
"""

from __future__ import annotations

import importlib
import io
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import games
import render
from render import common, fuer
from render.common import PALETTE, disc, font, paste_centered, put_text
from render.fence import tiles
from render.fence.layout import CityLayout, extent
from render.layers import STATIC_LAYERS, LayerCache

GAMES = ("ordo", "fendo", "fonver", "fuer", "fence")
PLAYERS = ["alice", "bob", "carol", "dave"]
Case = tuple[dict[str, Any], list[dict[str, Any]]]


def _cases(game: str, count: int, seed: int = 3) -> list[Case]:
    """Positions of random games at varied depths, each with its last turn highlighted."""
    rules = games.get(game)
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count:
        if game == "fence":
            state = rules.new(4, {"quick_map": len(cases) % 3 != 2}, seed=rng.randrange(1 << 20))
        else:
            state = rules.new(2, {}, seed=rng.randrange(1 << 20))
        turn: list[dict[str, Any]] = []
        for _ in range(rng.randrange(3, 90)):
            if rules.outcome(state) is not None:
                break
            before = state
            action = rng.choice(rules.legal_actions(state))
            turn.append(rules.presentation.highlight(state, action))
            state = rules.apply(state, action)
            if rules.turn_ended(before, state):
                last, turn = turn, []
        cases.append((rules.view(state, None), turn or last))
    return cases


def _decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _differences(a: Image.Image, b: Image.Image) -> list[int]:
    """Per pixel, the largest difference over the three channels."""
    assert a.size == b.size
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    return list(ImageChops.lighter(ImageChops.lighter(red, green), blue).tobytes())


@pytest.fixture
def cold_layers() -> Iterator[None]:
    STATIC_LAYERS.clear()
    yield
    STATIC_LAYERS.clear()


# -- the palette ---------------------------------------------------------------------------


def test_the_sampled_palette_keeps_flat_colours_and_hairlines() -> None:
    """Sixty flat colours and two 1 px lines in colours of their own: the lines fall between
    the rows and columns a square sampling grid would look at, the lattice still finds them."""
    rng = random.Random(1)
    image = Image.new("RGB", (900, 900), PALETTE.background)
    draw = ImageDraw.Draw(image)
    colours = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(60)]
    for i, colour in enumerate(colours):
        x, y = (i % 8) * 110 + 10, (i // 8) * 110 + 10
        draw.rectangle((x, y, x + 60, y + 60), fill=colour)
    draw.line((0, 853, 899, 853), fill=(0, 200, 120), width=1)
    draw.line((857, 0, 857, 899), fill=(200, 0, 220), width=1)
    decoded = _decode(common.to_png(image))

    def near(xy: tuple[int, int], colour: tuple[int, int, int]) -> bool:
        return all(abs(a - b) <= 8 for a, b in zip(decoded.getpixel(xy), colour, strict=True))

    for i, colour in enumerate(colours):
        assert near(((i % 8) * 110 + 40, (i // 8) * 110 + 40), colour)
    assert near((400, 853), (0, 200, 120))
    assert near((857, 880), (200, 0, 220))


def _drawn(game: str, count: int) -> list[tuple[Image.Image, bytes]]:
    """``count`` boards of ``game``: each RGB canvas as drawn, and the PNG made of it."""
    canvases: list[Image.Image] = []
    module = importlib.import_module("render.fence.city" if game == "fence" else f"render.{game}")
    real = common.to_png

    def keep(image: Image.Image, **kwargs: Any) -> bytes:
        canvases.append(image.copy())
        return real(image, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "to_png", keep)
        pngs = [
            render.render(game, view, highlight=highlight, players=PLAYERS)
            for view, highlight in _cases(game, count)
        ]
    return list(zip(canvases, pngs, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_palette_png_decodes_to_the_pixels_pillow_would_write(game: str) -> None:
    """``palette_png`` writes the PNG itself (ISA-L's deflate instead of Pillow's writer):
    decoded, every pixel and palette colour is what Pillow's own file of the same palette
    image gives, for every game's board and a palette of three colours."""
    canvases = [canvas for canvas, _ in _drawn(game, 2)]
    small = Image.new("RGB", (7, 3), (10, 20, 30))
    small.putpixel((3, 1), (200, 0, 0))
    for canvas in [*canvases, small, small.crop((0, 0, 1, 1))]:
        indexed = common.quantized(canvas)
        ours = Image.open(io.BytesIO(common.palette_png(indexed)))
        buffer = io.BytesIO()
        indexed.save(buffer, format="PNG")
        pillows = Image.open(io.BytesIO(buffer.getvalue()))
        assert ours.mode == "P" and ours.size == canvas.size
        assert ours.tobytes() == pillows.tobytes()
        assert ours.convert("RGB").tobytes() == pillows.convert("RGB").tobytes()


def test_the_same_image_always_gives_the_same_bytes() -> None:
    view, highlight = _cases("ordo", 1)[0]
    first = render.render("ordo", view, highlight=highlight, players=PLAYERS[:2])
    again = render.render("ordo", view, highlight=highlight, players=PLAYERS[:2])
    assert first == again


@pytest.mark.parametrize("game", GAMES)
def test_every_board_stays_visibly_equal_to_its_rgb_canvas(game: str) -> None:
    """The 256 colours chosen from a sample: flat areas keep their colour within a few levels
    (Pillow maps a pixel to the nearest entry of a coarse colour cell, so even a colour in
    the palette may move by 3) and only anti-aliased edges round further: at most one pixel
    in a thousand moves by more than 16 levels and none by more than 64 (a visible change
    of colour)."""
    for canvas, png in _drawn(game, 4):
        widest = _differences(canvas, _decode(png))
        assert sum(d > 16 for d in widest) <= len(widest) // 1000
        assert max(widest) <= 64
        assert sum(widest) / len(widest) < 3


# -- cached glyphs ---------------------------------------------------------------------------


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rt", "lt"])
@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_cached_text_is_what_imagedraw_draws(anchor: str, mode: str) -> None:
    background = (36, 40, 50, 255)[: len(mode)]
    for xy, text, fnt in [
        ((20, 30), "alice (White) to move", font(30, weight="semibold")),
        ((200.5, 40.25), "bob · 3 cards", font(24)),
        ((120.75, 20.5), "Ordo", font(34, bold=True)),
    ]:
        expected = Image.new(mode, (400, 80), background)
        ImageDraw.Draw(expected).text(xy, text, font=fnt, fill=(250, 196, 40), anchor=anchor)
        cached = Image.new(mode, (400, 80), background)
        put_text(cached, xy, text, fnt, (250, 196, 40), anchor=anchor)
        put_text(cached, xy, text, fnt, (250, 196, 40), anchor=anchor)  # again, from the cache
        again = Image.new(mode, (400, 80), background)
        put_text(again, xy, text, fnt, (250, 196, 40), anchor=anchor)
        assert again.tobytes() == expected.tobytes()


# -- the layer cache -------------------------------------------------------------------------


def test_the_layer_cache_is_bounded_by_bytes_and_keeps_the_recently_used() -> None:
    drawn: list[str] = []

    def draw(name: str, side: int) -> Image.Image:
        drawn.append(name)
        return Image.new("RGB", (side, side))

    cache = LayerCache(max_bytes=3 * 100 * 100 * 4)
    a = cache.get("a", draw, "a", 100)
    cache.get("b", draw, "b", 100)
    cache.get("c", draw, "c", 100)
    assert cache.get("a", draw, "a", 100) is a  # a hit: the very same image
    cache.get("d", draw, "d", 100)  # over budget: b, the least recently used, goes
    assert drawn == ["a", "b", "c", "d"]
    assert cache.bytes <= cache.max_bytes and len(cache) == 3
    cache.get("b", draw, "b", 100)
    assert drawn[-1] == "b"
    mask = Image.new("L", (10, 10))
    assert LayerCache.weight((Image.new("RGBA", (10, 10)), (mask, (1, 2)))) == 400 + 100


def test_warming_draws_every_default_board_once(cold_layers: None) -> None:
    """A worker warms up at start, so a player's first image after a restart is not the one
    that pays for drawing the empty board."""
    render.warm()
    boards = [("ordo", False), ("ordo", True), ("fendo", 7, False), ("fendo", 7, True)]
    boards += [("fonver", 19), ("fuer", "board")]
    assert all(board in STATIC_LAYERS for board in boards)
    drawn = STATIC_LAYERS.misses
    view, highlight = _cases("ordo", 1)[0]
    render.render("ordo", view, highlight=highlight)
    assert ("ordo", False) in STATIC_LAYERS and STATIC_LAYERS.misses - drawn < 10  # text only


def test_the_layer_cache_serves_threads_at_once() -> None:
    """With ``WORKERS=0`` boards are drawn in several threads: hits, misses and evictions
    interleave without losing count of the bytes held or handing out a wrong layer."""
    cache = LayerCache(max_bytes=4 * 10 * 10 * 4)

    def draw(shade: int) -> Image.Image:
        return Image.new("RGB", (10, 10), (shade, 0, 0))

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(3000):
            shade = rng.randrange(12)
            assert cache.get(("shade", shade), draw, shade).getpixel((0, 0))[0] == shade

    threads = [threading.Thread(target=hammer, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.bytes == sum(LayerCache.weight(draw(0)) for _ in range(len(cache)))
    assert cache.bytes <= cache.max_bytes and cache.hits + cache.misses == 8 * 3000


@pytest.mark.parametrize("game", GAMES)
def test_cached_layers_give_what_drawing_afresh_gives(game: str, cold_layers: None) -> None:
    """A key that left out something its drawing depends on (a size, an orientation, a
    pixel's parity) would hand one image's layer to another: every image rendered after
    many others must equal the same image rendered with an empty cache."""
    cases = _cases(game, 6, seed=11)
    perspectives = [0, 1] if game in ("ordo", "fendo") else [0]
    warm = {}
    for index, (view, highlight) in enumerate(cases):
        for perspective in perspectives:
            warm[index, perspective] = render.render(
                game, view, perspective=perspective, highlight=highlight, players=PLAYERS
            )
    for index, (view, highlight) in enumerate(cases):
        for perspective in perspectives:
            STATIC_LAYERS.clear()
            cold = render.render(
                game, view, perspective=perspective, highlight=highlight, players=PLAYERS
            )
            assert cold == warm[index, perspective], (index, perspective)


# -- Fuer: sprites instead of shrinking the whole board ---------------------------------------


def _fuer_board_the_slow_way(view: dict[str, Any], highlight: list[dict[str, Any]]) -> Image.Image:
    """The board as it used to be drawn: everything twice the size, then shrunk once."""
    scale = fuer.SCALE
    size = (fuer.BOARD_WIDTH * scale, fuer.BOARD_HEIGHT * scale)
    image = Image.new("RGB", size, PALETTE.background)
    draw = ImageDraw.Draw(image)
    last = {str(m["tile"]) for m in highlight if m.get("tile")}
    looks = {look[0]: look for look in fuer._looks(view, last)}
    for name in fuer.SPACES:
        look = looks.get(name, (name, "empty", None, False))
        fuer._draw_space(draw, fuer._centre(name), look)
    fuer._draw_coordinates(draw)
    fuer._draw_marks(draw, view, fuer._moves(highlight))
    for name, colour, halo in fuer._pieces(view, highlight):
        at = fuer.anchor(name)
        if halo is not None:
            paste_centered(image, disc((fuer.PIECE + 18) * scale, halo, halo, 1), at)
        rim = (225, 225, 225) if colour == fuer.DARK else (40, 40, 46)
        paste_centered(image, disc(fuer.PIECE * scale, colour, rim, 3 * scale), at)
        fuer._draw_label(draw, fuer._centre(name), fuer._piece_label(name, colour))
    return image.resize((fuer.BOARD_WIDTH, fuer.BOARD_HEIGHT), Image.Resampling.LANCZOS)


def test_fuer_sprites_look_like_the_board_drawn_twice_the_size_and_shrunk() -> None:
    """The board used to be drawn twice the size and shrunk on every image (26 ms); now each
    hexagon, piece and word is a sprite drawn so once per process."""
    rules = games.get("fuer")
    rng = random.Random(4)
    checked = 0
    while checked < 4:
        state = rules.new()
        turn: dict[str, Any] = {}
        for _ in range(rng.randrange(6, 200)):
            if rules.outcome(state) is not None:
                break
            action = rng.choice(rules.legal_actions(state))
            turn = rules.presentation.highlight(state, action)
            state = rules.apply(state, action)
        view = rules.view(state, None)
        if checked == 0 and not view.get("win_line"):
            continue  # the first case is a finished game: winning line and haloes
        slow = _fuer_board_the_slow_way(view, [turn])
        widest = _differences(slow, fuer._board(view, [turn]))
        # A space's sprite is laid over the empty space of the static board, so the
        # anti-aliased pixels of its rim blend with that space's rim rather than with the
        # background: one pixel in 200 may differ by more than 32 levels, on hexagon edges.
        assert sum(d > 32 for d in widest) <= len(widest) // 200
        assert sum(widest) / len(widest) < 1.0
        checked += 1


# -- FENCE!: tile and label sprites ------------------------------------------------------------


def test_fence_tiles_and_labels_from_sprites_equal_drawing_them_in_place(
    cold_layers: None,
) -> None:
    """Each map drawn twice, one pixel lower the second time, with the sprites of the first
    still cached: a sprite drawn for a tile at an odd row must not serve it at an even one
    (Python rounds halves to even, so a centre at x.5 would land one pixel off)."""
    for view, highlight in _cases("fence", 3, seed=7):
        for top in (120, 121):
            points = extent(view, highlight)
            window = (
                min(x for x, _ in points),
                max(x for x, _ in points),
                min(y for _, y in points),
                max(y for _, y in points),
            )
            layout = CityLayout(view, window, 100, 1400, top)
            size = (layout.width, layout.bottom + 20)
            in_place = Image.new("RGB", size, PALETTE.background)
            sprites = in_place.copy()
            draw = ImageDraw.Draw(in_place)
            for tile in view["map"]:
                box = layout.box(tile["x"], tile["y"])
                water = [bool(w) for w in tile["water"]]
                tiles._draw_tile_at(draw, box, water, tiles._hoods(layout, tile))
                tiles.draw_tile(sprites, layout, tile)
            assert in_place.tobytes() == sprites.tobytes()  # no anti-aliasing: exact
            for tile in view["map"]:
                coords = tile.get("coords")
                nodes = tiles._hoods(layout, tile)
                labels = [
                    (str(hood["name"]), bool(hood["usable"]), node)
                    for hood, (_, _, node) in zip(tile["hoods"], nodes, strict=True)
                ]
                values = tuple(int(c) for c in coords) if coords else None
                tiles._draw_labels_at(in_place, layout.box(tile["x"], tile["y"]), values, labels)
                tiles.draw_labels(sprites, layout, tile, "off limits")
            assert max(_differences(in_place, sprites)) <= 2  # text composited twice: rounding
