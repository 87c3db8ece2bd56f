"""Leagues and Swiss tournaments per server: sign-up, rounds, standings, the final word.

A tournament is one stored row (:class:`storage.TournamentRecord`) whose ``data`` holds the
terms, the entrants and, per round, its boards: who sits where and, once made, the match id of
each board. Everything the bot does with a tournament is a step of :meth:`advance`, which reads
that row, does the next thing that is due, and writes it back against the row's version:

* a round whose pairings are recorded but whose boards are not all made yet: make them (the
  round's matches start together, each with the tournament's clock);
* a round whose matches are all finished: record its results, then pair the next round — or,
  after the last one, finish the tournament and announce the final standings.

Why this shape: a restart (or a crash between two boards) must neither lose a game nor start
one twice. Pairings are written *before* any match is made, each board's match id is written
as soon as its match exists, and a board found without an id is first looked for among its
players' matches (tagged with the tournament, round and board) before a new one is made. Only
the scheduler's leader ticks, and a command that starts a tournament only records round one's
pairings and asks for an immediate :meth:`advance`, so a race between the two at worst finds
the row's version moved and looks again.

Scoring and tie-breaks are :mod:`competition.standings`; who meets whom is
:mod:`competition.pairing`. This module decides only *when*.

Decisions where the issue is silent:

* Anyone may organise a tournament (as many at once as the server's limit allows); its
  organiser (or someone who manages the tournament's server, from that server) starts or
  cancels it. Sign-up closes at the start.
* Two-player games: ``league`` (a single round robin) or ``swiss`` (⌈log₂ n⌉ rounds unless
  ``rounds`` says otherwise). FENCE! (3–6 seats): seating rounds of tables (``table`` seats
  each, 3 rounds unless told), scored a point per table shared by its winners.
* A bye scores a win (1 point) and counts for no tie-break.
* Tournament games are rated unless the tournament says ``rated:false``; they are played
  with the tournament's time control (the server's default if none is named).
* A round waits for its slowest game; the tournament's clock is what keeps it moving — a
  game nobody plays ends on time like any other.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import (
    Refusal,
    User,
    guarded,
    manages,
    parse_id,
    rating_or_new,
    shown_id,
)
from bot.service.match.clock.quiet import QUIET_KEY
from bot.service.match.reader import rules_named
from bot.service.match.wiring import OnCore
from bot.service.matchmaking.tournaments.rounds import (
    FORMAT_WORDS,
    league_rounds,
    planned_rounds,
    rounds_of,
    rows_of,
    system_of,
    with_next_round,
)
from bot.service.replies import Post, Reply
from bot.service.text.command_map import choice_list
from bot.service.text.markdown import escape
from bot.words import words
from competition import pairing
from storage.base import (
    ACTIVE,
    CANCELLED,
    CLOSED_STATUSES,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_CLOSED,
    TOURNAMENT_FINISHED,
    TOURNAMENT_RUNNING,
    TOURNAMENT_SIGNUP,
    MatchRecord,
    MatchUpdate,
    StaleVersion,
    TournamentRecord,
)

if TYPE_CHECKING:
    from bot.service.match.wiring import Core
    from bot.service.matchmaking.servers import Servers
    from bot.service.matchmaking.tournaments.posts import TournamentPosts
    from bot.service.play.boards import Boards

log = logging.getLogger(__name__)

FORMATS = ("league", "swiss")
"""Formats of two-player games; a multi-player game always plays seating rounds (``tables``)."""
POLL_SECONDS = 300.0
"""How often a running tournament looks whether its round is over. A look reads the round's
games and writes the next look's time, so not at every tick: at correspondence speed a next
round that starts within five minutes of the last result is at once."""
MIN_PLAYERS = 3
MAX_PLAYERS = {"league": 20, "swiss": 64, "tables": 60}
STATUS_WORDS = {
    TOURNAMENT_SIGNUP: "tournament.status.signup",
    TOURNAMENT_RUNNING: "tournament.status.running",
    TOURNAMENT_FINISHED: "tournament.status.finished",
    TOURNAMENT_CANCELLED: "tournament.status.cancelled",
}


class Tournaments(OnCore):
    """Tournament use cases: the reader, the presenter (a round's boards), the transitions
    (its matches, and its own row), the clocks (their terms), the limits, the servers (is
    the game enabled), its posts (sign-up and standings), the workers (pairing a round) and
    the seed source; the store to read."""

    def __init__(
        self,
        core: Core,
        boards: Boards,
        servers: Servers,
        posts: TournamentPosts,
    ) -> None:
        super().__init__(core)
        self.boards = boards
        self.tournament_transitions = core.tournament_transitions
        self.servers = servers
        self.posts = posts

    # -- sign-up ---------------------------------------------------------------------------
    @guarded
    async def tournament_create(
        self,
        actor: User,
        game: str,
        *,
        name: str | None = None,
        format: str | None = None,
        rounds: int | None = None,
        table: int | None = None,
        time_control: str | None = None,
        rated: bool | None = None,
        options: dict[str, Any] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        quiet_hours: bool | None = None,
    ) -> Reply:
        """A tournament open for sign-up. ``quiet_hours:false`` keeps every player's clock
        running through their quiet hours and weekends in its games, as a server can for
        all of its matches (the server's ``false`` holds whatever the organiser says)."""
        rules = rules_named(game)
        await self.servers.check_enabled(rules.info.name, guild_id)
        info = rules.info
        if info.max_players > 2:
            system = "tables"
            size = table or min(4, info.max_players)
            if not max(3, info.min_players) <= size <= info.max_players:
                raise Refusal("tournament.bad_table", low=3, high=info.max_players, game=info.title)
        else:
            system = (format or "league").lower()
            size = 2
            if system not in FORMATS:
                raise Refusal("tournament.bad_format", format=format, formats=choice_list(FORMATS))
        if rounds is not None and (rounds < 1 or system == "league"):
            raise Refusal("tournament.bad_rounds")
        most = await self.limits.rounds(guild_id)
        if rounds is not None and rounds > most:
            raise Refusal("limits.rounds", n=most, rounds=rounds)
        await self.limits.tournament(actor, guild_id)
        terms = await self.clocks.new_match_meta(guild_id, time_control, rated)
        if quiet_hours is False:
            terms[QUIET_KEY] = False
        shared = words(await self.reader.language(guild_id))  # the name is everyone's
        title = (name or "").strip()[:60] or shared(
            "tournament.default_name",
            game=info.title,
            format=shared(FORMAT_WORDS[system]),
        )
        record = await self.tournament_transitions.create(
            guild_id=guild_id or "",
            channel_id=channel_id,
            game=info.name,
            name=title,
            created_by=actor.id,
            data={
                "format": system,
                "rounds": rounds,
                "table": size,
                "options": rules.options(options),
                "terms": terms,
                "seed": self._seed_source(),
                "players": [actor.id],
                "rounds_played": [],
            },
        )
        await self.reader.touch(actor)
        return Reply(
            text=words(actor.locale)("tournament.created", id=record.id, name=escape(title)),
            post=await self.posts.signup_post(
                record, shared("tournament.opens", player=escape(actor.name))
            ),
            place=channel_id,
        )

    async def _tournament(
        self, tournament_id: int | None, guild_id: str | None, *, open_only: bool = True
    ) -> TournamentRecord:
        """The tournament a command names, or the only open one of the server."""
        if tournament_id is not None:
            number = parse_id(tournament_id)
            found = None if number is None else await self.store.get_tournament(number)
            if found is None or (guild_id is not None and found.guild_id != (guild_id or "")):
                raise Refusal("tournament.no_such", id=shown_id(tournament_id))
            return found
        statuses = (TOURNAMENT_SIGNUP, TOURNAMENT_RUNNING) if open_only else None
        listed = await self.store.list_tournaments(guild_id=guild_id or "", statuses=statuses)
        if not listed:
            raise Refusal("tournament.none_here")
        if len(listed) > 1:
            ids = ", ".join(f"#{t.id} {escape(t.name)}" for t in listed[:6])
            raise Refusal("tournament.several", listing=ids)
        return listed[0]

    async def _change_signup(
        self, actor: User, tournament_id: int | None, guild_id: str | None, join: bool
    ) -> Reply:
        for _ in range(5):
            record = await self._tournament(tournament_id, guild_id)
            if record.status != TOURNAMENT_SIGNUP:
                raise Refusal("tournament.signup_closed", name=escape(record.name))
            players = list(record.data["players"])
            if join == (actor.id in players):
                raise Refusal("tournament.already_in" if join else "tournament.not_in")
            if join and len(players) >= MAX_PLAYERS[system_of(record.data)]:
                raise Refusal("tournament.full", n=MAX_PLAYERS[system_of(record.data)])
            if join and system_of(record.data) == "league":
                most = await self.limits.rounds(record.guild_id)
                if (needed := league_rounds(len(players) + 1)) > most:
                    raise Refusal(
                        "limits.league_full", n=len(players) + 1, rounds=needed, most=most
                    )
            players = [*players, actor.id] if join else [p for p in players if p != actor.id]
            await self.reader.touch(actor)
            try:
                updated = await self.tournament_transitions.commit(
                    record, data={**record.data, "players": players}
                )
            except StaleVersion:
                continue
            say = words(await self.reader.language(record.guild_id or None))
            headline = say(
                "tournament.joined" if join else "tournament.left", player=escape(actor.name)
            )
            return Reply(
                text=words(actor.locale)("common.done"),
                post=await self.posts.signup_post(updated, headline),
                place=updated.channel_id,
            )
        raise StaleVersion(tournament_id)

    @guarded
    async def tournament_join(
        self, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        return await self._change_signup(actor, tournament_id, guild_id, join=True)

    @guarded
    async def tournament_leave(
        self, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        return await self._change_signup(actor, tournament_id, guild_id, join=False)

    # -- start and cancel ------------------------------------------------------------------
    async def _organised(self, actor: User, tournament_id: int | None) -> TournamentRecord:
        """The tournament an organiser's command is about, on the actor's own server only.

        The server is the actor's (``User.guild_id``, which the front end fills in), never an
        argument: a manager of one server, calling the service with a tournament's id and no
        server, must not reach another server's tournament. The one who organised it, or
        someone who manages *this* server, may run it."""
        record = await self._tournament(tournament_id, actor.guild_id or "")
        if actor.id != record.created_by and not manages(actor, record.guild_id):
            raise Refusal("tournament.organiser_only", name=escape(record.name))
        if record.status in TOURNAMENT_CLOSED:
            raise Refusal("tournament.over", name=escape(record.name))
        return record

    @guarded
    async def tournament_start(
        self, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        """Close sign-up and record round one's pairings; :meth:`advance` makes the boards.
        (``guild_id`` is accepted like the other tournament commands' and not used: an
        organiser acts on their own server.)"""
        record = await self._organised(actor, tournament_id)
        if record.status != TOURNAMENT_SIGNUP:
            raise Refusal("tournament.already_started", name=escape(record.name))
        players = list(record.data["players"])
        if len(players) < MIN_PLAYERS:
            raise Refusal("tournament.too_few", least=MIN_PLAYERS, n=len(players))
        # Seeding: rating order (the strongest first), ties broken by the tournament's seed.
        shuffled = list(players)
        random.Random(record.data["seed"]).shuffle(shuffled)
        ratings = {
            p: (await rating_or_new(self.store, record.guild_id, record.game, p)).rating
            for p in shuffled
        }
        seeded = sorted(shuffled, key=lambda p: -ratings[p])
        data = {**record.data, "players": seeded}
        most = await self.limits.rounds(record.guild_id)
        data["planned"] = planned_rounds(data, most)
        if data["planned"] > most:  # a league signed up before its server lowered the limit
            raise Refusal("limits.league_start", n=data["planned"], most=most)
        if data["format"] == "league":
            data["schedule"] = [[list(p) for p in rnd] for rnd in pairing.round_robin(seeded)]
        # pairing is arithmetic that grows with the field (a 64-player Swiss round is one
        # weighted matching, ~0.2 s): in the worker pool, never on the event loop
        data = await self.workers.run(with_next_round, data)
        await self.tournament_transitions.commit(
            record, status=TOURNAMENT_RUNNING, data=data, due_at=self.clock()
        )
        return Reply(
            text=words(actor.locale)("tournament.started", name=escape(record.name)),
            extra={"tournament": record.id},
        )

    @guarded
    async def tournament_cancel(
        self, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        """Cancel a tournament; games already running go on as ordinary matches."""
        record = await self._organised(actor, tournament_id)
        await self.tournament_transitions.commit(record, status=TOURNAMENT_CANCELLED)
        text = words(await self.reader.language(record.guild_id or None))(
            "tournament.cancelled", name=escape(record.name), player=escape(actor.name)
        )
        return Reply(
            text=words(actor.locale)("common.done"),
            post=Post(text=text),
            place=record.channel_id,
        )

    # -- the rounds ------------------------------------------------------------------------
    async def tournament_tick(self) -> list[Reply]:
        """Every tournament that is due: its round made, scored or followed by the next."""
        replies: list[Reply] = []
        for record in await self.store.due_tournaments(self.clock()):
            try:
                replies.extend(await self.advance(record.id))
            except StaleVersion:
                continue
            except Exception:
                log.exception("tournament %s: advancing failed", record.id)
        return replies

    async def advance(self, tournament_id: int) -> list[Reply]:
        """Do whatever is due in the tournament now (see the module's docstring)."""
        replies: list[Reply] = []
        for _ in range(64):  # a round made, scored and the next one paired: a few steps
            record = await self.store.get_tournament(tournament_id)
            if record is None or record.status != TOURNAMENT_RUNNING:
                return replies
            current = rounds_of(record.data)[-1]
            missing = [i for i, b in enumerate(current["boards"]) if b.get("match") is None]
            if missing:
                replies.extend(
                    await self._make_board(record, len(rounds_of(record.data)), missing[0])
                )
                continue
            matches = [
                await self.store.get_match(b["match"]) for b in current["boards"] if "match" in b
            ]
            if any(m is not None and m.status not in CLOSED_STATUSES for m in matches):
                await self._set_due(record, self.clock() + POLL_SECONDS)
                return replies
            if current.get("scored"):
                replies.extend(await self._next_round(record))
                continue
            await self._score_round(record, matches)
        return replies

    async def _set_due(self, record: TournamentRecord, due: float) -> None:
        with contextlib.suppress(StaleVersion):
            await self.tournament_transitions.commit(record, now=record.updated_at, due_at=due)

    async def _make_board(self, record: TournamentRecord, number: int, index: int) -> list[Reply]:
        """Make board ``index`` of round ``number`` (or find the one a crash left behind)."""
        data = record.data
        board = rounds_of(data)[-1]["boards"][index]
        seats = list(board["seats"])
        if len(seats) == 1:  # a bye: nothing to play
            return await self._record_board(record, index, {"match": 0})
        tag = {"tournament": record.id, "round": number, "board": index}
        existing = next(
            (
                m
                for m in await self.store.list_matches(user_id=seats[0])
                if m.status != CANCELLED and all(m.meta.get(k) == v for k, v in tag.items())
            ),
            None,
        )
        made_here = existing is None
        if existing is None:
            rules = games.get(record.game)
            seed = (data["seed"] * 7919 + number * 131 + index) % 2**31
            state = rules.new(len(seats), data["options"], seed)
            meta = {**data["terms"], **tag}
            meta.update(self.clocks.start_meta(rules, state, len(seats), meta))
            existing = await self.transitions.create_match(
                game=record.game,
                options=data["options"],
                seed=seed,
                status=ACTIVE,
                seats=seats,
                created_by=record.created_by,
                state=rules.dump(state),
                now=self.clock(),
                guild_id=record.guild_id or None,
                channel_id=record.channel_id,
                meta=meta,
                due_at=self.clock(),
            )
        try:
            replies = await self._record_board(record, index, {"match": existing.id})
        except StaleVersion:
            if made_here:
                # Another process made this board at the same moment and recorded its game
                # first: ours is a twin nobody will play, so it goes before anyone sees it.
                await self.transitions.commit(existing, MatchUpdate(status=CANCELLED))
            raise
        shared = words(await self.reader.language(record.guild_id or None))
        names = await self.reader.player_names(existing, shared.language)
        line = shared(
            "tournament.board_line",
            name=escape(record.name),
            round=number,
            rounds=data.get("planned", number),
            players=" – ".join(names),
        )
        started = await self.boards.turn_reply(self.reader.load(existing), [line], "", None)
        return [*replies, dataclasses.replace(started, created=True)]

    async def _record_board(
        self, record: TournamentRecord, index: int, facts: dict[str, Any]
    ) -> list[Reply]:
        data = dict(record.data)
        played = [dict(r) for r in rounds_of(data)]
        boards = [dict(b) for b in played[-1]["boards"]]
        boards[index] = {**boards[index], **facts}
        played[-1] = {**played[-1], "boards": boards}
        await self.tournament_transitions.commit(record, data={**data, "rounds_played": played})
        return []

    async def _score_round(
        self, record: TournamentRecord, matches: Sequence[MatchRecord | None]
    ) -> None:
        data = dict(record.data)
        played = [dict(r) for r in rounds_of(data)]
        by_id = {m.id: m for m in matches if m is not None}
        boards = []
        for board in played[-1]["boards"]:
            match = by_id.get(board.get("match", 0))
            winners: list[int] = []
            if match is not None and match.result is not None:
                winners = list(match.result.get("winners", []))
            boards.append({**board, "winners": winners if match is not None else None})
        played[-1] = {**played[-1], "boards": boards, "scored": True}
        await self.tournament_transitions.commit(record, data={**data, "rounds_played": played})

    async def _next_round(self, record: TournamentRecord) -> list[Reply]:
        data = record.data
        done = len(rounds_of(data))
        if done >= int(data["planned"]):
            return await self._finish_tournament(record)
        try:
            following = await self.workers.run(with_next_round, data)
        except pairing.PairingError:
            # Every pairing left would be a rematch (a Swiss run out of new games): the
            # tournament ends with the rounds it could play.
            log.info("tournament %s: no new pairings after round %s", record.id, done)
            return await self._finish_tournament(record)
        after = await self.tournament_transitions.commit(record, data=following)
        shared = words(await self.reader.language(record.guild_id or None))
        text = shared("tournament.round_begins", name=escape(record.name), round=done + 1,
                      rounds=data["planned"])  # fmt: skip
        return [await self.posts.standings_reply(after, headline=text)]

    async def _finish_tournament(self, record: TournamentRecord) -> list[Reply]:
        await self.tournament_transitions.commit(record, status=TOURNAMENT_FINISHED)
        rows = rows_of(record.data)
        names = await self.store.user_names([r.player for r in rows])
        winners = [escape(names.get(r.player, r.player)) for r in rows if r.rank == 1]
        shared = words(await self.reader.language(record.guild_id or None))
        text = shared("tournament.finished", name=escape(record.name), winners=" & ".join(winners))
        reply = await self.posts.standings_reply(record, headline=text, final=True)
        mentions = tuple(record.data["players"])
        post = dataclasses.replace(
            reply.post or Post(text=text),
            ping=shared("tournament.final_ping", name=escape(record.name)),
            mentions=mentions,
        )
        return [dataclasses.replace(reply, post=post)]

    @guarded
    async def tournament_standings(
        self, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        record = await self._tournament(tournament_id, guild_id, open_only=False)
        if record.status == TOURNAMENT_SIGNUP:
            post = await self.posts.signup_post(record, "")
            return Reply(text=post.text.strip())
        return await self.posts.standings_reply(
            record,
            final=record.status == TOURNAMENT_FINISHED,
            viewer=actor.id,
            locale=actor.locale,
        )

    @guarded
    async def tournaments(self, actor: User, *, guild_id: str | None = None) -> Reply:
        """``/tournament list``: this server's tournaments, open ones first."""
        say = words(actor.locale)
        found = await self.store.list_tournaments(guild_id=guild_id or "")
        if not found:
            return Reply(text=say("tournament.none_listed"))
        order = {TOURNAMENT_SIGNUP: 0, TOURNAMENT_RUNNING: 1}
        found.sort(key=lambda t: (order.get(t.status, 2), -t.id))
        lines = []
        for t in found[:20]:
            lines.append(
                say(
                    "tournament.list_line",
                    id=t.id,
                    name=escape(t.name),
                    game=games.get(t.game).info.title,
                    status=say(STATUS_WORDS[t.status]),
                    n=len(t.data["players"]),
                )
            )
        return Reply(text="\n".join(lines))
