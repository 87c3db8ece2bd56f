"""The queue of computer turns on its own: one line per person, served round-robin, a match
never queued twice, and whose line a match stands in."""

from __future__ import annotations

from bot.service.computer.queue import ComputerTurnQueue, owner_of
from storage.base import MatchRecord


def served(queue: ComputerTurnQueue) -> list[int]:
    """Take everything, finishing each turn before the next (one search at a time)."""
    order = []
    while (match := queue.take()) is not None:
        order.append(match)
        queue.done(match)
    return order


def test_one_users_many_games_delay_anothers_game_by_at_most_one() -> None:
    queue = ComputerTurnQueue()
    for match in range(1, 151):
        assert queue.put(match, "a")
    first = queue.take()
    assert first == 1  # a's first game is being searched when b's turn comes due
    assert queue.put(1000, "b")
    queue.done(1)
    assert queue.take() == 1000  # b's one game is next, not a's 149 others


def test_users_are_served_in_turn_and_each_users_games_in_order() -> None:
    queue = ComputerTurnQueue()
    for match in (1, 2, 3):
        queue.put(match, "a")
    queue.put(10, "b")
    queue.put(20, "c")
    queue.put(21, "c")
    assert served(queue) == [1, 10, 20, 2, 21, 3]


def test_a_user_already_searching_waits_behind_one_who_is_not() -> None:
    """Two searches at once: a's second game does not jump ahead of b's first while a's
    first is still being searched."""
    queue = ComputerTurnQueue()
    queue.put(1, "a")
    assert queue.take() == 1
    queue.put(2, "a")
    queue.put(10, "b")
    assert queue.take() == 10
    assert queue.take() == 2


def test_a_match_is_never_queued_twice() -> None:
    queue = ComputerTurnQueue()
    assert queue.put(1, "a")
    assert not queue.put(1, "a")
    assert len(queue) == 1
    assert queue.take() == 1
    assert 1 in queue  # being played still counts
    assert not queue.put(1, "a")  # asked again while it is played…
    assert queue.take() is None  # …it is not played twice at once…
    queue.done(1)
    assert queue.take() == 1  # …but once more afterwards (a person may have moved meanwhile)
    queue.done(1)
    assert queue.take() is None and len(queue) == 0 and 1 not in queue


async def test_get_waits_for_a_turn() -> None:
    import asyncio

    queue = ComputerTurnQueue()
    waiting = asyncio.create_task(queue.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    queue.put(7, "a")
    assert await asyncio.wait_for(waiting, timeout=5) == 7


def _record(seats: list[str], created_by: str) -> MatchRecord:
    return MatchRecord(
        id=1, game="ordo", options={}, seed=1, status="active", seats=tuple(seats),
        created_by=created_by, state={}, version=1, created_at=0.0, updated_at=0.0,
    )  # fmt: skip


def test_a_match_stands_in_its_persons_line() -> None:
    assert owner_of(_record(["ai:strong:1", "alice"], "alice")) == "alice"
    assert owner_of(_record(["alice", "ai:easy:1"], "alice")) == "alice"
    # a FENCE! table: the person who opened it, whoever else sits there
    assert owner_of(_record(["bob", "ai:normal:1", "carol", "ai:normal:2"], "carol")) == "carol"
    # a computer cannot open a table, but a record says so: the first person then
    assert owner_of(_record(["ai:normal:1", "bob"], "ai:normal:1")) == "bob"


def test_a_match_with_more_computer_turns_goes_to_the_back_of_the_rotation() -> None:
    """A FENCE! table with two computers: after the first computer's turn the match waits
    behind the other people's turns, not in front of them."""
    queue = ComputerTurnQueue()
    queue.put(1, "a")
    queue.put(10, "b")
    assert queue.take() == 1
    queue.done(1, again=True)
    assert served(queue) == [10, 1]
