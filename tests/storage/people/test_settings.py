"""The settings role: one JSON object per user or guild, replaced whole; ``{}`` is no row.
Run against every store."""

from __future__ import annotations

from typing import Any

import pytest

from storage import Store


# -- settings ------------------------------------------------------------------------------
async def test_user_settings_round_trip_and_replace_whole(store: Store) -> None:
    assert await store.user_settings("u1") == {}
    await store.save_user_settings("u1", {"digest": {"hour": 9, "tz": "Europe/Oslo"}}, now=1.0)
    assert await store.user_settings("u1") == {"digest": {"hour": 9, "tz": "Europe/Oslo"}}
    await store.save_user_settings("u1", {"ping": False}, now=2.0)
    assert await store.user_settings("u1") == {"ping": False}, "saved whole, not merged"
    assert await store.user_settings("u2") == {}


async def test_guild_settings_are_separate_from_user_settings(store: Store) -> None:
    await store.save_guild_settings("x", {"channel": "c7", "games": ["ordo"]}, now=1.0)
    await store.save_guild_settings("", {"dm": True}, now=1.0)
    assert await store.guild_settings("x") == {"channel": "c7", "games": ["ordo"]}
    assert await store.guild_settings("") == {"dm": True}
    assert await store.user_settings("x") == {}
    assert await store.users_with_settings() == []
    await store.save_guild_settings("x", {}, now=2.0)
    assert await store.guild_settings("x") == {}


async def test_users_with_settings_lists_non_empty_ones_by_id(store: Store) -> None:
    await store.save_user_settings("zed", {"digest": True}, now=1.0)
    await store.save_user_settings("amy", {"digest": False, "n": (1, 2)}, now=1.0)
    await store.save_user_settings("bo", {"x": 1}, now=1.0)
    await store.save_user_settings("bo", {}, now=2.0)  # reset: the same as never set
    assert await store.users_with_settings() == [
        ("amy", {"digest": False, "n": [1, 2]}),
        ("zed", {"digest": True}),
    ]
    assert await store.user_settings("bo") == {}


async def test_returned_settings_are_copies(store: Store) -> None:
    given = {"list": [1]}
    await store.save_user_settings("u", given, now=1.0)
    given["list"].append(2)
    got = await store.user_settings("u")
    got["list"].append(3)
    assert await store.user_settings("u") == {"list": [1]}


@pytest.mark.parametrize(
    ("bad", "error"),
    [({"x": float("nan")}, ValueError), ({"x": {1, 2}}, ValueError), ([1, 2], TypeError),
     ("on", TypeError), (None, TypeError)],
)  # fmt: skip
async def test_bad_settings_are_refused(store: Store, bad: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        await store.save_user_settings("u", bad, now=1.0)
    with pytest.raises(error):
        await store.save_guild_settings("g", bad, now=1.0)
    assert await store.user_settings("u") == {}
    assert await store.guild_settings("g") == {}
