"""Issue 18.4 through the service: ``/me rating`` draws the rating history, and FENCE!
results with more than two players are rated as a ranking (Plackett-Luce)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

import bot.service.people.ratings
import bot.service.play.hands
from bot.service import Service, User
from competition.ratings import PROVISIONAL_GAMES, finishing_ranks, rate_ranking
from games.core import Outcome
from storage import Rating

from .conftest import ALICE, BOB, CAROL, FakeClock, start_ordo

DAVE = User("dave", "dave")
DAY = 86400.0
GUILD = "g1"


pytestmark = pytest.mark.usefixtures("no_drawing")


class Charts:
    """Every call of the rating chart, with what the service asked it to draw."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(
        self,
        series: Mapping[str, Sequence[tuple[float, float, float]]],
        *,
        title: str,
        provisional: Mapping[str, Sequence[bool]] | None = None,
        now: float | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> bytes:
        self.calls.append(
            {"series": dict(series), "title": title, "provisional": provisional, "now": now}
        )
        self.labels = labels
        return b"chart-%d" % len(self.calls)


@pytest.fixture
def charts(monkeypatch: pytest.MonkeyPatch) -> Charts:
    recorder = Charts()
    monkeypatch.setattr(bot.service.people.ratings, "rating_chart", recorder)
    return recorder


async def rated_ordo(service: Service, loser: User = BOB, white: User = ALICE) -> int:
    made = await service.challenge(white, "ordo", loser, color="white", guild_id=GUILD)
    assert made.ok and made.match_id is not None, made.text
    assert (await service.accept(loser, match_id=made.match_id)).ok
    assert (await service.resign(loser, match_id=made.match_id)).ok
    return made.match_id


async def test_rating_answers_with_a_readable_chart_after_a_rated_match(
    service: Service, clock: FakeClock
) -> None:
    await rated_ordo(service)
    clock.advance(2 * DAY)
    await rated_ordo(service)
    reply = await service.rating(ALICE, guild_id=GUILD)
    assert reply.ok and reply.text.startswith("Ratings of alice:\nOrdo: ")
    assert reply.image is not None and reply.image.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(reply.image))
    assert image.width == 800 and 300 < image.height < 700


async def test_no_history_no_chart(service: Service, charts: Charts) -> None:
    unrated = await service.challenge(ALICE, "ordo", BOB, rated=False, guild_id=GUILD)
    await service.accept(BOB, match_id=unrated.match_id)
    await service.resign(BOB, match_id=unrated.match_id)
    reply = await service.rating(ALICE, guild_id=GUILD)
    assert reply.image is None and "no rated games here yet" in reply.text
    assert charts.calls == []


async def test_the_chart_follows_each_match_and_marks_provisional_by_games(
    service: Service, clock: FakeClock, charts: Charts
) -> None:
    for _ in range(PROVISIONAL_GAMES + 1):
        clock.advance(DAY)
        await rated_ordo(service)
    reply = await service.rating(CAROL, user=ALICE, game="ordo", guild_id=GUILD)
    assert reply.image == b"chart-1"
    [call] = charts.calls
    points = call["series"]["ordo"]
    assert len(points) == PROVISIONAL_GAMES + 1
    assert [t for t, _, _ in points] == sorted(t for t, _, _ in points)
    ratings = [r for _, r, _ in points]
    assert ratings == sorted(ratings), "alice won every match"
    current = await service.store.rating(GUILD, "ordo", "alice")
    assert current is not None and points[-1][1:] == (current.rating, current.rd)
    # The same rule as the "?" of the text: provisional while fewer than 5 games were played.
    assert call["provisional"] == {"ordo": [True] * (PROVISIONAL_GAMES - 1) + [False, False]}
    assert call["title"] == "alice: rating over time"
    assert call["now"] == clock.now


async def test_no_game_named_charts_every_game_played(service: Service, charts: Charts) -> None:
    await rated_ordo(service)
    made = await service.challenge(ALICE, "fendo", BOB, guild_id=GUILD)
    await service.accept(BOB, match_id=made.match_id)
    await service.resign(ALICE, match_id=made.match_id)
    await service.rating(ALICE, guild_id=GUILD)
    await service.rating(ALICE, game="fendo", guild_id=GUILD)
    both, one = charts.calls
    assert sorted(both["series"]) == ["fendo", "ordo"]
    assert list(one["series"]) == ["fendo"]
    # Another server's history is its own.
    assert (await service.rating(ALICE, guild_id="elsewhere")).image is None


async def test_console_matches_are_charted_under_the_empty_server(service: Service) -> None:
    await start_ordo(service)
    [match] = await service.store.list_matches(user_id="alice")
    await service.resign(BOB, match_id=match.id)
    assert [p.games for p in await service.store.rating_history("", "ordo", "alice")] == [1]
    assert (await service.rating(ALICE)).image is not None


# -- FENCE! with more than two players ------------------------------------------------------
async def four_player_fence(service: Service) -> int:
    opened = await service.play(ALICE, "fence", seats=4, options={"quick_map": True})
    assert opened.ok and opened.match_id is not None, opened.text
    for user in (BOB, CAROL, DAVE):
        assert (await service.join(user, match_id=opened.match_id)).ok
    assert (await service.start(ALICE, match_id=opened.match_id)).ok
    return opened.match_id


async def test_a_fence_result_is_rated_as_one_ranking(service: Service) -> None:
    match_id = await four_player_fence(service)
    for user in (BOB, CAROL, DAVE):
        assert (await service.resign(user, match_id=match_id)).ok
    record = await service.store.get_match(match_id)
    assert record is not None and record.result is not None
    outcome = Outcome.from_dict(record.result)
    assert outcome.winners == (0,)
    before = [Rating(uid, "fence", "") for uid in record.seats]
    expected = rate_ranking(before, finishing_ranks(4, outcome.winners, outcome.scores), 0.0)
    for want in expected:
        got = await service.store.rating("", "fence", want.user_id)
        assert got is not None
        assert (got.rating, got.rd, got.games) == pytest.approx((want.rating, want.rd, 1))
    alice = await service.store.rating("", "fence", "alice")
    assert alice is not None and alice.rating > 1500.0
    history = await service.store.rating_history("", "fence", "alice")
    assert [(p.match_id, p.rating) for p in history] == [(match_id, alice.rating)]
