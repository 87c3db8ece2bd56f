"""How FENCE! is told: labels and guided choices in words, the public notation that hides a
trade's cards, the marks of the last step, its sentence, the engine's own announcements, and
the one action confirmed first (ruling 20). See :mod:`games.presentation`."""

from __future__ import annotations

from typing import Any

from games.fence import actions as act
from games.fence import engine, labels
from games.fence.actions import Action
from games.fence.notation import public_text
from games.fence.sentences import COLOURS, SAY
from games.fence.state import FenceState
from games.fence.world import city_map, hood_name, tiles_of
from games.presentation import Presentation
from games.sentences import Sentence, joined


class FencePresentation(Presentation[FenceState, Action]):
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
        if not isinstance(action, act.HoodAction):
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

    def notices(self, before: FenceState, after: FenceState) -> list[Sentence]:
        return list(after.events)


def _hood_or_none(hood: int | None) -> int | None:
    return None if hood is None or hood < 0 else hood
