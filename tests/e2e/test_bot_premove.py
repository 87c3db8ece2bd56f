"""Conditional moves through the real discord.py client and the fake Discord (issue 18.1): the
lines are typed with autocomplete, acknowledged only to their author, and the answer is posted
in the thread right with the opponent's matching move, pinging the opponent again."""

from __future__ import annotations

import json

import pytest

import games
from tests.fakediscord import FakeDiscord, ping_line

from .test_bot_ordo import (
    EPHEMERAL,
    bot_running,
    command,
    custom_ids,
    flags_of,
    press,
    started_match,
    thread_posts,
)

pytestmark = pytest.mark.e2e


async def test_a_conditional_move_on_discord(server: FakeDiscord, database: str) -> None:
    bob = server.user("bob").id
    async with bot_running(server, database, workers=0) as bot:
        thread_id, _ = await started_match(server)
        rules = games.get("ordo")

        async def legal() -> list[str]:
            record = await bot.service.store.get_match(1)
            assert record is not None
            return rules.legal_notations(rules.load(record.state))

        first = (await legal())[0]
        await command(server, "move", {"move": first}, user="alice", channel=thread_id)

        # Autocomplete offers bob's possible moves after "if", then alice's answers.
        payload = server.autocomplete(
            "premove", {"lines": ""}, focused="lines", user="alice", channel=thread_id
        )
        answer = await server.interact(payload)
        assert answer is not None
        offered = [c["value"] for c in answer.json["data"]["choices"]]
        assert offered and all(c.startswith("if ") and c.endswith(" then ") for c in offered)
        theirs = offered[0].removeprefix("if ").removesuffix(" then ")
        payload = server.autocomplete(
            "premove", {"lines": offered[0]}, focused="lines", user="alice", channel=thread_id
        )
        answer = await server.interact(payload)
        assert answer is not None
        line = answer.json["data"]["choices"][0]["value"]
        mine = line.split(" then ", 1)[1]

        posts_before = len(thread_posts(server, thread_id))
        _, stored = await command(
            server, "premove", {"lines": line}, user="alice", channel=thread_id
        )
        assert flags_of(stored) & EPHEMERAL
        assert "only you can see" in stored.json["content"] and mine in stored.json["content"]
        assert len(thread_posts(server, thread_id)) == posts_before  # nothing public

        _, moved = await command(server, "move", {"move": theirs}, user="bob", channel=thread_id)
        assert f"Played {theirs}" in moved.json["content"]
        post = thread_posts(server, thread_id)[-1]
        text = json.dumps(post.json)
        assert mine in text and "conditional move" in text
        assert f"<@{bob}>" in ping_line(post.json)  # bob is to move again
        # Nothing about the line was posted anywhere before it was played, nor told to bob.
        posted = server.calls("POST", r"/channels/\d+/messages")
        assert not [c for c in posted if c.index < post.index and line in json.dumps(c.json)]
        assert line not in json.dumps(moved.json)


async def test_conditional_moves_never_show_in_buttons_or_stale_a_press(
    server: FakeDiscord, database: str
) -> None:
    """Issue 23.2, the reported scenario: alice places in Fonver and enters a conditional move
    (a private commit), bob asks for the board and gets the pie's keep/swap buttons, alice
    clears her lines (another private commit), and bob's swap must still play. The buttons
    carry the last public version, identical to the ones under the thread's last post."""
    async with bot_running(server, database, workers=0) as bot:
        await command(
            server, "play", {"opponent": "bob", "color": "first", "size": 9},
            user="alice", subcommand="fonver",
        )  # fmt: skip
        created = server.calls("POST", rf"/channels/{server.channel_id}/threads")
        thread_id = int(created[-1].response["id"])
        challenge = thread_posts(server, thread_id)[-1]
        await press(server, "bb:accept:1::", user="bob", message=int(challenge.response["id"]))
        await command(server, "move", {"move": "e5"}, user="alice", channel=thread_id)
        placed = thread_posts(server, thread_id)[-1]
        public = sorted(custom_ids(placed.json))
        assert any("swap" in c for c in public), public

        _, entered = await command(
            server, "premove", {"lines": "if swap then c3"}, user="alice", channel=thread_id
        )
        assert "c3" in entered.json["content"]
        _, board = await command(server, "board", {}, user="bob", channel=thread_id)
        shown = sorted(custom_ids(board.json))
        assert shown == public  # the same version: nothing hints at alice's lines

        await command(server, "premove", {"lines": "clear"}, user="alice", channel=thread_id)
        swap = next(c for c in shown if "swap" in c)
        board_message = int(board.response["id"]) if board.response else 0
        pressed = await press(server, swap, user="bob", message=board_message)
        assert "out of date" not in json.dumps(pressed.json)
        record = await bot.service.store.get_match(1)
        assert record is not None
        assert [a.notation for a in await bot.service.store.actions(1)][-1] == "swap"
