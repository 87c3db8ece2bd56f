"""What the stores keep of a person (issue 43): the client language last seen — on every
engine, read alone or with a match, and kept through a migration of an older file."""

from __future__ import annotations

from pathlib import Path

from storage import ACTIVE, MatchUpdate, SqliteStore, Store
from tests.storage.conftest import MakeMatch, sqlite_at_version


async def test_a_locale_is_kept_replaced_and_forgotten(store: Store) -> None:
    assert await store.user_locales(["alice", "bob"]) == {}
    await store.ensure_user("alice", "Alice", 1.0)
    await store.save_user_locale("alice", "de", 2.0)
    await store.save_user_locale("nobody-yet", "pl", 2.0)  # a nameless row for a stranger
    assert await store.user_locales(["alice", "bob", "nobody-yet"]) == {
        "alice": "de",
        "nobody-yet": "pl",
    }
    await store.ensure_user("alice", "Alice B", 3.0)  # a new name leaves the language alone
    assert await store.user_locales(["alice"]) == {"alice": "de"}
    assert await store.user_name("alice") == "Alice B"
    assert await store.user_name("nobody-yet") is None
    await store.save_user_locale("alice", None, 4.0)
    assert await store.user_locales(["alice"]) == {}


async def test_a_match_reading_brings_its_players_locales(
    store: Store, make_match: MakeMatch
) -> None:
    made = await make_match()
    await store.save_user_locale("bob", "pl", 5.0)
    await store.save_user_locale("carol", "de", 5.0)
    reading = await store.read_match(made.id, users=["carol"])
    assert reading is not None
    assert reading.locales == {"bob": "pl", "carol": "de"}


async def test_an_older_file_gains_the_column_with_its_users_kept(tmp_path: Path) -> None:
    conn = sqlite_at_version(tmp_path / "old.db", 10)
    conn.execute("INSERT INTO users (user_id, name, created_at) VALUES ('alice', 'Alice', 1)")
    conn.commit()
    conn.close()
    async with SqliteStore(tmp_path / "old.db") as store:
        assert await store.user_name("alice") == "Alice"
        assert await store.user_locales(["alice"]) == {}
        await store.save_user_locale("alice", "de", 2.0)
        assert await store.user_locales(["alice"]) == {"alice": "de"}


async def test_blocks_are_kept_per_pair_and_read_from_the_blocked_side(store: Store) -> None:
    await store.set_block("alice", "bob", True, 1.0)
    await store.set_block("alice", "bob", True, 2.0)  # idempotent
    await store.set_block("carol", "bob", True, 2.0)
    await store.set_block("alice", "dave", True, 2.0)
    assert await store.blocked_by("alice") == ["bob", "dave"]
    assert await store.blockers_among("bob", ["alice", "carol", "erin"]) == ["alice", "carol"]
    assert await store.blockers_among("alice", ["bob"]) == []  # one way only
    await store.set_block("alice", "bob", False, 3.0)
    await store.set_block("alice", "bob", False, 3.0)
    assert await store.blockers_among("bob", ["alice", "carol"]) == ["carol"]
    assert await store.blocked_by("alice") == ["dave"]


async def test_played_together_counts_begun_matches_only(
    store: Store, make_match: MakeMatch
) -> None:
    made = await make_match()  # a challenge not yet accepted
    assert not await store.played_together("alice", "bob")
    await store.commit(made.id, made.version, MatchUpdate(status=ACTIVE), now=200.0)
    assert await store.played_together("alice", "bob")
    assert await store.played_together("bob", "alice")
    assert not await store.played_together("alice", "carol")


async def test_the_settings_scan_can_ask_for_one_value_only(store: Store) -> None:
    await store.save_user_settings("alice", {"notify": "digest"}, 1.0)
    await store.save_user_settings("bob", {"notify": "dm", "quiet": {"zone": "UTC"}}, 1.0)
    await store.save_user_settings("carol", {"quiet": {"zone": "UTC"}}, 1.0)
    assert [uid for uid, _ in await store.users_with_settings()] == ["alice", "bob", "carol"]
    picked = await store.users_with_settings(having=("notify", "digest"))
    assert picked == [("alice", {"notify": "digest"})]
