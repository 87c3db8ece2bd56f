"""``/export`` through the service: a text record that loads back and replays to the final
position, an animated GIF for finished matches, and FENCE!'s secrets kept out of the record
until the game is over."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import bot.service.records.exports
import games
from bot.service import Service
from bot.service.records.transcript import load_text, replay
from bot.service.replies import Reply
from bot.service.text.describer import told_view
from bot.words import words
from games.fence import Offer
from storage.base import FINISHED

from .conftest import ALICE, BOB, CAROL
from .test_fence_service import (
    CARD,
    DAVE,
    Drawn,
    current,
    drawn,
    no_jail_or_cops,
    start_game,
    step,
)

__all__ = ["drawn"]  # the fixture, imported for the tests here


def text_of(reply: Reply) -> str:
    name, data = reply.files[0]
    assert name.endswith(".txt")
    return data.decode()


async def fonver_game(service: Service) -> int:
    """A short Fonver match on 9×9: the pie decision and a few stones; returns its id."""
    made = await service.challenge(ALICE, "fonver", BOB, color="first", options={"size": 9})
    assert made.match_id is not None
    await service.accept(BOB, match_id=made.match_id)
    for user, move in ((ALICE, "e5"), (BOB, "keep"), (BOB, "e6"), (ALICE, "f6")):
        reply = await service.move(user, move, match_id=made.match_id)
        assert reply.ok, reply.text
    return made.match_id


async def test_a_finished_match_exports_a_replayable_record_and_a_gif(
    service: Service,
) -> None:
    match_id = await fonver_game(service)
    await service.resign(BOB, match_id=match_id)
    reply = await service.export(DAVE, match_id=match_id)  # a spectator may export
    assert reply.ok and reply.text == "Match #1 exported (4 steps)."
    assert [name for name, _ in reply.files] == [
        "match1-fonver.txt", "match1-fonver.gif", "match1.sgf"
    ]  # fmt: skip
    exported = load_text(text_of(reply))
    assert exported.game == "fonver" and exported.match_id == match_id
    assert exported.players == ("alice", "bob")
    assert exported.seat_names == ("Black", "White")
    assert exported.options == {"pie": True, "size": 9}
    assert exported.seed == 12345
    assert exported.result == "alice (Black) wins. bob resigned."
    assert exported.finished is not None and exported.started <= exported.finished
    assert exported.moves == ((0, "e5"), (1, "keep"), (1, "e6"), (0, "f6"))
    assert "2. bob (White): keep ; e6" in text_of(reply)
    record = await service.store.get_match(match_id)
    assert record is not None
    rules = games.get("fonver")
    final = replay(exported)
    assert rules.position(final) == rules.position(rules.load(record.state))
    assert exported.position == rules.position(final)
    gif = reply.files[1][1]
    assert gif.startswith(b"GIF89a")
    with Image.open(io.BytesIO(gif)) as image:
        assert image.n_frames == 5  # the start and every step


async def test_a_running_match_without_secrets_exports_everything_but_no_animation(
    service: Service,
) -> None:
    match_id = await fonver_game(service)
    reply = await service.export(ALICE, match_id=match_id)
    assert reply.ok and "hidden" not in reply.text
    assert [name for name, _ in reply.files] == ["match1-fonver.txt", "match1.sgf"]
    exported = load_text(text_of(reply))
    assert exported.result is None and exported.finished is None
    assert exported.seed == 12345 and exported.position is not None
    rules = games.get("fonver")
    assert rules.position(replay(exported)) == exported.position


async def test_export_refuses_unknown_matches(service: Service) -> None:
    reply = await service.export(ALICE, match_id=99)
    assert not reply.ok and "no match #99" in reply.text


async def test_fence_export_hides_secrets_until_the_game_is_over(
    service: Service, drawn: Drawn, monkeypatch: pytest.MonkeyPatch
) -> None:
    animated: list[list[bytes]] = []

    def animate(frames: list[bytes]) -> bytes:
        animated.append(list(frames))
        return b"GIF89a-stub"

    monkeypatch.setattr(bot.service.records.exports, "animate", animate)
    match_id, _ = await start_game(service, seats=3, trading_cards=True)

    def prefer_offers(state: Any, actions: list[Any]) -> Any:
        offers = [a for a in actions if isinstance(a, Offer)]
        return offers[0] if offers else no_jail_or_cops(state, actions)

    rng = random.Random(11)
    for _ in range(80):
        await step(service, match_id, rng, prefer_offers)
        log = await service.store.actions(match_id)
        if log[-1].notation.startswith("offer "):
            break
    else:
        raise AssertionError("nobody offered a trade")
    secret = log[-1].notation
    public = log[-1].detail["public"]

    running = await service.export(DAVE, match_id=match_id)
    assert running.ok and "Secrets stay hidden until the game ends" in running.text
    text = text_of(running)
    assert secret not in text and public in text
    assert "[Seed" not in text and "[Position" not in text
    hidden = load_text(text)
    assert hidden.seed is None and hidden.position is None
    assert len(hidden.moves) == len(log)
    assert not CARD.search(text.split("\n\n", 1)[1]), "a card value in the move list"
    assert len(running.files) == 1 and animated == []

    await service.resign(BOB, match_id=match_id)  # leaves; the game goes on
    await service.resign(CAROL, match_id=match_id)  # alice is left and wins
    assert (await current(service, match_id)).record.status == FINISHED
    drawn.boards.clear()
    over = await service.export(DAVE, match_id=match_id)
    assert over.ok and "hidden" not in over.text
    text = text_of(over)
    assert secret in text and "[Seed " in text
    revealed = load_text(text)
    assert (1, "--") in revealed.moves  # bob's departure is a step of the record too
    rules = games.get("fence")
    final = replay(revealed)
    assert rules.position(final) == revealed.position
    loaded = await current(service, match_id)
    assert revealed.position == rules.position(loaded.state)
    assert [name.rsplit(".", 1)[1] for name, _ in over.files] == ["txt", "gif"]
    assert len(animated) == 1 and len(animated[0]) == len(revealed.moves) + 1
    # every frame was drawn from the public view: nobody's hand is in it
    assert drawn.boards and all(board.get("hand") is None for board in drawn.boards)


async def test_long_games_are_sampled_into_at_most_max_frames(
    service: Service, drawn: Drawn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.service.records.exports, "MAX_FRAMES", 4)
    frames: list[int] = []
    monkeypatch.setattr(
        bot.service.records.exports, "animate", lambda f: frames.append(len(f)) or b"GIF89a"
    )
    match_id, _ = await start_game(service, seats=2)
    rng = random.Random(3)
    for _ in range(12):
        await step(service, match_id, rng, no_jail_or_cops)
    await service.resign(BOB, match_id=match_id)
    drawn.boards.clear()
    reply = await service.export(ALICE, match_id=match_id)
    assert reply.ok and frames and frames[0] <= 5
    loaded = await current(service, match_id)
    # the last frame is the final position
    assert drawn.boards[-1] == told_view(words(), loaded.rules.view(loaded.state, None))
