"""Correspondence clocks as an explicit collaborator of the use cases.

Why apart: everything about time — a match's time control and its clocks in ``meta``, the pauses
(vacations, and the bot's own outages), the time left shown under a board, deadlines — is derived
from stored facts with the same arithmetic (:mod:`bot.service.match.clock.timecontrol`). One object
with only the store and the clock as collaborators can be tested alone and cannot reach into lobbies
or boards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.base import Refusal
from bot.service.match.clock import timecontrol as tc
from bot.service.match.clock.quiet import HELD_KEY, QUIET_KEY, Quiet
from bot.service.replies import is_computer
from bot.service.text.computer_names import shown_name
from bot.service.text.markdown import escape
from bot.words import words
from games.core import Rules
from storage.base import ACTIVE, MatchRecord, Store


@dataclass(frozen=True)
class Directory:
    """Names, settings and outages for a whole listing, read in three queries.

    A listing of fifty matches used to ask the store for every seat's name and settings one
    by one (hundreds of statements on the single connection); now it asks three times."""

    names: dict[str, str]
    settings: dict[str, dict[str, Any]]
    outages: list[tuple[float, float]]

    def player_names(self, record: MatchRecord, locale: object) -> list[str]:
        """By seat as ``locale``'s reader sees them (:mod:`bot.service.text.computer_names`),
        escaped for the markdown of the listings and DMs they go into."""
        say = words(locale)
        return [escape(shown_name(uid, self.names, say)) for uid in record.seats]

    def vacations(self, record: MatchRecord) -> dict[int, list[tuple[float, float]]]:
        """Paused time per seat: the player's vacations, their quiet hours and weekends
        (:mod:`bot.service.match.clock.quiet`) unless the match forbids them, and every outage of
        the bot — time the bot was away is nobody's, so it pauses every clock exactly as a
        vacation does."""
        outages = [o for o in self.outages if o[1] > record.created_at]
        window = quiet_window(record)
        result = {}
        for seat, uid in enumerate(record.seats):
            settings = self.settings.get(uid, {})
            spans = settings.get("vacations") or []
            paused = [(float(a), float(b)) for a, b in spans] + outages
            if window and (quiet := self.quiet_of(record, uid)):
                paused += quiet.pauses(*window)
            if paused:
                result[seat] = paused
        return result

    def quiet_of(self, record: MatchRecord, user_id: str) -> Quiet | None:
        """``user_id``'s quiet schedule where ``record`` lets it pause their clock."""
        if record.meta.get(QUIET_KEY, True) is False:
            return None
        return Quiet.from_settings(self.settings.get(user_id, {}))


def quiet_window(record: MatchRecord) -> tuple[float, float] | None:
    """The span a clock's quiet pauses must cover: from the start of the running turn to
    past any moment its banks can reach (the clock runs at least 5 × 12 h a week, so three
    times the largest bank and three days more is beyond its last event); None unclocked."""
    data = record.meta.get("clock")
    if not data:
        return None
    clocks = tc.Clocks.from_dict(data)
    banks = [b for b in clocks.banks if math.isfinite(b)]
    if not banks:
        return None
    return clocks.since, clocks.since + 3 * max(banks) + 3 * tc.DAY


@dataclass(eq=False, repr=False)
class ClockKeeper:
    """The store and the clock are all it needs; ``default_time`` is the bot's setting."""

    store: Store
    clock: Callable[[], float]
    default_time: str

    # -- time controls ---------------------------------------------------------------------
    async def new_match_meta(
        self, guild_id: str | None, time_text: str | None, rated: bool | None
    ) -> dict[str, Any]:
        """Time control (the server's default unless given) and whether the match is rated."""
        server = await self.store.guild_settings(guild_id) if guild_id else {}
        text = time_text or server.get("time") or self.default_time
        try:
            control = tc.TimeControl.parse(text)
        except Refusal:
            raise
        except ValueError as exc:
            raise Refusal(str(exc)) from None
        meta = {"time": control.to_dict(), "rated": True if rated is None else bool(rated)}
        if server.get(QUIET_KEY) is False:  # the server forbids quiet hours in its matches
            meta[QUIET_KEY] = False
        return meta

    def start_meta(
        self, rules: Rules[Any, Any], state: Any, players: int, meta: dict[str, Any]
    ) -> dict[str, Any]:
        control = tc.TimeControl.from_dict(meta.get("time") or {})
        if control.kind == "none":
            return {}
        clocks = tc.start(control, players, rules.to_move(state), self.clock())
        return {"clock": clocks.to_dict()}

    async def directory(self, records: Sequence[MatchRecord]) -> Directory:
        users = list(dict.fromkeys(uid for record in records for uid in record.seats))
        since = min((record.created_at for record in records), default=0.0)
        return Directory(
            names=await self.store.user_names(users),
            settings=await self.store.users_settings(users),
            outages=await self.store.outages(since=since),
        )

    async def vacations(
        self, record: MatchRecord, directory: Directory | None = None
    ) -> dict[int, list[tuple[float, float]]]:
        return (directory or await self.directory([record])).vacations(record)

    async def after_change(
        self,
        record: MatchRecord,
        rules: Rules[Any, Any],
        before: Any,
        after: Any,
        meta: dict[str, Any],
        now: float,
    ) -> dict[str, Any]:
        movers = [] if rules.outcome(after) is not None else rules.to_move(after)
        people_move = any(
            seat < len(record.seats) and not is_computer(record.seats[seat]) for seat in movers
        )
        if not people_move and "clock" not in meta:
            return self._hold_pings(record, movers, meta, None)
        directory = await self.directory([record])  # once, for the held pings and the clock
        meta = self._hold_pings(record, movers, meta, directory)
        if "clock" not in meta:
            return meta
        clocks = tc.Clocks.from_dict(meta["clock"])
        switched = tc.switch(clocks, now, movers, directory.vacations(record))
        return {**meta, "clock": switched.to_dict()}

    # -- quiet hours -----------------------------------------------------------------------
    async def quiet_until(self, record: MatchRecord, user_id: str) -> float | None:
        """When ``user_id``'s quiet time ends, if they are in one ``record`` allows."""
        if is_computer(user_id):
            return None
        return self._quiet_until(record, user_id, await self.directory([record]))

    def _quiet_until(
        self, record: MatchRecord, user_id: str, directory: Directory | None
    ) -> float | None:
        if directory is None or is_computer(user_id):
            return None
        quiet = directory.quiet_of(record, user_id)
        return quiet.quiet_until(self.clock()) if quiet else None

    def _hold_pings(
        self,
        record: MatchRecord,
        movers: Sequence[int],
        meta: dict[str, Any],
        directory: Directory | None,
    ) -> dict[str, Any]:
        """``meta`` with the ping of each mover now in quiet hours kept for when they end
        (``held``: seat → moment), so the scheduler's index wakes for it; a seat no longer
        to move has nothing held."""
        held = {}
        for seat in movers:
            if seat < len(record.seats):
                until = self._quiet_until(record, record.seats[seat], directory)
                if until is not None:
                    held[str(seat)] = until
        kept = {k: v for k, v in meta.items() if k != HELD_KEY}
        return {**kept, HELD_KEY: held} if held else kept

    def of(self, record: MatchRecord) -> tc.Clocks | None:
        data = record.meta.get("clock")
        return tc.Clocks.from_dict(data) if data and record.status == ACTIVE else None

    async def time_left(
        self,
        record: MatchRecord,
        seat: int,
        directory: Directory | None = None,
        locale: str = "en",
    ) -> str:
        """``2 days 3 h left`` for a seat whose clock runs ("" otherwise); vacation time is
        not counted, so the figure matches the deadline the scheduler keeps."""
        clocks = self.of(record)
        if clocks is None:
            return ""
        directory = directory or await self.directory([record])
        vacations = directory.vacations(record)
        now = self.clock()
        left = tc.remaining(clocks, seat, now, vacations)
        if left is None:
            return ""
        # format_duration rounds as people read clocks: a clock read a moment after it was
        # set shows "3 days", not "2 days 23 h".
        shown = tc.format_duration(left, locale)
        quiet = directory.quiet_of(record, record.seats[seat])
        if quiet and (until := quiet.quiet_until(now)) is not None:
            wait = tc.format_duration(until - now, locale)
            return words(locale)("clock.left_quiet", left=shown, wait=wait)
        paused = any(a <= now < b for a, b in vacations.get(seat, ()))
        return words(locale)("clock.left_paused" if paused else "clock.left", left=shown)

    async def lines(
        self, record: MatchRecord, seats: Sequence[int], names: Sequence[str], locale: str = "en"
    ) -> list[str]:
        """The "⏳" lines under a board (in the server's ``locale``): the time left of
        everyone who must act."""
        lines = []
        for seat in seats:
            if left := await self.time_left(record, seat, locale=locale):
                lines.append(words(locale)("clock.line", player=names[seat], left=left))
        return lines

    async def games_clock(
        self,
        record: MatchRecord,
        seats: Sequence[int],
        me: str,
        directory: Directory,
        locale: str = "en",
    ) -> str:
        """For ``/games`` (in its reader's ``locale``): my time left when I must act, else
        the mover's."""
        mine = [s for s in seats if record.seats[s] == me]
        for seat in mine or list(seats):
            if left := await self.time_left(record, seat, directory, locale):
                return f", {left}"
        return ""

    async def deadline(
        self, record: MatchRecord, seat: int, directory: Directory | None = None
    ) -> float | None:
        clocks = self.of(record)
        if clocks is None:
            return None
        return tc.deadline(clocks, seat, await self.vacations(record, directory))

    async def urgency(
        self, record: MatchRecord, seat: int, directory: Directory | None = None
    ) -> tuple[bool, float, float, int]:
        """How soon ``seat`` must act in ``record``, as a key that sorts the most urgent
        first: a running clock by the moment it runs out (the deadline the scheduler times
        the match out at, later by any pause), before every match without one — or whose
        clock cannot run out (an open-ended pause) — and these by their last change, the
        oldest first; the match id settles a tie. ``/me waiting`` and the "Next game" button
        both order by it, so the list's first line is the game the button opens."""
        deadline = await self.deadline(record, seat, directory)
        if deadline is not None and math.isfinite(deadline):
            return (False, deadline, record.updated_at, record.id)
        return (True, record.updated_at, record.updated_at, record.id)
