"""A whole listing's names and settings, one call each, run against every store."""

from __future__ import annotations

from storage import (
    Store,
)


async def test_names_and_settings_in_one_call(store: Store) -> None:
    await store.ensure_user("alice", "Alice", 1.0)
    await store.ensure_user("bob", "Bob", 1.0)
    await store.save_user_settings("bob", {"notify": "dm"}, 1.0)
    assert await store.user_names(["alice", "bob", "nobody", "alice"]) == {
        "alice": "Alice",
        "bob": "Bob",
    }
    assert await store.users_settings(["alice", "bob"]) == {"bob": {"notify": "dm"}}
