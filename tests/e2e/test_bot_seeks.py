"""Open challenges through the real discord.py client and the fake Discord (issue 18.2):
``/play ordo`` with nobody named posts a challenge anyone may take, ``/seeks`` lists it, and
the first person to press Accept gets the game."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord, shown_text

from .test_bot_ordo import (
    EPHEMERAL,
    bot_running,
    command,
    custom_ids,
    flags_of,
    press,
    thread_posts,
)

pytestmark = pytest.mark.e2e


async def test_an_open_challenge_on_discord(server: FakeDiscord, database: str) -> None:
    alice, bob = server.user("alice").id, server.user("bob").id
    async with bot_running(server, database, workers=0):
        _, reply = await command(
            server, "play", {"color": "first", "time": "2d per move"}, user="alice",
            subcommand="ordo",
        )  # fmt: skip
        assert flags_of(reply) & EPHEMERAL and "anyone may accept" in reply.json["content"]
        created = server.calls("POST", rf"/channels/{server.channel_id}/threads")
        thread_id = int(created[-1].response["id"])
        seek = thread_posts(server, thread_id)[-1]
        assert "looking for an opponent" in str(seek.json)
        assert seek.json["allowed_mentions"]["users"] == []  # nobody is pinged
        assert custom_ids(seek.json)[:2] == ["bb:accept:1::", "bb:decline:1::"]

        _, listing = await command(server, "seeks", {}, user="bob")
        assert flags_of(listing) & EPHEMERAL
        assert "#1 Ordo — Alice" in listing.json["content"]
        assert "2 days per move" in listing.json["content"]

        taken = await press(server, "bb:accept:1::", user="bob", message=int(seek.response["id"]))
        assert "accepted" in taken.json["content"].lower()
        start = thread_posts(server, thread_id)[-1]
        assert start.file_names == ["board.png"]
        # Alice moves first (she asked for the first seat) and hears her seek was taken.
        assert f"<@{alice}>" in shown_text(start.json)
        assert "Bob accepts Alice's open challenge" in str(start.json)
        # The seek's buttons are gone once taken; a typed accept is refused privately.
        _, late = await command(server, "match accept", {"match": 1}, user="carol")
        assert flags_of(late) & EPHEMERAL and "accepted" not in late.json["content"].lower()
        _, listing = await command(server, "seeks", {}, user="carol")
        assert "no open challenges" in listing.json["content"]
        assert str(bob) not in listing.json["content"]
