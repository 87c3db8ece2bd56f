"""Text for every step (ruling 30), written to read well in a Discord autocomplete list::

    place lily-rivers at 1,-2 r90     swap the-yards at 0,1 r0
    pawn cabbagetown                  cops at four-points           tunnel venice
    yourself R3 B5 cabbagetown        yourself B1 sunnyside
    move orange to the-stix           cops to downtown              tip B2 four-points
    hunch red                         draw blue

and with the options::

    boat red                          offer orange R3 for B5        accept trade
    refuse trade                      post at the-stix              post orange R3 2
    post skip

Map spots are ``x,y`` from Old Town (east and north positive); rotations are clockwise
degrees. Tiles are named by their first neighbourhood or by their coordinates (``3,2``);
neighbourhoods by name, case-insensitive, a unique prefix being enough. ``parse`` matches the
text against the legal steps, so it only ever returns a legal action and can say which
legal steps come closest when the text fits none.

``post orange R3 2`` gives R3 face down to Orange at the Trading Post and takes Orange's
second card (of a hand shuffled first). Trades carry secret card values, so
:func:`public_text` is what the public log shows of a step: ``post orange``,
``offer orange``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

from games.core import AmbiguousMove, InvalidNotation, RuleViolation
from games.fence import actions as act
from games.fence.actions import Action
from games.fence.info import SEAT_NAMES
from games.fence.sentences import SAY
from games.fence.tiles import Tile, slugify
from games.sentences import Sentence
from games.text import quoted

CARD = re.compile(r"^[rb]([1-6]|j|x)$")
PICK = re.compile(r"^[1-9]\d*$")
SPOT = re.compile(r"^(-?\d+),(-?\d+)$")
ROT = re.compile(r"^r(0|90|180|270)$")
COORDS = re.compile(r"^([1-6]),([1-6])$")
STAGE_HINTS = frozenset(
    {"draft", "tunnel", "pawn", "cops", "turn", "second", "draw", "post", "offer", "trading"}
)
EXAMPLE_HINTS = frozenset({"draft", "tunnel", "pawn", "cops", "post"})
"""The stages whose refusal says what the stage asks for; in those of ``EXAMPLE_HINTS``
the example is the first legal step, so it is always one the player could type now (a
fixed ``pawn cabbagetown`` named a place not on every map)."""


def stage_hint(tiles: Sequence[Tile], stage: str, legal: Sequence[Action]) -> Sentence:
    """What ``stage`` asks for, with an example from ``legal`` where the stage has one."""
    if stage in EXAMPLE_HINTS and legal:
        return SAY(f"hint_{stage}", example=format_action(tiles, legal[0]))
    if stage in STAGE_HINTS and stage not in EXAMPLE_HINTS:
        return SAY(f"hint_{stage}")
    return SAY("hint_wait")


def hood_slug(tiles: Sequence[Tile], hood: int) -> str:
    return tiles[hood // 4].hoods[hood % 4].slug


FORMATS: dict[type, str] = {
    act.PlacePawn: "pawn {hood}",
    act.PlaceCops: "cops at {hood}",
    act.PlaceTunnel: "tunnel {hood}",
    act.PlacePost: "post at {hood}",
    act.Yourself: "yourself {cards} {hood}",
    act.Push: "move {seat} to {hood}",
    act.CopsRoad: "cops to {hood}",
    act.TipOff: "tip {cards} {hood}",
    act.Hunch: "hunch {colour}",
    act.Draw: "draw {colour}",
    act.Boat: "boat {colour}",
    act.Offer: "offer {seat} {give} for {ask}",
    act.Accept: "accept trade",
    act.Refuse: "refuse trade",
    act.PostTrade: "post {seat} {give} {pick}",
    act.NoTrade: "post skip",
}
"""Each step's notation as a template of its fields: a neighbourhood by its slug, cards by
their names, a seat by its colour's word. Tiles placed or swapped are written apart (a
position and a rotation)."""


def format_action(tiles: Sequence[Tile], action: Action) -> str:
    if isinstance(action, act.Place | act.Swap):
        verb = "place" if isinstance(action, act.Place) else "swap"
        x, y = action.pos
        return f"{verb} {tiles[action.tile].slug} at {x},{y} r{action.rot * 90}"
    template = FORMATS.get(type(action))
    if template is None:
        raise TypeError(f"not a FENCE! action: {action!r}")
    fields: dict[str, Any] = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    if "hood" in fields:
        fields["hood"] = hood_slug(tiles, fields["hood"])
    if "cards" in fields:
        fields["cards"] = " ".join(fields["cards"])
    if "seat" in fields:
        fields["seat"] = _seat_word(fields["seat"])
    return template.format(**fields)


def public_text(tiles: Sequence[Tile], action: Action) -> str:
    """The notation with secret card values left out (ruling 29): a trade's cards are known
    only to the two players in it. Every other step is public as written."""
    if isinstance(action, act.Offer | act.PostTrade):
        verb = "offer" if isinstance(action, act.Offer) else "post"
        return f"{verb} {_seat_word(action.seat)}"
    return format_action(tiles, action)


def _seat_word(seat: int) -> str:
    return SEAT_NAMES[seat].lower()


def _hood_matcher(tiles: Sequence[Tile], words: list[str]) -> Callable[[int], bool]:
    """Neighbourhoods named by ``words``: the exact name if some hood has it, else every
    hood whose name starts with it; no words matches any neighbourhood."""
    if not words:
        return lambda hood: True
    text = slugify(" ".join(words))
    exact = {h for h in range(len(tiles) * 4) if _slug_or_none(tiles, h) == text}
    if exact:
        return lambda hood: hood in exact
    return lambda hood: (_slug_or_none(tiles, hood) or "").startswith(text)


def _slug_or_none(tiles: Sequence[Tile], hood: int) -> str | None:
    tile = tiles[hood // 4] if hood // 4 < len(tiles) else None
    if tile is None or hood % 4 >= len(tile.hoods):
        return None
    return tile.hoods[hood % 4].slug


def _tile_matcher(tiles: Sequence[Tile], text: str) -> Callable[[int], bool]:
    found = COORDS.match(text)
    if found:
        coords = (int(found.group(1)), int(found.group(2)))
        return lambda tile: tiles[tile].coords == coords
    slug = slugify(text)
    exact = {i for i, t in enumerate(tiles) if t.slug == slug}
    if exact:
        return lambda tile: tile in exact
    return lambda tile: tiles[tile].slug.startswith(slug)


def _split_cards(words: list[str]) -> tuple[tuple[str, ...], list[str]]:
    played = []
    while words and CARD.match(words[0]):
        played.append(words.pop(0).upper())
    return tuple(played), words


def matcher(tiles: Sequence[Tile], text: str) -> Callable[[Action], bool]:
    """A test that picks the actions ``text`` describes, or InvalidNotation."""
    words = text.strip().lower().replace("→", " ").split()
    if not words:
        raise InvalidNotation(SAY("type_a_move"))
    verb, rest = words[0], words[1:]
    if verb in ("place", "swap"):
        return _placement(tiles, verb, rest)
    if verb in ("pawn", "tunnel"):
        hood = _hood_matcher(tiles, rest)
        kind = act.PlacePawn if verb == "pawn" else act.PlaceTunnel
        return lambda a: isinstance(a, kind) and hood(a.hood)
    if verb == "cops" and rest[:1] in (["at"], ["to"]):
        hood = _hood_matcher(tiles, rest[1:])
        kind2 = act.PlaceCops if rest[0] == "at" else act.CopsRoad
        return lambda a: isinstance(a, kind2) and hood(a.hood)
    if verb in ("yourself", "tip"):
        played, rest = _split_cards(rest)
        if not played:
            raise InvalidNotation(SAY("needs_cards", verb=verb))
        hood = _hood_matcher(tiles, rest)
        kind3 = act.Yourself if verb == "yourself" else act.TipOff
        wanted = tuple(sorted(played))
        return lambda a: isinstance(a, kind3) and tuple(sorted(a.cards)) == wanted and hood(a.hood)
    if verb == "move" and rest:
        pushed = _seat_of(rest[0])
        words_left = rest[1:]
        if words_left[:1] == ["to"]:
            words_left = words_left[1:]
        hood = _hood_matcher(tiles, words_left)
        return lambda a: isinstance(a, act.Push) and a.seat == pushed and hood(a.hood)
    if verb in ("hunch", "draw", "boat") and rest in (["red"], ["blue"]):
        kinds: dict[str, type[act.Hunch | act.Draw | act.Boat]] = {
            "hunch": act.Hunch,
            "draw": act.Draw,
            "boat": act.Boat,
        }
        kind4 = kinds[verb]
        return lambda a: isinstance(a, kind4) and a.colour == rest[0]
    if verb in ("accept", "refuse") and rest in ([], ["trade"]):
        kind5 = act.Accept if verb == "accept" else act.Refuse
        return lambda a: isinstance(a, kind5)
    if verb == "offer":
        return _offer(rest)
    if verb == "post":
        return _post(tiles, rest)
    raise InvalidNotation(SAY("unreadable", text=quoted(text)))


def _seat_of(word: str) -> int:
    seats = [i for i, name in enumerate(SEAT_NAMES) if name.lower() == word]
    if not seats:
        raise InvalidNotation(SAY("not_a_colour", word=word, colours=", ".join(SEAT_NAMES)))
    return seats[0]


def _offer(rest: list[str]) -> Callable[[Action], bool]:
    """``offer <colour> <card> for <card>``."""
    if len(rest) != 4 or rest[2] != "for" or not (CARD.match(rest[1]) and CARD.match(rest[3])):
        raise InvalidNotation(SAY("offer_form"))
    seat, give, ask = _seat_of(rest[0]), rest[1].upper(), rest[3].upper()
    return lambda a: isinstance(a, act.Offer) and (a.seat, a.give, a.ask) == (seat, give, ask)


def _post(tiles: Sequence[Tile], rest: list[str]) -> Callable[[Action], bool]:
    """``post at <hood>`` (setup), ``post <colour> <card> <n>`` or ``post skip``."""
    if rest[:1] == ["at"]:
        hood = _hood_matcher(tiles, rest[1:])
        return lambda a: isinstance(a, act.PlacePost) and hood(a.hood)
    if rest == ["skip"]:
        return lambda a: isinstance(a, act.NoTrade)
    if len(rest) != 3 or not CARD.match(rest[1]) or not PICK.match(rest[2]):
        raise InvalidNotation(SAY("post_form"))
    seat, give, pick = _seat_of(rest[0]), rest[1].upper(), int(rest[2])
    return lambda a: isinstance(a, act.PostTrade) and (a.seat, a.give, a.pick) == (seat, give, pick)


def _placement(tiles: Sequence[Tile], verb: str, rest: list[str]) -> Callable[[Action], bool]:
    kind = act.Place if verb == "place" else act.Swap
    if "at" not in rest:
        raise InvalidNotation(SAY("say_where", verb=verb))
    at = rest.index("at")
    tile = _tile_matcher(tiles, " ".join(rest[:at]))
    spot_words = rest[at + 1 :]
    spot = SPOT.match(spot_words[0]) if spot_words else None
    if spot is None:
        raise InvalidNotation(SAY("spot_form"))
    pos = (int(spot.group(1)), int(spot.group(2)))
    rot: int | None = None
    if len(spot_words) > 1:
        found = ROT.match(spot_words[1])
        if found is None:
            raise InvalidNotation(SAY("rotation_form"))
        rot = int(found.group(1)) // 90
    return lambda a: (
        isinstance(a, kind) and a.pos == pos and tile(a.tile) and (rot is None or a.rot == rot)
    )


def choose(tiles: Sequence[Tile], stage: str, legal: list[Action], text: str) -> Action:
    """The one legal action ``text`` names, or a sentence saying why there is none."""
    test = matcher(tiles, text)
    found = [a for a in legal if test(a)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        options = ", ".join(format_action(tiles, a) for a in found[:4])
        raise AmbiguousMove(SAY("ambiguous", text=quoted(text), moves=options))
    verb = text.strip().lower().split()[0]
    same = [a for a in legal if format_action(tiles, a).startswith(verb)]
    examples = ", ".join(format_action(tiles, a) for a in (same or legal)[:3])
    hint = stage_hint(tiles, stage, legal)
    raise RuleViolation(
        SAY("not_legal_here_examples", text=quoted(text), hint=hint, examples=examples)
        if examples
        else SAY("not_legal_here", text=quoted(text), hint=hint)
    )
