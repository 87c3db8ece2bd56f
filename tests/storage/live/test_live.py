"""A match's live messages in the store (``live_messages``) and each player's status card of a
direct match (``player_statuses``), run against every store: none before the first is kept,
replaced whole, refused for an unknown match or an empty id, and the match itself untouched
by them."""

from __future__ import annotations

import pytest

from storage import Store
from storage.base import LiveMessages, PlayerStatus
from tests.storage.conftest import MakeMatch


async def test_kept_messages_read_back_and_are_replaced_whole(
    store: Store, make_match: MakeMatch
) -> None:
    match = await make_match(status="active")
    other = await make_match(status="active")
    assert await store.live_messages(match.id) is None
    first = LiveMessages(match.id, "900", "901", "901")
    await store.keep_live_messages(first)
    assert await store.live_messages(match.id) == first
    assert await store.live_messages(other.id) is None
    later = LiveMessages(match.id, "900", "901", None)
    await store.keep_live_messages(later)
    assert await store.live_messages(match.id) == later


async def test_keeping_them_leaves_the_match_untouched(store: Store, make_match: MakeMatch) -> None:
    match = await make_match(status="active")
    before = await store.get_match(match.id)
    await store.keep_live_messages(LiveMessages(match.id, "1", "2", "3"))
    assert await store.get_match(match.id) == before


@pytest.mark.parametrize(
    "live",
    [LiveMessages(1, "", "2"), LiveMessages(1, "1", ""), LiveMessages(1, "1", "2", "")],
    ids=["no channel", "no status", "empty ping"],
)
async def test_an_empty_id_is_refused(
    store: Store, make_match: MakeMatch, live: LiveMessages
) -> None:
    match = await make_match(status="active")
    with pytest.raises(ValueError):
        await store.keep_live_messages(
            LiveMessages(match.id, live.channel_id, live.status_id, live.ping_id)
        )
    assert await store.live_messages(match.id) is None


async def test_an_unknown_match_is_refused(store: Store) -> None:
    with pytest.raises(LookupError):
        await store.keep_live_messages(LiveMessages(404, "1", "2"))
    assert await store.live_messages(404) is None


# -- each player's status card of a direct match ------------------------------------------------
async def test_a_players_status_card_is_kept_per_match_and_player(
    store: Store, make_match: MakeMatch
) -> None:
    match = await make_match(status="active")
    other = await make_match(status="active")
    assert await store.player_statuses(match.id) == []
    bob = PlayerStatus(match.id, "bob", "70", "71", "71")
    alice = PlayerStatus(match.id, "alice", "80", "81", "81")
    await store.keep_player_status(bob)
    await store.keep_player_status(alice)
    await store.keep_player_status(PlayerStatus(other.id, "bob", "70", "90", "90"))
    assert await store.player_statuses(match.id) == [alice, bob]  # by user id
    later = PlayerStatus(match.id, "bob", "70", "71", "75")
    await store.keep_player_status(later)  # replaced whole, the others left
    assert await store.player_statuses(match.id) == [alice, later]
    assert [s.status_id for s in await store.player_statuses(other.id)] == ["90"]
    before = await store.get_match(match.id)
    assert await store.live_messages(match.id) is None  # a card of its own, not the thread's
    assert await store.get_match(match.id) == before


@pytest.mark.parametrize("field", ["user_id", "channel_id", "status_id", "latest_id"])
async def test_a_players_status_card_with_an_empty_id_is_refused(
    store: Store, make_match: MakeMatch, field: str
) -> None:
    match = await make_match(status="active")
    ids = {"user_id": "bob", "channel_id": "1", "status_id": "2", "latest_id": "3"}
    status = PlayerStatus(match.id, **{**ids, field: ""})
    with pytest.raises(ValueError):
        await store.keep_player_status(status)
    assert await store.player_statuses(match.id) == []


async def test_a_players_status_card_of_an_unknown_match_is_refused(store: Store) -> None:
    with pytest.raises(LookupError):
        await store.keep_player_status(PlayerStatus(404, "bob", "1", "2", "2"))
    assert await store.player_statuses(404) == []
