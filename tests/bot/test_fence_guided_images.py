"""A guided step's picture shows the choices it asks for (issue 31.1).

"Push Green → Foundry Flats | Bell Tower | Signal Box" and "Cops by road → Gasworks | The
Yards" posted a close-up of the mover's own pawn, with no ring, no Green pawn and no Cops
in it. Here random 3–6-seat games (Quick Map and drafted cities) are played through the
service, every level of the guided panel that offers neighbourhoods is opened, and the
picture the service asks for is drawn for real: every choice is ringed inside it, or named
under it as outside (when no window that reads on a phone holds them all), and the piece
being moved stands inside it.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

import render
from bot.service import Service, User
from bot.service.base import Loaded
from bot.service.play.guide import walk
from render.fence import CHOICE, close_up_layout, detail_plan
from render.fence.pieces import place_pieces
from storage import MemoryStore
from storage.base import ACTIVE

from .conftest import FakeClock

USERS = [User(name, name) for name in ("alice", "bob", "carol", "dave", "erin", "frank")]
REAL_RENDER = render.render
TURNS = 80
"""Steps played in each game."""
PATHS_PER_TURN = 4
"""Levels of the guided panel opened at each step (a random few: all of them, for every
card a player could play, made a game take minutes)."""


@dataclass
class Asked:
    """Every picture the service asked for, with all it passed."""

    calls: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Asked:
    record = Asked()

    def stand_in(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        record.calls.append({"game": game, "view": view, **kwargs})
        return b"picture-%d" % len(record.calls)

    monkeypatch.setattr(render, "render", stand_in)
    return record


async def _started(seats: int, seed: int, quick: bool) -> tuple[Service, int]:
    store = MemoryStore()
    await store.open()
    service = Service(store, clock=FakeClock(), seed_source=lambda: seed)
    opened = await service.play(USERS[0], "fence", seats=seats, options={"quick_map": quick})
    assert opened.ok and opened.match_id is not None, opened.text
    for user in USERS[1:seats]:
        assert (await service.join(user, match_id=opened.match_id)).ok
    assert (await service.start(USERS[0], match_id=opened.match_id)).ok
    return service, opened.match_id


async def _loaded(service: Service, match_id: int) -> Loaded:
    record = await service.store.get_match(match_id)
    assert record is not None
    return service.reader.load(record)


def _inner_paths(loaded: Loaded) -> list[tuple[int, ...]]:
    """The panel path of every level of the guided turn that is not yet a whole move."""
    rules, state = loaded.rules, loaded.state
    paths = [
        (tuple(rules.presentation.choice_path(state, a)), a) for a in rules.legal_actions(state)
    ]
    prefixes = {p[:depth] for p, _ in paths for depth in range(len(p))}
    out = []
    for labels in sorted(prefixes, key=len):
        chosen: list[int] = []
        for label in labels:
            chosen.append(walk(paths, chosen)[2].index(label))
        out.append(tuple(chosen))
    return out


def _piece_moved(loaded: Loaded, path: tuple[int, ...]) -> int | None:
    """Where the piece every move under ``path`` moves stands (None: none, or several)."""
    rules, state = loaded.rules, loaded.state
    paths = [
        (tuple(rules.presentation.choice_path(state, a)), a) for a in rules.legal_actions(state)
    ]
    facts = [rules.presentation.highlight(state, a) for _, a in walk(paths, path)[0]]
    starts = {f.get("from") for f in facts if f.get("kind") in ("pawn", "cops")}
    start = starts.pop() if len(starts) == 1 else None
    return start if isinstance(start, int) else None


def _ringed(image: Image.Image, centre: tuple[int, int], radius: int, width: int) -> bool:
    """Magenta on the ring around a choice's node: some of it shows between the names
    drawn across it."""
    x, y = centre
    found = 0
    for dx in range(-radius - width, radius + width + 1, 2):
        for dy in range(-radius - width, radius + width + 1, 2):
            if abs((dx * dx + dy * dy) ** 0.5 - radius) > width:
                continue
            if not (0 <= x + dx < image.width and 0 <= y + dy < image.height):
                continue
            pixel = image.getpixel((x + dx, y + dy))
            found += all(abs(a - b) <= 30 for a, b in zip(pixel, CHOICE, strict=False))
    return found >= 8


def _check_picture(call: dict[str, Any]) -> tuple[int, int]:
    """Draw what the service asked for and check it: returns (choices shown, left out)."""
    view, highlight, focus = call["view"], call["highlight"], call.get("focus") or []
    choices = [h for mark in highlight if mark.get("kind") == "choices" for h in mark["hoods"]]
    assert focus, "a guided choice of neighbourhoods is drawn as a close-up"
    assert set(choices) <= set(focus)
    png = REAL_RENDER("fence", view, highlight=highlight, players=call.get("players"), focus=focus)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    plan = detail_plan(view, focus, highlight)
    assert plan is not None
    _, layout = close_up_layout(view, plan, call.get("players"))
    assert image.width == layout.width
    places = {h["id"]: (t["x"], t["y"]) for t in view["map"] for h in t["hoods"]}
    radius, width = layout.px(0.26, 18), layout.px(0.06, 5)
    shown = 0
    for hood in choices:
        if hood in plan.left_out:
            continue
        assert layout.shows(*places[hood]), (hood, plan)
        assert _ringed(image, layout.hood_xy[hood], radius, width), hood
        shown += 1
    assert all(h in choices for h in plan.left_out)
    # The piece being moved (focused, not a choice) stands in the picture or is named.
    pieces, _ = place_pieces(layout, view, "off limits")
    for hood in focus:
        if hood not in choices and hood not in plan.pieces_out:
            assert any(p.hood == hood for p in pieces), "the piece being moved is in the picture"
    return shown, len(plan.left_out)


@pytest.mark.parametrize(
    ("seats", "seed", "quick"),
    [(3, 11, True), (4, 23, False), (5, 37, True), (6, 41, True), (3, 53, False)],
)
async def test_every_guided_choice_is_in_its_picture(
    asked: Asked, seats: int, seed: int, quick: bool
) -> None:
    service, match_id = await _started(seats, seed, quick)
    rng = random.Random(seed)
    pictures = shown = left_out = 0
    for _ in range(TURNS):
        loaded = await _loaded(service, match_id)
        if loaded.record.status != ACTIVE:
            break
        user = USERS[loaded.rules.to_move(loaded.state)[0]]
        # A draft's tile goes to spots on the whole map (tests/render): nothing to open.
        inner = _inner_paths(loaded) if loaded.state.stage != "draft" else []
        for path in rng.sample(inner, min(len(inner), PATHS_PER_TURN)):
            before = len(asked.calls)
            reply = await service.panel(user, match_id=match_id, path=path)
            assert reply.ok and reply.panel is not None, reply.text
            if reply.image is None or len(asked.calls) == before:
                continue
            call = asked.calls[-1]
            marks = [m for m in call["highlight"] if m.get("kind") == "choices"]
            if not marks:
                continue
            names = {h["id"]: h["name"] for t in call["view"]["map"] for h in t["hoods"]}
            hoods, options = marks[0]["hoods"], reply.panel.options
            assert len(hoods) == len(options)
            assert all(names[h] in o for h, o in zip(hoods, options, strict=True)), options
            piece = _piece_moved(loaded, reply.panel.path)
            assert piece is None or piece in (call.get("focus") or []), "the piece is focused"
            got, missed = _check_picture(call)
            pictures, shown, left_out = pictures + 1, shown + got, left_out + missed
        rules, state = loaded.rules, loaded.state
        action = rng.choice(rules.legal_actions(state))
        moved = await service.move(user, rules.format(state, action) + "!", match_id=match_id)
        assert moved.ok, moved.text
    assert pictures >= 10 and shown > 5 * left_out, (pictures, shown, left_out)
