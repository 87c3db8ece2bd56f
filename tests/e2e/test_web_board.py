"""The web board end to end: the real bot on the fake Discord serving its board pages, and a
real headless Chromium (``tests/browser.py``) clicking on them.

What is asserted is what people would see: the link Discord shows a player (privately), the
thread post and ping after a click, a spectator's page changing by itself, the replay, the
plain page for a bad link — and, in FENCE!, that no other player's card reaches a
spectator's page, neither in what it shows nor in anything it downloaded.
"""

from __future__ import annotations

import json
import re
import time
import types
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from aiohttp import ClientSession

import games
from bot.__main__ import companions
from bot.discord.app import BoardBot, create_bot
from bot.service import User
from bot.service.match.links import LINK_DAYS, BoardLinks
from bot.settings import Settings
from bot.words import words
from tests.browser import browser, chromium_path
from tests.fakediscord import (
    FakeDiscord,
    eventually,
    interactive,
    ping_line,
    running_client,
    shown_text,
)
from tests.fakediscord.server import Call
from tests.ports import free_port

from .test_bot_ordo import (
    EPHEMERAL,
    command,
    custom_ids,
    flags_of,
    press,
    started_match,
)

__all__ = ["browser", "chromium_path"]

pytestmark = pytest.mark.e2e
SECRET = "end-to-end-web-board-secret-0123456789"
LINK_BUTTON = 5
WAIT_MS = 10_000
say = words()


def bearer(url: str) -> dict[str, str]:
    """The header a board page sends for the link ``url``."""
    return {"Authorization": f"Bearer {url.partition('#t=')[2]}"}


@asynccontextmanager
async def web_bot(server: FakeDiscord, database: str, **more: Any) -> AsyncIterator[BoardBot]:
    """The bot as ``python -m bot`` runs it with the web board on, on a free local port, on
    ``database`` (the ``database`` fixture: SQLite, then PostgreSQL)."""
    port = free_port()
    settings = Settings(
        **more,
        discord_token=server.token,
        database_path=database,
        dev_guild_id=server.guild_id,
        workers=0,
        web_base_url=f"http://127.0.0.1:{port}",
        web_secret=SECRET,
        web_port=port,
        web_host="127.0.0.1",
    )
    bot = create_bot(settings, companions=companions(settings))
    async with running_client(bot, server):
        yield bot


def thread_posts(server: FakeDiscord, thread_id: int) -> list[Call]:
    return [c for c in server.calls("POST", rf"/channels/{thread_id}/messages") if c.status == 200]


def link_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        item
        for item in interactive(message.get("components", []))
        if item.get("style") == LINK_BUTTON
    ]


async def open_your_board(server: FakeDiscord, thread_id: int, match: int, user: str) -> str:
    """Press "Open your board" under the latest board post; the private answer's link."""
    post = next(
        c for c in reversed(thread_posts(server, thread_id))
        if f"bb:web_link:{match}::" in custom_ids(c.json)
    )  # fmt: skip
    answer = await press(
        server, f"bb:web_link:{match}::", user=user, message=int(post.response["id"])
    )
    assert flags_of(answer) & EPHEMERAL, "a personal link is shown to its owner alone"
    (button,) = link_buttons(answer.json)
    assert button["label"] == say("web.open_yours")
    return str(button["url"])


async def ready(page: Any, url: str) -> None:
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)


async def at_ply(page: Any, ply: int) -> None:
    # Selectors, not script: the page's Content-Security-Policy forbids evaluating strings.
    await page.wait_for_selector(f"body[data-ply='{ply}']", timeout=WAIT_MS)


async def cell_says(page: Any, cell: str) -> str:
    return str(await page.get_attribute(f"#board [data-id='{cell}']", "aria-label"))


async def test_click_to_move_live_spectator_replay_and_bad_links(
    server: FakeDiscord, database: str, browser: Any
) -> None:
    async with web_bot(server, database) as bot:
        thread_id, _ = await started_match(server)
        alice_url = await open_your_board(server, thread_id, 1, "alice")
        # /board in the thread shows the board to all, and the caller's own link to them alone.
        before = server.mark()
        await command(server, "board", {}, user="bob", channel=thread_id)
        bob_link = await server.wait_for_call(
            "POST", rf"/webhooks/{server.app_id}/.*", start=before,
            where=lambda c: bool(link_buttons(c.json or {})),
        )  # fmt: skip
        assert flags_of(bob_link) & EPHEMERAL
        (button,) = link_buttons(bob_link.json)
        assert "/m/1#t=" in button["url"] and button["url"] != alice_url
        manager = User("m", "M", manages_server=True, guild_id=str(server.guild_id))
        opened = {"spectators": "public"}
        assert (await bot.service.server_settings(manager, str(server.guild_id), opened)).ok
        spectator_url = alice_url.split("#")[0]

        alice = await browser.new_page(viewport={"width": 360, "height": 780})
        watcher = await browser.new_page(viewport={"width": 360, "height": 780})
        await ready(alice, alice_url)
        assert "#t=" not in alice.url, "the page takes the password out of its address bar"
        await alice.reload()  # and keeps it for this tab
        await alice.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)
        assert await alice.get_attribute("body", "data-mine") == "1"
        await ready(watcher, spectator_url)
        assert await watcher.get_attribute("body", "data-mine") == "0"
        assert await cell_says(watcher, "c3") == "c3, empty"

        # Alice clicks her piece, its target, then Play: the move goes through the service.
        posted = server.mark()
        await alice.click("#board [data-id='h1']")
        await alice.click("#board [data-id='c2']")  # another piece: the choice moves to it
        assert "picked" in (await alice.get_attribute("#board [data-id='c2']", "class") or "")
        assert "picked" not in (await alice.get_attribute("#board [data-id='h1']", "class") or "")
        assert await alice.get_attribute("#board [data-id='c3']", "data-choose") == "c3"
        await alice.click("#board [data-id='c3']")
        assert await alice.inner_text("#prompt") == say("web.play_question", move="c2-c3")
        await alice.click("#play")
        post = await server.wait_for_call(
            "POST", rf"/channels/{thread_id}/messages", start=posted, timeout=WAIT_MS / 1000
        )
        bob = server.user("bob").id
        assert ping_line(post.json) == f"<@{bob}> " + say(
            "board.your_turn", players="Bob", game="Ordo", match=1
        )
        assert [str(u) for u in post.json["allowed_mentions"]["users"]] == [str(bob)]
        assert [a.notation for a in await bot.service.store.actions(1)] == ["c2-c3"]

        # The spectator's page follows by itself, as does Alice's.
        await at_ply(watcher, 1)
        await at_ply(alice, 1)
        assert (await cell_says(watcher, "c3")).startswith("c3, White")

        # A move made in Discord reaches both pages too.
        _, moved = await command(server, "move", {"move": "c7-c6"}, user="bob", channel=thread_id)
        assert moved.json["content"].startswith("Played ")
        await at_ply(watcher, 2)
        await at_ply(alice, 2)
        assert await alice.get_attribute("body", "data-mine") == "1"

        # The replay steps back and forward through the positions.
        await watcher.click("#replay-prev")
        await at_ply(watcher, 1)
        assert await cell_says(watcher, "c6") == "c6, empty"
        assert await watcher.is_visible("#replay-live")
        await watcher.click("#replay-first")
        await at_ply(watcher, 0)
        assert await cell_says(watcher, "c3") == "c3, empty"
        await watcher.click("#replay-next")
        await at_ply(watcher, 1)
        await watcher.click("#replay-next")
        await at_ply(watcher, 2)
        assert (await cell_says(watcher, "c6")).startswith("c6, Black")
        assert not await watcher.is_visible("#replay-live")

        # Keyboard alone: the first place to choose has the focus stop; Enter picks, the
        # arrows move between places, Enter again, and Enter on Play sends the move.
        await alice.focus("#board .cell[tabindex='0']")
        start = await alice.evaluate("() => document.activeElement.dataset.id")
        assert start == "a3"
        await alice.keyboard.press("Enter")
        await alice.keyboard.press("ArrowUp")
        assert await alice.evaluate("() => document.activeElement.dataset.id") == "a4"
        await alice.keyboard.press("Enter")
        assert await alice.inner_text("#prompt") == say("web.play_question", move="a3-a4")
        await alice.keyboard.press("Enter")
        await at_ply(alice, 3)
        assert [a.notation for a in await bot.service.store.actions(1)][-1] == "a3-a4"
        # Nothing is wider than a 360 px phone.
        assert await alice.evaluate("() => document.documentElement.scrollWidth") <= 360

        # No message everyone can read ever carried a personal link.
        public = [
            c
            for c in server.requests
            if c.matches("POST", rf"/channels/({thread_id}|{server.channel_id})/messages")
            or (c.matches("POST", r"/webhooks/.*") and not flags_of(c) & EPHEMERAL)
        ]
        assert public and not any(link_buttons(c.json) for c in public if c.json)

        # A forged, an altered and an expired link: a plain page saying so, and no board.
        token = alice_url.split("#t=")[1]
        body, signature = token.split(".")
        expired = BoardLinks(
            spectator_url.rsplit("/m/", 1)[0], SECRET, lambda: time.time() - LINK_DAYS * 86400 - 60
        )
        forged = BoardLinks(spectator_url.rsplit("/m/", 1)[0], "x" * 40, time.time)
        for url, reason in (
            (forged.url(1, 0, str(server.user("alice").id)), "web.bad_link"),
            (f"{spectator_url}#t={body}.{signature[:-3]}abc", "web.bad_link"),
            (expired.url(1, 0, str(server.user("alice").id)), "web.expired_link"),
        ):
            page = await browser.new_page()
            await page.goto(url)
            await page.wait_for_selector("body[data-refused='1']", timeout=WAIT_MS)
            assert await page.inner_text("#refused") == say(reason)
            assert await page.locator("#board").count() == 0
            await page.close()


async def test_the_computer_answers_a_move_made_on_the_web(
    server: FakeDiscord, database: str
) -> None:
    fast = {"ai_seconds": "easy=0.05,normal=0.05,strong=0.05", "default_time": "none"}
    async with web_bot(server, database, tick_seconds=3600, **fast) as bot:
        await command(
            server, "play", {"opponent": "bot", "color": "first", "level": "easy"},
            user="alice", subcommand="ordo",
        )  # fmt: skip
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        url = await open_your_board(server, thread_id, 1, "alice")
        before = len(thread_posts(server, thread_id))
        async with ClientSession() as session:
            moved = await session.post(
                url.split("#")[0] + "/move", json={"move": "c2-c3"}, headers=bearer(url)
            )
            assert (await moved.json())["ok"]
        await eventually(lambda: len(thread_posts(server, thread_id)) >= before + 2, timeout=10)
        answer = thread_posts(server, thread_id)[-1]
        assert "Computer (easy) (Black) played" in shown_text(answer.json)
        assert len(await bot.service.store.actions(1)) == 2


CARD = re.compile(r"\b[RB][1-6]\b")


async def in_view(page: Any) -> Any:
    """A place the player may click that the zoomed city shows now, if there is one."""
    frame = await page.locator("#board svg").bounding_box()
    targets = page.locator("#board .cell.target")
    for index in range(await targets.count()):
        box = await targets.nth(index).bounding_box()
        if frame and box:
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            inside_x = frame["x"] < x < frame["x"] + frame["width"]
            if inside_x and frame["y"] < y < frame["y"] + frame["height"]:
                return targets.nth(index)
    return None


def secret_cards(rules: Any, state: Any) -> set[str]:
    """Cards some player holds that appear nowhere in the public view."""
    public = json.dumps(rules.view(state, None))
    held: set[str] = set()
    for seat in range(rules.view(state, None)["players"]):
        own = rules.view(state, seat)
        held |= set(own.get("hand", [])) | set(own.get("starting_cards", []))
    return {card for card in held if f'"{card}"' not in public}


async def fence_in_turn(server: FakeDiscord, bot: BoardBot) -> int:
    """Alice and Bob's FENCE! match #1 on the quick map, its pawns placed by typed moves
    until the game proper begins (a fixed seed gives the same city every run); its thread."""
    _, opened = await command(
        server, "play", {"seats": 2, "quick_map": True}, user="alice", subcommand="fence"
    )
    assert "Lobby #1 is open" in opened.json["content"]
    thread_id = int(
        server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
    )
    lobby_id = int(thread_posts(server, thread_id)[-1].response["id"])
    await press(server, "bb:join:1::", user="bob", message=lobby_id)
    _, started = await command(server, "lobby start", {}, user="alice", channel=thread_id)
    assert started.json["content"] == "Started."
    rules = games.get("fence")
    for _ in range(6):
        record = await bot.service.store.get_match(1)
        assert record is not None
        state = rules.load(record.state)
        if rules.view(state, None)["stage"] == "turn":
            break
        seat = rules.to_move(state)[0]
        who = next(k for k in ("alice", "bob") if str(server.user(k).id) == record.seats[seat])
        notation = rules.legal_notations(state)[0]
        await command(server, "move", {"move": notation}, user=who, channel=thread_id)
    record = await bot.service.store.get_match(1)
    assert record is not None
    assert rules.view(rules.load(record.state), None)["stage"] == "turn"
    return thread_id


async def test_fence_a_whole_turn_by_clicks_and_no_card_reaches_a_spectator(
    server: FakeDiscord, database: str, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a fixed seed: the same city, cards and dice on every run
    fixed = types.SimpleNamespace(randbits=lambda n: 4242)
    monkeypatch.setattr("bot.service.facade.secrets", fixed)
    async with web_bot(server, database) as bot:
        thread_id = await fence_in_turn(server, bot)
        rules = games.get("fence")
        record = await bot.service.store.get_match(1)
        assert record is not None
        state = rules.load(record.state)
        mover_seat = rules.to_move(state)[0]
        mover = next(
            k for k in ("alice", "bob") if str(server.user(k).id) == record.seats[mover_seat]
        )
        other = "bob" if mover == "alice" else "alice"
        manager = User("m", "M", manages_server=True, guild_id=str(server.guild_id))
        await bot.service.server_settings(manager, str(server.guild_id), {"spectators": "public"})

        url = await open_your_board(server, thread_id, 1, mover)
        player = await browser.new_page(viewport={"width": 360, "height": 780})
        watcher = await browser.new_page(viewport={"width": 360, "height": 780})
        downloaded: list[str] = []

        async def keep(response: Any) -> None:
            try:
                downloaded.append(await response.text())
            except Exception:  # an event stream still open has no body yet
                return

        watcher.on("response", keep)
        await ready(player, url)
        await ready(watcher, url.split("#")[0])
        assert await player.is_visible("#hand") and not await watcher.is_visible("#hand")
        await player.click("#zoom-fit")  # the whole city: every place the turn may go in view

        # The whole turn, by clicks only: a place on the city when the step has one in view,
        # else the panel's buttons, and Play to confirm each step.
        posted = server.mark()
        steps = 0
        for _ in range(20):
            if await player.get_attribute("body", "data-mine") != "1":
                break
            if await player.locator("#play").count():
                version = await player.get_attribute("body", "data-version")
                await player.click("#play")
                await player.wait_for_selector(
                    f"body:not([data-version='{version}'])", timeout=WAIT_MS
                )
                steps += 1
                continue
            target = await in_view(player)
            if target is not None:
                await target.click()
            else:
                await player.locator("#options button.option").first.click()
        assert steps >= 1 and await player.get_attribute("body", "data-mine") == "0"
        record = await bot.service.store.get_match(1)
        assert record is not None
        after = rules.load(record.state)
        assert rules.to_move(after) != [mover_seat] or rules.outcome(after) is not None

        def posts_since() -> list[Call]:
            return [
                c
                for c in server.requests[posted:]
                if c.matches("POST", rf"/channels/{thread_id}/messages") and c.status == 200
            ]

        # The page hears of a step as soon as it is committed; its post may follow later.
        await eventually(lambda: len(posts_since()) >= steps, timeout=WAIT_MS / 1000)
        new_posts = posts_since()
        other_id = server.user(other).id
        assert f"<@{other_id}>" in ping_line(new_posts[-1].json)

        # The spectator's page followed; nothing it shows or downloaded holds a secret card.
        version = await player.get_attribute("body", "data-version")
        await watcher.wait_for_selector(f"body[data-version='{version}']", timeout=WAIT_MS)
        secrets = secret_cards(rules, after)
        assert secrets, "the test needs cards only their holders know"
        shown = await watcher.evaluate(
            "() => document.documentElement.innerText + ' ' + [...document.querySelectorAll('*')]"
            ".flatMap((e) => [...e.attributes].map((a) => a.value)).join(' ')"
        )
        assert not (set(CARD.findall(shown)) & secrets)
        assert downloaded
        for body in downloaded:
            assert not {card for card in secrets if f'"{card}"' in body}
            assert '"hand":[' not in body and '"starting_cards":[' not in body
