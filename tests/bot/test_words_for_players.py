"""What players read about moves and decisions (issue 31 items 3, 7, 16–18).

One describer: a FENCE! step reads the same in the mover's reply, the thread post, ``/match
history`` and the web page — in words, never the engine's notation ("yourself B4
high-street") — and in the reader's language. The web page's first question in a guided turn
names the choices. Draw offers name who offers; an undo on your own turn says why not;
resigning asks first in every front end; ``/move`` takes the panel's words."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import unquote

import pytest

from bot.service import Service, User
from bot.service.base import Loaded
from bot.service.match.links import BoardLinks
from bot.service.text.describer import told_label
from bot.words import words
from games.fence import Yourself
from storage import MemoryStore

from .conftest import ALICE, BOB, FakeClock, start_ordo
from .test_console import run_console
from .test_fence_service import current, mover_of, play_until, start_game
from .test_fence_service import drawn as drawn  # the stand-in renderers, a fixture

SLUG = re.compile(r"\b[a-z]+-[a-z-]+\b")
"""A neighbourhood's notation name (``high-street``): never shown to players."""


@pytest.fixture
async def web(clock: FakeClock) -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    links = BoardLinks("http://board.test", "a-test-secret-that-is-long-enough-0123456789", clock)
    yield Service(store, clock=clock, seed_source=lambda: 12345, web=links)
    await store.close()


def _walks_free(loaded: Loaded) -> bool:
    return loaded.state.stage == "turn" and any(
        isinstance(a, Yourself) and a.hood != loaded.state.cops
        for a in loaded.rules.legal_actions(loaded.state)
    )


@pytest.mark.usefixtures("drawn")
async def test_a_fence_step_is_told_in_words_everywhere(web: Service) -> None:
    match_id, _ = await start_game(web, seats=2)
    loaded = await play_until(web, match_id, random.Random(4), _walks_free)
    rules, state = loaded.rules, loaded.state
    target = next(
        a for a in rules.legal_actions(state) if isinstance(a, Yourself) and a.hood != state.cops
    )
    notation = rules.format(state, target)  # "yourself R3 B5 cabbagetown"
    player = mover_of(loaded)
    hood = notation.split()[-1]
    cards = " ".join(target.cards)
    reply = await web.move(player, notation, match_id=match_id)
    assert reply.ok and reply.post is not None, reply.text
    told = reply.post.text.split("\n")[0]
    colour = rules.presentation.seat_name(state, loaded.record.seats.index(player.id))
    label = f"{player.name} ({colour})"  # a player is named with their colour everywhere
    assert told.startswith(f"{label} plays {cards} and moves to "), told
    # the mover's reply says it as the thread does
    assert reply.text == told and "yourself" not in reply.text and hood not in reply.text

    history = await web.history(player, match_id=match_id)
    last = history.text.split("\n")[-1]
    assert f"{label} plays {cards} and moves to" in last, last
    assert hood not in last and "yourself" not in last
    assert not SLUG.search(history.text.split("\n", 1)[1])

    page = await web.pages.page(User(player.id, player.name, locale="de"), None, match_id=match_id)
    assert not page.ok  # the match is private without a link: use the seat's own link
    link = (await web.web_link(player, match_id=match_id)).links[0].url
    token = unquote(link.split("#t=", 1)[1])
    seen = await web.pages.page(User(player.id, player.name, locale="de"), token, match_id=match_id)
    assert seen.ok, seen.text
    entry = seen.extra["page"]["history"][-1]  # type: ignore[index]
    assert f"spielt {cards} und zieht nach " in entry["text"] and hood not in entry["text"]
    assert entry["text"].startswith(f"{player.name} ("), entry["text"]


@pytest.mark.usefixtures("drawn")
async def test_german_readers_get_the_move_in_german(web: Service) -> None:
    match_id, _ = await start_game(web, seats=2)
    loaded = await current(web, match_id)
    player = mover_of(loaded)
    action = loaded.rules.legal_actions(loaded.state)[0]
    german = User(player.id, player.name, locale="de")
    reply = await web.move(german, loaded.rules.format(loaded.state, action), match_id=match_id)
    assert reply.ok, reply.text
    assert "setzt die eigene Spielfigur nach" in reply.text, reply.text
    assert not SLUG.search(reply.text)


@pytest.mark.usefixtures("drawn")
async def test_the_first_web_prompt_of_a_fence_turn_names_the_buttons(web: Service) -> None:
    match_id, _ = await start_game(web, seats=2)
    loaded = await play_until(web, match_id, random.Random(4), _walks_free)
    player = mover_of(loaded)
    link = (await web.web_link(player, match_id=match_id)).links[0].url
    token = unquote(link.split("#t=", 1)[1])
    seen = await web.pages.page(player, token, match_id=match_id)
    prompt = seen.extra["page"]["prompt"]  # type: ignore[index]
    assert "Move yourself" in prompt and "Move others" in prompt and "buttons below" in prompt
    assert "highlighted" not in prompt
    german = User(player.id, player.name, locale="de")
    seen = await web.pages.page(german, token, match_id=match_id)
    assert "Knöpfen" in seen.extra["page"]["prompt"]  # type: ignore[index]


# -- draw offers and undo requests (item 16) ----------------------------------------------------
async def test_the_draw_ping_names_who_offers(service: Service) -> None:
    match_id = await start_ordo(service)
    await service.move(ALICE, "a3-a4", match_id=match_id)
    offered = await service.draw(BOB, match_id=match_id)
    assert offered.ok and offered.post is not None
    assert offered.post.ping.startswith("bob offers a draw — do you agree?")
    assert offered.post.mentions == (ALICE.id,)


async def test_the_opponent_named_in_an_undo_refusal_is_escaped_once(service: Service) -> None:
    """A name with markdown in it ("bob_the_*best*") reads as typed: escaped once, not twice
    (a doubled escape shows its backslashes)."""
    odd = User("bob", "bob_the_*best*")
    made = await service.challenge(ALICE, "ordo", odd, color="white")
    await service.accept(odd, match_id=made.match_id)
    await service.move(ALICE, "a3-a4", match_id=made.match_id)
    await service.move(odd, "a6-a5", match_id=made.match_id)
    late = await service.undo(ALICE, match_id=made.match_id)
    assert late.text.startswith("bob\\_the\\_\\*best\\* has already replied"), late.text


async def test_an_undo_on_your_own_turn_says_the_opponent_has_replied(service: Service) -> None:
    match_id = await start_ordo(service)
    first = await service.undo(ALICE, match_id=match_id)
    assert not first.ok and first.text == "There is no move to take back yet."
    await service.move(ALICE, "a3-a4", match_id=match_id)
    early = await service.undo(BOB, match_id=match_id)
    assert not early.ok and "you haven't moved yet" in early.text
    await service.move(BOB, "a6-a5", match_id=match_id)
    late = await service.undo(ALICE, match_id=match_id)
    assert not late.ok
    assert late.text.startswith("bob has already replied to your last move (a3-a4)")
    asked = await service.undo(BOB, match_id=match_id)
    assert asked.ok and asked.post is not None
    assert asked.post.ping.startswith("bob asks to take back their last move (a6-a5)")


# -- resigning asks first, in every front end (item 17) -----------------------------------------
async def test_resigning_is_asked_first_then_confirmed(service: Service) -> None:
    match_id = await start_ordo(service)
    asked = await service.ask_resign(BOB, match_id=match_id)
    assert asked.ok and asked.text == f"Really resign match #{match_id}? This cannot be undone."
    assert [(b.label, b.action) for b in asked.buttons] == [("Yes, resign", "resign")]
    record = await service.store.get_match(match_id)
    assert record is not None and record.result is None  # nothing happened yet
    done = await service.resign(BOB, match_id=match_id)
    assert done.ok and done.post is not None and "bob resigns." in done.post.text


def test_the_console_asks_before_resigning(tmp_path: Path) -> None:
    lines = run_console(
        tmp_path,
        "alice: /play ordo opponent:bob color:first\nbob: /match accept\n"
        "bob: /match resign\nalice: /me games\nbob: /match resign confirm:true\n",
    )
    asked = lines.index("[only bob] Really resign match #1? This cannot be undone.")
    assert lines[asked + 1] == "[only bob] (button: Yes, resign — type /match resign confirm:true)"
    assert "bob resigns." not in lines[: asked + 3] and "bob resigns." in lines


# -- /move takes the panel's words (item 18) ----------------------------------------------------
@pytest.mark.usefixtures("drawn")
async def test_move_takes_the_first_words_of_the_panel(web: Service) -> None:
    match_id, _ = await start_game(web, seats=2)
    loaded = await play_until(web, match_id, random.Random(4), _walks_free)
    player = mover_of(loaded)
    others = await web.move(player, "Move others", match_id=match_id)
    assert not others.ok and "not a pawn colour" not in others.text
    assert others.text.startswith("'Move others' is the start of a move: go on with ")
    assert "Push " in others.text or "Cops by road" in others.text
    yourself = await web.move(player, "move yourself", match_id=match_id)
    assert not yourself.ok and "is the start of a move" in yourself.text
    # the next level typed after it narrows on, and a whole panel line plays
    rules, state = loaded.rules, loaded.state
    action = next(a for a in rules.legal_actions(state) if isinstance(a, Yourself))
    line = " ".join(rules.presentation.choice_path(state, action))
    played = await web.move(player, f"{line}!", match_id=match_id)
    assert played.ok, played.text


@pytest.mark.usefixtures("drawn")
async def test_the_panel_speaks_german_and_takes_german_words(web: Service) -> None:
    """Issue 33: the guided panel's buttons in the player's language, and /move takes them."""
    match_id, _ = await start_game(web, seats=2)
    loaded = await play_until(web, match_id, random.Random(4), _walks_free)
    player = mover_of(loaded)
    german = User(player.id, player.name, locale="de")
    top = await web.panel(german, match_id=match_id)
    assert top.panel is not None and "Selbst ziehen" in top.panel.options, top.panel
    assert "Andere bewegen" in top.panel.options
    rules, state = loaded.rules, loaded.state
    action = next(
        a for a in rules.legal_actions(state) if isinstance(a, Yourself) and a.hood != state.cops
    )
    typed = told_label(words("de"), rules, state, action)
    assert typed.startswith(f"Selbst ziehen mit {' '.join(action.cards)} nach ")
    offered = await web.moves.labelled_suggestions(german, typed, match_id=match_id)
    assert (typed, rules.format(state, action)) in offered
    played = await web.move(german, typed, match_id=match_id)
    assert played.ok, played.text
    assert "spielt" in played.text and "zieht nach" in played.text
