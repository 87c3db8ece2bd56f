"""Shared posts follow the server's language (issue "The house, finished", item 5): the
language a manager chose with /server settings, else Discord's preferred locale of the
community server, else English; private replies still follow the caller."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import games
from bot.service import Service, User
from bot.service.text.image_labels import image_labels
from tests.bot.conftest import FakeClock, start_ordo
from tests.bot.test_console import run_console
from tests.people import on_server

GUILD = "g1"
ALICE, BOB = on_server(GUILD, "alice", "bob")
MANAGER = User("carol", "carol", manages_server=True, guild_id=GUILD)
HOUR = 3600.0
DAY = 24 * HOUR


async def ordo(
    service: Service, white: User = ALICE, black: User = BOB, time: str | None = None
) -> int:
    return await start_ordo(service, white, black, guild_id=GUILD, time_control=time)


async def first_move(service: Service, match: int) -> str:
    record = await service.store.get_match(match)
    assert record is not None
    rules = games.get(record.game)
    return rules.legal_notations(rules.load(record.state))[0]


async def test_a_server_that_chose_german_gets_german_thread_posts(service: Service) -> None:
    chosen = await service.server_settings(MANAGER, GUILD, {"language": "de"})
    assert chosen.ok, chosen.text
    assert "Deutsch (de)" in chosen.text
    match = await ordo(service)
    played = await service.move(ALICE, await first_move(service, match), match_id=match)
    assert played.ok and played.post is not None
    assert "ist am Zug" in played.post.text or "am Zug." in played.post.text
    assert "to move" not in played.post.text
    assert played.post.ping.startswith("bob:") or "bob" in played.post.ping
    assert "Partie" in played.post.title
    # the reply to the mover is theirs: an English client reads English
    assert played.text.startswith("Played")


async def test_the_board_image_of_a_german_server_is_drawn_with_german_labels(
    service: Service,
) -> None:
    await service.server_settings(MANAGER, GUILD, {"language": "de"})
    match = await ordo(service)
    drawn: list[object] = []
    original = service.workers.run

    async def watching(job):  # type: ignore[no-untyped-def]
        drawn.append(job.keywords.get("labels"))
        return await original(job)

    service.workers.run = watching  # type: ignore[method-assign]
    await service.move(ALICE, await first_move(service, match), match_id=match)
    assert image_labels("de") in drawn and image_labels("en") not in drawn


async def test_a_german_server_gets_a_german_reminder_from_the_clock(
    service: Service, clock: FakeClock
) -> None:
    await service.server_settings(MANAGER, GUILD, {"language": "de"})
    await ordo(service, time="3d per move")
    clock.advance(2 * DAY + HOUR)  # 23 h left
    ticked = await service.tick()
    posts = [r.post for r in ticked if r.post is not None]
    assert len(posts) == 1
    assert "Partie #1" in posts[0].ping and "left on your clock" not in posts[0].ping


async def test_discords_preferred_locale_is_the_default_and_a_choice_overrides_it(
    service: Service, clock: FakeClock
) -> None:
    german_community = {"guild_locale": "de"}
    alice = dataclasses.replace(ALICE, **german_community)
    bob = dataclasses.replace(BOB, **german_community)
    match = await ordo(service, alice, bob, time="3d per move")
    played = await service.move(alice, await first_move(service, match), match_id=match)
    assert played.post is not None and "to move" not in played.post.text
    assert played.text.startswith("Played")  # alice's client is English
    shown = await service.server_settings(ALICE, GUILD)
    assert "Deutsch (de)" in shown.text and "in Discord" in shown.text
    # the clock has no interaction: it reads the locale the server last showed
    clock.advance(2 * DAY + HOUR)
    ticked = await service.tick()
    assert next(r.post.ping for r in ticked if r.post).startswith("bob, auf deiner Uhr")
    # a manager's choice wins over Discord's
    await service.server_settings(MANAGER, GUILD, {"language": "en"})
    again = await service.board(bob, match_id=match)
    moved = await service.move(bob, await first_move(service, match), match_id=match)
    assert moved.post is not None and "to move" in moved.post.text
    assert again.ok
    # and auto goes back to Discord's
    back = await service.server_settings(MANAGER, GUILD, {"language": "auto"})
    assert "Deutsch (de)" in back.text


async def test_a_server_without_a_choice_or_a_community_locale_posts_english(
    service: Service,
) -> None:
    german_client = dataclasses.replace(ALICE, locale="de")
    match = await ordo(service, german_client, BOB)
    played = await service.move(german_client, await first_move(service, match), match_id=match)
    assert played.text.startswith("Gespielt")  # a private reply follows the caller
    assert played.post is not None and "to move" in played.post.text


async def test_only_shipped_languages_and_only_managers(service: Service) -> None:
    refused = await service.server_settings(MANAGER, GUILD, {"language": "xx"})
    assert not refused.ok and "auto, de, en" in refused.text
    not_allowed = await service.server_settings(ALICE, GUILD, {"language": "de"})
    assert not not_allowed.ok
    shown = await service.server_settings(ALICE, GUILD)
    assert "English (en)" in shown.text


async def test_the_discord_locale_is_written_only_when_it_changes(service: Service) -> None:
    writes: list[dict[str, object]] = []
    save = service.store.save_guild_settings

    async def counting(guild_id: str, settings: dict[str, object], now: float) -> None:
        writes.append(settings)
        await save(guild_id, settings, now)

    service.store.save_guild_settings = counting  # type: ignore[method-assign]
    german = dataclasses.replace(ALICE, guild_locale="de")
    await service.games(german)
    await service.games(german)
    assert len(writes) == 1
    await service.games(dataclasses.replace(ALICE, guild_locale="en"))
    assert len(writes) == 2


def test_the_console_is_a_server_whose_language_can_be_chosen(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /server settings language:de\n"
        "alice: /play ordo opponent:bob color:first\nbob: /accept\n",
        "memory",
        "--admin",
        "alice",
    )
    assert "alice fordert bob zu Ordo heraus (Partie #1)." in lines
    assert "[only bob] Challenge accepted." in lines  # a reply to bob: his own language
