"""Fixtures for service and console tests: a service on the in-memory store with a fake
clock and fixed seeds, so every run is the same."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.service.play.hands
import games
import render
from bot.service import Service, User
from bot.service.replies import Reply
from storage import MemoryStore


class FakeClock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def scratch_boards() -> Path:
    """A fresh folder for a console's board images: the console writes one per move, and a
    relative folder would fill the checkout (and collide between workers)."""
    return Path(tempfile.mkdtemp(prefix="console-boards-"))


ALICE = User("alice", "alice")
BOB = User("bob", "bob")
CAROL = User("carol", "carol")
ALICE_ADMIN = User("alice", "alice", manages_server=True, guild_id="g1")
"""Alice as someone who manages server ``g1`` (may change its /server settings)."""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store() -> AsyncIterator[MemoryStore]:
    """An open in-memory store, for tests that build their own service over it."""
    memory = MemoryStore()
    await memory.open()
    yield memory
    await memory.close()


@pytest.fixture
def no_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards and hands drawn as placeholders, for tests about words and clocks: drawing is
    what the render tests test, and it is the slowest part of a move."""
    monkeypatch.setattr(render, "render", lambda *args, **kwargs: b"board")
    monkeypatch.setattr(
        bot.service.play.hands, "hand_renderer", lambda game: lambda view, **labels: b"hand"
    )


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    yield Service(store, clock=clock, seed_source=lambda: 12345)
    await store.close()


async def start_ordo(service: Service, white: User = ALICE, black: User = BOB, **terms: Any) -> int:
    """``white`` (alice) vs ``black`` (bob), accepted; returns the match id. ``terms`` go to
    the challenge (a time control, a server)."""
    reply = await service.challenge(white, "ordo", black, color="white", **terms)
    assert reply.ok, reply.text
    assert reply.match_id is not None
    accepted = await service.accept(black, match_id=reply.match_id)
    assert accepted.ok, accepted.text
    return reply.match_id


async def first_legal_move(service: Service, who: User, match_id: int) -> Reply:
    """``who`` plays the first legal move of the match: where any move will do."""
    record = await service.store.get_match(match_id)
    assert record is not None
    rules = games.get(record.game)
    state = rules.load(record.state)
    move = rules.format(state, rules.legal_actions(state)[0])
    return await service.move(who, move, match_id=match_id)
