"""Readable text for the legal steps: one-line labels (autocomplete, buttons) and choice paths
for a step-by-step panel (``Rules.label`` and ``Rules.choice_path``).

Both are written for the player about to act and name their own cards, so the bot shows
them to that player only. A path's levels follow how a player thinks about a turn: what
kind of move, then which cards or whose pawn, then where. Within one state every path of a
kind has the same number of levels and begins with a segment only that kind uses, which is
what keeps all paths distinct and none a prefix of another.
"""

from __future__ import annotations

from functools import partial

from games.core import LABEL_LIMIT, SEGMENT_LIMIT, shorten
from games.fence import engine
from games.fence.actions import (
    Accept,
    Action,
    Boat,
    CopsRoad,
    Draw,
    Hunch,
    NoTrade,
    Offer,
    Place,
    PlaceCops,
    PlacePawn,
    PlacePost,
    PlaceTunnel,
    PostTrade,
    Push,
    Refuse,
    Swap,
    TipOff,
    Yourself,
)
from games.fence.citymap import tile_of
from games.fence.info import SEAT_NAMES
from games.fence.state import FenceState
from games.fence.world import hood_name, tiles_of

PANEL_WIDTH = 25
"""Options one level of the panel can show (a Discord select menu)."""


def label(state: FenceState, action: Action) -> str:
    return shorten(_label(state, action), LABEL_LIMIT)


def _label(state: FenceState, action: Action) -> str:
    tiles = tiles_of(state)
    where = partial(hood_name, tiles)

    if isinstance(action, Place | Swap):
        x, y = action.pos
        spot = f"{tiles[action.tile].name} at {x},{y} turned {action.rot * 90}°"
        if isinstance(action, Place):
            return f"Place {spot}"
        taken = next(t for pos, t, _ in state.placed if pos == action.pos)
        return f"Swap in {spot}, taking {tiles[taken].name}"
    if isinstance(action, PlacePawn):
        return f"Put your pawn in {where(action.hood)}"
    if isinstance(action, PlaceCops):
        return f"Put the Cops in {where(action.hood)}"
    if isinstance(action, PlaceTunnel):
        return f"Dig a tunnel end in {where(action.hood)}"
    if isinstance(action, PlacePost):
        return f"Put the Trading Post in {where(action.hood)}"
    if isinstance(action, Yourself):
        jail = " — onto the Cops: Jail" if action.hood == state.cops else ""
        return f"Move yourself with {' '.join(action.cards)} to {where(action.hood)}{jail}"
    if isinstance(action, Push):
        return f"Push {SEAT_NAMES[action.seat]} to {where(action.hood)}"
    if isinstance(action, CopsRoad):
        return f"Cops by road to {where(action.hood)}"
    if isinstance(action, TipOff):
        return f"Tip off the Cops with {' '.join(action.cards)} to {where(action.hood)}"
    if isinstance(action, Hunch):
        return f"Roll the {action.colour} die on a hunch for the Cops"
    if isinstance(action, Draw):
        return f"Draw a {action.colour} card"
    return _trade_label(state, action)


def _trade_label(state: FenceState, action: Action) -> str:
    if isinstance(action, Boat):
        return f"Move others and play your {action.colour} boat"
    if isinstance(action, Offer):
        return f"Offer {SEAT_NAMES[action.seat]} your {action.give} for their {action.ask}"
    if isinstance(action, Accept | Refuse):
        offerer, _, give, ask = state.offer
        if isinstance(action, Refuse):
            return f"Refuse {SEAT_NAMES[offerer]}'s trade"
        return f"Accept {SEAT_NAMES[offerer]}'s trade: give {ask}, get {give}"
    if isinstance(action, PostTrade):
        who = SEAT_NAMES[action.seat]
        return f"Trading Post: give {action.give} to {who}, take their card {action.pick}"
    if isinstance(action, NoTrade):
        return "Leave the Trading Post without trading"
    raise TypeError(f"not a FENCE! action: {action!r}")


def choice_path(state: FenceState, action: Action) -> tuple[str, ...]:
    return tuple(shorten(part, SEGMENT_LIMIT) for part in _path(state, action))


def _path(state: FenceState, action: Action) -> tuple[str, ...]:
    tiles = tiles_of(state)
    where = partial(hood_name, tiles)

    if isinstance(action, Place | Swap):
        x, y = action.pos
        kind = "Place a tile" if isinstance(action, Place) else "Swap a tile in"
        return (kind, tiles[action.tile].name, f"at {x},{y}", f"turned {action.rot * 90}°")
    if isinstance(action, PlacePawn):
        return _pawn_path(state, action.hood)
    if isinstance(action, PlaceCops | PlaceTunnel | PlacePost):
        return (label(state, action),)
    if isinstance(action, Yourself):
        jail = " (the Cops: Jail)" if action.hood == state.cops else ""
        return ("Move yourself", " ".join(action.cards), where(action.hood) + jail)
    if isinstance(action, Push | CopsRoad | TipOff | Hunch | Boat):
        return _others_path(state, action)
    if isinstance(action, Draw):
        return ("Draw", action.colour)
    if isinstance(action, Offer):
        who = SEAT_NAMES[action.seat]
        return ("Offer a trade", f"to {who}", f"give {action.give}", f"for {action.ask}")
    if isinstance(action, PostTrade):
        who = SEAT_NAMES[action.seat]
        return ("Trade", f"with {who}", f"give {action.give}", f"take card {action.pick}")
    if isinstance(action, NoTrade):
        return ("Don't trade",)
    return (label(state, action),)  # the answer to an offer: one of two buttons


def _others_path(state: FenceState, action: Action) -> tuple[str, ...]:
    """Move Others: under a "Move others" level on the turn's first step; the second step
    (the other part, or both after a boat) is all Move Others, so that level is left out."""
    tiles = tiles_of(state)
    if isinstance(action, Push):
        path: tuple[str, ...] = (f"Push {SEAT_NAMES[action.seat]}", hood_name(tiles, action.hood))
    elif isinstance(action, CopsRoad):
        path = ("Cops by road", hood_name(tiles, action.hood))
    elif isinstance(action, TipOff):
        path = (f"Tip off with {' '.join(action.cards)}", hood_name(tiles, action.hood))
    elif isinstance(action, Hunch):
        path = (f"Hunch with the {action.colour} die",)
    else:
        assert isinstance(action, Boat)
        path = (f"Play your {action.colour} boat",)
    return ("Move others", *path) if state.stage == "turn" else path


def _pawn_path(state: FenceState, hood: int) -> tuple[str, ...]:
    """One level while the choices fit the panel (a rolled tile); with Turn-Taking for Pawn
    Placement any neighbourhood may be chosen, so they are grouped by the tile's red
    coordinate first."""
    tiles = tiles_of(state)
    name = hood_name(tiles, hood)
    if len(engine.legal_actions(state)) <= PANEL_WIDTH:
        return (f"Pawn to {name}",)
    coords = tiles[tile_of(hood)].coords
    group = f"Tiles with red {coords[0]}" if coords else "Tiles without coordinates"
    return (group, name)
