"""The web board's layout for every game, in a real Chromium: on a desktop the board starts at
the top with the panels beside it (no empty band above it), and on a 390 px phone nothing is
wider than the screen."""

from __future__ import annotations

from typing import Any

from tests.browser import browser, chromium_path

from .scenes import DESKTOP, PHONE, SCENES, opened, serving

__all__ = ["browser", "chromium_path"]


async def test_desktop_board_starts_at_the_top_beside_the_panels(browser: Any) -> None:
    async with serving(*SCENES) as board:
        for scene, match in board.matches.items():
            url = await board.seat_url(match, await board.mover(match))
            async with opened(browser, url, DESKTOP) as page:
                header = await page.locator("header").bounding_box()
                wrap = await page.locator("#board-wrap").bounding_box()
                svg = await page.locator("#board svg").bounding_box()
                assert header and wrap and svg
                # No band: the board's section begins where the page's content begins.
                assert abs(wrap["y"] - header["y"]) <= 1, (scene, wrap, header)
                assert svg["y"] - wrap["y"] <= 70, (scene, "only the zoom buttons above it")
                # The panels stand beside the board, not under it.
                for panel in ("header", "#replay", "#history"):
                    box = await page.locator(panel).bounding_box()
                    assert box and box["x"] >= wrap["x"] + wrap["width"], (scene, panel)
                assert await page.evaluate("() => document.documentElement.scrollWidth") <= 1280


async def test_nothing_is_wider_than_a_phone(browser: Any) -> None:
    async with serving(*SCENES) as board:
        for scene, match in board.matches.items():
            for url in (
                await board.seat_url(match, await board.mover(match)),
                board.watch_url(match),
            ):
                async with opened(browser, url, PHONE) as page:
                    wide = await page.evaluate("() => document.documentElement.scrollWidth")
                    assert wide <= PHONE["width"], (scene, wide)
