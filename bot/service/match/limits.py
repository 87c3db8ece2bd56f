"""Per-user limits: what one person may hold open at once on a server, so that nobody's load
is everybody's delay.

Why: one user answered ``/match hint`` ten times in three seconds, held 201 open challenges and
organised 103 tournaments, and a FENCE! tournament of a million rounds was accepted. Each of
those costs the bot's time or clutters a server's lists for everyone.

One table (:data:`LIMITS`) defines every limit — its name (the ``/server settings`` option and
its key in the server's settings), default, allowed range and words; a server's managers
change them with ``/server settings`` and anyone may read them there. They are kept in the
server's settings under ``"limits"``, only the ones a manager changed, so a new default
reaches every server that kept the old one.

The checks are :class:`Limits`' methods, one per kind of work, each called where that work
is created (starting a game against the computer, a hint, an open challenge, a tournament,
its rounds). A refusal names the limit and how to free a slot.

Decisions where the issue is silent:

* **What counts where.** Games against the computer and hints cost the bot's time wherever
  they are played, so a player's own count is taken across every server (and DMs); open
  challenges and tournaments fill one server's lists, so they count on that server only.
  Each is compared with the limit of the server where the new one would be (a hint: the
  match's server).
* **A game against the computer** is any open match (a challenge, a lobby, a running game)
  with a computer seat that the player sits in: a FENCE! lobby gets its first computer only
  while its creator is under the limit.
* **Hints** are counted over a rolling hour in the store (:meth:`storage.Store.record_use`),
  so a restart forgets nothing and hints asked for at once cannot slip past the count. A
  hint is counted once every other check passed: a refused ask costs nothing.
* **Rounds.** A Swiss or FENCE! tournament asking for more rounds than the server allows is
  refused; rounds a format implies (⌈log₂ n⌉ Swiss rounds, three seating rounds) are capped
  at the limit. A league must meet everyone once, so its field is bounded instead: a join
  that would make the league play more rounds than allowed is refused, and a league whose
  limit was lowered after sign-up waits to start until it fits.
* **Match reviews** (``/match review``) are counted like hints, over a rolling day and
  across servers (each judges a whole game in the search pool). Only a review that is worked
  out counts: showing a stored review again costs nothing, nor does asking while one is
  under way.
* **Ranges** start at 1: "you have 0 open games; finish one" would free nothing. A server
  that wants none of something has other switches (``/server settings games:``; a rated
  match gets no hints).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.service.base import Refusal, User
from bot.service.match.meta import has_computer, seek_of
from storage.base import (
    CHALLENGE,
    OPEN_STATUSES,
    TOURNAMENT_RUNNING,
    TOURNAMENT_SIGNUP,
    Store,
)

SETTINGS_KEY = "limits"
"""Where a server's changed limits live in its settings."""
HINT_WINDOW = 3600.0
"""Hints are counted over the last hour."""
HINT_USE = "hint"
"""The kind of use a hint is recorded as (:meth:`storage.Store.record_use`)."""
REVIEW_WINDOW = 24 * 3600.0
"""Match reviews are counted over the last day."""
REVIEW_USE = "review"


@dataclass(frozen=True)
class Limit:
    """One per-user limit: its ``/server settings`` option, default and allowed range, and the
    catalogue key of its line in the settings (a plural table keyed by the value)."""

    name: str
    default: int
    low: int
    high: int
    label: str


COMPUTER_GAMES = Limit("computer_games", 5, 1, 50, "limits.label.computer_games")
HINTS_PER_HOUR = Limit("hints_per_hour", 10, 1, 100, "limits.label.hints_per_hour")
OPEN_SEEKS = Limit("open_seeks", 3, 1, 25, "limits.label.open_seeks")
TOURNAMENTS = Limit("tournaments", 2, 1, 20, "limits.label.tournaments")
TOURNAMENT_ROUNDS = Limit("tournament_rounds", 20, 1, 50, "limits.label.tournament_rounds")
REVIEWS_PER_DAY = Limit("reviews_per_day", 3, 1, 50, "limits.label.reviews_per_day")
LIMITS: tuple[Limit, ...] = (
    COMPUTER_GAMES,
    HINTS_PER_HOUR,
    OPEN_SEEKS,
    TOURNAMENTS,
    TOURNAMENT_ROUNDS,
    REVIEWS_PER_DAY,
)
BY_NAME: Mapping[str, Limit] = {limit.name: limit for limit in LIMITS}
ROLLING: Mapping[str, tuple[Limit, float, str, float, str]] = {
    HINT_USE: (HINTS_PER_HOUR, HINT_WINDOW, "limits.hints", 60.0, "minutes"),
    REVIEW_USE: (REVIEWS_PER_DAY, REVIEW_WINDOW, "limits.reviews", 3600.0, "hours"),
}
"""The uses counted in a rolling window: by kind, its limit, the window, the refusal's key,
and the unit (seconds) and field its wait is told in."""


def values(settings: Mapping[str, Any]) -> dict[str, int]:
    """Every limit of a server from its settings: the stored value, kept within its range (a
    hand edit cannot lift a bound), or the default."""
    stored = settings.get(SETTINGS_KEY)
    stored = stored if isinstance(stored, Mapping) else {}
    out: dict[str, int] = {}
    for limit in LIMITS:
        value = stored.get(limit.name)
        if isinstance(value, bool) or not isinstance(value, int):
            value = limit.default
        out[limit.name] = min(max(value, limit.low), limit.high)
    return out


def parse(limit: Limit, value: object) -> int:
    """A manager's new value: a whole number in range, typed (console) or given (Discord)."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if number is None or not limit.low <= number <= limit.high:
        raise Refusal("limits.bad_value", name=limit.name, low=limit.low, high=limit.high)
    return number


def changed(settings: Mapping[str, Any], name: str, value: object) -> dict[str, Any]:
    """``settings`` with limit ``name`` set to ``value`` (checked); a value equal to the
    default is forgotten, so the server follows the default again."""
    limit = BY_NAME[name]
    number = parse(limit, value)
    stored = dict(settings.get(SETTINGS_KEY) or {})
    if number == limit.default:
        stored.pop(name, None)
    else:
        stored[name] = number
    out = {k: v for k, v in settings.items() if k != SETTINGS_KEY}
    return {**out, SETTINGS_KEY: stored} if stored else out


@dataclass(eq=False, repr=False)
class Limits:
    """The checks, given the store to count in and the clock (hints roll over an hour)."""

    store: Store
    clock: Callable[[], float]

    async def of(self, guild_id: str | None) -> dict[str, int]:
        """The limits of a server (outside any server: the defaults of the ``""`` server)."""
        return values(await self.store.guild_settings(guild_id or ""))

    async def computer_game(self, actor: User, guild_id: str | None) -> None:
        """Before a new game against the computer (a challenge, a lobby's first computer)."""
        most = (await self.of(guild_id))[COMPUTER_GAMES.name]
        mine = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES)
            if actor.id in m.seats and has_computer(m)
        ]
        if len(mine) >= most:
            raise Refusal("limits.computer_games", n=len(mine), most=most)

    async def seek(self, actor: User, guild_id: str | None) -> None:
        """Before a new open challenge on a server."""
        most = (await self.of(guild_id))[OPEN_SEEKS.name]
        here = guild_id or None
        mine = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=(CHALLENGE,))
            if m.created_by == actor.id and seek_of(m) is not None and (m.guild_id or None) == here
        ]
        if len(mine) >= most:
            raise Refusal("limits.open_seeks", n=len(mine), most=most)

    async def tournament(self, actor: User, guild_id: str | None) -> None:
        """Before a new tournament: the ones the organiser runs on that server now."""
        most = (await self.of(guild_id))[TOURNAMENTS.name]
        listed = await self.store.list_tournaments(
            guild_id=guild_id or "", statuses=(TOURNAMENT_SIGNUP, TOURNAMENT_RUNNING)
        )
        mine = [t for t in listed if t.created_by == actor.id]
        if len(mine) >= most:
            raise Refusal("limits.tournaments", n=len(mine), most=most)

    async def rounds(self, guild_id: str | None) -> int:
        """The most rounds a tournament on that server may play."""
        return (await self.of(guild_id))[TOURNAMENT_ROUNDS.name]

    async def hint(self, actor: User, guild_id: str | None) -> None:
        """Take one of the hour's hints, or say when the next one is free."""
        await self._take(actor, guild_id, HINT_USE)

    async def review(self, actor: User, guild_id: str | None) -> None:
        """Take one of the day's match reviews, or say when the next one is free."""
        await self._take(actor, guild_id, REVIEW_USE)

    async def _take(self, actor: User, guild_id: str | None, use: str) -> None:
        """Count one ``use`` in its rolling window (the count and the write are one
        transaction in the store), or refuse with the wait until the oldest of the last
        ``most`` leaves it, in the window's unit."""
        setting, window, key, unit, field = ROLLING[use]
        most = (await self.of(guild_id))[setting.name]
        now = self.clock()
        uses = await self.store.record_use(actor.id, use, now, window=window, most=most)
        if not uses.granted:
            wait = max(1, math.ceil((uses.times[-most] + window - now) / unit))
            raise Refusal(key, n=len(uses.times), most=most, **{field: wait})


class WithoutComputerLimit(Limits):
    """Every limit but the number of computer games: what the fairness benchmark and its
    tests need to put one person's 150 computer games in the queue at once, the worst case
    the queue must stay fair under (a server's own limit stops at 50)."""

    async def computer_game(self, actor: User, guild_id: str | None) -> None:
        return None
