"""The board as a Discord Activity over HTTP, with Discord's side stubbed by a confirmer
(issue 35, part 2.1 and 2.3): the root page is the board page that only Discord may frame, a
code is read strictly and traded only when the confirmer says so, and a session's limits are
its Discord user's, not the address Discord's proxy hides players behind."""

from __future__ import annotations

import base64
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import Refusal, Service
from bot.service.pages.activity import Confirmed, Player
from bot.web.app import build_app
from bot.web.guard import SECURITY_HEADERS
from bot.web.limits import WebLimits
from bot.words import words

from .conftest import ALICE, BOB, GUILD, Published, start

say = words()
CLIENT_ID = "1100000000000000001"
PROXY = f"https://{CLIENT_ID}.discordsays.com"
LOW = WebLimits(
    link_moves=5, address_moves=8, link_reads=6, address_reads=10, link_streams=2,
    address_streams=3, streams=4,
)  # fmt: skip


@dataclass
class Confirmer:
    """Discord, as the web server asks it: ``codes`` maps a good code to its player."""

    codes: dict[str, Player] = field(default_factory=dict)
    client_id: str = CLIENT_ID

    async def confirm(self, code: str, instance_id: str) -> Confirmed:
        player = self.codes.pop(code, None)
        if player is None or instance_id != "i-1":
            raise Refusal("web.activity.not_confirmed")
        return Confirmed(player, f"discord-token-for-{player.user_id}")


@pytest.fixture
def discord() -> Confirmer:
    return Confirmer()


@pytest.fixture
async def activity(service: Service, discord: Confirmer) -> AsyncIterator[TestClient]:
    """The board with its Activity, small limits, behind a trusted proxy on loopback (as
    Discord's proxy: every player from one address)."""
    app = build_app(service, Published(), poll_seconds=0.05, limits=LOW, activity=discord)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def session(client: TestClient, discord: Confirmer, player: Player) -> dict[str, str]:
    discord.codes["c-" + player.user_id] = player
    answer = await client.post(
        "/activity/token",
        json={"code": "c-" + player.user_id, "instance_id": "i-1"},
        headers={"Origin": PROXY, "Sec-Fetch-Site": "same-origin"},
    )
    assert answer.status == 200, await answer.text()
    return {"Authorization": f"Bearer {(await answer.json())['session']}"}


async def test_the_root_is_the_board_page_only_discord_may_frame(
    activity: TestClient, client: TestClient
) -> None:
    page = await activity.get("/?frame_id=f&instance_id=i-1&platform=desktop")
    assert page.status == 200
    html = await page.text()
    boot = re.search(r'id="boot">(.*?)</script>', html, re.S)
    assert boot is not None and f'"client_id":"{CLIENT_ID}"' in boot[1]
    assert 'src="static/' in html and "../static" not in html  # relative to the root
    policy = page.headers["Content-Security-Policy"]
    ancestors = policy.split("frame-ancestors ")[1].split(";")[0].split()
    assert ancestors == [
        "https://discord.com", "https://*.discord.com", "https://discordapp.com",
        "https://*.discordapp.com", PROXY,
    ]  # fmt: skip
    board_policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert policy.split("frame-ancestors")[0] == board_policy.split("frame-ancestors")[0]
    assert page.headers["Cross-Origin-Resource-Policy"] == "cross-origin"
    # Every other page still refuses all framing, and without an Activity there is no root.
    board = await activity.get("/m/1")
    assert "frame-ancestors 'none'" in board.headers["Content-Security-Policy"]
    assert (await client.get("/")).status == 404
    assert (await client.post("/activity/token", json={})).status in (403, 404, 405)


@pytest.mark.parametrize(
    "body",
    [
        {"code": "c", "instance_id": "i-1", "more": 1},
        {"code": 5, "instance_id": "i-1"},
        {"code": "", "instance_id": "i-1"},
        {"code": "x" * 201, "instance_id": "i-1"},
        {"instance_id": "i-1"},
    ],
)
async def test_a_code_is_read_strictly(activity: TestClient, body: dict[str, object]) -> None:
    answer = await activity.post("/activity/token", json=body, headers={"Origin": PROXY})
    assert answer.status == 400
    assert (await answer.json())["error"] == say("web.http.bad_request")


async def test_discord_s_word_or_no_session(
    service: Service, activity: TestClient, discord: Confirmer
) -> None:
    match = await start(service)
    refused = await activity.post(
        "/activity/token", json={"code": "made-up", "instance_id": "i-1"}, headers={"Origin": PROXY}
    )
    assert refused.status == 403
    assert await refused.json() == {"error": say("web.activity.not_confirmed")}
    alice = await session(activity, discord, Player(ALICE.id, "Alice", "c1", GUILD))
    here = await (await activity.get("/activity/here", headers=alice)).json()
    assert here["open"] == match
    state = await (await activity.get(f"/m/{match}/state", headers=alice)).json()
    assert state["seat"] == 0
    # The proxy's origin may send moves; another site may not.
    moved = await activity.post(
        f"/m/{match}/move", json={"move": "c2-c3"}, headers={**alice, "Origin": PROXY}
    )
    assert (await moved.json())["ok"]
    other = await activity.post(
        f"/m/{match}/move", json={"move": "c7-c6"},
        headers={**alice, "Origin": "https://7.discordsays.com"},
    )  # fmt: skip
    assert other.status == 403


async def test_a_session_s_limits_are_its_discord_user_s(
    service: Service, activity: TestClient, discord: Confirmer
) -> None:
    """Everyone comes from the proxy's one address: Alice's reads use up her allowance, not
    Bob's, though together they read more than one address may."""
    match = await start(service)
    alice = await session(activity, discord, Player(ALICE.id, "Alice", "c1", GUILD))
    bob = await session(activity, discord, Player(BOB.id, "Bob", "c1", GUILD))
    statuses = [(await activity.get(f"/m/{match}/state", headers=alice)).status for _ in range(7)]
    assert statuses == [200] * 6 + [429]
    for _ in range(6):
        assert (await activity.get(f"/m/{match}/state", headers=bob)).status == 200
    # Without a session the address's own allowance is left for anyone else there.
    assert (await activity.get(f"/m/{match}/state")).status == 403  # private, but not limited


@pytest.mark.parametrize(
    "credential",
    [
        "[" * 5000,
        base64.urlsafe_b64encode(b"[" * 3000).decode() + "." + "A" * 43,
        base64.urlsafe_b64encode(b'["activity"]').decode() + ".x",
        "é" * 40 + "." + "A" * 43,
    ],
)
async def test_any_credential_is_just_refused(
    service: Service, activity: TestClient, credential: str
) -> None:
    match = await start(service)
    for path in (f"/m/{match}/state", "/activity/here"):
        answer = await activity.get(path, headers={"Authorization": f"Bearer {credential}"})
        assert answer.status in (400, 403), (path, answer.status)


async def test_lines_and_conditional_moves_return_in_the_activity(
    service: Service, activity: TestClient, discord: Confirmer
) -> None:
    """The analysis board is the player's on every frame: lines made on the board's link come
    back inside Discord, a step added there is the link's too, and conditional moves kept in
    the Activity are drawn on its live board (its page's ``premoves``), to its player only."""
    match = await start(service)
    link = (await service.web_link(BOB, match_id=match)).links[0].url.partition("#t=")[2]
    made = await service.analysis.change(BOB, link, match_id=match, op="move", ply=0, move="c1-b1")
    assert made.ok, made.text
    at = made.extra["analysis"]["at"]  # type: ignore[index]
    bob = await session(activity, discord, Player(BOB.id, "Bob", "c1", GUILD))
    post = {**bob, "Origin": PROXY, "Sec-Fetch-Site": "same-origin"}
    opened = await activity.get(f"/m/{match}/analysis?node={at}", headers=bob)
    assert opened.status == 200, await opened.text()
    board = await opened.json()
    assert [n.get("n") for n in board["tree"]] == [None, "c1-b1"]
    body = {"op": "move", "node": at, "move": "a6-a5"}
    answer = await activity.post(f"/m/{match}/analysis", headers=post, json=body)
    assert answer.status == 200, await answer.text()
    answered = (await answer.json())["at"]
    back = await service.analysis.open(BOB, link, match_id=match, node=answered)
    assert back.ok and back.extra["analysis"]["path"][-1] == answered  # type: ignore[index]
    # Kept as conditional moves from the Activity, drawn on the Activity's live board.
    keep = {"op": "keep", "node": answered}
    kept = await activity.post(f"/m/{match}/analysis", headers=post, json=keep)
    assert kept.status == 200 and (await kept.json())["ok"], await kept.text()
    page = await (await activity.get(f"/m/{match}/state", headers=bob)).json()
    assert [(p["if"], p["then"]) for p in page["premoves"]] == [("c1-b1", "a6-a5")]
    assert page["premoves"][0]["theirs"] and page["premoves"][0]["mine"]
    alice = await session(activity, discord, Player(ALICE.id, "Alice", "c1", GUILD))
    theirs = await (await activity.get(f"/m/{match}/state", headers=alice)).json()
    assert theirs["premoves"] == []
