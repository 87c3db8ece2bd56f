"""The web board as production serves it (:func:`bot.web.server.serve` on a loopback port,
not the test server, which cancels handlers on a hang-up and so hides what a real one does)
under abuse (issue 42, items 10-12): a reload frees its stream's place at once, every
``X-Forwarded-For`` line counts, and aiohttp's own refusals carry the board's headers and
echo nothing of the request. Every loop here is bounded."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
from multidict import CIMultiDict

from bot.service import Service
from bot.web.guard import SECURITY_HEADERS
from bot.web.limits import WebLimits
from bot.web.server import serve
from bot.words import words

from .conftest import ALICE, GUILD, MANAGER, Published, bearer, start

say = words()
LIMITS = WebLimits(
    link_moves=30,
    address_moves=120,
    link_reads=1000,
    address_reads=40,
    link_streams=4,
    address_streams=10,
    streams=100,
)


@dataclass
class Served:
    base: str
    port: int
    http: aiohttp.ClientSession


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
async def served(service: Service) -> AsyncIterator[Served]:
    port = free_port()
    stop = await serve(
        service, Published(), host="127.0.0.1", port=port, poll_seconds=0.05, limits=LIMITS
    )
    try:
        async with aiohttp.ClientSession() as http:
            yield Served(f"http://127.0.0.1:{port}", port, http)
    finally:
        await stop()


async def link_of(service: Service, match: int) -> dict[str, str]:
    reply = await service.web_link(ALICE, match_id=match)
    assert reply.ok, reply.text
    return bearer(reply.links[0].url)


async def open_stream(served: Served, match: int, headers: dict[str, str]) -> Any:
    """A live stream as a page opens it; its first event read when it was let in."""
    answer = await served.http.get(f"{served.base}/m/{match}/events", headers=headers)
    if answer.status == 200:
        first = await asyncio.wait_for(answer.content.readline(), 5)
        assert first.startswith(b"event: version"), first
    return answer


# -- 10: a reload never locks a player out --------------------------------------------------
async def test_ten_reloads_in_a_row_all_get_their_stream(service: Service, served: Served) -> None:
    """Each reload closes the old page (its stream) and opens a new one at once; before,
    the fifth got 429 (the link's four places held until the next keep-alive, 15 s on)."""
    match = await start(service)
    alice = await link_of(service, match)
    statuses = []
    for _ in range(10):
        answer = await open_stream(served, match, alice)
        statuses.append(answer.status)
        answer.close()
        await asyncio.sleep(0.3)  # a reload takes longer than this
    assert statuses == [200] * 10


async def test_the_address_cap_counts_only_live_streams(service: Service, served: Served) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    first = [await open_stream(served, match, {}) for _ in range(LIMITS.address_streams)]
    assert [a.status for a in first] == [200] * LIMITS.address_streams
    refused = await open_stream(served, match, {})
    assert refused.status == 429, "the cap holds while they are open"
    for answer in first:
        answer.close()
    await asyncio.sleep(0.5)
    again = [await open_stream(served, match, {}) for _ in range(LIMITS.address_streams)]
    assert [a.status for a in again] == [200] * LIMITS.address_streams
    for answer in again:
        answer.close()


# -- 11: every X-Forwarded-For line is read ------------------------------------------------
async def test_a_client_cannot_choose_its_address_in_a_line_of_its_own(
    service: Service, served: Served
) -> None:
    """The client sends a made-up address on one line, its proxy (loopback, trusted)
    appends the real one on a line of its own: the real one is counted."""
    match = await start(service)
    alice = await link_of(service, match)
    statuses = []
    for index in range(LIMITS.address_reads + 5):
        headers = CIMultiDict(alice)
        headers.add("X-Forwarded-For", f"10.9.{index // 250}.{index % 250}")
        headers.add("X-Forwarded-For", "203.0.113.7")
        answer = await served.http.get(f"{served.base}/m/{match}/state", headers=headers)
        statuses.append(answer.status)
    assert statuses[: LIMITS.address_reads] == [200] * LIMITS.address_reads
    assert set(statuses[LIMITS.address_reads :]) == {429}
    other = CIMultiDict(alice)
    other.add("X-Forwarded-For", "203.0.113.7, 198.51.100.2")
    answer = await served.http.get(f"{served.base}/m/{match}/state", headers=other)
    assert answer.status == 200, "another client behind the same proxy has its own allowance"


# -- 12: aiohttp's own refusals -------------------------------------------------------------
async def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """What the server answers ``request`` sent as bytes (aiohttp's client refuses to send
    the malformed ones)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return int(status_line.split()[1]), headers, body


TOKEN = "WzEsMCwiYTAi" + "x" * 9000


@pytest.mark.parametrize(
    "request_bytes",
    [
        f"GET /m/1/state HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode(),
        f"GET /m/1/state?{TOKEN} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        f"G{TOKEN[:40]}T /m/1/state HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        b"GET /m/1/state HTTP/1.1\r\nHost: x\r\nBroken header WzEsMCwiYTAi\r\n\r\n",
    ],
    ids=["long-header", "long-line", "bad-method", "bad-header"],
)
async def test_the_parsers_refusals_carry_the_headers_and_echo_nothing(
    served: Served, request_bytes: bytes
) -> None:
    status, headers, body = await raw(served.port, request_bytes)
    assert 400 <= status < 500
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    text = body.decode()
    assert "WzEsMCwiYTAi" not in text and "Bearer" not in text and "bytes" not in text
    assert say("web.http.bad_request") in text
