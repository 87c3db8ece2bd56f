"""Autocomplete with the real engines: Fuer offers tiles first, then the pieces of the typed
tile; Fendo offers pieces first, then that piece's targets."""

from __future__ import annotations

from bot.service import Service

from .conftest import ALICE, BOB


async def start(service: Service, game: str) -> int:
    reply = await service.challenge(ALICE, game, BOB, color="first")
    await service.accept(BOB, match_id=reply.match_id)
    assert reply.match_id is not None
    return reply.match_id


async def test_fuer_tiles_then_pieces(service: Service) -> None:
    match_id = await start(service, "fuer")
    tiles = await service.suggestions(ALICE, "", match_id=match_id)
    assert tiles and all(t.endswith(" +") or " " not in t for t in tiles)
    assert "c3 +" in tiles
    pieces = await service.suggestions(ALICE, "c3 +", match_id=match_id)
    assert pieces and all(p.startswith("c3 +") and len(p) > len("c3 +") for p in pieces)
    chosen = pieces[0] if " +" not in pieces[0][4:] else pieces[0].rstrip(" +")
    reply = await service.move(ALICE, chosen, match_id=match_id)
    assert reply.ok, reply.text


async def test_fendo_piece_then_targets(service: Service) -> None:
    match_id = await start(service, "fendo")
    first = await service.suggestions(ALICE, "", match_id=match_id)
    assert first[0] == "d1-" and len(first) == 25  # the piece first, then some adds
    targets = await service.suggestions(ALICE, "d1-", match_id=match_id)
    assert 1 < len(targets) <= 25
    assert all(t.startswith("d1-") for t in targets)
