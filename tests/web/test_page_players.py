"""The players' side of the web board, in a real Chromium: both clocks counting down live with
their deadline, what a screen reader hears when the opponent moves, and the two-column move
list of a two-player game."""

from __future__ import annotations

import math
import re
from typing import Any

from bot.service.match.clock.timecontrol import Clocks, format_duration
from bot.words import words
from tests.browser import browser, chromium_path

from .scenes import ALICE, BOB, PHONE, Board, opened, serving

__all__ = ["browser", "chromium_path"]

say = words()

DURATIONS = """
async (seconds) => {
  const base = document.querySelector('link[rel=stylesheet]').href.replace(/board\\.css$/, '');
  const { duration } = await import(base + 'players.js');
  const W = JSON.parse(document.getElementById('boot').textContent).words;
  return seconds.map((s) => duration(s, W));
}
"""


async def clocks_of(board: Board, match: int) -> Clocks:
    record = await board.service.store.get_match(match)
    assert record is not None
    return Clocks.from_dict(record.meta["clock"])


def seconds_in(text: str) -> int:
    found = re.fullmatch(r"(\d+) s", text.strip())
    assert found, text
    return int(found.group(1))


async def test_both_clocks_count_down_with_their_deadline(browser: Any) -> None:
    async with serving("ordo") as board:
        match = board.matches["ordo"]
        clocks = await clocks_of(board, match)
        (running,) = clocks.running
        waiting = 1 - running
        # The player to move has 50 seconds left.
        board.clock.now = clocks.since + clocks.banks[running] - 50
        url = await board.seat_url(match, await board.mover(match))
        async with opened(browser, url, PHONE) as page:
            faces = page.locator("#players .clock")
            assert await faces.count() == 2, "every player's time, not only the one to move"
            assert "⏳" not in await page.inner_text("#players")
            assert await page.locator("#players .clock svg.hourglass").count() == 2
            still = await faces.nth(waiting).locator(".time").inner_text()
            assert still == format_duration(clocks.banks[waiting])
            ticking = faces.nth(running).locator(".time")
            first = seconds_in(await ticking.inner_text())
            assert 30 <= first <= 50  # the page counts from when it was sent
            await page.wait_for_timeout(2600)
            later = seconds_in(await ticking.inner_text())
            assert first - 6 <= later <= first - 2, (first, later)
            assert await faces.nth(waiting).locator(".time").inner_text() == still

            # The deadline: on hover (the title), on a tap, and on a long press.
            prefix = say("web.deadline", when="")
            face = faces.nth(running)
            await face.hover()
            assert str(await face.get_attribute("title")).startswith(prefix)
            note = page.locator("#players .player").nth(running).locator(".deadline")
            assert not await note.is_visible()
            await face.click()
            assert await note.is_visible() and (await note.inner_text()).startswith(prefix)
            await face.click()
            assert not await note.is_visible()
            box = await face.bounding_box()
            assert box
            await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            await page.mouse.down()
            await page.wait_for_timeout(700)
            assert await note.is_visible(), "a long press shows it"
            await page.mouse.up()
            await page.wait_for_timeout(100)
            assert await note.is_visible(), "and letting go keeps it"


async def test_the_page_words_time_as_every_other_clock(browser: Any) -> None:
    """The countdown's wording is the bot's own (format_duration), in the reader's language."""
    samples = [0, 0.4, 1, 29.5, 59, 59.6, 60, 61, 89, 90, 3599, 3600, 3630, 5400, 86399]
    samples += [86400, 86400 + 1799, 86400 + 1800, 3 * 86400 - 1, 7 * 86400 + 5 * 3600]
    async with serving("ordo") as board:
        url = board.watch_url(board.matches["ordo"])
        for locale in ("en", "de"):
            context = await browser.new_context(locale=locale, viewport=PHONE)
            page = await context.new_page()
            await page.goto(url)
            await page.wait_for_selector("body[data-ready='1']")
            shown = await page.evaluate(DURATIONS, samples)
            assert shown == [format_duration(s, locale) for s in samples], locale
            await context.close()


async def test_screen_readers_hear_the_opponents_move(browser: Any) -> None:
    async with serving("ordo") as board:
        match = board.matches["ordo"]
        rules, state = await board.position(match)
        mover = await board.mover(match)
        assert mover == BOB, "the scene leaves bob to move, alice waiting at her board"
        url = await board.seat_url(match, ALICE)
        notation = next(
            n for n in rules.legal_notations(state) if re.fullmatch(r"[a-j]\d-[a-j]\d", n)
        )
        start, end = notation.split("-")
        async with opened(browser, url, PHONE) as page:
            ply = int(str(await page.get_attribute("body", "data-ply")))
            status = page.locator("#status")
            assert await status.get_attribute("aria-live") == "polite"
            assert (await board.service.move(mover, notation, match_id=match)).ok
            await page.wait_for_selector(f"body[data-ply='{ply + 1}']", timeout=10_000)
            heard = await status.inner_text()
            assert "bob" in heard and notation in heard, heard  # who played what, not "updated"
            assert say("web.played", player="bob (Black)", moves=notation) in heard, heard
            here = str(await page.get_attribute(f"#board [data-id='{end}']", "aria-label"))
            gone = str(await page.get_attribute(f"#board [data-id='{start}']", "aria-label"))
            assert here.endswith(say("web.last_to", label="@").split("@")[1]), here
            assert gone.endswith(say("web.last_from", label="@").split("@")[1]), gone


async def test_two_players_get_a_two_column_move_list(browser: Any) -> None:
    async with serving("ordo", "fence") as board:
        match = board.matches["ordo"]
        actions = await board.service.store.actions(match)
        async with opened(browser, board.watch_url(match), PHONE) as page:
            table = page.locator("table#turns")
            assert await table.count() == 1
            heads = await table.locator("thead th").all_inner_texts()
            assert heads[1:] == ["alice (White)", "bob (Black)"]  # as the history names them
            rows = table.locator("tbody tr")
            assert await rows.count() == math.ceil(len(actions) / 2)
            first = await rows.nth(0).locator("td").all_inner_texts()
            assert first == [actions[0].notation, actions[1].notation]
            assert await rows.nth(0).locator("th").inner_text() == "1"
            await rows.nth(1).locator("td button").first.click()
            await page.wait_for_selector("body[data-ply='3']")
            current = rows.nth(1).locator("td button").first
            assert await current.get_attribute("aria-current") == "step"
            # Nothing wider than the phone.
            assert await page.evaluate("() => document.documentElement.scrollWidth") <= 390
        async with opened(browser, board.watch_url(board.matches["fence"]), PHONE) as page:
            assert await page.locator("ol#turns li").count() > 0, "more players: who, then what"
