"""Lobbies for games of more than two players (FENCE! seats 2–6).

A two-player game starts with a challenge that one opponent answers. A bigger game needs a
place where people gather first: a lobby is a match in the ``challenge`` status whose
``meta["lobby"]`` says how many seats it has and whom the creator invited. Players join and
leave freely; the creator starts the game once at least the game's minimum has joined.

Decisions where the issue is silent:

* Seats are taken in joining order (the creator is seat 0); who moves first is up to the
  rules engine (FENCE! rolls for its First Player), so joining early is no advantage.
* Anyone who can see the lobby may join — an invitation pings the invitee and lists them, it
  does not reserve a seat. A full lobby refuses further joins and pings the creator to start.
* The creator's ``/leave`` (or ``/decline``) cancels the lobby; everyone else just leaves.
* Only the creator adds computer players (it is their table to fill); a computer seat is
  removed like anyone else's by closing the lobby — the creator's ``/leave``.
* A lobby with a computer seat follows the rule of every game with the computer
  (:func:`bot.service.computer.opponents.rated_game`): unrated unless its creator asked
  ``rated:true``. The lobby keeps what was asked, so the terms in its post change to
  "unrated" (saying why) the moment a computer sits down.
* ``/join`` typed outside a lobby's thread picks the lobby one is invited to, else the only
  lobby with a free seat opened in that channel — in the console, which has no channels,
  the only one anywhere — so the issue's ``bob: /join`` works without a match id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Refusal, User, guarded, plural_names
from bot.service.computer import levels
from bot.service.computer.opponents import computer, has_computer, level_of, rated_game
from bot.service.match.reader import rules_named
from bot.service.match.venues import where_played
from bot.service.match.wiring import OnCore
from bot.service.play.boards import options_text, seat_label, terms_text
from bot.service.replies import Button, Post, Reply, is_computer
from bot.service.text.computer_names import user_name
from bot.service.text.describer import said
from bot.service.text.markdown import escape
from bot.words import Words, words
from storage.base import ACTIVE, CANCELLED, CHALLENGE, MatchRecord, MatchUpdate

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.matchmaking.consent import Consent
    from bot.service.matchmaking.servers import Servers
    from bot.service.play.boards import Boards


def lobby_buttons(say: Words) -> tuple[Button, ...]:
    """The lobby post's buttons, in the server's language (``say``)."""
    return (
        Button(say("button.join"), "join", "success"),
        Button(say("button.leave"), "leave", "secondary"),
        Button(say("button.add_computer"), "add_computer", "secondary"),
        Button(say("button.start"), "start", "primary"),
    )


def lobby_of(record: MatchRecord) -> dict[str, Any] | None:
    """The lobby facts of a match still gathering players, else None."""
    lobby = record.meta.get("lobby")
    return lobby if record.status == CHALLENGE and isinstance(lobby, dict) else None


class Lobby(OnCore):
    """Use cases of a lobby: the reader, the presenter (the start's board), the transitions,
    the clocks (terms, and the start), the limits (computer seats), the servers (is the game
    enabled) and the seed source; the store to create lobbies and look them up."""

    def __init__(self, core: Core, boards: Boards, servers: Servers, consent: Consent) -> None:
        self.consent = consent
        """Who takes an invitation, or a seat, from whom (:class:`Consent`)."""
        super().__init__(core)
        self.boards = boards
        self.servers = servers

    @guarded
    async def open_lobby(
        self,
        actor: User,
        game: str,
        *,
        seats: int | None = None,
        invited: Sequence[User] = (),
        options: dict[str, Any] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        time_control: str | None = None,
        rated: bool | None = None,
        venue: str | None = None,
    ) -> Reply:
        venue, guild_id = where_played(actor, guild_id, venue)
        rules = rules_named(game)
        await self.servers.check_enabled(rules.info.name, guild_id)
        info = rules.info
        size = info.max_players if seats is None else int(seats)
        if not info.min_players <= size <= info.max_players:
            raise Refusal(
                "lobby.bad_size",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
                size=size,
            )
        checked = rules.options(options)
        guests = [u for u in dict.fromkeys(invited) if u.id != actor.id]
        await self.consent.may_challenge(actor, guests)
        computers, about_level = await self._invited_computers(actor, info, guests, guild_id)
        computers = computers[: size - 1]
        terms = await self.clocks.new_match_meta(
            guild_id, time_control, rated_game(rated, bool(computers))
        )
        guests = [u for u in guests if not is_computer(u.id)]
        if computers:
            await self.limits.computer_game(actor, guild_id)
        await self.reader.touch(actor, *guests, *computers)
        seed = self._seed_source()
        record = await self.transitions.create_match(
            game=info.name,
            options=checked,
            seed=seed,
            status=CHALLENGE,
            seats=[actor.id, *(c.id for c in computers)],
            created_by=actor.id,
            state=rules.dump(rules.new(info.min_players, checked, seed)),
            now=self.clock(),
            guild_id=guild_id,
            channel_id=channel_id,
            meta={
                **terms,
                # what the creator asked (None: nothing) decides again when a computer joins
                "lobby": {"seats": size, "invited": [u.id for u in guests], "rated": rated},
            },
            venue=venue,
            starter_locale=actor.locale,
        )
        return await self._opened(actor, record, guests, about_level)

    async def _invited_computers(
        self, actor: User, info: Any, guests: Sequence[User], guild_id: str | None
    ) -> tuple[list[User], str]:
        """The computers invited (console ``opponent:ai``), who take their seats at once, each
        at its level (``auto``: nearest the creator's rating here, said in the line given)."""
        computers = []
        about_level = ""
        for n, u in enumerate((g for g in guests if is_computer(g.id)), start=1):
            level = level_of(u.id)
            if levels.is_auto(u.id):  # level:auto: nearest the creator's rating here
                picked = await levels.pick(self.store, guild_id, info.name, actor.id)
                level, about_level = (
                    picked.level,
                    levels.picked_line(picked, info.title, actor.locale),
                )
            computers.append(computer(level, n))
        return computers, about_level

    async def _opened(
        self, actor: User, record: MatchRecord, guests: Sequence[User], about_level: str
    ) -> Reply:
        """The new lobby's post (pinging whoever was invited) and its creator's answer."""
        info = rules_named(record.game).info
        shared = await self.reader.shared(record)  # the lobby's post is read by everyone
        post = await self._lobby_post(
            record, shared("lobby.opens", player=escape(actor.name), game=info.title)
        )
        if guests:
            post = Post(
                text=post.text,
                ping=shared(
                    "lobby.invited",
                    players=plural_names([escape(g.name) for g in guests], shared.language),
                ),
                mentions=tuple(g.id for g in guests),
                buttons=post.buttons,
                title=post.title,
            )
        opened = words(actor.locale)("lobby.opened", match=record.id)
        return Reply(
            text="\n".join(line for line in (about_level, opened) if line),
            post=post,
            match_id=record.id,
            created=True,
        )

    async def _lobby_post(self, record: MatchRecord, headline: str) -> Post:
        lobby = lobby_of(record) or {}
        rules = games.get(record.game)
        say = await self.reader.shared(record)
        names = await self.reader.player_names(record, say.language)
        invited = [
            escape(await self.store.user_name(uid) or uid)
            for uid in lobby.get("invited", [])
            if uid not in record.seats
        ]
        lines = [
            headline,
            say(
                "lobby.players",
                seated=len(record.seats),
                seats=lobby.get("seats", "?"),
                names=", ".join(names),
            ),
        ]
        if invited:
            lines.append(say("lobby.invited_list", names=", ".join(invited)))
        need = rules.info.min_players - len(record.seats)
        lines.append(
            say("lobby.waiting", n=need) if need > 0 else say("lobby.can_start", player=names[0])
        )
        lines.append(options_text(rules, record.options, say.language).strip())
        lines.append(
            terms_text(
                record.meta, say.language, computer=has_computer(record), venue=record.venue
            ).strip()
        )
        return Post(
            text="\n".join(line for line in lines if line),
            buttons=lobby_buttons(say),
            title=say("lobby.title", game=rules.info.title, match=record.id),
        )

    async def _lobby_for(
        self,
        actor: User,
        match_id: int | None,
        where: str | None,
        *,
        joining: bool = False,
    ) -> MatchRecord:
        """The lobby a command is about: the id, else the lobby whose thread it was typed
        in, else the one open lobby that fits — for ``/join`` one the caller is invited to,
        else one with a seat free opened in this channel (anywhere, in the console, which
        has no channels); for the others the one lobby the caller sits in."""
        record = None
        if match_id is not None:
            record = await self.reader.find(
                actor, match_id, None, statuses=(CHALLENGE,), participant=False
            )
        elif where is not None:
            record = await self.store.find_by_thread(where)
        if record is None:
            record = await self._only_lobby(actor, where, joining=joining)
        if lobby_of(record) is None:
            if record.status == ACTIVE and record.meta.get("started_from_lobby"):
                raise Refusal("lobby.started_already", match=record.id)
            if record.status == CANCELLED and "lobby" in record.meta:
                raise Refusal("lobby.was_closed", match=record.id)
            raise Refusal("lobby.not_a_lobby", match=record.id)
        return record

    async def _only_lobby(self, actor: User, where: str | None, *, joining: bool) -> MatchRecord:
        lobbies = [m for m in await self.store.list_matches(statuses=(CHALLENGE,)) if lobby_of(m)]
        if joining:
            free = [m for m in lobbies if actor.id not in m.seats]
            invited = [m for m in free if actor.id in (lobby_of(m) or {}).get("invited", [])]
            nearby = [m for m in free if where is None or where in (m.channel_id, m.thread_id)]
            candidates = invited or nearby
        else:
            candidates = [m for m in lobbies if actor.id in m.seats]
        if not candidates:
            if joining:
                raise Refusal("lobby.none_to_join")
            raise Refusal("lobby.none_mine")
        if len(candidates) > 1:
            listing = ", ".join(f"#{m.id}" for m in candidates[:8])
            raise Refusal("lobby.several", listing=listing)
        return candidates[0]

    @guarded
    async def join(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        await self.reader.touch(actor)
        record = await self._lobby_for(actor, match_id, where, joining=True)
        lobby = lobby_of(record) or {}
        if actor.id in record.seats:
            raise Refusal("lobby.already_in", match=record.id)
        if len(record.seats) >= lobby.get("seats", 0):
            raise Refusal("lobby.full", match=record.id)
        await self.consent.may_join(actor, [record.created_by, *record.seats])
        updated = (
            await self.transitions.commit(record, MatchUpdate(seats=[*record.seats, actor.id]))
        ).record
        shared = await self.reader.shared(updated)
        post = await self._lobby_post(updated, shared("lobby.joins", player=escape(actor.name)))
        if len(updated.seats) >= lobby.get("seats", 0):
            creator = escape(await self.store.user_name(updated.created_by) or updated.created_by)
            post = Post(
                text=post.text,
                ping=shared("lobby.full_ping", player=creator),
                mentions=(updated.created_by,),
                buttons=post.buttons,
                title=post.title,
            )
        return Reply(
            text=words(actor.locale)("lobby.joined", match=record.id), post=post, match_id=record.id
        )

    @guarded
    async def add_computer(
        self,
        actor: User,
        *,
        match_id: int | None = None,
        where: str | None = None,
        level: str = "normal",
    ) -> Reply:
        """The "Add computer" button: a computer player takes the next free seat."""
        await self.reader.touch(actor)
        record = await self._lobby_for(actor, match_id, where)
        lobby = lobby_of(record) or {}
        if actor.id != record.created_by:
            creator = escape(await self.store.user_name(record.created_by) or record.created_by)
            raise Refusal("lobby.only_creator_adds", player=creator)
        if len(record.seats) >= lobby.get("seats", 0):
            raise Refusal("lobby.full", match=record.id)
        if not has_computer(record):  # the lobby becomes a game against the computer
            await self.limits.computer_game(actor, record.guild_id)
        number = 1 + sum(is_computer(uid) for uid in record.seats)
        about_level = ""
        if level == levels.AUTO:  # the level nearest the creator's rating in this game
            picked = await levels.pick(self.store, record.guild_id, record.game, actor.id)
            level = picked.level
            about_level = levels.picked_line(
                picked, rules_named(record.game).info.title, actor.locale
            )
        player = computer(level, number)
        await self.reader.touch(player)
        # a game with a computer in it: unrated unless its creator asked rated:true
        meta = {**record.meta, "rated": rated_game(lobby.get("rated"), True)}
        updated = (
            await self.transitions.commit(
                record, MatchUpdate(seats=[*record.seats, player.id], meta=meta)
            )
        ).record
        post = await self._lobby_post(
            updated,
            (shared := await self.reader.shared(updated))(
                "lobby.adds",
                player=escape(actor.name),
                computer=escape(user_name(player, shared)),
            ),
        )
        say = words(actor.locale)
        joined = say(
            "lobby.computer_joined", computer=escape(user_name(player, say)), match=record.id
        )
        return Reply(
            text="\n".join(line for line in (about_level, joined) if line),
            post=post,
            match_id=record.id,
        )

    @guarded
    async def leave(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        await self.reader.touch(actor)
        record = await self._lobby_for(actor, match_id, where)
        if actor.id not in record.seats:
            raise Refusal("lobby.not_in", match=record.id)
        if actor.id == record.created_by:
            await self.transitions.commit(record, MatchUpdate(status=CANCELLED))
            others = tuple(uid for uid in record.seats if uid != actor.id)
            text = (await self.reader.shared(record))(
                "lobby.closed_post", player=escape(actor.name), match=record.id
            )
            return Reply(
                text=words(actor.locale)("lobby.closed"),
                post=Post(text=text, ping=text if others else "", mentions=others),
                match_id=record.id,
            )
        seats = [uid for uid in record.seats if uid != actor.id]
        updated = (await self.transitions.commit(record, MatchUpdate(seats=seats))).record
        post = await self._lobby_post(
            updated, (await self.reader.shared(updated))("lobby.leaves", player=escape(actor.name))
        )
        return Reply(
            text=words(actor.locale)("lobby.left", match=record.id), post=post, match_id=record.id
        )

    @guarded
    async def start(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        await self.reader.touch(actor)
        record = await self._lobby_for(actor, match_id, where)
        rules = games.get(record.game)
        if actor.id != record.created_by:
            creator = escape(await self.store.user_name(record.created_by) or record.created_by)
            raise Refusal("lobby.only_creator", player=creator)
        if len(record.seats) < rules.info.min_players:
            raise Refusal(
                "lobby.too_few",
                game=rules.info.title,
                low=rules.info.min_players,
                n=len(record.seats),
            )
        state = rules.new(len(record.seats), record.options, record.seed)
        meta = {k: v for k, v in record.meta.items() if k != "lobby"}
        meta["started_from_lobby"] = True
        meta.update(self.clocks.start_meta(rules, state, len(record.seats), record.meta))
        updated = (
            await self.transitions.commit(
                record, MatchUpdate(status=ACTIVE, state=rules.dump(state), meta=meta)
            )
        ).record
        loaded = self.reader.load(updated)
        shared = await self.reader.shared(updated)
        names = await self.reader.player_names(updated, shared.language)
        seating = ", ".join(
            seat_label(rules, state, seat, name, shared.language) for seat, name in enumerate(names)
        )
        lines = [
            shared("lobby.starts", player=escape(actor.name), seats=seating),
            *(said(shared, notice) for notice in rules.presentation.notices(state, state)),
        ]
        return await self.boards.turn_reply(
            loaded, lines, words(actor.locale)("lobby.started"), None
        )
