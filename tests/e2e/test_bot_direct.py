"""Played where the bot is not (issue 35 part 1): the real bot on the fake Discord, installed
by players to their own accounts and played in a DM, a group DM and a server without it.

Discord lets an app answer the interactions made there and nothing else: the fake refuses
every channel call where the bot is not a member, lets a token make follow-ups for 15 minutes
and — where only a user installed the app — five of them. So every assertion here is about
what players see: each move's post as the public answer to the command that made it, in the
channel where it was made, and everything later (turns, reminders, the timeout, secret hands,
a rematch) by DM; a DM that cannot be delivered comes with the player's next command.

The commands sync globally, as a user install needs (no ``DEV_GUILD_ID``). The fake's clock
is the bot's, so days pass for the tokens too.
"""

from __future__ import annotations

import re
import types
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord.app import BoardBot
from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord, ping_line, serving, shown_text, texts_of
from tests.fakediscord.server import Call, NotOffered

from .test_bot_correspondence import bot_running as running_bot
from .test_bot_correspondence import tick
from .test_bot_fence import CARD, select, text_of
from .test_bot_fence import quiet as settle
from .test_bot_ordo import EPHEMERAL, custom_ids

pytestmark = pytest.mark.e2e
HOUR = 3600.0
DAY = 24 * HOUR
SELECT = 3
PLAYERS = ("alice", "bob", "carol")


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
@asynccontextmanager
async def bot_running(server: FakeDiscord, db: str, clock: FakeClock) -> AsyncIterator[BoardBot]:
    """The bot with global commands (a user install offers only those), rendering in-process,
    the scheduler run by hand (:func:`tick`) after its start-up run."""
    async with running_bot(server, db, clock, global_commands=True, workers=0) as bot:
        yield bot


async def quiet(server: FakeDiscord) -> None:
    """Until the bot stops talking to Discord: DMs go out after the answer, and a board is
    drawn in-process between calls."""
    await settle(server, idle=0.3)


@dataclass
class Answer:
    """Everything the bot sent through one interaction's token, in order."""

    callback: Call
    hooks: list[Call]

    @property
    def private(self) -> Call:
        """The caller's own answer (the first follow-up, or the panel edited in place)."""
        return self.hooks[0]

    @property
    def public(self) -> list[Call]:
        """The answers everyone in the channel sees: follow-ups that are not ephemeral."""
        return [
            c
            for c in self.hooks
            if c.method == "POST" and not int((c.json or {}).get("flags") or 0) & EPHEMERAL
        ]

    @property
    def private_texts(self) -> list[str]:
        return [content(c) for c in self.hooks if c not in self.public]


async def act(server: FakeDiscord, payload: dict[str, Any]) -> Answer:
    start = server.mark()
    callback = await server.interact(payload)
    assert callback is not None
    token = re.escape(payload["token"])
    pattern = rf"/webhooks/{server.app_id}/{token}(/messages/.*)?"
    await server.wait_for_call(None, pattern, start=start)
    await quiet(server)
    return Answer(callback, [c for c in server.calls(None, pattern) if c.index >= start])


async def slash(
    server: FakeDiscord,
    name: str,
    options: dict[str, Any],
    *,
    user: str,
    channel: int,
    subcommand: str | None = None,
) -> Answer:
    if " " in name and subcommand is None:
        name, subcommand = name.split(" ", 1)
    payload = server.slash(name, options, user=user, channel=channel, subcommand=subcommand)
    return await act(server, payload)


async def press(server: FakeDiscord, custom_id: str, *, user: str, message: Call | int) -> Answer:
    message_id = message if isinstance(message, int) else int(message.response["id"])
    return await act(server, server.component(custom_id, user=user, message=message_id))


def content(call: Call) -> str:
    return ping_line(call.json or {})


def described(call: Call) -> str:
    return "\n".join(texts_of((call.json or {}).get("components") or []))


def dms_to(server: FakeDiscord, who: str) -> list[Call]:
    channel = server.dm_channel_of(who)
    if channel is None:
        return []
    return server.calls("POST", rf"/channels/{channel['id']}/messages")


def public_messages(server: FakeDiscord, channel: int) -> list[dict[str, Any]]:
    return [m for m in server.messages_in(channel) if not m["flags"] & EPHEMERAL]


def assert_only_answers_there(server: FakeDiscord, *channels: int) -> None:
    """The bot never called Discord about these channels itself, made no thread anywhere,
    and no follow-up of its was refused (an expired token, a sixth follow-up)."""
    for channel in channels:
        assert server.calls(None, rf"/channels/{channel}(/.*)?") == []
    assert server.calls("POST", r"/channels/\d+(/messages/\d+)?/threads") == []
    refused = [c for c in server.calls(None, r"/webhooks/.*") if c.status >= 400]
    assert refused == [], [(c.path, c.status, c.response) for c in refused]
    assert server.unknown_calls == []


# ------------------------------------------------------------------------------------------
# a DM between two players
# ------------------------------------------------------------------------------------------
async def test_a_correspondence_game_in_a_dm_between_two_players(database: str) -> None:
    """Three moves days apart (one made from the bot's own DM, one after a restart), a
    reminder, a timeout and a rematch: the DM the game lives in only ever gets answers."""
    clock = FakeClock()
    async with serving(clock=clock) as server:
        server.install("alice", "bob")
        dm = server.private_dm("alice", "bob")
        alice, bob = server.user("alice").id, server.user("bob").id
        async with bot_running(server, database, clock):
            synced = {c["name"]: c for c in server.commands[None]}
            assert (synced["play"]["integration_types"], synced["play"]["contexts"]) == (
                [0, 1],
                [0, 1, 2],
            )
            for name in ("server", "tournament", "seeks"):  # hidden outside servers with me
                assert (synced[name]["integration_types"], synced[name]["contexts"]) == ([0], [0])
                with pytest.raises(NotOffered):
                    server.slash(name, {}, user="alice", channel=dm)

            # -- the challenge: answered in the DM, the opponent hears by DM -----------------
            play = await slash(
                server,
                "play",
                {"opponent": "bob", "color": "first", "time": "3d+1d max 7d"},
                user="alice",
                channel=dm,
                subcommand="ordo",
            )
            assert content(play.private) == "Challenge sent to Bob (match #1)."
            assert flags(play.private) & EPHEMERAL
            [offer] = play.public
            assert "bb:accept:1::" in custom_ids(offer.json)
            assert "rated on the friends' ladder" in described(offer)
            assert offer.json["allowed_mentions"]["users"] == [] and not content(offer)
            [to_bob] = dms_to(server, "bob")
            assert content(to_bob).startswith("Bob, do you accept?")
            assert "bb:accept:1::" in custom_ids(to_bob.json)

            # bob accepts with the button alice's answer carries (he types nothing here)
            accepted = await press(server, "bb:accept:1::", user="bob", message=offer)
            [start] = accepted.public
            assert start.file_names == ["board.png"] and "Alice (White)" in described(start)
            [turn] = dms_to(server, "alice")
            assert content(turn) == "Alice, it's your turn in Ordo (match #1)."
            assert turn.file_names == ["board.png"]

            # -- move 1, day 0: in the DM ------------------------------------------------------
            first = await slash(server, "move", {"move": "a3-a4"}, user="alice", channel=dm)
            assert content(first.private).startswith("Played a3-a4")
            [post] = first.public
            assert post.file_names == ["board.png"] and post.json["allowed_mentions"]["users"] == []
            assert content(dms_to(server, "bob")[-1]) == "Bob, it's your turn in Ordo (match #1)."
            assert "3 days left" in described(dms_to(server, "bob")[-1])

            # -- move 2, a day and a half later: from bob's DM with the bot ------------------
            clock.advance(1.5 * DAY)
            own = int(server.open_dm("bob")["id"])
            second = await slash(server, "move", {"move": "a6-a5"}, user="bob", channel=own)
            [answer] = second.public
            assert int(answer.response["channel_id"]) == own  # where he made it
            assert content(dms_to(server, "alice")[-1]).startswith("Alice, it's your turn")
        # -- a restart: the match still knows it is played in a DM -----------------------------
        async with bot_running(server, database, clock) as bot:
            clock.advance(1.5 * DAY)
            third = await slash(server, "move", {"move": "a4-b4"}, user="alice", channel=dm)
            assert content(third.private).startswith("Played a4-b4"), content(third.private)
            assert len(third.public) == 1
            before = len(dms_to(server, "bob"))

            # -- the clock: a reminder, then the timeout, by DM -------------------------------
            clock.advance(1.5 * DAY + HOUR)  # bob: 2.5 days after the increment, 23 h left
            await tick(bot)
            await quiet(server)
            reminders = dms_to(server, "bob")[before:]
            assert [shown_text(c.json) for c in reminders] == [  # said once, not twice
                "⏰ Bob, 23 h left on your clock in Ordo (match #1)."
            ]
            clock.advance(DAY)
            await tick(bot)
            await quiet(server)
            for who in ("alice", "bob"):
                result = dms_to(server, who)[-1]
                assert "Bob ran out of time." in described(result)
                assert "bb:rematch:1::" in custom_ids(result.json)
            rating = await slash(server, "me rating", {}, user="alice", channel=dm)
            assert content(rating.private).startswith("Ratings of Alice on the friends' ladder")

            # -- the rematch, from the result's DM: played in DMs again ------------------------
            result = dms_to(server, "bob")[-1]
            rematch = await press(server, "bb:rematch:1::", user="bob", message=result)
            assert "Challenge sent to Alice (match #2)" in content(rematch.private)
            [again] = rematch.public
            assert "Seats: Bob (White), Alice (Black)." in described(again)
            assert "bb:accept:2::" in custom_ids(dms_to(server, "alice")[-1].json)
            record = await bot.service.store.get_match(2)
            assert record is not None and record.venue == "direct"
            friends = await bot.service.store.ratings("", "ordo")
            assert {r.user_id for r in friends} == {str(alice), str(bob)}
        assert_only_answers_there(server, dm)
        assert len(public_messages(server, dm)) == 4  # challenge, start, moves 1 and 3


def flags(call: Call) -> int:
    body = call.json or {}
    return int(body.get("flags") or body.get("data", {}).get("flags") or 0)


# ------------------------------------------------------------------------------------------
# FENCE! in a group DM
# ------------------------------------------------------------------------------------------
async def test_a_three_player_fence_game_in_a_group_dm(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only alice installed the app; bob and carol play by the buttons her answers carry.
    Secret hands go by DM; carol cannot be sent one, and her next press brings what waited.
    A turn is played with the guided panel, step by step, from the group DM."""
    # the deal of the FENCE! test in a server (tests/e2e/test_bot_fence.py): all three hold cards
    monkeypatch.setattr(
        "bot.service.facade.secrets", types.SimpleNamespace(randbits=lambda n: 4242)
    )
    clock = FakeClock()
    async with serving(clock=clock) as server:
        server.install("alice")
        gdm = server.group_dm("alice", "bob", "carol")
        server.block_dms("carol", opening=True)  # she shares no server with the bot
        async with bot_running(server, database, clock) as bot:
            opened = await slash(
                server,
                "play",
                {"seats": 3, "quick_map": True},
                user="alice",
                channel=gdm,
                subcommand="fence",
            )
            [lobby] = opened.public
            assert custom_ids(lobby.json)[:2] == ["bb:join:1::", "bb:leave:1::"]
            joined = await press(server, "bb:join:1::", user="bob", message=lobby)
            assert "You joined lobby #1" in content(joined.private)
            [lobby] = joined.public
            full = await press(server, "bb:join:1::", user="carol", message=lobby)
            [lobby] = full.public
            assert "Alice can start the game now." in described(lobby)
            told = dms_to(server, "alice")[-1]  # the creator hears by DM that it is full
            assert content(told) == "Alice, the lobby is full — press Start or type /lobby start."
            assert "bb:start:1::" in custom_ids(told.json)
            started = await press(server, "bb:start:1::", user="alice", message=lobby)
            [board] = started.public
            assert board.file_names[0] == "board.png"
            ids = custom_ids(board.json)
            assert "bb:hand:1::" in ids and any(i.startswith("bb:panel:1:") for i in ids)

            record = await bot.service.store.get_match(1)
            assert record is not None and record.venue == "direct"
            rules_view = bot.service.reader.load(record)
            for seat, who in enumerate(("alice", "bob")):
                secret = rules_view.rules.view(rules_view.state, seat)
                hands = [c for c in dms_to(server, who) if "Your secret cards" in content(c)]
                if secret.get("hand") or secret.get("starting_cards"):
                    [hand] = hands
                    assert hand.file_names == ["hand.png"]
            opened_dms = server.calls("POST", r"/users/@me/channels")
            carol_id = str(server.user("carol").id)
            assert [c.status for c in opened_dms if str(c.json["recipient_id"]) == carol_id]
            assert all(
                c.status == 403 for c in opened_dms if str(c.json["recipient_id"]) == carol_id
            )

            # carol's first press brings what waited for her, privately, once
            cards = await press(server, "bb:hand:1::", user="carol", message=board)
            waited = [t for t in cards.private_texts if t.startswith("While I couldn't reach")]
            assert len(waited) == 1 and "Your secret cards — FENCE! match #1" in waited[0]
            again = await press(server, "bb:hand:1::", user="carol", message=board)
            assert not [t for t in again.private_texts if t.startswith("While I couldn't")]

            # -- guided turns, pressed in the group DM ------------------------------------------
            played = 0
            post = board
            while played < 3:
                loaded = bot.service.reader.load(await bot.service.store.get_match(1))  # type: ignore[arg-type]
                if loaded.record.status != "active":
                    break
                mover_id = loaded.record.seats[loaded.rules.to_move(loaded.state)[0]]
                mover = next(k for k in PLAYERS if str(server.user(k).id) == mover_id)
                dms_before = {k: len(dms_to(server, k)) for k in PLAYERS}
                post = await guided_turn(server, bot, mover, post)
                played += 1
                after = bot.service.reader.load(await bot.service.store.get_match(1))  # type: ignore[arg-type]
                nxt = after.rules.to_move(after.state)
                if nxt and after.record.seats[nxt[0]] != mover_id and mover_id:
                    # a new turn: whoever acts next hears by DM, carol at her next press
                    who = next(
                        k for k in PLAYERS if str(server.user(k).id) == after.record.seats[nxt[0]]
                    )
                    if who != "carol":
                        turn = dms_to(server, who)[dms_before[who] :]
                        assert any("it's your turn in FENCE!" in content(c) for c in turn)
            assert played == 3
            final = bot.service.reader.load(await bot.service.store.get_match(1))  # type: ignore[arg-type]
            seen = final.rules.view(final.state, None)
            shown = set(seen["discard"]) | set(seen["revealed"])
        for message in public_messages(server, gdm):  # no card that is still secret
            text = text_of(message)
            assert "Hand:" not in text and "Starting cards" not in text
            assert set(CARD.findall(text)) <= shown, text
        assert_only_answers_there(server, gdm)


async def guided_turn(server: FakeDiscord, bot: BoardBot, mover: str, post: Call) -> Call:
    """The mover opens the guided panel from the last public board and picks the first
    choice at every level until a step is played; the step's public board is returned."""
    store = bot.service.store
    before = len(await store.actions(1))
    button = next(i for i in custom_ids(post.json) if i.startswith("bb:panel:1:"))
    opened = await press(server, button, user=mover, message=post)
    panel_id = int(opened.private.response["id"])
    assert server.message(panel_id)["flags"] & EPHEMERAL
    for _ in range(10):
        message = server.message(panel_id)
        items = [c for row in message["components"] for c in row["components"]]
        items = [c for c in items if c.get("label") != "◀ Back"]
        if items[0]["type"] == SELECT:
            start = server.mark()
            await select(
                server,
                items[0]["custom_id"],
                items[0]["options"][0]["value"],
                user=mover,
                message=panel_id,
            )
            await quiet(server)
            hooks = [c for c in server.requests[start:] if "/webhooks/" in c.path]
        else:
            hooks = (await press(server, items[0]["custom_id"], user=mover, message=panel_id)).hooks
        if len(await store.actions(1)) > before:
            [board] = [c for c in hooks if c.method == "POST" and not flags(c) & EPHEMERAL]
            assert board.file_names[0] == "board.png"
            return board
    raise AssertionError("the panel never played a step")


# ------------------------------------------------------------------------------------------
# a server without the bot
# ------------------------------------------------------------------------------------------
async def test_a_game_started_in_a_server_without_the_bot(database: str) -> None:
    """alice installed the app and plays bob in a server the bot was never added to: the
    answers appear there, bob plays from his DM with the bot, the result rates on the
    friends' ladder, and the server's commands are not offered there."""
    clock = FakeClock()
    async with serving(clock=clock) as server:
        server.install("alice")
        general = server.add_foreign_guild()
        async with bot_running(server, database, clock) as bot:
            with pytest.raises(NotOffered):
                server.slash("server", {}, user="alice", channel=general, subcommand="settings")
            with pytest.raises(NotOffered):  # bob did not install the app
                server.slash("move", {"move": "a6-a5"}, user="bob", channel=general)
            play = await slash(
                server,
                "play",
                {"opponent": "bob", "color": "first"},
                user="alice",
                channel=general,
                subcommand="ordo",
            )
            [offer] = play.public
            assert "rated on the friends' ladder" in described(offer)
            accepted = await press(server, "bb:accept:1::", user="bob", message=offer)
            assert len(accepted.public) == 1
            moved = await slash(server, "move", {"move": "a3-a4"}, user="alice", channel=general)
            assert len(moved.public) == 1
            own = int(server.open_dm("bob")["id"])
            reply = await slash(server, "move", {"move": "a6-a5"}, user="bob", channel=own)
            assert content(reply.private).startswith("Played a6-a5")
            # bob resigns; the result is a post where he asked and a DM to alice
            payload = server.slash("match", {}, user="bob", channel=own, subcommand="resign")
            await server.interact(payload)
            confirmation = server.original_response(payload)
            assert confirmation is not None
            resigned = await press(
                server, "bb:resign:1::", user="bob", message=int(confirmation["id"])
            )
            assert resigned.public and "wins" in described(resigned.public[0])
            assert "wins" in described(dms_to(server, "alice")[-1])
            rating = await slash(server, "me rating", {}, user="alice", channel=general)
            assert content(rating.private).startswith("Ratings of Alice on the friends' ladder")
            record = await bot.service.store.get_match(1)
            assert record is not None and (record.venue, record.guild_id) == ("direct", None)
            assert await bot.service.store.guild_settings(str(record.channel_id)) == {}
        assert_only_answers_there(server, general)


async def test_where_a_server_keeps_external_apps_quiet_the_game_goes_on_by_dm(
    database: str,
) -> None:
    """A server may turn off *Use External Apps*: Discord then shows an app it did not add to
    the caller alone. The mover still sees the board and is told so; the others hear by DM."""
    clock = FakeClock()
    async with serving(clock=clock) as server:
        server.install("alice")
        general = server.add_foreign_guild(external_apps=False)
        async with bot_running(server, database, clock):
            play = await slash(
                server, "play", {"opponent": "bob"}, user="alice", channel=general,
                subcommand="ordo",
            )  # fmt: skip
            assert public_messages(server, general) == []
            assert "Discord let only you see this here" in "\n".join(play.private_texts)
            assert "bb:accept:1::" in custom_ids(dms_to(server, "bob")[-1].json)
        assert_only_answers_there(server, general)
