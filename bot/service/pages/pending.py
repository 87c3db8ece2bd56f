"""A player's pending conditional moves as their own board page draws them: each line's
first pair (if the opponent plays this, I answer that) with the marks of both moves, so the
page can show them on the board beside the live position and offer to cancel them there.

Why its own module: it reads ``/premove``'s stored lines (:mod:`bot.service.play.premoves`)
for the page without changing how they are kept, judged or played; and it is asked only for
the seat's own credential, so no other seat, spectator or live event ever sees them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.play.premoves import describe, stored, stored_turn
from bot.service.play.turns import turn_position
from games.core import IllegalMove, Rules
from storage.base import ACTIVE, ActionRecord, MatchRecord


def pending(
    record: MatchRecord,
    rules: Rules[Any, Any],
    state: Any,
    seat: int | None,
    live: Sequence[ActionRecord],
) -> list[dict[str, Any]]:
    """The seat's conditional moves for the coming turn: each line as it could be typed
    again, and its first pair's moves with their board marks (``theirs``, ``mine``: the
    highlight facts the game's renderer draws a move with). Empty for anyone else, for a
    match that is not running, and for lines stored for an earlier turn."""
    if seat is None or record.status != ACTIVE:
        return []
    if stored_turn(record.meta, seat) != turn_position(live)[0]:
        return []
    out = []
    for branch in stored(record.meta, seat):
        entry: dict[str, Any] = {
            "if": branch.theirs,
            "then": branch.mine,
            "lines": describe((branch,)),
            "theirs": [],
            "mine": [],
        }
        try:
            after = state
            for action in rules.parse_many(after, branch.theirs):
                entry["theirs"].append(rules.presentation.highlight(after, action))
                after = rules.apply(after, action)
            for action in rules.parse_many(after, branch.mine):
                entry["mine"].append(rules.presentation.highlight(after, action))
                after = rules.apply(after, action)
        except IllegalMove:
            entry["theirs"], entry["mine"] = [], []  # listed, not drawn: /premove judges it
        out.append(entry)
    return out
