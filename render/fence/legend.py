"""The text around the FENCE! map: the title bar's per-seat facts and the legend under the
map (round, Stash, discard, the symbol key, and notes for guided choices and options)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.fence.describe import seat_name
from games.fence.sentences import SAY
from games.fence.view import FenceView
from games.sentences import from_data, is_data
from render.common import (
    PALETTE,
    RGB,
    Font,
    fit_text,
    font,
    put_text,
    text_width,
    title_bar,
    wrap_lines,
)
from render.fence.colours import GOODS, PAWN_COLOURS, palette_of
from render.fence.highlights import Highlights, choices_of, spots_of
from render.fence.marks import draw_cops, draw_text
from render.fonts import runs_width
from render.labels import Labels, colour, joined, say


def _seat_details(view: FenceView, labels: Labels | None = None) -> list[str]:
    """One short line per seat for the title bar, most important fact first."""
    details = []
    jailed = view.get("jailed") or []
    unreliable = view.get("unreliable") or []
    tiles = view.get("tiles_in_hand") or []
    sizes = view.get("hand_sizes") or []
    boats = view.get("boats") or []
    dropped = view.get("dropped") or []
    for seat in range(view["players"]):
        facts = [say(labels, "fence.cards", n=sizes[seat])] if seat < len(sizes) else []
        if seat < len(jailed) and jailed[seat]:
            facts.append(say(labels, "fence.in_jail"))
        if seat == view.get("first"):
            facts.append(say(labels, "fence.first_player"))
        if seat < len(tiles) and tiles[seat]:
            facts.append(say(labels, "fence.tiles", n=len(tiles[seat])))
        if seat < len(unreliable) and unreliable[seat]:
            facts.append(say(labels, "fence.unreliable"))
        if seat < len(boats) and boats[seat]:
            facts.append(say(labels, "fence.boats", n=len(boats[seat])))
        if seat < len(dropped) and dropped[seat]:
            facts = [say(labels, "fence.left")]
        details.append(" · ".join(facts))
    return details


_LEGEND_ROW = 38
_NOTE_ROW = 30
_SIDE = 20


def _public_notes(view: FenceView, labels: Labels | None) -> list[str]:
    """Lines for options that add public facts: the Trading Post's key and a pending trade.
    Only who trades with whom is read from an offer, never its cards, so a seat's own view
    draws the same map as the public one."""
    names = view.get("seat_names") or []
    notes = []
    if view.get("post") is not None:
        notes.append(say(labels, "fence.post"))
    offer = view.get("trade_offer")
    if isinstance(offer, dict) and "from" in offer and "to" in offer:
        giver, taker = (colour(labels, seat_name(offer[end], names)) for end in ("from", "to"))
        notes.append(say(labels, "fence.trade_pending", giver=giver, taker=taker))
    return notes


def _note_text(note: Any) -> str:
    """What last round's Hot Goods did, or how the game ended: the engine says it as a
    sentence (kept in the view as data), drawn here in English where the bot has not said
    it in the reader's language already; older views held the text."""
    if is_data(note):
        return str(from_data(note, SAY.catalogue()))
    return str(note or "")


def _summary(view: FenceView, labels: Labels | None) -> list[str]:
    """Round, Stash and discard pile, as the parts a line may break between."""
    stash = view.get("stash") or {}
    pile = (
        say(labels, "fence.stash_mixed", n=stash["mixed"])
        if stash.get("mixed")
        else say(labels, "fence.stash", red=stash.get("red", 0), blue=stash.get("blue", 0))
    )
    round_text = (
        say(labels, "fence.round", round=view["round"], limit=view["round_limit"])
        if view.get("round")
        else say(labels, "fence.setup")
    )
    discard = say(labels, "fence.discard", n=len(view.get("discard") or []))
    return [round_text, pile, discard]


def _one_way_roads(view: FenceView) -> bool:
    """Whether the map has a one-way road (a red arrow), which the legend then explains."""
    return any(
        kind != "both"
        for tile in view.get("map") or []
        for hood in tile.get("hoods") or []
        for _, kind in hood.get("links") or []
    )


def _key_width(labels: Labels | None, text: Font, scale: float) -> int:
    return round(
        (30 + 8 + 24 + 22 + 8) * scale
        + text_width(say(labels, "fence.cops"), text)
        + text_width(say(labels, "fence.hot_goods"), text)
    )


def _draw_key(
    image: Image.Image, right: int, mid: int, labels: Labels | None, text: Font, scale: float
) -> None:
    """The symbol key, right-aligned: so the "C" disc and the crate never need explaining
    in chat."""

    def px(value: float) -> int:
        return round(value * scale)

    draw = ImageDraw.Draw(image)
    x = right
    hot = say(labels, "fence.hot_goods")
    x -= text_width(hot, text)
    put_text(image, (x, mid), hot, text, PALETTE.text, anchor="lm")
    crate = px(22)
    x -= crate + px(8)
    draw.rectangle(
        (x, mid - crate // 2, x + crate, mid + crate // 2),
        fill=GOODS,
        outline=(90, 60, 0),
        width=px(2),
    )
    draw_text(image, (x + crate / 2, mid), "$", px(18), (90, 60, 0))
    cops = say(labels, "fence.cops")
    x -= px(24) + text_width(cops, text)
    put_text(image, (x, mid), cops, text, PALETTE.text, anchor="lm")
    x -= px(22)
    draw_cops(image, (x, mid), px(30))


_SEPARATOR = " · "


@lru_cache(maxsize=4096)
def _advance(word: str, fnt: Font) -> float:
    """How far a word and the space after it move the pen."""
    return runs_width(word + " ", fnt)


def _put_words(image: Image.Image, xy: tuple[int, int], line: str, fnt: Font, fill: RGB) -> None:
    """A line of the legend drawn word by word, each word where it stands in the whole line
    (to the nearest pixel): "Round 9/60 · Stash 4 red, 3 blue · Discard 25" is new on every
    image, its words are not, and a word's glyphs are kept from image to image where the
    whole line's were drawn afresh each time."""
    x, y = xy
    pen = 0.0
    for word in line.split(" "):
        if word:
            put_text(image, (x + round(pen), y), word, fnt, fill, anchor="lm")
        pen += _advance(word, fnt)


def _pack(parts: list[str], fnt: Font, widths: list[int]) -> list[str]:
    """``parts`` joined with " · " into lines, line ``i`` at most ``widths[i]`` wide (the
    last width for any further line); a part too wide alone is cut."""
    lines: list[str] = []
    for part in parts:
        room = widths[min(len(lines) - 1, len(widths) - 1)] if lines else widths[0]
        if lines and text_width(f"{lines[-1]}{_SEPARATOR}{part}", fnt) <= room:
            lines[-1] = f"{lines[-1]}{_SEPARATOR}{part}"
        else:
            room = widths[min(len(lines), len(widths) - 1)]
            lines.append(fit_text(part, fnt, room))
    return lines


def draw_legend(
    view: FenceView,
    width: int,
    highlight: Highlights = (),
    labels: Labels | None = None,
    *,
    scale: float = 1.0,
    left_out: Sequence[str] = (),
    away: Sequence[str] = (),
    outside: Sequence[str] = (),
) -> Image.Image:
    """Round, Stash and discard pile, a key for the map's symbols (on the same line when
    there is room, else on a line of its own), then what the marks of a guided choice mean
    (and, for a close-up, the choices it could not show and where the piece being moved
    stands when that is outside it) and what last round's Hot Goods did. Nothing is cut
    that a second line can hold. ``scale``: as ``title_bar``'s."""

    def px(value: float) -> int:
        return round(value * scale)

    notes = []
    if _one_way_roads(view):
        notes.append(say(labels, "fence.one_way"))
    if choices_of(highlight):
        notes.append(say(labels, "fence.rings"))
    if left_out:
        names = joined(labels, list(left_out))
        notes.append(say(labels, "fence.off_picture", n=len(left_out), names=names))
    if away:
        notes.append(say(labels, "fence.moving_from", place=joined(labels, list(away))))
    if outside:
        notes.append(say(labels, "fence.outside", pieces=joined(labels, list(outside))))
    if spots_of(highlight):
        notes.append(say(labels, "fence.spots"))
    notes += [_note_text(goods.get("note")) for goods in view.get("hot_goods") or []]
    notes += _public_notes(view, labels)
    text = font(px(26), weight="semibold")
    small = font(px(23))
    side, row, note_row = px(_SIDE), px(_LEGEND_ROW), px(_NOTE_ROW)
    inner = width - 2 * side
    key = _key_width(labels, text, scale)
    summary = _pack(_summary(view, labels), text, [inner])
    key_on_its_own = text_width(summary[-1], text) + px(36) + key > inner
    rows = len(summary) + (1 if key_on_its_own else 0)
    note_lines = [line for note in notes for line in wrap_lines(note, small, inner, 3)]
    height = px(10) + row * rows + note_row * len(note_lines)
    image = Image.new("RGB", (width, height), PALETTE.background)
    for i, line in enumerate(summary):
        mid = px(4) + row * i + row // 2
        _put_words(image, (side, mid), line, text, PALETTE.text)
    key_mid = px(4) + row * (rows - 1) + row // 2
    _draw_key(image, width - side, key_mid, labels, text, scale)
    y = px(4) + row * rows
    for line in note_lines:
        _put_words(image, (side, y + note_row // 2), line, small, PALETTE.muted)
        y += note_row
    return image


def map_title(
    view: FenceView,
    width: int,
    players: list[str] | None,
    status: str | None,
    labels: Labels | None = None,
    scale: float = 1.0,
) -> Image.Image:
    subtitle = (
        say(labels, "fence.round_short", round=view["round"])
        if view.get("round")
        else say(labels, "fence.setup_short")
    )
    return title_bar(
        width,
        title="FENCE!",
        seats=view["players"],
        players=players,
        to_move=view.get("to_move") or None,
        status=status if status is not None else _note_text(view.get("result")) or None,
        subtitle=subtitle,
        palette=palette_of(view),
        seat_colours=PAWN_COLOURS[: view["players"]],
        details=_seat_details(view, labels),
        labels=labels,
        scale=scale,
    )
