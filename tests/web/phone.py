"""What a player sees on a 390×844 phone, measured in the real browser: the smallest place
to tap, the smallest word on the board, and where the step's choices and the Play button
are on the first screen. The browser tests assert on these figures and
``python -m tests.web.phone`` prints them for every game and size (docs/web.md).

A tap target is a ``.cell.target`` (its box: what the finger hits, hit area included) or a
choice's button; a word is any ``<text>`` the board shows, in screen pixels (its font size
times the board's zoom). The Play control is reached as a player reaches it: tapping the
first choice (a place on the board, else a button) until the page asks "Play …?".
"""

from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

SCREEN = """
() => {
  const svg = document.querySelector('#board svg');
  const view = { w: innerWidth, h: innerHeight };
  const frame = svg.getBoundingClientRect();
  const inView = (box) => box.width > 0 && box.height > 0 && box.top >= -0.5
    && box.bottom <= view.h + 0.5 && box.left >= -0.5 && box.right <= view.w + 0.5;
  const onBoard = (box) => box.right > frame.left && box.left < frame.right
    && box.bottom > frame.top && box.top < frame.bottom;
  const targets = [...svg.querySelectorAll('.cell.target')].map((c) => c.getBoundingClientRect())
    .filter(onBoard);
  const buttons = [...document.querySelectorAll('#options button')]
    .map((b) => b.getBoundingClientRect());
  const zoom = svg.getScreenCTM().a;
  const words = [...svg.querySelectorAll('text')].filter((text) => {
    const style = getComputedStyle(text);
    const hidden = style.display === 'none' || style.visibility === 'hidden';
    if (hidden || !text.textContent.trim()) return false;
    return onBoard(text.getBoundingClientRect());
  }).map((text) => [text.textContent, parseFloat(getComputedStyle(text).fontSize) * zoom,
    [...text.classList].join(' ')]);
  const small = (list) => (list.length ? Math.min(...list) : null);
  const smallest = words.reduce((best, w) => (!best || w[1] < best[1] ? w : best), null);
  const play = document.querySelector('#play');
  const playBox = play && play.getBoundingClientRect();
  return {
    target: small(targets.map((b) => Math.min(b.width, b.height))),
    button: small(buttons.map((b) => b.height)),
    targets: targets.length,
    targets_in_view: targets.filter(inView).length,
    buttons: buttons.length,
    buttons_in_view: buttons.filter(inView).length,
    word: smallest ? Math.round(smallest[1] * 10) / 10 : null,
    word_text: smallest ? `${smallest[0]} (${smallest[2]})` : null,
    play_y: playBox ? Math.round(playBox.bottom + scrollY) : null,
    board_top: Math.round(frame.top),
    board_height: Math.round(frame.height),
    board_bottom: Math.round(frame.bottom),
    scroll: document.scrollingElement.scrollTop,
  };
}
"""


async def screen(page: Any) -> dict[str, Any]:
    return dict(await page.evaluate(SCREEN))


IN_VIEW_TARGET = """
() => {
  const frame = document.querySelector('#board svg').getBoundingClientRect();
  const inside = (x, y) => frame.left <= x && x <= frame.right && frame.top <= y
    && y <= frame.bottom && y >= 0 && y <= innerHeight;
  for (const place of document.querySelectorAll('#board .cell.target')) {
    const box = place.getBoundingClientRect();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (inside(x, y)) return { x, y, id: place.dataset.id, size: Math.min(box.width, box.height) };
  }
  return null;
}
"""


@dataclass
class Turn:
    """A turn tapped through: every screen's figures, the size of each place a tap chose,
    and whether a tap only magnified the board (a place under 44 px)."""

    screens: list[dict[str, Any]] = field(default_factory=list)
    chosen: list[float] = field(default_factory=list)
    magnified: int = 0
    reached_play: bool = False


async def chosen(page: Any) -> int:
    """How many choices the player has made this turn (the page says, for tests)."""
    return int(await page.evaluate("() => document.body.dataset.chosen || '0'"))


async def tap_through(page: Any, steps: int = 8) -> Turn:
    """Tap the first choice in view — a place on the board, else the bar's first button —
    as a finger would (at its middle), until the page asks "Play …?"."""
    turn = Turn()
    for _ in range(steps):
        turn.screens.append(await screen(page))
        if turn.screens[-1]["play_y"] is not None:
            turn.reached_play = True
            return turn
        target = await page.evaluate(IN_VIEW_TARGET)
        if target is not None:
            before = await chosen(page)
            await page.mouse.click(target["x"], target["y"])
            await page.wait_for_timeout(60)
            chose = await chosen(page) > before or await page.locator("#play").count()
            if chose:
                turn.chosen.append(target["size"])
            else:
                turn.magnified += 1
        elif await page.locator("#options button.option").count():
            await page.locator("#options button.option").first.click()
            await page.wait_for_timeout(60)
        else:
            return turn
    return turn


async def measure(names: list[str]) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from tests.browser import LAUNCH_ARGS, chromium, launch_env
    from tests.web.scenes import PHONE, SCENES, SIZES, opened, serving

    figures: dict[str, Any] = {}
    async with serving(*(names or [*SCENES, *SIZES])) as board, async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(chromium()), args=LAUNCH_ARGS, env=launch_env()
        )
        try:
            for name, match in board.matches.items():
                url = await board.seat_url(match, await board.mover(match))
                async with opened(browser, url, PHONE) as page:
                    turn = await tap_through(page)
                async with opened(browser, board.watch_url(match), PHONE) as page:
                    watcher = await screen(page)
                figures[name] = summary(turn, watcher)
        finally:
            await browser.close()
    return figures


def summary(turn: Turn, watcher: dict[str, Any]) -> dict[str, Any]:
    """One scene's figures: the smallest place a tap chose (and the smallest shown before
    a tap magnified), the smallest word, where Play ends, the watcher's smallest word."""
    words = [s for s in turn.screens if s["word"] is not None]
    small = min(words, key=lambda s: s["word"]) if words else None
    first = turn.screens[0]
    return {
        "chosen_px": round(min(turn.chosen), 1) if turn.chosen else None,
        "shown_px": round(min(s["target"] for s in turn.screens if s["target"]), 1)
        if any(s["target"] for s in turn.screens)
        else None,
        "magnified": turn.magnified,
        "word_px": small["word"] if small else None,
        "word": small["word_text"] if small else None,
        "button_px": min((s["button"] for s in turn.screens if s["button"]), default=None),
        "board_px": first["board_height"],
        "choice_in_view": first["targets_in_view"] + first["buttons_in_view"] > 0,
        "play_bottom": turn.screens[-1]["play_y"],
        "watcher_word": watcher["word"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="The web board's sizes on a 390×844 phone")
    parser.add_argument("names", nargs="*", help="scenes (default: all)")
    args = parser.parse_args()
    figures = asyncio.run(measure(args.names))
    columns = list(next(iter(figures.values())))
    print("scene".ljust(10), *(c[:16].ljust(16) for c in columns))
    for name, row in figures.items():
        print(name.ljust(10), *(str(row[c])[:16].ljust(16) for c in columns))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
