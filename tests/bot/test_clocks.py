"""The clock keeper alone: only a store and a clock (issue 13's composed parts)."""

from __future__ import annotations

from bot.service.match.clock.clocks import ClockKeeper
from bot.service.match.clock.timecontrol import TimeControl, start
from storage import ACTIVE, MemoryStore

from .conftest import FakeClock

HOUR = 3600.0


async def test_time_left_pauses_for_vacations_and_outages_alike() -> None:
    clock = FakeClock()
    async with MemoryStore() as store:
        keeper = ClockKeeper(store, clock, "none")
        clocks = start(TimeControl.per_move(24 * HOUR), 2, [0], clock.now)
        record = await store.create_match(
            game="ordo", options={}, seed=1, status=ACTIVE, seats=["a", "b"], created_by="a",
            state={}, now=clock.now, meta={"clock": clocks.to_dict()},
        )  # fmt: skip
        await store.mark_alive(clock.now, starting=True)
        clock.advance(2 * HOUR)
        assert await keeper.time_left(record, 0) == "22 h left"
        await store.mark_alive(clock.now)  # the last heartbeat before the bot goes away
        # The bot is away for 5 hours, then the player is on vacation for 3.
        clock.advance(5 * HOUR)
        await store.mark_alive(clock.now, starting=True)
        await store.save_user_settings("a", {"vacations": [[clock.now, clock.now + 3 * HOUR]]}, 0)
        clock.advance(3 * HOUR)
        assert await keeper.time_left(record, 0) == "22 h left"
        assert await keeper.deadline(record, 0) == clock.now + 22 * HOUR
        assert await keeper.time_left(record, 1) == ""  # not running
