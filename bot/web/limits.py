"""How much one link and one address may ask of a web process, and how many live streams
it holds at once.

Why here and per process: every request that costs a database read or a move passes one
:class:`Limiter` before the service sees it, so a runaway page or a script holding a link
is slowed down in one place (answered 429 with ``Retry-After``) rather than in each route.
The numbers come from the settings (``WEB_LINK_MOVES`` …, see :mod:`bot.settings`); several
web processes each count their own, which a proxy spreading one address over them divides.

Rates are token buckets: "30 a minute" lets a page send 30 at once and then one every two
seconds, so a burst of clicks is never refused while a flood is. Streams are counted, not
rated: a page holds one open as long as it is shown.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields

from bot.settings import Settings

STREAM_RETRY_SECONDS = 30
"""What a refused stream is told to wait: streams free up when pages close, not on a clock."""
PRUNE_AT = 4096
"""Buckets kept before the full ones (nobody asked for a minute) are forgotten."""


@dataclass(frozen=True)
class WebLimits:
    """Per minute for moves and reads (state, replay positions, opening a stream), at once
    for streams; the settings ``WEB_LINK_MOVES`` … ``WEB_STREAMS`` (:meth:`of`)."""

    link_moves: int
    address_moves: int
    link_reads: int
    address_reads: int
    link_streams: int
    address_streams: int
    streams: int

    @classmethod
    def of(cls, settings: Settings) -> WebLimits:
        """Each limit is the setting of its name behind ``web_`` (``WEB_LINK_MOVES``…)."""
        return cls(**{f.name: getattr(settings, f"web_{f.name}") for f in fields(cls)})


class Limited(Exception):
    """Too many: answered 429, with ``Retry-After: retry_after`` seconds."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(retry_after)
        self.retry_after = max(1, math.ceil(retry_after))


class Buckets:
    """One token bucket per key, each holding ``per_minute`` tokens and refilled evenly."""

    def __init__(self, per_minute: int, clock: Callable[[], float]) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self._held: dict[str, tuple[float, float]] = {}
        """Per key: tokens left, and when that was counted."""

    def take(self, key: str) -> None:
        """Spend a token of ``key``'s, or raise :class:`Limited` saying when one is back."""
        now = self.clock()
        tokens, then = self._held.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._held[key] = (tokens, now)
            raise Limited((1.0 - tokens) / self.rate if self.rate else 60.0)
        self._held[key] = (tokens - 1.0, now)
        if len(self._held) > PRUNE_AT:
            self._prune(now)

    def _prune(self, now: float) -> None:
        for key, (tokens, then) in list(self._held.items()):
            if tokens + (now - then) * self.rate >= self.capacity:
                del self._held[key]


class Counts:
    """How many of something each key holds now, each at most ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._held: dict[str, int] = {}

    def full(self, key: str) -> bool:
        return self._held.get(key, 0) >= self.cap

    def add(self, key: str) -> None:
        self._held[key] = self._held.get(key, 0) + 1

    def remove(self, key: str) -> None:
        left = self._held.get(key, 0) - 1
        if left > 0:
            self._held[key] = left
        else:
            self._held.pop(key, None)


class Limiter:
    """Every limit of one web process. ``address`` is the client's (after trusted proxies),
    ``holder`` the link's (None without one: a public page's visitor is counted by address
    alone)."""

    def __init__(self, limits: WebLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._moves = (Buckets(limits.address_moves, clock), Buckets(limits.link_moves, clock))
        self._reads = (Buckets(limits.address_reads, clock), Buckets(limits.link_reads, clock))
        self._streams = (Counts(limits.address_streams), Counts(limits.link_streams))
        self._open = 0

    @property
    def streams(self) -> int:
        """Live streams open in this process now."""
        return self._open

    def move(self, address: str, holder: str | None) -> None:
        self._spend(self._moves, address, holder)

    def read(self, address: str, holder: str | None) -> None:
        self._spend(self._reads, address, holder)

    @staticmethod
    def _spend(buckets: tuple[Buckets, Buckets], address: str, holder: str | None) -> None:
        by_address, by_link = buckets
        by_address.take(address)
        if holder is not None:
            by_link.take(holder)

    @contextlib.contextmanager
    def stream(self, address: str, holder: str | None) -> Iterator[None]:
        """Hold a place for one live stream while it is open."""
        by_address, by_link = self._streams
        if (
            self._open >= self.limits.streams
            or by_address.full(address)
            or (holder is not None and by_link.full(holder))
        ):
            raise Limited(STREAM_RETRY_SECONDS)
        self._open += 1
        by_address.add(address)
        if holder is not None:
            by_link.add(holder)
        try:
            yield
        finally:
            self._open -= 1
            by_address.remove(address)
            if holder is not None:
                by_link.remove(holder)
