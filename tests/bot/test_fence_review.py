"""A FENCE! review (issue 26.5): per round, who was closest to winning — out of Jail with
the most cards — from public information only: no seat's view (which holds its hand) is
ever read while the review is made or shown."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.service import Service

from .conftest import ALICE, CAROL
from .test_fence_service import current, start_game, step


async def finished_fence(service: Service) -> int:
    match_id, _ = await start_game(service, round_limit=3)
    rng = random.Random(5)
    for _ in range(600):
        loaded = await current(service, match_id)
        if loaded.record.status != "active":
            return match_id
        await step(service, match_id, rng)
    raise AssertionError("the game did not end")


async def test_a_fence_review_names_the_closest_player_each_round_from_public_facts(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await finished_fence(service)
    rules = games.get("fence")
    public_view = rules.view

    def public_only(state: Any, seat: int | None) -> dict[str, Any]:
        assert seat is None, "a review read a seat's own view"
        return public_view(state, seat)

    monkeypatch.setattr(rules, "view", public_only)
    asked = await service.review(CAROL, match_id=match_id)
    assert asked.ok, asked.text
    [posted] = await service.play_queued_reviews()
    post = posted.post
    assert post is not None and post.image_name == "review.png" and post.files == ()
    lines = post.text.splitlines()
    assert "from public information only" in lines[0]
    rounds = [line for line in lines if line.startswith("Round ")]
    assert [line.split(":")[0] for line in rounds] == ["Round 1", "Round 2", "Round 3"]
    review = await service.store.get_review(match_id)
    assert review is not None and review.result is not None
    for row, line in zip(review.result["rounds"], rounds, strict=True):
        free = [s for s, jailed in enumerate(row["jailed"]) if not jailed]
        most = max(row["cards"][s] for s in free)
        assert row["closest"] == [s for s in free if row["cards"][s] == most]
        assert f"({most} card" in line
    # the last round's counts are the public hand sizes the game ended with
    monkeypatch.setattr(rules, "view", public_view)
    final = public_view((await current(service, match_id)).state, None)
    last = review.result["rounds"][-1]
    assert last["cards"] == [
        0 if final["jailed"][s] else n for s, n in enumerate(final["hand_sizes"])
    ]
    # shown again from the store, to a player too
    again = await service.review(ALICE, match_id=match_id)
    assert again.ok and again.post is not None and again.post.text == post.text
