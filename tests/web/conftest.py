"""Fixtures for the web board without a browser: a service with signed links on the memory
store, a fake clock, and the web app served on loopback with a recording publisher."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

try:
    import tests.fakediscord  # noqa: F401
except ModuleNotFoundError:  # pragma: no cover - depends on how pytest was launched
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.service.pages.activity import ActivitySessions
from bot.service.replies import Reply
from bot.web.app import build_app
from storage import MemoryStore
from tests.pgserver import pg_server, pg_shared_database, pg_url

__all__ = ["pg_server", "pg_shared_database", "pg_url"]

SECRET = "a-test-secret-that-is-long-enough-0123456789"
BASE = "http://board.test"
GUILD = "g1"
ALICE = User("alice", "Alice", guild_id=GUILD)
BOB = User("bob", "Bob", guild_id=GUILD)
CAROL = User("carol", "Carol", guild_id=GUILD)
MANAGER = User("mia", "Mia", manages_server=True, guild_id=GUILD)


class FakeClock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@dataclass
class Published:
    """What the web app handed on for posting (the thread post, pings, DMs)."""

    replies: list[Reply] = field(default_factory=list)

    async def __call__(self, reply: Reply) -> None:
        self.replies.append(reply)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def web_service(store: object, clock: FakeClock) -> Service:
    return Service(
        store,  # type: ignore[arg-type]
        clock=clock,
        seed_source=lambda: 4242,
        web=BoardLinks(BASE, SECRET, clock),
        activity=ActivitySessions(SECRET, clock),
    )


@pytest.fixture
async def service(clock: FakeClock) -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    yield web_service(store, clock)
    await store.close()


@pytest.fixture
def published() -> Published:
    return Published()


@pytest.fixture
async def client(service: Service, published: Published) -> AsyncIterator[TestClient]:
    app = build_app(service, published, poll_seconds=0.05)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def start(service: Service, game: str = "ordo") -> int:
    """Alice (first seat) against Bob, accepted, on server ``g1``; the match id."""
    reply = await service.challenge(
        ALICE, game, BOB, color="first", guild_id=GUILD, channel_id="c1"
    )
    assert reply.ok, reply.text
    assert reply.match_id is not None
    accepted = await service.accept(BOB, match_id=reply.match_id)
    assert accepted.ok, accepted.text
    return reply.match_id


def path_of(url: str) -> str:
    """A link's path (without the fragment the browser keeps), to ask the test server."""
    assert url.startswith(BASE)
    return url[len(BASE) :].partition("#")[0]


def bearer(url_or_token: str) -> dict[str, str]:
    """The header a page sends for a link (or a bare token)."""
    token = url_or_token.partition("#t=")[2] or url_or_token
    return {"Authorization": f"Bearer {token}"}
