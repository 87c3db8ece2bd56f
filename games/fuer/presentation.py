"""How Fuer is told: the tile and pieces of the last turn, its sentence, and a loss for want
of a legal turn (see :mod:`games.presentation`)."""

from __future__ import annotations

from typing import Any

from games.fuer import notation
from games.fuer.board import NAMES
from games.fuer.sentences import SAY
from games.fuer.state import FuerState, Turn
from games.presentation import Presentation
from games.sentences import Sentence, joined


class FuerPresentation(Presentation[FuerState, Turn]):
    def highlight(self, before: FuerState, action: Turn) -> dict[str, Any]:
        return {
            "notation": notation.write(action),
            "tile": NAMES[action.tile],
            "placed": [NAMES[c] for c in sorted(action.placed)],
            "moved": None if action.move is None else [NAMES[c] for c in action.move],
        }

    def describe(self, before: FuerState, action: Turn, seat_name: str) -> Sentence:
        tile, turn = NAMES[action.tile], notation.write(action)
        if action.move is not None:
            origin, target = (NAMES[c] for c in action.move)
            return SAY(
                "played_move", player=seat_name, turn=turn, tile=tile, origin=origin,
                target=target,
            )  # fmt: skip
        return SAY(
            "played_new", player=seat_name, turn=turn, tile=tile, n=len(action.placed),
            spaces=joined([NAMES[c] for c in sorted(action.placed)]),
        )  # fmt: skip

    def notices(self, before: FuerState, after: FuerState) -> list[Sentence]:
        """A loss for want of a legal turn (ruling 12), which the rules decide by themselves."""
        over = after.outcome
        if over is not None and over.termination == "no_legal_turn":
            return [over.reason] if isinstance(over.reason, Sentence) else []
        return []
