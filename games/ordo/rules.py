"""Ordo behind the shared :class:`games.core.Rules` surface.

Decisions where the rulings are silent (ruling numbers refer to docs/rules/ordo.md):

* Ruling 9/11: a player who starts a turn split with no reconnecting move has lost at that
  moment: ``outcome`` reports ``cannot_reconnect`` and ``to_move`` is empty; nobody has to
  type anything. A connected player without any legal move likewise loses (``no_moves``).
* Ruling 10 is checked for the player who just moved first: in a hand-made position where
  both colours already stand on their goal rank, the player who moved last has won.
* The state carries a move counter for the view only (see :mod:`games.ordo.state`), so
  ``from_position(position(s)) == s`` holds while the counter restarts at 0.
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
    Outcome,
    Rules,
    RuleViolation,
)
from games.ordo.board import NAMES
from games.ordo.moves import (
    COLOUR_NAMES,
    Move,
    has_move,
    is_split,
    legal_moves,
    moves_of,
    piece_moves,
    play,
)
from games.ordo.notation import (
    HOW_TO,
    listing,
    lone_square,
    read,
    refusal,
    write,
)
from games.ordo.presentation import OrdoPresentation
from games.ordo.sentences import COLOURS, SAY
from games.ordo.state import (
    GOAL_MASKS,
    START,
    OrdoState,
    board_rows,
    from_rows,
    parse_position,
    to_position,
)
from games.ordo.view import OrdoView
from games.sentences import Sentence


class OrdoRules(Rules[OrdoState, Move]):
    sentences = SAY
    info = GameInfo.read("games.ordo", COLOUR_NAMES)

    # -- life cycle ------------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> OrdoState:
        if players != 2:
            raise InvalidOption(SAY("players", players=players))
        self.options(options)
        return START

    def outcome(self, state: OrdoState) -> Outcome | None:
        settled = _settled(state)
        if settled is not None:
            return settled
        mover = state.to_move
        own, opp = state.pieces(mover), state.pieces(1 - mover)
        if has_move(own, opp, mover):
            return None
        if is_split(own):
            return _win(1 - mover, "cannot_reconnect")
        return _win(1 - mover, "no_moves")

    def to_move(self, state: OrdoState) -> list[int]:
        return [] if self.outcome(state) else [state.to_move]

    def legal_actions(self, state: OrdoState) -> list[Move]:
        # Only the cheap endings need checking: without a legal move the list is empty anyway.
        if _settled(state):
            return []
        return legal_moves(
            state.pieces(state.to_move), state.pieces(1 - state.to_move), state.to_move
        )

    def apply(self, state: OrdoState, action: Move) -> OrdoState:
        _refuse_if_over(_settled(state))
        colour = state.to_move
        own, opp = state.pieces(colour), state.pieces(1 - colour)
        move = Move(*action)
        if not all(sq in NAMES for sq in move):
            raise RuleViolation(SAY("not_squares", action=repr(action)))
        unit = moves_of(own, opp, colour, move)
        if move not in unit:
            _refuse_if_over(self.outcome(state))
            raise self._refusal(state, str(move), move, unit)
        own, opp = play(own, opp, move)
        white, black = (opp, own) if colour else (own, opp)
        return OrdoState(white, black, 1 - colour, state.ply + 1)

    # -- notation --------------------------------------------------------------------------
    def parse(self, state: OrdoState, text: str) -> Move:
        _refuse_if_over(self.outcome(state))
        colour = state.to_move
        own, opp = state.pieces(colour), state.pieces(1 - colour)
        alone = lone_square(text)
        if alone is not None:
            options = piece_moves(own, opp, colour, alone)
            hint = (
                SAY("can_play", subject=NAMES[alone], moves=listing(options, opp))
                if options
                else HOW_TO
            )
            raise InvalidNotation(SAY("alone", square=NAMES[alone], hint=hint))
        move, marked = read(text)
        unit = moves_of(own, opp, colour, move)
        if move not in unit:
            raise self._refusal(state, text, move, unit)
        if marked and not opp >> move.target & 1:
            why = (
                SAY("never_capture") if move.is_ordo else SAY("no_enemy", square=NAMES[move.target])
            )
            raise InvalidNotation(
                SAY("capture_mark", move=text.strip(), why=why, fixed=write(move, opp))
            )
        return move

    def format(self, state: OrdoState, action: Move) -> str:
        return write(Move(*action), state.pieces(1 - state.to_move))

    def _refusal(self, state: OrdoState, text: str, move: Move, unit: list[Move]) -> Exception:
        colour = state.to_move
        own, opp = state.pieces(colour), state.pieces(1 - colour)
        return refusal(
            text,
            move,
            own,
            opp,
            colour,
            is_split(own),
            unit,
            legal_moves(own, opp, colour),
        )

    # -- views and serialisation -----------------------------------------------------------
    def view(self, state: OrdoState, seat: int | None) -> OrdoView:
        """Ordo hides nothing, so every seat and the public see the same view."""
        return {
            "game": "ordo",
            "board": board_rows(state),
            "to_move": None if self.outcome(state) else state.to_move,
            "counts": [state.white.bit_count(), state.black.bit_count()],
            "split": [is_split(state.white), is_split(state.black)],
            "ply": state.ply,
        }

    def dump(self, state: OrdoState) -> dict[str, Any]:
        return {"board": board_rows(state), "to_move": state.to_move, "ply": state.ply}

    def load(self, data: Mapping[str, Any]) -> OrdoState:
        try:
            rows = [str(row) for row in data["board"]]
            side = ("W", "B")[int(data["to_move"])]
            ply = int(data.get("ply", 0))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise InvalidNotation(SAY("saved_state", error=str(exc))) from None
        return from_rows(rows, side, ply)

    def position(self, state: OrdoState) -> str:
        return to_position(state)

    def from_position(self, text: str) -> OrdoState:
        return parse_position(text)

    # -- how the game is told to people: games/ordo/presentation.py ----------------------------
    @functools.cached_property
    def presentation(self) -> OrdoPresentation:
        return OrdoPresentation(self)


def _settled(state: OrdoState) -> Outcome | None:
    """The endings visible without generating moves: rulings 10 and 11 (no pieces)."""
    mover, last = state.to_move, 1 - state.to_move
    for colour in (last, mover):
        if state.pieces(colour) & GOAL_MASKS[colour]:
            return _win(colour, "home_row")
    for colour in (mover, last):
        if not state.pieces(colour):
            return _win(1 - colour, "no_pieces")
    return None


def _refuse_if_over(over: Outcome | None) -> None:
    if over is not None:
        winner = over.winners[0]
        reason = _end(over.termination, winner)
        raise GameOver(SAY("over", winner=COLOURS[winner], reason=reason))


def _end(termination: str, winner: int) -> Sentence:
    """What ended the game: a home row names the winner, every other ending the loser."""
    colour = winner if termination == "home_row" else 1 - winner
    return SAY(f"end_{termination}", colour=COLOURS[colour])


def _win(colour: int, termination: str) -> Outcome:
    """The reason names what happened, not who won: the bot puts the winner's name first."""
    reason = _end(termination, colour)
    return Outcome(winners=(colour,), termination=termination, reason=reason)
