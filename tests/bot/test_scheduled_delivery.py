"""Due messages go out several at a time, each match's in order (issue 16.2)."""

from __future__ import annotations

import asyncio

from bot.discord.app import PARALLEL_DELIVERIES, create_bot
from bot.service.replies import Reply
from bot.settings import Settings


class SlowDelivery:
    def __init__(self) -> None:
        self.in_flight = 0
        self.most = 0
        self.order: list[tuple[int | None, str]] = []

    async def publish(self, reply: Reply) -> None:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        await asyncio.sleep(0.01)
        self.order.append((reply.match_id, reply.text))
        self.in_flight -= 1


async def test_reminders_of_many_matches_go_out_together_in_order_per_match() -> None:
    bot = create_bot(Settings(database_url="memory"))
    delivery = SlowDelivery()
    bot.delivery = delivery  # type: ignore[assignment]
    replies = [Reply(text=f"{m}:{n}", match_id=m) for n in range(3) for m in range(20)]
    await bot._publish_all(replies)
    assert delivery.most == PARALLEL_DELIVERIES  # never more than the cap, but not one by one
    assert len(delivery.order) == 60
    for match in range(20):
        mine = [text for m, text in delivery.order if m == match]
        assert mine == [f"{match}:0", f"{match}:1", f"{match}:2"]
