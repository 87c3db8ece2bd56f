"""Readable text for the legal steps: one-line labels (autocomplete, buttons) and choice paths
for a step-by-step panel (``Presentation.label`` and ``Presentation.choice_path``).

Both are written for the player about to act and name their own cards, so the bot shows
them to that player only. A path's levels follow how a player thinks about a turn: what
kind of move, then which cards or whose pawn, then where. Within one state every path of a
kind has the same number of levels and begins with a segment only that kind uses, which is
what keeps all paths distinct and none a prefix of another.

The words are sentences (catalogue keys, :mod:`games.fence.sentences`), so the bot shows a
German player German buttons (``Presentation.said_label``, ``Presentation.said_path``);
:func:`label` and :func:`choice_path` are their English, which typed input is also matched
against.
"""

from __future__ import annotations

from games.fence import actions as act
from games.fence import engine
from games.fence.actions import Action
from games.fence.citymap import tile_of
from games.fence.sentences import COLOURS, SAY
from games.fence.state import FenceState
from games.fence.world import hood_name, tiles_of
from games.sentences import Sentence
from games.text import LABEL_LIMIT, SEGMENT_LIMIT, shorten

PANEL_WIDTH = 25
"""Options one level of the panel can show (a Discord select menu)."""

Said = str | Sentence
"""A segment of a path: words to translate, or a name or cards shown as they are."""


def label(state: FenceState, action: Action) -> str:
    return shorten(said_label(state, action).english(), LABEL_LIMIT)


def choice_path(state: FenceState, action: Action) -> tuple[str, ...]:
    return tuple(shorten(str(part), SEGMENT_LIMIT) for part in said_path(state, action))


def _spot(action: act.Place | act.Swap) -> str:
    return f"{action.pos[0]},{action.pos[1]}"


def said_label(state: FenceState, action: Action) -> Sentence:
    """The label as a sentence: see the module."""
    tiles = tiles_of(state)
    if isinstance(action, act.Place | act.Swap):
        placed = {"tile": tiles[action.tile].name, "spot": _spot(action), "turn": action.rot * 90}
        if isinstance(action, act.Place):
            return SAY("label_place", **placed)
        taken = next(t for pos, t, _ in state.placed if pos == action.pos)
        return SAY("label_swap", **placed, taken=tiles[taken].name)
    if isinstance(action, act.Draw):
        return SAY("label_draw_red" if action.colour == "red" else "label_draw_blue")
    if isinstance(action, act.Hunch):
        return SAY("label_hunch_red" if action.colour == "red" else "label_hunch_blue")
    if not isinstance(action, act.HoodAction):
        return _trade_label(state, action)
    hood = hood_name(tiles, action.hood)
    if isinstance(action, act.Yourself):
        cards = " ".join(action.cards)
        if action.hood == state.cops:
            return SAY("label_yourself_jail", cards=cards, hood=hood)
        return SAY("label_yourself", cards=cards, hood=hood)
    if isinstance(action, act.TipOff):
        return SAY("label_tip_off", cards=" ".join(action.cards), hood=hood)
    if isinstance(action, act.Push):
        return SAY("label_push", colour=COLOURS[action.seat], hood=hood)
    if isinstance(action, act.PlacePawn):
        return SAY("label_pawn", hood=hood)
    if isinstance(action, act.PlaceCops):
        return SAY("label_cops", hood=hood)
    if isinstance(action, act.PlaceTunnel):
        return SAY("label_tunnel", hood=hood)
    if isinstance(action, act.PlacePost):
        return SAY("label_post", hood=hood)
    return SAY("label_cops_road", hood=hood)


def _trade_label(state: FenceState, action: Action) -> Sentence:
    if isinstance(action, act.Boat):
        return SAY("label_boat_red" if action.colour == "red" else "label_boat_blue")
    if isinstance(action, act.Offer):
        return SAY("label_offer", colour=COLOURS[action.seat], give=action.give, ask=action.ask)
    if isinstance(action, act.Accept | act.Refuse):
        offerer, _, give, ask = state.offer
        if isinstance(action, act.Refuse):
            return SAY("label_refuse", colour=COLOURS[offerer])
        return SAY("label_accept", colour=COLOURS[offerer], give=ask, get=give)
    if isinstance(action, act.PostTrade):
        return SAY("label_post_trade", give=action.give, colour=COLOURS[action.seat],
                   pick=action.pick)  # fmt: skip
    if isinstance(action, act.NoTrade):
        return SAY("label_no_trade")
    raise TypeError(f"not a FENCE! action: {action!r}")


def said_path(state: FenceState, action: Action) -> tuple[Said, ...]:
    """The choice path as sentences and names: see the module."""
    tiles = tiles_of(state)
    if isinstance(action, act.Place | act.Swap):
        kind = SAY("path_place" if isinstance(action, act.Place) else "path_swap")
        at = SAY("path_at", spot=_spot(action))
        return (kind, tiles[action.tile].name, at, SAY("path_turned", turn=action.rot * 90))
    if isinstance(action, act.PlacePawn):
        return _pawn_path(state, action.hood)
    if isinstance(action, act.PlaceCops | act.PlaceTunnel | act.PlacePost):
        return (said_label(state, action),)
    if isinstance(action, act.Yourself):
        hood = hood_name(tiles, action.hood)
        if action.hood == state.cops:
            hood_said: Said = SAY("path_jail", hood=hood)
        else:
            hood_said = hood
        return (SAY("path_yourself"), " ".join(action.cards), hood_said)
    if isinstance(action, act.Push | act.CopsRoad | act.TipOff | act.Hunch | act.Boat):
        return _others_path(state, action)
    if isinstance(action, act.Draw):
        return (SAY("path_draw"), SAY("red" if action.colour == "red" else "blue"))
    if isinstance(action, act.Offer):
        return (
            SAY("path_offer"), SAY("path_to", colour=COLOURS[action.seat]),
            SAY("path_give", card=action.give), SAY("path_for", card=action.ask),
        )  # fmt: skip
    if isinstance(action, act.PostTrade):
        return (
            SAY("path_trade"), SAY("path_with", colour=COLOURS[action.seat]),
            SAY("path_give", card=action.give), SAY("path_take", pick=action.pick),
        )  # fmt: skip
    if isinstance(action, act.NoTrade):
        return (SAY("path_no_trade"),)
    return (said_label(state, action),)  # the answer to an offer: one of two buttons


def _others_path(state: FenceState, action: Action) -> tuple[Said, ...]:
    """Move Others: under a "Move others" level on the turn's first step; the second step
    (the other part, or both after a boat) is all Move Others, so that level is left out."""
    tiles = tiles_of(state)
    path: tuple[Said, ...]
    if isinstance(action, act.Push):
        path = (SAY("path_push", colour=COLOURS[action.seat]), hood_name(tiles, action.hood))
    elif isinstance(action, act.CopsRoad):
        path = (SAY("path_cops_road"), hood_name(tiles, action.hood))
    elif isinstance(action, act.TipOff):
        path = (SAY("path_tip_off", cards=" ".join(action.cards)), hood_name(tiles, action.hood))
    elif isinstance(action, act.Hunch):
        path = (SAY("path_hunch_red" if action.colour == "red" else "path_hunch_blue"),)
    else:
        assert isinstance(action, act.Boat)
        path = (SAY("path_boat_red" if action.colour == "red" else "path_boat_blue"),)
    return (SAY("path_others"), *path) if state.stage == "turn" else path


def _pawn_path(state: FenceState, hood: int) -> tuple[Said, ...]:
    """One level while the choices fit the panel (a rolled tile); with Turn-Taking for Pawn
    Placement any neighbourhood may be chosen, so they are grouped by the tile's red
    coordinate first."""
    tiles = tiles_of(state)
    name = hood_name(tiles, hood)
    if len(engine.legal_actions(state)) <= PANEL_WIDTH:
        return (SAY("path_pawn", hood=name),)
    coords = tiles[tile_of(hood)].coords
    group = SAY("path_red_group", red=coords[0]) if coords else SAY("path_no_coordinates")
    return (group, name)
