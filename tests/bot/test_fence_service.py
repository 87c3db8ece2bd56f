"""FENCE! through the service: secret DMs, /hand, the guided panel, resignations, round
summaries and a history that keeps secrets until the end.

Boards are not drawn here (the ``drawn`` fixture stands in for the renderers and records
every view it is given), which keeps whole games fast and lets the tests check that only
public views ever reach a public image.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.service.play.hands
import games
import render
from bot.service import Service, User
from bot.service.base import Loaded
from bot.service.play.guide import CONFIRM, walk
from bot.service.play.hands import news, secret_text
from bot.service.replies import Reply
from bot.service.text.summaries import round_summary
from games.fence import Offer, Yourself
from storage.base import ACTIVE, FINISHED

from .conftest import ALICE, BOB, CAROL
from .test_fence_lobby import DAVE

USERS = {u.id: u for u in (ALICE, BOB, CAROL, DAVE)}
CARD = re.compile(r"\b[RB][1-6XJ]\b")


@dataclass
class Drawn:
    """What the stand-in renderers were asked to draw, in order."""

    boards: list[dict[str, Any]] = field(default_factory=list)
    highlights: list[list[dict[str, Any]]] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)
    owner: dict[bytes, int] = field(default_factory=dict)
    """Hand image bytes → the seat whose view drew it."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    record = Drawn()

    def board(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        record.boards.append(view)
        record.highlights.append(list(kwargs.get("highlight") or []))
        return b"board-%d" % len(record.boards)

    def hand(view: dict[str, Any], **labels: Any) -> bytes:
        record.hands.append(view)
        image = b"hand-%d" % len(record.hands)
        record.owner[image] = view["seat"]
        return image

    monkeypatch.setattr(render, "render", board)
    monkeypatch.setattr(bot.service.play.hands, "hand_renderer", lambda game: hand)
    return record


async def start_game(service: Service, seats: int = 3, **options: Any) -> tuple[int, Reply]:
    options.setdefault("quick_map", True)
    opened = await service.play(ALICE, "fence", seats=seats, options=options)
    assert opened.ok, opened.text
    match_id = opened.match_id
    assert match_id is not None
    for user in (BOB, CAROL, DAVE)[: seats - 1]:
        joined = await service.join(user, match_id=match_id)
        assert joined.ok, joined.text
    started = await service.start(ALICE, match_id=match_id)
    assert started.ok, started.text
    return match_id, started


async def current(service: Service, match_id: int) -> Loaded:
    record = await service.store.get_match(match_id)
    assert record is not None
    return service.reader.load(record)


def mover_of(loaded: Loaded) -> User:
    return USERS[loaded.record.seats[loaded.rules.to_move(loaded.state)[0]]]


def public_cards(before: Loaded, after: Loaded) -> set[str]:
    """Cards that became public during one step: played (the discard pile grows) or
    revealed."""
    old = before.rules.view(before.state, None)
    new = after.rules.view(after.state, None)
    return set(new["discard"][len(old["discard"]) :]) | set(new["revealed"])


def hand_of(loaded: Loaded, seat: int) -> list[str]:
    return list(loaded.rules.view(loaded.state, seat)["hand"])


async def step(
    service: Service, match_id: int, rng: random.Random, choose: Callable[..., Any] | None = None
) -> tuple[Loaded, Reply, Loaded]:
    """One random legal step typed by the player to act: (before, reply, after)."""
    before = await current(service, match_id)
    rules, state = before.rules, before.state
    actions = rules.legal_actions(state)
    action = choose(state, actions) if choose else rng.choice(actions)
    reply = await service.move(mover_of(before), rules.format(state, action), match_id=match_id)
    assert reply.ok, reply.text
    return before, reply, await current(service, match_id)


async def play_until(
    service: Service,
    match_id: int,
    rng: random.Random,
    done: Callable[[Loaded], bool],
    *,
    limit: int = 400,
    choose: Callable[..., Any] | None = None,
) -> Loaded:
    for _ in range(limit):
        loaded = await current(service, match_id)
        assert loaded.record.status == ACTIVE, "the game ended before the situation arose"
        if done(loaded):
            return loaded
        await step(service, match_id, rng, choose)
    raise AssertionError("the situation never arose")


def stage_is(*stages: str) -> Callable[[Loaded], bool]:
    return lambda loaded: loaded.state.stage in stages


def indexes(loaded: Loaded, action: Any) -> tuple[int, ...]:
    """The panel path (option indexes) that leads to ``action``."""
    rules, state = loaded.rules, loaded.state
    paths = [
        (tuple(rules.presentation.choice_path(state, a)), a) for a in rules.legal_actions(state)
    ]
    target = tuple(rules.presentation.choice_path(state, action))
    chosen: list[int] = []
    for depth in range(len(target)):
        options = walk(paths, chosen)[2]
        chosen.append(options.index(target[depth]))
    return tuple(chosen)


def no_jail_or_cops(state: Any, actions: list[Any]) -> Any:
    """A random step that keeps everybody out of Jail, so games last long enough to reach
    the situation a test wants."""
    safe = [a for a in actions if getattr(a, "hood", None) != state.cops]
    return random.Random(len(actions) * 7919 + state.round).choice(safe or actions)


# ------------------------------------------------------------------------------------------
# secrets by DM and /hand
# ------------------------------------------------------------------------------------------
async def test_start_dms_each_player_their_own_secrets_only(service: Service, drawn: Drawn) -> None:
    match_id, started = await start_game(service)
    loaded = await current(service, match_id)
    seats = loaded.record.seats
    assert sorted(dm.user_id for dm in started.dms) == sorted(seats)
    for dm in started.dms:
        seat = seats.index(dm.user_id)
        mine = loaded.rules.view(loaded.state, seat)["starting_cards"]
        assert dm.text.startswith("Your secret cards — FENCE! match #")
        assert "Hand: none" in dm.text
        if mine:
            assert f"Starting cards: {' '.join(mine)}" in dm.text
        for other in range(len(seats)):
            theirs = loaded.rules.view(loaded.state, other)["starting_cards"]
            if other != seat and theirs and theirs != mine:
                assert f"Starting cards: {' '.join(theirs)}" not in dm.text
        assert dm.image is not None and drawn.owner[dm.image] == seat
    # the thread learns none of it: the post and its image come from the public view
    post = started.post
    assert post is not None
    revealed = set(loaded.rules.view(loaded.state, None)["revealed"])
    assert set(CARD.findall(post.text + post.ping)) <= revealed
    assert all("hand" not in v and "starting_cards" not in v for v in drawn.boards)


async def test_dms_follow_hand_changes_only(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    rng = random.Random(3)
    changed_steps = quiet_steps = 0
    for _ in range(40):
        before, reply, after = await step(service, match_id, rng)
        if after.record.status != ACTIVE:
            break
        seats = after.record.seats
        changed = {seats[s] for s in range(len(seats)) if hand_of(before, s) != hand_of(after, s)}
        assert {dm.user_id for dm in reply.dms} == changed
        changed_steps += bool(changed)
        quiet_steps += not changed
        for dm in reply.dms:
            hand = hand_of(after, seats.index(dm.user_id))
            assert dm.text.startswith("Your hand changed")
            assert f"Hand: {' '.join(hand) or 'none'}" in dm.text
    assert changed_steps and quiet_steps  # both kinds of step were seen


async def test_hand_shows_the_callers_cards_privately(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    await play_until(service, match_id, random.Random(1), stage_is("turn"))
    loaded = await current(service, match_id)
    for seat, user_id in enumerate(loaded.record.seats):
        reply = await service.hand(USERS[user_id], match_id=match_id)
        assert reply.ok and reply.ephemeral and reply.post is None and not reply.dms
        assert f"Hand: {' '.join(hand_of(loaded, seat))}" in reply.text
        assert reply.image is not None and drawn.owner[reply.image] == seat
    implicit = await service.hand(BOB)  # the caller's only match
    assert implicit.ok and implicit.match_id == match_id
    outsider = await service.hand(DAVE, match_id=match_id)
    assert not outsider.ok and "not playing" in outsider.text


async def test_hand_in_a_lobby_says_the_cards_come_later(service: Service) -> None:
    opened = await service.play(ALICE, "fence", seats=3)
    await service.join(BOB, match_id=opened.match_id)
    reply = await service.hand(BOB, match_id=opened.match_id)
    assert not reply.ok and "has not started" in reply.text


async def test_hand_for_a_game_without_secrets_is_refused(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB)
    await service.accept(BOB, match_id=reply.match_id)
    answer = await service.hand(ALICE, match_id=reply.match_id)
    assert not answer.ok and "no secret cards" in answer.text


def test_secret_text_puts_the_hand_first_and_skips_empty_secrets() -> None:
    private = {
        "starting_cards": [],
        "notes": ["Purple offers you R6 for your B5."],
        "offer": {"from": 2, "to": 1, "give": "R6", "ask": "B5"},
        "hand": ["R3", "B5"],
    }
    assert secret_text(private, ["Green", "Orange", "Purple"]).splitlines() == [
        "Hand: R3 B5",
        "Purple offers you R6 for your B5.",
        "Offer: from Purple, to Orange, give R6, ask B5",
    ]
    assert secret_text({"hand": [], "starting_cards": ["R1", "B2"]}) == (
        "Hand: none\nStarting cards: R1 B2"
    )


def test_news_is_a_changed_hand_or_a_new_secret() -> None:
    start = {"hand": [], "starting_cards": ["R1", "B2"], "notes": []}
    revealed = {"hand": [], "starting_cards": [], "notes": []}
    assert not news(start, revealed)  # the starting cards went public: nothing new
    assert news(revealed, {**revealed, "hand": ["R3"]})
    assert news({**revealed, "hand": ["R3"]}, revealed)  # played the last card
    assert news(revealed, {**revealed, "notes": ["Orange offers you B1 for your B2."]})
    assert not news({**revealed, "notes": ["old"]}, revealed)


async def test_a_trade_offer_is_news_for_the_offeree_only(service: Service, drawn: Drawn) -> None:
    """Trading Cards: the offer reaches the offeree by DM (the thread only learns that there
    is one), the answer comes from the offeree's panel, and an accepted trade DMs both."""
    match_id, _ = await start_game(service, trading_cards=True)

    def acceptable_offer(state: Any, actions: list[Any]) -> Any:
        offers = [a for a in actions if isinstance(a, Offer) and a.ask in state.hands[a.seat]]
        return offers[0] if offers else no_jail_or_cops(state, actions)

    rng = random.Random(12)
    for _ in range(80):
        before, reply, after = await step(service, match_id, rng, acceptable_offer)
        if (await service.store.actions(match_id))[-1].notation.startswith("offer "):
            break
    else:
        raise AssertionError("no acceptable offer was made")
    offerer = before.rules.to_move(before.state)[0]
    offeree = after.rules.to_move(after.state)[0]
    seats = after.record.seats
    assert [dm.user_id for dm in reply.dms] == [seats[offeree]]
    assert reply.dms[0].text.startswith("News for you")
    assert "offers you" in reply.dms[0].text
    assert reply.post is not None and not CARD.search(reply.post.text)
    assert reply.post.mentions == (seats[offeree],)
    answer = await service.panel(USERS[seats[offeree]])
    assert answer.panel is not None
    assert any(o.startswith("Accept") for o in answer.panel.options)
    pick = next(i for i, o in enumerate(answer.panel.options) if o.startswith("Accept"))
    done = await service.panel(USERS[seats[offeree]], match_id=match_id, path=(pick,))
    assert done.ok and done.post is not None, done.text
    assert not CARD.search(done.post.text)
    assert sorted(dm.user_id for dm in done.dms) == sorted([seats[offerer], seats[offeree]])
    assert all(dm.text.startswith("Your hand changed") for dm in done.dms)


async def test_board_post_offers_the_panel_but_never_move_buttons(
    service: Service, drawn: Drawn
) -> None:
    """Step buttons spell out legal moves — in FENCE! they would show the mover's cards."""
    match_id, _ = await start_game(service)
    rng = random.Random(2)
    for _ in range(25):
        _, reply, after = await step(service, match_id, rng)
        if after.record.status != ACTIVE:
            break
        post = reply.post
        assert post is not None
        assert [b.action for b in post.buttons] == ["panel", "hand"]
        assert post.choices == ()


# ------------------------------------------------------------------------------------------
# the guided panel
# ------------------------------------------------------------------------------------------
async def test_panel_places_a_draft_tile_with_a_preview_of_the_spots(
    service: Service, drawn: Drawn
) -> None:
    match_id, _ = await start_game(service, quick_map=False)
    loaded = await current(service, match_id)
    assert loaded.state.stage == "draft"
    player = mover_of(loaded)
    first = await service.panel(player, match_id=match_id)
    panel = first.panel
    assert panel is not None and first.ephemeral
    # "Place a tile" is the only kind of move at the start: the panel walks through it
    assert first.text == "Place a tile → choose:"
    assert panel.path == (0,) and panel.back is None
    tiles = loaded.state.tile_hands[loaded.rules.to_move(loaded.state)[0]]
    assert len(panel.options) == len(tiles)
    spots = await service.panel(player, match_id=match_id, path=(*panel.path, 0))
    assert spots.panel is not None and spots.panel.back == (0,)
    assert all(o.startswith("at ") for o in spots.panel.options)
    assert spots.image is not None and len(spots.panel.options) > 1
    marks = [h for h in drawn.highlights[-1] if h.get("kind") == "spots"]
    assert len(marks) == 1 and len(marks[0]["spots"]) == len(spots.panel.options)
    turns = await service.panel(player, match_id=match_id, path=(*spots.panel.path, 0))
    assert turns.panel is not None and all("°" in o for o in turns.panel.options)
    played = await service.panel(player, match_id=match_id, path=(*turns.panel.path, 0))
    assert played.ok and played.post is not None and played.panel is None
    assert " places " in played.post.text
    log = await service.store.actions(match_id)
    assert len(log) == 1 and log[0].seat == loaded.rules.to_move(loaded.state)[0]


async def test_panel_moves_yourself_with_cards_then_neighbourhood(
    service: Service, drawn: Drawn
) -> None:
    match_id, _ = await start_game(service)

    def can_move_yourself(loaded: Loaded) -> bool:
        return loaded.state.stage == "turn" and any(
            isinstance(a, Yourself) and a.hood != loaded.state.cops
            for a in loaded.rules.legal_actions(loaded.state)
        )

    loaded = await play_until(service, match_id, random.Random(4), can_move_yourself)
    player = mover_of(loaded)
    top = await service.panel(player, match_id=match_id)
    assert top.panel is not None
    assert "Move yourself" in top.panel.options and "Move others" in top.panel.options
    kind = top.panel.options.index("Move yourself")
    cards = await service.panel(player, match_id=match_id, path=(kind,))
    assert cards.panel is not None and cards.text == "Move yourself → choose:"
    hand = set(hand_of(loaded, loaded.rules.to_move(loaded.state)[0]))
    for option in cards.panel.options:
        assert set(option.split()) <= hand
    target = next(
        a
        for a in loaded.rules.legal_actions(loaded.state)
        if isinstance(a, Yourself) and a.hood != loaded.state.cops
    )
    path = indexes(loaded, target)
    hoods = await service.panel(player, match_id=match_id, path=path[:-1])
    assert hoods.panel is not None and hoods.panel.back == (kind,)
    played = await service.panel(player, match_id=match_id, path=path)
    assert played.ok and played.post is not None, played.text
    assert f"plays {' '.join(target.cards)} and moves to" in played.post.text
    after = await current(service, match_id)
    assert after.state.pawns[loaded.rules.to_move(loaded.state)[0]] == target.hood


async def _move_others(service: Service, match_id: int, first: str) -> tuple[str, str]:
    """Play a whole Move Others turn through the panel, ``first`` ("Push" or "Cops") first;
    returns the two log notations."""
    loaded = await current(service, match_id)
    player = mover_of(loaded)
    top = await service.panel(player, match_id=match_id)
    assert top.panel is not None
    kind = top.panel.options.index("Move others")
    parts = await service.panel(player, match_id=match_id, path=(kind,))
    assert parts.panel is not None
    pick = next(i for i, o in enumerate(parts.panel.options) if o.startswith(first))
    where = await service.panel(player, match_id=match_id, path=(kind, pick))
    assert where.panel is not None
    done = await service.panel(player, match_id=match_id, path=(kind, pick, 0))
    if done.panel is not None and done.panel.confirm:
        done = await service.panel(player, match_id=match_id, path=(kind, pick, 0), confirmed=True)
    assert done.ok and done.post is not None, done.text
    # the second part: no "Move others" level any more, only the other kind of part
    rest = await service.panel(player, match_id=match_id)
    assert rest.panel is not None, rest.text
    assert "Move others" not in rest.panel.options
    assert all(not o.startswith(first) for o in rest.panel.options)
    path = (0,)
    while True:
        reply = await service.panel(player, match_id=match_id, path=path)
        assert reply.ok, reply.text
        if reply.panel is None:
            break
        path = (*reply.panel.path, 0)
    log = await service.store.actions(match_id)
    return log[-2].notation, log[-1].notation


async def test_panel_moves_others_in_either_order(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    rng = random.Random(5)

    def both_parts_possible(loaded: Loaded) -> bool:
        if loaded.state.stage != "turn":
            return False
        paths = [
            loaded.rules.presentation.choice_path(loaded.state, a)
            for a in loaded.rules.legal_actions(loaded.state)
        ]
        others = [p for p in paths if p[0] == "Move others"]
        return any(p[1].startswith("Push") for p in others) and any(
            p[1].startswith("Cops") for p in others
        )

    await play_until(service, match_id, rng, both_parts_possible, choose=no_jail_or_cops)
    pushed, cops = await _move_others(service, match_id, "Push")
    assert pushed.startswith("move ") and cops.startswith(("cops ", "tip "))
    await play_until(service, match_id, rng, both_parts_possible, choose=no_jail_or_cops)
    cops, pushed = await _move_others(service, match_id, "Cops")
    assert cops.startswith("cops ") and pushed.startswith("move ")


async def test_panel_offers_the_hot_goods_colour(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    loaded = await play_until(service, match_id, random.Random(6), stage_is("draw"))
    player = mover_of(loaded)
    seat = loaded.rules.to_move(loaded.state)[0]
    reply = await service.panel(player, match_id=match_id)
    assert reply.panel is not None
    assert reply.text == "Draw a card → choose:"  # the lone "Draw a card" level is walked through
    assert set(reply.panel.options) <= {"red", "blue"} and reply.panel.options
    played = await service.panel(player, match_id=match_id, path=(*reply.panel.path, 0))
    assert played.ok and played.post is not None
    colour = reply.panel.options[0]
    assert f"draws a {colour} card" in played.post.text
    assert [dm.user_id for dm in played.dms] == [player.id]
    after = await current(service, match_id)
    assert len(hand_of(after, seat)) == len(hand_of(loaded, seat)) + 1


async def test_panel_refuses_whoever_is_not_to_move(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    loaded = await current(service, match_id)
    mover = mover_of(loaded)
    other = next(USERS[u] for u in loaded.record.seats if u != mover.id)
    reply = await service.panel(other, match_id=match_id)
    assert not reply.ok and "not yours" in reply.text and reply.panel is None
    outsider = await service.panel(DAVE, match_id=match_id)
    assert not outsider.ok and "not playing" in outsider.text
    # a choice path typed by the wrong player plays nothing either
    sneaky = await service.panel(other, match_id=match_id, path=(0,), confirmed=True)
    assert not sneaky.ok
    assert await service.store.actions(match_id) == []


async def test_stale_panel_starts_again_from_the_top(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    loaded = await play_until(service, match_id, random.Random(7), stage_is("turn"))
    mover = mover_of(loaded)
    opened = await service.panel(mover, match_id=match_id)
    assert opened.panel is not None
    old_version = opened.panel.version
    # the same player plays by typing instead; the panel is now out of date
    await step(service, match_id, random.Random(0))
    now = await current(service, match_id)
    if now.record.status != ACTIVE:
        pytest.skip("that step ended the game")
    player = mover_of(now)
    again = await service.panel(player, match_id=match_id, version=old_version, path=(0, 0))
    assert again.ok and again.panel is not None
    assert again.text.startswith("The board changed since that panel was opened")
    assert again.panel.version == now.record.version
    fresh = await service.panel(player, match_id=match_id)
    assert fresh.panel is not None and again.panel.options == fresh.panel.options


async def test_walking_onto_the_cops_asks_for_confirmation(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)

    def onto_cops(loaded: Loaded) -> bool:
        return any(
            isinstance(a, Yourself) and a.hood == loaded.state.cops
            for a in loaded.rules.legal_actions(loaded.state)
        )

    loaded = await play_until(service, match_id, random.Random(8), onto_cops)
    player = mover_of(loaded)
    seat = loaded.rules.to_move(loaded.state)[0]
    target = next(
        a
        for a in loaded.rules.legal_actions(loaded.state)
        if isinstance(a, Yourself) and a.hood == loaded.state.cops
    )
    path = indexes(loaded, target)
    ask = await service.panel(player, match_id=match_id, path=path)
    assert ask.panel is not None and ask.panel.confirm
    assert ask.panel.options == (CONFIRM,)
    assert "walks right into the Cops" in ask.text
    assert ask.panel.back == path[:-1]
    before = len(await service.store.actions(match_id))
    done = await service.panel(player, match_id=match_id, path=path, confirmed=True)
    assert done.ok and done.post is not None, done.text
    assert len(await service.store.actions(match_id)) == before + 1
    after = await current(service, match_id)
    assert after.rules.view(after.state, None)["jailed"][seat]


# ------------------------------------------------------------------------------------------
# resignation, round summaries, history
# ------------------------------------------------------------------------------------------
async def test_resigning_leaves_the_game_to_the_others(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    loaded = await play_until(service, match_id, random.Random(9), stage_is("turn"))
    mover = mover_of(loaded)
    quitter = next(USERS[u] for u in loaded.record.seats if u != mover.id)
    quitter_seat = loaded.record.seats.index(quitter.id)
    reply = await service.resign(quitter, match_id=match_id)
    assert reply.ok and reply.post is not None
    assert "resigns" in reply.post.text and "leaves the game" in reply.post.text
    assert quitter.id not in [dm.user_id for dm in reply.dms]
    after = await current(service, match_id)
    assert after.record.status == ACTIVE
    assert after.rules.to_move(after.state) == loaded.rules.to_move(loaded.state)
    assert after.state.pawns[quitter_seat] is None
    again = await service.resign(quitter, match_id=match_id)
    assert not again.ok and "already left" in again.text
    # the game goes on for the two others: the mover plays a whole turn
    await play_until(
        service,
        match_id,
        random.Random(1),
        lambda lo: mover_of(lo).id != mover.id,
        choose=no_jail_or_cops,
    )
    history = await service.history(CAROL, match_id=match_id)
    assert "(leaves the game: resignation)" in history.text
    # a second resignation leaves one player: the last one wins
    now = await current(service, match_id)
    last = next(u for u in now.record.seats if u not in (quitter.id, mover_of(now).id))
    final = await service.resign(mover_of(now), match_id=match_id)
    assert final.ok and final.post is not None
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == FINISHED
    assert record.result is not None
    assert record.result["winners"] == [record.seats.index(last)]


async def test_round_summary_closes_each_round(service: Service, drawn: Drawn) -> None:
    match_id, _ = await start_game(service)
    rng = random.Random(10)
    for _ in range(200):
        before, reply, after = await step(service, match_id, rng, no_jail_or_cops)
        if after.state.round != before.state.round and before.state.round:
            break
    else:
        raise AssertionError("no round ended")
    assert reply.post is not None
    text = reply.post.text
    assert f"**Round {before.state.round} is over.**" in text
    public = after.rules.view(after.state, None)
    sizes = ", ".join(
        f"{USERS[u].name} ({public['seat_names'][s]}) {public['hand_sizes'][s]}"
        for s, u in enumerate(after.record.seats)
    )
    assert f"Cards in hand: {sizes}." in text
    assert f"Round {after.state.round} of 60 begins." in text
    assert ("Nobody is in Jail." in text) or ("In Jail:" in text)
    assert ".." not in text and ".;" not in text
    goods = public["hot_goods"]
    if goods:
        line = next(x for x in text.splitlines() if x.startswith("Hot Goods: "))
        assert line.count("→") == len(goods)


def test_round_summary_leaves_out_who_left_and_names_goods_places() -> None:
    class Views:
        info = games.get("fence").info  # the seats' colours are said in the reader's language

        def view(self, state: dict[str, Any], seat: None) -> dict[str, Any]:
            return state

    before = {"round": 3, "round_limit": 0}
    after = {
        "round": 4,
        "round_limit": 10,
        "seat_names": ["Green", "Orange", "Purple"],
        "map": [{"tile": 7, "name": "Venice", "hoods": [{"name": "Venice"}, {"name": "Under"}]}],
        "hot_goods": [
            {"tile": 7, "winner": 1, "note": "Hot Goods turn up in Venice: Orange gets them."},
            {"tile": 9, "winner": None, "note": "Hot Goods turn up in Nowhere, a tie."},
        ],
        "jailed": [True, False, True],
        "dropped": [False, False, True],
        "hand_sizes": [2, 5, 0],
    }
    lines = round_summary(Views(), before, after, ["ann", "ben", "cy"])
    assert lines == [
        "**Round 3 is over.**",
        "Hot Goods: Venice / Under → ben (Orange); Hot Goods turn up in Nowhere, a tie.",
        "In Jail: ann (Green).",
        "Cards in hand: ann (Green) 2, ben (Orange) 5.",
        "Round 4 of 10 begins.",
    ]
    assert round_summary(Views(), after, after, ["ann", "ben", "cy"]) == []


async def test_history_keeps_trade_cards_secret_until_the_end(
    service: Service, drawn: Drawn
) -> None:
    match_id, _ = await start_game(service, trading_cards=True)

    def prefer_offers(state: Any, actions: list[Any]) -> Any:
        offers = [a for a in actions if isinstance(a, Offer)]
        return offers[0] if offers else no_jail_or_cops(state, actions)

    rng = random.Random(11)
    for _ in range(60):
        _, reply, _ = await step(service, match_id, rng, prefer_offers)
        log = await service.store.actions(match_id)
        if log[-1].notation.startswith("offer "):
            break
    else:
        raise AssertionError("nobody offered a trade")
    secret = log[-1].notation  # e.g. "offer orange R6 for B5"
    shown = log[-1].detail.get("public")
    assert shown and CARD.search(secret) and not CARD.search(shown)
    assert reply.post is not None and not CARD.search(reply.post.text)
    for user in (ALICE, DAVE):  # a player and a spectator
        history = await service.history(user, match_id=match_id)
        # told as the thread tells it, in words that never name the cards
        assert history.ok and " a trade." in history.text and secret not in history.text
    # once the game is over the whole log may be read
    for quitter in (BOB, CAROL):
        await service.resign(quitter, match_id=match_id)
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == FINISHED
    history = await service.history(DAVE, match_id=match_id)
    assert secret in history.text


# ------------------------------------------------------------------------------------------
# property: random games never leak a private card
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {"round_limit": 15}),
        (2, {"trading_cards": True, "round_limit": 6}),
        (3, {"boats": True, "trading_post": True, "round_limit": 6}),
        (4, {"evidence_hunch": True, "round_limit": 8}),
    ],
)
async def test_random_games_never_show_a_private_card_in_public(
    service: Service, drawn: Drawn, seed: int, options: dict[str, Any]
) -> None:
    match_id, _ = await start_game(service, **options)
    rng = random.Random(seed)
    steps = 0
    while (loaded := await current(service, match_id)).record.status == ACTIVE:
        assert steps < 2000
        boards_before = len(drawn.boards)
        before, reply, after = await step(service, match_id, rng)
        steps += 1
        seats = after.record.seats
        over = after.record.status == FINISHED
        # 1. the thread: text and pings name only cards that just became public
        post = reply.post
        assert post is not None
        newly = public_cards(before, after)
        assert set(CARD.findall(post.text)) <= newly, post.text
        assert not CARD.findall(post.ping), post.ping
        controls = [*(f"{b.label} {b.value}" for b in post.buttons), *post.choices]
        assert not CARD.findall(" ".join(controls)), controls
        # 2. public images are drawn from the public view only
        for view in drawn.boards[boards_before:]:
            assert view.get("seat") is None
            assert not {"hand", "starting_cards", "notes"} & view.keys()
            for key in ("offer", "trade_offer"):  # who offers whom is public, never the cards
                assert not view.get(key) or set(view[key]) == {"from", "to"}
        # 3. every DM goes to its owner, carrying that owner's hand and picture only
        for dm in reply.dms:
            seat = seats.index(dm.user_id)
            assert f"Hand: {' '.join(hand_of(after, seat)) or 'none'}" in dm.text
            assert dm.image is not None and drawn.owner[dm.image] == seat
        changed = {s for s in range(len(seats)) if hand_of(before, s) != hand_of(after, s)}
        if not over:
            assert changed <= {seats.index(dm.user_id) for dm in reply.dms}
        # 4. the history tells steps in words, and names secrets only once the game is over
        if steps % 5 == 0 or over:
            history = await service.history(DAVE, match_id=match_id)
            for action in await service.store.actions(match_id):
                hidden = action.detail.get("public")
                if hidden and not over:
                    assert f" {action.notation}" not in history.text
                elif hidden:
                    assert action.notation in history.text
    assert loaded.record.result is not None
