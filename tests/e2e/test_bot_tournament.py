"""A tournament through the real discord.py client and the fake Discord (issue 18.3): the
sign-up post with Join buttons, the start making every game of round one at once in threads of
its own with the players pinged, and the standings as a table image."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import eventually

from .test_bot_ordo import EPHEMERAL, bot_running, command, custom_ids, flags_of, press

pytestmark = pytest.mark.e2e


async def test_a_tournament_on_discord(server: FakeDiscord, database: str) -> None:
    channel = server.channel_id
    async with bot_running(server, database, workers=0):
        _, created = await command(
            server, "tournament create",
            {"game": "ordo", "name": "Winter Cup", "format": "swiss", "time": "2d per move"},
            user="alice",
        )  # fmt: skip
        assert flags_of(created) & EPHEMERAL and "Winter Cup" in created.json["content"]
        signup = server.calls("POST", rf"/channels/{channel}/messages")[-1]
        assert "Signed up (1)" in str(signup.json)
        join = next(c for c in custom_ids(signup.json) if c.startswith("bb:tournament_join:"))
        for person in ("bob", "carol", "dave"):
            joined = await press(server, join, user=person, message=int(signup.response["id"]))
            assert flags_of(joined) & EPHEMERAL
        posts = server.calls("POST", rf"/channels/{channel}/messages")
        assert "Signed up (4)" in str(posts[-1].json)

        threads_before = len(server.calls("POST", rf"/channels/{channel}/threads"))
        _, started = await command(server, "tournament start", {}, user="alice")
        assert "round 1" in started.json["content"]
        await eventually(
            lambda: (
                len(server.calls("POST", rf"/channels/{channel}/threads")) >= threads_before + 2
            ),
            timeout=10,
        )
        made = server.calls("POST", rf"/channels/{channel}/threads")[threads_before:]
        pinged: set[str] = set()
        for thread in made:
            thread_id = thread.response["id"]
            await eventually(
                lambda t=thread_id: server.calls("POST", rf"/channels/{t}/messages"), timeout=10
            )
            post = server.calls("POST", rf"/channels/{thread_id}/messages")[-1]
            assert post.file_names == ["board.png"] and "Winter Cup, round 1 of 2" in str(post.json)
            pinged |= {str(u) for u in post.json["allowed_mentions"]["users"]}
        assert len(pinged) == 2  # each game pings its player to move

        _, table = await command(server, "tournament standings", {}, user="bob")
        assert flags_of(table) & EPHEMERAL
        assert table.file_names == ["standings.png"]  # the table image
        assert "Winter Cup" in table.json["content"]
