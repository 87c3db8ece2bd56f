"""The FENCE! rules object: the stable ``Rules`` surface over the pieces of this package.

Position notation: the rulings define none for FENCE!, so ``position`` is the JSON of
``dump`` (the whole state, secrets included) and ``from_position`` reads it back. Like
``dump`` it is for storage and tests only, never for players.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from games.core import (
    AmbiguousMove,
    GameOver,
    IllegalMove,
    InvalidNotation,
    InvalidOption,
    Outcome,
    Rules,
    RuleViolation,
    quoted,
    shorten,
)
from games.fence import actions as act
from games.fence import engine, labels
from games.fence.actions import Action
from games.fence.determinize import sample_state
from games.fence.drop import drop
from games.fence.info import INFO
from games.fence.notation import choose, format_action, public_text
from games.fence.refusals import diagnose
from games.fence.sentences import COLOURS, SAY
from games.fence.state import FenceState, dump_state, load_state
from games.fence.view import seat_view
from games.fence.world import city_map, hood_name, tiles_of
from games.sentences import Sentence, joined, listing

ANALYSIS_DEALS = (41, 42, 43)
"""The seeds a player's analysis worlds are dealt with (any fixed numbers: a world holds
nothing the view does not; three make a chance agreement of all of them rare)."""


class FenceRules(Rules[FenceState, Action]):
    """FENCE! as decided in ``docs/rules/fence.md``."""

    info = INFO
    sentences = SAY
    step_separator = "; "

    # -- life cycle ----------------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> FenceState:
        if not INFO.min_players <= players <= INFO.max_players:
            raise InvalidOption(SAY("players"))
        return engine.new_state(players, self.options(options), seed)

    def to_move(self, state: FenceState) -> list[int]:
        return [] if state.stage == "over" else [state.actor]

    def legal_actions(self, state: FenceState) -> list[Action]:
        return engine.legal_actions(state)

    def apply(self, state: FenceState, action: Action) -> FenceState:
        return engine.apply(state, action)

    def outcome(self, state: FenceState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(
            winners=state.winners,
            termination=state.termination,
            reason=state.reason,
            scores=tuple(len(h) for h in state.hands),
        )

    # -- notation ------------------------------------------------------------------------------
    def parse(self, state: FenceState, text: str) -> Action:
        if state.stage == "over":
            raise GameOver(SAY("over"))
        legal = self.legal_actions(state)
        # The words of a guided-turn label are a move too ("Move yourself with R4 to
        # Glasshouse"): a player may type what the panel showed them.
        wanted = _plain(text)
        named = [a for a in legal if wanted in _spoken(state, a)]
        if len(named) == 1:
            return named[0]
        if started := _started(state, legal, wanted):
            if len(started) == 1:
                return started[0][1]
            following = list(dict.fromkeys(choice for choice, _ in started))
            choices = listing(following, limit=12)
            raise AmbiguousMove(SAY("panel_start", text=quoted(text), choices=choices))
        try:
            return choose(tiles_of(state), state.stage, legal, text)
        except (InvalidNotation, RuleViolation) as refusal:
            raise diagnose(state, legal, text) or refusal from None

    def format(self, state: FenceState, action: Action) -> str:
        return format_action(tiles_of(state), action)

    def public_notation(self, state: FenceState, action: Action) -> str:
        """The notation without a trade's card values (``post orange``, ``offer orange``)."""
        return public_text(tiles_of(state), action)

    def label(self, state: FenceState, action: Action) -> str:
        return labels.label(state, action)

    def choice_path(self, state: FenceState, action: Action) -> tuple[str, ...]:
        return labels.choice_path(state, action)

    def said_label(self, state: FenceState, action: Action) -> Sentence:
        return labels.said_label(state, action)

    def said_path(self, state: FenceState, action: Action) -> tuple[str | Sentence, ...]:
        return labels.said_path(state, action)

    def drop_player(self, state: FenceState, seat: int) -> FenceState:
        """FENCE! goes on without a seat that resigns or times out; see ``games.fence.drop``
        for what happens to its pawn, cards and turn. With two seats the other one is left
        alone and wins at once."""
        return drop(state, seat)

    # -- views and serialisation ---------------------------------------------------------------
    def analysis_worlds(self, state: FenceState, seat: int) -> tuple[FenceState, ...]:
        """Worlds dealt from ``seat``'s view alone (:mod:`games.fence.determinize`), each
        with the other hands and the Stash dealt differently: a step whose outcome shows a
        card the seat cannot know (its own draw, another's card played) looks different in
        them and is not offered. The same view always deals the same worlds, so a stored
        line replays the same way on every visit (project decision in docs/rules/fence.md)."""
        view = seat_view(state, seat)
        return tuple(sample_state(view, seat, random.Random(deal)) for deal in ANALYSIS_DEALS)

    def analysis_seen(self, state: FenceState, seat: int) -> Any:
        """The part of ``seat``'s view the dealt cards can change (its cards, every card
        shown or played, who holds how many of which colour, the piles' sizes, a trade it is
        part of, what it alone is told) and the board's movers; the map and the rest of the
        view follow from the steps alone, which are the same in every world."""
        offer = state.offer if seat in state.offer[:2] else state.offer[:2]
        return (
            state.hands[seat], state.start[seat], state.discard, state.boats, state.revealed,
            tuple(len(hand) for hand in state.hands), state.known_colours,
            (len(state.red), len(state.blue), len(state.mixed)), offer, state.pawns,
            state.cops, state.stage, state.actor, [n for s, n in state.notes if s == seat],
        )  # fmt: skip

    def analysis_known(self, before: FenceState, after: FenceState, seat: int) -> bool:
        """No die rolled and nothing shuffled: the generator was not used (ruling 3)."""
        return after.draws == before.draws

    def view(self, state: FenceState, seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def dump(self, state: FenceState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> FenceState:
        return load_state(dict(data))

    def position(self, state: FenceState) -> str:
        return json.dumps(self.dump(state), sort_keys=True, separators=(",", ":"))

    def from_position(self, text: str) -> FenceState:
        try:
            return self.load(json.loads(text))
        except (ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
            why = shorten(str(exc), 80)
            raise InvalidNotation(SAY("not_a_position", error=why)) from None

    # -- public facts about actions --------------------------------------------------------------
    def highlight(self, before: FenceState, action: Action) -> dict[str, Any]:
        """Where the last step happened, for the renderer. Everything here is public: played
        cards go face up to the discard pile and chosen colours are announced (ruling 29);
        a trade shows who traded with whom, never the cards."""
        facts: dict[str, Any] = {
            "notation": self.public_notation(before, action),
            "seat": before.actor,
        }
        if isinstance(action, act.Place | act.Swap):
            facts.update(kind="tile", pos=list(action.pos), tile=action.tile)
        elif isinstance(action, act.PlacePawn | act.Yourself):
            facts.update(kind="pawn", seat=before.actor, to=action.hood)
            facts["from"] = _hood_or_none(before.pawns[before.actor])
        elif isinstance(action, act.Push):
            facts.update(kind="pawn", seat=action.seat, to=action.hood)
            facts["from"] = _hood_or_none(before.pawns[action.seat])
        elif isinstance(action, act.PlaceCops | act.CopsRoad | act.TipOff):
            facts.update(kind="cops", to=action.hood)
            facts["from"] = before.cops
        elif isinstance(action, act.PlaceTunnel):
            facts.update(kind="tunnel", to=action.hood)
        elif isinstance(action, act.PlacePost):
            facts.update(kind="post", to=action.hood)
        elif isinstance(action, act.Hunch | act.Draw | act.Boat):
            facts.update(kind=type(action).__name__.lower(), colour=action.colour)
        elif isinstance(action, act.Offer | act.PostTrade):
            facts.update(kind="trade", to=action.seat)
        elif isinstance(action, act.Accept | act.Refuse):
            facts.update(kind="answer", accepted=isinstance(action, act.Accept))
        elif isinstance(action, act.NoTrade):
            facts.update(kind="no_trade")
        if isinstance(action, act.Yourself | act.TipOff):
            facts["cards"] = list(action.cards)
        if isinstance(action, act.Yourself):
            # Ruling 20: the bot asks for confirmation before a player walks into the Cops.
            facts["onto_cops"] = action.hood == before.cops
        return facts

    confirm_reasons = ("onto_cops",)

    def confirm_before(self, state: FenceState, action: Action) -> str | None:
        """Ruling 20: walking yourself onto the Cops sends you to Jail, so it is confirmed."""
        if isinstance(action, act.Yourself) and action.hood == state.cops:
            return "onto_cops"
        return None

    def describe(self, before: FenceState, action: Action, seat_name: str) -> Sentence | None:
        tiles = tiles_of(before)
        who = {"player": seat_name}
        if isinstance(action, act.Place | act.Swap):
            x, y = action.pos
            spot = {"tile": tiles[action.tile].name, "spot": f"{x},{y}"}
            if near := self._neighbours(before, action):
                if isinstance(action, act.Place):
                    return SAY("places_near", **who, **spot, hoods=joined(near))
                return SAY("swaps_near", **who, **spot, hoods=joined(near))
            return SAY("places" if isinstance(action, act.Place) else "swaps", **who, **spot)
        if isinstance(action, act.Draw):
            return None  # the engine announces the draw itself, with the colour actually drawn
        if not hasattr(action, "hood"):
            return self._describe_option_step(action, seat_name)
        there = {**who, "hood": hood_name(tiles, action.hood)}
        if isinstance(action, act.Yourself):
            cards = " ".join(action.cards)
            if action.hood == before.cops:
                return SAY("moves_self_cops", **there, cards=cards)
            return SAY("moves_self", **there, cards=cards)
        if isinstance(action, act.TipOff):
            return SAY("tips_off", **there, cards=" ".join(action.cards))
        if isinstance(action, act.Push):
            return SAY("pushes", **there, colour=COLOURS[action.seat])
        if isinstance(action, act.PlacePawn):
            return SAY("puts_pawn", **there)
        if isinstance(action, act.PlaceCops):
            return SAY("puts_cops", **there)
        if isinstance(action, act.PlaceTunnel):
            return SAY("digs_tunnel", **there)
        if isinstance(action, act.PlacePost):
            return SAY("puts_post", **there)
        return SAY("cops_road", **there)

    @staticmethod
    def _describe_option_step(action: Action, seat_name: str) -> Sentence:
        """Sentences for the option steps; trades never name their cards (ruling 29)."""
        red = getattr(action, "colour", None) == "red"
        if isinstance(action, act.Hunch):
            return SAY("hunch_red" if red else "hunch_blue", player=seat_name)
        if isinstance(action, act.Boat):
            return SAY("boat_red" if red else "boat_blue", player=seat_name)
        if isinstance(action, act.Offer):
            return SAY("offers", player=seat_name, colour=COLOURS[action.seat])
        if isinstance(action, act.PostTrade):
            return SAY("post_trade", player=seat_name, colour=COLOURS[action.seat])
        if isinstance(action, act.Accept):
            return SAY("accepts", player=seat_name)
        if isinstance(action, act.Refuse):
            return SAY("refuses", player=seat_name)
        return SAY("no_trade", player=seat_name)

    @staticmethod
    def _neighbours(before: FenceState, action: act.Place | act.Swap) -> list[str]:
        """ "Cabbagetown connects to the Stix and Parkview", as the seed asks players to say."""
        after = engine.apply(before, action)
        city_ = city_map(after)
        tiles = tiles_of(before)
        mine = set(city_.hoods_of(action.tile))
        linked = sorted({n for h in mine for n in city_.roads.get(h, ()) if n not in mine})
        return [hood_name(tiles, h) for h in linked]

    def notices(self, before: FenceState, after: FenceState) -> list[str | Sentence]:
        return list(after.events)

    def parse_many(self, state: FenceState, text: str) -> list[Action]:
        """Several steps of one turn separated by ``;`` (``move orange to the-stix; cops to
        downtown``), each read in the state the previous one leaves."""
        actions: list[Action] = []
        current = state
        for part in [p for p in text.split(";") if p.strip()]:
            if actions and self.turn_ended(state, current):
                raise IllegalMove(SAY("turn_over", step=quoted(part)))
            action = self.parse(current, part)
            actions.append(action)
            current = self.apply(current, action)
        if not actions:
            raise InvalidNotation(SAY("empty"))
        return actions


def _hood_or_none(hood: int | None) -> int | None:
    return None if hood is None or hood < 0 else hood


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("→", " ").split())


def _started(state: FenceState, legal: list[Action], wanted: str) -> list[tuple[str, Action]]:
    """The first levels of the guided panel typed alone ("Move others"): each move they
    lead to, with the choice that follows them on the panel."""
    found = []
    for action in legal:
        path = labels.choice_path(state, action)
        found += [
            (path[depth], action)
            for depth in range(1, len(path))
            if _plain(" ".join(path[:depth])) == wanted
        ]
    return found


def _spoken(state: FenceState, action: Action) -> set[str]:
    """How the guided turn words ``action``: its label, its path of choices, its last choice
    alone ("Pawn to Gasworks") — each accepted as typed input when it names one move."""
    path = labels.choice_path(state, action)
    return {
        _plain(labels.label(state, action)),
        _plain(" ".join(path)),
        _plain(path[-1]) if path else "",
    } - {""}
