"""How Fendo is told: the path and fence of the last move, its sentence, and the automatic
passes and early endings of rulings 9 and 10 (see :mod:`games.presentation`)."""

from __future__ import annotations

from typing import Any

from games.fendo.moves import is_over, route
from games.fendo.notation import format_move
from games.fendo.sentences import COLOURS, SAY
from games.fendo.state import Action, Add, FendoState
from games.presentation import Presentation
from games.sentences import Sentence


class FendoPresentation(Presentation[FendoState, Action]):
    def highlight(self, before: FendoState, action: Action) -> dict[str, Any]:
        geo = before.geo
        notation = format_move(geo, action)
        if isinstance(action, Add):
            return {
                "notation": notation,
                "kind": "add",
                "path": [],
                "fence": None,
                "added": geo.names[action.square],
            }
        path = route(before, action.piece, action.to) or [action.piece, action.to]
        edge = geo.edge(action.to, action.side)
        return {
            "notation": notation,
            "kind": "move",
            "path": [geo.names[s] for s in path],
            "fence": None if edge is None else geo.edge_name(edge),
            "added": None,
        }

    def describe(self, before: FendoState, action: Action, seat_name: str) -> Sentence:
        geo = before.geo
        notation = format_move(geo, action)
        if isinstance(action, Add):
            return SAY("added", player=seat_name, move=notation)
        edge = geo.edge(action.to, action.side)
        fence = geo.edge_name(edge) if edge is not None else "?"
        square = geo.names[action.to]
        if action.piece == action.to:
            return SAY("fenced_beside", player=seat_name, fence=fence, square=square, move=notation)
        return SAY(
            "moved", player=seat_name, piece=geo.names[action.piece], square=square,
            fence=fence, move=notation,
        )  # fmt: skip

    def notices(self, before: FendoState, after: FendoState) -> list[Sentence]:
        """Automatic passes (ruling 9) and how the game ended if it ended by itself.

        ``after.passes`` counts the passes made since the last action, which always start
        with the actor's opponent.
        """
        if is_over(before):
            return []
        said: list[Sentence] = []
        passer = 1 - before.to_move
        for _ in range(after.passes):
            said.append(SAY("passes", colour=COLOURS[passer]))
            passer = 1 - passer
        outcome = self.rules.outcome(after)
        if outcome is not None and outcome.termination == "early_end":
            said.append(SAY("ends_early", colour=COLOURS[outcome.winners[0]]))
        elif outcome is not None and outcome.termination == "passes":
            said.append(SAY("ends_stuck"))
        return said
