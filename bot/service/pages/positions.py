"""The positions of analysis boards, worked out on the rules engine and kept per process:
each line's position in every world its player cannot tell apart, the legal steps from it as
a page words them, and how each of those steps falls.

Why apart from the board's use cases: an analysis request must answer in well under a tenth
of a second (``benchmarks/analysis.py``), and nearly all of its cost is here. So every
result is kept under the position's name — the match, the seat, the game's position at the
root (:meth:`Board.played`) and the steps from it — and worked out at most once while kept:
listing the legal steps of a position tries each of them in every world (with hidden cards),
and a move then plays one of those tries instead of trying it again. Nothing kept depends on
more than what the key names (the seat's own worlds, dealt from its view alone), so a hit
answers exactly what a miss would.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service.base import Refusal
from bot.service.pages.web import legal_moves
from bot.service.play.analysis import chance
from bot.service.play.analysis import lines as trees
from bot.service.text.describer import told_label
from bot.words import Words
from games.core import Rules
from storage.base import ActionRecord, MatchRecord

if TYPE_CHECKING:
    from bot.service.pages.web import BoardPages

STATES_KEPT = 256
"""Positions of analysis nodes kept per process (a move replays from its parent's), and as
many lists of their legal steps as a reader's page words them."""
TRIED_KEPT = 16
"""Positions whose steps, tried in every world when they were listed, are kept: the next
move from one of them plays a kept try (a FENCE! position has dozens of steps, each a
state per world, so only the last few positions looked at keep theirs)."""

LABELS_KEPT = 4096
"""Tree nodes' labels kept per process (a short sentence each)."""

Worlds = chance.Worlds
Tried = dict[str, tuple[Any, chance.Judged]]
"""A position's legal steps by notation: the action and how it fell in every world."""


@dataclass(frozen=True)
class Board:
    """One analysis request's match, seat and game: who analyses what."""

    record: MatchRecord
    seat: int
    user_id: str
    rules: Rules[Any, Any]
    live: Sequence[ActionRecord]

    def played(self, ply: int) -> tuple[int, int]:
        """The game's position after ``ply`` steps, named by the steps that led there (an
        agreed undo and other steps make it another position at the same ply)."""
        return ply, hash(tuple(action.notation for action in self.live[:ply]))

    def check_ply(self, ply: int) -> None:
        if not 0 <= ply <= len(self.live):
            raise Refusal("web.no_position", ply=ply, last=len(self.live))


class Positions:
    """The kept positions of every analysis board this process serves (bounded: the least
    recently used go first)."""

    def __init__(self, pages: BoardPages) -> None:
        self.pages = pages
        self._states: OrderedDict[tuple[Any, ...], Worlds] = OrderedDict()
        self._moves: OrderedDict[tuple[Any, ...], list[dict[str, Any]]] = OrderedDict()
        self._tried: OrderedDict[tuple[Any, ...], Tried] = OrderedDict()
        self._labels: OrderedDict[tuple[Any, ...], str] = OrderedDict()

    @staticmethod
    def key(board: Board, ply: int, steps: Sequence[str]) -> tuple[Any, ...]:
        return (board.record.id, board.seat, board.played(ply), tuple(steps))

    async def root(self, board: Board, ply: int) -> Worlds:
        """The position a root stands for, as the seat may analyse it: the live position is
        the match's own state (no replay of the log); an earlier one is replayed."""
        board.check_ply(ply)
        if ply == len(board.live) and board.record.state:
            state = board.rules.load(board.record.state)
        else:
            state = (await self.pages.replayed(board.record, board.rules, board.live))[ply]
        return board.rules.analysis_worlds(state, board.seat)

    async def worlds(self, board: Board, ply: int, steps: Sequence[str]) -> Worlds:
        """The position after ``steps`` from the root at ``ply``, replayed on the engine in
        every world the seat cannot tell apart (a move replays one step, or none: the try
        made when its position's steps were listed)."""
        key = self.key(board, ply, steps)
        found = self._states.get(key)
        if found is not None:
            self._states.move_to_end(key)
            return found
        if steps:
            before = await self.worlds(board, ply, steps[:-1])
            worlds = self.step(board, before, steps[-1], self.tried(board, ply, steps[:-1]))
        else:
            worlds = await self.root(board, ply)
        self.keep(key, worlds)
        return worlds

    def keep(self, key: tuple[Any, ...], worlds: Worlds) -> None:
        self._states[key] = worlds
        while len(self._states) > STATES_KEPT:
            self._states.popitem(last=False)

    async def state(self, board: Board, ply: int, steps: Sequence[str]) -> Any:
        """The position the board shows after ``steps`` (the first world)."""
        return (await self.worlds(board, ply, steps))[0]

    def action(self, board: Board, ply: int, steps: Sequence[str], before: Any, step: str) -> Any:
        """The action a stored step names in its position: the kept try's, else parsed."""
        tried = self._tried.get(self.key(board, ply, steps)) or {}
        notation = trees.step_parts(step)[0]
        found = tried.get(notation)
        return found[0] if found is not None else board.rules.parse(before, notation)

    async def label(self, board: Board, ply: int, steps: Sequence[str], say: Words) -> str:
        """A tree node's label (its last step, as a guided turn words it), kept per process
        like the position, so a page listing a long tree words each node once."""
        key = (*self.key(board, ply, steps), say.language)
        found = self._labels.get(key)
        if found is None:
            before = await self.state(board, ply, steps[:-1])
            action = self.action(board, ply, steps[:-1], before, steps[-1])
            found = self._labels[key] = told_label(say, board.rules, before, action)
            while len(self._labels) > LABELS_KEPT:
                self._labels.popitem(last=False)
        self._labels.move_to_end(key)
        return found

    @staticmethod
    def step(board: Board, worlds: Worlds, step: str, tried: Tried | None = None) -> Worlds:
        """A stored step played on the analysis board in every world (``tried``: the steps
        of this position, already tried), or one sentence why not: the engine's own, or that
        a card the seat cannot see decides it, or that chance does and no outcome (or one
        that does not exist) was picked."""
        rules, first = board.rules, worlds[0]
        if rules.outcome(first) is not None or not rules.to_move(first):
            raise Refusal("analysis.game_over")
        notation, number = trees.step_parts(step)
        kept = (tried or {}).get(notation)
        if kept is not None:
            action, found = kept
        else:
            action = rules.parse(first, notation)  # IllegalMove: the engine's own sentence
            found = chance.judged(rules, board.seat, worlds, action)
        if found.after is not None and number is None:
            return found.after
        if not found.chance:
            raise Refusal("analysis.unknown_step", move=notation)
        if number is None:
            raise Refusal("analysis.pick_outcome", move=notation)
        after = chance.picked(rules, board.seat, worlds, action, number)
        if after is None:
            raise Refusal("analysis.no_outcome", move=notation)
        return after

    def tried(self, board: Board, ply: int, steps: Sequence[str]) -> Tried | None:
        return self._tried.get(self.key(board, ply, steps))

    async def legal(
        self, board: Board, root: int, steps: Sequence[str], worlds: Worlds, say: Words
    ) -> list[dict[str, Any]]:
        """The legal steps of a position as the reader's page words them, worked out once per
        process and position (opening a board again, or going back along a line, only reads
        them). Kept beside the position itself, under the same key and the reader's language."""
        key = (*self.key(board, root, steps), say.language)
        kept = self._moves.get(key)
        if kept is None:
            made, tried = await asyncio.to_thread(_legal, board, worlds, say)
            kept = self._moves[key] = made
            while len(self._moves) > STATES_KEPT:
                self._moves.popitem(last=False)
            if tried:
                self._tried[key[:-1]] = tried
                while len(self._tried) > TRIED_KEPT:
                    self._tried.popitem(last=False)
        self._moves.move_to_end(key)
        return kept  # read only: the answer is written out as JSON, never changed


def _legal(board: Board, worlds: Worlds, say: Words) -> tuple[list[dict[str, Any]], Tried]:
    """Every legal next step, for whichever side is to move; with hidden cards, only those
    the seat's own view decides, and those chance decides, marked (the player picks how they
    fall: :mod:`bot.service.play.analysis.chance`); and, with hidden cards, each step as it
    was tried."""
    rules, state = board.rules, worlds[0]
    if rules.outcome(state) is not None:
        return [], {}
    actions = rules.legal_actions(state)
    if len(worlds) == 1:  # nothing hidden: every legal step falls one way
        return legal_moves(rules, state, say, actions), {}
    judged = [chance.judged(rules, board.seat, worlds, a) for a in actions]
    offered = [(a, j) for a, j in zip(actions, judged, strict=True) if j.offered]
    moves = legal_moves(rules, state, say, [a for a, _ in offered])
    tried: Tried = {}
    for entry, (action, j) in zip(moves, offered, strict=True):
        tried[entry["n"]] = (action, j)
        if j.chance:
            entry["chance"] = True
    return moves, tried
