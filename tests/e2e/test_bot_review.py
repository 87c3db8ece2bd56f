"""``/match review`` end to end: the real discord.py client against the fake Discord. A match
played and drawn by agreement is reviewed on a spectator's request: the answer says the review
is under way, then the thread receives one post with the chart and three swing boards and a
line per swing; asking again shows the stored review without judging or counting again; a
running match and a spectator past the day's limit are refused."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.service.computer import reviews as reviews_module
from tests.fakediscord import FakeDiscord, interactive, shown_text
from tests.fakediscord.fixtures import eventually

from .test_bot_ordo import EPHEMERAL, bot_running, command, flags_of, press, thread_posts

pytestmark = pytest.mark.e2e

MOVES = [
    "b2-c3", "g7-h6", "g2:h2-g4", "h8-i8", "g1-f1", "h6-g5", "f1-g1", "j6xh4", "g4-d4", "b7-d5",
]  # fmt: skip
"""A short game with three clear swings at 40 iterations a position (found with the
service; Ordo's search uses no random numbers, so the seed of the match does not matter)."""
PHONE = 400
"""How wide Discord shows an attached image on a phone."""


async def new_match(server: FakeDiscord) -> int:
    """alice challenges bob, bob accepts; the new match's thread."""
    before = len(server.calls("POST", rf"/channels/{server.channel_id}/threads"))
    await command(
        server, "play", {"opponent": "bob", "color": "first"}, user="alice", subcommand="ordo"
    )
    created = server.calls("POST", rf"/channels/{server.channel_id}/threads")
    assert len(created) == before + 1
    thread_id = int(created[-1].response["id"])
    challenge = thread_posts(server, thread_id)[-1]
    custom = next(interactive(challenge.json["components"]))["custom_id"]
    accepted = await press(server, custom, user="bob", message=int(challenge.response["id"]))
    assert "accepted" in accepted.json["content"].lower()
    return thread_id


async def play_and_draw(server: FakeDiscord, thread_id: int, moves: list[str]) -> None:
    for number, move in enumerate(moves):
        who = "alice" if number % 2 == 0 else "bob"
        _, reply = await command(server, "move", {"move": move}, user=who, channel=thread_id)
        assert f"Played {move}" in reply.json["content"], reply.json["content"]
    await command(server, "match draw", {}, user="alice", channel=thread_id)
    _, agreed = await command(server, "match draw", {}, user="bob", channel=thread_id)
    assert agreed.json["content"]


def width_of(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        return image.width


async def test_a_review_is_posted_in_the_thread_and_shown_again(
    server: FakeDiscord, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged: list[int] = []
    real = reviews_module.judge_position

    def counted(*args: Any) -> tuple[float, str]:
        judged.append(1)
        return real(*args)

    monkeypatch.setattr(reviews_module, "judge_position", counted)
    async with bot_running(server, database, workers=0) as bot:
        bot.service.reviews.iterations = 40  # exact and quick; the bot's own budget is seconds
        thread_id = await new_match(server)
        await play_and_draw(server, thread_id, MOVES[:2])
        # (the first match only checks the refusal of a running one; see below)

        thread_id = await new_match(server)
        await command(server, "move", {"move": MOVES[0]}, user="alice", channel=thread_id)
        _, running = await command(server, "match review", {}, user="carol", channel=thread_id)
        assert flags_of(running) & EPHEMERAL and "not over yet" in running.json["content"]
        for number, move in enumerate(MOVES[1:], start=1):
            who = "alice" if number % 2 == 0 else "bob"
            await command(server, "move", {"move": move}, user=who, channel=thread_id)
        await command(server, "match draw", {}, user="alice", channel=thread_id)
        await command(server, "match draw", {}, user="bob", channel=thread_id)

        before = len(thread_posts(server, thread_id))
        _, asked = await command(server, "match review", {}, user="carol", channel=thread_id)
        assert flags_of(asked) & EPHEMERAL
        assert "under way" in asked.json["content"]
        assert "posted in the thread" in asked.json["content"]
        await eventually(lambda: len(thread_posts(server, thread_id)) > before, timeout=60)
        post = thread_posts(server, thread_id)[-1]
        assert post.file_names == ["review.png", "swing1.png", "swing2.png", "swing3.png"]
        card = shown_text(post.json)
        gallery = [c for c in post.json["components"][0]["components"] if c["type"] == 12]
        assert gallery[0]["items"][0]["media"]["url"] == "attachment://review.png"
        assert card.startswith("### Review of match #2: Alice – Bob")
        lines = card.splitlines()
        swings = [line for line in lines if line[:2] in ("1.", "2.", "3.")]
        assert len(swings) == 3, lines
        for line in swings:
            assert ", move " in line and " % → " in line and "%; better was " in line
        # Read on a phone: the chart is drawn 800 wide for Discord's 400, the boards at 400.
        assert width_of(post.files[0].data) == 2 * PHONE
        assert [width_of(f.data) for f in post.files[1:]] == [PHONE] * 3
        assert not post.json.get("content") and "<@" not in card  # nobody is pinged
        counted_once = len(judged)
        assert counted_once == len(MOVES) + 1  # the start and the position after each move

        # Again, by someone else too: shown from the store, not judged again.
        for who in ("carol", "alice"):
            start = len(thread_posts(server, thread_id))
            _, again = await command(server, "match review", {}, user=who, channel=thread_id)
            assert "posted in the thread again" in again.json["content"]
            shown = thread_posts(server, thread_id)[start:]
            assert len(shown) == 1 and shown[0].file_names == post.file_names
            assert shown_text(shown[0].json) == card
        assert len(judged) == counted_once

        # The day's limit: one review a day on this server; carol's one is spent (showing
        # it again did not count), so a new one is refused and nothing is stored.
        await bot.service.store.save_guild_settings(
            str(server.guild_id), {"limits": {"reviews_per_day": 1}}, 0.0
        )
        first = 1
        _, refused = await command(
            server, "match review", {"match": first}, user="carol", channel=server.channel_id
        )
        assert flags_of(refused) & EPHEMERAL
        assert "1 review in the last day" in refused.json["content"]
        assert await bot.service.store.get_review(first) is None
        # …while alice, who has not had one, may.
        _, allowed = await command(
            server, "match review", {"match": first}, user="alice", channel=server.channel_id
        )
        assert "under way" in allowed.json["content"]
