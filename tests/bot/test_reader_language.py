"""A person's own messages speak their language (issue 43, item 1): the language their
client last spoke (kept from every command, written only when it changes), unless they chose
one with ``/me notify language:`` — for hand DMs and their images, turn DMs, reminders by
DM, kept notices and their own web link's page."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from urllib.parse import unquote

from bot.service import Service, User
from bot.service.match.links import BoardLinks
from storage import MemoryStore
from storage.wrapped import CountingStore
from tests.bot.conftest import FakeClock
from tests.bot.test_console import run_console

ALICE = User("alice", "alice", locale="de")
BOB = User("bob", "bob", locale="de")
CAROL = User("carol", "carol", locale="pl")
HOUR = 3600.0


async def fence_lobby_started(service: Service) -> list[tuple[str, str]]:
    opened = await service.play(ALICE, "fence", seats=3, options={"quick_map": True})
    assert opened.ok, opened.text
    for joiner in (BOB, CAROL):
        joined = await service.join(joiner, match_id=opened.match_id)
        assert joined.ok, joined.text
    started = await service.start(ALICE, match_id=opened.match_id)
    assert started.ok, started.text
    return [(dm.user_id, dm.text) for dm in started.dms]


async def test_each_fence_hand_dm_speaks_its_readers_client_language(service: Service) -> None:
    dms = dict(await fence_lobby_started(service))
    assert set(dms) == {"alice", "bob", "carol"}
    assert "Deine geheimen Karten" in dms["alice"] and "Deine geheimen Karten" in dms["bob"]
    assert "Your secret cards" not in dms["alice"] + dms["bob"] + dms["carol"]
    assert "Twoje" in dms["carol"] or "tajne" in dms["carol"], dms["carol"]


async def test_a_chosen_language_wins_over_the_client_and_auto_goes_back(
    service: Service,
) -> None:
    chosen = await service.notify(BOB, language="pl")
    assert chosen.ok and "polnisch" in chosen.text.lower(), chosen.text
    dms = dict(await fence_lobby_started(service))
    assert "Deine geheimen Karten" not in dms["bob"]
    assert dms["bob"].split("—")[0] == dms["carol"].split("—")[0]  # both Polish
    back = await service.notify(BOB, language="auto")
    assert back.ok and "polnisch" not in back.text.lower()
    assert "language" not in await service.store.user_settings("bob")


async def test_an_unknown_language_is_one_sentence_and_nothing_is_stored(
    service: Service,
) -> None:
    refused = await service.notify(BOB, language="klingon")
    assert not refused.ok and refused.text.count(".") == 1, refused.text
    assert await service.store.user_settings("bob") == {}


async def test_a_reminder_by_dm_speaks_the_players_language(
    service: Service, clock: FakeClock
) -> None:
    made = await service.challenge(ALICE, "ordo", BOB, color="white", time_control="1d")
    assert (await service.accept(BOB, match_id=made.match_id)).ok
    assert (await service.notify(dataclasses.replace(ALICE, locale="en"), mode="dm")).ok
    # alice's client now speaks Polish; the tick has no interaction of hers to read it from
    assert (await service.waiting(dataclasses.replace(ALICE, locale="pl"))).ok
    clock.advance(23 * HOUR)
    dms = [dm for reply in await service.tick() for dm in reply.dms if dm.user_id == "alice"]
    assert dms, "no reminder"
    assert "na twoim zegarze" in dms[0].text, dms[0].text


async def test_the_locale_is_written_only_when_it_changes(clock: FakeClock) -> None:
    counted = CountingStore(MemoryStore())
    service = Service(counted, clock=clock, seed_source=lambda: 1)
    await service.open()
    try:
        for _ in range(3):
            assert (await service.waiting(ALICE)).ok
        assert counted.calls.get("save_user_locale") == 1
        assert (await service.waiting(dataclasses.replace(ALICE, locale="pl"))).ok
        assert counted.calls.get("save_user_locale") == 2
        assert await counted.user_locales(["alice"]) == {"alice": "pl"}
    finally:
        await service.close()


async def test_a_players_own_link_speaks_the_language_they_chose(
    service: Service, clock: FakeClock
) -> None:
    web = Service(service.store, clock=clock, web=BoardLinks("https://b.example", "s" * 32, clock))
    made = await web.challenge(ALICE, "ordo", BOB, color="white")
    assert (await web.accept(BOB, match_id=made.match_id)).ok
    link = (await web.web_link(BOB, match_id=made.match_id)).links[0].url
    token = unquote(link.split("#t=", 1)[1])
    english_browser = User("", "", locale="en")
    seen = await web.pages.page(english_browser, token, match_id=made.match_id)
    assert seen.ok and "to move" in str(seen.extra["page"]), seen.extra
    assert (await web.notify(BOB, language="pl")).ok
    seen = await web.pages.page(english_browser, token, match_id=made.match_id)
    assert "to move" not in str(seen.extra["page"]), seen.extra


def test_the_consoles_locale_is_its_users_client_language(tmp_path: Path) -> None:
    run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /accept\nbob: /me notify mode:dm\n",
    )
    run_console(tmp_path, "bob: /me waiting\n", "demo.sqlite3", "--locale", "de")
    lines = run_console(tmp_path, "alice: /move move:a3-a4\n")
    dms = [line for line in lines if line.startswith("[dm bob]")]
    assert dms and "Du bist in Ordo gegen alice am Zug" in dms[0], lines
