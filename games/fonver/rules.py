"""The Fonver rules object: the stable ``Rules`` surface over the pure pieces of this package.

Turns are multi-step (ruling 8): a placement, then capture steps by the same seat while a
crosscut is open. ``to_move`` keeps naming that seat until the turn passes, so the default
``turn_ended`` (someone else to act, or the game over) pings once per turn. Keeping White
under the pie rule is followed by that same player's first placement, which is therefore
one turn with the keep.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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
from games.fonver.actions import Action, Capture, PieChoice, Place
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
from games.fonver.sentences import COLOURS, SAY
from games.fonver.sgf import sgf_result, to_sgf
from games.fonver.state import FonverState
from games.sentences import Sentence

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

    def said_label(self, state: FonverState, action: Action) -> str | Sentence:
        """The pie rule's two buttons in words ("Keep White", "Swap"); stones are notation."""
        if isinstance(action, PieChoice):
            return SAY("label_swap" if action.swap else "label_keep")
        return self.label(state, action)

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
    def seat_name(self, state: FonverState, seat: int) -> str:
        """Colours follow the pie rule: after a swap the second seat is Black (ruling 5)."""
        return "Black" if state.colour_of(seat) == BLACK else "White"

    def view(self, state: FonverState, seat: int | None) -> dict[str, Any]:
        """Everything is public in Fonver; see ``render/fonver.py`` for the view's fields."""
        geo = geometry(state.size)
        stones: dict[str, list[str]] = {"black": [], "white": []}
        for index, colour in enumerate(state.board):
            if colour != EMPTY:
                stones[_lower(colour)].append(geo.name(index))
        over = state.winner is not None
        return {
            "game": "fonver",
            "size": state.size,
            "stones": stones,
            "phase": "over" if over else state.phase,
            "to_move": None if over else state.seat_of(state.colour),
            "to_move_colour": None if over else _lower(state.colour),
            "seat_colours": [_lower(state.colour_of(s)) for s in (0, 1)],
            "crosscuts": [
                [geo.name(p) for p in geo.block(anchor)] for anchor in sorted(state.crosscuts)
            ],
            "pie_pending": state.phase == "pie",
            "pie_ahead": state.pie_ahead,
            "winner": None if not over else state.seat_of(state.winner),
            "winner_colour": None if not over else _lower(state.winner),
            "winning_chain": (
                sorted(geo.name(p) for p in winning_chain(state.board, geo, state.winner))
                if over
                else []
            ),
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

    # -- words and marks for the bot and the renderer -------------------------------------------
    def highlight(self, before: FonverState, action: Action) -> dict[str, Any]:
        facts: dict[str, Any] = {"notation": str(action), "captured": []}
        if isinstance(action, Place):
            facts.update(kind="place", point=str(action.point), colour=_lower(before.colour))
        elif isinstance(action, Capture):
            facts.update(
                kind="capture",
                colour=_lower(before.colour),
                captured=[str(action.target)],
                **{"from": str(action.source), "to": str(action.target)},
            )
        elif isinstance(action, PieChoice):
            facts.update(kind="pie", swap=action.swap)
        return facts

    def describe(self, before: FonverState, action: Action, seat_name: str) -> Sentence:
        colour = COLOURS[before.colour]
        if isinstance(action, Place):
            return SAY("placed", player=seat_name, colour=colour, point=str(action.point))
        if isinstance(action, Capture):
            return SAY(
                "captured", player=seat_name, colour=colour, target=str(action.target),
                source=str(action.source),
            )  # fmt: skip
        return SAY("swapped" if action.swap else "kept", player=seat_name)

    def notices(self, before: FonverState, after: FonverState) -> list[Sentence]:
        """Announce the capture obligation of ruling 7, which the rules impose by themselves."""
        if after.phase != "capture" or after.winner is not None:
            return []
        geo = geometry(after.size)
        blocks = ", ".join(
            f"{geo.name(a)}–{geo.name(a + after.size + 1)}" for a in sorted(after.crosscuts)
        )
        count = len(after.crosscuts)
        said = {"n": count, "blocks": blocks, "colour": COLOURS[after.colour]}
        if before.phase == "capture":
            return [SAY("crosscuts_still", **said)]
        return [SAY("crosscuts_open", **said)]

    def sgf(
        self, state: FonverState, steps: Sequence[str], names: Sequence[str],
        result: Outcome | None, date: str | None,
    ) -> str:  # fmt: skip
        """Fonver is played with Go's board and stones, so its record opens in Go programs."""
        return to_sgf(
            list(steps),
            size=state.size,
            names=(names[0], names[1]),
            result=sgf_result(result, state.black_seat),
            date=date,
        )
