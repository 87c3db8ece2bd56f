"""The liveness role: the heartbeat, and the outages between runs that pause every clock.
Run against every store."""

from __future__ import annotations

from storage import (
    Store,
)


async def test_outages_are_the_gaps_between_runs(store: Store) -> None:
    assert await store.mark_alive(1000.0, starting=True) is None  # a first start: no gap
    assert await store.mark_alive(1060.0) is None
    assert await store.mark_alive(5000.0) is None  # a running process never records a gap
    assert await store.mark_alive(9000.0, starting=True) == (5000.0, 9000.0)
    assert await store.mark_alive(8000.0) is None  # heartbeats never move backwards
    assert await store.mark_alive(9500.0, starting=True) == (9000.0, 9500.0)
    assert await store.outages() == [(5000.0, 9000.0), (9000.0, 9500.0)]
    assert await store.outages(since=9200.0) == [(9000.0, 9500.0)]


async def test_the_last_heartbeat_is_read_without_writing_one(store: Store) -> None:
    """What ``python -m bot --check`` reports: reading it must not count as a heartbeat."""
    assert await store.last_alive() is None
    await store.mark_alive(1000.0, starting=True)
    await store.mark_alive(1060.0)
    assert await store.last_alive() == 1060.0
    assert await store.last_alive() == 1060.0
    await store.mark_alive(900.0)  # never backwards
    assert await store.last_alive() == 1060.0
    assert await store.outages() == []
