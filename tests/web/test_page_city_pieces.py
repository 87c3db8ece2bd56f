"""FENCE!'s pawns and Cops on the web board stand beside the names and the dice, never over
them (issue 31): in a real Chromium at 390 px, with 3 to 6 seats crowded with the Cops onto
one neighbourhood, onto both of a tile's, or over a few tiles side by side, at the first
view, zoomed in, zoomed out to the whole city and with places to choose. The posted picture
follows the same rule (``tests/render/test_fence_phone.py``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import games
from storage.base import MatchUpdate
from tests.browser import browser, chromium_path

from .scenes import PHONE, Board, fence, opened, serving

__all__ = ["browser", "chromium_path"]

CROWDS = [(3, "two"), (4, "one"), (4, "half"), (5, "near"), (6, "one"), (6, "two")]
"""Seats, and where their pawns and the Cops stand: all on one neighbourhood ("one"), on one
of a tile's two ("half"), over both ("two"), or over a block of tiles side by side ("near")."""

CHECK = """
(strict) => {
  const svg = document.querySelector('#board svg');
  const zoom = svg.getScreenCTM().a;
  const frame = svg.getBoundingClientRect();
  const shown = (node) => getComputedStyle(node).display !== 'none';
  const all = (selector) => [...svg.querySelectorAll(selector)].filter(shown);
  const boxes = (nodes) => nodes.map((node) => [node.textContent, node.getBoundingClientRect()]);
  const names = all('.hood-name');
  const words = boxes([...names, ...all('.die, .goods-mark, .ritzy, .post-mark')]);
  const pieces = [...svg.querySelectorAll('.pawn, .cops')].map((node) => {
    const what = `${node.getAttribute('class')} ${node.getAttribute('fill') || ''}`;
    const where = node.closest('.cell').getAttribute('aria-label');
    return [`${what} at ${where}`, node.getBoundingClientRect()];
  });
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const problems = [];
  for (const [piece, box] of pieces) {
    for (const [text, other] of words) if (meet(box, other)) problems.push(`${piece} over ${text}`);
  }
  const apart = (list, what) => list.forEach(([a, one], i) => {
    for (const [b, two] of list.slice(i + 1)) {
      if (meet(one, two)) problems.push(`${what}: ${a} over ${b}`);
    }
  });
  if (strict) { // and each big enough to tell its colour
    apart(pieces, 'pieces');
    for (const [piece, box] of pieces) if (box.width < 9.5) problems.push(`${piece}: tiny`);
  }
  apart(boxes(names), 'names');
  for (const name of names) {
    const px = parseFloat(getComputedStyle(name).fontSize) * zoom;
    if (px < 10.95) problems.push(`${name.textContent}: ${px.toFixed(1)} px`);
  }
  for (const place of svg.querySelectorAll('.cell.target')) {
    const box = place.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) problems.push(`${place.ariaLabel}: too small to tap`);
  }
  const inView = pieces.filter(([, b]) => b.left >= frame.left && b.right <= frame.right
    && b.top >= frame.top && b.bottom <= frame.bottom).length;
  return { problems, inView, visible: names.map((name) => Number(name.dataset.hood)) };
}
"""


def _hoods_of(view: dict[str, Any], layout: str) -> list[list[int]]:
    """Where a crowd may stand: per choice, the neighbourhoods its pieces are dealt over."""
    tiles = [t for t in view["map"] if t.get("coords")]
    if layout == "one":
        return [[t["hoods"][0]["id"]] for t in tiles if len(t["hoods"]) == 1]
    if layout in ("two", "half"):
        pairs = [[h["id"] for h in t["hoods"]] for t in tiles if len(t["hoods"]) == 2]
        return pairs if layout == "two" else [pair[1:] for pair in pairs]
    at = {(t["x"], t["y"]): t for t in view["map"]}
    blocks = []
    for t in tiles:
        block = [at.get((t["x"] + dx, t["y"] + dy)) for dx in (0, 1) for dy in (0, -1)]
        if all(block):
            blocks.append([h["id"] for b in block if b for h in b["hoods"]])
    return blocks


async def crowd(board: Board, seats: int, layout: str, seed: int) -> tuple[int, list[int]]:
    """A FENCE! match of ``seats`` at its first turn, its pawns and the Cops then moved
    (through the store, as one more version of the match) to the crowd ``layout`` on named
    tiles with dice; returns it and the neighbourhoods with pieces."""
    match = await fence(board.service, seats, quick=True)
    board.matches[f"{seats}-{layout}"] = match
    record = await board.service.store.get_match(match)
    assert record is not None
    rules = games.get("fence")
    state = rules.load(record.state)
    rng = random.Random(seed)
    choices = _hoods_of(rules.view(state, None), layout)
    assert choices, f"no tile for a {layout!r} crowd"
    hoods = rng.choice(choices)
    pawns = tuple(
        rng.choice(hoods) if layout == "near" else hoods[i % len(hoods)] for i in range(seats)
    )
    state = dataclasses.replace(state, pawns=pawns, cops=pawns[0])
    update = MatchUpdate(state=rules.dump(state))
    await board.service.store.commit(match, record.version, update, now=board.clock())
    return match, sorted(set(pawns))


async def _on_screen(page: Any, hood: int) -> tuple[float, float]:
    """Where ``hood``'s node is on the screen."""
    found = await page.evaluate(
        """(hood) => {
          const place = document.querySelector(`#board .cell[data-id='hood:${hood}']`);
          const svg = place.ownerSVGElement;
          const at = new DOMPoint(Number(place.dataset.cx), Number(place.dataset.cy))
            .matrixTransform(svg.getScreenCTM());
          return [at.x, at.y];
        }""",
        hood,
    )
    return float(found[0]), float(found[1])


async def _check(page: Any, where: str, *, strict: bool = False) -> dict[str, Any]:
    found: dict[str, Any] = await page.evaluate(CHECK, strict)
    assert found["problems"] == [], where
    return found


@pytest.mark.parametrize(("seats", "layout"), CROWDS, ids=[f"{s}-{n}" for s, n in CROWDS])
async def test_pieces_stand_beside_names_and_dice_at_every_zoom(
    browser: Any, seats: int, layout: str
) -> None:
    """No pawn or Cops disc over a shown name, a die's number or a mark, at the first view
    (nor over one another there), at each step zoomed in and out, on the whole city, and
    with places to choose; the crowded neighbourhoods' names stay readable at the first view,
    and places to choose stay 44 px wide."""
    async with serving() as board:
        match, hoods = await crowd(board, seats, layout, seed=seats)
        rules, state = await board.position(match)
        mover = rules.view(state, None)["pawns"][rules.to_move(state)[0]]
        url = await board.seat_url(match, await board.mover(match))
        async with opened(browser, url, PHONE) as page:
            first = await _check(page, "first view", strict=True)
            assert first["inView"] >= min(seats + 1, 4), first
            assert mover in first["visible"], "the name of the mover's place reads"
            if layout != "near":  # closer, every crowded place's name
                for hood in hoods:
                    await page.mouse.move(*await _on_screen(page, hood))
                    await page.mouse.wheel(0, -300)
                    closer = await _check(page, "zoomed in on the crowd", strict=True)
                    assert hood in closer["visible"], hood
            await page.click("#zoom-fit")
            for zoom in range(4):
                await page.click("#zoom-in")
                await _check(page, f"zoomed in {zoom + 1}")
            await page.click("#zoom-fit")
            await _check(page, "whole city")
            for zoom in range(3):
                await page.click("#zoom-in")
                await _check(page, f"zoomed in {zoom + 1} from the whole city")
            options = page.locator("#options button.option")
            for _ in range(2):  # a step or two, until places on the city are offered
                if await page.locator("#board .cell.target").count() or not await options.count():
                    break
                await options.first.click()
            await _check(page, "places to choose")
