"""Each player's status card of a direct match, through the real discord.py client against the
fake Discord (on both stores).

A direct match (a DM between players, where the bot is not) has no thread whose starter could
follow it, and its public answers cannot be edited after 15 minutes; its news reaches each
player by DM. So each player's first board DM from the bot becomes their status message, and
every later change edits it into a card of where the match stands — who is to move, the
clocks, a jump to that player's latest board DM — the same card a server's thread gets. The
ids are stored, so a restarted bot edits the same messages, and a deleted card never breaks a
move.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tests.bot.conftest import FakeClock
from tests.e2e.test_bot_direct import bot_running, dms_to, press, quiet, slash
from tests.fakediscord import FakeDiscord, serving, shown_text
from tests.fakediscord import layout as v2
from tests.fakediscord.server import Call

pytestmark = pytest.mark.e2e


def edits_of(server: FakeDiscord, who: str, start: int = 0) -> list[int]:
    """The messages of ``who``'s DM with the bot that the bot edited (since ``start``)."""
    channel = server.dm_channel_of(who)
    assert channel is not None
    return [
        int(c.path.rsplit("/", 1)[-1])
        for c in server.requests[start:]
        if c.method == "PATCH" and f"/channels/{channel['id']}/messages/" in c.path
    ]


def link_to(server: FakeDiscord, who: str, call: Call) -> str:
    channel = server.dm_channel_of(who)
    assert channel is not None
    return f"https://discord.com/channels/@me/{channel['id']}/{call.response['id']}"


def card_of(server: FakeDiscord, call: Call) -> dict[str, Any]:
    return server.message(int(call.response["id"]))


async def started(server: FakeDiscord, dm: int) -> Call:
    """alice (White) challenges bob in their DM, bob accepts by the answer's button; alice's
    first board DM (her turn)."""
    play = await slash(
        server,
        "play",
        {"opponent": "bob", "color": "first", "time": "3d per move"},
        user="alice",
        channel=dm,
        subcommand="ordo",
    )
    [offer] = play.public
    await press(server, "bb:accept:1::", user="bob", message=offer)
    [turn] = dms_to(server, "alice")
    assert turn.file_names == ["board.png"]
    return turn


@asynccontextmanager
async def alice_and_bob_in_a_dm(clock: FakeClock) -> AsyncIterator[tuple[FakeDiscord, int]]:
    """A fake Discord where alice and bob both installed the app, and their DM's id."""
    async with serving(clock=clock) as server:
        server.install("alice", "bob")
        yield server, server.private_dm("alice", "bob")


async def test_each_players_first_board_dm_becomes_their_live_status_card(
    database: str,
) -> None:
    clock = FakeClock()
    async with alice_and_bob_in_a_dm(clock) as (server, dm):
        async with bot_running(server, database, clock):
            alice_first = await started(server, dm)
            assert edits_of(server, "alice") == []  # her first board stands as it came

            start = server.mark()
            await slash(server, "move", {"move": "a3-a4"}, user="alice", channel=dm)
            [bob_first] = [c for c in dms_to(server, "bob") if c.file_names == ["board.png"]]
            assert edits_of(server, "bob", start) == []
            assert edits_of(server, "alice", start) == [int(alice_first.response["id"])]
            status = card_of(server, alice_first)
            assert status["flags"] & v2.FLAG_COMPONENTS_V2 and not status["attachments"]
            shown = shown_text(status)
            assert "Live status" in shown and "Bob (Black) to move" in shown
            assert "⏳ Bob: 3 days left" in shown
            assert "Jump to the latest board" not in shown  # her latest board was this one

            start = server.mark()
            await slash(server, "move", {"move": "a6-a5"}, user="bob", channel=dm)
            alice_latest = dms_to(server, "alice")[-1]
            assert alice_latest.file_names == ["board.png"]
            assert edits_of(server, "alice", start) == [int(alice_first.response["id"])]
            assert edits_of(server, "bob", start) == [int(bob_first.response["id"])]
            shown = shown_text(card_of(server, alice_first))
            assert "Alice (White) to move" in shown
            assert f"]({link_to(server, 'alice', alice_latest)})" in shown
            assert "Alice (White) to move" in shown_text(card_of(server, bob_first))
            # the latest board DM itself is left as it was sent
            assert card_of(server, alice_latest)["edited_timestamp"] is None
        async with bot_running(server, database, clock):  # a restart edits the same cards
            start = server.mark()
            await slash(server, "move", {"move": "a4-b4"}, user="alice", channel=dm)
            bob_latest = dms_to(server, "bob")[-1]
            assert edits_of(server, "bob", start) == [int(bob_first.response["id"])]
            assert edits_of(server, "alice", start) == [int(alice_first.response["id"])]
            shown = shown_text(card_of(server, bob_first))
            assert "Bob (Black) to move" in shown
            assert f"]({link_to(server, 'bob', bob_latest)})" in shown
            assert "<@" not in shown and not card_of(server, bob_first)["mentions"]

            # resigning: both cards tell the result, without clocks
            asked = server.slash("match", {}, user="bob", channel=dm, subcommand="resign")
            await server.interact(asked)
            confirmation = server.original_response(asked)
            assert confirmation is not None
            await press(server, "bb:resign:1::", user="bob", message=int(confirmation["id"]))
            await quiet(server)
            for first in (alice_first, bob_first):
                shown = shown_text(card_of(server, first))
                assert "Alice (White) wins" in shown and "⏳" not in shown, shown
        assert not server.refusals


async def test_a_deleted_status_card_never_breaks_a_direct_match(database: str) -> None:
    clock = FakeClock()
    async with alice_and_bob_in_a_dm(clock) as (server, dm):
        async with bot_running(server, database, clock):
            alice_first = await started(server, dm)
            del server.messages[int(alice_first.response["id"])]  # she deleted it
            moved = await slash(server, "move", {"move": "a3-a4"}, user="alice", channel=dm)
            assert len(moved.public) == 1
            assert "Bob, it's your turn" in shown_text(dms_to(server, "bob")[-1].json)
            again = await slash(server, "move", {"move": "a6-a5"}, user="bob", channel=dm)
            assert len(again.public) == 1
            assert "Alice, it's your turn" in shown_text(dms_to(server, "alice")[-1].json)
        assert not server.refusals
