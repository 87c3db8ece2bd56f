"""The boards of Ordo, Fuer and Fendo on the web board, in a real Chromium at 390 px: where the
keyboard's focus shows, Fuer's zoom and its "+N"/"move" hints, and Fendo's fence sides as
big tap areas and as buttons."""

from __future__ import annotations

from typing import Any

from bot.words import words
from tests.browser import browser, chromium_path

from .scenes import PHONE, opened, serving

__all__ = ["browser", "chromium_path"]

say = words()
FOCUS = "rgb(26, 95, 208)"

SIDES = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def edge(square: str, side: str) -> str:
    """The page's name for the fence on ``side`` of ``square`` ("edge:d4/d5")."""
    file, rank = square[0], int(square[1:])
    df, dr = SIDES[side]
    other = f"{chr(ord(file) + df)}{rank + dr}"
    return f"edge:{square}/{other}" if df + dr > 0 else f"edge:{other}/{square}"


IN_VIEW = """
() => {
  const frame = document.querySelector('#board svg').getBoundingClientRect();
  return [...document.querySelectorAll('#board .cell:not(.target)')].find((cell) => {
    const box = cell.getBoundingClientRect();
    return box.left > frame.left && box.right < frame.right
      && box.top > frame.top && box.bottom < frame.bottom;
  }).dataset.id;
}
"""

FOCUSED = """
() => {
  const cell = document.activeElement.closest('.cell');
  const ring = cell.querySelector('.ring');
  const style = getComputedStyle(cell);
  return { id: cell.dataset.id, outline: style.outlineStyle, ring: getComputedStyle(ring).stroke,
           visible: cell.matches(':focus-visible') };
}
"""


async def test_the_focus_shows_on_the_place_itself(browser: Any) -> None:
    """Keyboard focus colours the place's own ring (square, hex, point): no frame drawn
    around the element's box beside it. A click leaves no focus ring behind."""
    async with serving("ordo", "fuer") as board:
        for scene in ("ordo", "fuer"):
            match = board.matches[scene]
            url = await board.seat_url(match, await board.mover(match))
            async with opened(browser, url, PHONE) as page:
                await page.focus("#board .cell[tabindex='0']")
                await page.keyboard.press("ArrowRight")
                found = await page.evaluate(FOCUSED)
                assert found["visible"], found
                assert found["outline"] == "none" and found["ring"] == FOCUS, (scene, found)
                # A place clicked (not reached by keys) gets no keyboard ring.
                plain = await page.evaluate(IN_VIEW)
                other = page.locator(f"#board .cell[data-id='{plain}']")
                await other.click()
                ring = await other.locator(".ring").evaluate("(r) => getComputedStyle(r).stroke")
                outline = await other.evaluate("(c) => getComputedStyle(c).outlineStyle")
                assert ring != FOCUS and outline == "none", scene


async def test_fuer_zooms_and_says_what_each_open_space_does(browser: Any) -> None:
    async with serving("fuer") as board:
        match = board.matches["fuer"]
        rules, state = await board.position(match)
        open_spaces = rules.view(state, None)["open"]
        assert open_spaces
        url = await board.seat_url(match, await board.mover(match))
        async with opened(browser, url, PHONE) as page:
            # The city's zoom: + / − / whole board, and pinch and drag.
            assert await page.is_visible("#zoom-in") and await page.is_visible("#zoom-fit")
            await page.click("#zoom-fit")
            whole = await page.locator("#board [data-id='e3']").bounding_box()
            await page.click("#zoom-in")
            closer = await page.locator("#board [data-id='e3']").bounding_box()
            assert whole and closer and closer["width"] > whole["width"] * 1.3
            await page.click("#zoom-fit")
            # Every open space says what a tile there does, as the image does.
            for space, touched in open_spaces.items():
                hint = page.locator(f"#board [data-id='{space}'] .space-hint")
                want = say("web.fuer_move") if touched == 1 else say("web.fuer_more", n=touched - 1)
                assert await hint.text_content() == want, space
            # Names are readable, and no target mark covers them.
            sizes = await page.evaluate(
                """() => {
                  const zoom = document.querySelector('#board svg').getScreenCTM().a;
                  return [...document.querySelectorAll('#board .space-name')]
                    .map((name) => parseFloat(getComputedStyle(name).fontSize) * zoom);
                }"""
            )
            assert min(sizes) >= 9.5, min(sizes)
            covered = await page.evaluate(
                """() => [...document.querySelectorAll('#board .cell.target')].filter((cell) => {
                  const name = cell.querySelector('.space-name');
                  const dot = cell.querySelector('.dot');
                  if (!name || !dot) return false;
                  const a = name.getBoundingClientRect();
                  const b = dot.getBoundingClientRect();
                  return b.width > 0 && b.left < a.right && a.left < b.right
                    && b.top < a.bottom && a.top < b.bottom;
                }).map((cell) => cell.dataset.id)"""
            )
            assert covered == []
            # The first view opens close enough to tap a space: at least 40 px wide.
            await page.reload()
            await page.wait_for_selector("body[data-ready='1']")
            first = await page.locator("#board .cell.target").first.bounding_box()
            assert first and first["width"] >= 40, first


async def test_fendo_fence_sides_are_big_tap_areas_and_buttons(browser: Any) -> None:
    """After the piece and where it goes, every legal side is a tap area at least 44 px
    wide (the diamond between the squares it parts) and a button saying which side."""
    async with serving("fendo") as board:
        match = board.matches["fendo"]
        rules, state = await board.position(match)
        moves = [n for n in rules.legal_notations(state) if "-" in n]
        piece, rest = moves[0].split("-")
        square = rest[:-1]
        sides = [
            n[-1] for n in moves if n.startswith(f"{piece}-{square}") and len(n) == len(moves[0])
        ]
        url = await board.seat_url(match, await board.mover(match))
        async with opened(browser, url, PHONE) as page:
            await page.click(f"#board [data-id='{piece}']")
            await page.click(f"#board [data-id='{square}']")
            targets = page.locator("#board .cell.target")
            assert await targets.count() == len(sides)
            for index in range(len(sides)):
                target = targets.nth(index)
                assert await target.is_visible()
                box = await target.bounding_box()
                assert box and box["width"] >= 44 and box["height"] >= 44, box
            names = {
                "n": "web.fence_north",
                "e": "web.fence_east",
                "s": "web.fence_south",
                "w": "web.fence_west",
            }
            buttons = await page.locator("#options button.option").all_inner_texts()
            assert buttons == [say(names[side], square=square) for side in sides]
            # A tap inside a side's area, away from its line, chooses that side.
            for side in sides:
                area = page.locator(f"#board [data-id='{edge(square, side)}']")
                box = await area.bounding_box()
                assert box
                await area.click(position={"x": box["width"] / 2, "y": box["height"] * 0.25})
                notation = f"{piece}-{square}{side}"
                assert await page.inner_text("#prompt") == say("web.play_question", move=notation)
                await page.click("#cancel")
                await page.click(f"#board [data-id='{piece}']")
                await page.click(f"#board [data-id='{square}']")
            # A button chooses the side, and Play plays it.
            side = sides[-1]
            await page.locator(
                "#options button.option", has_text=say(names[side], square=square)
            ).click()
            notation = f"{piece}-{square}{side}"
            assert await page.inner_text("#prompt") == say("web.play_question", move=notation)
            await page.click("#play")
            await page.wait_for_selector("body[data-mine='0']")
            assert (await board.service.store.actions(match))[-1].notation == notation
