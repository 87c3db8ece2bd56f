"""Issue "What a player sees and reads", item 11: counts read as plurals from the
catalogue's tables ("1 player", "2 players"), in English and German."""

from __future__ import annotations

from dataclasses import replace

from bot.service import Service, User

GUILD = "g1"
ALICE = User("alice", "alice", guild_id=GUILD)


async def test_the_tournament_list_counts_one_player(service: Service) -> None:
    created = await service.tournament_create(
        ALICE, "ordo", name="Autumn League", guild_id=GUILD, channel_id="c1"
    )
    assert created.ok, created.text
    listing = await service.tournaments(ALICE, guild_id=GUILD)
    assert "1 player" in listing.text and "1 players" not in listing.text
    german = await service.tournaments(replace(ALICE, locale="de"), guild_id=GUILD)
    assert "1 Spieler" in german.text and "1 Spielerinnen" not in german.text
