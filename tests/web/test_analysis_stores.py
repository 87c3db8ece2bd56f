"""The analysis board end to end on each real store: lines (a FENCE! chance pick among them),
the note and conditional moves made through the service on SQLite and on PostgreSQL come back
to a new service on the same database — as after a restart of the bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import Service
from storage import Store
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.pgserver import emptied

from .conftest import ALICE, BOB, FakeClock, start, web_service
from .test_analysis_cases import fence_match, token_of
from .test_analysis_chance import to_chance, where


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "analysis.db")
    else:
        yield await emptied(request.getfixturevalue("pg_shared_database"))


def _store(database: str) -> Store:
    return PostgresStore(database) if database.startswith("postgres") else SqliteStore(database)


async def test_lines_note_and_conditional_moves_survive_a_restart(database: str) -> None:
    clock = FakeClock()
    first = _store(database)
    await first.open()
    service: Service = web_service(first, clock)
    match = await start(service)
    fence = await fence_match(service)
    bob = await token_of(service, BOB, match)
    one = await service.analysis.change(BOB, bob, match_id=match, op="move", ply=0, move="c1-b1")
    first_step = one.extra["analysis"]["at"]  # type: ignore[index]
    two = await service.analysis.change(
        BOB, bob, match_id=match, op="move", node=first_step, move="a6-a5"
    )
    assert one.ok and two.ok, (one.text, two.text)
    answer = two.extra["analysis"]["at"]  # type: ignore[index]
    assert (await service.analysis.change(BOB, bob, match_id=match, op="keep", node=answer)).ok
    assert (await service.match_note(BOB, "watch the a-file", match_id=match)).ok
    alice = await token_of(service, ALICE, fence)
    board, step = await to_chance(service, alice, fence)
    asked = await service.analysis.change(ALICE, alice, match_id=fence, op="move", move=step,
                                          **where(board))  # fmt: skip
    outcome = asked.extra["analysis"]["chance"]["outcomes"][0]["outcome"]  # type: ignore[index]
    picked = await service.analysis.change(ALICE, alice, match_id=fence, op="move", move=step,
                                           outcome=outcome, **where(board))  # fmt: skip
    assert picked.ok, picked.text
    seen: dict[str, Any] = picked.extra["analysis"]  # type: ignore[assignment]
    await first.close()
    # A new process on the same database: everything is there, and the pick falls the same.
    again = _store(database)
    await again.open()
    later = web_service(again, clock)
    opened = (await later.analysis.open(BOB, bob, match_id=match, node=answer)).extra["analysis"]
    assert opened["path"][-1] == answer  # type: ignore[index]
    assert opened["premoves"] == ["if c1-b1 then a6-a5"]  # type: ignore[index]
    assert opened["note"] == "watch the a-file"  # type: ignore[index]
    page = (await later.pages.page(BOB, bob, match_id=match)).extra["page"]
    assert [(p["if"], p["then"]) for p in page["premoves"]] == [("c1-b1", "a6-a5")]  # type: ignore[index]
    back = (await later.analysis.open(ALICE, alice, match_id=fence, node=seen["at"])).extra
    assert back["analysis"]["view"] == seen["view"]  # type: ignore[index]
    assert back["analysis"]["moves"] == seen["moves"]  # type: ignore[index]
    await again.close()
