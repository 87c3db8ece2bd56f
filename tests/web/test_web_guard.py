"""The web board under abuse (issue 32), over real HTTP on loopback: no version oracle for
conditional moves, strict bodies, tokens that are not ASCII, limits with Retry-After,
requests from other sites, and the same security headers on every error."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import Service
from bot.web.app import build_app
from bot.web.guard import SECURITY_HEADERS
from bot.web.identity import trusted_networks
from bot.web.limits import WebLimits
from bot.words import words

from .conftest import ALICE, BOB, GUILD, MANAGER, Published, bearer, start

say = words()
LOW = WebLimits(
    link_moves=5,
    address_moves=8,
    link_reads=6,
    address_reads=10,
    link_streams=2,
    address_streams=3,
    streams=4,
)


async def own_link(service: Service, user: Any, match_id: int) -> str:
    reply = await service.web_link(user, match_id=match_id)
    assert reply.ok, reply.text
    return reply.links[0].url


def secured(answer: Any) -> bool:
    return all(answer.headers.get(name) == value for name, value in SECURITY_HEADERS.items())


@pytest.fixture
async def limited(service: Service) -> AsyncIterator[TestClient]:
    """The app with small limits, behind a trusted proxy on loopback."""
    app = build_app(service, Published(), poll_seconds=0.05, limits=LOW)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


# -- 1: every answer about a version is the same whatever is stored privately -----------
@pytest.mark.parametrize("premoves", [False, True])
async def test_no_version_but_the_public_one_is_current(
    service: Service, client: TestClient, premoves: bool
) -> None:
    match = await start(service)
    assert (await service.move(ALICE, "c2-c3", match_id=match)).ok
    if premoves:
        assert (await service.premove(ALICE, "if c7-c6 then d2-d3", match_id=match)).ok
    bob = bearer(await own_link(service, BOB, match))
    page = await (await client.get(f"/m/{match}/state", headers=bob)).json()
    answers = []
    for offset in (-1, 1, 2, 3):
        answer = await client.post(
            f"/m/{match}/move", json={"move": "", "version": page["version"] + offset}, headers=bob
        )
        answers.append((answer.status, await answer.json()))
    refused = (409, {"ok": False, "text": say("move.out_of_date")})
    assert answers == [refused] * 4
    current = await client.post(
        f"/m/{match}/move", json={"move": "", "version": page["version"]}, headers=bob
    )
    assert current.status == 409 and (await current.json())["text"] != say("move.out_of_date")


# -- 2: bodies are read strictly ----------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [
        '{"move":"c2-c3","version":Infinity}',
        '{"move":"c2-c3","version":NaN}',
        '{"move":"c2-c3","version":1e400}',
        '{"move":"c2-c3","version":1.0}',
        '{"move":"c2-c3","version":"1"}',
        '{"move":"c2-c3","version":true}',
        '{"move":"c2-c3","version":-1}',
        '{"move":3}',
        '{"move":"c2-c3","extra":1}',
        '{"move":' + "[" * 2000 + "]" * 2000 + "}",
        "[" * 2000 + "]" * 2000,
        "not json",
        '{"move":"\\ud800"}',
    ],
)
async def test_a_bad_body_is_a_400_never_a_crash(
    service: Service, client: TestClient, body: str, caplog: pytest.LogCaptureFixture
) -> None:
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    headers = {**alice, "Content-Type": "application/json"}
    with caplog.at_level(logging.DEBUG):
        answer = await client.post(f"/m/{match}/move", data=body, headers=headers)
    assert answer.status == 400 and secured(answer)
    assert await answer.json() == {"error": say("web.http.bad_request")}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert await service.store.actions(match) == []


# -- 3: a token that is not ASCII is a link that is not valid -----------------------------
async def test_a_token_with_any_character_is_just_a_bad_link(
    service: Service, client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    match = await start(service)
    token = bearer(await own_link(service, ALICE, match))["Authorization"]
    for bad in (token[:20] + "é" + token[20:], token + "\u2028", "Bearer ü.ü"):
        with caplog.at_level(logging.DEBUG):
            answer = await client.get(
                f"/m/{match}/state", headers={"Authorization": bad.encode().decode("latin-1")}
            )
        assert answer.status == 403
        assert await answer.json() == {"error": say("web.bad_link")}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# -- 5: limits ---------------------------------------------------------------------------
async def test_moves_from_one_link_are_limited_with_retry_after(
    service: Service, limited: TestClient
) -> None:
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    statuses = []
    for _ in range(40):
        answer = await limited.post(f"/m/{match}/move", json={"move": ""}, headers=alice)
        statuses.append(answer.status)
    assert statuses[: LOW.link_moves] == [409] * LOW.link_moves
    assert set(statuses[LOW.link_moves :]) == {429}
    assert secured(answer) and int(answer.headers["Retry-After"]) >= 1
    assert await answer.json() == {
        "error": say("web.http.too_many", n=int(answer.headers["Retry-After"]))
    }
    # A fresh link for the same seat shares the old one's allowance.
    again = bearer(await own_link(service, ALICE, match))
    fresh = await limited.post(f"/m/{match}/move", json={"move": ""}, headers=again)
    assert fresh.status == 429


async def test_one_address_is_limited_across_links(service: Service, limited: TestClient) -> None:
    match = await start(service)
    links = [bearer(await own_link(service, user, match)) for user in (ALICE, BOB)]
    statuses = []
    for index in range(LOW.address_moves + 2):
        answer = await limited.post(f"/m/{match}/move", json={"move": ""}, headers=links[index % 2])
        statuses.append(answer.status)
    assert 429 in statuses and statuses.count(409) == LOW.address_moves
    # Behind a trusted proxy (loopback here) the client's own address counts.
    proxied = {**links[1], "X-Forwarded-For": "5.6.7.8, 127.0.0.1"}
    other = await limited.post(f"/m/{match}/move", json={"move": ""}, headers=proxied)
    assert other.status == 409, "another address, and Bob's link has allowance left"


async def test_reads_are_limited(service: Service, limited: TestClient) -> None:
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    statuses = [(await limited.get(f"/m/{match}/state", headers=alice)).status for _ in range(10)]
    assert statuses[: LOW.link_reads] == [200] * LOW.link_reads
    assert set(statuses[LOW.link_reads :]) == {429}


async def test_streams_are_capped_per_link_per_address_and_per_process(
    service: Service, limited: TestClient
) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    alice = bearer(await own_link(service, ALICE, match))

    async def open_stream(headers: dict[str, str]) -> Any:
        return await limited.get(f"/m/{match}/events", headers=headers)

    mine = [await open_stream(alice) for _ in range(3)]
    assert [s.status for s in mine] == [200, 200, 429]
    assert int(mine[2].headers["Retry-After"]) > 0 and secured(mine[2])
    public = await open_stream({})
    assert public.status == 200
    assert (await open_stream({})).status == 429, "three from this address already"
    elsewhere = await open_stream({"X-Forwarded-For": "9.9.9.9"})
    assert elsewhere.status == 200
    assert (await open_stream({"X-Forwarded-For": "8.8.8.8"})).status == 429, "four in all"
    for stream in (*mine[:2], public, elsewhere):
        stream.close()
    await asyncio.sleep(0.2)  # the server notices the pages went away
    assert (await open_stream(alice)).status == 200


def test_an_untrusted_peer_cannot_name_its_own_address() -> None:
    from bot.web.identity import _trusted

    networks = trusted_networks("10.0.0.0/8,::1")
    assert _trusted("10.1.2.3", networks) and _trusted("::1", networks)
    assert not _trusted("127.0.0.1", networks) and not _trusted("nonsense", networks)


# -- 6: requests from other sites -----------------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example", "Content-Type": "text/plain"},
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
async def test_a_move_from_another_site_is_refused_whatever_it_carries(
    service: Service, client: TestClient, headers: dict[str, str]
) -> None:
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    answer = await client.post(
        f"/m/{match}/move", data='{"move":"c2-c3"}', headers={**alice, **headers}
    )
    assert answer.status == 403 and secured(answer)
    assert await answer.json() == {"error": say("web.http.cross_site")}
    assert await service.store.actions(match) == []


async def test_a_move_from_the_boards_own_page_is_played(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    own = {"Origin": str(client.make_url("")).rstrip("/"), "Sec-Fetch-Site": "same-origin"}
    answer = await client.post(f"/m/{match}/move", json={"move": "c2-c3"}, headers={**alice, **own})
    assert answer.status == 200, await answer.text()
    public = {"Origin": "http://board.test"}  # the board's public address (WEB_BASE_URL)
    answer = await client.post(
        f"/m/{match}/move",
        json={"move": "c7-c6"},
        headers={**bearer(await own_link(service, BOB, match)), **public},
    )
    assert answer.status == 200, await answer.text()


async def test_a_token_in_the_address_is_worth_nothing(
    service: Service, client: TestClient
) -> None:
    """A cross-site form can put anything in an address; the board never reads one there."""
    match = await start(service)
    token = bearer(await own_link(service, ALICE, match))["Authorization"].split()[1]
    answer = await client.post(f"/m/{match}/move?t={token}", json={"move": "c2-c3"})
    assert answer.status == 409 and (await answer.json())["text"] == say("web.private")
    assert await service.store.actions(match) == []


async def test_other_sites_cannot_read_the_data_but_may_link_to_the_page(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    elsewhere = {"Sec-Fetch-Site": "cross-site"}
    assert (await client.get(f"/m/{match}/state", headers=elsewhere)).status == 403
    assert (await client.get(f"/m/{match}/at/0", headers=elsewhere)).status == 403
    page = await client.get(f"/m/{match}", headers={**elsewhere, "Sec-Fetch-Mode": "navigate"})
    assert page.status == 200 and secured(page)


# -- 10: error pages carry the same headers --------------------------------------------------
async def test_every_error_carries_the_security_headers(
    service: Service, client: TestClient, limited: TestClient, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    match = await start(service)
    alice = bearer(await own_link(service, ALICE, match))
    answers = {
        400: await client.post(
            f"/m/{match}/move", data="{", headers={**alice, "Content-Type": "application/json"}
        ),
        404: await client.get("/nowhere"),
        405: await client.put(f"/m/{match}/move"),
        413: await client.post(
            f"/m/{match}/move",
            data="x" * 10_000,
            headers={**alice, "Content-Type": "application/json"},
        ),
    }
    for _ in range(LOW.link_reads + 1):
        last = await limited.get(f"/m/{match}/state", headers=alice)
    answers[429] = last

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the store fell over")

    monkeypatch.setattr(service.pages, "page", broken)
    with caplog.at_level(logging.ERROR):
        answers[500] = await client.get(f"/m/{match}/state", headers=alice)
    for status, answer in answers.items():
        assert answer.status == status and secured(answer), status
        text = await answer.text()
        assert "Traceback" not in text and "fell over" not in text and "Bearer" not in text
    page = await client.get("/nowhere")
    assert say("web.http.not_found") in await page.text() and "<script" not in await page.text()
    assert await answers[500].json() == {"error": say("errors.internal")}
    (crash,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert f"match {match}" in crash.getMessage()
