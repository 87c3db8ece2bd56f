"""What a player sees when Discord shows them something this version of the bot no longer has:
a command still listed by Discord, or a button from an older version. Also: synced commands
carry German names for German clients."""

from __future__ import annotations

from tests.e2e.test_bot_correspondence import content
from tests.e2e.test_bot_ordo import (
    EPHEMERAL,
    bot_running,
    command,
    flags_of,
    followup,
    press,
    start_match,
    started_match,
    thread_posts,
)
from tests.fakediscord import FakeDiscord, shown_text


async def test_a_removed_command_is_explained(server: FakeDiscord, database: str) -> None:
    async with bot_running(server, database):
        payload = server.slash("oldcommand", {}, user="alice", channel=server.channel_id)
        payload["locale"] = "de"
        answer = await server.interact(payload)
    assert answer is not None
    content = answer.json["data"]["content"]
    assert content.startswith("Diesen Befehl gibt es nicht mehr")
    assert flags_of(answer) & EPHEMERAL
    assert server.internal_errors == []


async def test_an_old_command_name_points_at_its_group(server: FakeDiscord, database: str) -> None:
    """Discord may still list /accept for a while after the sync that grouped it."""
    async with bot_running(server, database):
        answer = await server.interact(
            server.slash("accept", {}, user="alice", channel=server.channel_id)
        )
    assert answer is not None
    assert answer.json["data"]["content"] == (
        "/accept has moved: it is /match accept now. Type / to see the current commands."
    )
    assert flags_of(answer) & EPHEMERAL
    assert server.internal_errors == []


async def test_a_stale_button_gets_a_polite_answer(server: FakeDiscord, database: str) -> None:
    async with bot_running(server, database):
        payload = server.component("v0-resign-yes:12", user="alice", channel=server.channel_id)
        answer = await server.interact(payload)
    assert answer is not None
    content = answer.json["data"]["content"]
    assert "This button no longer works" in content
    assert flags_of(answer) & EPHEMERAL


async def test_commands_carry_german_names(fake_discord: FakeDiscord, database: str) -> None:
    async with bot_running(fake_discord, database):
        pass
    puts = fake_discord.calls(
        "PUT", rf"/applications/{fake_discord.app_id}/guilds/{fake_discord.guild_id}/commands"
    )
    move = next(c for c in puts[-1].json if c["name"] == "move")
    assert move["name_localizations"]["de"] == "zug"
    # grouped commands too: the group, its subcommands and their descriptions
    match = next(c for c in puts[-1].json if c["name"] == "match")
    assert match["name_localizations"]["de"] == "partie"
    accept = next(o for o in match["options"] if o["name"] == "accept")
    assert accept["name_localizations"]["de"] == "annehmen"
    assert accept["description_localizations"]["de"].startswith("Nimm eine Herausforderung")


async def test_a_german_client_gets_german_answers(server: FakeDiscord, database: str) -> None:
    """Discord sends the member's client language with every interaction."""
    async with bot_running(server, database):
        start = server.mark()
        payload = server.slash(
            "me", {}, user="carol", channel=server.channel_id, subcommand="games"
        )
        payload["locale"] = "de"
        await server.interact(payload)
        answer = await followup(server, payload, start)
    assert content(answer) == "Du hast keine offenen Partien. Starte eine mit /spielen."
    assert flags_of(answer) & EPHEMERAL


async def test_board_images_carry_alt_text(server: FakeDiscord, database: str) -> None:
    """Issue 14.19: a screen reader hears the game, the move and who is to move."""
    async with bot_running(server, database):
        thread_id, _ = await started_match(server)
        await command(server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id)
    post = thread_posts(server, thread_id)[-1]
    [attachment] = post.json["attachments"]
    assert attachment["description"].startswith("Ordo board, match #1.")
    assert "Alice (White) played a3-a4" in attachment["description"]
    assert "Bob (Black) to move." in attachment["description"]


async def test_a_typed_match_that_is_no_number_is_no_such_match(
    server: FakeDiscord, database: str
) -> None:
    """Issue 23.4: the ``match`` option takes typing, so anyone can send text; on PostgreSQL it
    once ended in "something went wrong" while SQLite said there is no such match."""
    async with bot_running(server, database):
        thread_id, _ = await started_match(server)
        for bad in ["not-a-number", str(2**70)]:
            _, answer = await command(
                server, "move", {"move": "c1-b1", "match": bad}, user="alice", channel=thread_id
            )
            assert "There is no match" in answer.json["content"], answer.json
            assert flags_of(answer) & EPHEMERAL
    assert server.internal_errors == [] and server.client_errors == []


async def test_a_german_community_gets_german_thread_posts(
    server: FakeDiscord, database: str
) -> None:
    """Discord's preferred locale of a community server is the language of shared posts
    (no /server settings language: chosen); a member's English client still gets English."""
    server.preferred_locale = "de"
    async with bot_running(server, database):
        thread_id, challenge_id = await start_match(server)  # its reply to alice: English
        assert "Bob, nimmst du an?" in shown_text(thread_posts(server, thread_id)[-1].json)
        await press(server, "bb:accept:1::", user="bob", message=challenge_id)
        _, played = await command(
            server, "move", {"move": "a3-a4"}, user="alice", channel=thread_id
        )
    assert content(played).startswith("Played a3-a4")
    post = thread_posts(server, thread_id)[-1]
    assert "Bob, du bist in Ordo am Zug" in shown_text(post.json)
    said = str(post.json)
    assert "a3-a4 gespielt. Bob (Schwarz) am Zug." in said and "to move" not in said
    [attachment] = post.json["attachments"]
    assert (
        attachment["description"].startswith("Ordo-Brett")
        or "am Zug" in (attachment["description"])
    )
    assert server.internal_errors == []
