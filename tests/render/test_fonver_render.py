"""The Fonver renderer, checked through the pixels a player would look at.

Views are written by hand (the renderer must work from the view contract alone), plus a few
taken from the real engine to prove the two agree.
"""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

import render
from games.fonver import RULES
from render import fonver
from render.common import MIN_WIDTH


def view(size: int = 9, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "fonver",
        "size": size,
        "stones": {"black": [], "white": []},
        "phase": "place",
        "to_move": 0,
        "to_move_colour": "black",
        "seat_colours": ["black", "white"],
        "crosscuts": [],
        "pie_pending": False,
        "pie_ahead": False,
        "winner": None,
        "winner_colour": None,
        "winning_chain": [],
    }
    base.update(extra)
    return base


def draw(v: dict[str, Any], **kwargs: Any) -> Image.Image:
    kwargs.setdefault("players", ["alice", "bob"])
    data = render.render("fonver", v, **kwargs)
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).convert("RGB")


def layout_of(image: Image.Image, size: int) -> fonver.Layout:
    """The board position recovered from the image: only the title bar height varies."""
    top = image.height - fonver.FOOTER - fonver.board_height() + fonver.MARGIN
    return fonver.Layout(size, top)


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 30) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def dark(pixel: tuple[int, ...]) -> bool:
    return sum(pixel[:3]) < 150


def light(pixel: tuple[int, ...]) -> bool:
    return min(pixel[:3]) > 225


def test_images_decode_and_are_wide_enough() -> None:
    for size in (9, 11, 13, 15, 17, 19):
        image = draw(view(size))
        assert image.width >= MIN_WIDTH
        assert image.height > image.width  # a square board plus the title bar and footer


def test_black_edges_top_and_bottom_white_edges_left_and_right() -> None:
    for size in (9, 19):
        image = draw(view(size))
        x0, y0, x1, y1 = layout_of(image, size).board_box
        half = fonver.BAND // 2
        mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
        assert dark(image.getpixel((mid_x, y0 + half)))
        assert dark(image.getpixel((mid_x, y1 - half)))
        assert light(image.getpixel((x0 + half, mid_y)))
        assert light(image.getpixel((x1 - half, mid_y)))
        # Inside the bands the board is wood.
        assert close(image.getpixel((mid_x + 7, y0 + fonver.BAND + 6)), fonver.WOOD)


def test_stones_sit_on_their_points() -> None:
    v = view(9, stones={"black": ["a1", "e5"], "white": ["i9"]})
    image = draw(v)
    layout = layout_of(image, 9)
    assert dark(image.getpixel(layout.xy("a1")))
    assert dark(image.getpixel(layout.xy("e5")))
    assert light(image.getpixel(layout.xy("i9")))
    ex, ey = layout.xy("e4")
    assert close(image.getpixel((ex, ey)), fonver.LINE)  # an empty point shows the crossing
    assert close(image.getpixel((ex + 8, ey + 8)), fonver.WOOD)


def _outline_pixel(layout: fonver.Layout, points: list[str]) -> tuple[int, int]:
    """A pixel on the left side of the red square drawn around ``points``."""
    xs = [layout.xy(p)[0] for p in points]
    ys = [layout.xy(p)[1] for p in points]
    width = max(4, layout.spacing // 9)
    pad = layout.stone // 2 + 3 + width
    return min(xs) - pad + width // 2, (min(ys) + max(ys)) // 2


def test_open_crosscut_is_framed_in_red() -> None:
    block = ["d4", "e4", "d5", "e5"]
    stones = {"black": ["d4", "e5"], "white": ["e4", "d5"]}
    pending = view(13, stones=stones, phase="capture", crosscuts=[block])
    for size_view in (pending, {**pending, "size": 19}):
        image = draw(size_view)
        layout = layout_of(image, size_view["size"])
        assert close(image.getpixel(_outline_pixel(layout, block)), fonver.CROSSCUT)
    resolved = draw(view(13, stones=stones))
    assert not close(
        resolved.getpixel(_outline_pixel(layout_of(resolved, 13), block)), fonver.CROSSCUT
    )


def test_the_crosscut_frame_never_clips_its_stones() -> None:
    """Issue 42: the red frame lies outside the stones it marks, with wood between."""
    block = ["d4", "e4", "d5", "e5"]
    stones = {"black": ["d4", "e5"], "white": ["e4", "d5"]}
    for size in (9, 13, 19):
        image = draw(view(size, stones=stones, phase="capture", crosscuts=[block]))
        layout = layout_of(image, size)
        x, y = layout.xy("d4")
        for dx in range(0, layout.stone // 2 + 1):
            assert not close(image.getpixel((x - dx, y)), fonver.CROSSCUT), (size, dx)


def test_last_placement_is_ringed_and_capture_is_marked() -> None:
    stones = {"black": ["e5", "f5"], "white": ["e6"]}
    turn = [
        {"notation": "e5", "kind": "place", "point": "e5", "captured": []},
        {"notation": "d4>f5", "kind": "capture", "from": "d4", "to": "f5", "captured": ["f5"]},
    ]
    image = draw(view(9, stones=stones), highlight=turn)
    layout = layout_of(image, 9)
    x, y = layout.xy("e5")
    ring = max(4, layout.stone // 8)
    ring_pixel = (x, round(y - layout.stone / 2 - ring / 2))
    assert close(image.getpixel(ring_pixel), fonver.PLACED)
    # Issue "What a player sees and reads" 4: the mark leaves the stone's own colour at
    # its centre and all round a ring of the other colour, never an orange blot over it.
    assert close(image.getpixel((x, y)), fonver.BLACK_STONE, 30)
    mark = layout.stone * 0.2
    ring_hits = [
        image.getpixel((round(x + mark * dx), round(y + mark * dy)))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ]
    assert all(close(p, fonver.WHITE_STONE, 60) for p in ring_hits)
    between = layout.stone * 0.34  # between the mark and the stone's rim: still black
    assert close(image.getpixel((round(x + between), y)), fonver.BLACK_STONE, 30)
    white = draw(view(9, stones=stones), highlight=[{"kind": "place", "point": "e6"}])
    wx, wy = layout.xy("e6")
    assert close(white.getpixel((wx, wy)), fonver.WHITE_STONE, 30)
    assert close(white.getpixel((round(wx + mark), wy)), fonver.BLACK_STONE, 60)
    fx, fy = layout.xy("f5")
    offset = round(layout.stone * 0.38)
    badge_radius = max(18, round(layout.stone * 0.6)) // 2
    badge_probe = (fx + offset, fy - offset + badge_radius // 2 + 2)
    assert close(image.getpixel(badge_probe), fonver.CAPTURE, 40)
    plain = draw(view(9, stones=stones))
    assert not close(plain.getpixel(ring_pixel), fonver.PLACED)
    # The arrow's shaft crosses the empty stretch between d4 and e4.5 on the diagonal.
    dx, dy = layout.xy("d4")
    assert close(image.getpixel(((dx + fx) // 2 - 4, (dy + fy) // 2 + 2)), fonver.ARROW, 60)


def test_the_player_to_move_is_boxed_like_in_every_game() -> None:
    """Issue "What a player sees and reads" 4: Ordo and Fendo box the mover in the title
    bar; Fonver's own status line (capture, pie) must not switch that off."""
    from render.common import PALETTE

    def boxed(image):
        band = image.crop((0, 40, image.width, 110))
        return sum(n for n, c in band.getcolors(1 << 20) if close(c, PALETTE.bar_turn, 8))

    for extra in ({}, {"phase": "capture", "crosscuts": [["a1", "b1", "a2", "b2"]]}):
        assert boxed(draw(view(9, **extra), players=["alice", "bob"])) > 2000
    over = draw(view(9, to_move=None, winner=0), players=["alice", "bob"])
    assert boxed(over) < 100


def test_status_lines_follow_colours_and_phase() -> None:
    players = ["alice", "bob"]
    assert fonver.status_line(view(), players) == "alice (Black) to move"
    swapped = view(seat_colours=["white", "black"])
    assert fonver.status_line(swapped, players) == "alice (White) to move"
    capture = view(phase="capture", to_move=1, crosscuts=[["a1", "b1", "a2", "b2"]])
    assert fonver.status_line(capture, players) == "bob (White) must capture: 1 crosscut open"
    pie = view(phase="pie", to_move=1, pie_pending=True)
    assert fonver.status_line(pie, players).startswith("bob (White) decides")
    over = view(
        phase="over", to_move=None, winner=1, winner_colour="black", seat_colours=["white", "black"]
    )
    assert fonver.status_line(over, players) == "bob (Black) wins"


def test_winning_chain_is_dotted() -> None:
    chain = [f"e{r}" for r in range(1, 10)]
    v = view(
        9,
        stones={"black": chain, "white": []},
        phase="over",
        to_move=None,
        winner=0,
        winner_colour="black",
        winning_chain=chain,
    )
    image = draw(v)
    assert close(image.getpixel(layout_of(image, 9).xy("e5")), fonver.WIN)


def test_garbage_points_are_ignored() -> None:
    v = view(
        9, stones={"black": ["z99", "e5"], "white": ["", "a0"]}, crosscuts=[["q1", "x", "a1", "b1"]]
    )
    image = draw(v, highlight=[{"kind": "capture", "from": "zz", "to": "a1", "captured": ["?"]}])
    assert image.width >= MIN_WIDTH


def test_engine_views_render_at_every_phase() -> None:
    rng = random.Random(4)
    state = RULES.new(options={"size": 9})
    seen = set()
    turn: list[dict[str, Any]] = []
    while RULES.to_move(state):
        action = rng.choice(RULES.legal_actions(state))
        turn.append(RULES.presentation.highlight(state, action))
        state = RULES.apply(state, action)
        phase = RULES.view(state, None)["phase"]
        if phase not in seen:
            seen.add(phase)
            assert draw(RULES.view(state, None), highlight=turn).width >= MIN_WIDTH
    draw(RULES.view(state, None), highlight=turn)
    assert seen == {"pie", "place", "capture", "over"}
