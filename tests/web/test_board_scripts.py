"""The board scripts in a real browser, for every game: each legal move can be chosen by its
clicks, those clicks name that move and no other, and each click lands on a place the drawing
has — the page never guesses, it only follows the legal moves it was given."""

from __future__ import annotations

import random
import re
from typing import Any

from aiohttp.test_utils import TestClient

import games
from bot.service import Service
from bot.service.pages.web import _legal_moves
from bot.words import words
from tests.browser import browser, chromium_path

from .conftest import GUILD, MANAGER, start

__all__ = ["browser", "chromium_path"]

CHECK = """
async ({ game, positions }) => {
  const base = document.querySelector('link[rel=stylesheet]').href.replace(/board\\.css$/, '');
  const { candidates, look } = await import(base + 'chooser.js');
  const rules = await import(base + `games/${game}.js`);
  const t = (key) => key;
  const problems = [];
  for (const { view, moves, extra } of positions) {
    const opts = { flipped: false, highlight: [], t, players: [], title: game };
    const drawing = rules.draw(view, opts);
    document.body.append(drawing.svg);
    const cands = candidates(moves, rules.paths);
    for (const move of moves) {
      for (const path of rules.paths(move)) {
        const steps = [...path.seq, ...(path.any || []).slice().reverse()];
        const picked = [];
        for (const step of steps) {
          const seen = look(cands, picked);
          const offered = seen.options.some((o) => o.t === step.t);
          if (!offered) problems.push(`${move.n}: no option ${step.t}`);
          const there = !step.at || drawing.place(step.at);
          if (!there) problems.push(`${move.n}: nowhere to click ${step.at}`);
          picked.push(step.t);
        }
        const done = look(cands, picked).done.map((m) => m.n);
        const named = done.length === 1 && done[0] === move.n;
        if (!named) problems.push(`${move.n}: clicks name ${done}`);
      }
    }
    for (const [clicks, notation] of extra) {
      const picked = [];
      for (const click of clicks) {
        const offered = look(cands, picked).options.some((o) => o.t === click);
        if (!offered) problems.push(`${notation}: no ${click}`);
        picked.push(click);
      }
      const done = look(cands, picked).done.map((m) => m.n);
      if (done.length !== 1 || done[0] !== notation) problems.push(`${clicks}: name ${done}`);
    }
    drawing.svg.remove();
  }
  return problems.slice(0, 10);
}
"""


def positions(game: str, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Positions along a random game, with the seat to move's legal moves as a page gets
    them (the service's own list)."""
    rules = games.get(game)
    players = 3 if game == "fence" else 2
    options = {"quick_map": True} if game == "fence" else None
    state = rules.new(players, options, rng.randrange(1000))
    found = []
    for _ in range(count):
        if rules.outcome(state) is not None or not rules.to_move(state):
            break
        seat = rules.to_move(state)[0]
        moves = _legal_moves(rules, state, words())
        view = rules.view(state, seat)
        found.append({"view": view, "moves": moves, "extra": other_orders(moves)})
        for _ in range(rng.randrange(1, 6)):
            if rules.outcome(state) is not None or not rules.to_move(state):
                break
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return found


def square(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:])


def other_orders(moves: list[dict[str, Any]]) -> list[tuple[list[str], str]]:
    """Clicks in another order than the notation's that must name the same move: a Fuer
    turn's new pieces last to first; an Ordo line from its other end."""
    found = []
    for move in moves:
        notation = move["n"]
        if fuer := re.fullmatch(r"([a-i]\d)((?: \+[a-i]\d){2,})", notation):
            pieces = [p[1:] for p in fuer.group(2).split()]
            found.append(([fuer.group(1), *reversed(pieces)], notation))
        elif line := re.fullmatch(r"([a-j]\d):([a-j]\d)-([a-j]\d)", notation):
            (fa, ra), (fb, rb), (fd, rd) = (square(x) for x in line.groups())
            other = f"{chr(ord('a') + fb + fd - fa)}{rb + rd - ra}"
            found.append(([line.group(2), line.group(1), other], notation))
    return found


async def test_every_legal_move_is_named_by_its_clicks(
    service: Service, client: TestClient, browser: Any
) -> None:
    match = await start(service)
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    page = await browser.new_page()
    await page.goto(str(client.make_url(f"/m/{match}")))
    await page.wait_for_selector("body[data-ready='1']")
    problems = {}
    for game in games.available():
        sample = positions(game, 6, random.Random(game))
        assert sample, game
        problems[game] = await page.evaluate(CHECK, {"game": game, "positions": sample})
    assert problems == {game: [] for game in problems}
