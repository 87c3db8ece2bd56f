"""Proves the fake Discord against the real discord.py client, using a throwaway bot.

The bot below is deliberately tiny and unrelated to the real one: each command exercises one
path the real bot depends on (ephemeral replies, deferral plus file follow-ups, autocomplete,
persistent buttons, threads, DMs), so a failure here points at the fake, not at bot logic.
"""

from __future__ import annotations

import io
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route
from PIL import Image

from tests.fakediscord import FakeDiscord, eventually, running_client, serving
from tests.fakediscord.payloads import COMPONENT_STRING_SELECT, button_row
from tests.fakediscord.server import FOREIGN_GUILD_ID, NotOffered

PRESS_ID = "smoke:press"
PICK_ID = "smoke:pick"
LATER_ID = "smoke:later"
GAMES = ["ordo", "fendo", "fonver", "fuer", "fence"]


def png_bytes(width: int = 800, height: int = 600) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


class PressView(discord.ui.View):
    """A persistent view: fixed custom ids and no timeout, so it survives restarts."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id=PRESS_ID)
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(f"pressed by {interaction.user.name}")

    @discord.ui.button(label="Later", custom_id=LATER_ID)
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="edited later")
        original = await interaction.original_response()
        await interaction.followup.send(f"original now says {original.content}", ephemeral=True)

    @discord.ui.select(custom_id=PICK_ID, options=[discord.SelectOption(label=g) for g in GAMES])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


class MoveModal(discord.ui.Modal, title="Your move"):
    notation: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Move", custom_id="notation")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"moved {self.notation.value}", ephemeral=True)


async def send_to_thread(thread: discord.Thread, text: str) -> discord.Message:
    """Send, unarchiving once if Discord says the thread is archived (code 50083)."""
    try:
        return await thread.send(text)
    except discord.HTTPException as exc:
        if exc.code != 50083:
            raise
        await thread.edit(archived=False)
        return await thread.send(text)


def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    tree = bot.tree

    @tree.command(description="Say hi privately")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hi", ephemeral=True)

    @tree.command(description="Post a board image")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(
            "your board", file=discord.File(io.BytesIO(png_bytes()), "board.png")
        )

    @tree.command(description="Pick a game")
    async def play(interaction: discord.Interaction, game: str, opponent: discord.Member) -> None:
        await interaction.response.send_message(f"{game} vs {opponent.display_name}")

    @play.autocomplete("game")
    async def play_game(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]

    @tree.command(description="Post the persistent buttons")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("panel", view=PressView())

    @tree.command(description="Open a game thread")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            created = await interaction.channel.create_thread(
                name=name, type=discord.ChannelType.public_thread
            )
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"cannot: {exc.code}", ephemeral=True)
            return
        await created.send(f"welcome to {name}")
        await interaction.response.send_message(created.mention)

    @tree.command(description="Say something in a thread")
    async def say(interaction: discord.Interaction, thread_id: str, text: str) -> None:
        target = interaction.client.get_channel(int(thread_id))
        assert isinstance(target, discord.Thread)
        await send_to_thread(target, text)
        await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="DM someone")
    async def poke(interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send("your move")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"dm failed {exc.code}", ephemeral=True)
            return
        await interaction.response.send_message("poked", ephemeral=True)

    @tree.command(description="Touch the less common REST routes")
    async def tour(interaction: discord.Interaction, who: discord.User) -> None:
        assert isinstance(interaction.channel, discord.TextChannel) and interaction.guild
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = discord.File(io.BytesIO(png_bytes(900, 900)), "v1.png")
        message = await interaction.channel.send("v1", file=board)
        await message.edit(content="v2", attachments=[])
        side = await message.create_thread(name="from-message")
        fetched = await interaction.client.fetch_channel(side.id)
        bob = await interaction.client.fetch_user(who.id)
        member = await interaction.guild.fetch_member(bob.id)
        await interaction.followup.send(f"{fetched.name} {bob.name} {member.display_name}")
        await interaction.delete_original_response()

    @tree.command(description="Enter a move in a form")
    async def move(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(MoveModal())

    group = app_commands.Group(name="game", description="Game admin")
    sub = app_commands.Group(name="admin", description="Admin tools", parent=group)

    @sub.command(name="reset", description="Reset a game")
    async def reset(interaction: discord.Interaction, number: int) -> None:
        await interaction.response.send_message(f"reset {number + 1}")

    tree.add_command(group)

    async def setup_hook() -> None:
        bot.add_view(PressView())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def sync_guild(bot: commands.Bot, server: FakeDiscord) -> list[app_commands.AppCommand]:
    guild = discord.Object(server.guild_id)
    bot.tree.copy_global_to(guild=guild)
    return await bot.tree.sync(guild=guild)


# --------------------------------------------------------------------------- connecting


async def test_bot_connects_and_sees_the_guild(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        assert bot.user is not None and bot.user.id == fake_discord.bot.id
        assert bot.application_id == fake_discord.app_id
        guild = bot.get_guild(fake_discord.guild_id)
        assert guild is not None and guild.name == "Fake Guild"
        channel = guild.get_channel(fake_discord.channel_id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "games"
        # Without the privileged members intent Discord only sends the bot's own member.
        assert guild.me is not None and guild.get_member(fake_discord.user("alice").id) is None
        assert guild.member_count == 6
        assert channel.permissions_for(guild.me).create_public_threads
    identify = [m for m in fake_discord.gateway_received if m["op"] == 2]
    assert len(identify) == 1
    assert identify[0]["d"]["intents"] == discord.Intents.default().value
    assert fake_discord.calls("GET", "/users/@me")
    assert fake_discord.unknown_calls == []
    assert bot.is_closed()


async def test_patches_are_undone_when_the_server_stops() -> None:
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    async with serving() as server:
        assert server.api_base == Route.BASE
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == server.gateway_url
    assert (base, gateway) == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)


async def test_wrong_token_fails_login(fake_discord: FakeDiscord) -> None:
    with pytest.raises(discord.LoginFailure):
        async with running_client(make_bot(), fake_discord, token="wrong-token"):
            pass


async def test_tree_sync_overwrites_guild_commands_and_keeps_ids(
    fake_discord: FakeDiscord,
) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        first = await sync_guild(bot, fake_discord)
        second = await sync_guild(bot, fake_discord)
    path = rf"/applications/{fake_discord.app_id}/guilds/{fake_discord.guild_id}/commands"
    puts = fake_discord.calls("PUT", path)
    assert len(puts) == 2
    assert {c["name"] for c in puts[0].json} == {
        "hello",
        "board",
        "play",
        "panel",
        "thread",
        "say",
        "poke",
        "move",
        "tour",
        "game",
    }
    assert {c.name: c.id for c in first} == {c.name: c.id for c in second}
    stored = fake_discord.find_command("play", fake_discord.guild_id)
    assert stored is not None and stored["guild_id"] == str(fake_discord.guild_id)


# --------------------------------------------------------------------------- interactions


async def test_slash_command_ephemeral_reply_is_recorded(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        payload = fake_discord.slash("hello")
        call = await fake_discord.interact(payload)
    assert call is not None and call.status == 200
    assert call.json["type"] == 4
    assert (call.json["data"]["content"], call.json["data"]["flags"]) == ("hi", 64)
    assert call.query.get("with_response") == "1"
    assert call.response["interaction"]["response_message_ephemeral"] is True
    original = fake_discord.original_response(payload)
    assert original is not None and original["flags"] == 64


async def test_deferred_reply_with_file_followup(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        payload = fake_discord.slash("board", user="bob")
        call = await fake_discord.interact(payload)
        followup = await fake_discord.wait_for_call(
            "POST", rf"/webhooks/{fake_discord.app_id}/{payload['token']}"
        )
    assert call is not None and call.json["type"] == 5
    assert followup.query.get("wait") == "1"
    assert followup.file_names == ["board.png"]
    assert followup.files[0].data == png_bytes()
    assert followup.json["content"] == "your board"
    attachment = followup.response["attachments"][0]
    assert (attachment["filename"], attachment["width"], attachment["height"]) == (
        "board.png",
        800,
        600,
    )
    message = fake_discord.message(int(followup.response["id"]))
    assert message["channel_id"] == str(fake_discord.channel_id)


async def test_autocomplete_returns_matching_choices(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await sync_guild(bot, fake_discord)
        payload = fake_discord.autocomplete("play", {"game": "f"}, focused="game")
        call = await fake_discord.interact(payload)
    assert call is not None and call.json["type"] == 8
    assert [c["value"] for c in call.json["data"]["choices"]] == [
        "fendo",
        "fonver",
        "fuer",
        "fence",
    ]


async def test_user_option_is_resolved_to_a_member(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await sync_guild(bot, fake_discord)
        payload = fake_discord.slash("play", {"game": "ordo", "opponent": "carol"})
        call = await fake_discord.interact(payload)
    assert payload["data"]["guild_id"] == str(fake_discord.guild_id)
    assert call is not None and call.json["data"]["content"] == "ordo vs Carol"


async def test_subcommand_group_with_integer_option(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await sync_guild(bot, fake_discord)
        payload = fake_discord.slash("game", {"number": 41}, subcommand="admin reset")
        call = await fake_discord.interact(payload)
    assert call is not None and call.json["data"]["content"] == "reset 42"


async def test_persistent_button_press_is_answered(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        call = await fake_discord.interact(fake_discord.component(PRESS_ID, user="bob"))
    assert call is not None and call.json["data"]["content"] == "pressed by bob"


async def test_select_updates_the_message_it_sits_on(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        panel = await fake_discord.interact(fake_discord.slash("panel"))
        assert panel is not None
        message_id = int(panel.response["resource"]["message"]["id"])
        select = fake_discord.component(
            PICK_ID, message=message_id, component_type=COMPONENT_STRING_SELECT, values=["fuer"]
        )
        call = await fake_discord.interact(select)
    assert call is not None and call.json["type"] == 7
    assert fake_discord.message(message_id)["content"] == "picked fuer"


async def test_deferred_update_then_edit_and_fetch_of_original(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        panel = await fake_discord.interact(fake_discord.slash("panel"))
        assert panel is not None
        message_id = int(panel.response["resource"]["message"]["id"])
        press = fake_discord.component(LATER_ID, message=message_id)
        call = await fake_discord.interact(press)
        followup = await fake_discord.wait_for_call("POST", rf"/webhooks/\d+/{press['token']}")
    assert call is not None and call.json == {"type": 6}
    edits = fake_discord.calls("PATCH", r"/webhooks/\d+/[^/]+/messages/@original")
    assert [c.json["content"] for c in edits] == ["edited later"]
    assert fake_discord.message(message_id)["content"] == "edited later"
    assert followup.json["content"] == "original now says edited later"


async def test_tour_of_message_thread_user_and_member_routes(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await sync_guild(bot, fake_discord)
        payload = fake_discord.slash("tour", {"who": "bob"})
        await fake_discord.interact(payload)
        followup = await fake_discord.wait_for_call("POST", rf"/webhooks/\d+/{payload['token']}")
        await fake_discord.wait_for_call("DELETE", r"/webhooks/.*/messages/@original")
    assert followup.json["content"] == "from-message bob Bob"
    sent = fake_discord.calls("POST", rf"/channels/{fake_discord.channel_id}/messages")[0]
    assert sent.file_names == ["v1.png"] and sent.json["content"] == "v1"
    message = fake_discord.message(int(sent.response["id"]))
    assert (message["content"], message["attachments"]) == ("v2", [])
    assert fake_discord.channel(int(message["id"]))["name"] == "from-message"  # same id
    assert fake_discord.calls("GET", rf"/guilds/{fake_discord.guild_id}/members/\d+")
    assert fake_discord.original_response(payload) is None  # deleted
    assert fake_discord.unknown_calls == []


async def test_modal_is_shown_then_submitted(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        shown = await fake_discord.interact(fake_discord.slash("move", user="dave"))
        assert shown is not None and shown.json["type"] == 9
        modal = shown.json["data"]
        submit = fake_discord.modal_submit(modal["custom_id"], {"notation": "e2e4"}, user="dave")
        call = await fake_discord.interact(submit)
    assert modal["title"] == "Your move"
    assert call is not None and call.json["data"]["content"] == "moved e2e4"


async def test_restart_keeps_state_and_buttons_still_work(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        panel = await fake_discord.interact(fake_discord.slash("panel"))
    assert panel is not None
    message_id = int(panel.response["resource"]["message"]["id"])
    assert fake_discord.message(message_id)["components"]  # the view was sent with the message

    async with running_client(make_bot(), fake_discord):
        press = fake_discord.component(PRESS_ID, user="carol", message=message_id)
        call = await fake_discord.interact(press)
    assert call is not None and call.json["data"]["content"] == "pressed by carol"
    assert fake_discord.identify_count == 2


async def test_resume_after_server_requested_reconnect(fake_discord: FakeDiscord) -> None:
    async with running_client(make_bot(), fake_discord):
        await fake_discord.request_reconnect()
        call = await fake_discord.interact(fake_discord.slash("hello"))
        assert call is not None and call.status == 200
    assert (fake_discord.identify_count, fake_discord.resume_count) == (1, 1)


# --------------------------------------------------------------------------- threads, DMs, faults


async def test_bot_creates_a_thread_and_posts_into_it(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        call = await fake_discord.interact(fake_discord.slash("thread", {"name": "ordo-1"}))
        thread = fake_discord.thread_named("ordo-1")
        cached = bot.get_channel(int(thread["id"]))  # THREAD_CREATE reached the client's cache
        assert isinstance(cached, discord.Thread) and cached.parent_id == fake_discord.channel_id
    assert call is not None and call.json["data"]["content"] == f"<#{thread['id']}>"
    assert (thread["type"], thread["parent_id"]) == (11, str(fake_discord.channel_id))
    texts = [m["content"] for m in fake_discord.messages_in(int(thread["id"]))]
    assert texts == ["welcome to ordo-1"]


async def test_archived_thread_rejects_posts_until_unarchived(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await fake_discord.interact(fake_discord.slash("thread", {"name": "fendo-2"}))
        thread_id = int(fake_discord.thread_named("fendo-2")["id"])
        await fake_discord.archive_thread(thread_id, notify=False)
        created = fake_discord.calls("POST", r"/channels/\d+/threads")[0]
        assert created.response["thread_metadata"]["archived"] is False  # a snapshot
        start = fake_discord.mark()
        call = await fake_discord.interact(
            fake_discord.slash("say", {"thread_id": str(thread_id), "text": "your move"})
        )
    assert call is not None and call.json["data"]["content"] == "sent"
    steps = [
        (c.method, c.status) for c in fake_discord.requests[start:] if str(thread_id) in c.path
    ]
    assert steps == [("POST", 400), ("PATCH", 200), ("POST", 200)]
    rejected = fake_discord.calls("POST", rf"/channels/{thread_id}/messages")[-2]
    assert rejected.response == {"code": 50083, "message": "Thread is archived"}
    assert fake_discord.channel(thread_id)["thread_metadata"]["archived"] is False


async def test_injected_fault_reaches_the_bot_as_forbidden(fake_discord: FakeDiscord) -> None:
    fake_discord.fail_next("POST", r"/channels/\d+/threads", status=403, code=50013)
    async with running_client(make_bot(), fake_discord):
        first = await fake_discord.interact(fake_discord.slash("thread", {"name": "x"}))
        second = await fake_discord.interact(fake_discord.slash("thread", {"name": "y"}))
    assert first is not None and first.json["data"]["content"] == "cannot: 50013"
    assert second is not None and second.json["data"]["content"].startswith("<#")
    assert [t["name"] for t in fake_discord.threads()] == ["y"]


async def test_dm_is_opened_then_sent_and_closed_dms_fail(fake_discord: FakeDiscord) -> None:
    bot = make_bot()
    async with running_client(bot, fake_discord):
        await sync_guild(bot, fake_discord)
        ok = await fake_discord.interact(fake_discord.slash("poke", {"who": "bob"}))
        fake_discord.block_dms("carol")
        blocked = await fake_discord.interact(fake_discord.slash("poke", {"who": "carol"}))
    assert ok is not None and ok.json["data"]["content"] == "poked"
    assert blocked is not None and blocked.json["data"]["content"] == "dm failed 50007"
    dm = fake_discord.dm_channel_of("bob")
    assert dm is not None
    assert [m["content"] for m in fake_discord.messages_in(int(dm["id"]))] == ["your move"]


async def test_echoed_messages_reach_the_bot_as_gateway_events() -> None:
    bot = make_bot()
    seen: list[str] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    bot.add_listener(on_message)
    async with serving(echo_messages=True) as server, running_client(bot, server):
        await server.interact(server.slash("thread", {"name": "echo"}))
        await server.interact(server.slash("hello"))  # ephemeral: never echoed
        await server.interact(server.slash("panel"))
        await eventually(lambda: len(seen) >= 3)
    assert seen == ["welcome to echo", f"<#{server.thread_named('echo')['id']}>", "panel"]


async def test_slash_command_in_a_dm_has_no_guild(fake_discord: FakeDiscord) -> None:
    dm_id = int(fake_discord.open_dm("alice")["id"])
    async with running_client(make_bot(), fake_discord):
        payload = fake_discord.slash("hello", channel=dm_id)
        call = await fake_discord.interact(payload)
    assert "guild_id" not in payload and payload["user"]["username"] == "alice"
    assert call is not None and call.json["data"]["content"] == "hi"
    assert fake_discord.messages_in(dm_id)[0]["content"] == "hi"


# --------------------------------------------------------------------------- the fake alone


async def test_fake_speaks_discord_errors_over_plain_http(fake_discord: FakeDiscord) -> None:
    payload = fake_discord.slash("hello")
    callback = f"{fake_discord.api_base}/interactions/{payload['id']}/{payload['token']}/callback"
    followup = f"{fake_discord.api_base}/webhooks/{fake_discord.app_id}/{payload['token']}"
    auth = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.post(followup, json={"content": "early"}) as early:
            assert (early.status, (await early.json())["code"]) == (404, 10015)
        async with http.post(callback, json={"type": 4, "data": {"content": "a"}}) as first:
            assert first.status == 204  # no ?with_response, so no body
        async with http.post(callback, json={"type": 4, "data": {"content": "b"}}) as again:
            assert (again.status, (await again.json())["code"]) == (400, 40060)
        async with http.get(f"{fake_discord.api_base}/users/@me") as anonymous:
            assert anonymous.status == 401
        async with http.get(f"{fake_discord.api_base}/no/such/route", headers=auth) as unknown:
            assert unknown.status == 404
    assert [c.path for c in fake_discord.unknown_calls] == ["/no/such/route"]
    assert fake_discord.original_response(payload)["content"] == "a"  # type: ignore[index]


async def test_dispatch_without_a_client_is_an_error(fake_discord: FakeDiscord) -> None:
    with pytest.raises(RuntimeError, match="no client is connected"):
        await fake_discord.dispatch("INTERACTION_CREATE", fake_discord.slash("hello"))


async def test_handler_errors_fail_the_test_in_strict_mode(fake_discord: FakeDiscord) -> None:
    bot = make_bot()

    @bot.tree.command(description="Always fails")
    async def broken(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    with pytest.raises(AssertionError, match="boom"):
        async with running_client(bot, fake_discord):
            await fake_discord.interact(fake_discord.slash("broken"), wait=False)
            with pytest.raises(AssertionError, match=r"client errors: .*boom"):
                await fake_discord.wait_for_callback(fake_discord.slash("broken"), timeout=0.5)


# --------------------------------------------------------------------------- user installs


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def _sync_everywhere(server: FakeDiscord, http: aiohttp.ClientSession) -> None:
    """Global commands as the bot syncs them: ``hello`` everywhere, ``admin`` in servers."""
    auth = {"Authorization": f"Bot {server.token}"}
    specs = [
        {"name": "hello", "description": "hi", "integration_types": [0, 1], "contexts": [0, 1, 2]},
        {"name": "admin", "description": "server", "integration_types": [0], "contexts": [0]},
    ]
    async with http.put(
        f"{server.api_base}/applications/{server.app_id}/commands", json=specs, headers=auth
    ) as synced:
        assert synced.status == 200


async def test_user_installs_carry_their_context_and_the_bot_may_only_answer() -> None:
    """What Discord documents for an app a user installed: the interaction's ``context`` and
    ``authorizing_integration_owners``, commands offered only to those who installed it and
    only where they are allowed, no channel call where the bot is not a member, and opening
    a DM that can fail."""
    async with serving() as server, aiohttp.ClientSession() as http:
        await _sync_everywhere(server, http)
        dm = server.private_dm("alice", "bob")
        gdm = server.group_dm("alice", "bob", "carol")
        elsewhere = server.add_foreign_guild()
        alice = str(server.user("alice").id)
        with pytest.raises(NotOffered, match="not installed"):
            server.slash("hello", user="alice", channel=dm)
        server.install("alice")
        in_dm = server.slash("hello", user="alice", channel=dm)
        assert (in_dm["context"], in_dm["authorizing_integration_owners"]) == (2, {"1": alice})
        assert "guild_id" not in in_dm and in_dm["user"]["id"] == alice
        assert in_dm["channel"]["type"] == 1 and len(in_dm["channel"]["recipients"]) == 2
        assert server.slash("hello", user="alice", channel=gdm)["channel"]["type"] == 3
        abroad = server.slash("hello", user="alice", channel=elsewhere)
        assert (abroad["context"], abroad["authorizing_integration_owners"]) == (0, {"1": alice})
        assert abroad["guild_id"] == str(FOREIGN_GUILD_ID) and "member" in abroad
        with pytest.raises(NotOffered, match="not installable to users"):
            server.slash("admin", user="alice", channel=elsewhere)
        home = server.slash("hello", user="alice")
        assert home["authorizing_integration_owners"] == {"0": str(server.guild_id), "1": alice}
        bot_dm = server.slash("hello", user="bob", channel=int(server.open_dm("bob")["id"]))
        assert (bot_dm["context"], bot_dm["authorizing_integration_owners"]) == (1, {"0": "0"})
        auth = {"Authorization": f"Bot {server.token}"}
        for channel in (dm, gdm, elsewhere):
            url = f"{server.api_base}/channels/{channel}/messages"
            async with http.post(url, json={"content": "hi"}, headers=auth) as post:
                assert (post.status, (await post.json())["code"]) == (403, 50001)
        server.block_dms("carol", opening=True)
        async with http.post(
            f"{server.api_base}/users/@me/channels",
            json={"recipient_id": str(server.user("carol").id)},
            headers=auth,
        ) as opening:
            assert (opening.status, (await opening.json())["code"]) == (403, 50007)


async def test_follow_ups_live_fifteen_minutes_and_count_five_where_only_a_user_installed() -> None:
    clock = Clock()
    async with serving(clock=clock) as server, aiohttp.ClientSession() as http:
        await _sync_everywhere(server, http)
        server.install("alice")
        dm = server.private_dm("alice", "bob")

        async def answer(payload: dict[str, Any], n: int) -> list[int]:
            base = f"{server.api_base}/interactions/{payload['id']}/{payload['token']}/callback"
            async with http.post(base, json={"type": 5, "data": {"flags": 64}}) as deferred:
                assert deferred.status == 204
            hook = f"{server.api_base}/webhooks/{server.app_id}/{payload['token']}?wait=true"
            statuses = []
            for i in range(n):
                async with http.post(hook, json={"content": f"m{i}"}) as sent:
                    statuses.append(sent.status)
            return statuses

        in_dm = server.slash("hello", user="alice", channel=dm)
        # the first edits the "thinking…" answer, then five new messages, then no more
        assert await answer(in_dm, 7) == [200] * 6 + [400]
        original = server.original_response(in_dm)
        assert original is not None and original["content"] == "m0"
        assert original["flags"] & 64  # a deferred answer keeps its ephemerality
        assert len(server.messages_in(dm)) == 6
        at_home = server.slash("hello", user="alice")
        assert await answer(at_home, 8) == [200] * 8  # the bot's server has no such limit
        late = server.slash("hello", user="alice", channel=dm)
        assert await answer(late, 1) == [200]
        clock.now += 15 * 60 + 1
        hook = f"{server.api_base}/webhooks/{server.app_id}/{late['token']}"
        async with http.post(hook, json={"content": "too late"}) as expired:
            assert (expired.status, (await expired.json())["code"]) == (401, 50027)


async def test_a_button_on_an_answer_is_for_everyone_who_sees_it() -> None:
    """Anyone may press a button they see; the press is authorised by the install of the
    interaction whose answer carries it, not by the presser's."""
    async with serving() as server, aiohttp.ClientSession() as http:
        await _sync_everywhere(server, http)
        server.install("alice")
        dm = server.private_dm("alice", "bob")
        payload = server.slash("hello", user="alice", channel=dm)
        callback = f"{server.api_base}/interactions/{payload['id']}/{payload['token']}/callback"
        body = {"type": 4, "data": {"content": "take it", "components": [button_row("x:1")]}}
        async with http.post(callback, json=body) as answered:
            assert answered.status == 204
        message = server.original_response(payload)
        assert message is not None
        press = server.component("x:1", user="bob", message=int(message["id"]))
        alice = str(server.user("alice").id)
        assert (press["context"], press["authorizing_integration_owners"]) == (2, {"1": alice})
