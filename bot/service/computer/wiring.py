"""The computer built from the match core and playing: its reviews (built before playing, which
asks them to judge draw offers: :func:`reviews`) and its seats (:func:`build`)."""

from __future__ import annotations

import dataclasses

from bot.service.computer.opponents import Opponents
from bot.service.computer.reviews import Reviews
from bot.service.match.wiring import Core
from bot.service.play.wiring import Play


@dataclasses.dataclass(frozen=True)
class Computer:
    reviews: Reviews
    opponents: Opponents


def reviews(core: Core, *, seconds: float, iterations: int | None) -> Reviews:
    """``/match review``: the judging budget per position (seconds; iterations in tests); it
    also judges for a computer answering a draw offer."""
    return Reviews(
        core.store, core.reader, core.transitions, core.limits, core.workers,
        seconds=seconds, iterations=iterations,
    )  # fmt: skip


def build(
    core: Core, play: Play, judged: Reviews, *, computer_seconds: dict[str, float] | None
) -> Computer:
    return Computer(judged, Opponents(core, play.moves, computer_seconds))
