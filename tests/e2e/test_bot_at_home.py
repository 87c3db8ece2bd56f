"""At home in Discord (issue 43) on the real discord.py client against the fake Discord, on
SQLite and on PostgreSQL: a person's DMs speak the language of their client as their latest
interaction said, or the one they chose."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.service.text.image_labels import image_labels
from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import eventually

from .test_bot_correspondence import (
    DAY,
    HOUR,
    bot_running,
    challenge,
    content,
    description,
    dm_texts,
    slash_reply,
    tick,
)
from .test_bot_ordo import command, thread_posts

pytestmark = pytest.mark.e2e


async def test_dms_follow_the_client_language_of_the_latest_interaction(
    server: FakeDiscord, database: str
) -> None:
    clock = FakeClock()
    async with bot_running(server, database, clock) as bot:
        text = await slash_reply(server, "me notify", {"mode": "dm"}, "bob")
        assert "I DM you when it's your turn" in text
        server.client_locales["bob"] = "de"  # bob switches his Discord to German
        thread_id, _ = await challenge(server, {"time": "2d per move"})  # he presses Accept
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        await eventually(lambda: bool(dm_texts(server, "bob")))
        assert dm_texts(server, "bob")[0].startswith("Du bist in Ordo gegen Alice am Zug")
        clock.advance(DAY + HOUR)
        await tick(bot)  # no interaction of bob's: the kept language
        assert "Bob" in dm_texts(server, "bob")[-1] and "Ordo" in dm_texts(server, "bob")[-1]
        assert "left on your clock" not in dm_texts(server, "bob")[-1]
        # a chosen language wins over the client's
        chosen = await slash_reply(server, "me notify", {"language": "pl"}, "bob")
        assert "polski" in chosen.lower() or "polnisch" in chosen.lower(), chosen
        clock.advance(21 * HOUR)
        await tick(bot)
        assert len(dm_texts(server, "bob")) == 3
        assert "na twoim zegarze" in dm_texts(server, "bob")[-1], dm_texts(server, "bob")


async def test_a_blocked_challenger_reads_one_sentence_and_nothing_is_made(
    server: FakeDiscord, database: str
) -> None:
    clock = FakeClock()
    async with bot_running(server, database, clock) as bot:
        told = await slash_reply(server, "me challenges", {"block": "bob"}, "alice")
        assert told == "Challenges: anyone may challenge you. Blocked: Bob.", told
        server.client_locales["bob"] = "de"
        _, refused = await command(
            server, "play", {"opponent": "alice"}, user="bob", subcommand="ordo"
        )
        assert refused.json["content"] == "Alice nimmt gerade keine Herausforderungen an."
        assert await bot.service.store.list_matches() == []
        told = await slash_reply(server, "me challenges", {"allow": "nobody"}, "alice")
        assert told.startswith("Challenges: nobody may challenge you."), told
        _, refused = await command(
            server, "play", {"opponent": "alice"}, user="carol", subcommand="ordo"
        )
        assert refused.json["content"] == "Alice is not taking challenges now."
        _, own = await command(
            server, "play", {"opponent": "carol"}, user="carol", subcommand="ordo"
        )
        assert own.json["content"] == "You can't challenge yourself — pick another player."
        assert await bot.service.store.list_matches() == []


async def test_quiet_hours_hold_the_ping_and_pause_the_clock(
    server: FakeDiscord, database: str
) -> None:
    berlin = ZoneInfo("Europe/Berlin")
    clock = FakeClock(datetime(2026, 12, 1, 21, tzinfo=berlin).timestamp())  # a Tuesday
    bob = server.user("bob").id
    async with bot_running(server, database, clock) as bot:
        bad = await slash_reply(server, "me quiet", {"zone": "Mars/Base"}, "bob")
        assert bad.startswith("There is no time zone 'Mars/Base'"), bad
        told = await slash_reply(
            server, "me quiet", {"zone": "Europe/Berlin", "hours": "22:00-07:00"}, "bob"
        )
        assert "22:00–07:00 (Europe/Berlin)" in told, told
        thread_id, _ = await challenge(server, {"time": "1d per move"})
        clock.advance(2 * HOUR)  # 23:00 in Berlin: bob sleeps
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
        post = thread_posts(server, thread_id)[-1]
        assert f"<@{bob}>" not in content(post) and post.json["allowed_mentions"]["users"] == []
        assert "paused: quiet hours, 8 h more" in description(post), description(post)
        clock.advance(8 * HOUR + 60)  # 07:01
        await tick(bot)
        ping = thread_posts(server, thread_id)[-1]
        assert content(ping) == f"<@{bob}> Bob, it's your turn in Ordo (match #1).", content(ping)


async def test_a_german_fence_start_sends_german_hands_and_pictures(
    server: FakeDiscord, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's own case: a server set to German, each player's Discord in German, a
    three-player FENCE! start; every secret DM and every hand picture speaks German though
    nobody ever ran /me notify."""
    import render.fence

    drawn: list[dict[str, str]] = []

    def hand(view: dict[str, object], labels: dict[str, str] | None = None) -> bytes:
        drawn.append(dict(labels or {}))
        return b"hand"

    monkeypatch.setattr(render.fence, "render_hand", hand)
    server.preferred_locale = "de"
    for player in ("alice", "bob", "carol"):
        server.client_locales[player] = "de"
    async with bot_running(server, database, FakeClock(), workers=0):
        await command(server, "play", {"seats": 3}, user="alice", subcommand="fence")
        lobby = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        for player in ("bob", "carol"):
            await command(server, "lobby join", {}, user=player, channel=lobby)
        await command(server, "lobby start", {}, user="alice", channel=lobby)
        await eventually(lambda: all(dm_texts(server, p) for p in ("alice", "bob", "carol")))
        for player in ("alice", "bob", "carol"):
            secret = next(t for t in dm_texts(server, player) if "#1" in t)
            assert secret.startswith("Deine geheimen Karten — FENCE!, Partie #1"), secret
            assert "Du spielst" in secret and "Startkarten:" in secret, secret
            assert "Your" not in secret and "Starting cards" not in secret, secret
        assert len(drawn) >= 3
        assert all(labels == image_labels("de") for labels in drawn), [
            d.get("language") for d in drawn
        ]
