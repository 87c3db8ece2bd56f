"""Steps on an analysis board in a game with hidden cards or dice (FENCE!): which steps the
board may play as they are, which are chance's to decide, and the outcomes its player picks
from (project decision in ``docs/rules/fence.md``).

Why apart from the board's use cases: this is pure work on the rules engine's states, the
part that must never let the real match's secrets through. Everything here starts from the
board's worlds, which :meth:`games.core.Rules.analysis_worlds` deals from the seat's own view
alone; the outcomes are numbered over the first world and its variants
(:meth:`games.core.Rules.analysis_variants`), which are made from that world alone. So what
is offered, its order and its numbers are functions of the seat's view: the same for two
matches that differ only in what the seat cannot see (tested differentially).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass
from typing import Any

from games.core import IllegalMove, Rules

Worlds = tuple[Any, ...]
"""One position of an analysis board in every world its player cannot tell apart
(:meth:`games.core.Rules.analysis_worlds`): one state, but for a game with hidden cards."""


@dataclass(frozen=True)
class Judged:
    """A step tried in every world: ``after`` where it falls the same in all of them (the
    board plays it as it is), ``chance`` where dice or an unseen card decide how it falls
    (the player picks), neither where it is not one step in all worlds (another player's
    hidden card: not offered)."""

    after: Worlds | None
    chance: bool

    @property
    def offered(self) -> bool:
        return self.after is not None or self.chance


@dataclass(frozen=True)
class Outcome:
    """One way a chance step can fall: its number (the first variant it came up in), what
    the seat is told of it, and the state after it."""

    number: int
    told: list[Any]
    after: Any


def judged(rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any) -> Judged:
    """``action`` (legal in the first world) played in every world. Engines check an
    action's legality as they apply it. Where the first world already shows that chance
    decides the step, the others are only asked whether it is legal there (playing it in
    them could tell no more: it is the player's to pick how it falls)."""
    afters: list[Any] = []
    for world in worlds:
        if afters and not rules.analysis_known(worlds[0], afters[0], seat):
            if action not in rules.legal_actions(world):
                return Judged(None, False)
            continue
        try:
            afters.append(rules.apply(world, action))
        except IllegalMove:
            return Judged(None, False)
    if len(afters) < len(worlds):
        return Judged(None, True)
    if not all(rules.analysis_known(w, a, seat) for w, a in zip(worlds, afters, strict=True)):
        return Judged(None, True)
    if len(worlds) > 1:
        seen = rules.analysis_seen(afters[0], seat)
        if any(rules.analysis_seen(other, seat) != seen for other in afters[1:]):
            return Judged(None, True)
    return Judged(tuple(afters), False)


PATIENCE = 24
"""Variants of one kind tried in a row without a new outcome before the rest of that kind is
skipped: a die's faces are all found long before, and the pick answers sooner."""


def _groups(rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any) -> list[list[Any]]:
    """The first world alone, then its variants for ``action`` by kind: numbered in this
    order, over all of them."""
    first = worlds[0]
    kinds = rules.analysis_variants(first, rules.apply(first, action), seat)
    return [[first], *(list(kind) for kind in kinds)]


def outcomes(rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any) -> list[Outcome]:
    """Every distinct way ``action`` falls over the variants, as the seat would see it (what
    of its view chance or cards can change, :meth:`games.core.Rules.analysis_seen`, and
    what it is told), each once, in the variants' order."""
    found: dict[str, Outcome] = {}
    number = 0
    for group in _groups(rules, seat, worlds, action):
        missed = 0
        for offset, world in enumerate(group):
            if missed >= PATIENCE:
                break
            try:
                after = rules.apply(world, action)
            except IllegalMove:
                missed += 1
                continue
            told = rules.analysis_told(world, after, seat)
            key = _fingerprint(rules.analysis_seen(after, seat), told)
            missed = missed + 1 if key in found else 0
            found.setdefault(key, Outcome(number + offset, told, after))
        number += len(group)
    return list(found.values())


def picked(
    rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any, number: int
) -> Worlds | None:
    """The worlds after ``action`` fell as outcome ``number``: dealt afresh from the seat's
    view of it, so what stays unseen stays unknown (one step replayed, not the whole pool);
    None for a number that names no outcome."""
    fell = _fell(rules, seat, worlds, action, number)
    return None if fell is None else rules.analysis_worlds(fell[1], seat)


def picked_told(
    rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any, number: int
) -> tuple[list[Any], Worlds] | None:
    """What the seat is told when ``action`` falls as outcome ``number`` (the words the
    outcome was offered with: :func:`outcomes` tells each the same way), and the worlds
    after it; None for a number that names no outcome."""
    fell = _fell(rules, seat, worlds, action, number)
    if fell is None:
        return None
    world, after = fell
    return rules.analysis_told(world, after, seat), rules.analysis_worlds(after, seat)


def _fell(
    rules: Rules[Any, Any], seat: int, worlds: Worlds, action: Any, number: int
) -> tuple[Any, Any] | None:
    """The variant ``number`` of the pool and the state after ``action`` in it."""
    if number < 0:
        return None
    pool = itertools.chain.from_iterable(_groups(rules, seat, worlds, action))
    world = next(itertools.islice(pool, number, None), None)
    if world is None:
        return None
    try:
        return world, rules.apply(world, action)
    except IllegalMove:
        return None


def _fingerprint(seen: Any, told: list[Any]) -> str:
    said = [sentence.data() if hasattr(sentence, "data") else str(sentence) for sentence in told]
    text = json.dumps([repr(seen), said], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()
