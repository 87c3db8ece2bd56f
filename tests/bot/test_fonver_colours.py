"""Issue 14.5: after Fonver's pie swap every sentence names the colours the image shows."""

from __future__ import annotations

from bot.service import Service

from .conftest import ALICE, BOB


async def test_seat_labels_follow_the_swap(service: Service) -> None:
    made = await service.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    assert made.match_id is not None
    await service.accept(BOB, match_id=made.match_id)
    first = await service.move(ALICE, "e5", match_id=made.match_id)
    assert first.post is not None and "bob (White) to move" in first.post.text
    swapped = await service.move(BOB, "swap", match_id=made.match_id)
    assert swapped.post is not None, swapped.text
    assert "alice (White) to move" in swapped.post.text
    assert "(Black) to move" not in swapped.post.text
    history = await service.history(ALICE, match_id=made.match_id)
    assert "alice (White): e5" in history.text and "bob (Black): swap" in history.text
    refused = await service.move(BOB, "c3", match_id=made.match_id)
    assert "alice (White)'s turn" in refused.text
