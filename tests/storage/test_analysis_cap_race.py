"""The per-player analysis cap under saves that race each other: several store objects (bot
processes) saving one player's lines on different matches at once can never, between them,
pass the cap — the count and the write are one step on every SQL engine."""

from __future__ import annotations

import asyncio
from pathlib import Path

from storage import ACTIVE, Store
from storage.base import AnalysisCaps, AnalysisFull, AnalysisRecord
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore

CAPS = AnalysisCaps(nodes=10, size=1_000_000)
TREE = {"next": 2, "nodes": {"1": {"p": None, "ply": 0, "n": "", "c": []}}}
SAVES = 12
"""Saves raced at once, each of 6 nodes: only one fits under 10."""


async def _race(stores: list[Store]) -> list[AnalysisRecord | BaseException]:
    matches = []
    for _ in range(SAVES):
        made = await stores[0].create_match(
            game="ordo", options={}, seed=1, status=ACTIVE, seats=["alice", "bob"],
            created_by="alice", state={"n": 0}, now=1.0,
        )  # fmt: skip
        matches.append(made)
    return await asyncio.gather(
        *[
            stores[i % len(stores)].save_analysis(m.id, "alice", TREE, "", 6, 2.0, CAPS)
            for i, m in enumerate(matches)
        ],
        return_exceptions=True,
    )


def _one_won(results: list[AnalysisRecord | BaseException]) -> None:
    saved = [r for r in results if isinstance(r, AnalysisRecord)]
    refused = [r for r in results if isinstance(r, AnalysisFull)]
    assert len(saved) == 1, results
    assert len(refused) == SAVES - 1, results


async def test_racing_saves_on_postgres_never_pass_the_cap(pg_url: str) -> None:
    async with PostgresStore(pg_url) as a, PostgresStore(pg_url) as b:
        results = await _race([a, b])
        _one_won(results)


async def test_racing_saves_on_sqlite_never_pass_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    async with SqliteStore(path) as a, SqliteStore(path) as b:
        _one_won(await _race([a, b]))
