"""Fuer (Extension) behind the shared :class:`~games.core.Rules` interface.

Decisions where the rulings are silent (players may want to know them):

* A turn's pieces are judged in the order of restriction 8 and the first broken one is
  reported, so a player fixing their input one message at a time converges on a legal turn.
* Typing only the tile (``c3``) is accepted when exactly one legal turn uses that tile.
* The position notation cannot say who won (it has no result key), so ``from_position``
  only decides a loss by ruling 12 for the player to move; wins are decided after turns.
* When a turn makes both a four of the mover's colour and a five, the outcome names the four.
* A loaded position must already obey the overline ban, and each colour's pieces on the
  board plus its supply may not exceed 20 (pieces never leave the board, ruling 3).
* Autocomplete helpers: :meth:`FuerRules.legal_tiles` lists the spaces a tile may go on
  now and :meth:`FuerRules.tile_notations` the full turns for one tile, so a bot can offer
  ``c3`` first and the piece sets once the player has typed ``"c3 "``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from games.core import (
    AmbiguousMove,
    GameInfo,
    GameOver,
    InvalidNotation,
    Option,
    Outcome,
    Rules,
    RuleViolation,
)
from games.fuer import moves, notation, position
from games.fuer.board import NAMES, NEIGHBOURS, START_TILES
from games.fuer.lines import overline, winning_line
from games.fuer.notation import Written
from games.fuer.presentation import FuerPresentation
from games.fuer.sentences import SAY, SEATS
from games.fuer.state import (
    COLOURS,
    MOVE_RANGES,
    OVERLINES,
    PIECES_PER_PLAYER,
    SEAT_NAMES,
    FuerState,
    Turn,
)
from games.fuer.view import FuerView
from games.sentences import Sentence
from games.sentences import listing as alternatives
from games.text import shorten

OPTIONS: tuple[Option, ...] = (
    Option(
        name="move_range",
        kind="choice",
        default="any",
        description="A piece whose tile touches just one tile moves to any vacant tile or a "
        "neighbour.",
        choices=MOVE_RANGES,
    ),
    Option(
        name="overline",
        kind="choice",
        default="six_or_more",
        description="Which lines are forbidden: six or more pieces in a row, or seven or more.",
        choices=OVERLINES,
    ),
)

INFO = GameInfo.read("games.fuer", SEAT_NAMES, OPTIONS)

_EXAMPLES = 3


def _end(state: FuerState, outcome: Outcome) -> Sentence | None:
    """What ended the game: a line names its maker (the winner), being stuck the loser;
    None for an ending the rules did not decide."""
    termination = outcome.termination
    if termination in ("four_in_row", "five_in_row") and outcome.winners:
        line = " ".join(NAMES[c] for c in state.win_line)
        return SAY(f"end_{termination}", name=SEATS[outcome.winners[0]], line=line)
    if termination == "no_legal_turn" and outcome.winners:
        return SAY("end_no_legal_turn", name=SEATS[1 - outcome.winners[0]])
    return None


def _over(state: FuerState, outcome: Outcome) -> GameOver:
    reason = _end(state, outcome)
    return GameOver(SAY("over_plain") if reason is None else SAY("over", reason=reason))


def _decided(state: FuerState, outcome: Outcome) -> Outcome:
    """``outcome`` with the English reason the rules give it."""
    reason = _end(state, outcome)
    return dataclasses.replace(outcome, reason="" if reason is None else reason)


class _Refusal(Exception):
    """A broken restriction, reported by :meth:`FuerRules.check` with examples added."""

    def __init__(self, reason: Sentence, tile: int | None) -> None:
        super().__init__(reason)  # worded only if it becomes a refusal (is_legal never asks)
        self.reason = reason
        self.tile = tile


class FuerRules(Rules[FuerState, Turn]):
    info = INFO
    sentences = SAY

    # -- life cycle ----------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> FuerState:
        """The ruling-3 start; ``seed`` is unused because the game has no chance."""
        if players != 2:
            raise RuleViolation(SAY("players"))
        chosen = self.options(options)
        return FuerState(
            tiles=START_TILES,
            dark=0,
            light=0,
            supply=(PIECES_PER_PLAYER, PIECES_PER_PLAYER),
            to_move=0,
            move_range=chosen["move_range"],
            overline=chosen["overline"],
        )

    def to_move(self, state: FuerState) -> list[int]:
        return [] if state.outcome is not None else [state.to_move]

    def legal_actions(self, state: FuerState) -> list[Turn]:
        return moves.legal_turns(state)

    def legal_notations(self, state: FuerState) -> list[str]:
        return [notation.write(turn) for turn in moves.legal_turns(state)]

    def legal_tiles(self, state: FuerState) -> list[str]:
        """Spaces where a tile may go now (cheap: one piece choice is found per kind)."""
        return [NAMES[tile] for tile, _ in moves.open_spots(state)]

    def turns_for_tile(self, state: FuerState, tile: str) -> list[Turn]:
        """Every legal turn placing a tile on ``tile`` (for autocomplete after ``"c3 "``)."""
        return moves.turns_for_tile(state, notation.space(tile))

    def tile_notations(self, state: FuerState, tile: str) -> list[str]:
        """Canonical notations of the legal turns with ``tile``, all starting ``"c3 "``."""
        return [notation.write(turn) for turn in self.turns_for_tile(state, tile)]

    def apply(self, state: FuerState, action: Turn) -> FuerState:
        turn = self.check(state, Written(action.tile, tuple(action.placed), action.move))
        mover = state.to_move
        dark, light = state.dark, state.light
        added = sum(1 << cell for cell in turn.placed)
        if turn.move is not None:
            origin, target = turn.move
            added = 1 << target
            if mover:
                light &= ~(1 << origin)
            else:
                dark &= ~(1 << origin)
        if mover:
            light |= added
        else:
            dark |= added
        supply = list(state.supply)
        supply[mover] -= len(turn.placed)
        after = dataclasses.replace(
            state,
            tiles=state.tiles | 1 << turn.tile,
            dark=dark,
            light=light,
            supply=(supply[0], supply[1]),
            to_move=1 - mover,
        )
        return self._judge(after)

    def _judge(self, state: FuerState) -> FuerState:
        """The outcome a position holds: a line of the side that just moved (the side *not*
        to move), else the mover being stuck. Used after every turn and on loading a
        position, so a finished game loads finished (ruling 14: positions load losslessly)."""
        mover = 1 - state.to_move
        won = winning_line(state.light if mover else state.dark, state.dark | state.light)
        if won is not None:
            termination, line = won
            ended = dataclasses.replace(state, win_line=line)
            return dataclasses.replace(
                ended, outcome=_decided(ended, Outcome((mover,), termination))
            )
        return self._judge_stuck(state)

    def _judge_stuck(self, state: FuerState) -> FuerState:
        """Ruling 12: the player to move loses if no legal turn exists."""
        if state.outcome is not None or moves.has_legal_turn(state):
            return state
        stuck = state.to_move
        outcome = _decided(state, Outcome((1 - stuck,), "no_legal_turn"))
        return dataclasses.replace(state, outcome=outcome)

    def outcome(self, state: FuerState) -> Outcome | None:
        return state.outcome

    # -- checking a turn --------------------------------------------------------------------
    def check(self, state: FuerState, written: Written) -> Turn:
        """The canonical legal turn for ``written``, or :class:`RuleViolation` naming the
        first broken restriction and a few legal turns to try instead."""
        if state.outcome is not None:
            raise _over(state, state.outcome)
        try:
            return self._verdict(state, written)
        except _Refusal as refusal:
            raise RuleViolation(self._with_examples(state, refusal)) from None

    def is_legal(self, state: FuerState, written: Written) -> bool:
        """Whether ``written`` is a legal turn, without composing a refusal message (which
        lists examples and so costs a move generation)."""
        if state.outcome is not None:
            return False
        try:
            self._verdict(state, written)
        except _Refusal:
            return False
        return True

    def _with_examples(self, state: FuerState, refusal: _Refusal) -> Sentence:
        turns: list[Turn] = []
        with_tile = False
        if refusal.tile is not None:
            turns = moves.turns_for_tile(state, refusal.tile)
            with_tile = bool(turns)
        if not turns:
            spots = moves.open_spots(state)[:_EXAMPLES]
            turns = [moves.turns_for_tile(state, tile)[0] for tile, _ in spots]
        reason = refusal.reason
        if not turns:
            return SAY("refused", reason=reason)
        picks = turns[:: max(1, len(turns) // _EXAMPLES)][:_EXAMPLES]
        shown = alternatives([notation.write(t) for t in picks])
        if with_tile and refusal.tile is not None:
            return SAY("refused_tile", reason=reason, space=NAMES[refusal.tile], turns=shown)
        return SAY("refused_any", reason=reason, turns=shown)

    def _verdict(self, state: FuerState, written: Written) -> Turn:
        tile = written.tile
        name = NAMES[tile]
        if state.tiles >> tile & 1:
            raise _Refusal(SAY("tile_taken", space=name), None)
        touched = (NEIGHBOURS[tile] & state.tiles).bit_count()
        if touched == 0:
            raise _Refusal(SAY("tile_alone"), None)
        if touched == 1:
            return self._verdict_move(state, written)
        return self._verdict_place(state, written, touched)

    def _target(self, state: FuerState, tile: int, cell: int) -> None:
        """Restriction 8a and the meaning of "vacant tile" for one piece's destination."""
        if cell == tile:
            raise _Refusal(SAY("not_on_new_tile"), tile)
        if not state.tiles >> cell & 1:
            raise _Refusal(SAY("no_tile", space=NAMES[cell]), tile)
        if state.pieces >> cell & 1:
            raise _Refusal(SAY("piece_taken", space=NAMES[cell]), tile)

    def _no_overline(self, state: FuerState, tile: int, pieces: int) -> None:
        long_run = overline(pieces, state.overline_length)
        if long_run:
            raise _Refusal(SAY("overline", length=len(long_run)), tile)

    def _verdict_move(self, state: FuerState, written: Written) -> Turn:
        tile, name = written.tile, NAMES[written.tile]
        own = state.own(state.to_move)
        if not own:
            raise _Refusal(SAY("move_but_none", space=name), None)
        if written.move is None:
            raise _Refusal(SAY("move_not_place", space=name), tile)
        origin, target = written.move
        if not own >> origin & 1:
            raise _Refusal(SAY("no_own_piece", space=NAMES[origin]), tile)
        self._target(state, tile, target)
        if state.move_range == "adjacent" and not NEIGHBOURS[origin] >> target & 1:
            raise _Refusal(SAY("one_step", target=NAMES[target], origin=NAMES[origin]), tile)
        self._no_overline(state, tile, state.pieces & ~(1 << origin) | 1 << target)
        return Turn(tile, (), (origin, target))

    def _verdict_place(self, state: FuerState, written: Written, touched: int) -> Turn:
        tile, name = written.tile, NAMES[written.tile]
        need = touched - 1
        have = state.supply[state.to_move]
        if have < need:
            raise _Refusal(
                SAY("supply_short", n=have, need=need) if have else SAY("supply_none", need=need),
                None,
            )
        if written.move is not None or len(written.placed) != need:
            given = SAY("a_move") if written.move is not None else len(written.placed)
            raise _Refusal(
                SAY("needs_pieces", space=name, touched=touched, n=need, given=given), tile
            )
        for cell in written.placed:
            self._target(state, tile, cell)
        placed = tuple(sorted(written.placed))
        for i, cell in enumerate(placed):
            for other in placed[i + 1 :]:
                if NEIGHBOURS[cell] >> other & 1:
                    raise _Refusal(
                        SAY("adjacent_new", first=NAMES[cell], second=NAMES[other]), tile
                    )
        self._no_overline(state, tile, state.pieces | sum(1 << c for c in placed))
        return Turn(tile, placed, None)

    # -- notation ----------------------------------------------------------------------------
    def parse(self, state: FuerState, text: str) -> Turn:
        written = notation.read(text)
        if state.outcome is not None:
            raise _over(state, state.outcome)
        if written.move is None and not written.placed and not state.tiles >> written.tile & 1:
            turns = moves.turns_for_tile(state, written.tile)
            if len(turns) == 1:
                return turns[0]
            if turns:
                picks = ", ".join(notation.write(t) for t in turns[:_EXAMPLES])
                raise AmbiguousMove(
                    SAY("ambiguous", space=NAMES[written.tile], choices=len(turns), turns=picks)
                )
        return self.check(state, written)

    def format(self, state: FuerState, action: Turn) -> str:
        return notation.write(action)

    # -- views and serialisation -------------------------------------------------------------
    def view(self, state: FuerState, seat: int | None) -> FuerView:
        """Everything is public in Fuer, so every seat gets the same view.

        Keys: ``tiles`` (spaces with a tile, name order), ``pieces`` (space → ``"F"`` dark /
        ``"S"`` light), ``supply`` (colour → pieces left), ``to_move`` (seat or ``None`` when
        over), ``to_move_colour``, ``open`` (space → number of tiles it touches, for every
        empty space where a tile may legally go now), ``spaces`` (all 45 names with their
        axial ``q``, ``r``), ``game_over``, ``outcome`` (dict or ``None``), ``win_line``
        (spaces of the winning line), ``options``, ``seat_names`` and ``colours``.
        """
        base = position.to_dict(state)
        over = state.outcome is not None
        return {
            "game": "fuer",
            "tiles": base["tiles"],
            "pieces": base["pieces"],
            "supply": base["supply"],
            "to_move": None if over else state.to_move,
            "to_move_colour": None if over else COLOURS[state.to_move],
            "open": {NAMES[tile]: k for tile, k in moves.open_spots(state)},
            "spaces": [{"name": NAMES[c], "q": c // 5, "r": c % 5} for c in range(len(NAMES))],
            "game_over": over,
            "outcome": None if state.outcome is None else state.outcome.to_dict(),
            "win_line": [NAMES[c] for c in state.win_line],
            "options": state.options,
            "seat_names": list(SEAT_NAMES),
            "colours": {"F": "dark", "S": "light"},
        }

    def dump(self, state: FuerState) -> dict[str, Any]:
        return position.dump(state)

    def load(self, data: Mapping[str, Any]) -> FuerState:
        return position.load(data, OPTIONS)

    def position(self, state: FuerState) -> str:
        return position.to_text(state)

    def from_position(self, text: str) -> FuerState:
        try:
            state = position.from_text(text, OPTIONS)
        except InvalidNotation:
            raise
        except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
            raise InvalidNotation(SAY("not_a_position", error=shorten(str(exc), 80))) from None
        return self._judge(state)

    # -- how the game is told to people: games/fuer/presentation.py ----------------------------
    @functools.cached_property
    def presentation(self) -> FuerPresentation:
        return FuerPresentation(self)
