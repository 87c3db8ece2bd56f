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

from games.core import IllegalMove, InvalidNotation, RuleViolation
from games.fence.actions import Action, CopsRoad, Place, Swap, Yourself
from games.fence.notation import ROT, SPOT
from games.fence.sentences import SAY
from games.fence.state import FenceState
from games.fence.tiles import slugify
from games.fence.world import city_map, hood_name, tiles_of
from games.sentences import listing
from games.text import quoted

CARDISH = re.compile(r"^[rb]\d+$")
VALID_CARD = re.compile(r"^[rb][1-6]$")


def diagnose(state: FenceState, legal: list[Action], text: str) -> IllegalMove | None:
    """The specific reason ``text`` is refused here, or None to keep the reader's own."""
    words = text.strip().lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb in ("place", "swap"):
        return _placement(state, legal, verb, rest)  # "r90" there is a rotation, no card
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
    if verb == "yourself" and cards:
        return _landing(state, legal, cards, place_words)
    if verb == "cops" and rest[:1] == ["to"]:
        reachable = sorted({hood_name(tiles_of(state), a.hood) for a in legal
                            if isinstance(a, CopsRoad)})  # fmt: skip
        if reachable:
            return RuleViolation(SAY("cops_step", hoods=", ".join(reachable)))
    return None


def _landing(
    state: FenceState, legal: list[Action], cards: list[str], place_words: list[str]
) -> IllegalMove | None:
    """Why ``yourself <cards> <place>`` is refused when the cards are held: they lead to no
    tile one may stop on, or to a tile whose neighbourhoods do not include the place named
    (``yourself R6 B2 old town`` while R6 B2 lands on Heron Bay's tile)."""
    wanted = sorted(cards)
    landings = [a for a in legal if isinstance(a, Yourself) and sorted(a.cards) == wanted]
    shown = " ".join(cards)
    if not landings:
        return RuleViolation(SAY("yourself_nowhere", cards=shown))
    if not place_words:
        return None
    tiles = tiles_of(state)
    hoods = sorted({hood_name(tiles, a.hood) for a in landings})
    return RuleViolation(
        SAY("yourself_lands", cards=shown, hood=quoted(" ".join(place_words)), hoods=listing(hoods))
    )


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


def _placement(
    state: FenceState, legal: list[Action], verb: str, rest: list[str]
) -> IllegalMove | None:
    """Why ``place|swap <tile> at x,y rN`` is refused: the tile is not in your hand, the
    spot is not open to it, or it does not fit there turned that way — each with what
    would do instead. None when the form itself is wrong (the reader's sentence says so)."""
    if "at" not in rest:
        return None
    at = rest.index("at")
    kind = Place if verb == "place" else Swap
    mine = [a for a in legal if isinstance(a, kind)]
    tiles = tiles_of(state)
    slug = slugify(" ".join(rest[:at]))
    named = {i for i, t in enumerate(tiles) if t.slug == slug} or {
        i for i, t in enumerate(tiles) if slug and t.slug.startswith(slug)
    }
    if not mine or not named:
        return None
    held = sorted({a.tile for a in mine})
    chosen = [a for a in mine if a.tile in named]
    if not chosen:
        shown = tiles[min(named)]
        hand = listing([tiles[i].slug for i in held[:8]])
        return RuleViolation(SAY("tile_not_in_hand", tile=shown.slug, verb=verb, tiles=hand))
    spot_words = rest[at + 1 :]
    spot = SPOT.match(spot_words[0]) if spot_words else None
    if spot is None:
        return None
    pos = (int(spot.group(1)), int(spot.group(2)))
    there = [a for a in chosen if a.pos == pos]
    if not there:
        spots = listing(sorted({f"{x},{y}" for x, y in (a.pos for a in chosen)})[:8])
        return RuleViolation(
            SAY("spot_not_open", spot=f"{pos[0]},{pos[1]}", verb=verb, spots=spots)
        )
    turned = ROT.match(spot_words[1]) if len(spot_words) > 1 else None
    if turned is None:
        return None
    if int(turned.group(1)) // 90 not in {a.rot for a in there}:
        fits = listing([f"r{r * 90}" for r in sorted({a.rot for a in there})])
        return RuleViolation(
            SAY(
                "rotation_not_fit",
                tile=tiles[there[0].tile].slug,
                spot=f"{pos[0]},{pos[1]}",
                rot=f"r{turned.group(1)}",
                fits=fits,
            )
        )
    return None
