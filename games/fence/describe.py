"""Sentences about a FENCE! view for people: who offers whom which cards.

The renderer and the bot both phrase a trade offer; the wording lives here, next to the
view it reads, so an image and a message never describe one offer two ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_SEAT_KEYS = ("from", "by", "seat", "proposer", "offerer", "to", "with", "target", "partner")
_GIVE_KEYS = ("give", "gives", "offer", "offers", "cards")
_WANT_KEYS = ("get", "gets", "want", "wants", "ask", "asks", "for", "request")


def seat_name(seat: Any, names: Sequence[str], me: int | None = None) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat == me:
            return "you"
        if 0 <= seat < len(names):
            return names[seat]
    return str(seat)


def cards_text(value: Any) -> str:
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
        if isinstance(offer.get(key), str) and offer[key].strip():
            return offer[key].strip()
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
