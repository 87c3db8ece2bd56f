"""FENCE!'s city on the web board, in a real Chromium at a phone's 390 px and a desktop's
1280 px: the view follows the choices, names stay legible and apart at every zoom, places to
choose are big enough to tap, off-limits names read clearly, and a watcher sees the city."""

from __future__ import annotations

from typing import Any

from bot.words import words
from tests.browser import browser, chromium_path

from .scenes import DESKTOP, PHONE, opened, serving

__all__ = ["browser", "chromium_path"]

say = words()
TAP_PX = 44
NAME_PX = 11

OUT_OF_VIEW = """
() => {
  const frame = document.querySelector('#board svg').getBoundingClientRect();
  return [...document.querySelectorAll('#board .cell.target')].filter((place) => {
    const ring = place.querySelector('.ring').getBoundingClientRect();
    const [x, y] = [ring.x + ring.width / 2, ring.y + ring.height / 2];
    return !(frame.left <= x && x <= frame.right && frame.top <= y && y <= frame.bottom);
  }).map((place) => place.getAttribute('aria-label'));
}
"""

LEGIBLE = """
() => {
  const svg = document.querySelector('#board svg');
  const frame = svg.getBoundingClientRect();
  const zoom = svg.getScreenCTM().a;
  const names = [...svg.querySelectorAll('.hood-name')]
    .filter((name) => getComputedStyle(name).display !== 'none');
  const problems = [];
  const boxes = names.map((name) => [name.textContent, name.getBoundingClientRect()]);
  for (const name of names) {
    const px = parseFloat(getComputedStyle(name).fontSize) * zoom;
    if (px < 10.95) problems.push(`${name.textContent}: ${px.toFixed(1)} px`);
  }
  for (const [text, box] of boxes) {
    const inside = box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5
      && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
    if (!inside) problems.push(`${text}: past the edge`);
  }
  boxes.forEach(([a, one], i) => boxes.slice(i + 1).forEach(([b, two]) => {
    const w = Math.min(one.right, two.right) - Math.max(one.left, two.left);
    const h = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
    if (w > 0.5 && h > 0.5) problems.push(`${a} over ${b}`);
  }));
  for (const place of svg.querySelectorAll('.cell.target')) {
    const box = place.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) {
      const size = `${box.width.toFixed(0)}×${box.height.toFixed(0)} px`;
      problems.push(`${place.getAttribute('aria-label')}: ${size}`);
    }
  }
  return { shown: names.length, targets: svg.querySelectorAll('.cell.target').length, problems };
}
"""


async def steps(page: Any) -> list[str]:
    """The step buttons the panel offers now."""
    return [str(s) for s in await page.locator("#options button.option").all_inner_texts()]


async def test_the_city_moves_to_show_every_new_choice(browser: Any) -> None:
    """Each step that leads to places on the city (a push, the Cops, a tip-off, moving
    yourself) brings every one of them into view, whatever the player had zoomed to."""
    async with serving("fence2", "fence") as board:
        for scene in ("fence2", "fence"):
            match = board.matches[scene]
            url = await board.seat_url(match, await board.mover(match))
            async with opened(browser, url, PHONE) as page:
                followed = 0
                for first in await steps(page):
                    await page.locator("#options button.option", has_text=first).first.click()
                    for second in await steps(page):
                        await page.click("#zoom-in")  # the player looked closer somewhere
                        await page.click("#zoom-in")
                        await page.locator("#options button.option", has_text=second).first.click()
                        if await page.locator("#board .cell.target").count():
                            assert await page.evaluate(OUT_OF_VIEW) == [], (first, second)
                            followed += 1
                        await page.click("#back")
                    await page.click("#back")
                assert followed >= 3, "the scenes must offer steps that lead onto the city"


async def test_names_never_overlap_and_places_to_choose_are_big_enough(browser: Any) -> None:
    """The default view and the whole city at 390 px: no name under 11 px, none over another
    or past the edge, and every place to choose at least 44 px wide to tap."""
    async with serving("fence") as board:
        match = board.matches["fence"]
        url = await board.seat_url(match, await board.mover(match))
        async with opened(browser, url, PHONE) as page:
            seen = []
            for first in await steps(page):
                await page.locator("#options button.option", has_text=first).first.click()
                for second in await steps(page):
                    await page.locator("#options button.option", has_text=second).first.click()
                    for view in ("default", "whole"):
                        if view == "whole":
                            await page.click("#zoom-fit")
                        found = await page.evaluate(LEGIBLE)
                        assert found["problems"] == [], (first, second, view)
                        seen.append(found)
                    await page.click("#back")
                await page.click("#back")
            assert any(found["targets"] for found in seen)
            assert min(found["shown"] for found in seen) >= 3, "names are still shown"


async def test_off_limits_names_stay_legible(browser: Any) -> None:
    """No strike-through under a white halo (a smudge at phone size): the name is whole and
    slanted, a no-entry sign marks the place, the key explains it, and so does its label."""
    async with serving("fence") as board:
        match = board.matches["fence"]
        async with opened(browser, board.watch_url(match), PHONE) as page:
            off = page.locator("#board .hood-name.off")
            assert await off.count() > 0, "the scene has off-limits neighbourhoods"
            looks = await off.evaluate_all(
                "(names) => names.map((name) => { const s = getComputedStyle(name);"
                " return [s.textDecorationLine, s.fontStyle]; })"
            )
            assert all(line == "none" and style == "italic" for line, style in looks), looks
            hood = await off.first.get_attribute("data-hood")
            place = page.locator(f"#board .cell[data-id='hood:{hood}']")
            label = str(await place.get_attribute("aria-label"))
            assert say("web.off_limits_place", label="<name>").replace("<name>", "") in label
            assert await page.locator("#board .no-entry").count() == await off.count()
            assert say("web.off_limits_key") in await page.inner_text("#info")


async def test_a_watcher_sees_the_whole_city_centred(browser: Any) -> None:
    """On a desktop, a watcher's first view shows every tile, the city in the middle of the
    board's frame (no empty third above, nothing cut off below)."""
    async with serving("fence") as board:
        match = board.matches["fence"]
        async with opened(browser, board.watch_url(match), DESKTOP) as page:
            found = await page.evaluate(
                """() => {
                  const frame = document.querySelector('#board svg').getBoundingClientRect();
                  const tiles = [...document.querySelectorAll('#board .tile-edge')]
                    .map((tile) => tile.getBoundingClientRect());
                  const city = {
                    left: Math.min(...tiles.map((t) => t.left)),
                    right: Math.max(...tiles.map((t) => t.right)),
                    top: Math.min(...tiles.map((t) => t.top)),
                    bottom: Math.max(...tiles.map((t) => t.bottom)),
                  };
                  return { frame: [frame.left, frame.top, frame.right, frame.bottom],
                           city: [city.left, city.top, city.right, city.bottom] };
                }"""
            )
            left, top, right, bottom = found["frame"]
            c_left, c_top, c_right, c_bottom = found["city"]
            assert left - 1 <= c_left and c_right <= right + 1, found
            assert top - 1 <= c_top and c_bottom <= bottom + 1, found
            above, below = c_top - top, bottom - c_bottom
            beside, after = c_left - left, right - c_right
            assert abs(above - below) <= 0.1 * (bottom - top), found
            assert abs(beside - after) <= 0.1 * (right - left), found
