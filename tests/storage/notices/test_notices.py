"""The notices role (issue 35): a DM that could not be delivered is kept, in order, replaced by
topic and dropped once shown. Run against every store."""

from __future__ import annotations

import pytest

from storage import Store


async def test_notices_are_kept_in_order_replaced_by_topic_and_dropped_once_shown(
    store: Store,
) -> None:
    assert await store.notices("bob") == []
    first = await store.add_notice("bob", "Your turn in Ordo", 10.0, topic="board:1", match_id=1)
    await store.add_notice("bob", "Alice offers a draw", 11.0, match_id=1)
    await store.add_notice("carol", "Hand: R1", 11.0, topic="hand:2", match_id=2)
    newer = await store.add_notice("bob", "Bob wins", 12.0, topic="board:1", match_id=1)
    kept = await store.notices("bob")
    assert [n.text for n in kept] == ["Alice offers a draw", "Bob wins"]  # the stale board went
    assert newer.id > first.id and kept[-1] == newer
    assert (newer.topic, newer.match_id, newer.created_at) == ("board:1", 1, 12.0)
    await store.drop_notices("bob", kept[0].id)
    assert [n.text for n in await store.notices("bob")] == ["Bob wins"]
    later = await store.add_notice("bob", "a\x00b\ud800", 13.0)  # cleaned like every text
    assert later.text == "ab\ufffd"
    await store.drop_notices("bob", newer.id)  # one kept after the shown ones stays
    assert await store.notices("bob") == [later]
    assert [n.text for n in await store.notices("carol")] == ["Hand: R1"]
    assert await store.users_with_notices() == {"bob", "carol"}
    with pytest.raises(ValueError):
        await store.add_notice("bob", "x", float("nan"))
