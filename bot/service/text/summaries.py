"""Round summaries for the match thread: what a player coming back after two days needs
to catch up — the round's Hot Goods, who sits in Jail, how many cards everyone holds.

Built only from public views, so a summary can never carry a secret. Games without rounds
(no ``round`` in their public view) get no summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.text.describer import colour_word, label_of
from bot.words import words


def _label(view: dict[str, Any], seat: int, names: Sequence[str], rules: Any, locale: str) -> str:
    colours = view.get("seat_names") or []
    colour = colour_word(rules, colours[seat], locale) if seat < len(colours) else ""
    return label_of(names[seat], colour) if seat < len(names) else str(seat)


def _goods(view: dict[str, Any], names: Sequence[str], rules: Any, locale: str) -> list[str]:
    """``Foundry Flats → nobody``, ``Downtown → bob (Orange)``: where each of the round's Hot
    Goods came up and who got them (the thread already had the full sentences)."""
    places = {
        entry.get("tile"): " / ".join(h["name"] for h in entry.get("hoods") or [])
        or entry.get("name")
        for entry in view.get("map") or []
    }
    parts = []
    for goods in view.get("hot_goods") or []:
        place = places.get(goods.get("tile"))
        if place is None:  # a tile the map does not show: fall back to the engine's words
            if goods.get("note"):
                parts.append(str(goods["note"]).rstrip(". "))
            continue
        winner = goods.get("winner")
        who = (
            words(locale)("summary.nobody")
            if winner is None
            else _label(view, winner, names, rules, locale)
        )
        parts.append(f"{place} → {who}")
    return parts


def round_summary(
    rules: Any, before: Any, after: Any, names: Sequence[str], locale: str = "en"
) -> list[str]:
    """Lines closing the round that ``before → after`` finished, or nothing; in ``locale``,
    the language of the match thread's server (shared text)."""
    old, new = rules.view(before, None), rules.view(after, None)
    if "round" not in new or new.get("round") == old.get("round") or not old.get("round"):
        return []
    say = words(locale)
    lines = [say("summary.round_over", round=old["round"])]
    goods = _goods(new, names, rules, locale)
    if goods:
        lines.append(say("summary.hot_goods", goods="; ".join(goods)))
    jail = new.get("jailed") or []
    gone = new.get("dropped") or []
    seats = max(len(jail), len(new.get("hand_sizes") or []))
    here = [s for s in range(seats) if not (s < len(gone) and gone[s])]  # who left is out
    jailed = [_label(new, s, names, rules, locale) for s in here if s < len(jail) and jail[s]]
    lines.append(
        say("summary.jailed", players=", ".join(jailed)) if jailed else say("summary.no_jail")
    )
    sizes = new.get("hand_sizes")
    if sizes:
        counts = ", ".join(
            f"{_label(new, s, names, rules, locale)} {sizes[s]}" for s in here if s < len(sizes)
        )
        lines.append(say("summary.hand_sizes", counts=counts))
    limit = new.get("round_limit")
    if limit:
        lines.append(say("summary.round_begins", round=new["round"], limit=limit))
    return lines
