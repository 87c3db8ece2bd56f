"""``/me stats`` (issue 24.8): games, wins, draws, losses and the current rating per game on
this server, for yourself or a named player — the command added through
``docs/checklists/adding-a-command.md``."""

from __future__ import annotations

from pathlib import Path

from bot.service import Service, User

from .conftest import ALICE, BOB, CAROL, start_ordo
from .test_console import run_console


async def _resigned(service: Service, loser: User) -> None:
    match = await start_ordo(service)
    assert (await service.resign(loser, match_id=match)).ok


async def test_stats_count_wins_draws_and_losses_per_game(service: Service) -> None:
    await _resigned(service, BOB)  # alice wins
    await _resigned(service, ALICE)  # bob wins
    await _resigned(service, BOB)  # alice wins
    drawn = await start_ordo(service)
    assert (await service.draw(ALICE, match_id=drawn)).ok
    assert (await service.draw(BOB, match_id=drawn)).ok
    await start_ordo(service)  # still running: not counted
    fendo = await service.challenge(ALICE, "fendo", BOB, color="white")
    await service.accept(BOB, match_id=fendo.match_id)
    assert (await service.resign(ALICE, match_id=fendo.match_id)).ok

    mine = await service.stats(ALICE)
    assert mine.ok and "Record of alice" in mine.text
    lines = mine.text.splitlines()[1:]
    assert lines[0].startswith("Ordo: 4 games — 2 won, 1 drawn, 1 lost · rating ")
    assert lines[1].startswith("Fendo: 1 game — 0 won, 0 drawn, 1 lost · rating ")
    theirs = await service.stats(CAROL, user=BOB, game="fendo")
    assert theirs.text.splitlines()[1].startswith("Fendo: 1 game — 1 won, 0 drawn, 0 lost")
    assert "Ordo" not in theirs.text


async def test_stats_stay_on_their_server_and_say_when_there_are_none(service: Service) -> None:
    await _resigned(service, BOB)
    elsewhere = await service.stats(ALICE, guild_id="another server")
    assert elsewhere.text == "alice has no finished games here yet."
    german = await service.stats(User("carol", "carol", locale="de"), user=ALICE)
    assert "Bilanz von alice" in german.text and "1 gewonnen" in german.text
    unknown = await service.stats(ALICE, game="chess")
    assert not unknown.ok


def test_the_console_speaks_me_stats(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /match accept\n"
        "bob: /match resign confirm:true\n"
        "alice: /me stats\ncarol: /stats user:bob game:ordo\n",
    )
    assert "[only alice] Ordo: 1 game — 1 won, 0 drawn, 0 lost · rating 1662?" in lines
    assert "[only carol] Record of bob on this server:" in lines
