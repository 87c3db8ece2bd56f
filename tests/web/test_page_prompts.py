"""What the action bar says on a 390×844 phone, in a real Chromium (issue 42, item 8): each
game's first prompt is its own ("Choose a highlighted point for your stone…", never the
generic "Choose where your move begins"), a Fuer tile's next step says what to choose,
FENCE!'s confirmation reads "Your move: …" with the player named with their colour, and a
FENCE! one-way arrow never lies over a coordinate card on the board."""

from __future__ import annotations

from typing import Any

from bot.words import words
from tests.browser import browser, chromium_path

from .phone import IN_VIEW_TARGET, tap_through
from .scenes import PHONE, opened, serving

__all__ = ["browser", "chromium_path"]

say = words()
START = {
    "ordo": "web.start_piece",
    "fendo": "web.start_square",
    "fonver": "web.start_point",
    "fuer": "web.start_space",
}


async def test_each_game_opens_with_its_own_prompt(browser: Any) -> None:
    async with serving(*START) as board:
        for scene, key in START.items():
            match = board.matches[scene]
            url = await board.seat_url(match, await board.mover(match))
            async with opened(browser, url, PHONE, has_touch=True, is_mobile=True) as page:
                prompt = await page.inner_text("#prompt")
                assert prompt == say(key), (scene, prompt)
                assert prompt != say("web.choose_start"), scene
                if scene == "fuer":  # after the tile's space: what comes next, by name
                    target = await page.evaluate(IN_VIEW_TARGET)
                    await page.mouse.click(target["x"], target["y"])
                    await page.wait_for_timeout(60)
                    after = await page.inner_text("#prompt")
                    assert after not in (say("web.choose_start"), "Choose the next step."), after
                    assert after != prompt


async def test_fence_confirms_with_the_move_and_its_players_named(browser: Any) -> None:
    for seats in ("fence3", "fence6"):
        async with serving(seats) as board:
            match = board.matches[seats]
            url = await board.seat_url(match, await board.mover(match))
            async with opened(browser, url, PHONE) as page:
                buttons = await page.locator("#options button.option").all_inner_texts()
                turn = await tap_through(page)
                assert turn.reached_play, seats
                prompt = await page.inner_text("#prompt")
                assert prompt.startswith("Your move: ") and "Play " not in prompt, prompt
                labels = await page.locator("#legal option").evaluate_all(
                    "(options) => options.map((o) => o.textContent)"
                )
            pushes = [label for label in labels if label.startswith("Push ")]
            # a pawn is named by its player and colour, as the history names them
            assert all("(" in label for label in pushes), pushes
            assert not any(b.startswith("Push ") and "(" not in b for b in buttons), buttons


CARDS = """
() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .map((e) => e.getBBox()).map((b) => [b.x, b.y, b.x + b.width, b.y + b.height]);
  const cards = boxes('#board rect[rx="5"]');
  const arrows = boxes('#board polygon.one-way');
  const hit = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  return { arrows: arrows.length, covered: arrows.filter((a) => cards.some((c) => hit(a, c))) };
}
"""


async def test_no_one_way_arrow_lies_on_a_card_of_the_web_city(browser: Any) -> None:
    async with serving("fence", "fence6") as board:
        for scene, match in board.matches.items():
            async with opened(browser, board.watch_url(match), PHONE) as page:
                seen = await page.evaluate(CARDS)
            assert seen["arrows"] > 0 and not seen["covered"], (scene, seen)
