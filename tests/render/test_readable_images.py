"""What a player reads in images on a phone (issue "What a player sees and reads"): names
in any script, coordinates with their minus signs, tile names that never overlap, and
labels in the reader's language."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops

import render
from games.fence import RULES
from render.common import font, put_text
from render.fence import city, legend
from render.fence.city import map_layout
from render.fence.detail import MAX_DETAIL_CELL
from render.fence.layout import DETAIL_CELL, MARGIN, coordinate
from render.fence.tile_text import label_blocks
from render.fonts import fallback_files, text_runs
from render.labels import ENGLISH, say
from render.title_bar import _fitted_seat_label

PLAYERS = ["🐉drache", "小龙", "Bartholomew_Featherstonehaugh", "Commander Orange"]


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _dark(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    grey = image.crop(box).convert("L")
    return sum(n for n, v in grey.getcolors(1 << 16) or [] if v < 100)


def _in_play(players: int, seed: int, **options):
    state = RULES.new(players, options, seed=seed)
    rng = random.Random(seed)
    while not RULES.view(state, None).get("round"):
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state


# -- fallback fonts ----------------------------------------------------------------------------


def test_the_fallback_fonts_ship_with_the_bot() -> None:
    names = " ".join(fallback_files())
    assert "NotoEmoji" in names and "NotoSansCJK" in names


def test_emoji_and_cjk_draw_as_glyphs_not_the_missing_box() -> None:
    """A name like "🐉drache" drew a box: the main font has no dragon. Drawn with the
    fallback, the glyph differs from the .notdef box the main font draws for U+FFFF."""
    fnt = font(40, bold=True)

    def drawn(text: str) -> bytes:
        image = Image.new("L", (120, 80), 0)
        put_text(image, (10, 40), text, fnt, 255, anchor="lm")  # type: ignore[arg-type]
        return image.tobytes()

    box = drawn("\uffff")
    for char in ("🐉", "小", "龙", "ש"):
        assert drawn(char) != box, char
        assert any(run_font is not fnt for _, run_font in text_runs(char, fnt))
    assert text_runs("plain", fnt) == (("plain", fnt),)  # ASCII never looks further


def test_a_name_in_emoji_and_cjk_draws_in_the_title_bar() -> None:
    state = _in_play(4, 2, quick_map=True)
    view = RULES.view(state, None)
    named = _image(render.render("fence", view, players=PLAYERS))
    boxed = _image(render.render("fence", view, players=["\uffff\uffff", *PLAYERS[1:]]))
    assert named.tobytes() != boxed.tobytes()


def test_long_names_are_shortened_never_the_colour() -> None:
    fnt = font(26)
    label = _fitted_seat_label(
        0, ["Bartholomew_Featherstonehaugh"], render.common.PALETTE, fnt, 260
    )
    assert label.endswith(" (White)") and "…" in label


# -- FENCE!: coordinates, names, the close-up --------------------------------------------------


def test_negative_rows_keep_their_minus_sign_in_the_close_up() -> None:
    """Rows 1, 0, −1, −2 read "l", ")", "1", "2": the close-up cut its row labels in half.
    Now the label column left of the grid has the minus sign's dark pixels in it, left of
    the digit, for every negative row."""
    assert coordinate(-3) == "−3" and coordinate(4) == "4"
    state = _in_play(4, 2, quick_map=True)
    view = RULES.view(state, None)
    pawn = next(p for p in view["pawns"] if p is not None)
    plan = city.detail_plan(view, [pawn])
    assert plan is not None
    _, layout = city.close_up_layout(view, plan)
    band = _image(render.render("fence", view, focus=[pawn]))
    grid = layout.grid
    half = layout.side / 2
    negatives = 0
    for row, y in enumerate(range(layout.max_y, layout.min_y - 1, -1)):
        _, cy = grid.center(0, row)
        label = coordinate(y)
        width = round(font(24, bold=True).getlength(label))
        left = round(grid.left - half - width / 2)
        assert left >= 0  # the whole label is on the picture
        if y < 0:
            negatives += 1
            minus = (left, cy - 3, left + width // 3, cy + 3)
            assert _dark(band, minus) > 0, y
    assert negatives or layout.min_y >= 0


def test_tile_names_never_overlap_one_another_or_the_dice() -> None:
    """ "The Narrows" was drawn over "Narrows Bridge": every label's box on a tile is
    apart from every other and inside the tile, on quick maps and drafts."""
    checked = 0
    for players, seed, options in [(4, 2, {"quick_map": True}), (3, 3, {}), (4, 9, {})]:
        view = RULES.view(_in_play(players, seed, **options), None)
        _, plan = map_layout(view)
        for tile in view["map"]:
            for size in (plan.cell, DETAIL_CELL, MAX_DETAIL_CELL, 84):
                hoods = [(h["name"], h["usable"], (size // 2, size // 2)) for h in tile["hoods"]]
                coords = tuple(tile["coords"]) if tile.get("coords") else None
                blocks = label_blocks(size, coords, hoods)
                for i, a in enumerate(blocks):
                    assert a.box[0] >= -1 and a.box[2] <= size + 1, (tile["name"], a)
                    assert a.box[1] >= 0 and a.box[3] <= size, (tile["name"], a)
                    for b in blocks[i + 1 :]:
                        apart = (
                            a.box[2] <= b.box[0] or b.box[2] <= a.box[0]
                            or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]
                        )  # fmt: skip
                        assert apart, (tile["name"], a, b)
                checked += 1
    assert checked > 100


def test_of_two_names_on_a_tile_the_upper_is_the_higher_nodes() -> None:
    """ "The Narrows" stood in the upper half while its crossing was at the bottom, so a pawn
    beside its name looked as if it stood elsewhere; the web board orders them the same."""
    size = 96
    for first_higher in (True, False):
        nodes = [(48, 20), (48, 80)] if first_higher else [(48, 80), (48, 20)]
        hoods = [("The Narrows", True, nodes[0]), ("Narrows Bridge", True, nodes[1])]
        names = [b for b in label_blocks(size, (3, 4), hoods) if b.kind == "name"]
        assert [" ".join(b.lines) for b in names] == ["The Narrows", "Narrows Bridge"]
        upper = names[0] if first_higher else names[1]
        lower = names[1] if first_higher else names[0]
        assert upper.center[1] < lower.center[1]


def test_the_legend_breaks_lines_instead_of_cutting_them() -> None:
    """The close-up's footer read "Stash 9 re…" with room for two lines."""
    view = RULES.view(_in_play(4, 2, quick_map=True), None)
    for width in (600, 700, 1000):
        lines = legend._pack(legend._summary(view, None), font(26, weight="semibold"), [width - 40])
        assert not any("…" in line for line in lines)
        assert " · ".join(lines) == " · ".join(legend._summary(view, None))
    narrow = legend.draw_legend(view, 600)
    wide = legend.draw_legend(view, 1000)
    assert narrow.height > wide.height  # the key went onto a line of its own


def test_the_close_up_shows_whole_names_in_its_title_bar() -> None:
    view = RULES.view(_in_play(4, 2, quick_map=True), None)
    bar = legend.map_title(view, 600, ["Commander Orange", "Bob", "Carol", "Dave"], None)
    # One seat a row: taller than two columns would be, and the first name has room.
    assert bar.height < 400
    label = _fitted_seat_label(0, ["Commander Orange"], legend.palette_of(view), font(26), 420)
    assert label == "Commander Orange (Green)"


# -- labels --------------------------------------------------------------------------------------


def test_image_labels_come_from_the_caller_in_any_language() -> None:
    german = {
        "fence.cops": "Polizei",
        "to_move": "{players} ist am Zug",
        "fence.cards.one": "{n} Karte",
    }
    assert say(german, "fence.cops") == "Polizei"
    assert say(german, "fence.cards", n=1) == "1 Karte"
    assert say(german, "fence.cards", n=2) == "2 cards"  # a gap falls back to English
    assert say({"fence.cops": "{broken"}, "fence.cops") == ENGLISH["fence.cops"]
    view = RULES.view(_in_play(4, 2, quick_map=True), None)
    english = render.render("fence", view, players=[*PLAYERS[2:], "a", "b"])
    translated = render.render("fence", view, players=[*PLAYERS[2:], "a", "b"], labels=german)
    assert english != translated
    fonver = {"size": 9, "stones": {"black": [], "white": []}, "to_move": 0, "phase": "place"}
    assert render.render("fonver", fonver, labels=german) != render.render("fonver", fonver)


def test_a_close_up_is_cleared_around_its_grid() -> None:
    """A move line or a ring from outside the close-up stops at the grid's edge: the
    coordinates, the title bar and the legend stay clean."""
    state = _in_play(4, 2, quick_map=True)
    view = RULES.view(state, None)
    pawn = next(p for p in view["pawns"] if p is not None)
    places = {h["id"]: (t["x"], t["y"]) for t in view["map"] for h in t["hoods"]}
    far = sorted(
        places,
        key=lambda h: abs(places[h][0] - places[pawn][0]) + abs(places[h][1] - places[pawn][1]),
    )
    moved = [
        {"kind": "pawn", "seat": 0, "from": far[-1], "to": pawn},
        {"kind": "choices", "hoods": far[-3:]},
    ]
    plan = city.detail_plan(view, [pawn], moved)
    assert plan is not None
    assert not any(
        plan.window[0] <= places[h][0] <= plan.window[1]
        and plan.window[2] <= places[h][1] <= plan.window[3]
        for h in far[-3:]
    )
    bar, _ = city.close_up_layout(view, plan)
    image = _image(render.render("fence", view, focus=[pawn], highlight=moved))
    top_strip = image.crop((0, bar.height, image.width, bar.height + MARGIN // 4))
    assert len(top_strip.getcolors(1 << 16) or []) == 1
    drawn_bar = image.crop((0, 0, image.width, bar.height))
    assert ImageChops.difference(drawn_bar, bar).convert("L").getextrema()[1] <= 24


def test_hot_goods_notes_read_as_sentences_not_as_their_data() -> None:
    """The engine now keeps a Hot Goods note as a sentence's data ({"key", "params"}); the
    legend drew that mapping as it is."""
    state = _in_play(3, 1, quick_map=True)
    for _ in range(80):
        view = RULES.view(state, None)
        if view.get("hot_goods"):
            break
        state = RULES.apply(
            state, random.Random(len(view["discard"])).choice(RULES.legal_actions(state))
        )
    notes = [legend._note_text(g.get("note")) for g in view["hot_goods"]]
    assert notes and all(n.startswith("Hot Goods turn up in ") and "{" not in n for n in notes)
    assert legend._note_text("plain text") == "plain text"
