"""Fendo behind the shared :class:`games.core.Rules` surface.

Decisions where the rulings are silent (see also the module docstrings it relies on):

* Handicap (ruling 3) is one choice option naming who plays short: ``white6``, ``white5``,
  ``orange6``, ``orange5`` or ``none``. The seed describes a handicap as the stronger
  player using fewer pieces, so one seat short is the useful case, and one choice keeps /play
  to one field; both seats short (6 against 5) is not offered.
* Automatic passes (ruling 9) happen inside :meth:`apply`; the state counts passes in a row so
  :meth:`notices` can announce them and two in a row end the game (ruling 10).
* ``early_end`` is not part of ruling 13's object. Positions carry it as a trailing
  ``"options": {"early_end": false}`` only when it is off; without that key it is on (the
  default). :meth:`from_position` also resolves any automatic pass the position is waiting
  for, so a set-up position never leaves the side to move without an action.
* Two passes in a row seem not to arise in real play: hundreds of random games and two random
  searches of 200,000 candidate fenced regions (both colours, empty stock) never left both
  players without an action. The ending is implemented as ruling 10 says anyway and is
  tested from a loaded position.
* When the last fence closes every area and at the same time gives a player more than half the
  board, the ending is reported as the normal one (no open area left).
* A finished game's scores add up to the board's squares only when it ended normally; after
  two passes or an early end the open area belongs to nobody.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from games.core import (
    GameInfo,
    GameOver,
    InvalidNotation,
    InvalidOption,
    Option,
    Outcome,
    Rules,
    RuleViolation,
    validate_options,
)
from games.fendo.geometry import SIZES, squares_of
from games.fendo.moves import (
    add_problem,
    build_problem,
    is_over,
    legal_actions,
    play,
    settle,
)
from games.fendo.notation import (
    format_move,
    position_dict,
    read_move,
    read_position,
    state_from_dict,
    write_position,
)
from games.fendo.presentation import FendoPresentation
from games.fendo.sentences import COLOURS, SAY
from games.fendo.state import (
    FULL_SET,
    SEAT_LETTERS,
    SEAT_NAMES,
    Action,
    Add,
    Build,
    FendoState,
    start_state,
)
from games.fendo.view import ClosedArea, FendoView
from games.sentences import Sentence
from games.text import shorten

HANDICAPS: dict[str, tuple[int, int]] = {
    "none": (FULL_SET, FULL_SET),
    "white6": (6, FULL_SET),
    "white5": (5, FULL_SET),
    "orange6": (FULL_SET, 6),
    "orange5": (FULL_SET, 5),
}
"""Pieces in all (board plus stock) per seat for each handicap choice."""

OPTIONS = (
    Option("size", "int", 7, "Board size: 7×7, 9×9 or 11×11.", choices=SIZES),
    Option(
        "handicap",
        "choice",
        "none",
        "Fewer pieces for the stronger player: white6/white5 or orange6/orange5 in all.",
        choices=tuple(HANDICAPS),
    ),
    Option(
        "early_end",
        "bool",
        True,
        "End the game as soon as one player has closed more than half the board.",
    ),
)

_MAX_ALTERNATIVES = 4


class FendoRules(Rules[FendoState, Action]):
    sentences = SAY

    info = GameInfo.read("games.fendo", SEAT_NAMES, OPTIONS)

    # -- life cycle ------------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> FendoState:
        """Fendo has no chance element, so ``seed`` is not used."""
        if players != 2:
            raise InvalidOption(SAY("players"))
        chosen = validate_options(self.info.options, options)
        return start_state(chosen["size"], HANDICAPS[chosen["handicap"]], chosen["early_end"])

    def to_move(self, state: FendoState) -> list[int]:
        return [] if is_over(state) else [state.to_move]

    def legal_actions(self, state: FendoState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: FendoState, action: Action) -> FendoState:
        if is_over(state):
            raise GameOver(SAY("over"))
        problem = self._problem(state, action)
        if problem is not None:
            raise RuleViolation(SAY("refused", problem=problem))
        return play(state, action)

    def outcome(self, state: FendoState) -> Outcome | None:
        if not is_over(state):
            return None
        scores = state.scores()
        if scores[0] == scores[1]:
            winners: tuple[int, ...] = ()
            result = SAY("draw_at", first=scores[0], second=scores[1])
        else:
            best = 0 if scores[0] > scores[1] else 1
            winners = (best,)
            result = SAY(
                "wins_by", colour=COLOURS[best], first=scores[best], second=scores[1 - best]
            )
        if not state.open_area:
            termination, why = "score", SAY("all_closed")
        elif state.passes >= 2:
            termination, why = "passes", SAY("neither_acts")
        else:
            leader = 0 if scores[0] > scores[1] else 1
            termination = "early_end"
            why = SAY("closed_half", colour=COLOURS[leader])
        return Outcome(winners, termination, SAY("ending", why=why, result=result), scores)

    # -- notation --------------------------------------------------------------------------
    def parse(self, state: FendoState, text: str) -> Action:
        if is_over(state):
            raise GameOver(SAY("over"))
        action = read_move(state.geo, text)
        problem = self._problem(state, action)
        if problem is None:
            return action
        hint = self._alternatives(state, action)
        raise RuleViolation(
            SAY("refused_hint", problem=problem, hint=hint)
            if hint
            else SAY("refused", problem=problem)
        )

    def format(self, state: FendoState, action: Action) -> str:
        return format_move(state.geo, action)

    def _problem(self, state: FendoState, action: Action) -> Sentence | None:
        if isinstance(action, Add):
            return add_problem(state, action)
        if isinstance(action, Build):
            return build_problem(state, action)
        return SAY("not_an_action")

    def _alternatives(self, state: FendoState, action: Action) -> Sentence | None:
        """A few legal actions close to what was asked, in the player's own terms."""
        legal = legal_actions(state)
        geo = state.geo
        n = state.size

        def distance(a: int, b: int) -> int:
            return abs(a % n - b % n) + abs(a // n - b // n)

        if isinstance(action, Build):
            own = [a for a in legal if isinstance(a, Build) and a.piece == action.piece]
            if own:
                same_square = [a for a in own if a.to == action.to]
                if same_square:
                    picks = same_square[:_MAX_ALTERNATIVES]
                else:  # one fence per nearby destination, nearest first
                    own.sort(key=lambda a: distance(a.to, action.to))
                    firsts = {a.to: a for a in reversed(own)}
                    picks = sorted(firsts.values(), key=lambda a: distance(a.to, action.to))
                    picks = picks[:_MAX_ALTERNATIVES]
                names = ", ".join(format_move(geo, a) for a in picks)
                return SAY("hint_piece", piece=geo.names[action.piece], moves=names)
            builds = [a for a in legal if isinstance(a, Build)]
            pieces = sorted({a.piece for a in builds})
            if pieces:
                listed = ", ".join(geo.names[p] for p in pieces)
                return SAY("hint_select", pieces=listed)
        adds = [a for a in legal if isinstance(a, Add)]
        if isinstance(action, Add) and adds:
            adds.sort(key=lambda a: distance(a.square, action.square))
            names = ", ".join(format_move(geo, a) for a in adds[:_MAX_ALTERNATIVES])
            return SAY("hint_add", squares=names)
        if legal:
            names = ", ".join(format_move(geo, a) for a in legal[:_MAX_ALTERNATIVES])
            return SAY("hint_any", moves=names)
        return None

    # -- views and serialisation -----------------------------------------------------------
    def view(self, state: FendoState, seat: int | None) -> FendoView:
        """Everything in Fendo is public; the shape is documented in ``render/fendo.py``."""
        geo = state.geo
        position = position_dict(state)
        areas: list[ClosedArea] = []
        for owner, mask in ((0, state.closed[0]), (1, state.closed[1])):
            areas.append({"owner": owner, "squares": [geo.names[s] for s in squares_of(mask)]})
        over = is_over(state)
        outcome = self.outcome(state)
        return {
            "game": "fendo",
            "size": state.size,
            "seat_names": list(SEAT_NAMES),
            "pieces": {
                name: SEAT_LETTERS.index(letter) for name, letter in position["pieces"].items()
            },
            "fences": position["fences"],
            "closed": areas,
            "open_area": [geo.names[s] for s in squares_of(state.open_area)],
            "stock": list(state.stock),
            "scores": list(state.scores()),
            "to_move": None if over else state.to_move,
            "passes": state.passes,
            "game_over": over,
            "early_end": state.early_end,
            "outcome": None if outcome is None else outcome.to_dict(),
        }

    def dump(self, state: FendoState) -> dict[str, Any]:
        return position_dict(state)

    def load(self, data: Mapping[str, Any]) -> FendoState:
        return state_from_dict(data)

    def position(self, state: FendoState) -> str:
        return write_position(state)

    def from_position(self, text: str) -> FendoState:
        try:
            state = read_position(text)
        except InvalidNotation:
            raise
        except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
            why = shorten(str(exc), 80)
            raise InvalidNotation(SAY("not_a_position", error=why)) from None
        return settle(state)

    # -- how the game is told to people: games/fendo/presentation.py ---------------------------
    @functools.cached_property
    def presentation(self) -> FendoPresentation:
        return FendoPresentation(self)
