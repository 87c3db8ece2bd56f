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
    shorten,
)
from games.fuer import moves, notation, position
from games.fuer.board import NAMES, NEIGHBOURS, START_TILES
from games.fuer.lines import overline, winning_line
from games.fuer.notation import Written, listing
from games.fuer.state import (
    COLOURS,
    MOVE_RANGES,
    OVERLINES,
    PIECES_PER_PLAYER,
    SEAT_NAMES,
    FuerState,
    Turn,
)

OPTIONS: tuple[Option, ...] = (
    Option(
        name="move_range",
        kind="choice",
        default="any",
        description="How far a piece moves when the tile touches one tile: any vacant tile "
        "or only a neighbouring one.",
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

SUMMARY = (
    "Each turn place a tile on an empty space touching the tiles already down. If it "
    "touches one tile, move one of your pieces to a vacant tile; if it touches k tiles, put "
    "k−1 new pieces on vacant tiles, never on the new tile and never next to each other. "
    "No line of six pieces may form. You win by making exactly four of your colour in a "
    "row, or a row of exactly five pieces of any colours. No legal turn means you lose."
)

INFO = GameInfo(
    name="fuer",
    title="Fuer (Extension)",
    min_players=2,
    max_players=2,
    seat_names=SEAT_NAMES,
    summary=SUMMARY,
    options=OPTIONS,
    aliases=("extension",),
    notation_help="Tile then pieces: `c3 +d2 +f4` puts new pieces on d2 and f4; "
    "`c3 e3>e5` moves your piece from e3 to e5 (when the tile touches only one tile).",
)

TERMINATIONS = {
    "four_in_row": "{name} made exactly four in a row of their colour ({line}).",
    "five_in_row": "{name} completed a row of exactly five pieces ({line}).",
}

_EXAMPLES = 3


def _pieces_word(count: int) -> str:
    return f"{count} piece" if count == 1 else f"{count} pieces"


def _new_pieces(count: int) -> str:
    return f"{count} new piece" if count == 1 else f"{count} new pieces"


class _Refusal(Exception):
    """A broken restriction, reported by :meth:`FuerRules.check` with examples added."""

    def __init__(self, reason: str, tile: int | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.tile = tile


class FuerRules(Rules[FuerState, Turn]):
    info = INFO

    # -- life cycle ----------------------------------------------------------------------
    def new(
        self, players: int = 2, options: dict[str, Any] | None = None, seed: int = 0
    ) -> FuerState:
        """The ruling-3 start; ``seed`` is unused because the game has no chance."""
        if players != 2:
            raise RuleViolation("Fuer is a game for exactly 2 players.")
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
            reason = TERMINATIONS[termination].format(
                name=SEAT_NAMES[mover], line=" ".join(NAMES[c] for c in line)
            )
            return dataclasses.replace(
                state, outcome=Outcome((mover,), termination, reason), win_line=line
            )
        return self._judge_stuck(state)

    def _judge_stuck(self, state: FuerState) -> FuerState:
        """Ruling 12: the player to move loses if no legal turn exists."""
        if state.outcome is not None or moves.has_legal_turn(state):
            return state
        stuck = state.to_move
        reason = f"{SEAT_NAMES[stuck]} has no legal turn and loses."
        return dataclasses.replace(state, outcome=Outcome((1 - stuck,), "no_legal_turn", reason))

    def outcome(self, state: FuerState) -> Outcome | None:
        return state.outcome

    # -- checking a turn --------------------------------------------------------------------
    def check(self, state: FuerState, written: Written) -> Turn:
        """The canonical legal turn for ``written``, or :class:`RuleViolation` naming the
        first broken restriction and a few legal turns to try instead."""
        if state.outcome is not None:
            raise GameOver(f"The game is over: {state.outcome.reason}")
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

    def _with_examples(self, state: FuerState, refusal: _Refusal) -> str:
        turns: list[Turn] = []
        if refusal.tile is not None:
            turns = moves.turns_for_tile(state, refusal.tile)
            lead = f"legal turns with {NAMES[refusal.tile]} include"
        if not turns:
            lead = "legal turns include"
            spots = moves.open_spots(state)[:_EXAMPLES]
            turns = [moves.turns_for_tile(state, tile)[0] for tile, _ in spots]
        reason = refusal.reason[0].upper() + refusal.reason[1:]
        if not turns:
            return f"{reason}."
        picks = turns[:: max(1, len(turns) // _EXAMPLES)][:_EXAMPLES]
        shown = [notation.write(t) for t in picks]
        options = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
        return f"{reason}; {lead} {options}."

    def _verdict(self, state: FuerState, written: Written) -> Turn:
        tile = written.tile
        name = NAMES[tile]
        if state.tiles >> tile & 1:
            raise _Refusal(f"there is already a tile on {name}", None)
        touched = (NEIGHBOURS[tile] & state.tiles).bit_count()
        if touched == 0:
            raise _Refusal("a tile must touch at least one placed tile", None)
        if touched == 1:
            return self._verdict_move(state, written)
        return self._verdict_place(state, written, touched)

    def _target(self, state: FuerState, tile: int, cell: int) -> None:
        """Restriction 8a and the meaning of "vacant tile" for one piece's destination."""
        if cell == tile:
            raise _Refusal("pieces may not go on the tile placed this turn", tile)
        if not state.tiles >> cell & 1:
            raise _Refusal(f"there is no tile on {NAMES[cell]}, and pieces go only on tiles", tile)
        if state.pieces >> cell & 1:
            raise _Refusal(f"there is already a piece on {NAMES[cell]}", tile)

    def _no_overline(self, state: FuerState, tile: int, pieces: int) -> None:
        long_run = overline(pieces, state.overline_length)
        if long_run:
            raise _Refusal(f"that would make a line of {len(long_run)}", tile)

    def _verdict_move(self, state: FuerState, written: Written) -> Turn:
        tile, name = written.tile, NAMES[written.tile]
        own = state.own(state.to_move)
        if not own:
            raise _Refusal(
                f"the tile on {name} touches only one placed tile, so a piece of yours must "
                "move, and you have none on the board",
                None,
            )
        if written.move is None:
            raise _Refusal(
                f"the tile on {name} touches only one placed tile, so you move one of your "
                f"pieces (like {name} e3>e5) instead of putting new ones",
                tile,
            )
        origin, target = written.move
        if not own >> origin & 1:
            raise _Refusal(f"there is no piece of yours on {NAMES[origin]} to move", tile)
        self._target(state, tile, target)
        if state.move_range == "adjacent" and not NEIGHBOURS[origin] >> target & 1:
            raise _Refusal(
                f"pieces move only one step in this match, and {NAMES[target]} is not next "
                f"to {NAMES[origin]}",
                tile,
            )
        self._no_overline(state, tile, state.pieces & ~(1 << origin) | 1 << target)
        return Turn(tile, (), (origin, target))

    def _verdict_place(self, state: FuerState, written: Written, touched: int) -> Turn:
        tile, name = written.tile, NAMES[written.tile]
        need = touched - 1
        have = state.supply[state.to_move]
        if have < need:
            left = "no pieces" if have == 0 else f"only {_pieces_word(have)}"
            raise _Refusal(f"you have {left} left in supply, this tile needs {need}", None)
        if written.move is not None or len(written.placed) != need:
            given = "a move" if written.move is not None else len(written.placed)
            raise _Refusal(
                f"the tile on {name} touches {touched} placed tiles, so it needs exactly "
                f"{_new_pieces(need)} from your supply, not {given}",
                tile,
            )
        for cell in written.placed:
            self._target(state, tile, cell)
        placed = tuple(sorted(written.placed))
        for i, cell in enumerate(placed):
            for other in placed[i + 1 :]:
                if NEIGHBOURS[cell] >> other & 1:
                    raise _Refusal(
                        "new pieces may not be adjacent to each other "
                        f"({NAMES[cell]} and {NAMES[other]})",
                        tile,
                    )
        self._no_overline(state, tile, state.pieces | sum(1 << c for c in placed))
        return Turn(tile, placed, None)

    # -- notation ----------------------------------------------------------------------------
    def parse(self, state: FuerState, text: str) -> Turn:
        written = notation.read(text)
        if state.outcome is not None:
            raise GameOver(f"The game is over: {state.outcome.reason}")
        if written.move is None and not written.placed and not state.tiles >> written.tile & 1:
            turns = moves.turns_for_tile(state, written.tile)
            if len(turns) == 1:
                return turns[0]
            if turns:
                picks = ", ".join(notation.write(t) for t in turns[:_EXAMPLES])
                raise AmbiguousMove(
                    f"{NAMES[written.tile]} needs its pieces too ({len(turns)} choices), "
                    f"for example {picks}."
                )
        return self.check(state, written)

    def format(self, state: FuerState, action: Turn) -> str:
        return notation.write(action)

    # -- views and serialisation -------------------------------------------------------------
    def view(self, state: FuerState, seat: int | None) -> dict[str, Any]:
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
            raise InvalidNotation(f"That is not a Fuer position: {shorten(str(exc), 80)}") from None
        return self._judge(state)

    # -- presentation helpers ----------------------------------------------------------------
    def highlight(self, before: FuerState, action: Turn) -> dict[str, Any]:
        return {
            "notation": notation.write(action),
            "tile": NAMES[action.tile],
            "placed": [NAMES[c] for c in sorted(action.placed)],
            "moved": None if action.move is None else [NAMES[c] for c in action.move],
        }

    def describe(self, before: FuerState, action: Turn, seat_name: str) -> str:
        tile = NAMES[action.tile]
        if action.move is not None:
            origin, target = (NAMES[c] for c in action.move)
            detail = f"tile on {tile}, piece moved from {origin} to {target}"
        else:
            word = "piece" if len(action.placed) == 1 else "pieces"
            detail = f"tile on {tile}, new {word} on {listing(action.placed)}"
        return f"{seat_name} played {notation.write(action)} ({detail})."

    def notices(self, before: FuerState, after: FuerState) -> list[str]:
        if after.outcome is not None and after.outcome.termination == "no_legal_turn":
            return [after.outcome.reason]
        return []
