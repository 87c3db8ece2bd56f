"""Correspondence play: clocks, reminders, timeouts, notification preferences, vacations
and the waiting list (ratings: :mod:`bot.service.people.ratings`).

Everything time-based is *derived from stored facts* — a match's clock state lives in its
meta, vacations and preferences in user settings — and :meth:`Correspondence.tick`
recomputes what is due from them. There is no in-memory timer to lose: after a restart the
first tick sends exactly the reminders and timeouts that fell due meanwhile, and because each
sent reminder is committed (versioned) into the match before it is delivered, none is ever
sent twice.

Decisions where the issue is silent:

* **FENCE! timeouts remove the player** (``Rules.drop_player``): their pawn leaves the city
  and the game goes on; FENCE! has no pass to give them instead. With one player left, that
  player wins. Two-player games are lost on time.
* **Clocks run for whoever must act**, so a FENCE! Hot Goods colour choice charges the
  chooser; the increment is added whenever a seat stops having to act.
* **Vacation** pauses every clock of that player for whole days, up to
  ``vacation_days`` per calendar year; ``/vacation days:0`` ends a vacation early and gives
  the unused days back.
* **Notification modes**: ``thread`` (ping in the match thread, default), ``dm`` (a DM
  instead of the ping), ``digest`` (one DM a day listing the matches waiting for you) and
  ``off``. Game-over messages still mention everyone: results are not turn pings.
* **Reminders** go out when a clock passes a mark (24 h and 2 h by default) during a turn;
  a turn that already begins below a mark ("1d per move" and the 24 h mark) gets none for
  it, since the turn's own message says how long there is. ``dm`` and ``digest`` players
  get reminders by DM, ``off`` players get none. Only the most urgent mark passed is sent.
* **A move that arrives after its player's clock ran out** (the scheduler had not looked
  yet, or the bot was down) is not played: the player loses on time there and then.
* **Time left** is shown as clock time, so during a vacation it stands still and says
  "paused"; ``/waiting`` sorts by the real deadline, which the vacation pushes back.
* **Move confirmation** (``/notify confirm:true``) guards buttons, where phones misclick:
  the last level of the guided panel and the step buttons and menus under a board (the pie
  rule's keep/swap, capture steps) ask for a Confirm press first. Typed ``/move`` never
  asks: typing a move is already deliberate.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import games
from bot.service.base import Refusal, User, guarded, plural_names
from bot.service.match.clock import timecontrol as tc
from bot.service.match.clock.timecontrol import DAY
from bot.service.match.notifier import NOTIFY_MODES
from bot.service.match.wiring import OnCore
from bot.service.replies import DirectMessage, Post, Reply
from bot.service.text import languages
from bot.service.text.command_map import choice_list, command_names, option_word
from bot.words import Phrase, language_of, words
from storage.base import (
    ACTIVE,
    MatchRecord,
    MatchUpdate,
    StaleVersion,
)

if TYPE_CHECKING:
    from bot.service.computer.opponents import Opponents
    from bot.service.match.wiring import Core
    from bot.service.matchmaking.tournaments.cases import Tournaments
    from bot.service.people.quiet import QuietHours
    from bot.service.play.endings import Endings

log = logging.getLogger("bot.service")

DUE_BATCH = 500
"""Due matches one tick reads at most, besides those whose computer turn is queued."""

NOTIFY_EXPLAINED = {
    "thread": "notify.thread",
    "dm": "notify.dm",
    "digest": "notify.digest",
    "off": "notify.off",
}


def day_count(days: float) -> int | float:
    """A number of days as a sentence shows it: whole days without ``.0``, else two places
    (the catalogue's plural tables then pick "day" or "days")."""
    return int(days) if float(days).is_integer() else round(days, 2)


class Correspondence(OnCore):
    """The scheduler's tick and the settings of correspondence play. Collaborators: the
    reader, the transitions, the clocks, the notifier, the workers (rating charts), and the
    use cases the tick hands due matches to — the opponents (a computer to move), the
    endings (a clock that ran out) and the tournaments (a round to advance)."""

    def __init__(
        self,
        core: Core,
        opponents: Opponents,
        endings: Endings,
        tournaments: Tournaments,
        *,
        vacation_days: float,
        quiet: QuietHours,
    ) -> None:
        self.quiet = quiet
        """Quiet hours: the turn pings that waited for them go out from the tick."""
        super().__init__(core)
        self.opponents = opponents
        self.endings = endings
        self.tournaments = tournaments
        self.reminders = core.reminders
        """Seconds left on a clock at which its player is reminded (largest first)."""
        self.vacation_days = vacation_days

    @guarded
    async def notify(
        self,
        actor: User,
        *,
        mode: str | None = None,
        confirm: bool | None = None,
        language: str | None = None,
    ) -> Reply:
        """``/notify``: how you hear that it's your turn, whether moves need a Confirm, and
        the language of your DMs (``auto``: your client's, as last seen)."""
        say = words(actor.locale)
        await self.reader.touch(actor)
        prefs = dict(await self.notifier.prefs(actor.id))
        if mode is not None:
            # typed as the player's client shows it (``Direktnachricht``) or in English
            mode = command_names(language_of(actor.locale)).english_choice(mode.strip()).lower()
            if mode not in NOTIFY_MODES:
                raise Refusal(
                    "notify.bad_mode",
                    option=option_word("mode"),
                    modes=choice_list(NOTIFY_MODES),
                    mode=repr(mode),
                )
            prefs["notify"] = mode
        if confirm is not None:
            prefs["confirm"] = bool(confirm)
        if language is not None:
            prefs = languages.language_set(prefs, language, languages.PERSON_CHOSEN)
        await self.store.save_user_settings(actor.id, prefs, self.clock())
        explain = say(NOTIFY_EXPLAINED[prefs.get("notify", "thread")])
        confirm_text = say("notify.confirm" if prefs.get("confirm") else "notify.at_once")
        told = say("notify.summary", mode=explain, confirm=confirm_text)
        if chosen := prefs.get(languages.PERSON_CHOSEN):
            named = languages.language_name(chosen, actor.locale)
            told += " " + say("notify.language", language=named)
        return Reply(text=told)

    # -- the scheduler's tick --------------------------------------------------------------
    async def on_startup(self) -> tuple[float, float] | None:
        """Called once when a bot (or console) process starts: the time since the last
        heartbeat of the previous run becomes an outage, paused on every clock."""
        outage = await self.store.mark_alive(self.clock(), starting=True)
        if outage is not None:
            log.info(
                "the bot was away for %s; every clock is paused for that time",
                tc.format_duration(outage[1] - outage[0]),
            )
        return outage

    async def lead_ticks(self) -> bool:
        """Whether this process runs the scheduler's ticks. With several bot processes on one
        database only the one holding the ``scheduler`` lock ticks, so nothing is sent twice;
        the others only keep the heartbeat, so a restart of any of them is not mistaken for
        the bot being away."""
        leading = await self.store.try_lead("scheduler")
        if not leading:
            await self.store.mark_alive(self.clock())
        return leading

    async def tick(self) -> list[Reply]:
        """Everything that fell due by now: reminders, timeouts, daily digests. Each reply
        carries a post for its match's place and/or DMs; the caller delivers them.

        Only a running process ticks, so the tick is also the heartbeat — and so it never
        waits for a search: a computer to move is only *queued* here
        (:meth:`bot.service.computer.opponents.Opponents.queue_computer_turn`), and played by the
        computer's own players.
        """
        now = self.clock()
        await self.store.mark_alive(now)
        replies: list[Reply] = []
        # Only matches whose deadline has come (an index, not a scan of every active match):
        # a clock event, or a computer seat to move — also one left pending by a restart.
        # A queued computer turn stays due until it is played; the query leaves those out,
        # so a long queue neither crowds the clocks out of the batch nor is read each tick.
        queue = self.opponents.computer_queue
        skip = self.opponents.working_on()
        for record in await self.store.due_matches(now, limit=DUE_BATCH, skip=skip):
            if record.id in queue or self.opponents.thinking_about(record.id):
                continue  # its computer's turn is queued or being played already
            try:
                if not self.opponents.queue_due_computer_turn(record, now):
                    replies.extend(await self._tick_match(record))
            except StaleVersion:
                continue  # somebody moved meanwhile; the next tick looks again
            except Exception:
                log.exception("clock tick failed (match %s)", record.id)
        replies.extend(await self.tournaments.tournament_tick())
        replies.extend(await self._digests())
        return replies

    async def _tick_match(self, record: MatchRecord) -> list[Reply]:
        now = self.clock()
        record, pings = await self.quiet.release(record, now)
        if pings:
            return pings  # their commit set the next deadline: a clock event comes next tick
        if "clock" not in record.meta:
            await self.transitions.reschedule(record, None)
            return []
        clocks = tc.Clocks.from_dict(record.meta["clock"])
        # Vacations only ever postpone events, so the clock read without them is the
        # earliest anything can be due: most ticks stop here without reading any settings.
        soonest = tc.next_event(clocks, self.reminders)
        if soonest is None or soonest > now:
            await self.transitions.reschedule(record, soonest)
            return []
        vacations = await self.clocks.vacations(record)
        late = tc.expired(clocks, now, vacations)
        if late:
            done = await self.endings.timeout(record, late[0])
            return [replace(done, text="")]  # nobody asked: only the post and DMs go out
        # A mark the clock was already below when the turn began (24 h with "1d per move")
        # is no news: the turn's own message said how long there is.
        due = [
            (seat, threshold, key)
            for seat, threshold, key in tc.due_reminders(clocks, now, self.reminders, vacations)
            if threshold < clocks.banks[seat]
        ]
        if not due:
            # Paused (a vacation, the bot's downtime): look again when the paused clock says.
            await self.transitions.reschedule(
                record, tc.next_event(clocks, self.reminders, vacations)
            )
            return []
        keys = [key for _, _, key in due]
        # Larger thresholds passed at the same moment are marked too, so they never fire.
        keys += [
            f"{clocks.turn}:{seat}:{int(t)}"
            for seat, threshold, _ in due
            for t in self.reminders
            if t > threshold
        ]
        marked = tc.mark_reminded(clocks, keys)
        updated = (
            await self.transitions.commit(
                record, MatchUpdate(meta={**record.meta, "clock": marked.to_dict()}), now=now
            )
        ).record
        return await self._reminders(updated, clocks, due, now, vacations)

    async def _reminders(
        self,
        updated: MatchRecord,
        clocks: tc.Clocks,
        due: Sequence[tuple[int, float, str]],
        now: float,
        vacations: dict[int, list[tuple[float, float]]],
    ) -> list[Reply]:
        """The reminders ``due`` (seat, threshold, key), each where its player wants it told:
        in the thread, or by DM (a digest reader's too: a clock running out cannot wait)."""
        rules = games.get(updated.game)
        # the players reminded are people, whose names no language changes
        names = await self.reader.player_names(updated, await self.reader.match_language(updated))
        replies = []
        for seat, _threshold, _key in due:
            uid = updated.seats[seat]
            seconds = tc.remaining(clocks, seat, now, vacations) or 0.0
            mode = await self.notifier.mode(uid)
            # in the thread everyone reads it (the server's language); a DM speaks its reader's
            locale = (
                await self.notifier.locale(uid)
                if mode in ("dm", "digest")
                else await self.reader.match_language(updated)
            )
            text = words(locale)(
                "clock.reminder",
                player=names[seat],
                left=tc.format_duration(seconds, locale),
                game=rules.info.title,
                match=updated.id,
            )
            if mode == "thread":
                replies.append(
                    Reply(
                        post=Post(text="⏰ " + text, ping=text, mentions=(uid,)),
                        match_id=updated.id,
                    )
                )
            elif mode in ("dm", "digest"):
                replies.append(
                    Reply(
                        dms=(
                            DirectMessage(
                                uid,
                                "⏰ " + self.notifier.linked(updated, text),
                                topic=f"board:{updated.id}",
                            ),
                        ),
                        match_id=updated.id,
                    )
                )
        return replies

    async def _digests(self) -> list[Reply]:
        now = self.clock()
        replies = []
        due = [
            (uid, prefs)
            for uid, prefs in await self.store.users_with_settings(having=("notify", "digest"))
            if prefs.get("notify") == "digest" and now - float(prefs.get("digest_at", 0)) >= DAY
        ]
        seen = await self.store.user_locales([uid for uid, _ in due]) if due else {}
        for uid, prefs in due:
            locale = languages.person_language(prefs, seen.get(uid))
            lines = await self._waiting_lines(uid, locale)
            await self.store.save_user_settings(uid, {**prefs, "digest_at": now}, now)
            if lines:
                text = words(locale)("waiting.digest") + "\n" + "\n".join(lines)
                replies.append(Reply(dms=(DirectMessage(uid, text, topic="digest"),)))
        return replies

    # -- vacations -------------------------------------------------------------------------
    @guarded
    async def vacation(self, actor: User, days: float) -> Reply:
        """Pause all my clocks for ``days`` (0 ends a running vacation)."""
        say = words(actor.locale)
        await self.reader.touch(actor)
        now = self.clock()
        prefs = dict(await self.notifier.prefs(actor.id))
        spans = [(float(a), float(b)) for a, b in prefs.get("vacations") or []]
        current = [s for s in spans if s[0] <= now < s[1]]
        start_y, end_y = tc.year_bounds(now)
        if days < 0:
            raise Refusal("vacation.negative", given=f"{days:g}")
        if days == 0:
            if not current:
                raise Refusal("vacation.not_on")
            spans = [(a, now) if (a, b) in current else (a, b) for a, b in spans]
            text = say("vacation.back")
        else:
            if current:
                raise Refusal("vacation.already")
            used = tc.vacation_days_used(spans, start_y, end_y)
            left = self.vacation_days - used
            if days > left + 1e-9:
                raise Refusal(
                    "vacation.too_long",
                    asked=Phrase("time.days", {"n": day_count(days)}),
                    n=day_count(left),
                    allowance=f"{self.vacation_days:g}",
                )
            spans.append((now, now + days * DAY))
            text = say(
                "vacation.started",
                length=Phrase("time.days", {"n": day_count(days)}),
                left=Phrase("time.days", {"n": day_count(left - days)}),
            )
        prefs["vacations"] = [list(s) for s in spans if s[1] > start_y - 366 * DAY]
        await self.store.save_user_settings(actor.id, prefs, now)
        # A vacation ended early brings deadlines forward: the scheduler looks again now.
        for record in await self.store.list_matches(user_id=actor.id, statuses=(ACTIVE,)):
            if "clock" in record.meta:
                await self.transitions.reschedule(record, now)
        return Reply(text=text)

    # -- overview --------------------------------------------------------------------------
    async def _waiting_lines(self, user_id: str, locale: str = "en") -> list[str]:
        entries = []
        records = [
            r
            for r in await self.store.list_matches(user_id=user_id, statuses=(ACTIVE,))
            if user_id in r.seats
        ]
        directory = await self.clocks.directory(records)
        for record in records:
            loaded = self.reader.load(record)
            seat = record.seats.index(user_id)
            if seat not in loaded.rules.to_move(loaded.state):
                continue
            urgency = await self.clocks.urgency(record, seat, directory)
            names = directory.player_names(record, locale)
            opponents = plural_names([n for s, n in enumerate(names) if s != seat], locale)
            left = await self.clocks.time_left(record, seat, directory, locale)
            line = self.notifier.linked(
                record,
                words(locale)(
                    "waiting.line_left" if left else "waiting.line",
                    match=record.id,
                    game=loaded.rules.info.title,
                    opponents=opponents,
                    left=left,
                ),
            )
            entries.append((urgency, line))
        return [line for _, line in sorted(entries)]

    @guarded
    async def waiting(self, actor: User) -> Reply:
        """``/waiting``: the matches where it's my turn, the most urgent first."""
        await self.reader.touch(actor)
        say = words(actor.locale)
        lines = await self._waiting_lines(actor.id, actor.locale)
        if not lines:
            return Reply(text=say("waiting.none"))
        return Reply(text=say("waiting.heading") + "\n" + "\n".join(lines))
