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
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ParamSpec

import games
from bot.service.base import DROP, Loaded, Refusal, User, parse_id, shown_id
from bot.service.match.links import BoardLinks, with_links
from bot.service.match.transition import Transitions, public_version
from bot.service.match.venues import DIRECT, routed
from bot.service.replies import MatchPlace, Reply, is_computer
from bot.service.text.computer_names import shown_name
from bot.service.text.languages import match_language, server_language
from bot.service.text.markdown import escape
from bot.words import Words, words
from games.core import Rules
from storage.base import ACTIVE, CHALLENGE, FINISHED, ActionRecord, MatchRecord, Store

log = logging.getLogger("bot.service")
P = ParamSpec("P")

LinkFn = Callable[[MatchRecord], "str | None"]
"""How a front end links to a match's place (Discord: a jump link), if it can."""


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


class MatchReader:
    """The store (to read), the clock (to stamp users), the transitions (the repair) and the
    front end's link maker (a match's place, in replies)."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        transitions: Transitions,
        link: LinkFn | None = None,
        board_links: BoardLinks | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.transitions = transitions
        self.link = link
        self.board_links = board_links
        """The web board's link signer (None: no web board): a direct match's DMs carry each
        player's own link, as a server's turn DMs do."""

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
        """The players' names by seat as ``locale``'s reader sees them (a computer's in their
        words: :mod:`bot.service.text.computer_names`), escaped for the markdown every post and
        reply is (:mod:`bot.service.text.markdown`); ``raw`` for an image or a file, which are
        not."""
        known = await self.store.user_names(record.seats)
        say = words(locale)
        names = [shown_name(uid, known, say) for uid in record.seats]
        return names if raw else [escape(name) for name in names]

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
        """Where ``record`` lives, for the front end; for a ``new`` match also what its thread
        is called and where its server wants it."""
        title, server = "", {}
        if new:
            language = await self.match_language(record)
            names = " vs ".join(await self.player_names(record, language, raw=True))
            title = f"{record.game.title()} #{record.id}: {names}"
            server = await self.store.guild_settings(record.guild_id) if record.guild_id else {}
        return MatchPlace(
            match_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            thread_id=record.thread_id,
            version=public_version(record),
            computer_in_play=record.status == ACTIVE and any(map(is_computer, record.seats)),
            link=self.link(record) if self.link else None,
            thread_title=title,
            server_channel=server.get("channel") or None,
            threads=server.get("mode", "thread") != "channel",
            venue=record.venue,
        )

    async def placed(self, reply: Reply, *, answered_by: str | None = None) -> Reply:
        """``reply`` with its match's place, read once after the command as it is stored now
        (a refusal has nothing to deliver there and is left as it is), and delivered as its
        venue delivers (:func:`bot.service.match.venues.routed`: ``answered_by`` made the command
        this answers, None when nobody did)."""
        wanted = reply.ok or reply.post is not None or reply.dms
        if reply.match_id is None or reply.match_place is not None or not wanted:
            return reply
        record = await self.store.get_match(reply.match_id)
        if record is None:
            return reply
        delivered = routed(reply, record, answered_by=answered_by)
        if delivered.dms is not reply.dms:  # the board went by DM: with the player's own link
            linked = await with_links(self.board_links, self.store, record, delivered.dms)
            delivered = dataclasses.replace(delivered, dms=linked)
        return dataclasses.replace(
            delivered, match_place=await self.place_of(record, new=reply.created)
        )

    def placing(
        self, case: Callable[P, Awaitable[Reply]], *, answered: bool = True
    ) -> Callable[P, Awaitable[Reply]]:
        """``case`` whose answer says where its match lives (:meth:`placed`); ``answered``:
        a front end answers the command with it (Discord, the console), so a direct match's
        post may be shown where the command was made — not so a move made on the web board,
        whose post has nowhere to go but the players' DMs."""

        @functools.wraps(case)
        async def answer(*args: P.args, **kwargs: P.kwargs) -> Reply:
            actor = next((a for a in args if isinstance(a, User)), None)
            by = actor.id if answered and actor is not None else None
            return await self.placed(await case(*args, **kwargs), answered_by=by)

        return answer

    def placing_each(
        self, deliver: Callable[[list[Reply]], Awaitable[None]]
    ) -> Callable[[list[Reply]], Awaitable[None]]:
        """``deliver`` (a front end's poster of replies made in the background, such as a
        computer's turns) handed each reply placed, as every answer to a front end is."""

        async def placed_delivery(replies: list[Reply]) -> None:
            await deliver([await self.placed(reply) for reply in replies])

        return placed_delivery

    def placing_all(
        self, case: Callable[P, Awaitable[list[Reply]]]
    ) -> Callable[P, Awaitable[list[Reply]]]:
        """``case`` (the scheduler's work: many answers) with each answer placed."""

        @functools.wraps(case)
        async def answers(*args: P.args, **kwargs: P.kwargs) -> list[Reply]:
            return [await self.placed(reply) for reply in await case(*args, **kwargs)]

        return answers
