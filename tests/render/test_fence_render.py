"""The FENCE! map and hand images: valid PNGs of phone-readable size, drawn only from
views, with the last move, pieces and off-limits areas where the view says."""

from __future__ import annotations

import io
import random

from PIL import Image

import render
from games.fence import RULES
from render.common import title_bar
from render.fence import BLUE_CARD, PAWN_COLOURS, RED_CARD, _Layout, _palette, render_hand


def _played(players: int = 4, steps: int = 60, **options):
    state = RULES.new(players, {"quick_map": True, **options}, seed=5)
    rng = random.Random(1)
    highlight = []
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        action = rng.choice(RULES.legal_actions(state))
        highlight = [RULES.highlight(state, action)]
        state = RULES.apply(state, action)
    return state, highlight


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_full_city_renders_wide_enough_for_a_phone():
    state, highlight = _played()
    view = RULES.view(state, None)
    image = _image(render.render("fence", view, highlight=highlight, players=["a", "b", "c", "d"]))
    layout = _Layout(view, 0)
    assert image.width >= 800 and layout.cell >= 150
    assert image.width >= layout.grid.cols * layout.cell


def test_pawns_are_drawn_in_their_colours_where_the_view_puts_them():
    state, _ = _played()
    view = RULES.view(state, None)
    image = _image(render.render("fence", view))
    # The map starts below the title bar: rebuild the same bar to find the offset.
    bar = title_bar(
        image.width,
        title="FENCE!",
        seats=view["players"],
        to_move=view["to_move"],
        subtitle=f"round {view['round']}",
        palette=_palette(view),
        seat_colours=PAWN_COLOURS[: view["players"]],
    )
    layout = _Layout(view, bar.height)
    for seat, hood in enumerate(view["pawns"]):
        if hood is None or view["cops"] == hood:
            continue
        pieces_here = sum(1 for h in view["pawns"] if h == hood)
        if pieces_here > 1:
            continue
        x, y = layout.hood_xy[hood]
        assert image.getpixel((x, y)) == PAWN_COLOURS[seat]


def test_render_takes_only_public_views_and_shows_no_hand():
    state, _ = _played()
    public = RULES.view(state, None)
    mine = RULES.view(state, 0)
    # A seat's view differs only by private keys the map never draws.
    assert render.render("fence", public) == render.render("fence", {**mine, "hand": ["R1"]})


def test_setup_and_big_map_render():
    draft = RULES.new(3, seed=2)
    assert _image(render.render("fence", RULES.view(draft, None))).width >= 800
    big, _ = _played(players=6, steps=10, big_map=True, tunnel=True, ritzy_tile=True)
    assert _image(render.render("fence", RULES.view(big, None))).width >= 800


def _count(image: Image.Image, colour) -> int:
    return sum(n for n, c in image.getcolors(maxcolors=1 << 20) or [] if c == colour)


def test_hand_image_shows_the_seats_cards_in_their_colours():
    state, _ = _played(players=3, steps=30)
    view = {**RULES.view(state, 1), "starting_cards": []}
    reds = _image(render_hand({**view, "hand": ["R2", "R5"]}))
    blues = _image(render_hand({**view, "hand": ["B3"]}))
    assert reds.width >= 800
    assert _count(reds, RED_CARD) > 1000 and _count(reds, BLUE_CARD) == 0
    assert _count(blues, BLUE_CARD) > 1000 and _count(blues, RED_CARD) == 0
