"""Reading the match a command is about: find it, make sure its snapshot loads, say who sits
where and what they are called.

Why one collaborator: every use case starts the same way — "which match, may this person
see it, which seat is theirs" — and those answers must be the same for a move, a panel, a
hint and an export. The reader only reads; the one write it may cause (a snapshot rebuilt
from the log) goes through :meth:`Transitions.repair_snapshot`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import games
from bot.service.base import DROP, Loaded, Refusal, User, parse_id, shown_id
from bot.service.match.places import LinkFn, place_of
from bot.service.match.transition import Transitions
from bot.service.match.venues import DIRECT
from bot.service.replies import MatchPlace
from bot.service.text.computer_names import names_by_seat
from bot.service.text.languages import match_language, server_language
from bot.words import DEFAULT_LANGUAGE, Words, words
from games.core import Rules
from storage.base import ACTIVE, CHALLENGE, FINISHED, ActionRecord, MatchRecord, Store

log = logging.getLogger("bot.service")


def rules_named(game: str) -> Rules[Any, Any]:
    """The rules of a game a player named; an unknown name is a :class:`Refusal` that
    lists the games there are."""
    try:
        return games.get(game)
    except KeyError as exc:
        raise Refusal(str(exc.args[0])) from None


def last_turn(log: Sequence[ActionRecord]) -> list[ActionRecord]:
    """The live rows of the log's last turn (the steps of the turn being played, or of the
    one just ended)."""
    live = [a for a in log if not a.undone]
    if not live:
        return []
    turn = live[-1].detail.get("turn")
    return [a for a in live if a.detail.get("turn") == turn]


def last_turn_begins_inside(rows: Sequence[ActionRecord]) -> bool:
    """Whether the end of a log ``rows`` shows where its last turn began: it holds a live row
    of an earlier turn."""
    live = [a for a in rows if not a.undone]
    return bool(live) and any(a.detail.get("turn") != live[-1].detail.get("turn") for a in live)


def replay(rules: Rules[Any, Any], record: MatchRecord, actions: Sequence[ActionRecord]) -> Any:
    """Rebuild a match's state from its log — the log is the truth."""
    state = rules.new(len(record.seats), record.options, record.seed)
    for action in actions:
        if action.notation == DROP:
            state = rules.drop_player(state, action.seat)
        else:
            state = rules.apply(state, rules.parse(state, action.notation))
    return state


@dataclasses.dataclass(frozen=True)
class MatchContext(Loaded):
    """A loaded match (record, rules, state) with the thread's language, the players' stored
    names and the end of the log (as :meth:`MatchReader.recent_log` reads it: every live row
    of the last turn and the last ply): a match as one command sees it, read once
    (:meth:`MatchReader.context`), then handed down.

    Why an object: a move used to ask the reader eight times for pieces of the same match,
    and the board post after it asked again. Every step of a move — the checks, the parse,
    the commit, the board post — takes them from here, and :meth:`after` carries them past
    the commit without another read (the seats, their names and the thread's language do
    not change with a move). Plain fields, no lookups: the steps read them often."""

    language: str = DEFAULT_LANGUAGE
    """The language of the match's shared posts (:mod:`bot.service.text.languages`)."""
    shared: Words = dataclasses.field(default_factory=lambda: words(DEFAULT_LANGUAGE))
    """The sentences of the match's shared posts, in ``language``."""
    known: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Stored names by user id (a computer's name is said in the reader's words instead)."""
    log: Sequence[ActionRecord] = ()
    _names: dict[tuple[object, bool], list[str]] = dataclasses.field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(
        cls,
        loaded: Loaded,
        language: str,
        known: Mapping[str, str],
        log: Sequence[ActionRecord],
    ) -> MatchContext:
        return cls(
            loaded.record, loaded.rules, loaded.state, loaded._views, language,
            words(language), known, log,
        )  # fmt: skip

    @property
    def loaded(self) -> Loaded:
        """The match itself (what a use case that takes a :class:`Loaded` is handed)."""
        return self

    def names(self, locale: object | None = None, *, raw: bool = False) -> list[str]:
        """The players' names by seat for ``locale``'s reader (the thread's by default),
        worked out once per language."""
        key = (self.language if locale is None else locale, raw)
        if key not in self._names:
            self._names[key] = names_by_seat(self.record.seats, self.known, key[0], raw=raw)
        return self._names[key]

    def seat_of(self, user_id: str) -> int:
        return self.record.seats.index(user_id)

    def after(
        self, record: MatchRecord, state: Any, appended: Sequence[ActionRecord]
    ) -> MatchContext:
        """The context after a commit that stored ``record`` with ``state`` and appended the
        rows ``appended`` to its log: what the board post after a move reads (the seats,
        their names and the thread's language are the move's)."""
        return MatchContext(
            record, self.rules, state, {}, self.language, self.shared, self.known,
            [*self.log, *appended], self._names,
        )  # fmt: skip


@dataclass(eq=False, repr=False)
class MatchReader:
    """The store (to read), the clock (to stamp users), the transitions (the repair) and the
    front end's link maker (a match's place)."""

    store: Store
    clock: Callable[[], float]
    transitions: Transitions
    link: LinkFn | None = None

    async def touch(self, *users: User) -> None:
        now = self.clock()
        for user in users:
            await self.store.ensure_user(user.id, user.name, now)

    async def language(self, guild_id: str | None) -> str:
        """The language of ``guild_id``'s shared posts: its match threads, their images and
        every other post many people read (:mod:`bot.service.text.languages`)."""
        return await server_language(self.store, guild_id)

    async def match_language(self, record: MatchRecord) -> str:
        """The language of ``record``'s shared posts: its server's, or a direct match's own
        (:func:`bot.service.text.languages.match_language`)."""
        return await match_language(self.store, record)

    async def shared(self, record: MatchRecord) -> Words:
        """The sentences of ``record``'s shared posts, in its language."""
        return words(await self.match_language(record))

    async def player_names(
        self, record: MatchRecord, locale: object, *, raw: bool = False
    ) -> list[str]:
        """The players' names by seat as ``locale``'s reader sees them
        (:func:`bot.service.match.reader.names_by_seat`)."""
        known = await self.store.user_names(record.seats)
        return names_by_seat(record.seats, known, locale, raw=raw)

    async def context(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        statuses: Sequence[str] = (ACTIVE,),
    ) -> MatchContext:
        """The match a command by ``actor`` is about (:meth:`find_loaded`), read once with all
        a move needs of it (:class:`bot.service.match.reader.MatchContext`); ``actor`` is
        touched after the read that brought the players' names, so an unchanged name is not
        written."""
        loaded = await self.find_loaded(actor, match_id, where, statuses=statuses)
        await self.touch(actor)
        return await self.context_of(loaded)

    async def context_of(self, loaded: Loaded) -> MatchContext:
        """``loaded`` with its thread's language, its players' names and the end of its log."""
        record = loaded.record
        return MatchContext.of(
            loaded,
            await self.match_language(record),
            await self.store.user_names(record.seats),
            await self.recent_log(record.id),
        )

    @staticmethod
    def load(record: MatchRecord) -> Loaded:
        rules = games.get(record.game)
        return Loaded(record, rules, rules.load(record.state))

    async def find(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        statuses: Sequence[str] = (ACTIVE,),
        participant: bool = True,
        recent: Sequence[str] = (),
    ) -> MatchRecord:
        """The match a command is about: the explicit id (any status), else the match whose
        thread the command was typed in, else the caller's only match in ``statuses`` —
        finished matches never make the choice ambiguous — else, for commands that read a
        match after its end (``recent``: the statuses that may stand in), the caller's newest
        such match, the one played where the command was typed first: a finished match in a
        channel (no thread of its own) is what "this match" means right after it ended."""
        record = await self._found(actor, match_id, where, statuses, participant, recent)
        return await self.readable(record)

    async def _found(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        statuses: Sequence[str],
        participant: bool,
        recent: Sequence[str],
    ) -> MatchRecord:
        """The match :meth:`find` means, seen by ``actor``, its snapshot not yet checked."""
        if match_id is not None:
            number = parse_id(match_id)
            record = None if number is None else await self.store.get_match(number)
            if record is None:
                raise Refusal("match.no_such", match=shown_id(match_id))
        elif where is not None and (record := await self.store.find_by_thread(where)):
            pass
        else:
            mine = [
                m
                for m in await self.store.list_matches(user_id=actor.id, statuses=statuses)
                if actor.id in m.seats
            ]
            if not mine:
                mine = await self._newest(actor, where, recent)
            if not mine:
                raise await self._none_here(actor)
            if len(mine) > 1 and where is not None:
                # A DM or group DM holds its matches without threads: the one started here.
                mine = [m for m in mine if m.channel_id == where] or mine
            if len(mine) > 1:
                listing = ", ".join([f"#{m.id} {games.get(m.game).info.title}" for m in mine[:6]])
                raise Refusal("match.several", listing=listing)
            # Read again by id: the read that brings its log, names and settings along.
            record = await self.store.get_match(mine[0].id) or mine[0]
        if participant and actor.id not in record.seats:
            raise Refusal("match.not_playing", match=record.id)
        if not self.may_see(actor, record):
            raise Refusal("match.not_visible")
        return record

    async def find_loaded(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        statuses: Sequence[str] = (ACTIVE,),
        participant: bool = True,
    ) -> Loaded:
        """:meth:`find` with the match's state loaded, once: loading validates the state
        and works out whose turn it is and the legal moves, which costs a move as much as
        anything else it does, so the load that checks the snapshot is the one returned."""
        record = await self._found(actor, match_id, where, statuses, participant, ())
        return await self._loaded(record)

    async def _newest(
        self, actor: User, where: str | None, statuses: Sequence[str]
    ) -> list[MatchRecord]:
        """The caller's newest match in ``statuses``, one played in ``where`` first."""
        if not statuses:
            return []
        theirs = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=statuses)
            if actor.id in m.seats
        ]
        here = [m for m in theirs if where is not None and where in (m.channel_id, m.thread_id)]
        newest = max(here or theirs, key=lambda m: (m.updated_at, m.id), default=None)
        return [] if newest is None else [newest]

    async def _none_here(self, actor: User) -> Refusal:
        """Why there is no match to act on: a challenge of the caller's own still waits for
        its answer (say whose), else nothing at all (start one)."""
        waiting = [
            m
            for m in await self.store.list_matches(user_id=actor.id, statuses=(CHALLENGE,))
            if m.created_by == actor.id and "lobby" not in m.meta and len(m.seats) > 1
        ]
        if not waiting:
            return Refusal("match.none_here")
        record = max(waiting, key=lambda m: m.id)
        names = await self.player_names(record, actor.locale)
        others = [n for uid, n in zip(record.seats, names, strict=True) if uid != actor.id]
        return Refusal("match.awaits_answer", match=record.id, players=", ".join(others))

    async def readable(self, record: MatchRecord) -> MatchRecord:
        """The record with a snapshot the rules can load: an unreadable one (a bad disk, a
        hand edit, an old bug) is rebuilt from the action log, which is the truth, logged,
        and stored again while the match is open (a closed match's snapshot is only repaired
        in memory: its game may not change, and the rebuilt state is the same game)."""
        if record.status not in (ACTIVE, FINISHED):
            return record
        return (await self._loaded(record)).record

    async def _loaded(self, record: MatchRecord) -> Loaded:
        """``record`` loaded; an unreadable snapshot is rebuilt (see :meth:`readable`)."""
        rules = games.get(record.game)
        try:
            return Loaded(record, rules, rules.load(record.state))
        except Exception:
            if record.status not in (ACTIVE, FINISHED):
                raise
            log.error(
                "match %s: the stored position is unreadable; rebuilding it from the log",
                record.id,
                exc_info=True,
            )
        actions = await self.store.actions(record.id)
        state = await asyncio.to_thread(replay, rules, record, actions)
        repaired = await self.transitions.repair_snapshot(record, rules.dump(state))
        return Loaded(repaired, rules, rules.load(repaired.state))

    @staticmethod
    def may_see(actor: User, record: MatchRecord) -> bool:
        """Players always see their match; anyone else only from the server it is played in
        and where they can see its thread or channel (the front end says which they can
        see; the console is one server where everyone sees everything). A direct match has
        no thread: whoever is in the DM or group DM it was started in sees its posts there
        (the front end says so of the channel a command came from)."""
        if actor.id in record.seats or actor.can_view is None:
            return True
        if record.venue == DIRECT:
            return record.channel_id is not None and actor.can_view(record.channel_id)
        if actor.guild_id is None or record.guild_id != actor.guild_id:
            return False
        place = record.thread_id or record.channel_id
        return place is not None and actor.can_view(place)

    @staticmethod
    def seat_of(record: MatchRecord, actor: User) -> int:
        return record.seats.index(actor.id)

    async def live_actions(self, match_id: int) -> list[ActionRecord]:
        return await self.store.actions(match_id)

    async def recent_log(self, match_id: int) -> list[ActionRecord]:
        """The end of the log (undone rows included), long enough to hold its last ply and
        every live row of its last turn: what a move and a board need, without reading a
        long game's whole log (the first read of the match brought it along)."""
        tail = await self.store.recent_actions(match_id)
        if tail.whole or last_turn_begins_inside(tail.rows):
            return list(tail.rows)
        return await self.store.actions(match_id, include_undone=True)

    async def holds_match(self, where: str) -> bool:
        """Whether ``where`` (a thread or channel id) is some match's own place."""
        return await self.store.find_by_thread(where) is not None

    async def place_of(self, record: MatchRecord, *, new: bool = False) -> MatchPlace:
        """Where ``record`` lives, for the front end (:func:`bot.service.match.places.place_of`)."""
        return await place_of(self.store, self.link, record, new=new)
