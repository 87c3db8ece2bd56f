"""The analysis board: a player's own lines on any position of their match, kept between
visits, turned into conditional moves on request; and their private note per match.

Why in the service, transport-free: the web board and the Activity draw it, ``/match note``
in Discord and the console write the note; all of them obey the same rules, decided here.

What holds it together:

* **Only a seat's own credential opens it** (a seat's link or a player's Activity session,
  :meth:`bot.service.pages.web.BoardPages.access`); a spectator, or a request naming another
  seat, gets one sentence — the same whatever is stored, since no store is read for them.
* **Legal lines only.** Every step is replayed on the rules engine from the game's position
  at the line's root before it is kept (``parse`` then ``apply``: the engine's own sentence
  when it refuses). Steps are for every side: the player moves for both, with the same taps
  as in play. A game with hidden cards (FENCE!) analyses from the player's own view, in
  several worlds dealt from it (:meth:`games.core.Rules.analysis_worlds`); a step is offered
  only where it shows the player the same in all of them and uses no chance, so neither a
  hidden card nor a die decides a line (:meth:`games.core.Rules.analysis_known`).
* **Private by construction.** The lines and the note live in their own store row
  (:meth:`storage.base.Store.save_analysis`), never in the match: no version, ``updated_at``,
  log, live event, image, export of another player or review reads them, so nothing another
  seat or a spectator receives can change with them (tested differentially).
* **Kept whole, one write.** A change is read, applied to a copy, checked against the limits
  per match here and per player in the store's write, and written in one call.
* **No computer help in a running match.** After the end, a node on the game's real line at
  a turn's end shows the review's evaluation, where a review was made.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import games
from bot.service.base import Refusal, User, guarded
from bot.service.pages.evaluations import evaluations, on_real_line
from bot.service.pages.positions import Board, Positions
from bot.service.pages.web import first_prompt
from bot.service.play.analysis import chance
from bot.service.play.analysis import lines as trees
from bot.service.play.boards import guided
from bot.service.play.premoves import describe, stored, stored_turn, turn_position
from bot.service.replies import Reply
from bot.service.text.describer import said, told_page_view
from bot.service.text.markdown import escape
from bot.words import Words, words
from storage.base import (
    ACTIVE,
    FINISHED,
    ActionRecord,
    AnalysisCaps,
    AnalysisFull,
    AnalysisRecord,
    MatchRecord,
    Store,
)
from storage.integrity import weighed_analysis

if TYPE_CHECKING:
    from bot.service.match.reader import MatchReader
    from bot.service.pages.web import Access, BoardPages
    from bot.service.play.premoves import Premoves

NOTE_LIMIT = 2000
"""Characters in a private note: a page of thoughts, well inside one Discord message."""
CLEAR_WORDS = frozenset({"clear", "-"})
"""A ``/match note`` text that empties the note."""
PLAYER_FULL = {"nodes": "analysis.player_nodes", "size": "analysis.player_size"}
"""The sentence for each per-player cap a save would pass (:class:`storage.base.AnalysisFull`)."""
LOGS_KEPT = 64
"""Matches whose log (at one version) this process keeps for the analysis board: every
request of a player analysing reads the match, and its log only when it moved on."""


Worlds = chance.Worlds


@dataclass(frozen=True)
class AnalysisLimits:
    """How much analysis one player keeps: per match (checked here) and over all their
    matches together (checked in the store's saving write)."""

    match_nodes: int = 600
    match_bytes: int = 64_000
    player_nodes: int = 20_000
    player_bytes: int = 2_000_000

    @property
    def caps(self) -> AnalysisCaps:
        return AnalysisCaps(self.player_nodes, self.player_bytes)


class Analysis:
    """The analysis board's use cases; built with the store, the clock, the web board's
    pages (who may look, the replayed positions), the reader (``/match note``) and
    ``/premove`` (conditional moves made from a line)."""

    def __init__(
        self,
        store: Store,
        clock: Any,
        pages: BoardPages,
        reader: MatchReader,
        premoves: Premoves,
        limits: AnalysisLimits | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.pages = pages
        self.reader = reader
        self.premoves = premoves
        self.limits = limits or AnalysisLimits()
        self.positions = Positions(pages)
        self._logs: OrderedDict[tuple[int, int], Sequence[ActionRecord]] = OrderedDict()

    # -- the web board ------------------------------------------------------------------------
    @guarded
    async def open(
        self,
        viewer: User,
        token: str | None,
        *,
        match_id: object,
        ply: int | None = None,
        node: int | None = None,
        seat: int | None = None,
    ) -> Reply:
        """The player's tree and one position of it, as ``extra["analysis"]``: the node
        named, else the root at ``ply`` (stored or not yet), else the live position."""
        board = await self._board(token, match_id, seat)
        found = await self.store.analysis(board.record.id, board.user_id)
        tree = trees.of(found.tree if found else None)
        if node is not None:
            trees.node(tree, node)
            at: int | None = node
        else:
            ply = len(board.live) if ply is None else ply
            board.check_ply(ply)
            at = trees.root_at(tree, ply)
        return await self._answer(viewer, board, found, tree, at, ply)

    @guarded
    async def change(
        self,
        viewer: User,
        token: str | None,
        *,
        match_id: object,
        op: str,
        node: int | None = None,
        ply: int | None = None,
        move: str = "",
        outcome: int | None = None,
        note: str | None = None,
        seat: int | None = None,
    ) -> Reply:
        """One change, written in one store call: ``move`` (a step after ``node``, or after
        the root at ``ply``; where chance decides it, as it fell in ``outcome``, and without
        one the outcomes to pick from, nothing written), ``promote`` or ``delete`` ``node``,
        ``note``; or ``keep`` (the line to ``node`` as conditional moves) and ``unkeep``
        (cancel them)."""
        board = await self._board(token, match_id, seat)
        if ply is not None:
            board.check_ply(ply)
        found = await self.store.analysis(board.record.id, board.user_id)
        tree = trees.of(found.tree if found else None)
        text = found.note if found else ""
        at: int | None
        if op == "move":
            tree, at, choices = await self._moved(board, tree, node, ply, move, outcome)
            if choices is not None:
                return await self._choose(viewer, board, found, node, ply, move, choices)
        elif op == "promote":
            at = self._existing(tree, node)
            tree = trees.promoted(tree, at)
        elif op == "delete":
            ply = trees.line(tree, self._existing(tree, node))[0]
            tree, at = trees.deleted(tree, self._existing(tree, node))
        elif op == "note":
            at = None if node is None else self._existing(tree, node)
            text = self._note_text(note or "")
        elif op in ("keep", "unkeep"):
            return await self._keep(viewer, board, found, tree, node if op == "keep" else None)
        else:
            raise Refusal("analysis.bad_request")
        found = await self._save(board, tree, text)
        return await self._answer(viewer, board, found, tree, at, ply)

    # -- /match note --------------------------------------------------------------------------
    @guarded
    async def note(
        self,
        actor: User,
        text: str | None = None,
        *,
        match_id: int | None = None,
        where: str | None = None,
    ) -> Reply:
        """Show, set or (``clear``) empty the caller's private note on a match of theirs,
        running or over; answered to the caller alone."""
        record = await self.reader.find(
            actor, match_id, where, statuses=(ACTIVE,), recent=(FINISHED,)
        )
        if record.status not in (ACTIVE, FINISHED):
            raise Refusal("board.not_started", match=record.id)
        self.reader.seat_of(record, actor)  # a participant's, or a refusal
        say = words(actor.locale)
        found = await self.store.analysis(record.id, actor.id)
        body = (text or "").strip()
        if not body:
            if not found or not found.note:
                return Reply(text=say("analysis.note_none", match=record.id), match_id=record.id)
            shown = escape(found.note)
            return Reply(
                text=say("analysis.note_shown", match=record.id, note=shown), match_id=record.id
            )
        note = "" if body.lower() in CLEAR_WORDS else self._note_text(body)
        tree = trees.of(found.tree if found else None)
        try:
            await self.store.save_analysis(
                record.id, actor.id, tree, note, trees.size(tree), self.clock(), self.limits.caps
            )
        except AnalysisFull as full:
            raise Refusal(PLAYER_FULL[full.what]) from None
        key = "analysis.note_cleared" if not note else "analysis.note_saved"
        return Reply(text=say(key, match=record.id), match_id=record.id)

    def _note_text(self, text: str) -> str:
        if len(text) > NOTE_LIMIT:
            raise Refusal("analysis.note_too_long", n=NOTE_LIMIT, length=len(text))
        return text.strip()

    # -- who analyses what --------------------------------------------------------------------
    async def _board(self, token: str | None, match_id: object, seat: int | None) -> Board:
        """The caller's own seat in the match, or a refusal: a spectator's link, or a request
        for a seat that is not theirs, gets the same sentence whatever anyone stored."""
        access: Access = await self.pages.access(token, match_id)
        if access.seat is None or access.user_id is None:
            raise Refusal("analysis.players_only")
        if seat is not None and seat != access.seat:
            raise Refusal("analysis.not_yours")
        record = access.record
        return Board(
            record, access.seat, access.user_id, games.get(record.game), await self._log(record)
        )

    async def _log(self, record: MatchRecord) -> Sequence[ActionRecord]:
        """The match's log at the version just read: kept per (match, version), since every
        change to a match's log is a new version of it, so a player's line of analysis moves
        reads the log once."""
        key = (record.id, record.version)
        found = self._logs.get(key)
        if found is None:
            found = self._logs[key] = tuple(await self.store.actions(record.id))
            while len(self._logs) > LOGS_KEPT:
                self._logs.popitem(last=False)
        self._logs.move_to_end(key)
        return found

    @staticmethod
    def _existing(tree: trees.Tree, node: int | None) -> int:
        trees.node(tree, node)
        assert node is not None
        return node

    async def _save(self, board: Board, tree: trees.Tree, note: str) -> AnalysisRecord:
        """The one write of a change, after the limits per match; the store checks the
        player's totals in the same call."""
        nodes = trees.size(tree)
        if nodes > self.limits.match_nodes:
            raise Refusal("analysis.match_nodes", n=self.limits.match_nodes)
        _, weight = weighed_analysis(tree, note)
        if weight > self.limits.match_bytes:
            raise Refusal("analysis.match_bytes", n=self.limits.match_bytes // 1000)
        try:
            return await self.store.save_analysis(
                board.record.id, board.user_id, tree, note, nodes, self.clock(), self.limits.caps
            )
        except AnalysisFull as full:
            raise Refusal(PLAYER_FULL[full.what]) from None

    async def _moved(
        self,
        board: Board,
        tree: trees.Tree,
        node: int | None,
        ply: int | None,
        move: str,
        outcome: int | None,
    ) -> tuple[trees.Tree, int, list[chance.Outcome] | None]:
        """The tree with ``move`` after ``node`` (or the root at ``ply``); for a step chance
        decides picked without an ``outcome``, the tree as it was and the outcomes to pick
        from."""
        text = move.strip()
        if not text:
            raise Refusal("analysis.bad_request")
        if node is None:
            if ply is None:
                raise Refusal("analysis.bad_request")
            board.check_ply(ply)
            tree, node = trees.with_root(tree, ply)
        root, steps, _ = trees.line(tree, node)
        before = await self.positions.worlds(board, root, steps)
        rules = board.rules
        tried = self.positions.tried(board, root, steps) or {}
        action = tried[text][0] if text in tried else rules.parse(before[0], text)
        notation = rules.format(before[0], action)
        kept = tried.get(notation)
        judged = kept[1] if kept else chance.judged(rules, board.seat, before, action)
        if outcome is None and judged.chance:
            found = await asyncio.to_thread(chance.outcomes, rules, board.seat, before, action)
            return tree, node, found
        step = notation if outcome is None else trees.chance_step(notation, outcome)
        after = self.positions.step(board, before, step, {notation: (action, judged)})
        tree, made, _ = trees.with_step(tree, node, step)
        self.positions.keep(self.positions.key(board, root, [*steps, step]), after)
        return tree, made, None

    async def _choose(
        self,
        viewer: User,
        board: Board,
        found: AnalysisRecord | None,
        node: int | None,
        ply: int | None,
        move: str,
        choices: list[chance.Outcome],
    ) -> Reply:
        """The position as it was, with the ways ``move`` can fall for the player to pick
        one (each in the reader's words); nothing is written."""
        say = words(viewer.locale)
        tree = trees.of(found.tree if found else None)
        answer = await self._answer(viewer, board, found, tree, node, ply)
        listed = [
            {"outcome": c.number, "label": " ".join(said(say, s) for s in c.told) or move}
            for c in choices
        ]
        text = say("analysis.pick_outcome", move=move.strip())
        extra = answer.extra["analysis"]
        extra["chance"] = {"move": move.strip(), "outcomes": listed}  # type: ignore[index]
        extra["said"] = text  # type: ignore[index]
        return Reply(text=text, match_id=board.record.id, extra=answer.extra)

    # -- conditional moves from a line --------------------------------------------------------
    async def _keep(
        self,
        viewer: User,
        board: Board,
        found: AnalysisRecord | None,
        tree: trees.Tree,
        node: int | None,
    ) -> Reply:
        """The line to ``node`` as ``/premove`` lines (its rules, caps and fairness, unchanged),
        or — with no node — the stored conditional moves cancelled."""
        name = await self.store.user_name(board.user_id) or board.user_id
        player = User(board.user_id, name, locale=viewer.locale)
        if node is None:
            done = await self.premoves.premove(player, "clear", match_id=board.record.id)
        else:
            text = await self._as_premove(board, tree, self._existing(tree, node))
            done = await self.premoves.premove(player, text, match_id=board.record.id)
        record = await self.store.get_match(board.record.id) or board.record
        board = Board(record, board.seat, board.user_id, board.rules, board.live)
        at = node if node is not None else None
        root = None if at is None else trees.line(tree, at)[0]
        answer = await self._answer(viewer, board, found, tree, at, root)
        answer.extra["analysis"]["said"] = done.text  # type: ignore[index]
        return Reply(ok=done.ok, text=done.text, match_id=board.record.id, extra=answer.extra)

    async def _as_premove(self, board: Board, tree: trees.Tree, node: int) -> str:
        """``if <their turn> then <my turn> …`` for the line to ``node``, which must start at
        the live position with the opponent to move; a turn left unanswered at its end is
        left out."""
        root, steps, _ = trees.line(tree, node)
        if root != len(board.live) or board.record.status != ACTIVE:
            raise Refusal("analysis.keep_from_live")
        worlds = await self.positions.worlds(board, root, ())
        turns: list[tuple[int, list[str]]] = []
        for notation in steps:
            mover = board.rules.to_move(worlds[0])[0]
            after = self.positions.step(board, worlds, notation)
            if not turns or turns[-1][0] != mover or turns[-1][1] == []:
                turns.append((mover, []))
            turns[-1][1].append(notation)
            if board.rules.turn_ended(worlds[0], after[0]):
                turns.append((-1, []))
            worlds = after
        whole = [(mover, moves) for mover, moves in turns if moves]
        if whole and whole[0][0] == board.seat:
            raise Refusal("premove.your_turn")
        pairs = [
            (whole[i][1], whole[i + 1][1])
            for i in range(0, len(whole) - 1, 2)
            if whole[i + 1][0] == board.seat
        ]
        if not pairs:
            raise Refusal("analysis.keep_too_short")
        join = board.rules.step_separator.join
        return " ".join(f"if {join(theirs)} then {join(mine)}" for theirs, mine in pairs)

    # -- the answer -----------------------------------------------------------------------------
    async def _answer(
        self,
        viewer: User,
        board: Board,
        found: AnalysisRecord | None,
        tree: trees.Tree,
        at: int | None,
        ply: int | None,
    ) -> Reply:
        """What the page draws: the tree (each node labelled in the reader's language), the
        chosen position (its view, the last step's marks, the legal steps from it for both
        sides), the note, the player's stored conditional moves, and — after the end — the
        review's evaluations."""
        say = words(viewer.locale)
        rules, record = board.rules, board.record
        if at is not None:
            root, steps, ids = trees.line(tree, at)
        else:
            root, steps, ids = (len(board.live) if ply is None else ply), [], []
        worlds = await self.positions.worlds(board, root, steps)
        state = worlds[0]
        highlight = []
        if steps:
            before = await self.positions.state(board, root, steps[:-1])
            action = self.positions.action(board, root, steps[:-1], before, steps[-1])
            highlight = [rules.presentation.highlight(before, action)]
        moves = await self.positions.legal(board, root, steps, worlds, say)
        listed = await self._listed(board, tree, say)
        premoves: list[str] = []
        if (
            record.status == ACTIVE
            and stored_turn(record.meta, board.seat) == (turn_position(board.live)[0])
        ):
            premoves = describe(stored(record.meta, board.seat))
        extra = {
            "tree": listed,
            "at": at,
            "path": ids,
            "ply": root,
            "live_ply": len(board.live),
            "seat": board.seat,
            "view": told_page_view(say, rules, rules.view(state, board.seat)),
            "highlight": highlight,
            "moves": moves,
            "guided": guided(rules),
            "prompt": first_prompt(say, moves) if guided(rules) else "",
            "ended": rules.outcome(state) is not None,
            "note": found.note if found else "",
            "note_limit": NOTE_LIMIT,
            "nodes": trees.size(tree),
            "node_limit": self.limits.match_nodes,
            "premoves": premoves,
            "two_players": rules.info.max_players == 2 and len(record.seats) == 2,
            "running": record.status == ACTIVE,
        }
        return Reply(match_id=record.id, extra={"analysis": extra})

    async def _listed(self, board: Board, tree: trees.Tree, say: Words) -> list[dict[str, Any]]:
        """The tree as the page lists it, depth first; a root the game no longer reaches (an
        agreed undo took its position back) is left out, with its lines, until the game
        reaches that ply again."""
        rules = board.rules
        chances = await evaluations(self.store, board.record, board.seat, board.live)
        out: list[dict[str, Any]] = []
        gone: set[int] = set()
        for key in trees.depth_first(tree):
            data = tree["nodes"][str(key)]
            parent = data["p"]
            if parent in gone or (parent is None and data["ply"] > len(board.live)):
                gone.add(key)
                continue
            root, steps, _ = trees.line(tree, key)
            entry: dict[str, Any] = {"id": key, "p": parent, "c": data["c"]}
            if parent is None:
                entry["ply"] = data["ply"]
            else:
                entry["n"] = data["n"]
                if guided(rules):
                    entry["label"] = await self.positions.label(board, root, steps, say)
                    if trees.step_parts(data["n"])[1] is not None:
                        entry["chance"] = True
            real = root + len(steps)
            if chances and real in chances and on_real_line(board.live, root, steps):
                entry["eval"] = chances[real]
            out.append(entry)
        return out
