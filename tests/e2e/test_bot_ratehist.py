"""Issue 18.4 and 18.5 on the real discord.py client against the fake Discord: after a rated
Fonver match ``/me rating`` answers with the rating chart attached, and ``/match export``
attaches the match as SGF beside the text record and the animation."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from sgfmill import sgf

from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord

from .test_bot_correspondence import bot_resign, bot_running, challenge, content
from .test_bot_ordo import EPHEMERAL, command, flags_of

pytestmark = pytest.mark.e2e


async def test_rating_chart_and_fonver_sgf_reach_discord(
    server: FakeDiscord, database: str
) -> None:
    async with bot_running(server, database, FakeClock()):
        thread_id, _ = await challenge(server, {"size": 9}, game="fonver")
        await command(server, "move", {"move": "e5"}, user="alice", channel=thread_id)
        await command(server, "move", {"move": "swap"}, user="bob", channel=thread_id)
        await bot_resign(server, thread_id)

        _, rating = await command(server, "me rating", {}, user="alice")
        assert flags_of(rating) & EPHEMERAL
        assert content(rating) == "Ratings of Alice:\nFonver: 1662? (1 game)"
        assert rating.file_names == ["rating.png"]
        with Image.open(io.BytesIO(rating.files[0].data)) as chart:
            assert chart.format == "PNG" and chart.width == 800

        _, exported = await command(server, "match export", {"match": 1}, user="alice")
        assert flags_of(exported) & EPHEMERAL
        assert exported.file_names == ["match1-fonver.txt", "match1-fonver.gif", "match1.sgf"]
        game = sgf.Sgf_game.from_bytes(exported.files[2].data)
        root = game.get_root()
        assert (root.get("PB"), root.get("PW"), root.get("RE")) == ("Bob", "Alice", "W+R")
        assert [node.get_move() for node in game.get_main_sequence()][1] == ("b", (4, 4))
