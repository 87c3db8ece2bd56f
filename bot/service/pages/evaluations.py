"""The review's evaluations an analysis board shows after the end (no computer help while a
match runs): the winning chance of the board's seat at each position of the real game where a
turn ended, on the nodes of the player's lines that stand for those positions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.base import DROP
from storage.base import FINISHED, REVIEW_DONE, ActionRecord, MatchRecord, Store


async def evaluations(
    store: Store, record: MatchRecord, seat: int, live: Sequence[ActionRecord]
) -> dict[int, float]:
    """After the end only: the review's winning chance of ``seat`` at every ply where a turn
    of the real game ended (an empty map while the match runs or without a review)."""
    if record.status != FINISHED:
        return {}
    review = await store.get_review(record.id)
    if review is None or review.status != REVIEW_DONE or not review.result:
        return {}
    chances = review.result.get("chances") or []
    ends = [0]
    for ply, action in enumerate(live, start=1):
        if action.notation != DROP and action.detail.get("ends_turn", True):
            ends.append(ply)
    return {
        ply: float(c) if seat == 0 else 1.0 - float(c)
        for ply, c in zip(ends, chances, strict=False)
    }


def on_real_line(live: Sequence[ActionRecord], root: int, steps: Sequence[str]) -> bool:
    """Whether ``steps`` from the root at ``root`` are the real game's own (a step with a
    picked outcome never is: the real game's dice are not the player's pick)."""
    real = [a.notation for a in live[root : root + len(steps)]]
    return real == list(steps)
