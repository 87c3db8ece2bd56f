"""The web board over HTTP, without a browser: who may look, what each visitor is sent, moves
made with a seat's link, the replay, and live updates — including from another process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

import games
from bot.service import Service
from bot.service.match.links import BoardLinks, token_of
from bot.web.app import HUB, build_app
from bot.web.live import LiveHub
from bot.words import words
from storage import open_store

from .conftest import (
    ALICE,
    BASE,
    BOB,
    CAROL,
    GUILD,
    MANAGER,
    FakeClock,
    Published,
    bearer,
    start,
    web_service,
)

say = words()
BOOT = re.compile(r'<script type="application/json" id="boot">(.*?)</script>', re.S)


def boot_of(html: str) -> dict[str, Any]:
    found = BOOT.search(html)
    assert found, "the page carries its words"
    return json.loads(found.group(1))


async def state_of(client: TestClient, match: int, url: str | None = None) -> Any:
    """What a page opened with ``url`` (a link, or none) is sent."""
    answer = await client.get(f"/m/{match}/state", headers=bearer(url) if url else {})
    return answer.status, await answer.json()


async def own_link(service: Service, user: Any, match_id: int) -> str:
    reply = await service.web_link(user, match_id=match_id)
    assert reply.ok, reply.text
    (link,) = reply.links
    return link.url


# -- who may look -------------------------------------------------------------------------
async def test_a_match_is_private_until_the_server_opens_it(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    # The page itself is one shell for everyone: it holds nothing of any match.
    page = await client.get(f"/m/{match}")
    assert page.status == 200
    html = await page.text()
    assert "page" not in boot_of(html) and "a1" not in html and "ordo" not in html.lower()
    assert html == await (await client.get("/m/99999")).text()
    status, data = await state_of(client, match)
    assert status == 403 and data == {"error": say("web.private")}
    assert (await client.get(f"/m/{match}/at/0")).status == 403

    opened = await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    assert opened.ok and say("settings.spectators_public") in opened.text
    status, data = await state_of(client, match)
    assert status == 200
    assert data["seat"] is None and data["moves"] == [] and data["game"] == "ordo"


async def test_the_spectators_setting_takes_only_its_two_values(service: Service) -> None:
    refused = await service.server_settings(MANAGER, GUILD, {"spectators": "everyone"})
    assert not refused.ok
    assert refused.text == "spectators must be thread or public.", refused.text
    shown = await service.server_settings(MANAGER, GUILD)
    assert say("settings.spectators_thread") in shown.text


async def test_forged_altered_and_expired_links_are_refused(
    service: Service, client: TestClient, clock: FakeClock
) -> None:
    match = await start(service)
    other = await start(service)
    url = await own_link(service, ALICE, match)
    assert "?" not in url and "#t=" in url, "the token stays in the fragment"
    body, signature = url.split("#t=")[1].split(".")
    forged = BoardLinks(BASE, "another-secret-of-the-same-length-012345678", clock)
    attempts = {
        "altered": (match, f"{body[:-2]}{'AB'[body[-2] == 'A']}{body[-1]}.{signature}"),
        "signature": (match, f"{body}.{signature[::-1]}"),
        "forged": (match, forged.url(match, 0, "alice")),
        "other match": (other, f"{body}.{signature}"),
        "garbage": (match, "hello"),
        "not ascii": (match, f"{body}é.{signature}"),
    }
    for what, (number, token) in attempts.items():
        answer = await client.get(f"/m/{number}/state", headers=bearer(token))
        assert answer.status == 403, what
        assert await answer.json() == {"error": say("web.bad_link")}, what
    clock.now += 15 * 86400
    status, data = await state_of(client, match, url)
    assert status == 403 and data == {"error": say("web.expired_link")}


async def test_links_are_made_only_for_those_who_may_see_the_match(service: Service) -> None:
    match = await start(service)
    record = await service.store.get_match(match)
    assert record is not None
    await service.attach_place(match, channel_id="c1", thread_id="t1")
    mine = await service.web_link(ALICE, match_id=match)
    assert mine.ok and mine.links[0].label == say("web.open_yours")
    assert mine.text == say("web.link_yours", match=match)

    sees = type(CAROL)("carol", "Carol", guild_id=GUILD, can_view=lambda place: place == "t1")
    watching = await service.web_link(sees, match_id=match)
    assert watching.ok and watching.links[0].label == say("web.open_board")

    blind = type(CAROL)("carol", "Carol", guild_id=GUILD, can_view=lambda place: False)
    elsewhere = type(CAROL)("carol", "Carol", guild_id="g2", can_view=lambda place: True)
    for outsider in (blind, elsewhere):
        refused = await service.web_link(outsider, match_id=match)
        assert not refused.ok and not refused.links
        assert refused.text == say("match.not_visible")


async def test_the_board_post_offers_each_reader_their_own_link(service: Service) -> None:
    match = await start(service)
    board = await service.board(ALICE, match_id=match)
    assert board.post is not None
    buttons = [(b.action, b.label) for b in board.post.buttons]
    assert ("web_link", say("web.play_on_board")) in buttons
    # A thread post never carries a signed link itself: anyone reading it could press it.
    assert "#t=" not in repr(board.post) and "?t=" not in repr(board.post)


async def test_the_web_board_is_off_without_links(clock: FakeClock) -> None:
    store = open_store("memory")
    await store.open()
    service = Service(store, clock=clock)
    match = await start(service)
    board = await service.board(ALICE, match_id=match)
    assert board.post is not None and "web_link" not in [b.action for b in board.post.buttons]
    refused = await service.web_link(ALICE, match_id=match)
    assert not refused.ok and refused.text == say("web.off")


# -- moving -------------------------------------------------------------------------------
async def test_a_seat_link_moves_through_the_same_service_call(
    service: Service, client: TestClient, published: Published
) -> None:
    match = await start(service)
    url = await own_link(service, ALICE, match)
    _, page = await state_of(client, match, url)
    assert page["seat"] == 0 and {"n": "c2-c3"} in page["moves"]
    answer = await client.post(
        f"/m/{match}/move", json={"move": "c2-c3", "version": page["version"]}, headers=bearer(url)
    )
    assert answer.status == 200
    assert (await answer.json()) == {"ok": True, "text": say("move.played", moves="c2-c3")}
    (reply,) = published.replies
    assert reply.post is not None and reply.post.mentions == ("bob",)
    assert say("board.your_turn", players="Bob", game="Ordo", match=match) == reply.post.ping
    actions = await service.store.actions(match)
    assert [a.notation for a in actions] == ["c2-c3"]

    # The same board version again is a stale press: refused, nothing posted.
    again = await client.post(
        f"/m/{match}/move", json={"move": "d2-d3", "version": page["version"]}, headers=bearer(url)
    )
    assert again.status == 409 and (await again.json())["text"] == say("move.out_of_date")
    # Not her turn any more.
    later = await client.post(f"/m/{match}/move", json={"move": "d2-d3"}, headers=bearer(url))
    assert later.status == 409 and not (await later.json())["ok"]
    assert len(published.replies) == 1


async def test_a_watching_link_cannot_move(service: Service, client: TestClient) -> None:
    match = await start(service)
    await service.attach_place(match, channel_id="c1", thread_id="t1")
    sees = type(CAROL)("carol", "Carol", guild_id=GUILD, can_view=lambda place: True)
    url = await own_link(service, sees, match)
    answer = await client.post(f"/m/{match}/move", json={"move": "c2-c3"}, headers=bearer(url))
    assert answer.status == 409 and (await answer.json())["text"] == say("web.looking_only")
    assert await service.store.actions(match) == []


# -- what each visitor is sent --------------------------------------------------------------
async def fence_in_turns(service: Service) -> int:
    """A two-player FENCE! match past the city's building, cards dealt."""
    reply = await service.play(
        ALICE, "fence", invited=[BOB], seats=2, guild_id=GUILD, options={"quick_map": True}
    )
    assert reply.ok and reply.match_id is not None
    match = reply.match_id
    assert (await service.join(BOB, match_id=match)).ok
    assert (await service.start(ALICE, match_id=match)).ok
    rules = games.get("fence")
    users = {"alice": ALICE, "bob": BOB}
    for _ in range(200):
        record = await service.store.get_match(match)
        assert record is not None
        state = rules.load(record.state)
        if rules.view(state, None)["stage"] == "turn":
            return match
        seat = rules.to_move(state)[0]
        action = rules.legal_actions(state)[0]
        played = await service.move(
            users[record.seats[seat]], rules.format(state, action), match_id=match
        )
        assert played.ok, played.text
    raise AssertionError("the city was never finished")


def private_cards(service_state: Any, rules: Any, seat: int) -> set[str]:
    """Cards only ``seat`` may know: in its own view and nowhere in the public one."""
    public = json.dumps(rules.view(service_state, None))
    own = rules.view(service_state, seat)
    held = set(own.get("hand", [])) | set(own.get("starting_cards", []))
    return {card for card in held if f'"{card}"' not in public}


async def test_only_a_seats_own_link_shows_its_cards(service: Service, client: TestClient) -> None:
    match = await fence_in_turns(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    record = await service.store.get_match(match)
    assert record is not None
    rules = games.get("fence")
    state = rules.load(record.state)
    secrets = private_cards(state, rules, 0) | private_cards(state, rules, 1)
    assert secrets, "the test needs cards nobody else knows"

    plies = len(await service.store.actions(match))
    watching = [
        await (await client.get(f"/m/{match}/state")).text(),
        *[
            await (await client.get(f"/m/{match}/at/{ply}")).text()
            for ply in sorted({0, plies // 2, plies})
        ],
    ]
    for body in watching:
        data = json.loads(body)
        assert not {"hand", "starting_cards", "notes"} & set(data["view"])
        assert not {card for card in secrets if f'"{card}"' in body}
    page = json.loads(watching[0])
    assert page["seat"] is None and page["moves"] == []

    mover = rules.to_move(state)[0]
    player = (ALICE, BOB)[record.seats.index(("alice", "bob")[mover])]
    _, own_page = await state_of(client, match, await own_link(service, player, match))
    own = {"page": own_page}
    seat = own["page"]["seat"]
    assert own["page"]["view"]["hand"] == rules.view(state, seat)["hand"]
    assert own["page"]["moves"] and all("path" in m and "hl" in m for m in own["page"]["moves"])
    other_secrets = private_cards(state, rules, 1 - seat)
    assert not {card for card in other_secrets if f'"{card}"' in json.dumps(own)}


async def test_the_replay_steps_through_every_public_position(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    for user, move in ((ALICE, "c2-c3"), (BOB, "c7-c6"), (ALICE, "d2-d3")):
        assert (await service.move(user, move, match_id=match)).ok
    rules = games.get("ordo")
    start_view = rules.view(rules.new(2, None, 4242), None)
    first = await (await client.get(f"/m/{match}/at/0")).json()
    assert first == {"ply": 0, "view": start_view, "highlight": []}
    second = await (await client.get(f"/m/{match}/at/2")).json()
    assert second["highlight"][0]["notation"] == "c7-c6"
    now = await (await client.get(f"/m/{match}/state")).json()
    last = await (await client.get(f"/m/{match}/at/3")).json()
    assert last["view"] == now["view"] and now["ply"] == 3
    assert [t["moves"] for t in now["history"]] == [["c2-c3"], ["c7-c6"], ["d2-d3"]]
    beyond = await client.get(f"/m/{match}/at/4")
    assert beyond.status == 403


# -- live updates ---------------------------------------------------------------------------
async def next_version(stream: Any, after: int) -> int:
    """The first version event above ``after`` on a server-sent event stream."""
    async for raw in stream.content:
        line = raw.decode().strip()
        if line.startswith("data:") and int(line[5:]) > after:
            return int(line[5:])
    raise AssertionError("the stream ended")


@contextlib.asynccontextmanager
async def _bot_and_web_process(
    pg_url: str, clock: FakeClock, poll_seconds: float
) -> AsyncIterator[tuple[Service, int, TestClient, dict[str, Any], Any]]:
    """Two services on one PostgreSQL database, as the Discord bot and a web process are:
    the bot's service, a public match it started, the web process's client, and a page of
    the match open there (its state and its event stream)."""
    bot_store, web_store = open_store(pg_url), open_store(pg_url)
    await bot_store.open()
    await web_store.open()
    try:
        bot, web = web_service(bot_store, clock), web_service(web_store, clock)
        match = await start(bot)
        await bot.server_settings(MANAGER, GUILD, {"spectators": "public"})
        app = build_app(web, Published(), poll_seconds=poll_seconds)
        async with TestClient(TestServer(app)) as client:
            page = await (await client.get(f"/m/{match}/state")).json()
            stream = await client.get(f"/m/{match}/events")
            yield bot, match, client, page, stream
            stream.close()
    finally:
        await bot_store.close()
        await web_store.close()


async def test_a_move_made_in_another_process_reaches_open_pages(
    pg_url: str, clock: FakeClock
) -> None:
    """Two services on one PostgreSQL database, as the Discord bot and a web process are:
    a move made through the first wakes a page served by the second."""
    async with _bot_and_web_process(pg_url, clock, 0.05) as (bot, match, client, page, stream):
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert (await bot.move(ALICE, "c2-c3", match_id=match)).ok
        changed = await asyncio.wait_for(next_version(stream, page["version"]), 10)
        fresh = await (await client.get(f"/m/{match}/state")).json()
        assert fresh["version"] == changed and fresh["ply"] == 1


async def test_many_pages_of_one_match_share_one_watcher(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    streams = [await client.get(f"/m/{match}/events") for _ in range(3)]
    seen = [await asyncio.wait_for(next_version(s, 0), 10) for s in streams]
    assert len(set(seen)) == 1  # each page is told the version it starts from
    hub = client.app[HUB]  # type: ignore[index]
    assert hub.watched == 1
    assert (await service.move(ALICE, "c2-c3", match_id=match)).ok
    versions = await asyncio.gather(
        *(asyncio.wait_for(next_version(s, seen[0]), 10) for s in streams)
    )
    assert len(set(versions)) == 1 and versions[0] > seen[0]
    for s in streams:
        s.close()


@pytest.mark.parametrize("match", ["0", "999"])
async def test_no_such_match(client: TestClient, match: str) -> None:
    status, data = await state_of(client, int(match))
    assert status == 403 and data == {"error": say("match.no_such", match=match)}


async def test_a_path_that_is_no_match_is_not_found(client: TestClient) -> None:
    page = await client.get("/m/abc")
    assert page.status == 404 and 'id="boot"' not in await page.text()


async def test_a_turn_dm_carries_the_players_own_link(service: Service) -> None:
    match = await start(service)
    assert (await service.notify(BOB, mode="dm")).ok
    moved = await service.move(ALICE, "c2-c3", match_id=match)
    (dm,) = [dm for dm in moved.dms if dm.user_id == "bob"]
    (link,) = dm.links
    assert link.label == say("web.open_yours")
    links = service.pages.links
    assert links is not None
    grant = links.read(token_of(link.url), match)
    assert (grant.seat, grant.user_id) == (1, "bob")


async def test_postgresql_pushes_changes_so_nobody_polls(pg_url: str, clock: FakeClock) -> None:
    """With the poll a minute apart, a move made by another process still reaches an open
    page at once: the database announces it (LISTEN/NOTIFY)."""
    async with _bot_and_web_process(pg_url, clock, 60) as (bot, match, client, page, stream):
        await asyncio.wait_for(next_version(stream, page["version"] - 1), 10)
        assert client.app[HUB].pushed  # type: ignore[index]
        assert (await bot.move(ALICE, "c2-c3", match_id=match)).ok
        changed = await asyncio.wait_for(next_version(stream, page["version"]), 5)
        assert changed > page["version"]


async def test_one_read_serves_every_watched_match(service: Service) -> None:
    """On a store that cannot push news, each look reads the versions of all watched
    matches in one call, however many matches and pages there are."""
    matches = [await start(service) for _ in range(12)]
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    asked: list[int] = []

    async def versions(ids: Any) -> dict[int, int]:
        asked.append(len(ids))
        return await service.pages.versions(ids)

    hub = LiveHub(versions, interval=0.05)
    async with contextlib.AsyncExitStack() as pages:
        seen = await service.pages.versions(matches)
        queues = [
            await pages.enter_async_context(hub.subscribe(m, seen[m]))
            for m in matches
            for _ in range(3)
        ]
        await asyncio.sleep(0.3)
        asked.clear()
        await asyncio.sleep(0.5)
        assert asked and set(asked) == {len(matches)}, "each read covers every watched match"
        assert len(asked) <= 0.5 / 0.05 + 1
        assert (await service.move(ALICE, "c2-c3", match_id=matches[5])).ok
        moved = await asyncio.wait_for(queues[15].get(), 5)
        assert moved > seen[matches[5]]
        assert all(q.empty() for i, q in enumerate(queues) if i // 3 != 5)
    await hub.close()


# -- what is sent ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "accepted", ["gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "gzip;q=0", "identity"]
)
async def test_scripts_and_the_shell_are_sent_compressed_to_whoever_takes_gzip(
    client: TestClient, service: Service, accepted: str
) -> None:
    """Scripts and the shell are compressed once at start-up: a browser that takes gzip gets
    those bytes, any other client the plain ones, and both read the same file."""
    match_id = await start(service)
    page = await client.get(f"/m/{match_id}", headers={"Accept-Encoding": accepted})
    html = await page.text()
    (script,) = re.findall(r'src="([^"]*/app\.js)"', html)
    script = script if script.startswith("/") else f"/m/{script}"
    for answer in (page, await client.get(script, headers={"Accept-Encoding": accepted})):
        assert answer.status == 200
        assert answer.headers["Vary"] == "Accept-Encoding"
        packed = "gzip" in accepted and "q=0," not in accepted + ","
        assert answer.headers.get("Content-Encoding") == ("gzip" if packed else None)
    plain = await client.get(script, headers={"Accept-Encoding": "identity"})
    body = await client.get(script, headers={"Accept-Encoding": accepted})
    assert await body.read() == await plain.read()  # aiohttp's client undoes the gzip
