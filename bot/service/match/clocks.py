"""Correspondence clocks as an explicit collaborator of the use cases.

Why apart: everything about time — a match's time control and its clocks in ``meta``, the
pauses (vacations, and the bot's own outages), the time left shown under a board, deadlines —
is derived from stored facts with the same arithmetic (:mod:`bot.service.match.timecontrol`). One
object with only the store and the clock as collaborators can be tested alone and cannot
reach into lobbies or boards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.base import Refusal
from bot.service.match import timecontrol as tc
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
        """Paused time per seat: the player's vacations, and every outage of the bot — time
        the bot was away is nobody's, so it pauses every clock exactly as a vacation does."""
        outages = [o for o in self.outages if o[1] > record.created_at]
        result = {}
        for seat, uid in enumerate(record.seats):
            spans = self.settings.get(uid, {}).get("vacations") or []
            paused = [(float(a), float(b)) for a, b in spans] + outages
            if paused:
                result[seat] = paused
        return result


class ClockKeeper:
    """The store and the clock are all it needs; ``default_time`` is the bot's setting."""

    def __init__(self, store: Store, clock: Callable[[], float], default_time: str) -> None:
        self.store = store
        self.clock = clock
        self.default_time = default_time

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
        return {"time": control.to_dict(), "rated": True if rated is None else bool(rated)}

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
        if "clock" not in meta:
            return meta
        clocks = tc.Clocks.from_dict(meta["clock"])
        movers = [] if rules.outcome(after) is not None else rules.to_move(after)
        switched = tc.switch(clocks, now, movers, await self.vacations(record))
        return {**meta, "clock": switched.to_dict()}

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
        vacations = await self.vacations(record, directory)
        now = self.clock()
        left = tc.remaining(clocks, seat, now, vacations)
        if left is None:
            return ""
        paused = any(a <= now < b for a, b in vacations.get(seat, ()))
        # format_duration rounds as people read clocks: a clock read a moment after it was
        # set shows "3 days", not "2 days 23 h".
        return words(locale)(
            "clock.left_paused" if paused else "clock.left",
            left=tc.format_duration(left, locale),
        )

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
