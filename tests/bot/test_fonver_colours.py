"""Issue 14.5: after Fonver's pie swap every sentence names the colours the image shows."""

from __future__ import annotations

from bot.service import Service
from bot.service.records.transcript import load_text, replay

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


async def test_the_text_export_names_the_colour_each_move_was_played_as(service: Service) -> None:
    """alice places e5 as Black; bob swaps (deciding as White) and takes Black. The record said
    "1. alice (White): e5" — the colour alice ended with, not the one she played."""
    made = await service.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    match = made.match_id
    await service.accept(BOB, match_id=match)
    for who, move in ((ALICE, "e5"), (BOB, "swap"), (ALICE, "c3"), (BOB, "g7")):
        played = await service.move(who, move, match_id=match)
        assert played.ok, played.text
    await service.resign(ALICE, match_id=match)
    exported = await service.export(BOB, match_id=match)
    _, data = exported.files[0]
    text = data.decode()
    assert '[Seat0 "alice (White)"]' in text and '[Seat1 "bob (Black)"]' in text
    turns = [line for line in text.splitlines() if line[:1].isdigit()]
    assert turns == [
        "1. alice (Black): e5",
        "2. bob (White): swap",
        "3. alice (White): c3",
        "4. bob (Black): g7",
    ]
    loaded = load_text(text)
    assert [loaded.played_as[i] for i in range(4)] == ["Black", "White", "White", "Black"]
    assert replay(loaded) is not None  # the record still replays
