"""Issue 14.15: one board orientation per match; /board flip:true for the other side."""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot.service import Service

from .conftest import ALICE, BOB, start_ordo


async def test_the_board_keeps_the_first_players_view(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []
    real = render.render

    def spy(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        seen.append(kwargs.get("perspective"))
        return real(game, view, **kwargs)

    monkeypatch.setattr(render, "render", spy)
    match_id = await start_ordo(service)
    await service.move(ALICE, "a3-a4", match_id=match_id)  # now Black (bob) is to move
    await service.board(BOB, match_id=match_id)  # bob asks for the board
    await service.board(BOB, match_id=match_id, flip=True)
    assert seen == [0, 0, 0, 1]
