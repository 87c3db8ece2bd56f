"""The real bot, on the real discord.py client, against the fake Discord: a whole Ordo match.

Every assertion is about REST calls the bot made — interaction callbacks, follow-ups, thread
creation, thread messages with PNG attachments, mentions and ephemeral flags — because that
is all Discord (and so a player) would ever see.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import BoardBot, create_bot
from bot.service.text.command_map import GROUPS
from bot.settings import Settings
from tests.fakediscord import FakeDiscord, interactive, running_client, shown_text
from tests.fakediscord.server import Call

EPHEMERAL = 64
pytestmark = pytest.mark.e2e


def make_bot(server: FakeDiscord, db: Path, workers: int | None = None) -> BoardBot:
    """The bot as deployed: rendering in a real worker process unless ``workers=0``."""
    settings = Settings(
        discord_token=server.token,
        database_path=str(db),
        dev_guild_id=server.guild_id,
        workers=workers,
    )
    return create_bot(settings)


@asynccontextmanager
async def bot_running(
    server: FakeDiscord, db: Path, workers: int | None = None
) -> AsyncIterator[BoardBot]:
    bot = make_bot(server, db, workers)
    async with running_client(bot, server):
        yield bot


async def followup(server: FakeDiscord, payload: dict[str, Any], start: int) -> Call:
    pattern = rf"/webhooks/{server.app_id}/{re.escape(payload['token'])}(/messages/@original)?"
    return await server.wait_for_call(
        None, pattern, start=start, where=lambda c: c.method in ("POST", "PATCH")
    )


def flags_of(call: Call) -> int:
    body = call.json or {}
    return int(body.get("flags") or body.get("data", {}).get("flags") or 0)


async def command(
    server: FakeDiscord,
    name: str,
    options: dict[str, Any],
    *,
    user: str,
    channel: int | None = None,
    subcommand: str | None = None,
) -> tuple[Call, Call]:
    """Run a slash command (``"match resign"`` names a grouped one); returns its callback and
    its follow-up (or edited original)."""
    if " " in name and subcommand is None:
        name, subcommand = name.split(" ", 1)
    start = server.mark()
    payload = server.slash(name, options, user=user, channel=channel, subcommand=subcommand)
    callback = await server.interact(payload)
    assert callback is not None
    return callback, await followup(server, payload, start)


async def press(server: FakeDiscord, custom_id: str, *, user: str, message: int) -> Call:
    start = server.mark()
    payload = server.component(custom_id, user=user, message=message)
    await server.interact(payload)
    return await followup(server, payload, start)


def thread_posts(server: FakeDiscord, thread_id: int) -> list[Call]:
    return server.calls("POST", rf"/channels/{thread_id}/messages")


def gallery_urls(message_json: dict[str, Any]) -> list[str]:
    """The images a card shows, as it named them when it was sent."""
    found: list[str] = []
    for component in message_json.get("components", []):
        for child in [component, *component.get("components", [])]:
            found += [item["media"]["url"] for item in child.get("items", [])]
    return found


def custom_ids(message_json: dict[str, Any]) -> list[str]:
    return [
        c["custom_id"] for c in interactive(message_json.get("components", [])) if "custom_id" in c
    ]


async def start_match(server: FakeDiscord) -> tuple[int, int]:
    """alice challenges bob (alice White); returns (thread id, challenge message id)."""
    callback, reply = await command(
        server, "play", {"opponent": "bob", "color": "first"}, user="alice", subcommand="ordo"
    )
    assert callback.json["type"] == 5 and flags_of(callback) & EPHEMERAL
    created = server.calls("POST", rf"/channels/{server.channel_id}/threads")
    assert len(created) == 1
    assert created[-1].json["auto_archive_duration"] == 10080
    thread_id = int(created[-1].response["id"])
    challenge = thread_posts(server, thread_id)[-1]
    bob = server.user("bob").id
    assert f"<@{bob}>" in shown_text(challenge.json)
    assert [str(u) for u in challenge.json["allowed_mentions"]["users"]] == [str(bob)]
    assert "bb:accept:1::" in custom_ids(challenge.json)
    assert "Challenge sent to Bob" in reply.json["content"]
    return thread_id, int(challenge.response["id"])


async def started_match(server: FakeDiscord) -> tuple[int, int]:
    """:func:`start_match`, and bob accepts: a match alice (White) is to move in, by (thread
    id, challenge message id)."""
    thread_id, challenge_id = await start_match(server)
    await press(server, "bb:accept:1::", user="bob", message=challenge_id)
    return thread_id, challenge_id


async def test_commands_are_synced_to_the_dev_guild(
    fake_discord: FakeDiscord, database: str
) -> None:
    async with bot_running(fake_discord, database):
        pass
    puts = fake_discord.calls(
        "PUT", rf"/applications/{fake_discord.app_id}/guilds/{fake_discord.guild_id}/commands"
    )
    assert puts
    names = {c["name"] for c in puts[-1].json if c.get("type", 1) == 1}
    menus = {(c["type"], c["name"]) for c in puts[-1].json if c.get("type", 1) != 1}
    assert menus == {
        (2, "Challenge to a game…"),
        (2, "Games with this player"),
        (3, "Open on the board"),
    }
    assert names == {
        "play",
        "move",
        "premove",
        "board",
        "turn",
        "hand",
        "rules",
        "seeks",
        "tournament",
        "match",
        "lobby",
        "me",
        "server",
    }
    match = next(c for c in puts[-1].json if c["name"] == "match")
    assert {o["name"] for o in match["options"]} == set(GROUPS["match"])
    assert {"accept", "decline", "resign"} <= set(GROUPS["match"])
    play = next(c for c in puts[-1].json if c["name"] == "play")
    assert "ordo" in {o["name"] for o in play["options"]}
    tournament = next(c for c in puts[-1].json if c["name"] == "tournament")
    assert {o["name"] for o in tournament["options"]} == {
        "create", "join", "leave", "start", "cancel", "standings", "list",
    }  # fmt: skip


async def test_a_match_from_challenge_to_resignation(server: FakeDiscord, database: str) -> None:
    alice, bob = server.user("alice").id, server.user("bob").id
    async with bot_running(server, database):
        thread_id, challenge_id = await start_match(server)

        # The challenger cannot accept for the opponent.
        refused = await press(server, "bb:accept:1::", user="alice", message=challenge_id)
        assert flags_of(refused) & EPHEMERAL
        assert "opponent must accept" in refused.json["content"]

        accepted = await press(server, "bb:accept:1::", user="bob", message=challenge_id)
        assert "accepted" in accepted.json["content"].lower()
        board = thread_posts(server, thread_id)[-1]
        assert board.file_names == ["board.png"]
        assert board.files[0].data.startswith(b"\x89PNG")
        assert f"<@{alice}>" in shown_text(board.json)
        assert not board.json.get("content") and not board.json.get("embeds")
        assert gallery_urls(board.json) == ["attachment://board.png"]

        # Autocomplete lists alice's legal moves, narrowed by what she typed.
        payload = server.autocomplete(
            "move", {"move": "a3"}, focused="move", user="alice", channel=thread_id
        )
        answer = await server.interact(payload)
        assert answer is not None and answer.json["type"] == 8
        choices = [c["value"] for c in answer.json["data"]["choices"]]
        assert "a3-a4" in choices and all(c.startswith("a3") for c in choices)
        # …and nothing for bob, whose turn it is not.
        payload = server.autocomplete(
            "move", {"move": ""}, focused="move", user="bob", channel=thread_id
        )
        answer = await server.interact(payload)
        assert answer.json["data"]["choices"] == []

        # An illegal move is explained privately and posts nothing.
        posts_before = len(thread_posts(server, thread_id))
        _, reply = await command(server, "move", {"move": "a3-a7"}, user="alice", channel=thread_id)
        assert flags_of(reply) & EPHEMERAL
        assert "a3-a4" in reply.json["content"]
        assert len(thread_posts(server, thread_id)) == posts_before

        # Out of turn.
        _, reply = await command(server, "move", {"move": "a6-a5"}, user="bob", channel=thread_id)
        assert "Alice (White)'s turn" in reply.json["content"]

        # A legal move: one public post with the board, the move and a ping for bob.
        _, reply = await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        assert "Played a3-a4" in reply.json["content"]
        post = thread_posts(server, thread_id)[-1]
        assert post.file_names == ["board.png"]
        assert f"<@{bob}>" in shown_text(post.json)
        assert "Alice (White) played a3-a4" in shown_text(post.json)
        assert "Bob (Black) to move" in shown_text(post.json)

        # Resigning asks for confirmation with a button; pressing it ends the match.
        payload = server.slash("match", {}, user="bob", channel=thread_id, subcommand="resign")
        callback = await server.interact(payload)
        assert callback.json["type"] == 4 and flags_of(callback) & EPHEMERAL
        confirm = custom_ids(callback.json["data"])
        assert confirm == ["bb:resign:1::"]
        confirmation = server.original_response(payload)
        assert confirmation is not None
        confirm_id = int(confirmation["id"])
        outsider = await press(server, "bb:resign:1::", user="carol", message=confirm_id)
        assert "not playing" in outsider.json["content"]
        # Pressed twice at once (a double tap): one resignation, one refusal.
        start = server.mark()
        taps = [server.component("bb:resign:1::", user="bob", message=confirm_id) for _ in "12"]
        await asyncio.gather(*(server.interact(tap) for tap in taps))
        answers = [await followup(server, tap, start) for tap in taps]
        texts = sorted(a.json.get("content") or "" for a in answers)
        assert sum("result is final" in t for t in texts) == 1, texts
        finals = [p for p in thread_posts(server, thread_id) if p.index > start]
        assert len(finals) == 1
        assert "Alice (White) wins" in shown_text(finals[0].json)
        # The spent confirmation loses its button (issue 13.1).
        retired = await server.wait_for_call(
            "PATCH", rf"/webhooks/{server.app_id}/.*/messages/@original", start=start
        )
        assert retired.json["components"] == []
        # The winner resigning after the end, typed with match:1: refused, result kept.
        late = await server.interact(
            server.slash(
                "match", {"match": 1}, user="alice", channel=thread_id, subcommand="resign"
            )
        )
        assert late is not None and "result is final" in late.json["data"]["content"]
        last = thread_posts(server, thread_id)[-1]
        assert last is finals[0]
        assert server.unknown_calls == []


async def test_buttons_survive_a_restart(server: FakeDiscord, database: str) -> None:
    db = database
    async with bot_running(server, db):
        thread_id, challenge_id = await start_match(server)
    # A new bot process on the same database: the old button still works.
    async with bot_running(server, db):
        await press(server, "bb:accept:1::", user="bob", message=challenge_id)
        board = thread_posts(server, thread_id)[-1]
        assert board.file_names == ["board.png"]
        _, reply = await command(server, "move", {"move": "b3-b4"}, user="alice", channel=thread_id)
        assert "Played b3-b4" in reply.json["content"]


async def test_archived_thread_is_unarchived_to_post(server: FakeDiscord, database: str) -> None:
    async with bot_running(server, database):
        thread_id, _ = await started_match(server)
        await server.archive_thread(thread_id, notify=False)  # the bot's cache still says open
        before = len(thread_posts(server, thread_id))
        _, reply = await command(server, "move", {"move": "a3-a4", "match": 1}, user="alice")
        unarchive = server.calls("PATCH", rf"/channels/{thread_id}")
        assert unarchive and unarchive[-1].json.get("archived") is False
        posts = thread_posts(server, thread_id)
        assert len(posts) > before and posts[-1].status == 200
        assert "Played a3-a4" in reply.json["content"]


async def test_no_thread_permission_plays_in_the_channel(
    server: FakeDiscord, database: str
) -> None:
    server.fail_next("POST", rf"/channels/{server.channel_id}/threads", status=403, code=50013)
    async with bot_running(server, database):
        _, reply = await command(
            server, "play", {"opponent": "bob"}, user="alice", subcommand="ordo"
        )
        assert "Create Public Threads" in reply.json["content"]
        challenge = server.calls("POST", rf"/channels/{server.channel_id}/messages")[-1]
        assert "bb:accept:1::" in custom_ids(challenge.json)


async def test_deleted_thread_falls_back_to_the_channel(server: FakeDiscord, database: str) -> None:
    """A post that cannot reach the thread goes to the channel with a link; the move itself
    was committed first and is never lost or applied twice."""
    async with bot_running(server, database) as bot:
        thread_id, _ = await started_match(server)
        server.fail_next("POST", rf"/channels/{thread_id}/messages", status=404, code=10003)
        _, reply = await command(server, "move", {"move": "a3-a4", "match": 1}, user="alice")
        assert "Played a3-a4" in reply.json["content"]
        fallback = server.calls("POST", rf"/channels/{server.channel_id}/messages")[-1]
        assert f"<#{thread_id}>" in shown_text(fallback.json)
        assert fallback.file_names == ["board.png"]
        assert len(await bot.service.store.actions(1)) == 1
