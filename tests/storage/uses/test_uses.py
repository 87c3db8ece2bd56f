"""Counted uses in a rolling window (``Store.record_use``), run against every store.

What the hint limit needs from storage: a count per user that outlives the process, and a
"take one if any is left" that two requests at once can never both win."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import SqliteStore, Store, Uses

HOUR = 3600.0


async def test_uses_are_granted_up_to_the_most_then_refused_writing_nothing(store: Store) -> None:
    first = await store.record_use("u1", "hint", 100.0, window=HOUR, most=3)
    assert first == Uses(granted=True, times=(100.0,))
    await store.record_use("u1", "hint", 200.0, window=HOUR, most=3)
    third = await store.record_use("u1", "hint", 300.0, window=HOUR, most=3)
    assert third == Uses(granted=True, times=(100.0, 200.0, 300.0))
    refused = await store.record_use("u1", "hint", 400.0, window=HOUR, most=3)
    assert refused == Uses(granted=False, times=(100.0, 200.0, 300.0))
    # The refusal wrote nothing: once the first use leaves the window, one is free again.
    again = await store.record_use("u1", "hint", 100.0 + HOUR, window=HOUR, most=3)
    assert again == Uses(granted=True, times=(200.0, 300.0, 100.0 + HOUR))


async def test_users_and_kinds_count_apart(store: Store) -> None:
    assert (await store.record_use("u1", "hint", 1.0, window=HOUR, most=1)).granted
    assert not (await store.record_use("u1", "hint", 2.0, window=HOUR, most=1)).granted
    assert (await store.record_use("u2", "hint", 2.0, window=HOUR, most=1)).granted
    assert (await store.record_use("u1", "other", 2.0, window=HOUR, most=1)).granted


async def test_uses_at_the_same_moment_all_count(store: Store) -> None:
    """A fake clock (or a fast double click) gives two uses the same time: both are kept."""
    for _ in range(2):
        assert (await store.record_use("u1", "hint", 5.0, window=HOUR, most=2)).granted
    assert (await store.record_use("u1", "hint", 5.0, window=HOUR, most=2)).times == (5.0, 5.0)


async def test_a_lower_most_counts_the_uses_already_made(store: Store) -> None:
    for at in (1.0, 2.0, 3.0):
        await store.record_use("u1", "hint", at, window=HOUR, most=5)
    lowered = await store.record_use("u1", "hint", 4.0, window=HOUR, most=2)
    assert lowered == Uses(granted=False, times=(1.0, 2.0, 3.0))


async def test_uses_asked_for_at_once_never_exceed_the_most(store: Store) -> None:
    results = await asyncio.gather(
        *(store.record_use("u1", "hint", 10.0 + i, window=HOUR, most=3) for i in range(8))
    )
    assert sum(r.granted for r in results) == 3
    last = await store.record_use("u1", "hint", 50.0, window=HOUR, most=3)
    assert not last.granted and len(last.times) == 3


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"window": 0.0, "most": 1}, ValueError),
        ({"window": float("nan"), "most": 1}, ValueError),
        ({"window": HOUR, "most": 0}, ValueError),
        ({"window": HOUR, "most": True}, ValueError),
    ],
)
async def test_nonsense_windows_and_counts_are_refused(
    store: Store, kwargs: dict[str, float], error: type[Exception]
) -> None:
    with pytest.raises(error):
        await store.record_use("u1", "hint", 1.0, **kwargs)  # type: ignore[arg-type]


async def test_uses_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with SqliteStore(path) as store:
        await store.record_use("u1", "hint", 1.0, window=HOUR, most=1)
    async with SqliteStore(path) as store:
        assert not (await store.record_use("u1", "hint", 2.0, window=HOUR, most=1)).granted
