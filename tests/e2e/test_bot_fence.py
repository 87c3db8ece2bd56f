"""FENCE! on the fake Discord: a three-player game from the lobby through several rounds,
with secret hands by DM, guided panels, a player whose DMs are closed and a restart in the
middle of a turn.

What is asserted is what players would see: thread messages (text, pings, images), DMs and
ephemeral panels. Images are checked at their source: every picture posted in the thread
must be one the board renderer drew from a public view, and every picture in a DM one the
hand renderer drew from the recipient's own view.
"""

from __future__ import annotations

import asyncio
import random
import re
import types
from dataclasses import dataclass, field
from typing import Any

import pytest

import render
import render.fence
from bot.discord.app import BoardBot
from tests.fakediscord import FakeDiscord, shown_text
from tests.fakediscord.server import Call

from .test_bot_ordo import EPHEMERAL, bot_running, command, custom_ids, flags_of, press

pytestmark = pytest.mark.e2e

CARD = re.compile(r"\b[RB][1-6X]\b")
SELECT = 3
PLAYERS = ("alice", "bob", "carol")


@dataclass
class Pictures:
    """Every image the renderers made during the test, by its bytes."""

    boards: dict[bytes, dict[str, Any]] = field(default_factory=dict)
    hands: dict[bytes, dict[str, Any]] = field(default_factory=dict)


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> Pictures:
    seen = Pictures()
    draw_board, draw_hand = render.render, render.fence.render_hand

    def board(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        image = draw_board(game, view, **kwargs)
        seen.boards[image] = view
        return image

    def hand(view: dict[str, Any], **labels: Any) -> bytes:
        image = draw_hand(view)
        seen.hands[image] = view
        return image

    monkeypatch.setattr(render, "render", board)
    monkeypatch.setattr(render.fence, "render_hand", hand)
    # a fixed seed: the same map, cards and dice on every run
    fixed = types.SimpleNamespace(randbits=lambda n: 4242)
    monkeypatch.setattr("bot.service.facade.secrets", fixed)
    return seen


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
async def quiet(server: FakeDiscord, idle: float = 0.12) -> None:
    """Wait until the bot has stopped talking to Discord (DMs go out after the answer)."""
    seen = -1
    while seen != server.mark():
        seen = server.mark()
        await asyncio.sleep(idle)


def text_of(message: dict[str, Any]) -> str:
    return shown_text(message)


def thread_messages(server: FakeDiscord, thread_id: int) -> list[Call]:
    return [c for c in server.calls("POST", rf"/channels/{thread_id}/messages") if c.status == 200]


def dms_to(server: FakeDiscord, who: str) -> list[Call]:
    channel = server.dm_channel_of(who)
    if channel is None:
        return []
    return server.calls("POST", rf"/channels/{channel['id']}/messages")


def all_dms(server: FakeDiscord) -> dict[str, list[Call]]:
    return {who: dms_to(server, who) for who in (*PLAYERS, "dave")}


async def select(
    server: FakeDiscord, custom_id: str, value: str, *, user: str, message: int
) -> Call:
    start = server.mark()
    payload = server.component(
        custom_id, user=user, message=message, component_type=SELECT, values=[value]
    )
    await server.interact(payload)
    pattern = rf"/webhooks/{server.app_id}/{re.escape(payload['token'])}(/messages/@original)?"
    return await server.wait_for_call(
        None, pattern, start=start, where=lambda c: c.method in ("POST", "PATCH")
    )


@dataclass
class Game:
    """The running match as the test follows it."""

    server: FakeDiscord
    bot: BoardBot
    thread_id: int
    rng: random.Random
    pictures: Pictures
    checked: int = 0
    """Thread messages already checked for secrets."""
    menus: int = 0
    """Choices made in a select menu (panels with more than five options)."""

    async def loaded(self) -> Any:
        record = await self.bot.service.store.get_match(1)
        assert record is not None
        return self.bot.service.reader.load(record)

    async def mover(self) -> str:
        loaded = await self.loaded()
        user_id = loaded.record.seats[loaded.rules.to_move(loaded.state)[0]]
        return next(k for k in PLAYERS if str(self.server.user(k).id) == user_id)

    def board_post(self) -> Call:
        return next(
            c
            for c in reversed(thread_messages(self.server, self.thread_id))
            if any(i.startswith("bb:panel:1:") for i in custom_ids(c.json))
        )

    async def open_panel(self, user: str) -> tuple[Call, int]:
        post = self.board_post()
        button = next(i for i in custom_ids(post.json) if i.startswith("bb:panel:1:"))
        reply = await press(self.server, button, user=user, message=int(post.response["id"]))
        assert flags_of(reply) & EPHEMERAL
        return reply, int(reply.response["id"]) if reply.response else 0

    async def choose(self, user: str, panel_id: int, pick: int | None = None) -> Call:
        """Pick one option of the panel message (a random one unless told)."""
        message = self.server.message(panel_id)
        items = [c for row in message["components"] for c in row["components"]]
        items = [c for c in items if c.get("label") != "◀ Back"]
        assert items, message
        if items[0]["type"] == SELECT:
            options = [(c, o["value"]) for c in items for o in c["options"]]
            menu, value = options[pick if pick is not None else self.rng.randrange(len(options))]
            self.menus += 1
            return await select(self.server, menu["custom_id"], value, user=user, message=panel_id)
        button = items[pick if pick is not None else self.rng.randrange(len(items))]
        return await press(self.server, button["custom_id"], user=user, message=panel_id)

    async def play_by_panel(self, user: str) -> None:
        """Open the panel from the board post and click through to a played step."""
        before = len(await self.bot.service.store.actions(1))
        _, panel_id = await self.open_panel(user)
        for _ in range(8):
            edited = await self.choose(user, panel_id)
            assert edited.method == "PATCH"  # the ephemeral panel is edited in place
            if len(await self.bot.service.store.actions(1)) > before:
                assert edited.json["content"].endswith(".")  # told in words (issue 31.7)
                assert not self.server.message(panel_id)["components"]
                return
        raise AssertionError("the panel never played a move")

    async def play_by_typing(self, user: str) -> None:
        loaded = await self.loaded()
        action = self.rng.choice(loaded.rules.legal_actions(loaded.state))
        notation = loaded.rules.format(loaded.state, action)
        _, reply = await command(
            self.server, "move", {"move": notation}, user=user, channel=self.thread_id
        )
        assert reply.json["content"].endswith("."), reply.json["content"]  # told in words

    async def step(self, by_panel: bool) -> None:
        before = await self.loaded()
        user = await self.mover()
        if by_panel:
            await self.play_by_panel(user)
        else:
            await self.play_by_typing(user)
        await quiet(self.server)
        self.check_thread(before, await self.loaded())

    def check_thread(self, before: Any, after: Any) -> None:
        """New thread messages name only cards that just became public, and their images
        were drawn from public views."""
        old = before.rules.view(before.state, None)
        new = after.rules.view(after.state, None)
        public = set(new["discard"][len(old["discard"]) :]) | set(new["revealed"])
        messages = thread_messages(self.server, self.thread_id)
        for call in messages[self.checked :]:
            text = text_of(call.json)
            assert set(CARD.findall(text)) <= public, text
            assert "Hand:" not in text and "Starting cards" not in text
            for upload in call.files:
                assert upload.data in self.pictures.boards, "not drawn by the board renderer"
                view = self.pictures.boards[upload.data]
                assert view.get("seat") is None and "hand" not in view
        self.checked = len(messages)


def check_dms(server: FakeDiscord, bot: BoardBot, pictures: Pictures) -> int:
    """Every DM went to the seat whose hand it shows; returns how many were sent."""
    count = 0
    for who, calls in all_dms(server).items():
        for call in calls:
            if call.status != 200:
                continue
            count += 1
            assert call.file_names == ["hand.png"]
            view = pictures.hands[call.files[0].data]
            seat = view["seat"]
            assert seat == PLAYERS.index(who), f"{who} got seat {seat}'s hand"
            assert f"You play {view['seat_names'][seat]}." in call.json["content"]
            assert f"Hand: {' '.join(view['hand']) or 'none'}" in call.json["content"]
    return count


# ------------------------------------------------------------------------------------------
# the test
# ------------------------------------------------------------------------------------------
async def test_three_players_from_lobby_through_rounds_and_a_restart(
    server: FakeDiscord, database: str, pictures: Pictures
) -> None:
    db = database
    rng = random.Random(7)
    # in-process rendering: the test records what each image was drawn from (``pictures``)
    async with bot_running(server, db, workers=0) as bot:
        # -- the lobby: buttons and their typed twins ------------------------------------
        _, opened = await command(
            server, "play", {"seats": 3, "quick_map": True}, user="alice", subcommand="fence"
        )
        assert "Lobby #1 is open" in opened.json["content"]
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        lobby = thread_messages(server, thread_id)[-1]
        lobby_id = int(lobby.response["id"])
        assert custom_ids(lobby.json) == [
            "bb:join:1::",
            "bb:leave:1::",
            "bb:add_computer:1::",
            "bb:start:1::",
        ]
        assert "quick_map: true" in text_of(lobby.json)
        early = await press(server, "bb:start:1::", user="alice", message=lobby_id)
        assert "at least 2 players" in early.json["content"]
        joined = await press(server, "bb:join:1::", user="bob", message=lobby_id)
        assert "You joined lobby #1" in joined.json["content"]
        not_creator = await press(server, "bb:start:1::", user="bob", message=lobby_id)
        assert flags_of(not_creator) & EPHEMERAL and "Only Alice" in not_creator.json["content"]
        _, typed = await command(server, "lobby join", {}, user="carol", channel=thread_id)
        assert "You joined lobby #1" in typed.json["content"]
        full = thread_messages(server, thread_id)[-1]
        assert f"<@{server.user('alice').id}>" in shown_text(full.json)
        full_up = await press(server, "bb:join:1::", user="dave", message=lobby_id)
        assert "full" in full_up.json["content"]

        # -- the start: secrets by DM, carol's DMs are closed ------------------------------
        server.block_dms("carol")
        _, started = await command(server, "lobby start", {}, user="alice", channel=thread_id)
        assert started.json["content"] == "Started."
        await quiet(server)
        game = Game(server, bot, thread_id, rng, pictures)
        loaded = await game.loaded()
        for seat, who in enumerate(PLAYERS[:2]):
            (dm,) = dms_to(server, who)
            mine = loaded.rules.view(loaded.state, seat)["starting_cards"]
            assert dm.json["content"].startswith("Your secret cards — FENCE! match #1")
            if mine:
                assert f"Starting cards: {' '.join(mine)}" in dm.json["content"]
        assert [c.status for c in dms_to(server, "carol")] == [403]
        closed = [c for c in thread_messages(server, thread_id) if "I can't DM" in text_of(c.json)]
        assert len(closed) == 1
        carol_id = server.user("carol").id
        assert f"I can't DM <@{carol_id}> — use /hand" in text_of(closed[0].json)
        assert [str(u) for u in closed[0].json["allowed_mentions"]["users"]] == [str(carol_id)]
        assert not CARD.search(text_of(closed[0].json))
        game.check_thread(loaded, loaded)

        # carol reads her cards with /hand and with the My cards button, privately
        _, hand = await command(server, "hand", {}, user="carol", channel=thread_id)
        assert flags_of(hand) & EPHEMERAL and hand.file_names == ["board.png"]
        assert pictures.hands[hand.files[0].data]["seat"] == 2
        post = game.board_post()
        assert "bb:hand:1::" in custom_ids(post.json)
        cards = await press(server, "bb:hand:1::", user="carol", message=int(post.response["id"]))
        assert flags_of(cards) & EPHEMERAL and "Your cards" in cards.json["content"]

        # -- the wrong player is refused, on the board post and on a panel ----------------
        mover = await game.mover()
        other = next(p for p in PLAYERS if p != mover)
        refused, _ = await game.open_panel(other)
        assert "not yours" in refused.json["content"]
        outsider = await press(server, "bb:hand:1::", user="dave", message=int(post.response["id"]))
        assert "not playing" in outsider.json["content"]
        _, panel_id = await game.open_panel(mover)
        assert server.message(panel_id)["flags"] & EPHEMERAL
        intruder = await game.choose(other, panel_id, pick=0)
        assert "not yours" in intruder.json["content"]
        assert await bot.service.store.actions(1) == []

        # -- several rounds: panels and typed moves ---------------------------------------
        steps = 0
        while (now := await game.loaded()).state.round < 4 and now.record.status == "active":
            await game.step(by_panel=steps % 3 != 2)
            steps += 1
            assert steps < 80
        assert steps >= 9 and game.menus > 0
        in_thread = "\n".join(text_of(c.json) for c in thread_messages(server, thread_id))
        assert "**Round 1 is over.**" in in_thread and "Cards in hand:" in in_thread
        # closed DMs were mentioned once, however often carol's hand changed
        assert in_thread.count("I can't DM") == 1

        # -- a turn interrupted by a restart ----------------------------------------------
        assert (await game.loaded()).record.status == "active", "the game ended too early"
        mover = await game.mover()
        stale_post = game.board_post()
        _, panel_id = await game.open_panel(mover)
        first = await game.choose(mover, panel_id, pick=0)
        assert first.method == "PATCH" and "choose" in first.json["content"]
        version = (await game.loaded()).record.version
    dms_before = check_dms(server, bot, pictures)

    # in-process rendering: the test records what each image was drawn from (``pictures``)
    async with bot_running(server, db, workers=0) as bot:
        game.bot = bot
        before = await game.loaded()
        assert before.record.version == version
        # the panel opened before the restart carries on from where it was
        for _ in range(8):
            edited = await game.choose(mover, panel_id)
            if (await game.loaded()).record.version != version:
                break
        assert edited.json["content"].endswith("."), edited.json["content"]  # told in words
        await quiet(server)
        game.check_thread(before, await game.loaded())
        # a panel button from an old board post gives a fresh panel, politely
        now = await game.loaded()
        if now.record.status == "active":
            button = next(i for i in custom_ids(stale_post.json) if i.startswith("bb:panel:1:"))
            user = await game.mover()
            again = await press(server, button, user=user, message=int(stale_post.response["id"]))
            assert again.json["content"].startswith(
                "The board changed since that panel was opened"
            ), again.json["content"]
            await game.step(by_panel=True)

    assert check_dms(server, bot, pictures) > dms_before >= 2
    assert all(c.status == 403 for c in dms_to(server, "carol"))
    assert not dms_to(server, "dave")
    assert server.unknown_calls == []
