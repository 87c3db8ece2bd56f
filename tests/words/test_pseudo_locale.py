"""Proof by pseudo-localisation (issue 33 item 2): in the pseudo-locale every catalogue text
is marked (``⟦…⟧``) and a third longer, so a whole evening of play — five games, a FENCE!
game with hands and guided steps, a tournament round, a review, exports and the web page —
must show players nothing outside the markers but names, notation, numbers and emoji, and
no image may clip its text."""

from __future__ import annotations

import logging
import random
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

import games
from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.web.app import build_app
from bot.words import catalogue, fields, words
from bot.words.pseudo import CLOSE, OPEN, PSEUDO, pseudo_text, unmarked
from storage import MemoryStore
from tests.browser import browser, chromium_path
from tests.words.pseudo_run import ASCII_WORD, evening, proper_names, words_read

__all__ = ["browser", "chromium_path"]


VISIBLE = """() => {
  const page = document.body.cloneNode(true);
  page.querySelectorAll('svg, script').forEach((e) => e.remove());
  const drawn = [...document.querySelectorAll('svg text')].map(
    (t) => [...t.childNodes].map((n) => n.textContent).join(' '));
  const described = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].map(
    (e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) || '').join(' '));
  document.body.append(page);
  const text = page.innerText;
  page.remove();
  return [document.title, text, ...drawn, ...described].join('\\n');
}"""
"""What a visitor reads: the page's text, the drawing's labels (a name split over lines
read as one) and what a screen reader is told."""


class FixedClock:
    def __call__(self) -> float:
        return 1_800_000_000.0


def test_a_pseudo_text_is_marked_longer_and_keeps_its_fields() -> None:
    english = "{player} offers a draw — do you agree? {{literal}} {n:>3}"
    said = pseudo_text(english)
    assert said.startswith(OPEN) and said.endswith(CLOSE)
    assert fields(said) == fields(english)
    assert len(said.format(player="alice", n=2)) >= 1.3 * len(english.format(player="alice", n=2))
    assert said.format(player="x", n=1).count("{") == 1  # a literal brace stays one
    assert not re.search(r"[A-Za-z]{3,}", said.replace("{player}", "").replace("{n:>3}", ""))


def test_the_pseudo_locale_is_built_from_english_and_never_offered_to_servers() -> None:
    pseudo = catalogue().pseudo
    assert pseudo.keys() == catalogue().english.keys() and PSEUDO not in catalogue().languages
    assert words(PSEUDO)("common.done").startswith(OPEN)
    from bot.service.text.languages import shipped

    assert PSEUDO not in shipped()


def test_unmarked_keeps_only_what_escaped() -> None:
    text = f"{OPEN}a {OPEN}b{CLOSE} c{CLOSE} escaped {OPEN}cut…"
    assert unmarked(text).split() == ["escaped"]


async def test_an_evening_in_the_pseudo_locale_shows_only_catalogue_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    played = await evening(tmp_path / "out", FixedClock())
    # a step that failed drew no image and said nothing: nothing of it would be checked
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert len(played.lines) > 1000 and len(played.drawn) > 1000 and played.pages
    assert played.escaped(proper_names()) == []
    assert played.passed_in(proper_names()) == []
    assert played.clipped() == []


async def _fence_in_turn(service: Service, players: list[User]) -> int:
    """A two-seat FENCE! match played at random until its first real turn."""
    opened = await service.play(players[0], "fence", seats=2, options={"quick_map": True})
    match = opened.match_id
    assert match is not None
    await service.join(players[1], match_id=match)
    await service.start(players[0], match_id=match)
    rng = random.Random(3)
    for _ in range(40):
        record = await service.store.get_match(match)
        assert record is not None
        rules = games.get("fence")
        state = rules.load(record.state)
        if state.stage == "turn":
            return match
        seat = rules.to_move(state)[0]
        action = rng.choice(rules.legal_actions(state))
        user = next(u for u in players if u.id == record.seats[seat])
        assert (await service.move(user, rules.format(state, action) + "!", match_id=match)).ok
    raise AssertionError("no turn stage reached")


async def test_the_web_page_in_the_pseudo_locale(browser: Any) -> None:
    """The page's own words, the status, the prompt, the history and the FENCE! choices, as a
    real Chromium shows them to a visitor whose browser asks for the pseudo-locale."""
    clock = FixedClock()
    store = MemoryStore()
    await store.open()
    links = BoardLinks("http://board.test", "a-pseudo-secret-that-is-long-enough-012345", clock)
    service = Service(store, clock=clock, seed_source=lambda: 77, web=links)
    alice, bob = User("alice", "alice", locale=PSEUDO), User("bob", "bob", locale=PSEUDO)
    match = await _fence_in_turn(service, [alice, bob])
    record = await store.get_match(match)
    assert record is not None
    rules = games.get("fence")
    (seat,) = rules.to_move(rules.load(record.state))
    mover = alice if record.seats[seat] == alice.id else bob
    link = (await service.web_link(mover, match_id=match)).links[0].url
    async with TestClient(TestServer(build_app(service, _ignore, poll_seconds=0.05))) as client:
        context = await browser.new_context(extra_http_headers={"Accept-Language": PSEUDO})
        page = await context.new_page()
        where, token = link.removeprefix("http://board.test").split("#t=")
        await page.goto(f"{client.make_url(where)}#t={token}")
        await page.wait_for_selector("body[data-ready='1']")
        shown = await page.evaluate(VISIBLE)
        # The analysis board: its banner, tree, tools and note, and a refusal it says.
        await page.click("#analyse")
        await page.wait_for_selector("body.analysing #analysis-tree")
        await page.click("#options button.option")
        await page.fill("#analysis-note-text", "x" * 2001)
        await page.click("#analysis-note button")
        await page.wait_for_function("() => document.querySelector('#analysis-said').textContent")
        shown += "\n" + await page.evaluate(VISIBLE)
        # Where chance decides: the outcomes offered, in the reader's words.
        before, step = await _line_to_chance(service, mover, token, match)
        await page.click("#analysis-leave")
        await page.wait_for_selector("body:not(.analysing)")
        await page.click("#analyse")
        await page.wait_for_selector("body.analysing #analysis-tree")
        await page.click(f"#analysis-tree [data-node='{before}']")
        await page.wait_for_selector(f"#analysis-tree [data-node='{before}'][aria-current]")
        await page.fill("#typed-move", step)
        await page.press("#typed-move", "Enter")
        await page.wait_for_selector("#analysis-chance .analysis-outcome")
        shown += "\n" + await page.evaluate(
            "() => document.querySelector('#analysis-chance').innerText"
        )
        await context.close()
    await store.close()
    assert OPEN in shown
    names = proper_names()
    assert sorted(set(words_read(unmarked(shown), names))) == []
    assert sorted(set(words_read(shown, names, ASCII_WORD))) == []


async def _line_to_chance(service: Service, mover: User, token: str, match: int) -> tuple[int, str]:
    """A line of first steps on the mover's analysis board up to a step chance decides: the
    node before it and that step."""
    board = (await service.analysis.open(mover, token, match_id=match)).extra["analysis"]
    for _ in range(40):
        assert isinstance(board, dict)
        chanced = [m["n"] for m in board["moves"] if m.get("chance")]
        if chanced and board["at"] is not None:
            return int(board["at"]), str(chanced[0])
        where = {"ply": board["ply"]} if board["at"] is None else {"node": board["at"]}
        plain = [m["n"] for m in board["moves"] if not m.get("chance")] or [board["moves"][0]["n"]]
        made = await service.analysis.change(
            mover, token, match_id=match, op="move", move=plain[0], **where
        )
        assert made.ok, made.text
        board = made.extra["analysis"]
    raise AssertionError("no step chance decides")


async def _ignore(reply: object) -> None:
    """The web app hands thread posts on for delivery; nobody reads them here."""
