"""What a match review is made of, apart from who asks and where it is posted: the turns of
the log with the positions between them, the three largest swings, the computer's better
turn, and for FENCE! who was closest to winning each round.

Why apart from :mod:`bot.service.computer.reviews`: this is plain computation on rules states (and
the work sent to the search pool, :func:`judge_position`), testable without a store.

Decisions where the issue is silent:

* **A move is a turn of the match log**, numbered as ``/match history`` numbers them: a
  Fonver placement with its capture chain is one move, the pie choice is a move of its own
  (by the player who chose). Chances are judged at turn boundaries only, so a chain's
  middle never shows as a swing.
* **Chances are seat 0's**, judged once per position (the other seat's is the rest to 1);
  a position the rules call over counts as its outcome (1, 0, or ½ for a draw), not judged.
  A match that ended by resignation, timeout or agreement shows the last position as the
  board stood: the chart tells how the play went, the result line tells how it ended.
* **A swing** is the fall of the mover's own chance across their move. Only a move after
  which the computer's best turn differs from the one played can be a swing — "better was"
  must name another move — and only a real fall (more than 1 point) counts; at most three,
  largest first, later ones before earlier ones on a tie (they left the game's course).
* **The better turn** is worked out step by step: the judge's best next step, then, while
  the same player is still to move in that turn (a capture chain), its best next step from
  there. It is judged with the same budget as the positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ai
from bot.service.base import DROP
from games.core import Rules
from storage.base import ActionRecord, MatchRecord

SWINGS = 3
SMALLEST_SWING = 0.01
BETTER_STEPS = 16
"""Most steps of one better turn (a guard; a capture chain is a few)."""


def computer_judges(rules: Rules[Any, Any]) -> bool:
    """Whether the computer judges this game's positions: a two-player game, whose search
    weighs one opponent (``ai.judge``); a table of more is reviewed from public facts."""
    return rules.info.max_players == 2


@dataclass(frozen=True)
class Turn:
    """One move of the review: who moved, what they played, and the states around it."""

    number: int
    seat: int
    text: str
    before: Any
    after: Any


def turns_of(
    rules: Rules[Any, Any], record: MatchRecord, actions: Sequence[ActionRecord]
) -> list[Turn]:
    """The match's turns from its live log, replayed from the start (the log is the truth);
    a player leaving (resignation, timeout) is no move."""
    state = rules.new(len(record.seats), record.options, record.seed)
    grouped: dict[int, list[ActionRecord]] = {}
    for action in actions:
        grouped.setdefault(int(action.detail.get("turn", action.ply)), []).append(action)
    turns: list[Turn] = []
    for number, (_, steps) in enumerate(sorted(grouped.items()), start=1):
        before = state
        played = []
        for step in steps:
            if step.notation == DROP:
                state = rules.drop_player(state, step.seat) or state
                continue
            state = rules.apply(state, rules.parse(state, step.notation))
            played.append(step.notation)
        if played:
            turns.append(Turn(number, steps[0].seat, " ".join(played), before, state))
    return turns


def judge_position(
    game: str, view: dict[str, Any], seconds: float | None, iterations: int | None, seed: int
) -> tuple[float, str]:
    """The work sent to the search pool: seat 0's chance and the best next step."""
    judged = ai.judge(game, view, 0, budget_s=seconds, iterations=iterations, seed=seed)
    return judged.chance, judged.best


def settled(rules: Rules[Any, Any], state: Any) -> float | None:
    """Seat 0's chance in a position the rules call over (½ for a draw), else None."""
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    if not outcome.winners:
        return 0.5
    return 1.0 if 0 in outcome.winners else 0.0


def swings(turns: Sequence[Turn], chances: Sequence[float], best: Sequence[str]) -> list[int]:
    """Indexes into ``turns`` of the largest falls of the mover's chance (see the module).

    ``chances[i]`` is seat 0's chance before turn ``i`` (the last one after the last turn);
    ``best[i]`` the judge's best next step in that position."""
    found = []
    for i, turn in enumerate(turns):
        sign = 1.0 if turn.seat == 0 else -1.0
        fall = sign * (chances[i] - chances[i + 1])
        first_step = turn.text.split(" ")[0]
        if fall > SMALLEST_SWING and best[i] and best[i] != first_step:
            found.append((fall, i))
    found.sort(key=lambda row: (-row[0], -row[1]))
    return sorted(i for _, i in found[:SWINGS])


def mover_chance(seat: int, chance0: float) -> int:
    """The mover's chance in whole percent, from seat 0's."""
    return round(100 * (chance0 if seat == 0 else 1.0 - chance0))


# -- games of more than two players -------------------------------------------------------
def round_leaders(
    rules: Rules[Any, Any], record: MatchRecord, actions: Sequence[ActionRecord]
) -> list[dict[str, Any]]:
    """Per round of the main phase: each seat's public card count and jail, and who was
    closest to winning — out of Jail with the most cards, the round limit's measure (rule
    27), ties shared. Read from the public view (``view(state, None)``) at the end of each
    round: hand sizes are public, hands are not, and nothing else is looked at."""
    state = rules.new(len(record.seats), record.options, record.seed)
    rounds: list[dict[str, Any]] = []
    view = rules.view(state, None)
    last_round = int(view.get("round", 0))
    for action in actions:
        if action.notation == DROP:
            state = rules.drop_player(state, action.seat) or state
        else:
            state = rules.apply(state, rules.parse(state, action.notation))
        view = rules.view(state, None)
        number = int(view.get("round", 0))
        if number != last_round and last_round >= 1:
            rounds.append(_standing(last_round, view))  # after its Hot Goods came up
        last_round = number
    if last_round >= 1 and (not rounds or rounds[-1]["round"] != last_round):
        rounds.append(_standing(last_round, view))  # the round the game ended in
    return rounds


def _standing(number: int, view: Mapping[str, Any]) -> dict[str, Any]:
    cards = [int(n) for n in view.get("hand_sizes", [])]
    jailed = [bool(j) for j in view.get("jailed", [False] * len(cards))]
    dropped = [bool(d) for d in view.get("dropped", [False] * len(cards))]
    free = [s for s in range(len(cards)) if not jailed[s] and not dropped[s]]
    most = max((cards[s] for s in free), default=0)
    closest = [s for s in free if cards[s] == most]
    shown = [0 if jailed[s] or dropped[s] else cards[s] for s in range(len(cards))]
    return {"round": number, "cards": shown, "jailed": jailed, "closest": closest}
