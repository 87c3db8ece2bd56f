"""The FENCE! rules object: the stable ``Rules`` surface over the pieces of this package.

Position notation: the rulings define none for FENCE!, so ``position`` is the JSON of
``dump`` (the whole state, secrets included) and ``from_position`` reads it back. Like
``dump`` it is for storage and tests only, never for players.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator, Mapping
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
)
from games.fence import chance, engine, labels
from games.fence.actions import Action
from games.fence.determinize import Sampler
from games.fence.drop import drop
from games.fence.info import INFO
from games.fence.notation import choose, format_action
from games.fence.presentation import FencePresentation
from games.fence.refusals import diagnose
from games.fence.sentences import SAY
from games.fence.state import FenceState, dump_state, load_state
from games.fence.view import FenceView, seat_view
from games.fence.world import tiles_of
from games.sentences import listing
from games.text import quoted, shorten

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
        worded = _worded(state, legal)
        named = [a for a, spoken, _ in worded if wanted in spoken]
        if len(named) == 1:
            return named[0]
        if started := _started(worded, wanted):
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
        deal_from = Sampler(dict(seat_view(state, seat)), seat)  # the public part read once
        return tuple(deal_from.sample(random.Random(deal)) for deal in ANALYSIS_DEALS)

    def analysis_seen(self, state: FenceState, seat: int) -> Any:
        """The part of ``seat``'s view the dealt cards or the dice can change (its cards,
        every card shown or played, who holds how many of which colour, the piles' sizes, a
        trade it is part of, what it alone is told, where the Hot Goods turned up, the tiles
        rolled for a choice) and the board's movers; the map and the rest of the view follow
        from the steps alone, which are the same in every world."""
        offer = state.offer if seat in state.offer[:2] else state.offer[:2]
        return (
            state.hands[seat], state.start[seat], state.discard, state.boats, state.revealed,
            tuple(len(hand) for hand in state.hands), state.known_colours,
            (len(state.red), len(state.blue), len(state.mixed)), offer, state.pawns,
            state.cops, state.stage, state.actor, [n for s, n in state.notes if s == seat],
            state.goods, state.pending_tiles, state.unreliable, state.winners,
        )  # fmt: skip

    def analysis_known(self, before: FenceState, after: FenceState, seat: int) -> bool:
        """No die rolled and nothing shuffled: the generator was not used (ruling 3)."""
        return after.draws == before.draws

    def analysis_variants(
        self, world: FenceState, after: FenceState, seat: int
    ) -> list[Iterator[FenceState]]:
        """Other dice, and every unseen card on top of each Stash pile the step draws from
        (:mod:`games.fence.chance`)."""
        return chance.variants(world, after, seat)

    def analysis_told(self, before: FenceState, after: FenceState, seat: int) -> list[Any]:
        return chance.told(before, after, seat)

    def view(self, state: FenceState, seat: int | None) -> FenceView:
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

    # -- how the game is told to people: games/fence/presentation.py ---------------------------
    @functools.cached_property
    def presentation(self) -> FencePresentation:
        return FencePresentation(self)

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


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("→", " ").split())


Worded = list[tuple[Action, frozenset[str], tuple[tuple[str, str], ...]]]
"""Each legal step with how the guided turn words it (:func:`_spoken`) and the first levels
of its path of choices, each typed alone, with the choice that follows them."""


def _worded(state: FenceState, legal: list[Action]) -> Worded:
    """The words of every legal step of ``state``, worked out once per state: a typed move
    is compared with all of them, and autocomplete and the move after it parse the same
    state again."""
    found: Worded | None = state._cache.get("worded")
    if found is None:
        found = []
        for action in legal:
            path = labels.choice_path(state, action)
            levels = tuple(
                (_plain(" ".join(path[:depth])), path[depth]) for depth in range(1, len(path))
            )
            found.append((action, _spoken(state, action, path), levels))
        state._cache["worded"] = found
    return found


def _started(worded: Worded, wanted: str) -> list[tuple[str, Action]]:
    """The first levels of the guided panel typed alone ("Move others"): each move they
    lead to, with the choice that follows them on the panel."""
    return [(after, action) for action, _, levels in worded for typed, after in levels
            if typed == wanted]  # fmt: skip


def _spoken(state: FenceState, action: Action, path: tuple[str, ...]) -> frozenset[str]:
    """How the guided turn words ``action``: its label, its path of choices, its last choice
    alone ("Pawn to Gasworks") — each accepted as typed input when it names one move."""
    return frozenset(
        {
            _plain(labels.label(state, action)),
            _plain(" ".join(path)),
            _plain(path[-1]) if path else "",
        }
        - {""}
    )
