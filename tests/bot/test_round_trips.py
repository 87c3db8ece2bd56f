"""A move's cost in store round trips (issue 34.3): at most six, counted by a store that counts
the calls reaching it, in every situation a move meets — typed in a server's match thread, on
a clock, with players who get their turns by DM and a web board, finishing a rated game, a
game with secret hands, a stored conditional answer.

Each call is a transaction and, on PostgreSQL, trips to the server; a move used to make about
fourteen (names four times, the match, the log and settings twice each). What keeps it at two
or three is the per-request cache (``storage.cached``) and the one read that brings a match's
log, names, settings and outages along (``Store.read_match``)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

import games
from bot.service import Service, User
from bot.service.match.links import BoardLinks
from storage import FINISHED, MemoryStore
from storage.wrapped import CountingStore
from tests.bot.conftest import FakeClock

MOST = 6
GUILD = "g1"


def member(name: str) -> User:
    """Someone acting from a community server whose Discord language is German."""
    return User(name, name.title(), locale="de", guild_id=GUILD, guild_locale="de")


@pytest.fixture
async def counted(clock: FakeClock) -> AsyncIterator[tuple[Service, CountingStore]]:
    store = CountingStore(MemoryStore())
    await store.open()
    web = BoardLinks("https://board.example.org", "a-secret-long-enough-for-the-links-0123", clock)
    yield Service(store, clock=clock, seed_source=lambda: 7, web=web), store
    await store.close()


async def started(
    service: Service, game: str, people: list[User], *, time_control: str = "3d", thread: str
) -> int:
    if len(people) == 2:
        made = await service.challenge(
            people[0], game, people[1], color="first", guild_id=GUILD, channel_id="c1",
            time_control=time_control, rated=True,
        )  # fmt: skip
        assert made.ok, made.text
        match_id = made.match_id or 0
        assert (await service.accept(people[1], match_id=match_id)).ok
    else:
        made = await service.open_lobby(
            people[0], game, seats=len(people), guild_id=GUILD, channel_id="c1",
            time_control=time_control,
        )  # fmt: skip
        assert made.ok, made.text
        match_id = made.match_id or 0
        for person in people[1:]:
            joined = await service.join(person, match_id=match_id)
            assert joined.ok, joined.text
        begun = await service.start(people[0], match_id=match_id)
        assert begun.ok, begun.text
    await service.attach_place(match_id, channel_id="c1", thread_id=thread)
    return match_id


async def moves_cost(
    service: Service,
    store: CountingStore,
    match_id: int,
    people: list[User],
    plies: int,
    rng: random.Random | None = None,
) -> list[tuple[str, int, dict[str, int]]]:
    """Random legal moves typed in the match's thread: each move's calls, by name."""
    rng = rng or random.Random(match_id)
    costs = []
    for _ in range(plies):
        record = await service.store.get_match(match_id)
        assert record is not None
        if record.status != "active":
            break
        rules = games.get(record.game)
        state = rules.load(record.state)
        seat = rules.to_move(state)[0]
        who = next(p for p in people if p.id == record.seats[seat])
        text = rules.format(state, rng.choice(rules.legal_actions(state)))
        store.calls.clear()
        moved = await service.move(who, text, where=record.thread_id)
        assert moved.ok, moved.text
        costs.append((text, store.total(), dict(store.calls)))
    return costs


@pytest.mark.parametrize("game", ["ordo", "fendo", "fonver", "fuer"])
async def test_a_move_in_a_thread_costs_at_most_six_round_trips(
    game: str, counted: tuple[Service, CountingStore]
) -> None:
    service, store = counted
    people = [member("ann"), member("ben")]
    for person in people:  # turns by DM, with a link to their own board
        assert (await service.notify(person, mode="dm")).ok
    match_id = await started(service, game, people, thread="t-" + game)
    costs = await moves_cost(service, store, match_id, people, 40)
    worst = max(costs, key=lambda cost: cost[1])
    assert worst[1] <= MOST, worst
    typical = sorted(total for _, total, _ in costs)[len(costs) // 2]
    assert typical <= 3, costs  # the guild's settings, the match with all it brings, the commit


async def test_the_move_that_ends_a_rated_game_costs_at_most_six(
    counted: tuple[Service, CountingStore], clock: FakeClock
) -> None:
    service, store = counted
    people = [member("ann"), member("ben")]
    match_id = await started(service, "ordo", people, thread="t-end")
    rng = random.Random(3)
    for _ in range(1000):
        costs = await moves_cost(service, store, match_id, people, 1, rng)
        assert costs[0][1] <= MOST, costs
        record = await service.store.get_match(match_id)
        assert record is not None
        if record.status == FINISHED:
            break
    assert record.status == FINISHED and record.meta.get("rated")
    assert "rating" in costs[0][2], costs  # the ratings were read, and it still fits


async def test_a_fence_move_with_secret_hands_costs_at_most_six(
    counted: tuple[Service, CountingStore],
) -> None:
    service, store = counted
    people = [member("ann"), member("ben"), member("cat")]
    match_id = await started(service, "fence", people, thread="t-fence")
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == "active", record
    costs = await moves_cost(service, store, match_id, people, 30)
    assert costs and max(total for _, total, _ in costs) <= MOST, costs


async def test_a_move_answered_by_a_conditional_move_costs_at_most_six(
    counted: tuple[Service, CountingStore],
) -> None:
    service, store = counted
    people = [member("ann"), member("ben")]
    match_id = await started(service, "ordo", people, thread="t-pre")
    rules = games.get("ordo")
    record = await service.store.get_match(match_id)
    assert record is not None
    state = rules.load(record.state)
    mine = rules.legal_actions(state)[0]
    after = rules.apply(state, mine)
    reply = rules.format(after, rules.legal_actions(after)[0])
    entered = await service.premove(
        people[1], f"if {rules.format(state, mine)} then {reply}", where="t-pre"
    )  # fmt: skip
    assert entered.ok, entered.text
    store.calls.clear()
    moved = await service.move(people[0], rules.format(state, mine), where="t-pre")
    assert moved.ok, moved.text
    answered = await service.store.get_match(match_id)
    assert answered is not None and answered.version == record.version + 2, "not answered"
    assert store.total() <= MOST, store.calls


def _calls(costs: list[tuple[str, int, dict[str, Any]]]) -> set[str]:
    return {name for _, _, calls in costs for name in calls}


async def test_what_a_move_asks_the_store(counted: tuple[Service, CountingStore]) -> None:
    """The reads are one read of the match (with its log, names, settings and outages) and
    the server's settings; the one write is the commit."""
    service, store = counted
    people = [member("ann"), member("ben")]
    match_id = await started(service, "ordo", people, thread="t-calls")
    costs = await moves_cost(service, store, match_id, people, 10)
    assert _calls(costs) <= {"guild_settings", "read_match", "commit"}, costs
    assert all(calls.get("commit") == 1 for _, _, calls in costs), costs
