"""``/me games`` as a card and its "Next game" button, on the service alone: which match is
next (the soonest running clock where the player must move; matches without a clock after,
the longest untouched first), what the answer holds, and the console's ``/me next``."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.console.console import Console
from bot.service import Service
from bot.service.replies import NEXT_GAME
from tests.bot.conftest import ALICE, BOB, CAROL, FakeClock
from tests.bot.test_console import console
from tests.bot.test_correspondence import DAVE, HOUR, ordo, play_any, svc

pytestmark = pytest.mark.usefixtures("no_drawing")
__all__ = ["console", "svc"]  # fixtures shared with the console's and the clocks' tests


async def test_the_next_game_is_the_soonest_clock_then_the_oldest_untimed(
    svc: Service, clock: FakeClock
) -> None:
    untimed_old = await ordo(svc, "none", white=ALICE, black=CAROL)
    clock.advance(HOUR)
    slow = await ordo(svc, "7d per move")
    untimed_new = await ordo(svc, "none", white=ALICE, black=DAVE)
    theirs = await ordo(svc, "2h per move", white=BOB, black=ALICE)
    fast = await ordo(svc, "1d per move", white=ALICE, black=DAVE)
    medium = await ordo(svc, "3d+1d", white=CAROL, black=ALICE)
    await play_any(svc, medium)  # carol moved: alice's turn, 3 days left
    clock.advance(HOUR)
    order = [r.id for r in await svc.next_games.waiting(ALICE.id)]
    assert order == [fast, medium, slow, untimed_old, untimed_new]
    assert theirs not in order
    # /me waiting lists them in the same order: its first line is what the button opens
    lines = (await svc.waiting(ALICE)).text.splitlines()[1:]
    assert [int(re.match(r"#(\d+)", line).group(1)) for line in lines] == order  # type: ignore[union-attr]

    shown = await svc.next_game(ALICE)
    assert shown.ok and shown.match_id == fast
    assert shown.card is not None and shown.card.image == b"board"
    assert shown.card.ping == (
        f"Match #{fast} waits for your move with the least time left; 4 more wait for you."
    )
    assert not shown.card.mentions  # for the presser alone: it pings nobody
    assert "alice (White) to move." in shown.card.text
    assert shown.match_place is not None and shown.match_place.match_id == fast
    assert shown.ephemeral and shown.post is None and not shown.dms


async def test_a_lone_match_and_none_at_all(svc: Service) -> None:
    match = await ordo(svc, "3d per move")
    only = await svc.next_game(ALICE)
    assert (
        only.card is not None
        and only.card.ping == f"Match #{match} waits for your move — the only one."
    )
    nothing = await svc.next_game(BOB)  # it is alice's move
    assert nothing.ok and nothing.card is None
    assert nothing.text == "Nothing is waiting for you. 🎉"


async def test_me_games_is_a_card_with_the_next_game_button(svc: Service) -> None:
    match = await ordo(svc, "3d per move")
    listed = await svc.games(BOB)
    assert listed.card is not None
    assert listed.card.title == "Your open matches"
    assert f"#{match} Ordo vs alice — alice's turn" in listed.card.text
    assert [(b.label, b.action) for b in listed.card.buttons] == [("Next game", NEXT_GAME)]
    assert listed.text == listed.card.text  # the same, plainly
    assert (await svc.games(DAVE)).card is None  # no matches: one sentence


async def test_the_console_prints_the_card_and_takes_me_next(
    console: tuple[Console, list[str]],
) -> None:
    con, out = console
    await con.handle("alice: /play ordo opponent:bob color:first")
    await con.handle("bob: /match accept 1")
    out.clear()
    await con.handle("alice: /me games")
    assert out[0] == "[only alice] ## Your open matches"
    assert out[-1] == "[only alice] (button: Next game — type /me next)"
    out.clear()
    await con.handle("alice: /me next")
    assert out[0] == "[only alice] Match #1 waits for your move — the only one."
    assert out[1] == "[only alice] ## Ordo · match #1 · alice vs bob"
    assert out[2].startswith("[only alice] [image] ")
    out.clear()
    await con.handle("bob: /me next")
    assert out == ["[only bob] Nothing is waiting for you. 🎉"]


async def test_the_next_game_board_speaks_the_pressers_language(svc: Service) -> None:
    """A private answer is in its reader's language, the board's sentences too; the thread's
    own /board stays in the thread's."""
    match = await ordo(svc, "3d per move")
    shown = await svc.next_game(dataclasses.replace(ALICE, locale="de"))
    assert shown.card is not None
    assert shown.card.title == f"Ordo · Partie #{match} · alice gegen bob"
    assert "alice (Weiß) am Zug." in shown.card.text
    assert shown.card.ping.startswith(f"Partie #{match} wartet auf deinen Zug")
    board = (await svc.board(dataclasses.replace(ALICE, locale="de"), match_id=match)).post
    assert board is not None and "alice (White) to move." in board.text
