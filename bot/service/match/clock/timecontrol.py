"""Correspondence clocks: how long each seat may think, as plain data and pure functions.

A match's clock state lives in the match's JSON meta and is only ever replaced, never mutated,
so the service can compute it inside the same transaction as the move it belongs to. Nothing
here reads the time: every function takes ``now``, which keeps the scheduler, the service and
the tests on one shared notion of time.

Vacations pause a seat's clock. They arrive as intervals per seat and are subtracted from the
wall time a seat used, so a vacation taken during someone's turn simply moves their deadline.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from bot.service.base import Refusal
from bot.words import Phrase, words

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0

# Anything outside this range is a typo rather than a wish.
SHORTEST = MINUTE
LONGEST = 365 * DAY

KINDS = ("none", "fischer", "per_move")

Interval = tuple[float, float]
Vacations = Mapping[int, Sequence[Interval]]
NO_VACATIONS: Vacations = MappingProxyType({})

_UNITS: dict[str, float] = {
    "w": 7 * DAY,
    "wk": 7 * DAY,
    "week": 7 * DAY,
    "weeks": 7 * DAY,
    "d": DAY,
    "day": DAY,
    "days": DAY,
    "h": HOUR,
    "hr": HOUR,
    "hrs": HOUR,
    "hour": HOUR,
    "hours": HOUR,
    "m": MINUTE,
    "min": MINUTE,
    "mins": MINUTE,
    "minute": MINUTE,
    "minutes": MINUTE,
}
_PART = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([a-z]+)")
_NONE_WORDS = frozenset({"none", "off", "no", "unlimited", "no limit", "no time limit"})
_PER_MOVE = re.compile(r"^(?P<time>.+?)\s*(?:/|\bper\b|\beach\b|\ba\b)\s*(?:move|turn)s?$")
_CAP = re.compile(r"^(?P<main>.+?)\s*(?:/|\bmax(?:imum)?|\bcap|\bat most|\bup to)(?P<cap>.+)$")


def _duration(text: str, whole: str) -> float:
    """``"1 day 12h"`` → seconds."""
    text = text.strip(" ,:")
    if not text:
        raise Refusal("time.unreadable", text=repr(whole))
    if re.fullmatch(r"\d+(?:\.\d*)?", text):
        raise Refusal("time.no_unit", quoted=repr(text), number=text)
    total = 0.0
    position = 0
    for part in _PART.finditer(text):
        gap = text[position : part.start()].strip(" ,")
        if gap not in ("", "and"):
            break
        unit = _UNITS.get(part.group(2))
        if unit is None:
            raise Refusal("time.bad_unit", unit=repr(part.group(2)), text=repr(whole))
        total += float(part.group(1)) * unit
        position = part.end()
    if position == 0 or text[position:].strip(" ,"):
        if text == whole.strip().lower():
            raise Refusal("time.bad_length", part=repr(text))
        raise Refusal("time.bad_length_in", part=repr(text), text=repr(whole))
    return total


def _to_minute(seconds: float) -> float:
    """Controls keep minute precision, which is all :meth:`TimeControl.text` can say."""
    return round(seconds / MINUTE) * MINUTE


def _check(seconds: float, what: str, *, zero_ok: bool = False) -> None:
    """``what`` is a ``time.*`` key naming the part (``time.starting``)."""
    if zero_ok and seconds == 0:
        return
    if seconds < SHORTEST:
        raise Refusal("time.too_short", part=Phrase(what))
    if seconds > LONGEST:
        raise Refusal("time.too_long", part=Phrase(what))


def _short(seconds: float) -> str:
    """Compact duration that :func:`_duration` reads back (``7d``, ``36h``, ``90m``)."""
    minutes = round(seconds / MINUTE)
    if minutes % 1440 == 0:
        return f"{minutes // 1440}d"
    if minutes and minutes % 60 == 0:
        return f"{minutes // 60}h"
    if minutes > 60:
        return f"{minutes // 60}h{minutes % 60}m"
    return f"{minutes}m"


def _words(seconds: float, locale: str = "en") -> str:
    """The same unit choice as :func:`_short`, spelled out for people."""
    say = words(locale)
    minutes = round(seconds / MINUTE)
    if minutes and minutes % 1440 == 0:
        return say("time.days", n=minutes // 1440)
    if minutes and minutes % 60 == 0:
        return say("time.hours", n=minutes // 60)
    if minutes > 60:
        return f"{say('time.hours', n=minutes // 60)} {say('time.minutes', n=minutes % 60)}"
    return say("time.minutes", n=minutes)


@dataclass(frozen=True)
class TimeControl:
    """How much thinking time each seat gets.

    ``fischer``: a bank that starts at ``initial``, grows by ``increment`` after each of the
    seat's turns and never exceeds ``cap`` (0 = no cap). ``per_move``: the bank is refilled to
    ``initial`` at every turn, stored as ``initial == increment == cap`` so the same charging
    rule serves both. ``none``: no clock.
    """

    initial: float = 0.0
    increment: float = 0.0
    cap: float = 0.0
    kind: str = "none"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"Unknown time control kind {self.kind!r}: one of {KINDS}."
            )  # stored data, not input

    @classmethod
    def none(cls) -> TimeControl:
        return cls()

    @classmethod
    def per_move(cls, seconds: float) -> TimeControl:
        _check(seconds, "time.per_move_part")
        seconds = _to_minute(seconds)
        return cls(seconds, seconds, seconds, "per_move")

    @classmethod
    def fischer(cls, initial: float, increment: float = 0.0, cap: float = 0.0) -> TimeControl:
        _check(initial, "time.starting")
        _check(increment, "time.increment", zero_ok=True)
        _check(cap, "time.maximum", zero_ok=True)
        initial, increment, cap = _to_minute(initial), _to_minute(increment), _to_minute(cap)
        if cap and cap < initial:
            raise Refusal("time.cap_below_start", cap=_words(cap), initial=_words(initial))
        return cls(initial, increment, cap, "fischer")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read what a player typed: ``3d+1d max 7d``, ``3 days + 1 day, max 7 days``,
        ``3d+1d/7d``, ``2d per move``, ``36h/move``, ``none``…

        A single length of time (``2d``) means that much per move, as on correspondence
        chess sites; a bank for the whole game is written with its increment (``10d+0d``).
        """
        whole = text
        norm = " ".join(text.lower().replace("+", " + ").split())
        if norm in _NONE_WORDS:
            return cls.none()
        if match := _PER_MOVE.match(norm):
            return cls.per_move(_duration(match.group("time"), whole))
        cap = 0.0
        if match := _CAP.match(norm):
            norm = match.group("main")
            cap = _duration(match.group("cap"), whole)
        pieces = norm.split("+")
        if len(pieces) > 2:
            raise Refusal("time.unreadable", text=repr(whole))
        if len(pieces) == 1 and not cap:
            return cls.per_move(_duration(pieces[0], whole))
        if len(pieces) == 2 and not pieces[1].strip(" ,"):
            raise Refusal("time.no_increment", text=repr(whole))
        initial = _duration(pieces[0], whole)
        increment = _duration(pieces[1], whole) if len(pieces) == 2 else 0.0
        return cls.fischer(initial, increment, cap)

    def text(self) -> str:
        """Canonical compact form; :meth:`parse` reads it back to an equal control."""
        if self.kind == "none":
            return "none"
        if self.kind == "per_move":
            return f"{_short(self.initial)} per move"
        base = f"{_short(self.initial)}+{_short(self.increment)}"
        return f"{base} max {_short(self.cap)}" if self.cap else base

    def describe(self, locale: str = "en") -> str:
        """A phrase for people (``3 days, +1 day per move, at most 7 days``)."""
        say = words(locale)
        if self.kind == "none":
            return say("time.no_limit")
        if self.kind == "per_move":
            return say("time.each_move", time=_words(self.initial, locale))
        if not self.increment:
            parts = [say("time.whole_game", time=_words(self.initial, locale))]
        else:
            parts = [
                _words(self.initial, locale),
                say("time.added", time=_words(self.increment, locale)),
            ]
        if self.cap:
            parts.append(say("time.at_most", time=_words(self.cap, locale)))
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "initial": self.initial,
            "increment": self.increment,
            "cap": self.cap,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(
            initial=float(data.get("initial", 0.0)),
            increment=float(data.get("increment", 0.0)),
            cap=float(data.get("cap", 0.0)),
            kind=str(data.get("kind", "none")),
        )


@dataclass(frozen=True)
class Clocks:
    """Per-match clock state kept in match meta (JSON).

    All running seats share ``since``: when the set of running seats changes, a seat that
    keeps running has its bank rebased to what it had left at that moment, which is the same
    clock read from a new origin.
    """

    control: TimeControl
    banks: tuple[float, ...]
    running: tuple[int, ...]
    since: float
    reminded: tuple[str, ...] = ()
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "control": self.control.to_dict(),
            "banks": list(self.banks),
            "running": list(self.running),
            "since": self.since,
            "reminded": list(self.reminded),
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Clocks:
        return cls(
            control=TimeControl.from_dict(data.get("control", {})),
            banks=tuple(float(b) for b in data["banks"]),
            running=tuple(int(s) for s in data.get("running", ())),
            since=float(data["since"]),
            reminded=tuple(str(k) for k in data.get("reminded", ())),
            turn=int(data.get("turn", 0)),
        )


# --------------------------------------------------------------------------------------------
# Interval arithmetic for vacations
# --------------------------------------------------------------------------------------------


def _merged(intervals: Iterable[Interval]) -> list[Interval]:
    """Sorted, non-overlapping intervals; empty or reversed ones are ignored."""
    result: list[list[float]] = []
    for start, end in sorted((float(a), float(b)) for a, b in intervals if b > a):
        if result and start <= result[-1][1]:
            result[-1][1] = max(result[-1][1], end)
        else:
            result.append([start, end])
    return [(a, b) for a, b in result]


def _overlap(intervals: Iterable[Interval], start: float, end: float) -> float:
    """Seconds of ``[start, end]`` covered by the intervals (counted once where they overlap)."""
    if end <= start:
        return 0.0
    return sum(max(0.0, min(b, end) - max(a, start)) for a, b in _merged(intervals))


def _used(start: float, end: float, intervals: Iterable[Interval]) -> float:
    """Clock time spent between two moments: wall time outside vacations."""
    if end <= start:
        return 0.0
    return (end - start) - _overlap(intervals, start, end)


def _when_used(start: float, amount: float, intervals: Iterable[Interval]) -> float:
    """The moment at which ``amount`` seconds of clock time have run from ``start``.

    Walking the vacations in order handles the case where a vacation pushes the moment
    into the next one.
    """
    t, left = start, amount
    if left <= 0:
        return start + left
    for a, b in _merged(intervals):
        if b <= t:
            continue
        if a > t:
            if a - t >= left:
                return t + left
            left -= a - t
        t = b
        if math.isinf(t):
            return t
    return t + left


def _seat_vacations(vacations: Vacations, seat: int) -> Sequence[Interval]:
    return vacations.get(seat, ())


# --------------------------------------------------------------------------------------------
# Clock operations
# --------------------------------------------------------------------------------------------


def start(control: TimeControl, players: int, to_move: Sequence[int], now: float) -> Clocks:
    """Clocks for a match that begins at ``now`` with ``to_move`` to act."""
    return Clocks(
        control=control,
        banks=(control.initial,) * players,
        running=tuple(sorted(set(to_move))),
        since=now,
    )


def switch(
    clocks: Clocks, now: float, to_move: Sequence[int], vacations: Vacations = NO_VACATIONS
) -> Clocks:
    """The seats to act are now ``to_move``.

    Seats that stop are charged the clock time they used and receive the increment (capped);
    a charge that overran the bank is forgiven down to zero first, since the service decides
    about timeouts before a move is accepted. Seats that keep running keep counting down.
    Calling this with an unchanged set of seats changes nothing.
    """
    new_running = tuple(sorted(set(to_move)))
    if new_running == clocks.running:
        return clocks
    control = clocks.control
    banks = list(clocks.banks)
    for seat in clocks.running:
        left = clocks.banks[seat] - _used(clocks.since, now, _seat_vacations(vacations, seat))
        if seat in new_running:
            banks[seat] = left
        elif control.kind == "per_move":
            banks[seat] = control.initial
        elif control.kind == "fischer":
            banks[seat] = max(0.0, left) + control.increment
            if control.cap:
                banks[seat] = min(banks[seat], control.cap)
    turn = clocks.turn + 1
    kept: list[str] = []
    for key in clocks.reminded:
        old_turn, seat, threshold = _split_key(key)
        if old_turn == clocks.turn and seat in new_running and seat in clocks.running:
            kept.append(_key(turn, seat, threshold))
    return Clocks(
        control=control,
        banks=tuple(banks),
        running=new_running,
        since=now,
        reminded=tuple(kept),
        turn=turn,
    )


def remaining(
    clocks: Clocks, seat: int, now: float, vacations: Vacations = NO_VACATIONS
) -> float | None:
    """Seconds left on a running seat's clock (negative once overrun); ``None`` when the seat
    is not running or the match has no clock."""
    if clocks.control.kind == "none" or seat not in clocks.running:
        return None
    return clocks.banks[seat] - _used(clocks.since, now, _seat_vacations(vacations, seat))


def deadline(clocks: Clocks, seat: int, vacations: Vacations = NO_VACATIONS) -> float | None:
    """The moment a running seat's clock reaches zero (later by any vacation in between)."""
    if clocks.control.kind == "none" or seat not in clocks.running:
        return None
    return _when_used(clocks.since, clocks.banks[seat], _seat_vacations(vacations, seat))


def _key(turn: int, seat: int, threshold: float | int) -> str:
    return f"{turn}:{seat}:{int(threshold)}"


def _split_key(key: str) -> tuple[int, int, int]:
    turn, seat, threshold = key.split(":")
    return int(turn), int(seat), int(threshold)


def _reminded_below(clocks: Clocks, seat: int) -> int | None:
    """The smallest threshold already reminded for ``seat`` this turn.

    A reminder at a small threshold stands for every larger one: once "1 hour left" was
    sent, "1 day left" must never follow.
    """
    sent = [
        threshold
        for turn, s, threshold in map(_split_key, clocks.reminded)
        if turn == clocks.turn and s == seat
    ]
    return min(sent) if sent else None


def _pending(clocks: Clocks, seat: int, thresholds: Sequence[float]) -> list[float]:
    floor = _reminded_below(clocks, seat)
    return sorted(
        t
        for t in thresholds
        if _key(clocks.turn, seat, t) not in clocks.reminded and (floor is None or int(t) < floor)
    )


def due_reminders(
    clocks: Clocks,
    now: float,
    thresholds: Sequence[float],
    vacations: Vacations = NO_VACATIONS,
) -> list[tuple[int, float, str]]:
    """``(seat, threshold, key)`` for each running seat that has passed a threshold not yet
    reminded — only the smallest one passed, so a player back after a long absence gets one
    message. Marking its key with :func:`mark_reminded` also silences the larger thresholds
    for this turn."""
    due = []
    for seat in clocks.running:
        left = remaining(clocks, seat, now, vacations)
        if left is None:
            continue
        passed = [t for t in _pending(clocks, seat, thresholds) if left <= t]
        if passed:
            due.append((seat, passed[0], _key(clocks.turn, seat, passed[0])))
    return due


def mark_reminded(clocks: Clocks, keys: Iterable[str]) -> Clocks:
    """Record reminders as sent (see :func:`due_reminders`)."""
    added = [k for k in dict.fromkeys(keys) if k not in clocks.reminded]
    return replace(clocks, reminded=clocks.reminded + tuple(added)) if added else clocks


def expired(clocks: Clocks, now: float, vacations: Vacations = NO_VACATIONS) -> list[int]:
    """Running seats whose time is up."""
    return [
        seat
        for seat in clocks.running
        if (left := remaining(clocks, seat, now, vacations)) is not None and left <= 0
    ]


def next_event(
    clocks: Clocks, thresholds: Sequence[float], vacations: Vacations = NO_VACATIONS
) -> float | None:
    """When the scheduler should look at this match next: the earliest moment a pending
    reminder or an expiry becomes due. It may lie in the past, meaning "now"; ``None`` when
    nothing can ever come due (no clock, nobody to move, or an open-ended vacation)."""
    if clocks.control.kind == "none":
        return None
    moments: list[float] = []
    for seat in clocks.running:
        seat_vacations = _seat_vacations(vacations, seat)
        bank = clocks.banks[seat]
        moments.append(_when_used(clocks.since, bank, seat_vacations))
        for threshold in _pending(clocks, seat, thresholds):
            moments.append(_when_used(clocks.since, bank - threshold, seat_vacations))
    finite = [m for m in moments if math.isfinite(m)]
    return min(finite) if finite else None


# --------------------------------------------------------------------------------------------
# Vacation allowance and display
# --------------------------------------------------------------------------------------------


def vacation_days_used(intervals: Sequence[Interval], year_start: float, year_end: float) -> float:
    """Days of vacation inside ``[year_start, year_end]`` (overlapping intervals count once),
    to check a yearly allowance."""
    return _overlap(intervals, year_start, year_end) / DAY


def year_bounds(now: float) -> tuple[float, float]:
    """Start and end of the UTC calendar year containing ``now``."""
    year = datetime.fromtimestamp(now, UTC).year
    return (
        datetime(year, 1, 1, tzinfo=UTC).timestamp(),
        datetime(year + 1, 1, 1, tzinfo=UTC).timestamp(),
    )


def _nearest(amount: float) -> int:
    """Half up, not Python's banker's rounding: 10.5 minutes read as 11, as on a clock."""
    return math.floor(amount + 0.5)


def format_duration(seconds: float, locale: str = "en") -> str:
    """Time left as people read a clock, the one wording of every clock a player sees (posts,
    ``/board``, ``/me games``, ``/me waiting``, reminders, the web board).

    The rule: from a day left, days and hours rounded to the nearest hour (``4 days 23 h``,
    and 5 days less a few seconds is ``5 days``); under a day, hours and minutes rounded to
    the nearest minute (``5 h 10 min``; under an hour only minutes, so a falling flag shows);
    under a minute, seconds rounded up (``20 s``: time that remains never reads as none).
    Why nearest rather than down: a clock read a moment after a post, or after a day was
    added, must say what the post said (``7 days``, not ``6 days 23 h``); and the reading
    is never off by more than half its last unit — half an hour out of at least a day, half
    a minute out of at least a minute. A half rounds up (``10 min 30 s`` is ``11 min``).
    """
    say = words(locale)  # a shared post's server language, or a DM's reader's
    if math.ceil(seconds) < MINUTE:
        return say("time.short_seconds", n=max(0, math.ceil(seconds)))
    if seconds >= DAY:
        hours = _nearest(seconds / HOUR)
        days, hours = divmod(hours, 24)
        head = say("time.days", n=days)
        return f"{head} {say('time.short_hours', n=hours)}" if hours else head
    minutes = _nearest(seconds / MINUTE)
    if minutes >= 1440:  # 23 h 59 min 30 s and more: a whole day
        return say("time.days", n=1)
    hours, mins = divmod(minutes, 60)
    if hours:
        short = say("time.short_hours", n=hours)
        return f"{short} {say('time.short_minutes', n=mins)}" if mins else short
    return say("time.short_minutes", n=mins)
