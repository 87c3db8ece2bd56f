"""Players' analyses in the store (``analyses``), run against every store: one row per player
and match, replaced whole by one write, private to the match (no version, no ``updated_at``
moves), kept after the match ends, and capped per player over all their matches in the same
write that would pass the cap."""

from __future__ import annotations

import pytest

from storage import FINISHED, Store
from storage.base import AnalysisCaps, AnalysisFull, AnalysisRecord, MatchUpdate
from tests.storage.conftest import MakeMatch

ROOMY = AnalysisCaps(nodes=1000, size=100_000)
TREE = {"next": 3, "nodes": {"1": {"p": None, "ply": 0, "n": "", "c": [2]}}, "note": "ü"}


async def test_a_save_replaces_the_players_analysis_and_reads_back(
    store: Store, make_match: MakeMatch
) -> None:
    match = await make_match(status="active")
    assert await store.analysis(match.id, "alice") is None
    saved = await store.save_analysis(match.id, "alice", TREE, "my *plan*", 2, 5.0, ROOMY)
    size = len(saved.note.encode()) + len(
        '{"next":3,"nodes":{"1":{"p":null,"ply":0,"n":"","c":[2]}},"note":"ü"}'.encode()
    )
    assert saved == AnalysisRecord(match.id, "alice", TREE, "my *plan*", 2, size, 5.0)
    assert await store.analysis(match.id, "alice") == saved
    assert await store.analysis(match.id, "bob") is None
    again = await store.save_analysis(match.id, "alice", {"next": 1}, "", 0, 6.0, ROOMY)
    assert (again.tree, again.note, again.nodes, again.updated_at) == ({"next": 1}, "", 0, 6.0)
    assert await store.analysis(match.id, "alice") == again


async def test_saving_leaves_the_match_untouched(store: Store, make_match: MakeMatch) -> None:
    match = await make_match(status="active")
    before = await store.get_match(match.id)
    await store.save_analysis(match.id, "alice", TREE, "note", 2, 99.0, ROOMY)
    assert await store.get_match(match.id) == before


async def test_the_analysis_outlives_the_match(store: Store, make_match: MakeMatch) -> None:
    match = await make_match(status="active")
    await store.save_analysis(match.id, "alice", TREE, "kept", 2, 1.0, ROOMY)
    await store.commit(match.id, match.version, MatchUpdate(status=FINISHED), now=2.0)
    kept = await store.analysis(match.id, "alice")
    assert kept is not None and kept.note == "kept"
    later = await store.save_analysis(match.id, "alice", TREE, "after the end", 2, 3.0, ROOMY)
    assert later.note == "after the end"


async def test_the_cap_counts_every_match_of_the_player(
    store: Store, make_match: MakeMatch
) -> None:
    first, second = await make_match(status="active"), await make_match(status="active")
    caps = AnalysisCaps(nodes=10, size=400)
    await store.save_analysis(first.id, "alice", TREE, "", 6, 1.0, caps)
    with pytest.raises(AnalysisFull) as full:
        await store.save_analysis(second.id, "alice", TREE, "", 5, 2.0, caps)
    assert full.value.what == "nodes"
    assert await store.analysis(second.id, "alice") is None  # nothing written
    # Replacing the same match's analysis does not count the old one twice.
    await store.save_analysis(first.id, "alice", TREE, "", 10, 3.0, caps)
    # Another player has caps of their own.
    await store.save_analysis(second.id, "bob", TREE, "", 10, 3.0, caps)
    with pytest.raises(AnalysisFull) as full:
        await store.save_analysis(second.id, "carol", TREE, "x" * 400, 1, 4.0, caps)
    assert full.value.what == "size"


async def test_an_unknown_match_is_refused(store: Store) -> None:
    with pytest.raises(LookupError):
        await store.save_analysis(10_000, "alice", TREE, "", 1, 1.0, ROOMY)


async def test_a_returned_tree_is_a_copy(store: Store, make_match: MakeMatch) -> None:
    match = await make_match(status="active")
    saved = await store.save_analysis(match.id, "alice", {"c": [1]}, "", 1, 1.0, ROOMY)
    saved.tree["c"].append(2)
    found = await store.analysis(match.id, "alice")
    assert found is not None and found.tree == {"c": [1]}
