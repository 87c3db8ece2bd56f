"""Issue 33 item 4: Polish, a language whose counts need one/few/many — complete (the checker's
coverage test in test_checker.py), said with the right forms, selectable, spoken by the console."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from bot.service import Service, User
from bot.service.text.command_map import command_names
from bot.service.text.languages import shipped
from bot.words import catalogue, words
from tests.bot.test_console import run_console

GUILD = "g1"
ALICE = User("alice", "alice", guild_id=GUILD, locale="pl")
ADMIN = replace(ALICE, manages_server=True)

SAME_IN_POLISH = frozenset(
    {
        "button.start",  # Polish gamers say "start" too
        "discord.command_name.start",
        "discord.group_name.lobby",
        "discord.parameter_name.format",
        "discord.parameter_name.weekend",  # "weekend" is the Polish word too
        "games.lobby",
        "lobby.title",
        "tiebreak.buchholz_short",
        "time.short_minutes.one",
        "time.short_minutes.other",
    }
)


def test_polish_entries_are_polish_not_english_copies() -> None:
    polish, english = catalogue().languages["pl"], catalogue().english
    copied = sorted(
        key
        for key, text in english.items()
        if polish.get(key) == text
        and re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", text))
        and key not in SAME_IN_POLISH
    )
    assert copied == []


def test_polish_counts_take_their_own_forms() -> None:
    say = words("pl")
    assert [say("rules.players", n=n) for n in (1, 2, 5, 12, 22, 25, 112)] == [
        "1 gracz",
        "2 gracze",
        "5 graczy",
        "12 graczy",
        "22 gracze",
        "25 graczy",
        "112 graczy",
    ]
    assert say("time.days", n=1.5) == "1.5 dnia"
    assert say("ago.days", n=3) == "3 dni temu" and say("ago.days", n=1) == "1 dzień temu"


async def test_a_polish_tournament_list_counts_its_players(service: Service) -> None:
    created = await service.tournament_create(
        ALICE, "ordo", name="Jesienna liga", guild_id=GUILD, channel_id="c1"
    )
    assert created.ok, created.text
    listed = {}
    for joined in range(2, 6):
        await service.tournament_join(
            User(f"p{joined}", f"p{joined}", guild_id=GUILD), guild_id=GUILD
        )
        listed[joined] = (await service.tournaments(ALICE, guild_id=GUILD)).text
    assert "2 gracze" in listed[2] and "4 gracze" in listed[4] and "5 graczy" in listed[5]


async def test_a_server_may_choose_polish_for_its_shared_posts(service: Service) -> None:
    assert "pl" in shipped()
    chosen = await service.server_settings(ADMIN, GUILD, {"language": "pl"})
    assert chosen.ok and "polski (pl)" in chosen.text, chosen.text
    bob = User("bob", "bob", guild_id=GUILD)  # an English client: the post is the server's
    made = await service.challenge(bob, "ordo", ALICE, color="white", guild_id=GUILD)
    assert made.ok and made.post is not None, made.text
    assert made.post.text.startswith("bob wyzywa alice na partię Ordo (partia #")
    assert made.text.startswith("Challenge sent to alice")  # bob's own reply: his language


def test_the_console_and_discord_share_the_polish_names() -> None:
    """Discord's limits for these names are the checker's (test_checker.py covers pl)."""
    names = command_names("pl")
    assert names.full("accept") == "partia przyjmij" and names.option("opponent") == "przeciwnik"
    assert names.english_command("czołówka") == "leaderboard"
    assert names.english_option("ranking_min") == "min_rating"


def test_the_polish_console_plays_a_game_in_polish_names(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /graj ordo przeciwnik:bob kolor:first\n"
        "bob: /partia przyjmij\n"
        "alice: /ruch ruch:a7-a6\n"
        "alice: /ruch ruch:a3-a4\n"
        "bob: /partia historia 1\n"
        "alice: /zasady fuer\n",
        "demo.sqlite3",
        "--locale",
        "pl",
    )
    assert "[only alice] Wyzwanie wysłane do bob (partia #1)." in lines
    assert "[only bob] Wyzwanie przyjęte." in lines
    assert any(
        line.startswith("[only alice] a7-a6 jest niedozwolony: na a7 stoi") for line in lines
    )
    assert "[only alice] Zagrane: a3-a4." in lines
    assert "[only bob] 1. alice (Białe): a3-a4" in lines  # the seat colour in Polish too
    assert any("(2 gracze; miejsca:" in line for line in lines), lines[-8:]
    assert not [line for line in lines if "Nieznana komenda" in line]
