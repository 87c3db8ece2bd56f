"""The issue's console command starts a FENCE! game; secrets appear only on DM lines."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import games
from storage import open_store

from .test_console import run_console as run_console_in

ISSUE_COMMAND = (
    "alice: /play fence seats:3 quick_map:true\nbob: /join\ncarol: /join\nalice: /start\n"
)
CARD = re.compile(r"\b[RB][1-6X]\b")
PRIVATE = re.compile(r"^\[(dm|only) (\w+)\] ")
REDRAWN = re.compile(r"Starting cards ([RB][1-6X]) ([RB][1-6X]) name no usable tile")
"""Ruling 16: a starting pair that names no usable tile is revealed, discarded and redrawn,
so its cards are public although the final ``revealed`` pair does not list them."""


def run_console(tmp_path: Path, text: str) -> list[str]:
    return run_console_in(tmp_path, text, db="fence.sqlite3")


def stored(tmp_path: Path) -> tuple[tuple[str, ...], Any]:
    """Match #1's seats and live state, read back through the store as the bot would."""

    async def read() -> tuple[tuple[str, ...], Any]:
        store = open_store(str(tmp_path / "fence.sqlite3"))
        await store.open()
        try:
            record = await store.get_match(1)
        finally:
            await store.close()
        assert record is not None
        return record.seats, games.get("fence").load(record.state)

    return asyncio.run(read())


def test_the_issue_command_starts_a_game_with_secrets_only_in_dms(tmp_path: Path) -> None:
    lines = run_console(tmp_path, ISSUE_COMMAND)
    assert "[only bob] You joined lobby #1." in lines
    assert "[only carol] You joined lobby #1." in lines
    assert "[only alice] Started." in lines
    assert "alice starts the game. Seats: alice (Green), bob (Orange), carol (Purple)." in lines
    for user in ("alice", "bob", "carol"):
        intro = [line for line in lines if line.startswith(f"[dm {user}] Your secret cards")]
        assert len(intro) == 1, user
        images = [line for line in lines if line.startswith(f"[dm {user}] [image] ")]
        assert len(images) == 1
        assert (tmp_path / images[0].split("[image] ")[1]).read_bytes().startswith(b"\x89PNG")
    _, state = stored(tmp_path)
    rules = games.get("fence")
    secret = [rules.view(state, seat)["starting_cards"] for seat in range(3)]
    revealed = rules.view(state, None)["revealed"]
    for seat, user in enumerate(("alice", "bob", "carol")):
        if secret[seat]:
            assert f"[dm {user}] Starting cards: {' '.join(secret[seat])}" in lines
    # every card named outside a DM was revealed publicly; every secret line is a DM
    public = set(revealed)
    for line in lines:
        if PRIVATE.match(line):
            continue
        if redrawn := REDRAWN.search(line):
            public |= set(redrawn.groups())
            continue
        assert set(CARD.findall(line)) <= public, line
        assert "Starting cards" not in line and "Hand:" not in line


def test_the_console_plays_on_with_turn_and_hand(tmp_path: Path) -> None:
    run_console(tmp_path, ISSUE_COMMAND)
    seats, state = stored(tmp_path)
    mover = seats[games.get("fence").to_move(state)[0]]
    lines = run_console(tmp_path, f"{mover}: /hand\n{mover}: /turn\n{mover}: /turn path:0\n")
    assert f"[only {mover}] Your cards — FENCE! match #1. You play" in " ".join(lines)
    assert any(line.startswith(f"[only {mover}] (choose with /turn path:") for line in lines)
    # /turn path:0 played the (first) pawn placement: a public line and the next ping
    assert any(" puts their pawn in " in line for line in lines if not PRIVATE.match(line))
    assert any(line.startswith("[notify ") for line in lines)
