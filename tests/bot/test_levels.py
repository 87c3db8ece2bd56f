"""The levels on the ladder as players meet them (issue 26.4): ``level:auto`` picks the level
nearest the player's own rating in that game and says so in one line, a named level says
where it stands, and ``/rules`` lists the levels with their ratings."""

from __future__ import annotations

import pytest

import games
from ai import ladder
from bot.service import Refusal, Service
from bot.service.computer.opponents import computer
from bot.service.records.listings import rules_text
from storage import MemoryStore
from storage.base import Rating
from tests.bot.conftest import ALICE, BOB, FakeClock

QUICK = {"easy": 0.05, "normal": 0.05, "strong": 0.05}


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 4242, computer_seconds=QUICK)


async def _rate(svc: Service, game: str, rating: float) -> None:
    """Give alice a stored ``rating`` in ``game`` (outside a guild, as the console plays)."""
    played = await svc.play(ALICE, "ordo", opponent=BOB)
    assert played.match_id is not None, played.text
    await svc.store.save_ratings(
        "",
        game,
        played.match_id,
        [Rating("alice", game, "", rating=rating, rd=60.0, games=30)],
        0.0,
    )


async def test_auto_gives_a_newcomer_the_level_nearest_1500(svc: Service) -> None:
    expected = ladder.nearest("ordo", 1500)
    assert expected is not None
    started = await svc.play(ALICE, "ordo", opponent=computer("auto"), color="first")
    assert started.ok, started.text
    record = await svc.store.get_match(started.match_id or 0)
    assert record is not None and list(record.seats) == ["alice", f"ai:{expected}:1"]
    first_line = started.text.splitlines()[0]
    assert first_line == (
        f"level:auto picked {expected} (≈ {ladder.rating('ordo', expected)} on the Ordo "
        f"ladder): the level nearest your Ordo rating, 1500."
    )
    assert f"Computer ({expected})" in started.text


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
async def test_auto_follows_the_players_own_rating(svc: Service, level: str) -> None:
    for game in ("ordo", "fuer"):
        at = ladder.rating(game, level)
        assert at is not None
        if ladder.nearest(game, at) != level:  # two levels measured equal: nothing to tell
            continue
        await _rate(svc, game, at + 3)
        started = await svc.play(ALICE, game, opponent=computer("auto"))
        assert started.ok, started.text
        record = await svc.store.get_match(started.match_id or 0)
        assert record is not None and f"ai:{level}:1" in record.seats
        assert f"picked {level}" in started.text and f"rating, {at + 3}." in started.text


async def test_a_named_level_says_where_it_stands(svc: Service) -> None:
    started = await svc.play(ALICE, "fuer", opponent=computer("strong"))
    assert started.text.splitlines()[0] == (
        f"Computer (strong) plays Fuer (Extension) at about {ladder.rating('fuer', 'strong')} "
        "on the rating ladder."
    )


async def test_auto_fills_a_fence_seat_from_the_lobby(svc: Service) -> None:
    opened = await svc.play(ALICE, "fence", seats=3)
    added = await svc.add_computer(ALICE, match_id=opened.match_id, level="auto")
    expected = ladder.nearest("fence", 1500)
    assert added.ok, added.text
    assert added.text.startswith(f"level:auto picked {expected} ")
    record = await svc.store.get_match(opened.match_id or 0)
    assert record is not None and list(record.seats) == ["alice", f"ai:{expected}:1"]


def test_the_rules_list_the_levels_with_their_ratings() -> None:
    for game in games.available():
        text = rules_text(games.get(game), "en")
        shown = " · ".join(f"{lv} ≈ {r}" for lv, r in ladder.ratings(game).items())
        assert f"Computer levels on the rating ladder: {shown} (level:auto" in text
        german = rules_text(games.get(game), "de")
        named = {"easy": "leicht", "normal": "normal", "strong": "stark"}
        shown = " · ".join(f"{named[lv]} ≈ {r}" for lv, r in ladder.ratings(game).items())
        assert f"Stufen des Computers auf der Wertungsleiter: {shown} (stärke:auto" in german


async def test_an_unknown_level_lists_auto_too(svc: Service) -> None:
    with pytest.raises(Refusal, match="easy, normal, strong or auto"):
        computer("hardest")
