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
import functools
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
from bot.service.image_labels import image_labels
from bot.service.replies import Button, Post, Reply
from bot.words import words
from competition import pairing
from competition.standings import (
    Result,
    Row,
    standings,
    standings_cells,
    standings_text,
)
from render import standings as table_image
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
    from bot.service import Service

log = logging.getLogger(__name__)

FORMATS = ("league", "swiss")
"""Formats of two-player games; a multi-player game always plays seating rounds (``tables``)."""
POLL_SECONDS = 300.0
"""How often a running tournament looks whether its round is over. A look reads the round's
games and writes the next look's time, so not at every tick: at correspondence speed a next
round that starts within five minutes of the last result is at once."""
MIN_PLAYERS = 3
MAX_PLAYERS = {"league": 20, "swiss": 64, "tables": 60}
TIE_BREAK = {
    "league": ("tiebreak.sb", "tiebreak.sb_short"),
    "swiss": ("tiebreak.buchholz", "tiebreak.buchholz_short"),
    "tables": ("tiebreak.buchholz", "tiebreak.buchholz_short"),
}
"""The tie-break of each system, in full and as a column title."""
FORMAT_WORDS = {
    "league": "tournament.format.league",
    "swiss": "tournament.format.swiss",
    "tables": "tournament.format.tables",
}
STATUS_WORDS = {
    TOURNAMENT_SIGNUP: "tournament.status.signup",
    TOURNAMENT_RUNNING: "tournament.status.running",
    TOURNAMENT_FINISHED: "tournament.status.finished",
    TOURNAMENT_CANCELLED: "tournament.status.cancelled",
}


def _system(data: dict[str, Any]) -> str:
    return str(data["format"])


def _rounds(data: dict[str, Any]) -> list[dict[str, Any]]:
    return list(data.get("rounds_played", []))


def _results(data: dict[str, Any]) -> list[Result]:
    """Every finished board and bye recorded so far, as the standings read them."""
    out: list[Result] = []
    for number, rnd in enumerate(_rounds(data), start=1):
        for board in rnd["boards"]:
            if len(board["seats"]) == 1:
                out.append(Result(number, tuple(board["seats"]), (0,), bye=True))
            elif board.get("winners") is not None:
                out.append(Result(number, tuple(board["seats"]), tuple(board["winners"])))
    return out


def _planned_rounds(data: dict[str, Any], most: int) -> int:
    """A league plays everyone once; a Swiss asks for at most as many rounds as a round robin
    has, since only that many rounds without a rematch can exist. The rounds a Swiss or a
    seating tournament plays are capped at ``most`` (the server's limit); a league's follow
    from its field, which is bounded instead (:func:`_league_rounds`)."""
    players = len(data["players"])
    if data["format"] == "league":
        return _league_rounds(players)
    if data["format"] == "swiss":
        asked = int(data.get("rounds") or pairing.swiss_rounds(players))
        return min(_league_rounds(players), asked, most)
    return min(int(data.get("rounds") or 3), most)


def _league_rounds(players: int) -> int:
    """Rounds of a single round robin: an odd field adds a bye round."""
    return players - 1 if players % 2 == 0 else players


class TournamentCases:
    """Tournament use cases; mixed into :class:`bot.service.Service`."""

    # -- sign-up ---------------------------------------------------------------------------
    @guarded
    async def tournament_create(
        self: Service,
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
    ) -> Reply:
        rules = self._rules_named(game)
        await self._check_enabled(rules.info.name, guild_id)
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
                raise Refusal("tournament.bad_format", format=format, formats=", ".join(FORMATS))
        if rounds is not None and (rounds < 1 or system == "league"):
            raise Refusal("tournament.bad_rounds")
        most = await self.limits.rounds(guild_id)
        if rounds is not None and rounds > most:
            raise Refusal("limits.rounds", most=most, rounds=rounds)
        await self.limits.tournament(actor, guild_id)
        terms = await self.clocks.new_match_meta(guild_id, time_control, rated)
        title = (name or "").strip()[:60] or words()(
            "tournament.default_name",
            game=info.title,
            format=words()(FORMAT_WORDS[system]),
        )
        record = await self.store.create_tournament(
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
            now=self.clock(),
        )
        await self._touch(actor)
        return Reply(
            text=words(actor.locale)("tournament.created", id=record.id, name=title),
            post=await self._signup_post(record, words()("tournament.opens", player=actor.name)),
            place=channel_id,
        )

    async def _signup_post(self: Service, record: TournamentRecord, headline: str) -> Post:
        say = words()
        data = record.data
        names = await self.store.user_names(data["players"])
        rules = games.get(record.game)
        lines = [
            headline,
            say(
                "tournament.signup",
                name=record.name,
                id=record.id,
                game=rules.info.title,
                format=say(FORMAT_WORDS[_system(data)]),
            ),
            self._terms_text({**data["terms"]}).strip(),
            say(
                "tournament.entrants",
                count=len(data["players"]),
                players=", ".join(names.get(p, p) for p in data["players"]),
            ),
        ]
        return Post(
            text="\n".join(lines),
            buttons=(
                Button(say("button.join"), "tournament_join", "success", str(record.id)),
                Button(say("button.leave"), "tournament_leave", "secondary", str(record.id)),
            ),
            title=say("tournament.title", name=record.name, id=record.id),
        )

    async def _tournament(
        self: Service, tournament_id: int | None, guild_id: str | None, *, open_only: bool = True
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
            ids = ", ".join(f"#{t.id} {t.name}" for t in listed[:6])
            raise Refusal("tournament.several", listing=ids)
        return listed[0]

    async def _change_signup(
        self: Service, actor: User, tournament_id: int | None, guild_id: str | None, join: bool
    ) -> Reply:
        for _ in range(5):
            record = await self._tournament(tournament_id, guild_id)
            if record.status != TOURNAMENT_SIGNUP:
                raise Refusal("tournament.signup_closed", name=record.name)
            players = list(record.data["players"])
            if join == (actor.id in players):
                raise Refusal("tournament.already_in" if join else "tournament.not_in")
            if join and len(players) >= MAX_PLAYERS[_system(record.data)]:
                raise Refusal("tournament.full", most=MAX_PLAYERS[_system(record.data)])
            if join and _system(record.data) == "league":
                most = await self.limits.rounds(record.guild_id)
                if (needed := _league_rounds(len(players) + 1)) > most:
                    raise Refusal(
                        "limits.league_full", count=len(players) + 1, rounds=needed, most=most
                    )
            players = [*players, actor.id] if join else [p for p in players if p != actor.id]
            await self._touch(actor)
            try:
                updated = await self.store.update_tournament(
                    record.id,
                    record.version,
                    now=self.clock(),
                    data={**record.data, "players": players},
                )
            except StaleVersion:
                continue
            say = words()
            headline = say("tournament.joined" if join else "tournament.left", player=actor.name)
            return Reply(
                text=words(actor.locale)("common.done"),
                post=await self._signup_post(updated, headline),
                place=updated.channel_id,
            )
        raise StaleVersion(tournament_id)

    @guarded
    async def tournament_join(
        self: Service, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        return await self._change_signup(actor, tournament_id, guild_id, join=True)

    @guarded
    async def tournament_leave(
        self: Service, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        return await self._change_signup(actor, tournament_id, guild_id, join=False)

    # -- start and cancel ------------------------------------------------------------------
    async def _organised(self: Service, actor: User, tournament_id: int | None) -> TournamentRecord:
        """The tournament an organiser's command is about, on the actor's own server only.

        The server is the actor's (``User.guild_id``, which the front end fills in), never an
        argument: a manager of one server, calling the service with a tournament's id and no
        server, must not reach another server's tournament. The one who organised it, or
        someone who manages *this* server, may run it."""
        record = await self._tournament(tournament_id, actor.guild_id or "")
        if actor.id != record.created_by and not manages(actor, record.guild_id):
            raise Refusal("tournament.organiser_only", name=record.name)
        if record.status in TOURNAMENT_CLOSED:
            raise Refusal("tournament.over", name=record.name)
        return record

    @guarded
    async def tournament_start(
        self: Service, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        """Close sign-up and record round one's pairings; :meth:`advance` makes the boards.
        (``guild_id`` is accepted like the other tournament commands' and not used: an
        organiser acts on their own server.)"""
        record = await self._organised(actor, tournament_id)
        if record.status != TOURNAMENT_SIGNUP:
            raise Refusal("tournament.already_started", name=record.name)
        players = list(record.data["players"])
        if len(players) < MIN_PLAYERS:
            raise Refusal("tournament.too_few", least=MIN_PLAYERS, count=len(players))
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
        data["planned"] = _planned_rounds(data, most)
        if data["planned"] > most:  # a league signed up before its server lowered the limit
            raise Refusal("limits.league_start", rounds=data["planned"], most=most)
        if data["format"] == "league":
            data["schedule"] = [[list(p) for p in rnd] for rnd in pairing.round_robin(seeded)]
        # pairing is arithmetic that grows with the field (a 64-player Swiss round is one
        # weighted matching, ~0.2 s): in the worker pool, never on the event loop
        data = await self.workers.run(_with_next_round, data)
        await self.store.update_tournament(
            record.id,
            record.version,
            now=self.clock(),
            status=TOURNAMENT_RUNNING,
            data=data,
            due_at=self.clock(),
        )
        return Reply(
            text=words(actor.locale)("tournament.started", name=record.name),
            extra={"tournament": record.id},
        )

    @guarded
    async def tournament_cancel(
        self: Service, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        """Cancel a tournament; games already running go on as ordinary matches."""
        record = await self._organised(actor, tournament_id)
        await self.store.update_tournament(
            record.id, record.version, now=self.clock(), status=TOURNAMENT_CANCELLED
        )
        text = words()("tournament.cancelled", name=record.name, player=actor.name)
        return Reply(
            text=words(actor.locale)("common.done"),
            post=Post(text=text),
            place=record.channel_id,
        )

    # -- the rounds ------------------------------------------------------------------------
    async def tournament_tick(self: Service) -> list[Reply]:
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

    async def advance(self: Service, tournament_id: int) -> list[Reply]:
        """Do whatever is due in the tournament now (see the module's docstring)."""
        replies: list[Reply] = []
        for _ in range(64):  # a round made, scored and the next one paired: a few steps
            record = await self.store.get_tournament(tournament_id)
            if record is None or record.status != TOURNAMENT_RUNNING:
                return replies
            current = _rounds(record.data)[-1]
            missing = [i for i, b in enumerate(current["boards"]) if b.get("match") is None]
            if missing:
                replies.extend(
                    await self._make_board(record, len(_rounds(record.data)), missing[0])
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

    async def _set_due(self: Service, record: TournamentRecord, due: float) -> None:
        with contextlib.suppress(StaleVersion):
            await self.store.update_tournament(
                record.id, record.version, now=record.updated_at, due_at=due
            )

    async def _make_board(
        self: Service, record: TournamentRecord, number: int, index: int
    ) -> list[Reply]:
        """Make board ``index`` of round ``number`` (or find the one a crash left behind)."""
        data = record.data
        board = _rounds(data)[-1]["boards"][index]
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
            existing = await self.store.create_match(
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
                await self.store.commit(
                    existing.id, existing.version, MatchUpdate(status=CANCELLED), now=self.clock()
                )
            raise
        names = await self.player_names(existing)
        line = words()(
            "tournament.board_line",
            name=record.name,
            round=number,
            rounds=data.get("planned", number),
            players=" – ".join(names),
        )
        started = await self._turn_reply(self._load(existing), [line], "", None)
        return [*replies, dataclasses.replace(started, created=True)]

    async def _record_board(
        self: Service, record: TournamentRecord, index: int, facts: dict[str, Any]
    ) -> list[Reply]:
        data = dict(record.data)
        played = [dict(r) for r in _rounds(data)]
        boards = [dict(b) for b in played[-1]["boards"]]
        boards[index] = {**boards[index], **facts}
        played[-1] = {**played[-1], "boards": boards}
        await self.store.update_tournament(
            record.id, record.version, now=self.clock(), data={**data, "rounds_played": played}
        )
        return []

    async def _score_round(
        self: Service, record: TournamentRecord, matches: Sequence[MatchRecord | None]
    ) -> None:
        data = dict(record.data)
        played = [dict(r) for r in _rounds(data)]
        by_id = {m.id: m for m in matches if m is not None}
        boards = []
        for board in played[-1]["boards"]:
            match = by_id.get(board.get("match", 0))
            winners: list[int] = []
            if match is not None and match.result is not None:
                winners = list(match.result.get("winners", []))
            boards.append({**board, "winners": winners if match is not None else None})
        played[-1] = {**played[-1], "boards": boards, "scored": True}
        await self.store.update_tournament(
            record.id, record.version, now=self.clock(), data={**data, "rounds_played": played}
        )

    async def _next_round(self: Service, record: TournamentRecord) -> list[Reply]:
        data = record.data
        done = len(_rounds(data))
        if done >= int(data["planned"]):
            return await self._finish_tournament(record)
        try:
            following = await self.workers.run(_with_next_round, data)
        except pairing.PairingError:
            # Every pairing left would be a rematch (a Swiss run out of new games): the
            # tournament ends with the rounds it could play.
            log.info("tournament %s: no new pairings after round %s", record.id, done)
            return await self._finish_tournament(record)
        after = await self.store.update_tournament(
            record.id, record.version, now=self.clock(), data=following
        )
        text = words()("tournament.round_begins", name=record.name, round=done + 1,
                       rounds=data["planned"])  # fmt: skip
        return [await self._standings_reply(after, headline=text)]

    async def _finish_tournament(self: Service, record: TournamentRecord) -> list[Reply]:
        await self.store.update_tournament(
            record.id, record.version, now=self.clock(), status=TOURNAMENT_FINISHED
        )
        rows = self._rows(record)
        names = await self.store.user_names([r.player for r in rows])
        winners = [names.get(r.player, r.player) for r in rows if r.rank == 1]
        text = words()("tournament.finished", name=record.name, winners=" & ".join(winners))
        reply = await self._standings_reply(record, headline=text, final=True)
        mentions = tuple(record.data["players"])
        post = dataclasses.replace(
            reply.post or Post(text=text),
            ping=words()("tournament.final_ping", name=record.name),
            mentions=mentions,
        )
        return [dataclasses.replace(reply, post=post)]

    # -- standings ---------------------------------------------------------------------------
    def _rows(self: Service, record: TournamentRecord) -> list[Row]:
        return standings(record.data["players"], _results(record.data), _system(record.data))

    async def _standings_reply(
        self: Service,
        record: TournamentRecord,
        *,
        headline: str = "",
        final: bool = False,
        viewer: str | None = None,
    ) -> Reply:
        rows = self._rows(record)
        names = await self.store.user_names(record.data["players"])
        system = _system(record.data)
        say = words()
        played = sum(1 for r in _rounds(record.data) if r.get("scored"))
        planned = record.data.get("planned", "?")
        if final:
            stage = say("tournament.final_standings")
        elif played:
            stage = say("tournament.after_round", round=played, rounds=planned)
        else:
            stage = say("tournament.no_results", rounds=planned)
        title = f"{record.name} — {stage}"
        table = standings_text(rows, names, system)
        header = (
            say("tournament.col.rank"),
            say("tournament.col.player"),
            say("tournament.col.points"),
            say(TIE_BREAK[system][1]),
            say("tournament.col.record"),
        )
        _, cells = standings_cells(rows, names, system)  # the header is said in words
        highlight = next((i for i, r in enumerate(rows) if r.player == viewer), None)
        image = await self.workers.run(
            functools.partial(
                table_image.standings_image,
                title,
                header,
                cells,
                highlight=highlight,
                footnote=say("tournament.tiebreak_note", tiebreak=say(TIE_BREAK[system][0])),
                labels=image_labels(say.language),
            )
        )
        text = "\n".join(x for x in (headline, f"**{title}**", table) if x)
        return Reply(
            text=text,
            ephemeral=viewer is not None,
            image=image if viewer is not None else None,
            image_name="standings.png",
            post=None if viewer is not None else Post(text=text, image=image, title=title),
            place=None if viewer is not None else record.channel_id,
        )

    @guarded
    async def tournament_standings(
        self: Service, actor: User, *, tournament_id: int | None = None, guild_id: str | None = None
    ) -> Reply:
        record = await self._tournament(tournament_id, guild_id, open_only=False)
        if record.status == TOURNAMENT_SIGNUP:
            post = await self._signup_post(record, "")
            return Reply(text=post.text.strip())
        return await self._standings_reply(
            record, final=record.status == TOURNAMENT_FINISHED, viewer=actor.id
        )

    @guarded
    async def tournaments(self: Service, actor: User, *, guild_id: str | None = None) -> Reply:
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
                    name=t.name,
                    game=games.get(t.game).info.title,
                    status=say(STATUS_WORDS[t.status]),
                    count=len(t.data["players"]),
                )
            )
        return Reply(text="\n".join(lines))


def _with_next_round(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the next round's pairings recorded (no match made yet)."""
    played = _rounds(data)
    number = len(played) + 1
    players = list(data["players"])
    system = _system(data)
    if system == "league":
        boards = [[p for p in pair if p is not None] for pair in data["schedule"][number - 1]]
    elif system == "swiss":
        scores: dict[str, float] = {p: 0.0 for p in players}
        for row in standings(players, _results(data), "swiss"):
            scores[row.player] = row.points
        history: list[pairing.Pairing] = []
        for rnd in played:
            for b in rnd["boards"]:
                seats = b["seats"]
                history.append((seats[0], seats[1] if len(seats) > 1 else None))
        boards = [
            [p for p in pair if p is not None]
            for pair in pairing.swiss_pairings(players, scores, history)
        ]
    else:
        met: dict[frozenset[str], int] = {}
        for rnd in played:
            for b in rnd["boards"]:
                for i, a in enumerate(b["seats"]):
                    for other in b["seats"][i + 1 :]:
                        key = frozenset((a, other))
                        met[key] = met.get(key, 0) + 1
        boards = pairing.fence_tables(players, int(data["table"]), met, data["seed"] + number)
    return {
        **data,
        "rounds_played": [*played, {"boards": [{"seats": list(b)} for b in boards]}],
    }
