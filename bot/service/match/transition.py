"""The one guarded transition every change to a match or a tournament goes through.

Why one place: the lifecycle rules of a match — a finished match stays finished, a result and
the ratings it causes agree, a change is committed before anything is posted — must not
depend on each command remembering them. Every use case (a move, a step, resign, draw, undo,
a timeout, a player dropping, accepting or declining a challenge, a lobby starting) builds a
:class:`storage.MatchUpdate` and hands it here; this module

* commits it against the version *and the status* the command read (``expected_status``), so
  a command that read an active match can never write into one that has finished meanwhile —
  and the store refuses any change to a closed match's game regardless;
* when the change finishes the match, computes the ratings from the rows as read and commits
  them in the same transaction with their "rated" receipt (a moved row refuses the commit and
  :func:`bot.service.base.guarded` runs the command again from a fresh read);
* keeps the match's deadline (``due_at``: the next reminder or timeout on its clock, or
  "now" when a computer seat is to move) in the same transaction, so the scheduler reads only
  the matches that are due instead of every active one;
* records that a commit happened, so a failure while rendering or posting afterwards is
  answered "your move was recorded" instead of "nothing was changed";
* drops every conditional move (:mod:`bot.service.play.premoves`) when the change closes the
  match, whichever command closed it.

Nothing else writes a match or tournament row: creating one (:meth:`Transitions.create_match`),
remembering where it lives (:meth:`Transitions.attach_place`), storing a snapshot rebuilt from
the log (:meth:`Transitions.repair_snapshot`), moving a deadline the scheduler keeps
(:meth:`Transitions.reschedule`), a match review's request and result
(:meth:`Transitions.request_review`), and every tournament write (:class:`TournamentTransitions`)
are methods here too, so a test can hold every other module to it (``tests/bot/
test_one_write_path.py``).

Side effects (images, posts, DMs) come after this returns and never inside the transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import games
from bot.service.base import note_commit, rating_or_new
from bot.service.match.clock import timecontrol as tc
from bot.service.match.clock.quiet import HELD_KEY
from bot.service.match.meta import PREMOVES_KEY, without_premoves
from bot.service.replies import is_computer
from bot.service.text.computer_names import shown_name
from bot.service.text.languages import direct_meta, match_language
from bot.service.text.markdown import escape
from bot.words import words
from competition import ratings as glicko
from games.core import Outcome
from storage.base import (
    ACTIVE,
    CLOSED_STATUSES,
    FINISHED,
    TOURNAMENT_CLOSED,
    UNCHANGED,
    VENUE_SERVER,
    ActionRecord,
    MatchClosed,
    MatchRecord,
    MatchUpdate,
    RatingsWrite,
    ReviewRecord,
    StaleVersion,
    Store,
    TournamentClosed,
    TournamentRecord,
    Unchanged,
)

BOARD_VERSION = "board_version"
"""Meta key: the version at which the board last changed, kept while only private changes
follow (see :meth:`Transitions.commit`)."""


def public_version(record: MatchRecord) -> int:
    """The version at which everyone last saw the match change.

    Posts, buttons, menus and panels carry this one, never ``record.version``: a private
    change (one player's conditional moves) moves the row's version, and a button built
    after it would carry a number no other button has — a trace of the secret."""
    board = record.meta.get(BOARD_VERSION)
    return record.version if board is None else int(board)


def stale(record: MatchRecord, version: int | None) -> bool:
    """Whether a press carrying ``version`` (a button, a menu, a panel, a web page's move)
    comes from a board that has changed since. Only the public version is current: every
    board anyone is shown carries it, and answering "current" to any other number (one
    between the public and the stored version, say) would tell whoever tried that a player
    holds conditional moves."""
    if version is None:
        return False
    return version != public_version(record)


@dataclass(frozen=True)
class Committed:
    """What a transition stored, and what the thread should say about ratings."""

    record: MatchRecord
    rating_lines: tuple[str, ...] = ()


class Transitions:
    """Explicit collaborators: the store and the clock; names only for the ratings line."""

    def __init__(
        self, store: Store, clock: Callable[[], float], reminders: Sequence[float] = ()
    ) -> None:
        self.store = store
        self.clock = clock
        self.reminders = tuple(reminders)

    async def commit(
        self,
        record: MatchRecord,
        update: MatchUpdate,
        *,
        append: Sequence[ActionRecord] = (),
        undo_from_ply: int | None = None,
        outcome: Outcome | None = None,
        now: float | None = None,
        private: bool = False,
    ) -> Committed:
        """Commit ``update`` to ``record`` as read; ``outcome`` finishes the match.

        A closed match is refused here already, before any rating is computed: every
        transition is a change to the game (the store lets only bookkeeping through).

        A ``private`` change (one player's conditional moves) must leave no trace another
        player could notice: it keeps ``updated_at`` (listings keep their order) and records
        the version the board last changed at, which buttons posted before and after it
        carry, so they still work (:func:`stale`). Any other change forgets that mark.
        """
        if record.status in CLOSED_STATUSES:
            raise MatchClosed(record.id, record.status)
        meta = record.meta if update.meta is None else update.meta
        if private:
            board = record.meta.get(BOARD_VERSION, record.version)
            update = replace(update, meta={**meta, BOARD_VERSION: board})
            now = record.updated_at
        elif BOARD_VERSION in meta:
            update = replace(update, meta={k: v for k, v in meta.items() if k != BOARD_VERSION})
        now = self.clock() if now is None else now
        ratings: RatingsWrite | None = None
        lines: tuple[str, ...] = ()
        if outcome is not None:
            update = replace(update, status=FINISHED, result=outcome.to_dict())
            ratings, lines = await self._ratings(record, outcome, now)
        if update.status in CLOSED_STATUSES:
            # Conditional moves answer a match that goes on: whatever ends it (a move, a
            # resignation, an agreed draw, the clock, a withdrawal) drops them here, once.
            closing = record.meta if update.meta is None else update.meta
            if PREMOVES_KEY in closing:
                update = replace(update, meta=without_premoves(closing))
        update = replace(update, due_at=self.due_at(record, update, now))
        updated = await self.store.commit(
            record.id,
            record.version,
            update,
            now=now,
            append=append,
            undo_from_ply=undo_from_ply,
            expected_status=record.status,
            ratings=ratings,
        )
        note_commit(record.id)
        return Committed(updated, lines)

    async def create_match(
        self, *, starter_locale: str | None = None, **fields: Any
    ) -> MatchRecord:
        """A new match row (a challenge, a seek, a lobby, a tournament's board), exactly as
        :meth:`storage.Store.create_match` takes it; stamped with the clock unless ``now``
        is given. A direct match keeps the language of ``starter_locale`` (whoever started
        it) for its posts: there is no server to ask (:mod:`bot.service.text.languages`)."""
        fields.setdefault("now", self.clock())
        spoken = direct_meta(fields.get("venue", VENUE_SERVER), starter_locale)
        if spoken:
            fields["meta"] = {**fields.get("meta", {}), **spoken}
        return await self.store.create_match(**fields)

    async def attach_place(
        self, match_id: int, *, channel_id: str | None, thread_id: str | None
    ) -> MatchRecord | None:
        """Remember where a match lives (the front end made its thread): bookkeeping, which
        the store allows even on a closed match, retried on a version that moved meanwhile.
        The record as stored afterwards, or None for an unknown match."""
        for _ in range(5):
            record = await self.store.get_match(match_id)
            if record is None:
                return None
            try:
                return await self.store.commit(
                    match_id,
                    record.version,
                    MatchUpdate(channel_id=channel_id, thread_id=thread_id),
                    now=self.clock(),
                )
            except StaleVersion:
                continue
        return await self.store.get_match(match_id)

    async def repair_snapshot(self, record: MatchRecord, state: dict[str, Any]) -> MatchRecord:
        """``record`` with ``state`` (rebuilt from the log) as its snapshot: stored while the
        match is active, only in memory once it is closed (its game may not change, and the
        rebuilt state is the same game). A version that moved meanwhile keeps the repair in
        memory too: whoever moved stored a readable state."""
        if record.status == ACTIVE:
            try:
                return await self.store.commit(
                    record.id, record.version, MatchUpdate(state=state), now=self.clock()
                )
            except StaleVersion:
                pass
        return replace(record, state=state)

    async def reschedule(self, record: MatchRecord, due_at: float | None) -> None:
        """Move the match's deadline without a versioned change (the scheduler's own
        bookkeeping: nothing due yet, or a vacation ended early); see ``Store.set_due``. A
        turn ping held for quiet hours keeps its own moment."""
        moments = [float(at) for at in (record.meta.get(HELD_KEY) or {}).values()]
        if due_at is not None or moments:
            due_at = min([*moments, *([due_at] if due_at is not None else [])])
        await self.store.set_due(record.id, due_at)

    async def request_review(self, record: MatchRecord, user_id: str) -> tuple[ReviewRecord, bool]:
        """Keep the request for a finished match's review before any work starts (a restart
        resumes it); the match's one review and whether this request made it."""
        if record.status != FINISHED:
            raise MatchClosed(record.id, record.status)  # only a result can be reviewed
        return await self.store.request_review(record.id, user_id, self.clock())

    async def finish_review(self, match_id: int, result: dict[str, Any]) -> ReviewRecord | None:
        """Keep a review's result; the first one stays if two processes both worked it out."""
        return await self.store.finish_review(match_id, result, self.clock())

    def due_at(self, record: MatchRecord, update: MatchUpdate, now: float) -> float | None:
        """The earliest moment the scheduler must look at the match after ``update``.

        Vacations and the bot's own outages only ever postpone a clock's events, so the
        clock read without them is a safe lower bound; a tick that finds nothing due yet
        moves the mark to the real moment (``set_due``)."""
        status = update.status or record.status
        if status != ACTIVE:
            return None
        meta = record.meta if update.meta is None else update.meta
        moments: list[float] = []
        if "clock" in meta:
            event = tc.next_event(tc.Clocks.from_dict(meta["clock"]), self.reminders)
            if event is not None:
                moments.append(event)
        moments += [float(at) for at in (meta.get(HELD_KEY) or {}).values()]
        seats = list(record.seats if update.seats is None else update.seats)
        if any(is_computer(uid) for uid in seats):
            rules = games.get(record.game)
            state = rules.load(record.state if update.state is None else update.state)
            if any(is_computer(seats[s]) for s in rules.to_move(state) if s < len(seats)):
                moments.append(now)
        return min(moments) if moments else None

    async def _ratings(
        self, record: MatchRecord, outcome: Outcome, now: float
    ) -> tuple[RatingsWrite | None, tuple[str, ...]]:
        """Ratings from the rows as they are now, each row's ``games`` as its version.

        Unrated matches (``rated:false``) and matches where one person held several seats
        change nobody's rating: there is nothing to learn about anyone's strength.
        """
        if not record.meta.get("rated", False) or len(set(record.seats)) < len(record.seats):
            return None, ()
        guild = record.guild_id or ""
        before = [await rating_or_new(self.store, guild, record.game, uid) for uid in record.seats]
        # Two seats: Glicko-2. More (FENCE!): a finishing order, rated as one by Plackett-Luce.
        if len(before) == 2:
            after = glicko.rate_match(before, outcome.winners, now)
        else:
            ranks = glicko.finishing_ranks(len(before), outcome.winners, outcome.scores)
            after = glicko.rate_ranking(before, ranks, now)
        expected = {r.user_id: r.games for r in before}
        names = await self.store.user_names(record.seats)
        say = words(await match_language(self.store, record))
        changes = ", ".join(
            f"{escape(shown_name(old.user_id, names, say))} {glicko.display(old)} → "
            f"{glicko.display(new)}"
            for old, new in zip(before, after, strict=True)
        )
        return RatingsWrite(guild, record.game, after, expected), (
            say("rating.changes", changes=changes),
        )


@dataclass(eq=False, repr=False)
class TournamentTransitions:
    """Every write of a tournament's row: its creation and each versioned change (entrants,
    the start, a round's pairings and boards, its scores, the final word, a cancel, the
    time of the next look). A finished or cancelled tournament is refused here, before
    anything is written, as the store would refuse it."""

    store: Store
    clock: Callable[[], float]

    async def create(
        self,
        *,
        guild_id: str,
        channel_id: str | None,
        game: str,
        name: str,
        created_by: str,
        data: dict[str, Any],
    ) -> TournamentRecord:
        return await self.store.create_tournament(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            name=name,
            created_by=created_by,
            data=data,
            now=self.clock(),
        )

    async def commit(
        self,
        record: TournamentRecord,
        *,
        status: str | None = None,
        data: dict[str, Any] | None = None,
        due_at: float | Unchanged | None = UNCHANGED,
        now: float | None = None,
    ) -> TournamentRecord:
        """Change ``record`` as read (its version); ``now`` defaults to the clock — the
        scheduler's own look-again mark passes the row's ``updated_at`` so it reorders
        nothing."""
        if record.status in TOURNAMENT_CLOSED:
            raise TournamentClosed(record.id, record.status)
        return await self.store.update_tournament(
            record.id,
            record.version,
            now=self.clock() if now is None else now,
            status=status,
            data=data,
            due_at=due_at,
        )
