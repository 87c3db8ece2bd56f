"""``/me games`` as a card with a "Next game" button, through the real discord.py client
against the fake Discord (on both stores).

The listing is a private Components V2 card; its button carries nothing but what it does
(``bb:next_game``), so it works after a restart, and pressing it answers the presser alone
with the board of the match waiting for their move with the least time left — or one
sentence when none waits.
"""

from __future__ import annotations

import pytest

from tests.e2e.test_bot_ordo import EPHEMERAL, bot_running, command, custom_ids, flags_of, press
from tests.e2e.test_bot_ordo import thread_posts as posts_in
from tests.fakediscord import FakeDiscord, shown_text
from tests.fakediscord import layout as v2

pytestmark = pytest.mark.e2e


async def challenge(server: FakeDiscord, time: str) -> int:
    """alice (White) challenges bob with ``time`` on the clock; bob accepts; the thread."""
    await command(
        server,
        "play",
        {"opponent": "bob", "color": "first", "time": time},
        user="alice",
        subcommand="ordo",
    )
    thread_id = int(
        server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
    )
    offer = int(posts_in(server, thread_id)[-1].response["id"])
    match = len(server.calls("POST", rf"/channels/{server.channel_id}/threads"))
    await press(server, f"bb:accept:{match}::", user="bob", message=offer)
    return thread_id


async def test_me_games_is_a_card_whose_button_opens_the_most_urgent_game(
    fake_discord: FakeDiscord, database: str
) -> None:
    server = fake_discord
    async with bot_running(server, database):
        await challenge(server, "3d per move")
        await challenge(server, "1d per move")
        _, listing = await command(server, "me games", {}, user="alice")
        body = listing.json
        assert flags_of(listing) & EPHEMERAL and body["flags"] & v2.FLAG_COMPONENTS_V2
        assert not body.get("content")
        shown = shown_text(body)
        assert "Your open matches" in shown
        assert "#1 Ordo vs Bob — **your turn**, 3 days left" in shown
        assert "#2 Ordo vs Bob — **your turn**, 1 day left" in shown
        assert custom_ids(body) == ["bb:next_game"]
        listed = int(listing.response["id"])
    async with bot_running(server, database):  # the button works after a restart
        opened = await press(server, "bb:next_game", user="alice", message=listed)
        card = opened.json
        assert flags_of(opened) & EPHEMERAL and card["flags"] & v2.FLAG_COMPONENTS_V2
        text = shown_text(card)
        assert text.startswith("Match #2 waits for your move with the least time left")
        assert "### Ordo · match #2" in text and "⏳ Alice: 1 day left" in text
        assert opened.file_names == ["board.png"]
        assert not opened.json["allowed_mentions"].get("users")
        nothing = await press(server, "bb:next_game", user="bob", message=listed)
        assert nothing.json["content"] == "Nothing is waiting for you. 🎉"
        # typed, it is the same answer
        _, typed = await command(server, "me next", {}, user="alice")
        assert shown_text(typed.json).startswith("Match #2 waits for your move")
        assert not server.refusals


async def test_choose_my_move_on_the_private_board_opens_the_panel_beside_it(
    fake_discord: FakeDiscord, database: str
) -> None:
    """A guided game's board from "Next game" carries *Choose my move*: pressed there, the
    panel comes as a message of its own — a card is never edited into the panel's buttons."""
    server = fake_discord
    async with bot_running(server, database, workers=0) as bot:
        await command(
            server, "play", {"seats": 3, "quick_map": True}, user="alice", subcommand="fence"
        )
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        lobby = int(posts_in(server, thread_id)[-1].response["id"])
        await press(server, "bb:join:1::", user="bob", message=lobby)
        await command(server, "lobby start", {}, user="alice", channel=thread_id)
        record = await bot.service.store.get_match(1)
        assert record is not None and record.status == "active"
        loaded = bot.service.reader.load(record)
        mover_id = record.seats[loaded.rules.to_move(loaded.state)[0]]
        mover = next(k for k in ("alice", "bob") if str(server.user(k).id) == mover_id)
        _, board = await command(server, "me next", {}, user=mover)
        assert flags_of(board) & EPHEMERAL and board.json["flags"] & v2.FLAG_COMPONENTS_V2
        [choose] = [i for i in custom_ids(board.json) if i.startswith("bb:panel:1:")]
        start = server.mark()
        panel = await press(server, choose, user=mover, message=int(board.response["id"]))
        assert panel.method == "POST" and flags_of(panel) & EPHEMERAL
        assert any(i.startswith("bb:panel:1:") for i in custom_ids(panel.json))
        assert [c.path for c in server.requests[start:] if c.method == "PATCH"] == []
        assert choose in custom_ids(server.message(int(board.response["id"])))
        assert not server.refusals
