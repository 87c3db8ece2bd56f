"""Issue "The house, finished", item 3: the Discord adapter only speaks Discord.

Whatever delivery needs to post about a match — its thread and channel, the public version
its buttons carry, a jump link, the title and home of a new match's thread — travels in the
reply (:class:`bot.service.replies.MatchPlace`), so ``bot/discord`` never reads the store. An
import contract forbids ``bot.discord`` → ``storage``; the scan below also catches a store
reached through the service object.
"""

from __future__ import annotations

import ast
from pathlib import Path

import render
from bot.service import Service
from bot.service.computer.opponents import computer
from bot.service.match.transition import public_version

from .conftest import ALICE, ALICE_ADMIN, BOB

DISCORD = Path(__file__).resolve().parents[2] / "bot" / "discord"
GUILD = "g1"


def store_uses(source: str, filename: str) -> list[str]:
    return [
        f"{filename}:{node.lineno}: .{node.attr}"
        for node in ast.walk(ast.parse(source, filename))
        if isinstance(node, ast.Attribute) and node.attr in ("store", "_store")
    ]


def test_the_discord_adapter_never_reaches_the_store() -> None:
    found = []
    for path in sorted(DISCORD.rglob("*.py")):
        found += store_uses(path.read_text(encoding="utf-8"), str(path))
    assert found == [], "\n".join(found)
    assert store_uses("async def f(bot):\n    await bot.service.store.get_match(1)", "f")


async def test_a_new_match_says_where_its_thread_goes(service: Service, monkeypatch) -> None:
    monkeypatch.setattr(render, "render", lambda *args, **kwargs: b"board")
    changed = await service.server_settings(
        ALICE_ADMIN, GUILD, {"channel": "c9", "mode": "channel"}
    )
    assert changed.ok, changed.text
    made = await service.challenge(ALICE, "ordo", BOB, color="white", guild_id=GUILD)
    place = made.match_place
    assert made.created and place is not None and made.match_id == place.match_id
    assert place.thread_title == f"Ordo #{place.match_id}: alice vs bob"
    assert (place.server_channel, place.threads) == ("c9", False)
    assert place.thread_id is None and place.guild_id == GUILD

    attached = await service.attach_place(place.match_id, channel_id="c9", thread_id="t1")
    assert attached is not None and (attached.channel_id, attached.thread_id) == ("c9", "t1")
    accepted = await service.accept(BOB, match_id=place.match_id)
    assert accepted.post is not None and accepted.match_place is not None
    assert (accepted.match_place.channel_id, accepted.match_place.thread_id) == ("c9", "t1")
    record = await service.store.get_match(place.match_id)
    assert record is not None and accepted.match_place.version == record.version


async def test_buttons_carry_the_public_version_after_a_private_change(
    service: Service, monkeypatch
) -> None:
    """Alice's conditional moves move the row's version; Bob's board must not show it."""
    monkeypatch.setattr(render, "render", lambda *args, **kwargs: b"board")
    made = await service.challenge(ALICE, "ordo", BOB, color="white")
    match = made.match_id
    assert match is not None and (await service.accept(BOB, match_id=match)).ok
    assert (await service.move(ALICE, "c1-b1", match_id=match)).ok
    assert (await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)).ok
    record = await service.store.get_match(match)
    assert record is not None and public_version(record) < record.version
    board = await service.board(BOB, match_id=match)
    assert board.match_place is not None
    assert board.match_place.version == public_version(record)


async def test_a_reply_says_when_the_computer_may_have_to_move(
    service: Service, monkeypatch
) -> None:
    monkeypatch.setattr(render, "render", lambda *args, **kwargs: b"board")
    started = await service.play(ALICE, "ordo", opponent=computer("easy"), color="first")
    assert started.match_place is not None and started.match_place.computer_in_play
    people = await service.challenge(ALICE, "ordo", BOB, color="white")
    assert people.match_id is not None
    accepted = await service.accept(BOB, match_id=people.match_id)
    assert accepted.match_place is not None and not accepted.match_place.computer_in_play
