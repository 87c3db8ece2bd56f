"""Issue 23.4: what a payload can carry is read the same way whichever store runs.

A match or tournament reference is parsed at the service's edge (a typed ``not-a-number``
or an id past 64 bits once reached PostgreSQL and ended in "something went wrong"), and every
text a command brings — display names, options, notation — is cleaned the way every store
keeps it (a lone surrogate once made PostgreSQL raise where the memory store kept it)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Service, User
from bot.service.base import parse_id
from tests.pgserver import pg_server, pg_shared_database
from tests.stores import KINDS, new_store

from .conftest import ALICE, BOB, FakeClock

__all__ = ["pg_server", "pg_shared_database"]


@pytest.fixture(params=KINDS)
async def any_service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Service]:
    async with await new_store(request, tmp_path) as store:
        yield Service(store, clock=FakeClock(), seed_source=lambda: 7)


BAD_IDS = ["not-a-number", "1; DROP TABLE matches", "", "-1", "0", "1.5", str(2**70), 2**70,
           -3, True]  # fmt: skip


@pytest.mark.parametrize("bad", BAD_IDS)
async def test_a_bad_match_reference_is_no_such_match_on_every_store(
    any_service: Service, bad: object
) -> None:
    reply = await any_service.challenge(ALICE, "ordo", BOB, color="white")
    assert reply.ok
    for answer in [
        await any_service.move(ALICE, "c1-b1", match_id=bad),  # type: ignore[arg-type]
        await any_service.board(ALICE, match_id=bad),  # type: ignore[arg-type]
        await any_service.history(ALICE, match_id=bad),  # type: ignore[arg-type]
    ]:
        assert not answer.ok
        assert "There is no match" in answer.text, answer.text
    assert await any_service.suggestions(ALICE, "", match_id=bad) == []  # type: ignore[arg-type]


async def test_a_typed_reference_finds_its_match(any_service: Service) -> None:
    made = await any_service.challenge(ALICE, "ordo", BOB, color="white")
    assert made.match_id is not None
    assert (await any_service.accept(BOB, match_id=made.match_id)).ok
    for typed in [str(made.match_id), f"#{made.match_id}", f" {made.match_id} "]:
        shown = await any_service.board(ALICE, match_id=typed)  # type: ignore[arg-type]
        assert shown.ok and shown.match_id == made.match_id, shown.text


async def test_a_bad_tournament_reference_is_no_such_tournament(any_service: Service) -> None:
    actor = User("alice", "alice", guild_id="g1")
    for bad in ["x", str(2**70), "\ud800"]:
        answer = await any_service.tournament_join(actor, tournament_id=bad)  # type: ignore[arg-type]
        assert not answer.ok and "no tournament" in answer.text.lower(), answer.text


async def test_names_and_text_with_lone_surrogates_or_nul_are_kept_alike(
    any_service: Service,
) -> None:
    odd = User("odd", "dr\ud800ache\x00")
    made = await any_service.challenge(odd, "ordo", BOB, color="white")
    assert made.ok, made.text
    assert await any_service.store.user_name("odd") == "dr\ufffdache"
    accepted = await any_service.accept(BOB, match_id=made.match_id)
    assert accepted.ok and "dr\ufffdache" in accepted.text + (
        accepted.post.text if accepted.post else ""
    )
    refused = await any_service.move(odd, "c1-\udfff", match_id=made.match_id)
    assert not refused.ok and "\udfff" not in refused.text


def test_parse_id_reads_what_players_type() -> None:
    assert parse_id(12) == 12 and parse_id("12") == 12 and parse_id("#12") == 12
    assert parse_id("# 12") == 12 and parse_id("１２") == 12  # a phone keyboard's wide digits
    assert [parse_id(b) for b in BAD_IDS] == [None] * len(BAD_IDS)
