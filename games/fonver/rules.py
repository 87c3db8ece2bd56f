"""The Fonver rules object: the stable ``Rules`` surface over the pure pieces of this package.

Turns are multi-step (ruling 8): a placement, then capture steps by the same seat while a
crosscut is open. ``to_move`` keeps naming that seat until the turn passes, so the default
``turn_ended`` (someone else to act, or the game over) pings once per turn. Keeping White
under the pie rule is followed by that same player's first placement, which is therefore
one turn with the keep.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core import (
    IllegalMove,
    InvalidNotation,
    InvalidOption,
    Outcome,
    Rules,
    RuleViolation,
)
from games.fonver.actions import Action, Capture, Place
from games.fonver.board import (
    BLACK,
    EMPTY,
    WHITE,
    all_crosscuts,
    empty_board,
    geometry,
    winning_chain,
)
from games.fonver.info import INFO
from games.fonver.notation import (
    CHAR_OF,
    COLOUR_NAMES,
    FLAG_PIE_RULE,
    FLAG_SWAPPED,
    parse_move,
    read_position,
    write_position,
)
from games.fonver.play import apply_action, check_capture, check_pie, check_place, legal_steps
from games.fonver.play import winner_on as _winner_on
from games.fonver.presentation import FonverPresentation
from games.fonver.sentences import SAY
from games.fonver.state import FonverState
from games.fonver.view import FonverView, Stones

_STEP_SPLIT = re.compile(r"[\s,;]+")
_ARROW_SPACES = re.compile(r"\s*>\s*")


def _lower(colour: int) -> str:
    return COLOUR_NAMES[colour].lower()


class FonverRules(Rules[FonverState, Action]):
    """Fonver by Saïd Galdseid, as decided in ``docs/rules/fonver.md``."""

    info = INFO
    sentences = SAY

    # -- life cycle ----------------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> FonverState:
        """Fonver uses no randomness, so ``seed`` changes nothing."""
        if players != 2:
            raise InvalidOption(SAY("players"))
        chosen = self.options(options)
        size = chosen["size"]
        return FonverState(
            size=size,
            board=empty_board(size),
            colour=BLACK,
            phase="place",
            pie_ahead=chosen["pie"],
        )

    def to_move(self, state: FonverState) -> list[int]:
        if state.winner is not None:
            return []
        return [state.seat_of(state.colour)]

    def legal_actions(self, state: FonverState) -> list[Action]:
        return legal_steps(state)

    def apply(self, state: FonverState, action: Action) -> FonverState:
        return apply_action(state, action)

    def outcome(self, state: FonverState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(
            winners=(state.seat_of(state.winner),),
            termination="connection",
            reason=SAY("joined_black" if state.winner == BLACK else "joined_white"),
        )

    # -- notation ------------------------------------------------------------------------------
    def parse(self, state: FonverState, text: str) -> Action:
        action = parse_move(text)
        if isinstance(action, Place):
            check_place(state, action)
        elif isinstance(action, Capture):
            check_capture(state, action)
        else:
            check_pie(state)
        return action

    def format(self, state: FonverState, action: Action) -> str:
        return str(action)

    def parse_many(self, state: FonverState, text: str) -> list[Action]:
        """A whole turn typed at once (ruling 8): ``k10 l11>k11 …``, each step checked in the
        position the previous one leaves; steps after the turn has passed are refused."""
        tokens = [t for t in _STEP_SPLIT.split(_ARROW_SPACES.sub(">", text.strip())) if t]
        if not tokens:
            raise InvalidNotation(SAY("empty"))
        actions: list[Action] = []
        current = state
        for token in tokens:
            if actions and self.turn_ended(state, current):
                done = " ".join(map(str, actions))
                raise RuleViolation(SAY("turn_ended", done=done, step=token))
            try:
                action = self.parse(current, token)
            except IllegalMove as exc:
                if not actions:
                    raise
                done = " ".join(map(str, actions))
                raise type(exc)(SAY("after_steps", done=done, reason=exc.sentence)) from None
            actions.append(action)
            current = self.apply(current, action)
        return actions

    # -- views and serialisation ----------------------------------------------------------------
    def view(self, state: FonverState, seat: int | None) -> FonverView:
        """Everything is public in Fonver; see ``render/fonver.py`` for the view's fields."""
        geo = geometry(state.size)
        stones: Stones = {"black": [], "white": []}
        for index, colour in enumerate(state.board):
            if colour != EMPTY:
                stones["black" if colour == BLACK else "white"].append(geo.name(index))
        winner = state.winner
        chain = set() if winner is None else winning_chain(state.board, geo, winner)
        return {
            "game": "fonver",
            "size": state.size,
            "stones": stones,
            "phase": "over" if winner is not None else state.phase,
            "to_move": None if winner is not None else state.seat_of(state.colour),
            "to_move_colour": None if winner is not None else _lower(state.colour),
            "seat_colours": [_lower(state.colour_of(s)) for s in (0, 1)],
            "crosscuts": [
                [geo.name(p) for p in geo.block(anchor)] for anchor in sorted(state.crosscuts)
            ],
            "pie_pending": state.phase == "pie",
            "pie_ahead": state.pie_ahead,
            "winner": None if winner is None else state.seat_of(winner),
            "winner_colour": None if winner is None else _lower(winner),
            "winning_chain": sorted(geo.name(p) for p in chain),
        }

    def dump(self, state: FonverState) -> dict[str, Any]:
        return {
            "size": state.size,
            "board": "".join(CHAR_OF[c] for c in state.board),
            "colour": CHAR_OF[state.colour],
            "phase": state.phase,
            "black_seat": state.black_seat,
            "pie_ahead": state.pie_ahead,
        }

    def load(self, data: Mapping[str, Any]) -> FonverState:
        size = int(data["size"])
        chars = {v: k for k, v in CHAR_OF.items()}
        board = tuple(chars[c] for c in str(data["board"]))
        return self._assemble(
            size,
            board,
            chars[str(data["colour"])],
            str(data["phase"]),
            int(data["black_seat"]),
            bool(data["pie_ahead"]),
        )

    def position(self, state: FonverState) -> str:
        flags = []
        if state.pie_ahead:
            flags.append(FLAG_PIE_RULE)
        if state.black_seat == 1:
            flags.append(FLAG_SWAPPED)
        return write_position(state.board, state.size, state.colour, state.phase, flags)

    def from_position(self, text: str) -> FonverState:
        size, board, colour, phase, flags = read_position(text)
        return self._assemble(
            size,
            board,
            colour,
            phase,
            1 if FLAG_SWAPPED in flags else 0,
            FLAG_PIE_RULE in flags,
        )

    def _assemble(
        self,
        size: int,
        board: tuple[int, ...],
        colour: int,
        phase: str,
        black_seat: int,
        pie_ahead: bool,
    ) -> FonverState:
        """A state from its stored parts, refusing combinations that play cannot produce
        at a turn boundary (an open crosscut outside the capture phase and the like)."""
        geo = geometry(size)
        if len(board) != size * size:
            raise InvalidNotation(SAY("position_points", size=size, points=size * size))
        cuts = all_crosscuts(board, geo)
        if phase == "capture" and not cuts:
            raise InvalidNotation(SAY("position_no_crosscut"))
        if phase != "capture" and cuts:
            raise InvalidNotation(SAY("position_must_capture"))
        stones = sum(1 for c in board if c != EMPTY)
        if phase == "pie" and (
            colour != WHITE or black_seat != 0 or pie_ahead or stones != 1 or BLACK not in board
        ):
            raise InvalidNotation(SAY("position_pie"))
        if pie_ahead and (stones or colour != BLACK or phase != "place" or black_seat):
            raise InvalidNotation(SAY("position_pie_flag"))
        state = FonverState(
            size=size,
            board=board,
            colour=colour,
            phase=phase,  # type: ignore[arg-type]
            black_seat=black_seat,
            pie_ahead=pie_ahead,
            crosscuts=cuts,
        )
        if phase == "place":
            state = replace(state, winner=_winner_on(board, geo))
        return state

    # -- how the game is told to people: games/fonver/presentation.py --------------------------
    @functools.cached_property
    def presentation(self) -> FonverPresentation:
        return FonverPresentation(self)
