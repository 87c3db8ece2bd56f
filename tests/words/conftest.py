"""What the language tests share: a service on a fresh in-memory store, with a fixed seed so
seats, colours and cities are the same on every run."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import Service
from storage import MemoryStore
from tests.bot.conftest import FakeClock


@pytest.fixture
async def service() -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    yield Service(store, clock=FakeClock(), seed_source=lambda: 12345)
    await store.close()
