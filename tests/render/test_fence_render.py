"""The FENCE! map and hand images: phone-sized PNGs drawn only from views, cropped to the
city, with the last move, candidate spots and neighbourhoods, pieces and off-limits areas
where the view says."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import render
from games.fence import RULES
from games.fence.actions import Place, PlacePawn
from render.common import PALETTE
from render.fence import (
    BLUE_CARD,
    CHOICE,
    MAX_CELL,
    MIN_CELL,
    PAWN_COLOURS,
    RED_CARD,
    SPOT_FILL,
    map_layout,
    render_hand,
)
from render.fence.hand import _info_lines
from render.fence.layout import PHONE_WIDTH
from render.fence.pieces import place_pieces

PLAYERS = ["alice", "bob", "carol", "dave"]


def _played(players: int = 4, steps: int = 60, seed: int = 5, **options: Any):
    state = RULES.new(players, {"quick_map": True, **options}, seed=seed)
    rng = random.Random(seed)
    highlight: list[dict[str, Any]] = []
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        action = rng.choice(RULES.legal_actions(state))
        highlight = [RULES.presentation.highlight(state, action)]
        state = RULES.apply(state, action)
    return state, highlight


def _drafted(steps: int, seed: int = 3, players: int = 3):
    """A map still being drafted (no Quick Map) after ``steps`` random placements."""
    state = RULES.new(players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert state.stage == "draft"
    return state


def _finished_draft(players: int, seed: int):
    """A full draft (no Quick Map) played at random until the city is complete."""
    state = RULES.new(players, {}, seed=seed)
    rng = random.Random(seed)
    while not RULES.view(state, None).get("map_done", True):
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _count(image: Image.Image, colour) -> int:
    return sum(n for n, c in image.getcolors(maxcolors=1 << 20) or [] if c == colour)


# -- size and crop -------------------------------------------------------------------------------


def test_a_full_city_renders_wide_enough_for_a_phone():
    state, highlight = _played()
    view = RULES.view(state, None)
    image = _image(render.render("fence", view, highlight=highlight, players=PLAYERS))
    _, layout = map_layout(view, highlight, PLAYERS)
    assert image.width >= 600 and MIN_CELL <= layout.cell <= MAX_CELL
    assert image.width >= layout.grid.cols * layout.cell
    assert image.size == (layout.width, image.height)


def test_a_finished_map_is_cropped_tight_to_its_tiles():
    state, _ = _played(steps=20)
    view = RULES.view(state, None)
    assert view["map_done"]
    bar, layout = map_layout(view)
    xs = [t["x"] for t in view["map"]]
    ys = [t["y"] for t in view["map"]]
    assert (layout.min_x, layout.max_x, layout.min_y, layout.max_y) == (
        min(xs),
        max(xs),
        min(ys),
        max(ys),
    )
    assert layout.empty == []  # no ring of open spots once the map is done
    image = _image(render.render("fence", view))
    for tile in view["map"]:
        x0, y0, x1, y1 = layout.box(tile["x"], tile["y"])
        assert 0 <= x0 < x1 <= image.width and bar.height <= y0 < y1 <= layout.bottom


def test_a_draft_keeps_one_ring_of_open_spots_around_the_city():
    state = _drafted(9)
    view = RULES.view(state, None)
    _, layout = map_layout(view)
    xs = [t["x"] for t in view["map"]]
    ys = [t["y"] for t in view["map"]]
    assert (layout.min_x, layout.max_x) == (min(xs) - 1, max(xs) + 1)
    assert layout.min_y <= min(ys) - 1 and layout.max_y >= max(ys) + 1
    placed = {(x, y) for x, y in zip(xs, ys, strict=True)}
    # Every legal placement is one of the dashed open spots.
    legal = {a.pos for a in RULES.legal_actions(state) if isinstance(a, Place)}
    assert legal and legal <= set(layout.empty)
    assert not placed & set(layout.empty)


# -- placement preview ---------------------------------------------------------------------------


def test_candidate_spots_are_drawn_where_the_highlight_puts_them():
    state = _drafted(9)
    view = RULES.view(state, None)
    places = [a for a in RULES.legal_actions(state) if isinstance(a, Place)]
    spots = sorted({a.pos for a in places if a.tile == places[0].tile})
    highlight = [{"kind": "spots", "spots": [list(p) for p in spots]}]
    image = _image(render.render("fence", view, highlight=highlight))
    _, layout = map_layout(view, highlight)
    for x, y in spots:
        x0, y0, x1, y1 = layout.box(x, y)
        edge = layout.px(0.03) + 2  # inside the magenta frame
        assert _near(image.getpixel((x0 + edge, (y0 + y1) // 2)), CHOICE)
        # The fill between frame and label, at the bottom-left of the spot.
        inner = (x0 + layout.cell // 6, y1 - layout.cell // 6)
        assert _near(image.getpixel(inner), SPOT_FILL)
    # An empty spot that is not a candidate stays background-coloured.
    others = [p for p in layout.empty if p not in spots]
    assert others
    x0, y0, x1, y1 = layout.box(*others[0])
    assert _near(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), PALETTE.background)


def test_spots_outside_the_city_grow_the_crop():
    state, _ = _played(steps=5)
    view = RULES.view(state, None)
    far = [max(t["x"] for t in view["map"]) + 3, 0]
    _, layout = map_layout(view, [{"kind": "spots", "spots": [far, "junk", [1]]}])
    assert layout.max_x == far[0] and layout.shows(*far)


def test_candidate_neighbourhoods_are_ringed():
    state = RULES.new(4, {"quick_map": True}, seed=9)
    hoods = [a.hood for a in RULES.legal_actions(state) if isinstance(a, PlacePawn)]
    assert hoods
    view = RULES.view(state, None)
    highlight = [{"kind": "choices", "hoods": hoods}]
    plain = _image(render.render("fence", view))
    image = _image(render.render("fence", view, highlight=highlight))
    _, layout = map_layout(view, highlight)
    r = layout.px(0.26)
    for hood in hoods:
        x, y = layout.hood_xy[hood]
        # The ring is there with the highlight, and not without it.
        hits = [(x + dx, y + dy) for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r))]
        assert sum(_near(image.getpixel(p), CHOICE, 30) for p in hits) >= 2
        assert not any(_near(plain.getpixel(p), CHOICE, 30) for p in hits)


def test_the_last_tile_placed_is_still_framed():
    state = _drafted(4)
    action = next(a for a in RULES.legal_actions(state) if isinstance(a, Place))
    highlight = [RULES.presentation.highlight(state, action)]
    after = RULES.apply(state, action)
    view = RULES.view(after, None)
    image = _image(render.render("fence", view, highlight=highlight))
    _, layout = map_layout(view, highlight)
    x0, y0, _x1, y1 = layout.box(*action.pos)
    assert _near(image.getpixel((x0 + 4, (y0 + y1) // 2)), PALETTE.highlight_to)


# -- pieces and secrecy ----------------------------------------------------------------------------


def test_pawns_are_drawn_in_their_colours_where_the_view_puts_them():
    state, _ = _played()
    view = RULES.view(state, None)
    image = _image(render.render("fence", view))
    _, layout = map_layout(view)
    pieces, _ = place_pieces(layout, view, "off limits")
    checked = 0
    for seat, hood in enumerate(view["pawns"]):
        if hood is None:
            continue
        piece = next(p for p in pieces if p.kind == "pawn" and p.seat == seat)
        assert piece.hood == hood
        assert _near(image.getpixel(piece.center), PAWN_COLOURS[seat], 4)
        checked += 1
    assert checked


def test_render_takes_only_public_views_and_shows_no_hand():
    state, _ = _played()
    public = RULES.view(state, None)
    mine = RULES.view(state, 0)
    # A seat's view differs only by private keys the map never draws, a trade offer's cards
    # included.
    secret = {**mine, "hand": ["R1"], "trade_offer": {"from": 0, "to": 1, "give": ["R1"]}}
    pending = {**public, "trade_offer": {"from": 0, "to": 1}}
    assert render.render("fence", public) == render.render("fence", {**mine, "hand": ["R1"]})
    assert render.render("fence", pending) == render.render("fence", secret)


def test_setup_big_map_and_every_option_render():
    draft = RULES.new(3, seed=2)
    assert _image(render.render("fence", RULES.view(draft, None))).width >= 600
    every = dict(big_map=True, tunnel=True, ritzy_tile=True, boats=True, trading_post=True)
    big, highlight = _played(players=6, steps=40, **every)
    image = _image(render.render("fence", RULES.view(big, None), highlight=highlight))
    assert image.width >= 600


def test_unknown_and_malformed_highlights_are_ignored():
    state, _ = _played(steps=10)
    view = RULES.view(state, None)
    odd = [{"kind": "nonsense"}, {"kind": "tile", "pos": "x"}, {"kind": "choices", "hoods": ["a"]}]
    assert render.render("fence", view, highlight=odd) == render.render("fence", view)


# -- the hand --------------------------------------------------------------------------------------


def test_hand_image_shows_the_seats_cards_in_their_colours():
    state, _ = _played(players=3, steps=30)
    view = {**RULES.view(state, 1), "starting_cards": []}
    reds = _image(render_hand({**view, "hand": ["R2", "R5"]}))
    blues = _image(render_hand({**view, "hand": ["B3"]}))
    assert reds.width >= 800
    assert _count(reds, RED_CARD) > 1000 and _count(reds, BLUE_CARD) == 0
    assert _count(blues, BLUE_CARD) > 1000 and _count(blues, RED_CARD) == 0


def test_hand_image_shows_the_pawn_colour_and_where_the_start_cards_point():
    state = RULES.new(3, {"quick_map": True}, seed=4)
    view = RULES.view(state, 2)
    image = _image(render_hand(view))
    assert _count(image, PAWN_COLOURS[2]) > 300
    start = view["starting_cards"]
    assert len(start) == 2
    lines = [text for text, _ in _info_lines(view, 2, "Purple")]
    red, blue = int(start[0][1]), int(start[1][1])
    tile = next((t for t in view["map"] if t["coords"] == [red, blue]), None)
    expected = f"{tile['name']} at {tile['x']},{tile['y']}" if tile else "not on the map"
    assert any(expected in line for line in lines)


def test_hand_image_survives_unknown_cards_and_shows_a_trade_offer():
    view = {
        "seat": 1,
        "seat_names": ["Green", "Orange"],
        "hand": ["RX", "BX", "RJ", "Q7", "", "R9", "B6"],
        "starting_cards": [],
        "pawns": [None, None],
    }
    without = _image(render_hand(view))
    offer = {"from": 0, "to": 1, "give": ["R3"], "ask": ["B6"]}
    with_offer = _image(render_hand({**view, "trade_offer": offer}))
    assert with_offer.height > without.height


@pytest.mark.parametrize("hand", [[], ["R1"] * 11])
def test_hand_image_height_follows_the_cards(hand):
    view = {"seat": 0, "seat_names": ["Green"], "hand": hand}
    image = _image(render_hand(view))
    rows = -(-len(hand) // 5)
    assert image.height >= 200 + rows * 240
    assert image.height < 400 + max(1, rows) * 260


def _second_round(players: int) -> tuple[Any, int]:
    """A seeded random game of ``players`` at the start of a turn in round 2 or later: the
    public view, and where the pawn of the seat to move stands."""
    rng = random.Random(5)
    state = RULES.new(players, {}, 7)
    while not (state.stage == "turn" and state.round >= 2):
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return RULES.view(state, None), state.pawns[state.actor]


def test_a_detail_view_keeps_tiles_big_enough_for_a_phone() -> None:
    """Issue 14.17: the close-up around a pawn shows its tiles bigger than the map does."""
    import games
    from render import fence

    view, pawn = _second_round(4)
    whole = Image.open(io.BytesIO(render.render("fence", view)))
    detail = Image.open(io.BytesIO(render.render("fence", view, focus=[pawn])))
    _, layout = fence.map_layout(view)
    plan = fence.detail_plan(view, [pawn])
    assert plan is not None
    assert plan.cell * PHONE_WIDTH / detail.width >= 70
    assert plan.cell / detail.width > layout.cell / whole.width  # why the close-up exists
    assert render.render("ordo", games.get("ordo").view(games.get("ordo").new(), None), focus=[1])


def test_the_legend_explains_one_way_arrows_only_where_the_map_has_them(monkeypatch) -> None:
    """Issue 42: a red arrow is a one-way road, and the legend says so beside the map."""
    from render.fence import legend

    said: list[str] = []
    real = legend.say

    def recording(labels: Any, key: str, /, **params: Any) -> str:
        said.append(key)
        return real(labels, key, **params)

    monkeypatch.setattr(legend, "say", recording)
    state, highlight = _played()
    view = RULES.view(state, None)
    assert legend._one_way_roads(view), "this seeded city has a one-way road"
    legend.draw_legend(view, 800, highlight)
    assert "fence.one_way" in said
    for tile in view["map"]:
        for hood in tile["hoods"]:
            hood["links"] = [[side, "both"] for side, _ in hood["links"]]
    said.clear()
    legend.draw_legend(view, 800, highlight)
    assert "fence.one_way" not in said


def test_a_close_up_says_who_stands_outside_it(monkeypatch) -> None:
    """Issue 42: a close-up of one corner names every pawn and the Cops it leaves out, and
    where they stand."""
    from render import fence
    from render.fence import city, detail

    view, pawn = _second_round(6)
    plan = fence.detail_plan(view, [pawn])
    assert plan is not None
    out = detail.pieces_outside(view, plan.window)
    notes: list[str] = []
    real = city.draw_legend

    def recording(*args: Any, **kwargs: Any) -> Any:
        notes.extend(kwargs.get("outside") or [])
        return real(*args, **kwargs)

    monkeypatch.setattr(city, "draw_legend", recording)
    players = ["alice", "bob", "carol", "dave", "erin", "frank"]
    render.render("fence", view, focus=[pawn], players=players)
    names = {h["id"]: h["name"] for t in view["map"] for h in t["hoods"]}
    assert notes, "six pawns and the Cops do not all stand in one corner of the city"
    assert len(notes) == len([o for o in out if o[1] not in plan.pieces_out])
    for seat, hood in out:
        if hood in plan.pieces_out:
            continue
        who = "Cops" if seat is None else players[seat]
        assert any(note.startswith(who) and note.endswith(names[hood]) for note in notes)
    shown = {hood for _, hood in out}
    assert pawn not in shown, "the focused pawn is in the picture"
