"""The Fuer computer opponent: tactics first, then a tree search over the safe turns.

Random Fuer games last about a dozen turns: a line of four of one's own colour or five of
any colours appears almost at once, so the game is won or lost by tactics. The AI knows:

* **win now** — any legal turn that wins is played at once;
* **no gift** — a turn after which the opponent can complete a line with one or two new
  pieces (or a moved piece) is set aside; a five of *any* colours is a threat to whoever
  moves next, so leaving four pieces in a row with a vacant tile beside them loses;
* **line potential** — open windows for an own four, weighted by how full they are.

The turns that survive, best first, feed :mod:`ai.mcts` with progressive widening; leaves
are judged by the same threat counts (no random playouts). Only a few dozen candidates
per node are kept, which is what makes ~2,000 legal turns searchable.

Approximations the AI makes (the rulings leave play to the players): a threat counts as
playable when some tile spot lets the opponent add the piece(s) at all — the other pieces
that turn must place, and whether a moved piece weakens its old line, are not looked at —
and a two-piece threat needs a spot touching three or more tiles.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ai.ask import Ask
from ai.budget import Budget, Clock
from ai.fuer_lines import can_add, has_won, potential, spot_sizes, threats
from ai.fuer_tactics import FuerTactics, after
from ai.mcts import Settings, search
from ai.safety import first_safe, reserve
from games.fuer import position
from games.fuer.board import FULL, NEIGHBOURS
from games.fuer.moves import _Choices, legal_turns, piece_sets, tile_spots
from games.fuer.notation import write
from games.fuer.rules import OPTIONS
from games.fuer.state import COLOURS, FuerState, Turn

CANDIDATES = 24
"""Safe turns kept per node, best first; progressive widening rarely reaches further."""

SETTINGS = Settings(exploration=0.4, widen=1.5, alpha=0.5)

Position = tuple[FuerState, int | None]
"""A search position: the engine state (its ``outcome`` unused) and the winner if any."""


def state_from_view(view: Mapping[str, Any]) -> FuerState:
    """The engine state behind a Fuer view (everything in Fuer is public)."""
    outcome = view.get("outcome")
    if view.get("to_move") is None and outcome:
        to_move = 1 - int(outcome["winners"][0])  # the winner made the last turn
    else:
        to_move = int(view["to_move"])
    data = {
        "tiles": list(view["tiles"]),
        "pieces": dict(view["pieces"]),
        "supply": dict(view["supply"]),
        "to_move": COLOURS[to_move],
        "options": dict(view["options"]),
        "outcome": outcome,
        "win_line": list(view.get("win_line", [])),
    }
    return position.load(data, OPTIONS)


def _after(state: FuerState, turn: Turn) -> int:
    """The mover's pieces after ``turn``."""
    own = state.own(state.to_move)
    if turn.move is not None:
        origin, target = turn.move
        return own & ~(1 << origin) | 1 << target
    for cell in turn.placed:
        own |= 1 << cell
    return own


def _frontier(tiles: int) -> int:
    """Empty spaces touching a tile: where the next tile can go."""
    near = 0
    rest = tiles
    while rest:
        low = rest & -rest
        rest ^= low
        near |= NEIGHBOURS[low.bit_length() - 1]
    return near & FULL & ~tiles


class FuerDomain:
    """Fuer as :class:`ai.mcts.Domain` sees it. ``clock`` lets a long ranking stop when
    the time is up (only a wall-clock budget can stop it, so iteration caps stay exact)."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock

    def player(self, state: Position) -> int:
        return state[0].to_move

    def winner(self, state: Position) -> int | None:
        return state[1]

    def apply(self, state: Position, action: Turn) -> Position:
        fs = state[0]
        mover = fs.to_move
        then = after(fs, action)
        own = then.own(mover)
        return then, (mover if has_won(own, then.pieces) else None)

    def actions(self, state: Position) -> Sequence[Turn]:
        return ranked_turns(state[0], self.clock)[:CANDIDATES]

    def evaluate(self, state: Position, rng: random.Random) -> float:
        return judge(state[0])


def _timed_turns(fs: FuerState, clock: Clock) -> list[Turn]:
    """The engine's legal turns in its order, cut short when the seconds run out: an
    open board with a full supply has hundreds of thousands of turns."""
    choices = _Choices(fs)
    limit = fs.overline_length
    supply = fs.supply[fs.to_move]
    sets: dict[int, list[tuple[int, ...]]] = {}
    turns: list[Turn] = []
    for tile, touched in tile_spots(fs.tiles):
        if touched == 1:
            turns.extend(Turn(tile, (), move) for move in choices.moves())
            continue
        if touched - 1 > supply:
            continue
        if touched not in sets:
            found = sets[touched] = []
            for placed in piece_sets(choices.vacant, fs.pieces, touched - 1, limit):
                found.append(placed)
                if len(found) % 512 == 0 and clock.done():
                    break
        turns.extend(Turn(tile, placed, None) for placed in sets[touched])
        if clock.done():
            break
    return turns


def ranked_turns(fs: FuerState, clock: Clock | None = None) -> list[Turn]:
    """Legal turns best first: a winning turn alone if there is one, then the turns that
    leave the opponent no immediate win, then the rest (a lost position still needs a move).

    A position can have ~2,000 turns; when ``clock`` runs out of seconds midway, the turns
    not yet judged follow the judged ones in the engine's order.
    """
    timed = clock is not None and clock.deadline is not None
    turns = _timed_turns(fs, clock) if timed else legal_turns(fs)  # type: ignore[arg-type]
    if not turns:
        return []
    mover = fs.to_move
    opp = fs.own(1 - mover)
    limit = fs.overline_length
    reach = fs.tiles | _frontier(fs.tiles)
    opp_supply = fs.supply[1 - mover]
    my_supply = fs.supply[mover]
    by_pieces: dict[int, tuple[bool, Any, Any, float]] = {}
    sizes_by_tile: dict[int, int] = {}
    safe: list[tuple[float, int, Turn]] = []
    unsafe: list[tuple[float, int, Turn]] = []
    judged = len(turns)
    for index, turn in enumerate(turns):
        if timed and index % 32 == 31 and clock.done():  # type: ignore[union-attr]
            judged = index
            break
        own = _after(fs, turn)
        known = by_pieces.get(own)
        if known is None:
            pieces = own | opp
            won = has_won(own, pieces)
            vacant = reach & ~pieces
            known = (
                won,
                threats(opp, pieces, vacant, limit),
                threats(own, pieces, vacant, limit),
                potential(own, opp, fs.tiles) - potential(opp, own, fs.tiles),
            )
            by_pieces[own] = known
        won, theirs, mine, balance = known
        if won:
            return [turn]
        tiles = fs.tiles | 1 << turn.tile
        sizes = sizes_by_tile.get(turn.tile)
        if sizes is None:
            sizes = sizes_by_tile[turn.tile] = spot_sizes(tiles)
        vacant = tiles & ~(own | opp)
        their_singles = theirs.singles & vacant
        their_pairs = [p for p in theirs.pairs if p & vacant == p]
        lost = (their_singles and can_add(sizes, opp_supply, opp, 1)) or (
            their_pairs and can_add(sizes, opp_supply, opp, 2)
        )
        my_singles = (mine.singles & vacant).bit_count()
        my_pairs = sum(1 for p in mine.pairs if p & vacant == p)
        score = balance + 6.0 * my_singles + 1.5 * my_pairs
        if my_singles >= 2:
            score += 10.0
        score -= 0.3 * len(turn.placed) * (20 - my_supply) / 20
        (unsafe if lost else safe).append((-score, index, turn))
    safe.sort()
    unsafe.sort()
    return [turn for _, _, turn in safe] + turns[judged:] + [turn for _, _, turn in unsafe]


def judge(fs: FuerState) -> float:
    """Chance that the player to act wins, from line threats alone."""
    mover = fs.to_move
    own, opp = fs.own(mover), fs.own(1 - mover)
    pieces = own | opp
    vacant = fs.tiles & ~pieces
    limit = fs.overline_length
    sizes = spot_sizes(fs.tiles)
    mine = threats(own, pieces, vacant, limit)
    if (mine.singles and can_add(sizes, fs.supply[mover], own, 1)) or (
        mine.pairs and can_add(sizes, fs.supply[mover], own, 2)
    ):
        return 0.95
    theirs = threats(opp, pieces, vacant, limit)
    their_singles = theirs.singles.bit_count()
    balance = potential(own, opp, fs.tiles) - potential(opp, own, fs.tiles)
    balance -= 3.0 * their_singles + 1.0 * len(theirs.pairs)
    if their_singles >= 2:
        balance -= 6.0
    return 1.0 / (1.0 + math.exp(-balance / 4.0))


def choose(ask: Ask) -> str:
    clock = ask.budget.start()  # the whole call counts, preparation included
    state = state_from_view(ask.view)
    searched = reserve(clock)
    rows = search(FuerDomain(searched), (state, None), searched, ask.rng, SETTINGS)
    best = rows[0][0]

    def ranked() -> Iterator[Turn]:
        yield best
        yield from (row[0] for row in rows)
        yield from ranked_turns(state, clock)  # only reached when all of those lose at once

    safe = first_safe(FuerTactics(), (state, None), ranked(), clock, ask.tally)
    return write(best if safe is None else safe)


def appraise(
    view: Mapping[str, Any], seat: int, budget: Budget, rng: random.Random
) -> tuple[float, str]:
    """(``seat``'s winning chance, the best turn for the side to move) — :func:`ai.judge`.

    The mean value of the most visited root turn of the tree search; a position with a
    single candidate (a winning turn) is judged by the threat counts alone (a win at once
    is certain)."""
    state = state_from_view(view)
    outcome = view.get("outcome")
    if outcome:
        winners = [int(w) for w in outcome.get("winners", [])]
        return (1.0 if seat in winners else 0.5 if not winners else 0.0), ""
    clock = budget.start()
    rows = search(FuerDomain(clock), (state, None), clock, rng, SETTINGS)
    mover = state.to_move
    if rows and rows[0][1] > 0:
        chance, best = rows[0][2], rows[0][0]
    else:  # one candidate: a turn that wins at once, or the only turn there is
        best = rows[0][0] if rows else ranked_turns(state)[0]
        own = _after(state, best)
        chance = 1.0 if has_won(own, own | state.own(1 - mover)) else judge(state)
    return (chance if mover == seat else 1.0 - chance), write(best)
