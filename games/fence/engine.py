"""One step of FENCE!: which actions are legal at each stage, applying one, and the things
the rules then do by themselves (automatic passes, skipped turns, the end of the game).

``settle`` runs after every action until a person has a real choice to make, and records
what it did as public ``events`` so the bot can announce it.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import GameOver, RuleViolation
from games.fence import actions as act
from games.fence import goods, play, setup
from games.fence.actions import Action
from games.fence.info import SEAT_NAMES
from games.fence.sentences import COLOURS, SAY
from games.fence.state import FenceState, Table, freeze, thaw
from games.sentences import Sentence

NAMES = SEAT_NAMES

LEGAL: dict[str, Callable[[FenceState], list[Action]]] = {
    "draft": setup.legal_draft,
    "tunnel": setup.legal_tunnel,
    "pawn": setup.legal_pawn,
    "cops": setup.legal_cops,
    "post": setup.legal_post,
    "turn": play.legal_turn,
    "second": play.legal_second,
    "draw": play.legal_draw,
    "offer": play.legal_answer,
    "trading": play.legal_trading,
    "over": lambda state: [],
}

ACCEPTS: dict[str, tuple[type, ...]] = {
    "draft": (act.Place, act.Swap),
    "tunnel": (act.PlaceTunnel,),
    "pawn": (act.PlacePawn,),
    "cops": (act.PlaceCops,),
    "post": (act.PlacePost,),
    "turn": (act.Yourself, act.Push, act.CopsRoad, act.TipOff, act.Hunch, act.Boat, act.Offer),
    "second": (act.Push, act.CopsRoad, act.TipOff, act.Hunch),
    "draw": (act.Draw,),
    "offer": (act.Accept, act.Refuse),
    "trading": (act.PostTrade, act.NoTrade),
}


def legal_actions(state: FenceState) -> list[Action]:
    found = state._cache.get("legal")
    if found is None:
        found = LEGAL[state.stage](state)
        state._cache["legal"] = found
    return list(found)


def is_legal(state: FenceState, action: Action) -> bool:
    if state.stage == "draw":
        return isinstance(action, act.Draw) and action.colour in ("red", "blue")
    found = state._cache.get("legal_set")
    if found is None:
        found = frozenset(legal_actions(state))
        state._cache["legal_set"] = found
    return action in found


def apply(state: FenceState, action: Action) -> FenceState:
    if state.stage == "over":
        raise GameOver(SAY("over"))
    if not isinstance(action, ACCEPTS[state.stage]) or not is_legal(state, action):
        raise RuleViolation(SAY("not_legal_now"))
    table = thaw(state)
    table.notes = []
    _step(table, action)
    return settle(_carried(state, freeze(table)), table.events)


def _carried(before: FenceState, after: FenceState) -> FenceState:
    """``after`` with ``before``'s road graph where the city is the same (worked out once
    per city, not once per state: most steps move pieces and cards, not tiles)."""
    if after.placed == before.placed and after.tunnel == before.tunnel and "map" in before._cache:
        after._cache["map"] = before._cache["map"]
    return after


def _step(table: Table, action: Action) -> None:
    if isinstance(action, act.Place | act.Swap):
        setup.apply_draft(table, action)
    elif isinstance(action, act.PlaceTunnel):
        setup.apply_tunnel(table, action)
    elif isinstance(action, act.PlacePawn):
        setup.apply_pawn(table, action)
    elif isinstance(action, act.PlaceCops):
        setup.apply_cops(table, action, NAMES)
    elif isinstance(action, act.PlacePost):
        setup.apply_post(table, action)
    elif isinstance(action, act.Yourself):
        play.apply_yourself(table, action, NAMES)
    elif isinstance(action, act.Draw):
        play.apply_draw(table, action, NAMES)
    elif isinstance(action, act.Boat):
        play.apply_boat(table, action, NAMES)
    elif isinstance(action, act.Offer):
        play.apply_offer(table, action, NAMES)
    elif isinstance(action, act.Accept | act.Refuse):
        play.apply_answer(table, action, NAMES)
    elif isinstance(action, act.PostTrade | act.NoTrade):
        play.apply_trading(table, action, NAMES)
    else:
        play.apply_others(table, action, NAMES)


MID_TURN = frozenset({"draw", "second", "trading", "tunnel", "post"})
"""Stages inside a turn (or a pending draw): no winner is declared while one is open."""


def settle(state: FenceState, events: list[Sentence]) -> FenceState:
    """Do what the rules do without anyone deciding, until a person must act."""
    while True:
        table = thaw(state)
        table.events = events
        if not _auto(state, table):
            return state
        state = _carried(state, freeze(table))


def _auto(state: FenceState, table: Table) -> bool:
    """One automatic change on ``table`` (True), or False when ``state`` awaits a person."""
    if state.stage == "over":
        return False
    active = state.active()
    if len(active) == 1:
        goods.end_game(
            table,
            (active[0],),
            "last_player",
            SAY("last_player", colour=COLOURS[active[0]]),
        )
        return True
    # Ruling 26 is judged between turns only: while a State's Evidence card is still to be
    # drawn ("draw") or the other half of a Move Others is still to come ("second"), a jailed
    # player may yet hold a pair or free themselves (rulings 23 and 26).
    if state.round >= 1 and state.stage not in MID_TURN:
        winner = goods.winner_now(table)
        if winner is not None:
            goods.end_game(
                table,
                (winner,),
                "jail",
                SAY("jail_win", colour=COLOURS[winner]),
            )
            return True
    seat = state.actor
    if state.stage == "turn" and state.unreliable[seat]:
        table.unreliable[seat] = False
        table.say(SAY("regains_credibility", colour=COLOURS[seat]))
        play.end_turn(table, NAMES)
        return True
    if legal_actions(state):
        return False
    if state.stage == "draft":
        setup.auto_pass(table, seat)
    elif state.stage == "turn":
        table.say(SAY("cannot_act", colour=COLOURS[seat]))
        play.end_turn(table, NAMES)
    elif state.stage == "second":
        if state.others_done:
            table.say(SAY("other_part_skipped", colour=COLOURS[seat]))
        else:
            table.say(SAY("turn_ends_stuck", colour=COLOURS[seat]))
        play.end_turn(table, NAMES)
    else:
        raise AssertionError(f"stage {state.stage} has no legal action")
    return True


def new_state(players: int, opts: dict[str, object], seed: int) -> FenceState:
    table = setup.new_table(players, dict(opts), seed)
    return settle(freeze(table), table.events)
