"""Quiet hours and the weekend pause: when a player's clock does not run.

A player may name daily hours in their own time zone (an IANA name such as
``Europe/Berlin``, read with :mod:`zoneinfo` from the ``tzdata`` package) and/or pause on
Saturdays and Sundays. Why as pauses: a clock already stops for vacations and for the bot's
own outages as intervals per seat (:mod:`bot.service.match.clock.timecontrol`), so quiet time is
more intervals of the same kind — every figure (time left, deadline, reminders, timeouts)
follows with no new arithmetic, and the scheduler's index keeps its lower bound (pauses
only ever postpone an event).

Bounds keep a clock meaningful: at most :data:`MOST_QUIET_MINUTES` quiet a day, in ranges
that do not overlap. A server or a tournament may forbid quiet time for its matches (the
match's ``meta`` says ``quiet: false``, decided when it is made).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.base import Refusal

QUIET_KEY = "quiet"
"""The user settings key of a person's quiet schedule, and the match ``meta`` key that,
``False``, forbids quiet time in that match."""
HELD_KEY = "held_pings"
"""The match ``meta`` key of turn pings that wait for a player's quiet time to end."""
MOST_QUIET_MINUTES = 12 * 60
"""At most half a day quiet: the clock runs at least twelve hours of every working day."""
DAY_MINUTES = 24 * 60
_RANGE = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*$")


@dataclass(frozen=True)
class Quiet:
    """A person's quiet schedule: ``hours`` as (start, end) minutes after local midnight (an
    end before its start runs past midnight), ``weekend`` for all of Saturday and Sunday."""

    zone: str
    hours: tuple[tuple[int, int], ...] = ()
    weekend: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"zone": self.zone, "hours": [list(h) for h in self.hours], "weekend": self.weekend}

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Quiet | None:
        data = settings.get(QUIET_KEY)
        if not isinstance(data, Mapping) or not data.get("zone"):
            return None
        hours = tuple((int(a), int(b)) for a, b in data.get("hours") or ())
        return cls(str(data["zone"]), hours, bool(data.get("weekend")))

    @property
    def empty(self) -> bool:
        return not self.hours and not self.weekend

    def pauses(self, start: float, end: float) -> list[tuple[float, float]]:
        """The quiet intervals (UTC seconds) that touch ``[start, end]``."""
        if self.empty or end <= start:
            return []
        zone = ZoneInfo(self.zone)
        first = datetime.fromtimestamp(start, zone).date() - timedelta(days=1)
        last = datetime.fromtimestamp(end, zone).date() + timedelta(days=1)
        spans: list[tuple[float, float]] = []
        day = first
        while day <= last:
            if self.weekend and day.weekday() == 5:  # Saturday 00:00 to Monday 00:00
                spans.append((_at(day, 0, zone), _at(day + timedelta(days=2), 0, zone)))
            for a, b in self.hours:
                close = day + timedelta(days=1) if b <= a else day
                spans.append((_at(day, a, zone), _at(close, b, zone)))
            day += timedelta(days=1)
        return [(a, b) for a, b in spans if b > start and a < end]

    def quiet_until(self, now: float) -> float | None:
        """The end of the quiet time ``now`` falls in (None: not quiet now)."""
        ends = [b for a, b in self.pauses(now - 3 * 86400, now + 3 * 86400) if a <= now < b]
        if not ends:
            return None
        # a range may end inside the next (a weekend and a night): follow them on
        until = max(ends)
        for a, b in sorted(self.pauses(until, until + 3 * 86400)):
            if a <= until < b:
                until = b
        return until


def _at(day: date, minutes: int, zone: ZoneInfo) -> float:
    """``minutes`` after midnight of local ``day``, as UTC seconds (a clock change moves the
    wall time the way the zone says)."""
    hour, minute = divmod(minutes % DAY_MINUTES, 60)
    return datetime.combine(day, time(hour, minute), zone).timestamp()


def zone_named(text: str) -> str:
    """The IANA zone ``text`` names (``europe/berlin`` → ``Europe/Berlin``), else a refusal."""
    name = text.strip()
    try:
        ZoneInfo(name)
        return name
    except (ZoneInfoNotFoundError, ValueError):
        pass
    for known in _zones():
        if known.lower() == name.lower():
            return known
    raise Refusal("quiet.bad_zone", zone=repr(name[:40]))


def _zones() -> Sequence[str]:
    from zoneinfo import available_timezones

    return sorted(available_timezones())


def parse_hours(text: str) -> tuple[tuple[int, int], ...]:
    """``22:00-07:00, 13-14`` as minute ranges, checked: each well formed and not empty, none
    overlapping another, at most :data:`MOST_QUIET_MINUTES` in all; ``none`` for none."""
    if text.strip().lower() in ("", "none", "off"):
        return ()
    ranges = []
    for part in text.split(","):
        found = _RANGE.match(part)
        if not found:
            raise Refusal("quiet.bad_hours", span=repr(part.strip()[:20]))
        h1, m1, h2, m2 = (int(x or 0) for x in found.groups())
        if h1 > 24 or h2 > 24 or m1 > 59 or m2 > 59:
            raise Refusal("quiet.bad_hours", span=repr(part.strip()[:20]))
        a, b = (h1 * 60 + m1) % DAY_MINUTES, (h2 * 60 + m2) % DAY_MINUTES
        if a == b:
            raise Refusal("quiet.bad_hours", span=repr(part.strip()[:20]))
        ranges.append((a, b))
    minutes = [_minutes_of(a, b) for a, b in ranges]
    if sum(len(m) for m in minutes) > MOST_QUIET_MINUTES:
        raise Refusal("quiet.too_long", n=MOST_QUIET_MINUTES // 60)
    for i, mine in enumerate(minutes):
        if any(mine & other for other in minutes[i + 1 :]):
            raise Refusal("quiet.overlap")
    return tuple(ranges)


def _minutes_of(a: int, b: int) -> set[int]:
    """The minutes of the day a range covers (past midnight where it wraps)."""
    return set(range(a, b)) if a < b else set(range(a, DAY_MINUTES)) | set(range(0, b))


def hours_text(hours: Sequence[tuple[int, int]]) -> str:
    """``22:00–07:00, 13:00–14:00``."""
    return ", ".join(f"{_clock(a)}–{_clock(b)}" for a, b in hours)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def local_time(when: float, zone: str) -> str:
    """``07:00`` (and the weekday when it is not within a day): when quiet time ends."""
    return datetime.fromtimestamp(when, ZoneInfo(zone)).strftime("%H:%M")
