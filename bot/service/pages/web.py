"""The web board's use cases: who may look at a match's page, what the page shows, a move
made by clicking, and the replay of every position.

Why in the service: the browser is one more front end. It must obey exactly the rules the
thread obeys — the same visibility decision, the same hidden-information door
(``Rules.view``), the same :meth:`bot.service.Service.move` with its guards, transaction,
thread post and pings — so the web process only parses HTTP and draws; everything it shows
or does is decided here.

What a page may contain: the public view for everyone; a seat's own view (a FENCE! hand) and
its legal moves only for a link made for that seat. The replay shows public views only,
finished matches included, so a link never reveals what its holder could not have seen.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import games
from bot.service.base import DROP, Refusal, User, guarded, parse_id, plural_names, shown_id
from bot.service.match.clock import timecontrol as tc
from bot.service.match.clock.clocks import ClockKeeper
from bot.service.match.links import BoardLinks, own_seat
from bot.service.match.transition import BOARD_VERSION, public_version
from bot.service.matchmaking.servers import SPECTATORS_KEY
from bot.service.pages.activity import ActivitySessions, Session
from bot.service.pages.pending import pending
from bot.service.play.boards import guided, seat_label, seat_word
from bot.service.replies import Link, Reply
from bot.service.text.computer_names import shown_name
from bot.service.text.describer import (
    NO_SEATS,
    Seats,
    said,
    seats_of,
    shown_notation,
    told_in_words,
    told_label,
    told_page_view,
    told_path,
    turn_text,
)
from bot.service.text.languages import chosen_language
from bot.words import Words, words
from games.core import Outcome, Rules
from games.sentences import listing
from storage.base import ACTIVE, FINISHED, ActionRecord, MatchRecord, Store

log = logging.getLogger(__name__)

FEW_KINDS = 4
"""A guided turn's first choices named in its prompt when there are at most this many."""
CACHE_SIZE = 64
"""Matches whose legal moves and replayed positions are kept (per web process)."""
Steps = tuple[tuple[int, str], ...]
"""A log's live steps as a replay kept for it names them: (seat, notation) each."""


class MoveCall(Protocol):
    """:meth:`bot.service.Service.move`: the one way any front end plays."""

    def __call__(
        self, actor: User, text: str, *, match_id: int | None = ..., version: int | None = ...
    ) -> Awaitable[Reply]: ...


@dataclasses.dataclass(frozen=True)
class Access:
    """Who is looking at which match: ``seat`` when the link is a seat's (moves allowed)."""

    record: MatchRecord
    seat: int | None
    user_id: str | None


class BoardPages:
    """Built with what it uses: the store, the clocks, the link signer (None: the web board is
    off), :meth:`Service.move`, the service's rule for who may see a match and the sessions of
    the board inside Discord (None: no Activity)."""

    def __init__(
        self,
        store: Store,
        clocks: ClockKeeper,
        links: BoardLinks | None,
        move: MoveCall,
        may_see: Callable[[User, MatchRecord], bool],
        sessions: ActivitySessions | None = None,
    ) -> None:
        self.store = store
        self.clocks = clocks
        self.links = links
        self.sessions = sessions
        """Sessions of the board inside Discord (None: no Activity)."""
        self._move = move
        self._may_see = may_see
        self._moves: OrderedDict[tuple[int, int, int, str], list[dict[str, Any]]] = OrderedDict()
        self._states: OrderedDict[int, tuple[tuple[tuple[int, str], ...], list[Any]]] = (
            OrderedDict()
        )

    @property
    def enabled(self) -> bool:
        return self.links is not None

    # -- links ------------------------------------------------------------------------------
    @guarded
    async def link(
        self, actor: User, *, match_id: int | None = None, where: str | None = None
    ) -> Reply:
        """The caller's own link: a seat's (to move by clicking) for a player, a looking-only
        one for anyone the service lets see the match; answered to the caller alone."""
        links = self._links()
        say = words(actor.locale)
        record = None
        if match_id is not None:
            number = parse_id(match_id)
            record = None if number is None else await self.store.get_match(number)
            if record is None:
                raise Refusal("match.no_such", match=shown_id(match_id))
        elif where is not None:
            record = await self.store.find_by_thread(where)
        if record is None:
            raise Refusal("match.none_here")
        if record.status not in (ACTIVE, FINISHED):
            raise Refusal("board.not_started", match=record.id)
        if actor.id in record.seats:
            seat = own_seat(record, actor.id)
            text, label = say("web.link_yours", match=record.id), say("web.open_yours")
        elif self._may_see(actor, record):
            seat = None
            text, label = say("web.link_spectator", match=record.id), say("web.open_board")
        else:
            raise Refusal("match.not_visible")
        url = links.url(record.id, seat, actor.id)
        return Reply(text=text, links=(Link(label, url),), match_id=record.id)

    def _links(self) -> BoardLinks:
        if self.links is None:
            raise Refusal("web.off")
        return self.links

    # -- who may look -------------------------------------------------------------------------
    async def access(self, token: str | None, match_id: object) -> Access:
        """The page's one gate: a valid link for this match, a session of the board inside
        Discord (:mod:`bot.service.pages.activity`) whose user may see it, or none where the match's
        server lets anyone look. A :class:`Refusal` says which it is not."""
        links = self._links()
        number = parse_id(match_id)
        if number is None:
            raise Refusal("match.no_such", match=shown_id(match_id))
        session = self._session(token)
        grant = links.read(token, number) if token and session is None else None
        record = await self.store.get_match(number)
        if record is None:
            raise Refusal("match.no_such", match=number)
        if session is not None:
            return await self._by_session(session, record)
        if grant is None:
            if not await self.public(record):
                raise Refusal("web.private")
        elif grant.seat is not None and not (
            0 <= grant.seat < len(record.seats) and record.seats[grant.seat] == grant.user_id
        ):
            raise Refusal("web.bad_link")  # the seat changed hands since the link was made
        if record.status not in (ACTIVE, FINISHED):
            raise Refusal("board.not_started", match=record.id)
        return Access(record, grant.seat if grant else None, grant.user_id if grant else None)

    def _session(self, token: str | None) -> Session | None:
        """The session ``token`` is, if it claims to be one (a forged or ended one is
        refused here, never read as a link)."""
        if not token or self.sessions is None or not self.sessions.claims(token):
            return None
        return self.sessions.read(token)

    async def _by_session(self, session: Session, record: MatchRecord) -> Access:
        """A player's own seat; anyone else watches where the service's rule lets the
        session's user see the match (its thread or channel is where their Activity runs) or
        the server lets everyone look."""
        if record.status not in (ACTIVE, FINISHED):
            raise Refusal("board.not_started", match=record.id)
        if session.user_id in record.seats:
            return Access(record, own_seat(record, session.user_id), session.user_id)
        if self._may_see(session.viewer(), record) or await self.public(record):
            return Access(record, None, session.user_id)
        raise Refusal("web.activity.not_here")

    async def public(self, record: MatchRecord) -> bool:
        if not record.guild_id:
            return False
        settings = await self.store.guild_settings(record.guild_id)
        return settings.get(SPECTATORS_KEY) == "public"

    async def version(self, match_id: int) -> int | None:
        """The version everyone last saw change (private changes do not count, so watching
        it tells nobody about another player's conditional moves); None once it is gone."""
        record = await self.store.get_match(match_id)
        return None if record is None else public_version(record)

    async def versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        """:meth:`version` of many matches in one read (every match a web process's live
        pages watch); a match that is gone is left out."""
        found = await self.store.match_versions(match_ids, BOARD_VERSION)
        return {m: version if board is None else board for m, (version, board) in found.items()}

    async def changes(self, changed: Callable[[int], None]) -> Callable[[], Awaitable[None]] | None:
        """Hear of every committed change to any match, where the store can tell (then
        :meth:`versions` need only be asked about those); None where it cannot."""
        return await self.store.watch_matches(changed)

    # -- the page -----------------------------------------------------------------------------
    @guarded
    async def page(self, viewer: User, token: str | None, *, match_id: object) -> Reply:
        """Everything the page draws, as ``extra["page"]`` (JSON-safe)."""
        access = await self.access(token, match_id)
        return Reply(
            match_id=access.record.id,
            extra={"page": await self._page(access, await self._language(access, viewer))},
        )

    @guarded
    async def watch(self, viewer: User, token: str | None, *, match_id: object) -> Reply:
        """Whether the viewer may follow the match live (``extra["version"]``)."""
        access = await self.access(token, match_id)
        return Reply(match_id=access.record.id, extra={"version": public_version(access.record)})

    async def _language(self, access: Access, viewer: User) -> str:
        """A player's own link speaks the language they chose for their messages (``/me
        notify language:``), else the browser's: the page is an interaction of its own, and
        the browser's language is the latest the reader gave (a look-only link: always)."""
        if access.user_id is None:
            return viewer.locale
        settings = await self.store.user_settings(access.user_id)
        return chosen_language(settings) or viewer.locale

    async def _page(self, access: Access, locale: str) -> dict[str, Any]:
        record, seat = access.record, access.seat
        say = words(locale)
        rules = games.get(record.game)
        state = rules.load(record.state)
        live = await self.store.actions(record.id)
        known = await self.store.user_names(record.seats)
        names = [shown_name(uid, known, say) for uid in record.seats]
        active = record.status == ACTIVE
        to_move = rules.to_move(state) if active else []
        outcome = Outcome.from_dict(record.result) if record.result else None
        dropped = set(record.meta.get("dropped", []))
        clocks = await self._clocks(record)
        players = []
        for s, name in enumerate(names):
            players.append(
                {
                    "name": name,
                    "side": seat_word(rules, state, s, locale),
                    "to_move": s in to_move,
                    "clock": clocks[s] if clocks else None,
                    "left": s in dropped,
                    "won": bool(outcome and s in outcome.winners),
                }
            )
        labels = [seat_label(rules, state, s, names[s], locale) for s in range(len(names))]
        seats = seats_of(rules, state, names, locale)
        if outcome is not None:
            status = self._result(outcome, labels, say, locale)
        elif to_move:
            movers = plural_names([labels[s] for s in to_move], locale)
            status = say("board.to_move", players=movers)
        else:
            status = ""
        last_turn = live[-1].detail.get("turn") if live else None
        moves = await self._legal(record, rules, state, seat, say, seats) if seat in to_move else []
        return {
            "match": record.id,
            "game": record.game,
            "title": rules.info.title,
            "status": record.status,
            "version": public_version(record),
            "ply": len(live),
            "seat": seat,
            "players": players,
            "status_text": status,
            "view": told_page_view(say, rules, rules.view(state, seat), seats),
            "highlight": [
                a.detail.get("highlight", {}) for a in live if a.detail.get("turn") == last_turn
            ],
            "history": self._history(say, rules, live, labels, outcome is not None, seats),
            "moves": moves,
            "guided": guided(rules),
            "prompt": first_prompt(say, moves) if guided(rules) else "",
            "premoves": pending(record, rules, state, seat, live),
        }

    async def _clocks(self, record: MatchRecord) -> list[dict[str, Any]] | None:
        """Every seat's clock as the page counts it down: seconds left now (a waiting seat's
        bank stands still), whether it runs, when it reaches zero, whether a vacation holds
        it. None for a match without clocks (or one that is over)."""
        clocks = self.clocks.of(record)
        if clocks is None or clocks.control.kind == "none":
            return None
        vacations = await self.clocks.vacations(record)
        now = self.clocks.clock()
        shown = []
        for seat, bank in enumerate(clocks.banks):
            running = seat in clocks.running
            left = tc.remaining(clocks, seat, now, vacations) if running else bank
            shown.append(
                {
                    "left": max(0.0, left if left is not None else bank),
                    "running": running,
                    "deadline": tc.deadline(clocks, seat, vacations) if running else None,
                    "paused": any(a <= now < b for a, b in vacations.get(seat, ())),
                }
            )
        return shown

    @staticmethod
    def _result(outcome: Outcome, labels: Sequence[str], say: Words, locale: str) -> str:
        reason = f" {said(say, outcome.reason)}" if outcome.reason else ""
        if outcome.is_draw:
            return str(say("result.drawn", reason=reason))
        winners = plural_names([labels[s] for s in outcome.winners if s < len(labels)], locale)
        return str(say("result.won", n=len(outcome.winners), players=winners, reason=reason))

    @staticmethod
    def _history(
        say: Words,
        rules: Rules[Any, Any],
        live: Sequence[ActionRecord],
        labels: Sequence[str],
        over: bool,
        seats: Seats = NO_SEATS,
    ) -> list[dict[str, Any]]:
        """Turns in order, each with the ply its last step leads to (the replay's index) and
        its text as ``/match history`` tells it in the reader's language; secrets stay hidden
        until the game is over, as in the thread's history."""
        turns: list[dict[str, Any]] = []
        steps: list[list[ActionRecord]] = []
        current: object = object()
        for ply, action in enumerate(live, start=1):
            turn = action.detail.get("turn", ply)
            if turn != current:
                seat = action.seat
                who = labels[seat] if 0 <= seat < len(labels) else str(seat)
                turns.append({"seat": seat, "who": who, "moves": [], "ply": ply})
                steps.append([])
                current = turn
            turns[-1]["moves"].append(shown_notation(say, action, reveal=over))
            turns[-1]["ply"] = ply
            steps[-1].append(action)
        if told_in_words(rules):  # FENCE!: each turn as the thread tells it, not notation
            for entry, acts in zip(turns, steps, strict=True):
                entry["text"] = turn_text(say, rules, acts, entry["who"], reveal=over, seats=seats)
        return turns

    async def _legal(
        self,
        record: MatchRecord,
        rules: Rules[Any, Any],
        state: Any,
        seat: int,
        say: Words,
        seats: Seats = NO_SEATS,
    ) -> list[dict[str, Any]]:
        """The seat's legal next steps: notation always; for guided games (FENCE!) also the
        readable label, the panel's choice path and the public facts of the step (where it
        goes), which the page turns into buttons and places to click. Cached per version
        (a version's players and their names are the same)."""
        key = (record.id, record.version, seat, say.language)
        cached = self._moves.get(key)
        if cached is None:
            cached = await asyncio.to_thread(legal_moves, rules, state, say, None, seats)
            self._moves[key] = cached
            while len(self._moves) > CACHE_SIZE:
                self._moves.popitem(last=False)
        else:
            self._moves.move_to_end(key)
        return cached

    # -- replay -------------------------------------------------------------------------------
    @guarded
    async def position(
        self, viewer: User, token: str | None, *, match_id: object, ply: int
    ) -> Reply:
        """The public view after ``ply`` steps (0: the start), as ``extra["position"]``."""
        access = await self.access(token, match_id)
        record = access.record
        live = await self.store.actions(record.id)
        if not 0 <= ply <= len(live):
            raise Refusal("web.no_position", ply=ply, last=len(live))
        rules = games.get(record.game)
        states = await self.replayed(record, rules, live)
        step = live[ply - 1] if ply else None
        say = words(await self._language(access, viewer))
        known = await self.store.user_names(record.seats)
        names = [shown_name(uid, known, say) for uid in record.seats]
        seats = seats_of(rules, states[ply], names, say.language)
        return Reply(
            match_id=record.id,
            extra={
                "position": {
                    "ply": ply,
                    "view": told_page_view(say, rules, rules.view(states[ply], None), seats),
                    "highlight": [step.detail.get("highlight", {})] if step else [],
                }
            },
        )

    async def replayed(
        self, record: MatchRecord, rules: Rules[Any, Any], live: Sequence[ActionRecord]
    ) -> list[Any]:
        """Every state of the live log, from the start (the log is the truth). Kept per match
        with the steps it replays, so scrubbing a slider replays a match once, and a log that
        grew since replays only its new steps (an agreed undo, which changes a step already
        kept, replays from the start)."""
        steps = tuple((action.seat, action.notation) for action in live)
        kept = self._states.get(record.id)
        if kept is not None and kept[0] == steps:
            self._states.move_to_end(record.id)
            return kept[1]
        since = kept[1] if kept is not None and steps[: len(kept[0])] == kept[0] else None
        states = await asyncio.to_thread(_replay_all, rules, record, live, since)
        self._states[record.id] = (steps, states)
        self._states.move_to_end(record.id)
        while len(self._states) > CACHE_SIZE // 4:
            self._states.popitem(last=False)
        return states

    # -- moving -------------------------------------------------------------------------------
    @guarded
    async def move(
        self,
        viewer: User,
        token: str | None,
        text: str,
        *,
        match_id: object,
        version: int | None,
    ) -> Reply:
        """A move clicked on the page: only a seat's link may, and it goes through
        :meth:`Service.move` as the seat's player — the same guards, transaction, thread post
        and pings as ``/move``; the stale-board check uses the page's ``version``."""
        access = await self.access(token, match_id)
        if access.seat is None or access.user_id is None:
            raise Refusal("web.looking_only")
        name = await self.store.user_name(access.user_id) or access.user_id
        player = User(access.user_id, name, locale=await self._language(access, viewer))
        if version is None:
            version = public_version(access.record)
        return await self._move(player, text, match_id=access.record.id, version=version)


def first_prompt(say: Words, moves: Sequence[dict[str, Any]]) -> str:
    """What the page asks first in a guided turn: the few kinds of step there are, named
    ("Move yourself or Move others: choose with the buttons below."), or — when the first
    choice is one of many places (a pawn's first neighbourhood) — a button or its place."""
    if not moves:
        return ""
    heads = [(m.get("path") or [m.get("label") or m["n"]])[0] for m in moves]
    first = list(dict.fromkeys(str(head) for head in heads))
    if len(first) <= FEW_KINDS:
        return say("web.choose_buttons", choices=listing(first))
    return say("web.choose_start_guided")


def legal_moves(
    rules: Rules[Any, Any],
    state: Any,
    say: Words,
    actions: Sequence[Any] | None = None,
    seats: Seats = NO_SEATS,
) -> list[dict[str, Any]]:
    """The legal steps as the page offers them (``actions``: some of them, when only those
    may be offered — an analysis board's), their players named by ``seats``."""
    if actions is None and not guided(rules):
        return [{"n": notation} for notation in rules.legal_notations(state)]
    moves: list[dict[str, Any]] = []
    for action in rules.legal_actions(state) if actions is None else actions:
        if not guided(rules):
            moves.append({"n": rules.format(state, action)})
            continue
        facts = rules.presentation.highlight(state, action)
        moves.append(
            {
                "n": rules.format(state, action),
                "label": told_label(say, rules, state, action, seats),
                "path": list(told_path(say, rules, state, action, seats)),
                "hl": facts,
            }
        )
    return moves


def _replay_all(
    rules: Rules[Any, Any],
    record: MatchRecord,
    live: Sequence[ActionRecord],
    since: list[Any] | None = None,
) -> list[Any]:
    """The states of ``live`` from the start, or on from ``since`` (the states of its first
    steps, kept; a new list: the kept one may be being read)."""
    states = list(since) if since else [rules.new(len(record.seats), record.options, record.seed)]
    state = states[-1]
    for action in live[len(states) - 1 :]:
        if action.notation == DROP:
            state = rules.drop_player(state, action.seat)
        else:
            state = rules.apply(state, rules.parse(state, action.notation))
        states.append(state)
    return states
