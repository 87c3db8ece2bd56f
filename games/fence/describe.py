"""Sentences about a FENCE! view for people: who offers whom which cards.

Phrasing is not drawing: the hand image shows this sentence, and a text reply (a DM, the
console) can use the same one, so one offer is never described two ways. It lives next to
the view it reads, which decides what a seat may know about an offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_SEAT_KEYS = ("from", "by", "seat", "proposer", "offerer", "to", "with", "target", "partner")
_GIVE_KEYS = ("give", "gives", "offer", "offers", "cards")
_WANT_KEYS = ("get", "gets", "want", "wants", "ask", "asks", "for", "request")


def seat_name(seat: Any, names: Sequence[str], me: int | None = None) -> str:
    """A seat as its colour name ("you" for ``me``); anything else is shown as it is, so an
    offer of a shape the rules add later still reads rather than failing."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat == me:
            return "you"
        if 0 <= seat < len(names):
            return names[seat]
    return str(seat)


def cards_text(value: Any) -> str:
    """Card codes separated by spaces; an empty list reads "nothing"."""
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) or "nothing"
    return str(value)


def describe_trade_offer(offer: Any, names: Sequence[str], me: int | None = None) -> str:
    """A readable line for a trade offer whose exact shape the rules may still change:
    a ready-made text wins; otherwise seats become colour names ("you" for ``me``) and card
    lists become "gives …"/"wants …"; any other key is shown as ``key: value``."""
    if not isinstance(offer, dict):
        return str(offer)
    for key in ("text", "description", "summary", "note"):
        text = offer.get(key)
        if isinstance(text, str) and text.strip():
            return text.strip()
    if set(offer) == {"from", "to", "give", "ask"}:
        giver = seat_name(offer["from"], names, me)
        taker = seat_name(offer["to"], names, me)
        verb = "offer" if giver == "you" else "offers"
        deal = f"{cards_text(offer['give'])} for {cards_text(offer['ask'])}"
        return f"{giver.capitalize() if giver == 'you' else giver} {verb} {taker} {deal}"
    parts: list[str] = []
    for key, value in offer.items():
        if value is None or value == [] or value == "":
            continue
        if key in _SEAT_KEYS:
            parts.append(f"{key} {seat_name(value, names, me)}")
        elif key in _GIVE_KEYS:
            parts.append(f"gives {cards_text(value)}")
        elif key in _WANT_KEYS:
            parts.append(f"wants {cards_text(value)}")
        else:
            parts.append(f"{key}: {cards_text(value)}")
    return ", ".join(parts) or "(empty)"
