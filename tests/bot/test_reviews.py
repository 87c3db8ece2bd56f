"""``/match review`` through the service: a finished match is judged move by move (in the
search pool, iterations here so the result is exact), stored, posted with a chart and the
three largest swings, shown again without a second judgement or a second count; refused for
a running match, for someone who may not see the match, and past the day's limit."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image

import games
from bot.service import Service, User
from bot.service.computer import reviews as reviews_module
from bot.service.match.workers import Workers
from storage import MemoryStore

from .conftest import ALICE, BOB, CAROL, FakeClock

GUILD = "g1"
ITERATIONS = 30


@pytest.fixture
def svc(store: MemoryStore, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS)


def hidden_from(user: User) -> User:
    """``user`` on server g1, seeing no thread or channel there."""
    return User(user.id, user.name, guild_id=GUILD, can_view=lambda place: False)


async def finished_ordo(svc: Service, seed: int = 3, resign_after: int | None = None) -> int:
    """alice and bob play random Ordo moves to the end (or bob resigns); the match id."""
    made = await svc.challenge(ALICE, "ordo", BOB, color="white", guild_id=GUILD)
    assert made.ok and made.match_id is not None
    await svc.accept(BOB, match_id=made.match_id)
    await svc.transitions.attach_place(made.match_id, channel_id="c1", thread_id="t1")
    rules = games.get("ordo")
    rng = random.Random(seed)
    players = {0: ALICE, 1: BOB}
    plies = 0
    while True:
        record = await svc.store.get_match(made.match_id)
        assert record is not None
        if record.status != "active":
            return made.match_id
        if resign_after is not None and plies >= resign_after:
            assert (await svc.resign(BOB, match_id=made.match_id)).ok
            continue
        state = rules.load(record.state)
        seat = rules.to_move(state)[0]
        action = rng.choice(rules.legal_actions(state))
        moved = await svc.move(players[seat], rules.format(state, action), match_id=made.match_id)
        assert moved.ok, moved.text
        plies += 1


def counting_judge(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = reviews_module.judge_position

    def counted(*args: Any) -> tuple[float, str]:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(reviews_module, "judge_position", counted)
    return calls


async def test_a_finished_match_is_reviewed_posted_and_shown_again(
    svc: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = await finished_ordo(svc)
    calls = counting_judge(monkeypatch)
    asked = await svc.review(CAROL, match_id=match_id)  # anyone who may see it
    assert asked.ok and "under way" in asked.text and asked.post is None
    stored = await svc.store.get_review(match_id)
    assert stored is not None and stored.status == "pending" and stored.requested_by == "carol"

    posted = await svc.play_queued_reviews()
    assert len(posted) == 1
    post = posted[0].post
    assert post is not None and posted[0].match_place is not None
    assert posted[0].match_place.thread_id == "t1"
    assert post.image_name == "review.png" and post.image is not None
    assert [name for name, _ in post.files] == ["swing1.png", "swing2.png", "swing3.png"]
    for _, data in post.files:
        with Image.open(__import__("io").BytesIO(data)) as board:
            assert board.width == 400
    lines = post.text.splitlines()
    swing_lines = [line for line in lines if line[:2] in ("1.", "2.", "3.")]
    assert len(swing_lines) == 3
    for line in swing_lines:
        assert ", move " in line and " % → " in line and "%; better was " in line
    judged = len(calls)
    assert judged > 10
    done = await svc.store.get_review(match_id)
    assert done is not None and done.status == "done"
    assert len(done.result["chances"]) == len(done.result["turns"]) + 1  # type: ignore[index]

    # Shown again: no judging, no count (carol may ask for three a day; this is her fourth ask).
    for _ in range(3):
        again = await svc.review(CAROL, match_id=match_id)
        assert again.ok and "again" in again.text and again.post is not None
        assert again.post.text == post.text and len(again.post.files) == 3
    assert len(calls) == judged
    assert await svc.play_queued_reviews() == []


async def test_only_a_finished_match_and_only_for_those_who_may_see_it(svc: Service) -> None:
    made = await svc.challenge(ALICE, "ordo", BOB, color="white", guild_id=GUILD)
    await svc.accept(BOB, match_id=made.match_id)
    running = await svc.review(ALICE, match_id=made.match_id)
    assert not running.ok and "not over yet" in running.text
    await svc.resign(BOB, match_id=made.match_id)
    nothing = await svc.review(ALICE, match_id=made.match_id)
    assert not nothing.ok and "nothing to review" in nothing.text

    match_id = await finished_ordo(svc, seed=4, resign_after=6)
    await svc.transitions.attach_place(match_id, channel_id="c1", thread_id="t2")
    hidden = await svc.review(hidden_from(CAROL), match_id=match_id)
    assert not hidden.ok and await svc.store.get_review(match_id) is None
    # A player always sees their own match, whatever the front end says of the thread.
    assert (await svc.review(hidden_from(BOB), match_id=match_id)).ok


async def test_the_days_limit_counts_reviews_worked_out(svc: Service, clock: FakeClock) -> None:
    ids = [await finished_ordo(svc, seed=s, resign_after=4) for s in range(5)]
    for match_id in ids[:3]:
        assert (await svc.review(CAROL, match_id=match_id)).ok
    refused = await svc.review(CAROL, match_id=ids[3])
    assert not refused.ok
    assert "3 reviews in the last day" in refused.text and "24 h" in refused.text
    assert await svc.store.get_review(ids[3]) is None
    # Asking for one under way again costs nothing either.
    assert "still under way" in (await svc.review(CAROL, match_id=ids[0])).text
    clock.advance(24 * 3600 + 1)
    assert (await svc.review(CAROL, match_id=ids[3])).ok


async def test_a_requested_review_survives_a_restart(clock: FakeClock) -> None:
    store = MemoryStore()
    await store.open()
    first = Service(store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS)
    match_id = await finished_ordo(first, resign_after=8)
    assert (await first.review(ALICE, match_id=match_id)).ok
    # The process stops before the reviewer ran; the next one finds the request.
    second = Service(store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS)
    posted = await second.play_queued_reviews()
    assert len(posted) == 1 and posted[0].post is not None
    assert (await store.get_review(match_id)).status == "done"  # type: ignore[union-attr]


async def test_judging_runs_in_the_search_pool_and_drawing_in_the_peoples(
    clock: FakeClock,
) -> None:
    class Recording(Workers):
        def __init__(self) -> None:
            super().__init__(0)
            self.pools: dict[str, set[str]] = {"search": set(), "run": set()}

        async def search(self, fn: Any, /, *args: Any) -> Any:
            self.pools["search"].add(getattr(fn, "__name__", ""))
            return await super().search(fn, *args)

        async def run(self, fn: Any, /, *args: Any) -> Any:
            name = getattr(getattr(fn, "func", fn), "__name__", "")
            self.pools["run"].add(name)
            return await super().run(fn, *args)

    store = MemoryStore()
    await store.open()
    workers = Recording()
    svc = Service(
        store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS, workers=workers
    )
    match_id = await finished_ordo(svc, seed=1, resign_after=10)
    workers.pools = {"search": set(), "run": set()}
    await svc.review(ALICE, match_id=match_id)
    await svc.play_queued_reviews()
    assert workers.pools == {
        "search": {"judge_position"},
        "run": {"review_chart", "small_board"},
    }


async def test_the_heading_counts_the_swings_it_shows(clock: FakeClock) -> None:
    """Short games have fewer than three swings: the heading must say how many it shows
    ("The largest swing", "The 2 largest swings"), never promise three."""
    counts = set()
    for seed in range(4):
        store = MemoryStore()
        await store.open()
        svc = Service(store, clock=clock, seed_source=lambda: 7, review_iterations=ITERATIONS)
        match_id = await finished_ordo(svc, seed=seed, resign_after=2)
        assert (await svc.review(ALICE, match_id=match_id)).ok
        [posted] = await svc.play_queued_reviews()
        await store.close()
        assert posted.post is not None
        text = posted.post.text
        shown = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
        counts.add(len(shown))
        assert len(posted.post.files) == len(shown)
        assert "three" not in text
        if len(shown) == 1:
            assert "The largest swing (the chart numbers it;" in text
        elif len(shown) > 1:
            assert f"The {len(shown)} largest swings (" in text
    assert counts & {1, 2}  # two moves give at most two swings: the case was met
