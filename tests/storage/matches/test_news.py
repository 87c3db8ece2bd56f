"""The match-news role: what the web board's live pages ask about many matches at once — each
one's version and a number its ``meta`` holds — and, where the engine pushes news
(PostgreSQL), a call whenever any process commits a change. Run against every store."""

from __future__ import annotations

import asyncio

from storage import ACTIVE, MatchUpdate, Store
from storage.postgres import PostgresStore
from tests.storage.conftest import MakeMatch


async def test_versions_and_marks_of_many_matches_in_one_call(
    store: Store, make_match: MakeMatch
) -> None:
    marked = await make_match(meta={"board": 3})
    plain = await make_match()
    moved = await store.commit(marked.id, 1, MatchUpdate(meta={"board": 4}), now=101.0)
    found = await store.match_versions([marked.id, plain.id, 999, marked.id], "board")
    assert found == {marked.id: (moved.version, 4), plain.id: (1, None)}
    assert await store.match_versions([], "board") == {}
    assert await store.match_versions([plain.id], "other") == {plain.id: (1, None)}


async def test_news_of_a_commit_is_pushed_where_the_engine_can(
    store: Store, make_match: MakeMatch
) -> None:
    heard: list[int] = []
    stop = await store.watch_matches(heard.append)
    if not isinstance(store, PostgresStore):
        assert stop is None  # one process: the pages ask match_versions instead
        return
    assert stop is not None
    try:
        made = await make_match()
        await store.commit(made.id, 1, MatchUpdate(status=ACTIVE), now=101.0)
        for _ in range(100):
            if made.id in heard:
                break
            await asyncio.sleep(0.02)
        assert made.id in heard
    finally:
        await stop()
