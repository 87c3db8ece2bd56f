"""A match's live status card and its one live ping, through the real discord.py client
against the fake Discord (on both stores).

The message the match started from (its challenge, the thread's first post) is edited after
every post into a card of where the match stands: who is to move, the clocks, a jump to the
latest board; each new "your turn" ping takes the mentions of the one before, so the thread
holds one message that pings. The ids are stored, so a restarted bot edits the same messages.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_bot_ordo import bot_running, command, started_match
from tests.e2e.test_bot_ordo import thread_posts as posts_in
from tests.fakediscord import FakeDiscord, shown_text
from tests.fakediscord import layout as v2

pytestmark = pytest.mark.e2e


def pinging(server: FakeDiscord, thread_id: int) -> list[dict[str, Any]]:
    """The thread's messages that mention someone, as Discord lists their mentions."""
    return [m for m in server.messages_in(thread_id) if m["mentions"]]


def latest_link(server: FakeDiscord, thread_id: int) -> str:
    last = posts_in(server, thread_id)[-1].response
    return f"https://discord.com/channels/{server.guild_id}/{thread_id}/{last['id']}"


async def test_three_moves_leave_one_ping_and_a_live_status_card(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database):
        thread_id, challenge_id = await started_match(server)
        for user, move in (("alice", "a3-a4"), ("bob", "a6-a5"), ("alice", "a4-b4")):
            await command(server, "move", {"move": move}, user=user, channel=thread_id)
        pings = pinging(server, thread_id)
        assert len(pings) == 1, [shown_text(m) for m in pings]
        assert [u["id"] for u in pings[0]["mentions"]] == [str(server.user("bob").id)]
        assert pings[0]["id"] == posts_in(server, thread_id)[-1].response["id"]
        # The older boards kept their image and text; only their ping went.
        older = server.message(int(posts_in(server, thread_id)[-2].response["id"]))
        assert "Bob (Black) played a6-a5" in shown_text(older) and older["attachments"]
        assert "<@" not in shown_text(older)
        status = server.message(challenge_id)
        assert status["edited_timestamp"] is not None
        assert status["flags"] & v2.FLAG_COMPONENTS_V2 and not status["attachments"]
        shown = shown_text(status)
        assert "Live status" in shown
        assert "Bob (Black) to move" in shown
        assert "⏳" in shown
        assert f"]({latest_link(server, thread_id)})" in shown
        assert "<@" not in shown and not status["mentions"]
        assert not server.refusals


async def test_after_a_restart_the_next_move_edits_the_same_card(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database):
        thread_id, challenge_id = await started_match(server)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
    async with bot_running(server, database):
        start = server.mark()
        await command(server, "move", {"move": "a6-a5"}, user="bob", channel=thread_id)
        edited = [
            int(c.path.rsplit("/", 1)[-1])
            for c in server.requests[start:]
            if c.method == "PATCH" and f"/channels/{thread_id}/messages/" in c.path
        ]
        assert challenge_id in edited
        shown = shown_text(server.message(challenge_id))
        assert "Alice (White) to move" in shown
        assert f"]({latest_link(server, thread_id)})" in shown
        assert len(pinging(server, thread_id)) == 1


async def test_a_deleted_status_card_never_breaks_a_move(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database):
        thread_id, challenge_id = await started_match(server)
        del server.messages[challenge_id]  # a moderator deleted it
        _, reply = await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        assert "a3-a4" in reply.json["content"]
        assert "Alice (White) played a3-a4" in shown_text(posts_in(server, thread_id)[-1].json)
        await command(server, "move", {"move": "a6-a5"}, user="bob", channel=thread_id)
        assert len(pinging(server, thread_id)) == 1
