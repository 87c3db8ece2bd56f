"""The board as a Discord Activity against the fake Discord, over real HTTP (issue 35, part 2):
the Entry Point command survives every command sync, "Play on the board" launches the
Activity where the app has one and hands out the web link where it has not, and the web
server trades Discord's code for a session only when Discord confirms the player and the
instance — the client secret and Discord's token never in a page or a log line.

The browser side (Discord's client around the page, two players, a watcher) is in
``test_activity_browser.py``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest
from aiohttp import ClientSession

from bot.__main__ import companions
from bot.discord.activity import ENTRY_POINT
from bot.discord.app import BoardBot, create_bot
from bot.settings import Settings
from bot.words import words
from tests.fakediscord import FakeDiscord, eventually, interactive, running_client, serving
from tests.fakediscord.activities import CB_LAUNCH_ACTIVITY, EMBEDDED, ENTRY_POINT_KEPT

from .test_bot_ordo import EPHEMERAL, custom_ids, flags_of, start_match
from .test_web_board import SECRET, free_port, link_buttons, thread_posts

pytestmark = pytest.mark.e2e
say = words()


@pytest.fixture
async def discord_with_activities() -> AsyncIterator[FakeDiscord]:
    async with serving(activities=True) as server:
        yield server


def activity_settings(server: FakeDiscord, database: str, port: int, **more: Any) -> Settings:
    """The bot with its web board on ``port`` and the board set up as the fake app's
    Activity (its id, its client secret)."""
    return Settings(
        **{
            "discord_token": server.token,
            "database_path": database,
            "dev_guild_id": server.guild_id,
            "workers": 0,
            "web_base_url": f"http://127.0.0.1:{port}",
            "web_secret": SECRET,
            "web_port": port,
            "web_host": "127.0.0.1",
            "discord_client_id": str(server.app_id),
            "discord_client_secret": server.activities.client_secret,
            **more,
        }
    )


@asynccontextmanager
async def activity_bot(
    server: FakeDiscord, database: str, **more: Any
) -> AsyncIterator[tuple[BoardBot, str]]:
    """The bot as ``python -m bot`` runs it; the web board's address."""
    port = free_port()
    settings = activity_settings(server, database, port, **more)
    bot = create_bot(settings, companions=companions(settings))
    async with running_client(bot, server):
        yield bot, f"http://127.0.0.1:{port}"


async def accepted_match(server: FakeDiscord) -> int:
    """Alice against Bob, accepted; the match's thread."""
    thread_id, challenge = await start_match(server)
    payload = server.component("bb:accept:1::", user="bob", message=challenge)
    await server.interact(payload)
    await eventually(lambda: any("bb:web_link:1::" in custom_ids(c.json or {})
                                 for c in thread_posts(server, thread_id)))  # fmt: skip
    return thread_id


def board_post(server: FakeDiscord, thread_id: int) -> int:
    post = next(
        c for c in reversed(thread_posts(server, thread_id))
        if "bb:web_link:1::" in custom_ids(c.json or {})
    )  # fmt: skip
    return int(post.response["id"])


# -- 4: the Entry Point command is kept in every sync ----------------------------------------
async def test_a_global_sync_keeps_the_entry_point_command(
    discord_with_activities: FakeDiscord, tmp_path: Any
) -> None:
    server = discord_with_activities
    (entry,) = [c for c in server.commands[None] if c["type"] == ENTRY_POINT]
    # What discord.py's own sync sends is refused, as by Discord.
    settings = Settings(discord_token=server.token, database_path=str(tmp_path / "a.sqlite3"),
                        workers=0)  # fmt: skip
    bot = create_bot(settings, sync_commands=False)
    async with running_client(bot, server):
        with pytest.raises(discord.HTTPException) as refused:
            await discord.app_commands.CommandTree.sync(bot.tree)
        assert (refused.value.status, refused.value.code) == (400, 50240)
        assert refused.value.text == ENTRY_POINT_KEPT
        synced = await bot.sync_commands()  # the bot's own sync, globally (no DEV_GUILD_ID)
    names = {c.name for c in synced}
    assert {"play", "move", "board"} <= names and "launch" not in names
    (kept,) = [c for c in server.commands[None] if c["type"] == ENTRY_POINT]
    assert (kept["id"], kept["name"], kept["handler"]) == (entry["id"], "launch", 2)
    assert {c["name"] for c in server.commands[None]} == names | {"launch"}
    # Twice in a row, as at every restart.
    async with running_client(create_bot(settings), server):
        pass
    assert [c["id"] for c in server.commands[None] if c["type"] == ENTRY_POINT] == [entry["id"]]
    # Without Activities there is nothing to keep, and the sync is discord.py's own.
    async with serving() as plain:
        async with running_client(create_bot(settings), plain):
            pass
        assert plain.commands[None] and all(c["type"] != ENTRY_POINT for c in plain.commands[None])


async def test_an_entry_point_the_app_handles_launches_the_activity(
    discord_with_activities: FakeDiscord, tmp_path: Any
) -> None:
    """With the Entry Point command's handler set to the app (APP_HANDLER), Discord sends
    the bot the interaction; the bot answers it by launching the Activity."""
    server = discord_with_activities
    (entry,) = [c for c in server.commands[None] if c["type"] == ENTRY_POINT]
    entry["handler"] = 1
    async with activity_bot(server, str(tmp_path / "bot.sqlite3")):
        payload = server.slash("launch", user="dave")
        payload["data"]["type"] = ENTRY_POINT
        callback = await server.interact(payload)
        assert callback is not None and callback.json["type"] == CB_LAUNCH_ACTIVITY
    assert server.activities.instances[server.channel_id].users == [server.user("dave").id]
    assert not server.internal_errors


# -- 2: Play on the board ---------------------------------------------------------------------
async def test_play_on_the_board_launches_the_activity_or_hands_out_the_link(
    discord_with_activities: FakeDiscord, database: str
) -> None:
    server = discord_with_activities
    async with activity_bot(server, database) as (bot, _):
        thread_id = await accepted_match(server)
        post = board_post(server, thread_id)
        labels = [item["label"] for item in interactive(server.message(post)["components"])]
        assert say("web.play_on_board") in labels
        payload = server.component("bb:web_link:1::", user="alice", message=post)
        callback = await server.interact(payload)
        assert callback is not None and callback.json["type"] == CB_LAUNCH_ACTIVITY
        instance = server.activities.instances[thread_id]
        assert instance.users == [server.user("alice").id]
        # The Activity about to open there opens on this match.
        prefs = await bot.service.store.user_settings(str(server.user("alice").id))
        assert prefs["activity_aim"]["match"] == 1
        assert prefs["activity_aim"]["channel"] == str(thread_id)
        # Discord refusing the launch here: the presser gets their link instead.
        server.fail_next("POST", r"/interactions/.*/callback", status=400, code=50035)
        start = server.mark()
        payload = server.component("bb:web_link:1::", user="bob", message=post)
        await server.interact(payload, wait=False)
        answer = await server.wait_for_call(
            "POST", rf"/webhooks/{server.app_id}/.*", start=start,
            where=lambda c: bool(link_buttons(c.json or {})),
        )  # fmt: skip
        assert flags_of(answer) & EPHEMERAL
        assert "/m/1#t=" in link_buttons(answer.json)[0]["url"]
        # An app without Activities: the link, as ever.
        server.app_flags &= ~EMBEDDED
        bot._connection.application_flags = discord.ApplicationFlags._from_value(server.app_flags)
        start = server.mark()
        payload = server.component("bb:web_link:1::", user="alice", message=post)
        callback = await server.interact(payload)
        assert callback is not None and callback.json["type"] == 5
        answer = await server.wait_for_call(
            "POST", rf"/webhooks/{server.app_id}/.*", start=start,
            where=lambda c: bool(link_buttons(c.json or {})),
        )  # fmt: skip
        assert "/m/1#t=" in link_buttons(answer.json)[0]["url"]


# -- 1 and 5: Discord's code for a session, checked with Discord --------------------------------
async def test_the_code_is_traded_for_a_session_only_with_discord_s_word(
    discord_with_activities: FakeDiscord, database: str, caplog: pytest.LogCaptureFixture
) -> None:
    server = discord_with_activities
    caplog.set_level(logging.DEBUG)
    async with activity_bot(server, database, log_level="DEBUG") as (bot, base):
        bot.settings.configure_logging()
        thread_id = await accepted_match(server)
        instance = server.activities.launch("alice", thread_id)
        elsewhere = server.activities.launch("carol", server.lobby_id)
        headers = {"Origin": f"https://{server.app_id}.discordsays.com"}
        async with ClientSession() as http:

            async def trade(code: str | None, instance_id: str) -> tuple[int, Any]:
                body = {"instance_id": instance_id} | ({"code": code} if code else {})
                answer = await http.post(f"{base}/activity/token", json=body, headers=headers)
                return answer.status, await answer.json()

            shell = await http.get(f"{base}/?frame_id=f&instance_id={instance.instance_id}")
            page = await shell.text()
            policy = shell.headers["Content-Security-Policy"]
            assert "frame-ancestors https://discord.com" in policy
            assert f"https://{server.app_id}.discordsays.com" in policy
            assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
            not_confirmed = say("web.activity.not_confirmed")
            # Forged, expired and missing codes; a code for someone not in the instance.
            assert await trade("forged-code", instance.instance_id) == (
                403, {"error": not_confirmed}
            )  # fmt: skip
            old = server.activities.authorize("alice", age=601)
            assert await trade(old, instance.instance_id) == (403, {"error": not_confirmed})
            assert (await trade(None, instance.instance_id))[0] == 400
            carol = server.activities.authorize("carol")
            assert await trade(carol, instance.instance_id) == (403, {"error": not_confirmed})
            unknown = server.activities.authorize("alice")
            assert await trade(unknown, "i-1-gc-2") == (403, {"error": not_confirmed})
            # Alice's code, in her instance: a session, and Discord's token for the SDK.
            status, signed = await trade(server.activities.authorize("alice"), instance.instance_id)
            assert status == 200 and set(signed) == {"session", "expires_in", "access_token"}
            assert signed["expires_in"] == 3600
            bearer = {"Authorization": f"Bearer {signed['session']}"}
            here = await (await http.get(f"{base}/activity/here", headers=bearer)).json()
            assert here["open"] == 1 and [m["match"] for m in here["matches"]] == [1]
            state = await (await http.get(f"{base}/m/1/state", headers=bearer)).json()
            assert state["seat"] == 0 and state["moves"]
            moved = await http.post(
                f"{base}/m/1/move", json={"move": "c2-c3", "version": state["version"]},
                headers={**bearer, **headers},
            )  # fmt: skip
            assert (await moved.json())["ok"]
            await eventually(lambda: len(thread_posts(server, thread_id)) >= 3)
            # No session, no list.
            assert (await http.get(f"{base}/activity/here")).status == 403
            # Carol in another channel's Activity: nothing of Alice's match.
            status, theirs = await trade(server.activities.authorize("carol"),
                                         elsewhere.instance_id)  # fmt: skip
            assert status == 200
            carol_bearer = {"Authorization": f"Bearer {theirs['session']}"}
            refused = await http.get(f"{base}/m/1/state", headers=carol_bearer)
            assert refused.status == 403
            assert (await refused.json())["error"] == say("web.activity.not_here")
            # Another site's page may not trade a code.
            cross = await http.post(
                f"{base}/activity/token",
                json={"code": server.activities.authorize("alice"),
                      "instance_id": instance.instance_id},
                headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
            )  # fmt: skip
            assert cross.status == 403
        secret = server.activities.client_secret
        assert secret not in page
        # The secret went to Discord's token endpoint only, as HTTP Basic auth: in no
        # address and no body; Discord's token and the session were logged nowhere.
        exchanges = server.calls("POST", r"/oauth2/token")
        assert exchanges and all(secret not in repr(c) for c in server.requests)
        logged = "\n".join(record.getMessage() for record in caplog.records)
        assert "GET /m/1/state 200" in logged  # the access log was on
        for private in (secret, signed["access_token"], signed["session"]):
            assert private not in logged


async def test_a_web_process_of_its_own_serves_the_activity(
    discord_with_activities: FakeDiscord, tmp_path: Any
) -> None:
    """``python -m bot.web`` beside the bot (REST only) confirms players with Discord too; its
    whole DEBUG log holds neither the client secret nor Discord's token nor the session."""
    from .test_web_deployments import environment, process, serving_on, web_settings

    server = discord_with_activities
    database = str(tmp_path / "bot.sqlite3")
    port = free_port()
    settings = activity_settings(server, database, port, web_in_bot=False)
    log = tmp_path / "web.log"
    env = environment(
        **web_settings(port), DATABASE_URL=database, DISCORD_TOKEN=server.token,
        FAKE_API=server.api_base, LOG_LEVEL="DEBUG", DISCORD_CLIENT_ID=str(server.app_id),
        DISCORD_CLIENT_SECRET=server.activities.client_secret,
    )  # fmt: skip
    async with running_client(create_bot(settings), server):
        thread_id = await accepted_match(server)
        instance = server.activities.launch("bob", thread_id)
        with process(["-m", "tests.e2e.webprocess", "web"], env, log):
            await serving_on(port, log)
            base = f"http://127.0.0.1:{port}"
            async with ClientSession() as http:
                answer = await http.post(
                    f"{base}/activity/token",
                    json={"code": server.activities.authorize("bob"),
                          "instance_id": instance.instance_id},
                    headers={"Origin": f"https://{server.app_id}.discordsays.com"},
                )  # fmt: skip
                signed = await answer.json()
                assert answer.status == 200, signed
                bearer = {"Authorization": f"Bearer {signed['session']}"}
                state = await (await http.get(f"{base}/m/1/state", headers=bearer)).json()
                assert state["seat"] == 1
    text = log.read_text()
    assert "POST /activity/token 200" in text, "the log ran at DEBUG"
    secret = server.activities.client_secret
    for private in (secret, signed["access_token"], *signed["session"].split(".")):
        assert private not in text
