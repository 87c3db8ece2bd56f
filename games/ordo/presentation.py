"""How Ordo is told: the squares of the last move for the board, and the notices of a split
group or an ending the rules decided by themselves (see :mod:`games.presentation`)."""

from __future__ import annotations

from typing import Any

from games.ordo.board import NAMES
from games.ordo.moves import Move, is_split, line_squares
from games.ordo.notation import write
from games.ordo.sentences import COLOURS, SAY
from games.ordo.state import OrdoState
from games.presentation import Presentation
from games.sentences import Sentence


class OrdoPresentation(Presentation[OrdoState, Move]):
    def highlight(self, before: OrdoState, action: Move) -> dict[str, Any]:
        move = Move(*action)
        opp = before.pieces(1 - before.to_move)
        if move.is_ordo:
            starts = line_squares(move.origin, move.far_end) or []
            offset = move.target - move.origin
            return {
                "notation": write(move, opp),
                "kind": "ordo",
                "from": [NAMES[sq] for sq in starts],
                "to": [NAMES[sq + offset] for sq in starts],
                "captured": [],
            }
        return {
            "notation": write(move, opp),
            "kind": "single",
            "from": [NAMES[move.origin]],
            "to": [NAMES[move.target]],
            "captured": [NAMES[move.target]] if opp >> move.target & 1 else [],
        }

    def notices(self, before: OrdoState, after: OrdoState) -> list[Sentence]:
        """Say when a capture splits the next player, or ends the game by itself."""
        over = self.rules.outcome(after)
        if over is not None:
            ended = over.termination in ("cannot_reconnect", "no_moves")
            return [over.reason] if ended and isinstance(over.reason, Sentence) else []
        if is_split(after.pieces(after.to_move)):
            return [SAY("split_notice", colour=COLOURS[after.to_move])]
        return []
