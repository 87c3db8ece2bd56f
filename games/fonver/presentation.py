"""How Fonver is told: colours that follow the pie rule, the stone or capture of the last
step, and the capture obligation of ruling 7 (see :mod:`games.presentation`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Outcome
from games.fonver.actions import Action, Capture, PieChoice, Place
from games.fonver.board import BLACK, geometry
from games.fonver.notation import COLOUR_NAMES
from games.fonver.sentences import COLOURS, SAY
from games.fonver.sgf import sgf_result, to_sgf
from games.fonver.state import FonverState
from games.presentation import Presentation
from games.sentences import Sentence


def _lower(colour: int) -> str:
    return COLOUR_NAMES[colour].lower()


class FonverPresentation(Presentation[FonverState, Action]):
    def said_label(self, state: FonverState, action: Action) -> str | Sentence:
        """The pie rule's two buttons in words ("Keep White", "Swap"); stones are notation."""
        if isinstance(action, PieChoice):
            return SAY("label_swap" if action.swap else "label_keep")
        return self.label(state, action)

    def seat_name(self, state: FonverState, seat: int) -> str:
        """Colours follow the pie rule: after a swap the second seat is Black (ruling 5)."""
        return "Black" if state.colour_of(seat) == BLACK else "White"

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
        # The player is named with their colour ("alice (White)") by whoever tells it.
        if isinstance(action, Place):
            return SAY("placed", player=seat_name, point=str(action.point))
        if isinstance(action, Capture):
            return SAY(
                "captured", player=seat_name, target=str(action.target), source=str(action.source)
            )
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
