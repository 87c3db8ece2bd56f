"""The ratings role: per-guild ladders, stored once per rated match, refused when they could
not be stored faithfully. Run against every store."""

from __future__ import annotations

from typing import Any

import pytest

from storage import Rating, Store


def rated(user: str, rating: float = 1500.0, *, game: str = "ordo", guild: str = "g1",
          games: int = 1) -> Rating:  # fmt: skip
    return Rating(user, game, guild, rating, rd=200.0, volatility=0.06, games=games)


# -- ratings -------------------------------------------------------------------------------
async def test_save_and_read_ratings(store: Store, make_match: Any) -> None:
    match = await make_match()
    assert await store.rating("g1", "ordo", "alice") is None
    assert await store.ratings("g1", "ordo") == []
    saved = await store.save_ratings(
        "g1", "ordo", match.id, [rated("alice", 1480.5), rated("bob", 1519.5)], now=50.0
    )
    assert saved is True
    alice = await store.rating("g1", "ordo", "alice")
    assert alice == Rating("alice", "ordo", "g1", 1480.5, 200.0, 0.06, 1, updated_at=50.0)
    ladder = await store.ratings("g1", "ordo")
    assert [(r.user_id, r.rating) for r in ladder] == [("bob", 1519.5), ("alice", 1480.5)]
    assert await store.rating("g1", "fendo", "alice") is None
    assert await store.rating("g2", "ordo", "alice") is None


async def test_ladder_breaks_rating_ties_by_user_id(store: Store, make_match: Any) -> None:
    match = await make_match()
    await store.save_ratings(
        "g1", "ordo", match.id, [rated("cy", 1500), rated("al", 1600), rated("bo", 1500)], 1.0
    )
    assert [r.user_id for r in await store.ratings("g1", "ordo")] == ["al", "bo", "cy"]


async def test_ratings_are_per_guild_and_game(store: Store, make_match: Any) -> None:
    m1, m2, m3, m4 = [await make_match() for _ in range(4)]
    await store.save_ratings("g1", "ordo", m1.id, [rated("a", 1600)], now=1.0)
    await store.save_ratings("g1", "fendo", m2.id, [rated("a", 1400, game="fendo")], now=2.0)
    await store.save_ratings("g2", "ordo", m3.id, [rated("a", 1700, guild="g2")], now=3.0)
    await store.save_ratings("", "ordo", m4.id, [rated("a", 1800, guild="")], now=4.0)
    assert [(r.game, r.rating) for r in await store.user_ratings("g1", "a")] == [
        ("fendo", 1400.0),
        ("ordo", 1600.0),
    ]
    assert [r.rating for r in await store.user_ratings("g2", "a")] == [1700.0]
    assert [r.rating for r in await store.user_ratings("", "a")] == [1800.0]
    assert await store.user_ratings("g1", "nobody") == []
    assert [r.rating for r in await store.ratings("", "ordo")] == [1800.0]


async def test_later_match_updates_earlier_rating(store: Store, make_match: Any) -> None:
    first, second = await make_match(), await make_match()
    await store.save_ratings("g1", "ordo", first.id, [rated("a", 1510), rated("b", 1490)], 1.0)
    await store.save_ratings("g1", "ordo", second.id, [rated("a", 1530, games=2)], now=2.0)
    assert await store.rating("g1", "ordo", "a") == Rating(
        "a", "ordo", "g1", 1530.0, 200.0, 0.06, games=2, updated_at=2.0
    )
    assert (await store.rating("g1", "ordo", "b")).rating == 1490.0


async def test_rating_a_match_twice_changes_nothing(store: Store, make_match: Any) -> None:
    match = await make_match()
    assert await store.save_ratings("g1", "ordo", match.id, [rated("a", 1510)], now=1.0)
    retry = await store.save_ratings(
        "g1", "ordo", match.id, [rated("a", 1530, games=2), rated("b", 1400)], now=2.0
    )
    assert retry is False
    assert await store.ratings("g1", "ordo") == [
        Rating("a", "ordo", "g1", 1510.0, 200.0, 0.06, 1, updated_at=1.0)
    ]


async def test_rating_an_unknown_match_is_refused(store: Store, make_match: Any) -> None:
    match = await make_match()
    with pytest.raises(LookupError):
        await store.save_ratings("g1", "ordo", match.id + 99, [rated("a")], now=1.0)
    assert await store.ratings("g1", "ordo") == []
    assert await store.save_ratings("g1", "ordo", match.id, [rated("a")], now=1.0)


@pytest.mark.parametrize(
    "bad",
    [
        [rated("a", game="fendo")],
        [rated("a", guild="g2")],
        [rated("a"), rated("a", 1600)],
        [rated("a", float("nan"))],
        [rated("a", float("inf"))],
        [Rating("a", "ordo", "g1", rd=0.0)],
        [Rating("a", "ordo", "g1", volatility=-0.1)],
        [Rating("a", "ordo", "g1", games=-1)],
    ],
)
async def test_bad_ratings_are_refused_and_leave_the_match_unrated(
    store: Store, make_match: Any, bad: list[Rating]
) -> None:
    match = await make_match()
    with pytest.raises(ValueError):
        await store.save_ratings("g1", "ordo", match.id, [rated("ok"), *bad], now=1.0)
    assert await store.ratings("g1", "ordo") == []
    assert await store.save_ratings("g1", "ordo", match.id, [rated("ok")], now=2.0) is True


async def test_integer_values_come_back_as_floats(store: Store, make_match: Any) -> None:
    match = await make_match()
    await store.save_ratings(
        "g1", "ordo", match.id, [Rating("a", "ordo", "g1", 1500, 350, 1, 0)], now=3
    )
    got = await store.rating("g1", "ordo", "a")
    assert got == Rating("a", "ordo", "g1", 1500.0, 350.0, 1.0, 0, 3.0)
    assert all(type(x) is float for x in (got.rating, got.rd, got.volatility, got.updated_at))
    assert type(got.games) is int
