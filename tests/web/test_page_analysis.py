"""The analysis board in a real Chromium at 390×844, for every game: opened from the live
position and from a replay position, steps chosen with the same taps as in play, a tree of
lines walked by buttons and arrow keys, promote and delete, the page plainly apart while
analysing, and leaving with nothing played. Conditional moves from a line, shown and
cancelled on the board."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import games
from bot.words import words
from tests.browser import browser, chromium_path

from .scenes import PHONE, USERS, Board, opened, serving

__all__ = ["browser", "chromium_path"]

say = words()
SHOTS = os.environ.get("ANALYSIS_SHOTS")
"""A folder to save each game's analysis board into (to look at it), or unset."""

TAP = """
async (notation) => {
  // The taps of a player choosing ``notation``: each step's place on the board, or its
  // button where the step is a button (a guided game's), until the move can be played.
  const wait = () => new Promise((r) => setTimeout(r, 30));
  for (let i = 0; i < 12; i += 1) {
    const play = document.querySelector('#play, #options button.primary');
    if (play && document.querySelector('#prompt').textContent) {
      const moves = [...document.querySelectorAll('#options button.primary')];
      const exact = moves.find((b) => b.textContent.includes(notation)) || play;
      exact.click();
      return true;
    }
    const target = document.querySelector('#board [data-choose]');
    const option = document.querySelector('#options button.option');
    (target || option)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    if (!target && !option) return false;
    await wait();
  }
  return false;
}
"""

NODES = "() => [...document.querySelectorAll('#analysis-tree .analysis-node')].length"
CURRENT = "() => document.querySelector('#analysis-tree [aria-current]')?.dataset.node ?? null"


async def tap_a_step(page: Any) -> None:
    """One step chosen on the board by taps, as a player would (the first offered)."""
    before = await page.evaluate(NODES)
    assert await page.evaluate(TAP, ""), "no step could be chosen by taps"
    await page.wait_for_function(f"() => ({NODES})() > {before}")


async def open_analysis(page: Any) -> None:
    await page.click("#analyse")
    await page.wait_for_selector("body.analysing #analysis-tree")


async def stored_nodes(board: Board, match: int, user: str) -> int:
    found = await board.service.store.analysis(match, user)
    return 0 if found is None else len(found.tree["nodes"])


async def test_every_game_analyses_by_taps_and_leaves_nothing_played(browser: Any) -> None:
    names = ("ordo", "fuer", "fendo", "fonver", "fence")
    async with serving(*names) as board:
        for name in names:
            match = board.matches[name]
            record = await board.service.store.get_match(match)
            assert record is not None
            mover = await board.mover(match)
            url = await board.seat_url(match, mover)
            async with opened(browser, url, PHONE) as page:
                await open_analysis(page)
                banner = await page.text_content("#analysis-banner")
                assert banner and say("web.analysis.banner") in banner, name
                colour = await page.evaluate("getComputedStyle(document.body).backgroundColor")
                assert colour == "rgb(231, 238, 246)", (name, colour)
                await tap_a_step(page)
                await tap_a_step(page)
                if SHOTS:
                    await page.screenshot(path=f"{SHOTS}/analysis-{name}.png", full_page=True)
                assert await stored_nodes(board, match, mover.id) == 3, name  # the root, 2 steps
                # Every target of the tree and its tools is at least 44 px each way.
                small = await page.evaluate(
                    """() => [...document.querySelectorAll('#analysis-panel button')]
                      .filter((b) => b.offsetParent)
                      .map((b) => b.getBoundingClientRect())
                      .filter((r) => r.width < 44 || r.height < 44).length"""
                )
                assert small == 0, name
                wide = await page.evaluate("document.documentElement.scrollWidth")
                assert wide <= PHONE["width"], (name, wide)
                await page.click("#analysis-leave")
                await page.wait_for_selector("body:not(.analysing)")
                assert await page.is_hidden("#analysis-panel")
            after = await board.service.store.get_match(match)
            assert after is not None and after.version == record.version, name
            assert after.state == record.state, name


async def test_the_tree_branches_walks_promotes_and_deletes(browser: Any) -> None:
    async with serving("ordo") as board:
        match = board.matches["ordo"]
        mover = await board.mover(match)
        async with opened(browser, await board.seat_url(match, mover), PHONE) as page:
            await open_analysis(page)
            await tap_a_step(page)
            first = await page.evaluate(CURRENT)
            await tap_a_step(page)
            # Back by the arrow key, then another answer: a second line from the same step.
            await page.focus("#analysis-leave")
            await page.keyboard.press("ArrowLeft")
            await page.wait_for_function(f"() => ({CURRENT})() === '{first}'")
            legal = await page.evaluate(
                "() => [...document.querySelectorAll('#legal option')].map((o) => o.value)"
            )
            await page.fill("#typed-move", legal[-1])
            await page.press("#typed-move", "Enter")
            await page.wait_for_function(f"() => ({NODES})() === 4")
            branch = await page.evaluate(CURRENT)
            assert await page.is_enabled("#analysis-promote")
            await page.click("#analysis-promote")
            await page.wait_for_selector("#analysis-promote:disabled")
            stored = await board.service.store.analysis(match, mover.id)
            assert stored is not None
            assert stored.tree["nodes"][first]["c"][0] == int(branch)  # the main line now
            # Arrow keys walk: up/down between the two answers, right along the main line.
            await page.keyboard.press("ArrowDown")
            await page.wait_for_function(f"() => ({CURRENT})() !== '{branch}'")
            await page.keyboard.press("ArrowUp")
            await page.wait_for_function(f"() => ({CURRENT})() === '{branch}'")
            await page.click("#analysis-delete")
            await page.wait_for_function(f"() => ({CURRENT})() === '{first}'")
            assert await page.evaluate(NODES) == 3
            # Opened again from another device: the same lines come back.
        async with opened(browser, await board.seat_url(match, mover), PHONE) as page:
            await open_analysis(page)
            assert await page.evaluate(NODES) == 3


async def test_analysis_from_a_replay_position(browser: Any) -> None:
    async with serving("fonver") as board:
        match = board.matches["fonver"]
        mover = await board.mover(match)
        async with opened(browser, await board.seat_url(match, mover), PHONE) as page:
            await page.click("#replay-first")
            await page.wait_for_selector("body[data-ply='0']")
            await open_analysis(page)
            roots = await page.text_content("#analysis-tree")
            assert roots and say("web.analysis.start") in roots
            await tap_a_step(page)
            stored = await board.service.store.analysis(match, mover.id)
            assert stored is not None
            assert [n["ply"] for n in stored.tree["nodes"].values() if n["p"] is None] == [0]


@asynccontextmanager
async def a_kept_line(browser: Any, board: Board) -> AsyncIterator[tuple[Any, int]]:
    """The Ordo board of the seat waiting for its turn, at phone width, with a line (their
    move, my answer) just kept as conditional moves; yields (the page, the match)."""
    match = board.matches["ordo"]
    mover = await board.mover(match)
    record = await board.service.store.get_match(match)
    assert record is not None
    waiting = USERS[next(s for s in record.seats if s != mover.id)]
    async with opened(browser, await board.seat_url(match, waiting), PHONE) as page:
        await open_analysis(page)
        await tap_a_step(page)  # their move
        await tap_a_step(page)  # my answer
        await page.click("#analysis-keep")
        await page.wait_for_selector("#analysis-premoves li")
        yield page, match


async def test_a_line_becomes_conditional_moves_shown_and_cancelled_there(browser: Any) -> None:
    async with serving("ordo") as board, a_kept_line(browser, board) as (page, match):
        said = await page.text_content("#analysis-said")
        assert said and "if " in said
        after = await board.service.store.get_match(match)
        assert after is not None and after.meta.get("premoves")
        await page.click("#analysis-unkeep")
        await page.wait_for_selector("#analysis-premoves", state="detached")
        cleared = await board.service.store.get_match(match)
        assert cleared is not None and not cleared.meta.get("premoves")


async def test_a_watcher_has_no_analysis_button(browser: Any) -> None:
    async with (
        serving("ordo") as board,
        opened(browser, board.watch_url(board.matches["ordo"])) as page,
    ):
        assert await page.is_hidden("#analyse")
        assert games.get("ordo").info.title in (await page.title())


async def test_fence_chance_is_picked_on_the_board(browser: Any) -> None:
    """Where chance decides a FENCE! step, the board offers how it may fall as buttons; the
    one tapped is kept in the line, marked as picked, and the line goes on from it."""
    async with serving("fence2") as board:
        match = board.matches["fence2"]
        mover = await board.mover(match)
        service = board.service
        url = await board.seat_url(match, mover)
        token = url.partition("#t=")[2]
        # The line up to the first step chance decides, made as the board's own taps would.
        shown = (await service.analysis.open(mover, token, match_id=match)).extra["analysis"]
        for _ in range(40):
            chances = [m["n"] for m in shown["moves"] if m.get("chance")]  # type: ignore[index]
            if chances:
                break
            where = {"ply": shown["ply"]} if shown["at"] is None else {"node": shown["at"]}  # type: ignore[index]
            step = shown["moves"][0]["n"]  # type: ignore[index]
            made = await service.analysis.change(
                mover, token, match_id=match, op="move", move=step, **where
            )
            assert made.ok, made.text
            shown = made.extra["analysis"]
        else:
            raise AssertionError("no step chance decides")
        before = shown["at"]  # type: ignore[index]
        async with opened(browser, url, PHONE) as page:
            await open_analysis(page)
            await page.click(f"#analysis-tree [data-node='{before}']")
            await page.wait_for_function(f"() => ({CURRENT})() === '{before}'")
            nodes = await page.evaluate(NODES)
            await page.fill("#typed-move", chances[0])
            await page.press("#typed-move", "Enter")
            await page.wait_for_selector("#analysis-chance .analysis-outcome")
            offered = await page.evaluate(
                "() => [...document.querySelectorAll('#analysis-chance .analysis-outcome')]"
                ".map((b) => [b.dataset.outcome, b.textContent, b.getBoundingClientRect().height])"
            )
            assert len(offered) > 1 and all(h >= 44 for _, _, h in offered)
            if SHOTS:
                await page.screenshot(path=f"{SHOTS}/analysis-fence-outcomes.png")
            assert await page.evaluate(NODES) == nodes  # nothing kept before the pick
            await page.click(f"#analysis-chance [data-outcome='{offered[-1][0]}']")
            await page.wait_for_function(f"() => ({NODES})() === {nodes + 1}")
            await page.wait_for_selector("#analysis-chance", state="detached")
            current = await page.text_content("#analysis-tree [aria-current]")
            assert current and f"({say('web.analysis.chance_mark')})" in current
            wide = await page.evaluate("document.documentElement.scrollWidth")
            assert wide <= PHONE["width"], wide
            if SHOTS:
                await page.screenshot(path=f"{SHOTS}/analysis-fence-chance.png", full_page=True)
        kept = await service.store.analysis(match, mover.id)
        assert kept is not None
        assert any(
            n.get("n", "").endswith(f" @{offered[-1][0]}") for n in kept.tree["nodes"].values()
        )


async def test_conditional_moves_are_drawn_on_the_live_board_and_cancelled_there(
    browser: Any,
) -> None:
    """Kept from a line, the conditional moves show on the player's live board (a dashed ring
    on the opponent's expected move, a solid one on the answer) and are cancelled there; the
    opponent's board shows none of it."""
    async with serving("ordo") as board, a_kept_line(browser, board) as (page, match):
        await page.click("#analysis-leave")
        await page.wait_for_selector("body:not(.analysing)")
        # Back on the live board: the kept line's moves are ringed there.
        await page.wait_for_selector("#premoves:not([hidden]) li")
        rings = await page.evaluate(
            """() => ['premove-theirs', 'premove-mine'].map((kind) =>
              document.querySelectorAll(`#board svg .premove-mark.${kind}`).length)"""
        )
        assert rings[0] > 0 and rings[1] > 0, rings
        listed = await page.text_content("#premoves li")
        assert listed and listed.startswith("if ")
        height = await page.evaluate(
            "document.querySelector('#premoves-cancel').getBoundingClientRect().height"
        )
        assert height >= 44
        wide = await page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], wide
        if SHOTS:
            await page.screenshot(path=f"{SHOTS}/premoves-on-board.png", full_page=True)
        mover = await board.mover(match)  # still to move: a kept line plays nothing
        async with opened(browser, await board.seat_url(match, mover), PHONE) as theirs:
            assert await theirs.is_hidden("#premoves")
            assert await theirs.evaluate("document.querySelectorAll('.premove-mark').length") == 0
        await page.click("#premoves-cancel")
        await page.wait_for_selector("#premoves", state="hidden")
        assert await page.evaluate("document.querySelectorAll('.premove-mark').length") == 0
        said = await page.text_content("#status")
        assert said and say("web.premoves.cancelled") in said
        cleared = await board.service.store.get_match(match)
        assert cleared is not None and not cleared.meta.get("premoves")
