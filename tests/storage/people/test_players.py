"""The players role: a user's name, made nameless for a seat and refreshed by every command.
Run against every store."""

from __future__ import annotations

from typing import Any

from storage import (
    Store,
)


async def test_ensure_user_creates_and_renames(store: Store) -> None:
    assert await store.user_name("u1") is None
    await store.ensure_user("u1", "Ada", now=1.0)
    assert await store.user_name("u1") == "Ada"
    await store.ensure_user("u1", "Ada L.", now=2.0)
    assert await store.user_name("u1") == "Ada L."
    assert await store.user_name("u2") is None


async def test_seated_stranger_has_no_name_until_ensured(store: Store, make_match: Any) -> None:
    await make_match(seats=["alice", "stranger"])
    assert await store.user_name("stranger") is None
    await store.ensure_user("stranger", "Stan", now=5.0)
    assert await store.user_name("stranger") == "Stan"


async def test_ensure_user_keeps_name_of_existing_seat(store: Store, make_match: Any) -> None:
    await store.ensure_user("bob", "Bob", now=1.0)
    await make_match(seats=["alice", "bob"])
    assert await store.user_name("bob") == "Bob"
