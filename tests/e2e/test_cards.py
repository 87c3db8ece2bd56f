"""Posts as Components V2 cards, through the real discord.py client against the fake Discord.

The turn post is one card: the ping above it, then a container with the title, the board in a
media gallery, a section with what happened, who is to move and the clocks beside the first
button, and the remaining buttons in rows. The fake refuses what Discord would refuse, with
Discord's 400 body; a card the bot builds never meets a refusal, however many buttons, steps
and lines it holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.discord.components.cards import MAX_COMPONENTS, MAX_TEXT, card_view, files_of
from bot.service.replies import Button, Post
from tests.e2e.test_bot_ordo import (
    bot_running,
    command,
    custom_ids,
    press,
    start_match,
    started_match,
)
from tests.e2e.test_bot_ordo import thread_posts as posts_in
from tests.fakediscord import FakeDiscord, interactive, running_client, shown_text
from tests.fakediscord import layout as v2

pytestmark = pytest.mark.e2e

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 24


def counted(components: list[Any]) -> int:
    total = 0
    for component in components:
        total += 1
        total += counted(component.get("components", []))
        if "accessory" in component:
            total += 1
    return total


async def test_a_turn_post_is_one_card(server: FakeDiscord, database: str) -> None:
    async with bot_running(server, database):
        thread_id, _ = await started_match(server)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        post = posts_in(server, thread_id)[-1]
        body = post.json
        assert body["flags"] & v2.FLAG_COMPONENTS_V2
        assert not body.get("content") and not body.get("embeds")
        ping, card = body["components"]
        assert ping["type"] == v2.TEXT_DISPLAY
        assert ping["content"].startswith(f"<@{server.user('bob').id}> ")
        assert card["type"] == v2.CONTAINER
        kinds = [c["type"] for c in card["components"]]
        assert kinds == [v2.TEXT_DISPLAY, v2.MEDIA_GALLERY, *[v2.TEXT_DISPLAY] * 3], kinds
        assert card["components"][0]["content"].startswith("### Ordo")
        gallery = card["components"][1]
        assert [i["media"]["url"] for i in gallery["items"]] == ["attachment://board.png"]
        assert "Ordo" in gallery["items"][0]["description"]  # read aloud on a phone
        # No button under this board (no web board here): its texts stand alone; with one,
        # they are a section beside it (the challenge below).
        news, to_move, clocks = (t["content"] for t in card["components"][2:])
        assert "Alice (White) played a3-a4" in news
        assert "Bob (Black) to move" in to_move
        assert clocks.startswith("⏳")
        # Stored as Discord stores it: the image points at the uploaded attachment.
        stored = server.message(int(post.response["id"]))
        media = stored["components"][1]["components"][1]["items"][0]["media"]
        assert media["url"].startswith("https://cdn.")
        assert media["attachment_id"] == stored["attachments"][0]["id"]
        assert counted(body["components"]) <= MAX_COMPONENTS
        assert not server.refusals


async def test_an_answered_challenge_keeps_its_card_without_buttons(
    server: FakeDiscord, database: str
) -> None:
    """Accepting retires the challenge's buttons; the card's text (and any image) stays, as
    an edit Discord accepts — not an empty V2 message, which it refuses — until the card
    turns into the match's live status."""
    async with bot_running(server, database):
        _, challenge_id = await start_match(server)
        challenge = server.message(challenge_id)
        before = shown_text(challenge)
        card = challenge["components"][-1]
        section = next(c for c in card["components"] if c["type"] == v2.SECTION)
        assert section["accessory"]["custom_id"] == "bb:accept:1::"
        assert "Alice challenges Bob to Ordo" in shown_text({"components": [section]})
        rows = [c for c in card["components"] if c["type"] == v2.ACTION_ROW]
        assert [b["custom_id"] for b in rows[0]["components"]] == ["bb:decline:1::"]
        start = server.mark()
        await press(server, "bb:accept:1::", user="bob", message=challenge_id)
        edits = [
            c.json
            for c in server.requests[start:]
            if c.method == "PATCH" and c.path.endswith(f"/messages/{challenge_id}")
        ]
        # First its buttons go (its text stays), then it becomes the match's live status
        # card (tests/e2e/test_live_status.py) once the first board is posted.
        retired, status = edits
        kept = shown_text(retired)
        assert kept and kept in before
        assert not list(interactive(retired["components"]))
        after = server.message(challenge_id)
        assert not list(interactive(after["components"]))
        assert after["flags"] & v2.FLAG_COMPONENTS_V2
        assert "Live status" in shown_text(after) and status["components"]
        assert "bb:accept:1::" not in custom_ids(after)
        assert not server.refusals


async def test_the_buttons_of_a_card_work_after_a_restart(
    server: FakeDiscord, tmp_path: Path, database: str
) -> None:
    async with bot_running(server, database):
        _, challenge_id = await start_match(server)
    async with bot_running(server, database):
        accepted = await press(server, "bb:accept:1::", user="bob", message=challenge_id)
        assert "accepted" in accepted.json["content"].lower()


def test_a_full_card_stays_within_discords_limits() -> None:
    """Twenty buttons, a menu of 25 steps, a close-up, swing boards and 10,000 characters:
    the builder cuts to 40 components and 4,000 characters, and the fake's check (Discord's
    rules) accepts what it built."""
    post = Post(
        text="x",
        parts=("news " * 1000, "to move " * 500, "⏳ " * 800),
        title="A title",
        image=PNG,
        detail=PNG,
        files=tuple((f"swing{i}.png", PNG) for i in range(12)),
        ping="ping",
        mentions=("1", "2"),
        buttons=tuple(Button(f"Button {i}", "step", "primary", f"s{i}") for i in range(20)),
        choices=tuple(f"step {i}" for i in range(25)),
    )
    files = files_of(post)
    view = card_view(post, 7, 3, files)
    components = view.to_components()
    message = {"flags": v2.FLAG_COMPONENTS_V2, "components": components}
    v2.check_message(message, [f.filename for f in files])
    assert counted(components) <= MAX_COMPONENTS
    assert sum(len(t) for t in v2.texts_of(components)) <= MAX_TEXT
    assert len(files) == 10


REFUSED: list[tuple[str, dict[str, Any]]] = [
    (
        "content beside the flag",
        {"content": "hi", "components": [{"type": 10, "content": "a"}]},
    ),
    (
        "an embed beside the flag",
        {"embeds": [{"title": "t"}], "components": [{"type": 10, "content": "a"}]},
    ),
    ("41 components", {"components": [{"type": 10, "content": "a"}] * 41}),
    ("4,001 characters", {"components": [{"type": 10, "content": "a" * 4001}]}),
    ("an unknown type", {"components": [{"type": 99}]}),
    (
        "a section without accessory",
        {"components": [{"type": 9, "components": [{"type": 10, "content": "a"}]}]},
    ),
    ("a text display without content", {"components": [{"type": 10}]}),
    (
        "a button with a long custom id",
        {
            "components": [
                {
                    "type": 1,
                    "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "x" * 101}],
                }
            ]
        },
    ),
    (
        "six buttons in a row",
        {
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}
                        for i in range(6)
                    ],
                }
            ]
        },
    ),
    (
        "an image never uploaded",
        {"components": [{"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}]},
    ),
    ("no components at all", {"components": []}),
]


@pytest.mark.parametrize(("why", "body"), REFUSED, ids=[why for why, _ in REFUSED])
async def test_the_fake_refuses_what_discord_refuses(
    server: FakeDiscord, why: str, body: dict[str, Any]
) -> None:
    client = discord.Client(intents=discord.Intents.none())
    async with running_client(client, server, strict=False):
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=server.channel_id)
        with pytest.raises(discord.HTTPException) as refused:
            await client.http.request(route, json={**body, "flags": v2.FLAG_COMPONENTS_V2})
    assert refused.value.status == 400
    assert refused.value.code in (50035, 50006), why
    if refused.value.code == 50035:
        assert server.refusals[-1]["message"] == "Invalid Form Body"
        assert server.refusals[-1]["errors"], why  # Discord names the field at fault


async def test_v2_components_need_the_flag_and_a_card_needs_its_upload(
    server: FakeDiscord,
) -> None:
    client = discord.Client(intents=discord.Intents.none())
    async with running_client(client, server, strict=False):
        channel = await client.fetch_channel(server.channel_id)
        assert isinstance(channel, discord.TextChannel)
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=server.channel_id)
        with pytest.raises(discord.HTTPException) as refused:
            await client.http.request(route, json={"components": [{"type": 10, "content": "a"}]})
        assert refused.value.code == 50035
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.TextDisplay("a card"))
        view.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://x.png")))
        with pytest.raises(discord.HTTPException):
            await channel.send(view=view)
        sent = await channel.send(view=view, file=discord.File(_png(), filename="x.png"))
        assert sent.flags.components_v2


def _png() -> Any:
    import io

    return io.BytesIO(PNG)
