"""Multi-step turns on Discord: the pie decision as buttons, capture steps as buttons or a
menu, resumed exactly across a restart, and stale presses refused."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord, interactive, shown_text

from .test_bot_ordo import bot_running, command, custom_ids, press, thread_posts

pytestmark = pytest.mark.e2e


async def test_pie_and_capture_steps_survive_a_restart(server: FakeDiscord, database: str) -> None:
    db = database
    async with bot_running(server, db):
        await command(
            server,
            "play",
            {"opponent": "bob", "color": "first", "size": 9},
            user="alice",
            subcommand="fonver",
        )
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        challenge = thread_posts(server, thread_id)[-1]
        await press(server, "bb:accept:1::", user="bob", message=int(challenge.response["id"]))
        await command(server, "move", {"move": "e5"}, user="alice", channel=thread_id)
        pie = thread_posts(server, thread_id)[-1]
        pie_buttons = custom_ids(pie.json)
        assert len(pie_buttons) == 2
        assert pie_buttons[0].startswith("bb:step:1:") and pie_buttons[0].endswith(":keep")
        # alice may not decide for bob
        refused = await press(server, pie_buttons[0], user="alice", message=int(pie.response["id"]))
        assert "not yours" in refused.json["content"]
        await press(server, pie_buttons[0], user="bob", message=int(pie.response["id"]))
        kept = thread_posts(server, thread_id)[-1]
        assert "kept" in shown_text(kept.json)
        assert "<@" not in shown_text(kept.json)  # same turn: no ping
        for mover, point in (("bob", "e6"), ("alice", "f6"), ("bob", "f5")):
            await command(server, "move", {"move": point}, user=mover, channel=thread_id)
        capture_post = thread_posts(server, thread_id)[-1]
        steps = custom_ids(capture_post.json)
        assert steps and all(s.startswith("bb:step:1:") for s in steps)
        assert "crosscut" in shown_text(capture_post.json)

    # Restart in the middle of bob's capture: the buttons posted before still work.
    async with bot_running(server, db):
        message_id = int(capture_post.response["id"])
        done = await press(server, steps[0], user="bob", message=message_id)
        assert "Played" in done.json["content"]
        after = thread_posts(server, thread_id)[-1]
        alice = server.user("alice").id
        assert f"<@{alice}>" in shown_text(after.json)  # the turn passed: alice is pinged
        # The answered message loses its buttons, so nobody can press a stale step.
        left = server.message(message_id)
        assert not list(interactive(left.get("components", [])))
        assert "crosscut" in shown_text(left)  # the card itself stays
