"""Why a typed FENCE! move is refused, in the words a new player needs.

The notation reader (:mod:`games.fence.notation`) knows only whether a text names a legal
action. When it does not, this module looks at the position for the *real* reason — a card
that does not exist, a card you do not hold, two cards of one colour, a neighbourhood that is
not on the map, or one the Cops cannot reach in one step — so the refusal names it instead of
repeating the generic form the player already typed (issue 14.10).
"""

from __future__ import annotations

import difflib
import re

from games.core import IllegalMove, InvalidNotation, RuleViolation, quoted
from games.fence.actions import Action, CopsRoad
from games.fence.sentences import SAY
from games.fence.state import FenceState
from games.fence.tiles import slugify
from games.fence.world import city_map, hood_name, tiles_of
from games.sentences import listing

CARDISH = re.compile(r"^[rb]\d+$")
VALID_CARD = re.compile(r"^[rb][1-6]$")


def diagnose(state: FenceState, legal: list[Action], text: str) -> IllegalMove | None:
    """The specific reason ``text`` is refused here, or None to keep the reader's own."""
    words = text.strip().lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    cards = [w.upper() for w in rest if CARDISH.match(w)]
    place_words = [w for w in rest if not CARDISH.match(w) and w not in ("to", "at")]
    bad = [c for c in cards if not VALID_CARD.match(c.lower())]
    if bad:
        return InvalidNotation(SAY("not_a_card", card=bad[0]))
    if verb in ("yourself", "tip") and cards:
        hand = state.hands[state.actor]
        missing = [c for c in cards if c not in hand]
        if missing:
            held = " ".join(hand) or SAY("no_cards")
            return RuleViolation(SAY("not_held", cards=listing(missing), hand=held))
        if len(cards) == 2 and cards[0][0] == cards[1][0]:
            return RuleViolation(SAY("two_of_a_colour"))
    if place_words and verb in ("yourself", "tip", "cops", "move", "pawn", "tunnel"):
        if verb == "move":
            place_words = place_words[1:]  # the pawn colour comes first
        unknown = _unknown_place(state, place_words)
        if unknown is not None:
            return unknown
    if verb == "cops" and rest[:1] == ["to"]:
        reachable = sorted({hood_name(tiles_of(state), a.hood) for a in legal
                            if isinstance(a, CopsRoad)})  # fmt: skip
        if reachable:
            return RuleViolation(SAY("cops_step", hoods=", ".join(reachable)))
    return None


def _unknown_place(state: FenceState, words: list[str]) -> IllegalMove | None:
    """A neighbourhood name that matches nothing on the map, with the closest names."""
    if not words:
        return None
    wanted = slugify(" ".join(words))
    tiles = tiles_of(state)
    city = city_map(state)
    names = {
        slugify(hood_name(tiles, hood)): hood_name(tiles, hood)
        for tile in city.where
        for hood in city.hoods_of(tile)
    }
    if any(slug == wanted or slug.startswith(wanted) for slug in names):
        return None
    close = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.6)
    typed = quoted(" ".join(words))
    if close:
        return InvalidNotation(
            SAY("no_hood_close", name=typed, close=listing([names[c] for c in close]))
        )
    return InvalidNotation(SAY("no_hood", name=typed))
