"""Two-player challenges from ``/play`` to the first move: a challenge to someone (or an open
one for anyone: a seek), accepting or declining it, a rematch — and the answers to the other
proposals a player may accept or decline (a draw offer, an undo request).

Why one class: ``/accept`` and ``/decline`` answer whatever the other side proposed, so the
class that answers needs to know every kind of proposal; it hands each to the collaborator
that owns it (the lobby, the seeks, the endings) instead of doing their work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Unpack

from bot.service.base import Refusal, User, guarded, match_status
from bot.service.computer import levels
from bot.service.computer.opponents import computer, rated_game
from bot.service.match.clock import timecontrol as tc
from bot.service.match.reader import rules_named
from bot.service.match.venues import where_played
from bot.service.match.wiring import OnCore
from bot.service.matchmaking.lobby import lobby_of
from bot.service.matchmaking.openings import challenger_seat
from bot.service.matchmaking.seeks import Terms, seek_of
from bot.service.play.boards import options_text, seat_label, terms_text
from bot.service.replies import Button, MatchPlace, Post, Reply, is_computer
from bot.service.text.command_map import command_names
from bot.service.text.computer_names import user_name
from bot.service.text.markdown import escape
from bot.words import words
from games.sentences import alternatives
from storage.base import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
    FINISHED,
    OPEN_STATUSES,
    MatchRecord,
    MatchUpdate,
)

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.matchmaking.consent import Consent
    from bot.service.matchmaking.lobby import Lobby
    from bot.service.matchmaking.openings import Openings
    from bot.service.matchmaking.seeks import Seeks
    from bot.service.matchmaking.servers import Servers
    from bot.service.play.endings import Endings

DECISION_WORDS = 3
"""At most this many legal moves, each one word (``keep``, ``swap``), make a turn a decision
that a player may try to answer with /match accept."""


def _rating_bound(terms: Terms) -> str | None:
    """The rating bound given, if any: it only means something for an open challenge (who
    may take the empty seat), so with a named opponent or a lobby it is refused, not
    ignored."""
    if terms.get("min_rating") is not None:
        return "min_rating"
    return "max_rating" if terms.get("max_rating") is not None else None


class Challenges(OnCore):
    """The reader, the transitions, the clocks (terms), the limits (computer games), the
    servers (is the game enabled), the openings (the start), the seed source; and the use
    cases a challenge hands over to: the lobby (bigger games), the seeks (nobody named) and
    the endings (an accepted draw or undo)."""

    def __init__(
        self,
        core: Core,
        servers: Servers,
        openings: Openings,
        lobby: Lobby,
        seeks: Seeks,
        endings: Endings,
        consent: Consent,
    ) -> None:
        self.consent = consent
        """Who takes a challenge from whom (:meth:`Consent.may_challenge`)."""
        super().__init__(core)
        self.servers = servers
        self.openings = openings
        self.lobby = lobby
        self.seeks = seeks
        self.endings = endings

    async def play(
        self,
        actor: User,
        game: str,
        *,
        opponent: User | None = None,
        invited: Sequence[User] = (),
        seats: int | None = None,
        guild_id: str | None = None,
        **terms: Unpack[Terms],
    ) -> Reply:
        """``/play``: a challenge for two-player games (an open one with nobody named), a
        lobby for bigger ones."""
        try:
            info = rules_named(game).info
        except Refusal as refusal:
            return Reply.refuse(refusal.say(actor.locale))
        if info.max_players > 2:
            if (bound := _rating_bound(terms)) is not None:
                return Reply.refuse(words(actor.locale)("seek.range_needs_open", option=bound))
            guests = [*invited, *([opponent] if opponent else [])]
            return await self.lobby.open_lobby(
                actor,
                game,
                seats=seats,
                invited=guests,
                options=terms.get("options"),
                guild_id=guild_id,
                channel_id=terms.get("channel_id"),
                time_control=terms.get("time_control"),
                rated=terms.get("rated"),
            )
        return await self.challenge(actor, game, opponent, guild_id=guild_id, **terms)

    @guarded
    async def challenge(
        self,
        actor: User,
        game: str,
        opponent: User | None,
        *,
        guild_id: str | None = None,
        venue: str | None = None,
        **terms: Unpack[Terms],
    ) -> Reply:
        """A challenge, played where the actor is (:func:`bot.service.match.venues.where_played`)
        unless ``venue`` was decided already (a rematch keeps its match's)."""
        venue, guild_id = where_played(actor, guild_id, venue)
        rules = rules_named(game)
        await self.servers.check_enabled(rules.info.name, guild_id)
        info = rules.info
        if info.max_players > 2:
            raise Refusal("challenge.needs_lobby", game=info.title, name=info.name)
        if info.min_players != 2:
            raise Refusal("challenge.not_two_player", game=info.title)
        if opponent is None:  # nobody named: an open challenge for anyone here
            return await self.seeks.open_seek(actor, game, guild_id=guild_id, venue=venue, **terms)
        if (bound := _rating_bound(terms)) is not None:
            raise Refusal("seek.range_needs_open", option=bound)
        if opponent.id == actor.id:
            raise Refusal("challenge.yourself")
        await self.consent.may_challenge(actor, [opponent])
        color, checked = terms.get("color"), rules.options(terms.get("options"))
        versus_computer = is_computer(opponent.id)
        about_level = ""
        if versus_computer:
            opponent, about_level = await self._computer_level(actor, info, opponent, guild_id)
        if versus_computer:
            await self.limits.computer_game(actor, guild_id)
        extra = await self.clocks.new_match_meta(
            guild_id, terms.get("time_control"), rated_game(terms.get("rated"), versus_computer)
        )
        seed = self._seed_source()
        seat = challenger_seat(rules, color, seed)
        await self.reader.touch(actor, opponent)
        seats = [actor.id, opponent.id] if seat == 0 else [opponent.id, actor.id]
        state = rules.new(2, checked, seed)
        record = await self.transitions.create_match(
            game=info.name,
            options=checked,
            seed=seed,
            status=CHALLENGE,
            seats=seats,
            created_by=actor.id,
            state=rules.dump(state),
            now=self.clock(),
            guild_id=guild_id,
            channel_id=terms.get("channel_id"),
            meta={"color": (color or "random").lower(), **extra},
            venue=venue,
            starter_locale=actor.locale,
        )
        if versus_computer:  # nobody to ask: the computer accepts at once
            return await self._computer_accepts(actor, opponent, record, extra, about_level)
        return await self._challenge_posted(actor, opponent, record, state, checked, extra)

    async def _computer_accepts(
        self,
        actor: User,
        opponent: User,
        record: MatchRecord,
        extra: dict[str, Any],
        about_level: str,
    ) -> Reply:
        """A challenge of the computer, accepted at once: the match begins."""
        started = await self._accept_challenge(opponent, record)
        say = words(actor.locale)
        begins = say(
            "challenge.computer_begins",
            opponent=escape(user_name(opponent, say)),
            match=record.id,
        ) + terms_text(extra, actor.locale, computer=True)
        return dataclasses.replace(
            started,
            text="\n".join(line for line in (about_level, begins) if line),
            created=True,
        )

    async def _challenge_posted(
        self,
        actor: User,
        opponent: User,
        record: MatchRecord,
        state: Any,
        checked: dict[str, Any],
        extra: dict[str, Any],
    ) -> Reply:
        """The challenge post with its Accept and Decline buttons, and the challenger's
        answer."""
        rules = rules_named(record.game)
        info = rules.info
        seat = record.seats.index(actor.id)
        challenger, rival = escape(actor.name), escape(opponent.name)
        names = [challenger, rival] if seat == 0 else [rival, challenger]
        # the challenge post is read by both players: the server's language
        language = await self.reader.match_language(record)
        sides = ", ".join(seat_label(rules, state, i, n, language) for i, n in enumerate(names))
        opts = options_text(rules, checked, language) + terms_text(
            extra, language, venue=record.venue
        )
        shared = words(language)
        post = Post(
            text=shared(
                "challenge.post",
                challenger=challenger,
                opponent=rival,
                game=info.title,
                match=record.id,
                seats=sides,
            )
            + opts,
            ping=shared("challenge.ping", opponent=rival),
            mentions=(opponent.id,),
            buttons=(
                Button(shared("button.accept"), "accept", "success"),
                Button(shared("button.decline"), "decline", "danger"),
            ),
            title=shared("challenge.title", game=info.title, match=record.id),
        )
        return Reply(
            text=words(actor.locale)("challenge.sent", opponent=rival, match=record.id),
            ephemeral=True,
            post=post,
            match_id=record.id,
            created=True,
        )

    async def _computer_level(
        self, actor: User, info: Any, opponent: User, guild_id: str | None
    ) -> tuple[User, str]:
        """The computer with its level settled (``auto`` picks by the actor's rating), and
        the line that tells the actor where that level stands on the game's ladder."""
        if levels.is_auto(opponent.id):
            picked = await levels.pick(self.store, guild_id, info.name, actor.id)
            chosen = computer(picked.level)
            return chosen, levels.picked_line(picked, info.title, actor.locale)
        return opponent, levels.plays_at_line(opponent, info.name, info.title, actor.locale)

    async def attach_place(
        self, match_id: int, *, channel_id: str | None, thread_id: str | None
    ) -> MatchPlace | None:
        """Remember where a match lives (the adapter created its thread); the place as
        stored now (None for an unknown match)."""
        record = await self.transitions.attach_place(
            match_id, channel_id=channel_id, thread_id=thread_id
        )
        return None if record is None else await self.reader.place_of(record)

    @guarded
    async def accept(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Accept whatever the other side proposed: a challenge, a draw or an undo — or
        anyone's open challenge."""
        await self.reader.touch(actor)
        if match_id is not None or where is not None:
            found = await self.reader.find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=False
            )
            if seek_of(found) is not None:
                return await self.seeks.accept_seek(actor, found)
        record = await self._pending_for(actor, match_id, where)
        if record.status == CHALLENGE:
            return await self._accept_challenge(actor, record)
        meta = record.meta
        seat = self.reader.seat_of(record, actor)
        if meta.get("draw_offer") is not None and meta["draw_offer"] != seat:
            return await self.endings.finish_by_agreement(actor, record)
        if meta.get("undo_request") is not None and meta["undo_request"]["seat"] != seat:
            return await self.endings.do_undo(actor, record)
        raise Refusal("answer.nothing_in", match=record.id)

    @guarded
    async def decline(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """Decline a challenge (or withdraw your own), a draw offer or an undo request."""
        await self.reader.touch(actor)
        if match_id is not None or where is not None:
            found = await self.reader.find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=False
            )
            if seek_of(found) is not None and actor.id != found.created_by:
                raise Refusal("seek.only_challenger")
            if actor.id not in found.seats:
                raise Refusal("match.not_playing", match=found.id)
            if lobby_of(found):
                return await self.lobby.leave(actor, match_id=found.id)
        record = await self._pending_for(actor, match_id, where, own_challenges=True)
        if record.status == CHALLENGE:
            withdrawn = actor.id == record.created_by
            status = CANCELLED if withdrawn else DECLINED
            await self.transitions.commit(record, MatchUpdate(status=status))
            text = words(await self.reader.match_language(record))(
                "challenge.withdrawn" if withdrawn else "challenge.declined",
                player=escape(actor.name),
                match=record.id,
            )
            others = tuple(uid for uid in record.seats if uid != actor.id)
            return Reply(
                text=words(actor.locale)("common.done"),
                post=Post(text=text, ping=text, mentions=others),
                match_id=record.id,
            )
        meta = dict(record.meta)
        seat = self.reader.seat_of(record, actor)
        if meta.get("draw_offer") is not None and meta["draw_offer"] != seat:
            meta.pop("draw_offer")
            what = "answer.declined_draw"
        elif meta.get("undo_request") is not None and meta["undo_request"]["seat"] != seat:
            meta.pop("undo_request")
            what = "answer.declined_undo"
        else:
            raise Refusal("answer.nothing_in", match=record.id)
        await self.transitions.commit(record, MatchUpdate(meta=meta))
        others = tuple(uid for uid in record.seats if uid != actor.id)
        text = words(await self.reader.match_language(record))(what, player=escape(actor.name))
        return Reply(
            text=words(actor.locale)("answer.declined"),
            post=Post(text=text, ping=text, mentions=others),
            match_id=record.id,
        )

    async def _pending_for(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        own_challenges: bool = False,
    ) -> MatchRecord:
        if match_id is not None or where is not None:
            record = await self.reader.find(
                actor, match_id, where, statuses=OPEN_STATUSES, participant=True
            )
            if record.status not in OPEN_STATUSES:
                raise Refusal(
                    "answer.not_open", match=record.id, status=match_status(record.status)
                )
            if lobby_of(record):
                raise Refusal("answer.is_lobby", match=record.id)
            if record.status == CHALLENGE and record.created_by == actor.id and not own_challenges:
                raise Refusal("answer.own_challenge")
            return record
        waiting = []
        for m in await self.store.list_matches(user_id=actor.id, statuses=OPEN_STATUSES):
            if actor.id not in m.seats or lobby_of(m):
                continue
            if m.status == CHALLENGE:
                if m.created_by != actor.id or own_challenges:
                    waiting.append(m)
                continue
            seat = m.seats.index(actor.id)
            for key in ("draw_offer", "undo_request"):
                pending = m.meta.get(key)
                if pending is None:
                    continue
                by = pending if key == "draw_offer" else pending["seat"]
                if by != seat:
                    waiting.append(m)
                    break
        if not waiting:
            raise await self._decision(actor) or Refusal(await self._nothing_key(actor))
        if len(waiting) > 1:
            listing = ", ".join(f"#{m.id}" for m in waiting[:8])
            raise Refusal("answer.several", listing=listing)
        return waiting[0]

    async def _decision(self, actor: User) -> Refusal | None:
        """Nothing waits for an answer, but a move that reads like one may: a pie rule's
        "keep or swap" is a move, so /match accept there says to type it as one."""
        for m in await self.store.list_matches(user_id=actor.id, statuses=(ACTIVE,)):
            if actor.id not in m.seats:
                continue
            loaded = self.reader.load(m)
            if m.seats.index(actor.id) not in loaded.rules.to_move(loaded.state):
                continue
            legal = loaded.rules.legal_notations(loaded.state)
            if 1 < len(legal) <= DECISION_WORDS and all(n.isalpha() for n in legal):
                names = command_names(words(actor.locale).language)
                typed = f"/{names.full('move')} {names.option('move')}:"
                return Refusal(
                    "answer.decide", match=m.id, moves=alternatives([typed + n for n in legal])
                )
        return None

    async def _nothing_key(self, actor: User) -> str:
        """Nothing waits for the caller's answer; if someone else's open challenge on the
        server they act from would, the refusal points to ``/seeks``, where it is listed."""
        for m in await self.store.list_matches(statuses=(CHALLENGE,)):
            if (
                seek_of(m) is not None
                and m.created_by != actor.id
                and actor.guild_id is not None
                and m.guild_id == actor.guild_id
            ):
                return "answer.nothing_seeks"
        return "answer.nothing"

    async def _accept_challenge(self, actor: User, record: MatchRecord) -> Reply:
        if record.created_by == actor.id:
            raise Refusal("answer.own_challenge")
        return await self.openings.begin(
            actor,
            record,
            (shared := words(await self.reader.match_language(record)))(
                "challenge.begins", player=escape(user_name(actor, shared))
            ),
        )

    @guarded
    async def rematch(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The same game and options again, colours swapped (a lobby for bigger games)."""
        record = await self.reader.find(actor, match_id, where, statuses=(FINISHED,))
        if record.status != FINISHED:
            raise Refusal("rematch.not_finished", match=record.id)
        others = [
            User(uid, await self.store.user_name(uid) or uid)
            for uid in record.seats
            if uid != actor.id
        ]
        # the same options, place, clock and rating as the finished match
        same: dict[str, Any] = {
            "options": record.options,
            "guild_id": record.guild_id,
            "channel_id": record.channel_id,
            "time_control": tc.TimeControl.from_dict(record.meta.get("time") or {}).text(),
            "rated": record.meta.get("rated", True),
            "venue": record.venue,
        }
        if len(record.seats) > 2:
            return await self.lobby.open_lobby(
                actor, record.game, seats=len(record.seats), invited=others, **same
            )
        seat = record.seats.index(actor.id)
        color = "second" if seat == 0 else "first"
        return await self.challenge(actor, record.game, others[0], color=color, **same)
