"""The text around the FENCE! map: the title bar's per-seat facts and the legend under the
map (round, Stash, discard, the symbol key, and notes for guided choices and options)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.fence.describe import seat_name
from render.common import PALETTE, fit_text, font, plural, put_text, text_width, title_bar
from render.fence.colours import GOODS, PAWN_COLOURS, palette_of
from render.fence.highlights import Highlights, choices_of, spots_of
from render.fence.marks import draw_cops, draw_text


def _seat_details(view: dict[str, Any]) -> list[str]:
    """One short line per seat for the title bar, most important fact first."""
    details = []
    jailed = view.get("jailed") or []
    unreliable = view.get("unreliable") or []
    tiles = view.get("tiles_in_hand") or []
    sizes = view.get("hand_sizes") or []
    boats = view.get("boats") or []
    dropped = view.get("dropped") or []
    for seat in range(view["players"]):
        facts = [plural(sizes[seat], "card")] if seat < len(sizes) else []
        if seat < len(jailed) and jailed[seat]:
            facts.append("IN JAIL")
        if seat == view.get("first"):
            facts.append("First Player")
        if seat < len(tiles) and tiles[seat]:
            facts.append(plural(len(tiles[seat]), "tile"))
        if seat < len(unreliable) and unreliable[seat]:
            facts.append("unreliable")
        if seat < len(boats) and boats[seat]:
            facts.append(plural(len(boats[seat]), "boat"))
        if seat < len(dropped) and dropped[seat]:
            facts = ["left the game"]
        details.append(" · ".join(facts))
    return details


_LEGEND_ROW = 38
_NOTE_ROW = 30


def _public_notes(view: dict[str, Any]) -> list[str]:
    """Lines for options that add public facts: the Trading Post's key and a pending trade.
    Only who trades with whom is read from an offer, never its cards, so a seat's own view
    draws the same map as the public one."""
    names = view.get("seat_names") or []
    notes = []
    if view.get("post") is not None:
        notes.append("TP: the Trading Post")
    offer = view.get("trade_offer")
    if isinstance(offer, dict) and "from" in offer and "to" in offer:
        notes.append(
            f"Trade offer pending: {seat_name(offer['from'], names)} to "
            f"{seat_name(offer['to'], names)}"
        )
    return notes


def draw_legend(view: dict[str, Any], width: int, highlight: Highlights = ()) -> Image.Image:
    """Round, Stash and discard pile, a key for the map's symbols on the same line, then what
    the marks of a guided choice mean and what last round's Hot Goods did."""
    notes = []
    if choices_of(highlight):
        notes.append("Rings: the neighbourhoods you can choose now.")
    if spots_of(highlight):
        notes.append("Outlined spots: where this tile can go now.")
    notes += [str(goods.get("note", "")) for goods in view.get("hot_goods") or []]
    notes += _public_notes(view)
    height = 10 + _LEGEND_ROW + _NOTE_ROW * len(notes)
    image = Image.new("RGB", (width, height), PALETTE.background)
    draw = ImageDraw.Draw(image)
    text = font(26, weight="semibold")
    mid = 4 + _LEGEND_ROW // 2
    # The key, right-aligned: so the "C" disc and the crate never need explaining in chat.
    x = width - 20
    x -= text_width("Hot Goods", text)
    put_text(image, (x, mid), "Hot Goods", text, PALETTE.text, anchor="lm")
    crate = 22
    x -= crate + 8
    draw.rectangle(
        (x, mid - crate // 2, x + crate, mid + crate // 2), fill=GOODS, outline=(90, 60, 0), width=2
    )
    draw_text(image, (x + crate / 2, mid), "$", 18, (90, 60, 0))
    x -= 24 + text_width("Cops", text)
    put_text(image, (x, mid), "Cops", text, PALETTE.text, anchor="lm")
    x -= 22
    draw_cops(image, (x, mid), 30)
    key_left = x - 15
    stash = view.get("stash") or {}
    pile = (
        f"Stash {stash['mixed']} mixed"
        if stash.get("mixed")
        else f"Stash {stash.get('red', 0)} red, {stash.get('blue', 0)} blue"
    )
    round_text = f"Round {view['round']}/{view['round_limit']}" if view.get("round") else "Setup"
    summary = f"{round_text} · {pile} · Discard {len(view.get('discard') or [])}"
    put_text(
        image, (20, mid), fit_text(summary, text, key_left - 36), text, PALETTE.text, anchor="lm"
    )
    y = 4 + _LEGEND_ROW
    small = font(23)
    for note in notes:
        put_text(
            image,
            (20, y + _NOTE_ROW // 2),
            fit_text(note, small, width - 40),
            small,
            PALETTE.muted,
            anchor="lm",
        )
        y += _NOTE_ROW
    return image


def map_title(
    view: dict[str, Any], width: int, players: list[str] | None, status: str | None
) -> Image.Image:
    return title_bar(
        width,
        title="FENCE!",
        seats=view["players"],
        players=players,
        to_move=view.get("to_move") or None,
        status=status if status is not None else view.get("result") or None,
        subtitle=f"round {view['round']}" if view.get("round") else "setup",
        palette=palette_of(view),
        seat_colours=PAWN_COLOURS[: view["players"]],
        details=_seat_details(view),
    )
