"""The board as a Discord Activity in a real headless Chromium (issue 35, part 2.5).

Discord's side is played by the fake Discord (its REST: the OAuth2 token endpoint,
``/users/@me``, the Activity instances) and by :class:`tests.fakediscord.frames.DiscordFrames`:
the client's page on ``https://discord.com`` framing the board, which Discord's proxy serves
on ``https://<app>.discordsays.com`` (under ``/.proxy/`` or at its root) from the bot's web
board. The board's page runs Discord's real Embedded App SDK against that parent: the
handshake, ``authorize``, the code traded by the web server, ``authenticate``.

Asserted, as people would see it: two players in their own browsers open the Activity in
their match's thread, one moves by clicking and the other's frame follows; the player's
other match in the server is listed and opens; someone else in a FENCE! match's thread
watches it without any hand; a forged, an expired or no code from Discord gets a plain
refusal and no board; and the client secret reaches no page, no download and no log line.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
import types
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import games
from bot.words import words
from tests.browser import LAUNCH_ARGS, chromium_path, launch_env
from tests.fakediscord import FakeDiscord, shown_text
from tests.fakediscord.frames import DiscordFrames

from .test_activity import accepted_match, activity_bot, board_post, discord_with_activities
from .test_bot_ordo import command, press
from .test_web_board import CARD, WAIT_MS, fence_in_turn, secret_cards, thread_posts

__all__ = ["chromium_path", "discord_with_activities"]

pytestmark = pytest.mark.e2e
say = words()
SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "activity-phone.png"
REMAKE_PICTURES = "BOARDBOT_REMAKE_PICTURES"
"""Set (to anything) to have the test save docs/images/activity-phone.png: otherwise a test
run never writes into the checkout."""
PHONE = {"width": 390, "height": 844}


@asynccontextmanager
async def discord_client(
    server: FakeDiscord, board: str, chromium: Path
) -> AsyncIterator[tuple[DiscordFrames, Any]]:
    """Discord's client page and proxy, and a Chromium that reaches them by name."""
    from playwright.async_api import async_playwright

    async with DiscordFrames(server, board) as frames, async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(chromium),
            args=[*LAUNCH_ARGS, *frames.chromium_args()],
            env=launch_env(),
        )
        try:
            yield frames, browser
        finally:
            await browser.close()


class Opened:
    """One person's Discord client with the Activity open: the client's page, the board's
    frame inside it, and every answer the frame downloaded.

    The page's answers are caught from before it starts loading and read once the test asks
    (:meth:`downloaded`): caught only after the frame appeared, a loaded machine had the
    frame's first answers come and go before anyone listened (no downloads seen at all)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frame: Any = None
        self._answers: list[tuple[Any, asyncio.Task[str | None]]] = []
        page.on("response", self._keep)

    def _keep(self, response: Any) -> None:
        self._answers.append((response.frame, asyncio.ensure_future(self._text(response))))

    @staticmethod
    async def _text(response: Any) -> str | None:
        try:
            return str(await response.text())
        except Exception:  # an event stream still open has no body yet
            return None

    async def downloaded(self) -> list[str]:
        """The bodies of every answer the board's frame has had so far: those still being
        read get a moment to finish, but a live event stream's body never ends, so it is
        left out rather than waited for."""
        tasks = [task for frame, task in self._answers if frame == self.frame]
        if tasks:
            await asyncio.wait(tasks, timeout=WAIT_MS / 1000)
        texts = [task.result() for task in tasks if task.done() and not task.cancelled()]
        return [text for text in texts if text is not None]


async def open_activity(
    browser: Any, url: str, *, ready: bool = True, fake_clock: bool = False
) -> Opened:
    """A browser context of its own (its own storage: another person) opening ``url``; with
    ``fake_clock`` its timers run only when the test moves its clock on."""
    context = await browser.new_context(viewport=PHONE, ignore_https_errors=True)
    if fake_clock:
        await context.clock.install()
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    opened = Opened(page)
    await page.goto(url)
    opened.frame = await (await page.wait_for_selector("#activity")).content_frame()
    if ready:
        try:
            await opened.frame.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)
        except Exception as error:
            raise AssertionError(f"the Activity never got ready: {errors}") from error
    assert not [e for e in errors if "Content Security Policy" in e], errors
    return opened


async def navigated(opened: Opened, script: str = "", *, select: str = "") -> None:
    """The frame loads again (by ``script``, or by choosing ``select`` in the match list)
    and is ready once more."""
    async with opened.frame.expect_navigation():
        if select:
            await opened.frame.select_option("#match-list", select)
        else:
            await opened.frame.evaluate(script)
    await opened.frame.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)


async def discord_side(opened: Opened) -> dict[str, Any]:
    return dict(await opened.page.evaluate("() => window.discordSide"))


async def test_two_players_in_their_own_discord_play_by_clicks(
    discord_with_activities: FakeDiscord,
    database: str,
    chromium_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = discord_with_activities
    caplog.set_level(logging.DEBUG)
    async with activity_bot(server, database) as (bot, board):
        thread_id = await accepted_match(server)
        # Alice presses "Play on the board" under the match's board: Discord opens the
        # Activity in the thread for her (her client then frames it).
        pressed = server.component("bb:web_link:1::", user="alice",
                                   message=board_post(server, thread_id))  # fmt: skip
        callback = await server.interact(pressed)
        assert callback is not None and callback.json["type"] == 12
        async with discord_client(server, board, chromium_path) as (frames, browser):
            alice = await open_activity(browser, frames.parent_url("alice", thread_id))
            # Bob joins from the App Launcher; his client shows the proxy's root, no prefix.
            bob = await open_activity(browser, frames.parent_url("bob", thread_id, prefix="/"))
            assert alice.frame.url.startswith(f"{frames.origin}/.proxy/?")
            assert bob.frame.url.startswith(f"{frames.origin}/?")
            for query in ("frame_id=", "instance_id=", "platform=desktop", "guild_id=",
                          f"channel_id={thread_id}"):  # fmt: skip
                assert query in alice.frame.url
            assert await alice.frame.get_attribute("body", "data-mine") == "1"
            assert await bob.frame.get_attribute("body", "data-mine") == "0"
            assert await bob.frame.is_hidden("#matches")  # one match here: nothing to choose
            for who, person in (("alice", alice), ("bob", bob)):
                side = await discord_side(person)
                assert len(side["handshakes"]) == 1 and side["authorized"] == 1
                assert side["authenticated"] == [str(server.user(who).id)]
            # Alice moves by clicks; Bob's frame follows by itself, and it is his turn.
            posted = server.mark()
            await alice.frame.click("#board [data-id='c2']")
            await alice.frame.click("#board [data-id='c3']")
            assert await alice.frame.inner_text("#prompt") == say("web.play_question", move="c2-c3")
            await alice.frame.click("#play")
            post = await server.wait_for_call("POST", rf"/channels/{thread_id}/messages",
                                              start=posted, timeout=WAIT_MS / 1000)  # fmt: skip
            assert f"<@{server.user('bob').id}>" in shown_text(post.json)
            await bob.frame.wait_for_selector("body[data-ply='1']", timeout=WAIT_MS)
            assert await bob.frame.get_attribute("body", "data-mine") == "1"
            assert [a.notation for a in await bot.service.store.actions(1)] == ["c2-c3"]
            # Alice's other match in this server is listed; choosing it opens it, on the
            # same session (one authorize), after a new handshake.
            await command(server, "play", {"opponent": "carol", "color": "first"},
                          user="alice", subcommand="ordo")  # fmt: skip
            carol_thread = int(
                server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
            )
            challenge = int(thread_posts(server, carol_thread)[-1].response["id"])
            await press(server, "bb:accept:2::", user="carol", message=challenge)
            await navigated(alice, "() => { setTimeout(() => location.reload(), 0); }")
            options = await alice.frame.eval_on_selector_all(
                "#match-list option", "(all) => all.map((o) => [o.value, o.textContent])"
            )
            assert [value for value, _ in options] == ["2", "1"]  # her turn first
            assert options[0][1] == say("web.activity.entry_turn", game="Ordo", match=2,
                                        players="Alice and Carol")  # fmt: skip
            assert await alice.frame.input_value("#match-list") == "1"
            await navigated(alice, select="2")
            assert await alice.frame.title() == "Ordo #2"
            assert await alice.frame.get_attribute("body", "data-mine") == "1"
            assert await alice.frame.input_value("#match-list") == "2"
            side = await discord_side(alice)
            assert len(side["handshakes"]) == 3 and side["authorized"] == 1
            await alice.frame.click("#board [data-id='d2']")
            await alice.frame.click("#board [data-id='d3']")
            picture = await alice.page.screenshot()  # the docs' picture, on request
            assert picture.startswith(b"\x89PNG")
            if os.environ.get(REMAKE_PICTURES):
                SCREENSHOT.write_bytes(picture)
            # The client secret is in no page and nothing the frames downloaded.
            secret = server.activities.client_secret
            for person in (alice, bob):
                assert secret not in await person.frame.content()
                downloads = await person.downloaded()
                assert downloads and not any(secret in d for d in downloads)
            assert all(status < 400 for _, _, status in frames.proxied)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "POST /activity/token 200" in logged and secret not in logged


async def test_an_open_activity_renews_its_session_before_it_ends(
    discord_with_activities: FakeDiscord, tmp_path: Path, chromium_path: Path
) -> None:
    """A session lasts an hour; a player who keeps the Activity open longer is asked nothing
    again: the page gets a fresh session from Discord (no prompt) well before the old one
    ends, and moves on with it after the old one has ended. The page's clock and the
    server's sessions' clock are moved on together."""
    server = discord_with_activities
    async with activity_bot(server, str(tmp_path / "bot.sqlite3")) as (bot, board):
        sessions = bot.service.activity.sessions
        assert sessions is not None
        ahead = [0.0]
        sessions.clock = lambda: time.time() + ahead[0]
        thread_id = await accepted_match(server)
        async with discord_client(server, board, chromium_path) as (frames, browser):
            url = frames.parent_url("alice", thread_id)
            alice = await open_activity(browser, url, fake_clock=True)
            bearers: list[str] = []

            def heard(request: Any) -> None:
                found = (request.headers.get("authorization") or "").removeprefix("Bearer ")
                if request.frame == alice.frame and found:
                    bearers.append(found)

            alice.page.on("request", heard)
            assert (await discord_side(alice))["authorized"] == 1
            await alice.page.clock.fast_forward("30:00")  # before 80 % of its hour: no renewal
            assert (await discord_side(alice))["authorized"] == 1
            ahead[0] = 50 * 60.0  # the server's clock first: it signs the renewed session
            await alice.page.clock.fast_forward("20:00")
            await alice.page.wait_for_function("() => window.discordSide.authorized === 2")
            side = await discord_side(alice)
            assert len(side["handshakes"]) == 1, "the same page, not a reload"
            first = bearers[0]
            # The page keeps the new session and sends with it from then on (both at once).
            await alice.frame.wait_for_function(
                "(first) => Object.values(sessionStorage).some((kept) =>"
                " JSON.parse(kept)?.token && JSON.parse(kept).token !== first)",
                arg=first,
                timeout=WAIT_MS,
            )
            ahead[0] = 65 * 60.0  # the first session has ended
            refused = await alice.frame.evaluate(
                "async (bearer) => (await fetch('/.proxy/m/1/state', "
                "{headers: {Authorization: `Bearer ${bearer}`}})).status",
                first,
            )
            assert refused == 403
            await alice.frame.click("#board [data-id='c2']")
            await alice.frame.click("#board [data-id='c3']")
            await alice.frame.click("#play")
            await alice.frame.wait_for_selector("body[data-ply='1']", timeout=WAIT_MS)
            assert [a.notation for a in await bot.service.store.actions(1)] == ["c2-c3"]


@pytest.mark.parametrize("code", ["forged", "expired", "declined"])
async def test_a_forged_expired_or_missing_code_gets_no_board(
    discord_with_activities: FakeDiscord, tmp_path: Path, chromium_path: Path, code: str
) -> None:
    server = discord_with_activities
    async with activity_bot(server, str(tmp_path / "bot.sqlite3")) as (_, board):
        thread_id = await accepted_match(server)
        async with discord_client(server, board, chromium_path) as (frames, browser):
            url = frames.parent_url("alice", thread_id, code=code)
            alice = await open_activity(browser, url, ready=False)
            await alice.frame.wait_for_selector("body[data-refused='1']", timeout=WAIT_MS)
            assert await alice.frame.inner_text("#refused") == say("web.activity.not_confirmed")
            assert await alice.frame.locator("#board").count() == 0
            assert (await discord_side(alice))["authenticated"] == []
            # The Activity's address opened outside Discord says where it opens.
            if code == "declined":
                context = await browser.new_context(ignore_https_errors=True)
                page = await context.new_page()
                await page.goto(f"{frames.origin}/.proxy/")
                await page.wait_for_selector("body[data-refused='1']", timeout=WAIT_MS)
                assert await page.inner_text("#refused") == say("web.activity.outside")


async def test_someone_else_in_the_thread_watches_fence_without_a_hand(
    discord_with_activities: FakeDiscord,
    database: str,
    chromium_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = discord_with_activities
    # a fixed seed: the same city and cards on every run
    fixed = types.SimpleNamespace(randbits=lambda n: 4242)
    monkeypatch.setattr("bot.service.facade.secrets", fixed)
    async with activity_bot(server, database) as (bot, board):
        thread_id = await fence_in_turn(server, bot)
        rules = games.get("fence")
        record = await bot.service.store.get_match(1)
        assert record is not None
        secrets = secret_cards(rules, rules.load(record.state))
        assert secrets, "the test needs cards only their holders know"
        async with discord_client(server, board, chromium_path) as (frames, browser):
            carol = await open_activity(browser, frames.parent_url("carol", thread_id))
            alice = await open_activity(browser, frames.parent_url("alice", thread_id))
            assert await alice.frame.is_visible("#hand")
            assert not await carol.frame.is_visible("#hand")
            assert await carol.frame.get_attribute("body", "data-mine") == "0"
            assert await carol.frame.inner_text("#status") != ""
            shown = await carol.frame.evaluate(
                "() => document.documentElement.innerText + ' ' + [...document.querySelectorAll"
                "('*')].flatMap((e) => [...e.attributes].map((a) => a.value)).join(' ')"
            )
            assert not (set(CARD.findall(shown)) & secrets)
            downloads = await carol.downloaded()
            assert downloads
            for body in downloads:
                assert not {card for card in secrets if f'"{card}"' in body}
                assert '"hand":[' not in body and '"starting_cards":[' not in body
            # The thread's watcher moves nothing: her session is for looking only.
            assert re.search(r"\S", await carol.frame.inner_text("#board-wrap"))
