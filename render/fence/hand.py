"""One player's private hand: the cards, the secret starting cards, and the facts a player
looks up before playing them (pawn, where the start cards point, an open trade offer)."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from games.fence.describe import cards_text, describe_trade_offer, seat_name
from games.fence.view import FenceView, TradeOffer
from render.common import (
    PALETTE,
    RGB,
    contrast,
    disc,
    draw_centered_text,
    fit_text,
    font,
    new_canvas,
    paste_centered,
    to_png,
    wrap_lines,
)
from render.fence.colours import BLUE_CARD, OFFER, OTHER_CARD, PAWN_COLOURS, RED_CARD
from render.fence.marks import Box
from render.fonts import draw_runs
from render.labels import Labels, say
from render.labels import colour as colour_word

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


_CARD_W, _CARD_H, _CARD_GAP = 150, 240, 18
_PER_ROW = 5
_HAND_WIDTH = 24 + _PER_ROW * (_CARD_W + _CARD_GAP) + 6


def _card_parts(card: Any) -> tuple[RGB, str, str]:
    """(colour, kind — ``red``, ``blue`` or ``card`` —, rank) of a card code; unknown codes
    get grey and keep their whole text as the rank, so a new kind of card is shown rather
    than crashing the DM."""
    code = str(card)
    if len(code) >= 2 and code[0].upper() == "R":
        return RED_CARD, "red", code[1:]
    if len(code) >= 2 and code[0].upper() == "B":
        return BLUE_CARD, "blue", code[1:]
    return OTHER_CARD, "card", code


def _draw_die(draw: ImageDraw.ImageDraw, box: Box, value: int, colour: RGB) -> None:
    """A die with pips, for the hand's big cards."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        box, radius=(x1 - x0) // 5, fill=colour, outline=(255, 255, 255), width=2
    )
    r = max(2, (x1 - x0) // 10)
    for fx, fy in PIPS[value]:
        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255))


def _boat(draw: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    """A sailing boat: hull, mast and sail, for the Boats option's cards."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    hull_top = y0 + h * 0.68
    draw.polygon(
        [(x0, hull_top), (x1, hull_top), (x1 - w * 0.18, y1), (x0 + w * 0.18, y1)], fill=colour
    )
    mast = x0 + w * 0.5
    draw.line((mast, y0, mast, hull_top), fill=colour, width=max(3, w // 22))
    draw.polygon(
        [(mast + 4, y0 + 4), (mast + 4, hull_top - 8), (x1 - w * 0.06, hull_top - 8)], fill=colour
    )
    draw.polygon(
        [(mast - 4, y0 + h * 0.2), (mast - 4, hull_top - 8), (x0 + w * 0.12, hull_top - 8)],
        fill=colour,
    )


def _card(draw: ImageDraw.ImageDraw, box: Box, card: Any, labels: Labels | None) -> None:
    x0, y0, x1, y1 = box
    colour, kind, rank = _card_parts(card)
    draw.rounded_rectangle(box, radius=16, fill=(252, 252, 250), outline=colour, width=6)
    w = x1 - x0
    cx = (x0 + x1) / 2
    boat = rank.upper() == "X" and kind != "card"
    heading = say(labels, f"fence.hand.{kind}_boat" if boat else f"fence.hand.{kind}")
    heading = fit_text(heading, font(26 if not boat else 22, bold=True), w - 16)
    draw_centered_text(
        draw, (cx, y0 + 40), heading, font(26 if not boat else 22, bold=True), colour
    )
    picture = (x0 + (w - int(w * 0.62)) // 2, y0 + 70)
    side = int(w * 0.62)
    if rank.isdigit() and int(rank) in PIPS:
        _draw_die(draw, (*picture, picture[0] + side, picture[1] + side), int(rank), colour)
    elif rank.upper() == "J":
        joker = fit_text(say(labels, "fence.hand.joker"), font(36, bold=True), w - 16)
        draw_centered_text(draw, (cx, (y0 + y1) / 2), joker, font(36, bold=True), colour)
    elif boat:
        _boat(draw, (*picture, picture[0] + side, picture[1] + side), colour)
    else:
        draw_centered_text(draw, (cx, (y0 + y1) / 2), "?", font(60, bold=True), colour)
    label = font(34, bold=True)
    draw_centered_text(draw, (cx, y1 - 34), fit_text(str(card), label, w - 20), label, colour)


def _starting_tile(view: FenceView, start: list[Any], labels: Labels | None) -> str:
    """Which tile the secret starting cards point at, so nobody has to look it up."""
    red = next((c for c in start if _card_parts(c)[1] == "red"), None)
    blue = next((c for c in start if _card_parts(c)[1] == "blue"), None)
    cards = " ".join(str(c) for c in start)
    if red is None or blue is None:
        return say(labels, "fence.hand.start_cards", cards=cards)
    r, b = _card_parts(red)[2], _card_parts(blue)[2]
    for tile in view.get("map") or []:
        if [str(v) for v in tile.get("coords") or []] == [r, b]:
            spot = f"{tile['x']},{tile['y']}"
            return say(labels, "fence.hand.start_at", cards=cards, tile=tile["name"], spot=spot)
    return say(labels, "fence.hand.start_off_map", cards=cards, red=r, blue=b)


def _pawn_line(view: FenceView, seat: int | None, colour_name: str, labels: Labels | None) -> str:
    if seat is None:
        return ""
    pawns = view.get("pawns") or []
    jailed = view.get("jailed") or []
    if seat < len(jailed) and jailed[seat]:
        return say(labels, "fence.hand.jailed", colour=colour_name)
    hood = pawns[seat] if seat < len(pawns) else None
    if hood is None:
        return say(labels, "fence.hand.off_map", colour=colour_name)
    for tile in view.get("map") or []:
        for h in tile.get("hoods") or []:
            if h.get("id") == hood:
                spot = f"{tile['x']},{tile['y']}"
                return say(
                    labels, "fence.hand.pawn_at", colour=colour_name, hood=h["name"], spot=spot
                )
    return say(labels, "fence.hand.pawn", colour=colour_name)


def _offer_line(
    offer: TradeOffer, names: list[str], seat: int | None, labels: Labels | None
) -> str:
    """A trade offer the seat is part of, told from its side ("Orange offers you B2 for
    B4"); an offer of another shape is described as the rules put it."""
    if set(offer) != {"from", "to", "give", "ask"}:
        return describe_trade_offer(offer, names, seat)
    giver, taker = (colour_word(labels, seat_name(offer[k], names)) for k in ("from", "to"))
    cards = {"give": cards_text(offer["give"]), "ask": cards_text(offer["ask"])}
    if offer["from"] == seat:
        return say(labels, "fence.hand.offer_by_you", taker=taker, **cards)
    return say(labels, "fence.hand.offer_to_you", giver=giver, **cards)


def _info_lines(
    view: FenceView, seat: int | None, colour_name: str, labels: Labels | None = None
) -> list[tuple[str, bool]]:
    """(text, stands out) lines above the cards; a trade offer stands out because it waits
    for an answer."""
    names = view.get("seat_names") or []
    lines = [(_pawn_line(view, seat, colour_name, labels), False)]
    start = list(view.get("starting_cards") or [])
    if start:
        lines.append((_starting_tile(view, start, labels), False))
    boats = view.get("boats") or []
    if seat is not None and seat < len(boats) and boats[seat]:
        lines.append((say(labels, "fence.hand.boats", cards=cards_text(boats[seat])), False))
    offer = view.get("trade_offer")
    if offer:
        lines.append((_offer_line(offer, names, seat, labels), True))
    return [(text, loud) for text, loud in lines if text]


def render_hand(view: FenceView, labels: Labels | None = None) -> bytes:
    """One player's cards (and unrevealed starting cards), from that seat's own view: for a
    direct message, never for the match thread. Above the cards: the pawn's colour and
    place, where the secret starting cards point, and any open trade offer."""
    seat = view.get("seat")
    seat = seat if isinstance(seat, int) else None
    names = view.get("seat_names") or []
    hand = list(view.get("hand") or [])
    start = list(view.get("starting_cards") or [])
    who = colour_word(labels, names[seat]) if seat is not None and seat < len(names) else "?"
    colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)] if seat is not None else (0, 0, 0)
    info_font = font(28, weight="semibold")
    info: list[tuple[str, bool]] = []
    for text, loud in _info_lines(view, seat, who, labels):
        info += [(line, loud) for line in wrap_lines(text, info_font, _HAND_WIDTH - 56)]
    sections = [(say(labels, "fence.hand.cards"), hand)]
    if start:
        sections.append((say(labels, "fence.hand.starting"), start))
    height = 90 + len(info) * 38 + 12
    for _, cards in sections:
        height += 44 + max(1, -(-len(cards) // _PER_ROW)) * (_CARD_H + _CARD_GAP) + 8
    canvas = new_canvas(_HAND_WIDTH, height + 10)
    width = canvas.width
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, 74), fill=PALETTE.bar_background)
    paste_centered(canvas, disc(44, colour, contrast(colour), 3), (42, 37))
    title = say(labels, "fence.hand.title", colour=who, n=len(hand))
    title_font = font(34, bold=True)
    draw_runs(
        draw,
        (76, 37),
        fit_text(title, title_font, width - 96),
        title_font,
        PALETTE.bar_text,
        anchor="lm",
    )
    y = 88
    for line, loud in info:
        if loud:
            draw.rectangle((12, y, width - 12, y + 38), fill=OFFER)
        draw_runs(draw, (24, y + 19), line, info_font, PALETTE.text, anchor="lm")
        y += 38
    y += 12
    for heading, cards in sections:
        draw.text(
            (24, y + 20), heading, font=font(28, weight="semibold"), fill=PALETTE.muted, anchor="lm"
        )
        y += 44
        if not cards:
            none = say(labels, "fence.hand.none")
            draw.text((24, y + 24), none, font=font(28), fill=PALETTE.muted, anchor="lm")
            y += 56
            continue
        for i, card in enumerate(cards):
            r, c = divmod(i, _PER_ROW)
            x0 = 24 + c * (_CARD_W + _CARD_GAP)
            y0 = y + r * (_CARD_H + _CARD_GAP)
            _card(draw, (x0, y0, x0 + _CARD_W, y0 + _CARD_H), card, labels)
        y += (-(-len(cards) // _PER_ROW)) * (_CARD_H + _CARD_GAP) + 8
    return to_png(canvas.crop((0, 0, width, y + 10)))
