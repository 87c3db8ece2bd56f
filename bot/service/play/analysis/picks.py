"""A player's analysis lines as their own export writes them: a step chance decided reads as
the outcome they picked for it (the die's value, the card drawn), in the reader's words.

Why a replay: the tree keeps such a step as its notation and the number of the outcome
(:func:`bot.service.play.analysis.lines.chance_step`), a number that means something only in the
position it was picked in. The words are the ones the board offered the pick with: the
position is replayed from the seat's own worlds (:meth:`games.core.Rules.analysis_worlds`),
as the board replays it, so the export says what the board said. A tree without such steps
is written as it is stored, with no replay at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.match.reader import replay
from bot.service.play.analysis import chance
from bot.service.play.analysis import lines as trees
from bot.service.text.describer import said
from bot.words import Words
from games.core import IllegalMove, Rules
from storage.base import ActionRecord, MatchRecord

Line = tuple[int, list[str]]


def written_lines(
    say: Words,
    rules: Rules[Any, Any],
    record: MatchRecord,
    live: Sequence[ActionRecord],
    seat: int,
    tree: trees.Tree,
) -> list[Line]:
    """Every line of ``tree`` to a leaf (as :func:`bot.service.play.analysis.lines.lines`),
    each step chance decided written as ``<notation> (<what fell>)``; a step whose position no
    longer replays (an agreed undo took its root away) keeps its notation alone."""
    plain = trees.lines(tree)
    if not any(trees.step_parts(s)[1] is not None for _, steps in plain for s in steps):
        return plain
    words_of: dict[int, str] = {}  # node id -> the step as written
    worlds_of: dict[int, chance.Worlds | None] = {}  # node id -> the position after it
    for key in trees.depth_first(tree):
        data = tree["nodes"][str(key)]
        if data["p"] is None:
            ply = int(data["ply"])
            fits = 0 <= ply <= len(live)
            state = replay(rules, record, live[:ply]) if fits else None
            worlds_of[key] = None if state is None else rules.analysis_worlds(state, seat)
            continue
        before = worlds_of.get(int(data["p"]))
        words_of[key], worlds_of[key] = _step(say, rules, seat, before, data["n"])
    out: list[Line] = []
    for key in trees.depth_first(tree):  # the leaves in the order trees.lines lists them
        data = tree["nodes"][str(key)]
        if not data["c"] and data["p"] is not None:
            ply, _, ids = trees.line(tree, key)
            out.append((ply, [words_of[i] for i in ids[1:]]))
    return out


def _step(
    say: Words, rules: Rules[Any, Any], seat: int, before: chance.Worlds | None, step: str
) -> tuple[str, chance.Worlds | None]:
    """A step as written and the worlds after it (None where it cannot be replayed)."""
    notation, number = trees.step_parts(step)
    if before is None:
        return notation, None
    try:
        action = rules.parse(before[0], notation)
        if number is None:
            return notation, chance.judged(rules, seat, before, action).after
        fell = chance.picked_told(rules, seat, before, action, number)
    except IllegalMove:
        return notation, None
    if fell is None:
        return notation, None
    told, after = fell
    outcome = " ".join(said(say, sentence) for sentence in told)
    if not outcome:
        return notation, after
    return say("analysis.export_chance", move=notation, outcome=outcome), after
