"""Move notation (ruling 14): reading what players type and explaining refusals.

Decisions where the rulings are silent:

* An ordo move may name its two ends in either order; ``d2:a2-d3`` is the same move as
  ``a2:d2-a3``. The canonical form names the lower end first (towards file a for a
  horizontal line, towards rank 1 for a vertical one) with that end's destination.
* ``x`` is optional on input, but a typed ``x`` on a move that captures nothing is refused
  rather than silently accepted: in correspondence play it more likely marks a mistyped
  square than a harmless flourish. Ordo moves never capture, so ``x`` is refused there too.
* Phone keyboards turn ``-`` into en or em dashes and ``x`` into ``×``; both are read as
  typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.core import InvalidNotation, RuleViolation
from games.ordo.board import BY_NAME, NAMES, STEPS, file_of, on_board, rank_of, square
from games.ordo.moves import (
    LINE_STEPS,
    RAYS,
    Move,
    line_squares,
    single_steps,
)
from games.ordo.sentences import COLOURS, SAY
from games.sentences import Sentence
from games.text import quoted

SUGGESTIONS = 5
"""How many legal alternatives an error message lists."""

_SQ = r"([a-z]\d+)"
_SINGLE = re.compile(rf"{_SQ}([-x]?){_SQ}")
_ORDO = re.compile(rf"{_SQ}:{_SQ}([-x]?){_SQ}")
_LONE = re.compile(_SQ)
_TYPING = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x"})
HOW_TO = SAY("how_to")


def normalise(text: str) -> str:
    """Lower case, phone punctuation mended, spaces dropped."""
    return "".join(text.translate(_TYPING).lower().split())


def _square(token: str) -> int:
    sq = BY_NAME.get(token)
    if sq is None:
        raise InvalidNotation(SAY("not_a_square", square=token))
    return sq


def lone_square(text: str) -> int | None:
    """The square if the input is a single square name (a half-typed move), else None."""
    match = _LONE.fullmatch(normalise(text))
    return _square(match.group(1)) if match else None


def read(text: str) -> tuple[Move, bool]:
    """Context-free reading: the move in canonical form and whether an ``x`` was typed."""
    norm = normalise(text)
    if match := _ORDO.fullmatch(norm):
        first, last = _square(match.group(1)), _square(match.group(2))
        mark, dest = match.group(3), _square(match.group(4))
        if first == last:
            raise InvalidNotation(
                SAY(
                    "same_ends",
                    move=norm,
                    square=NAMES[first],
                    single=f"{NAMES[first]}-{NAMES[dest]}",
                )
            )
        low, high = min(first, last), max(first, last)
        df, dr = file_of(dest) - file_of(first), rank_of(dest) - rank_of(first)
        f, r = file_of(low) + df, rank_of(low) + dr
        if not on_board(f, r):
            raise RuleViolation(SAY("off_board", move=norm))
        return Move(low, square(f, r), high), mark == "x"
    if match := _SINGLE.fullmatch(norm):
        origin, mark, target = _square(match.group(1)), match.group(2), _square(match.group(3))
        return Move(origin, target, origin), mark == "x"
    raise InvalidNotation(SAY("unreadable", text=quoted(text), how=HOW_TO))


def write(move: Move, opp: int) -> str:
    """Canonical text: ``x`` between the squares exactly when the move captures."""
    if not move.is_ordo and opp >> move.target & 1:
        return f"{NAMES[move.origin]}x{NAMES[move.target]}"
    return str(move)


def listing(moves: Sequence[Move], opp: int) -> str:
    shown = [write(m, opp) for m in moves[:SUGGESTIONS]]
    more = ", …" if len(moves) > SUGGESTIONS else ""
    return ", ".join(shown) + more


def movable(moves: Sequence[Move]) -> str:
    """Up to a handful of squares whose pieces (or lines) can move."""
    seen: list[str] = []
    for move in moves:
        name = NAMES[move.origin]
        if move.is_ordo:
            name += f":{NAMES[move.far_end]}"
        if name not in seen:
            seen.append(name)
    more = ", …" if len(seen) > SUGGESTIONS else ""
    return ", ".join(seen[:SUGGESTIONS]) + more


# ---------------------------------------------------------------------------------------------
# Why a well-formed move is illegal: the first rule it breaks, in the order a player checks.
# ---------------------------------------------------------------------------------------------


def _direction(origin: int, target: int) -> str | None:
    """The compass name of the straight line from origin to target, if there is one."""
    df, dr = file_of(target) - file_of(origin), rank_of(target) - rank_of(origin)
    if (df and dr and abs(df) != abs(dr)) or not (df or dr):
        return None
    unit = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return next(name for name, step in STEPS.items() if step == unit)


def _blocker(start: int, step: str, distance: int, occ: int) -> int | None:
    for t, bit in RAYS[step][start][:distance]:
        if bit & occ:
            return t
    return None


def _split_reason(split: bool) -> Sentence:
    return SAY("split_unjoined") if split else SAY("would_split")


def single_reason(move: Move, own: int, opp: int, colour: int, split: bool) -> Sentence:
    origin, target = move.origin, move.target
    if origin == target:
        return SAY("must_leave")
    step = _direction(origin, target)
    if step is None:
        return SAY("not_straight", origin=NAMES[origin], target=NAMES[target])
    if step not in single_steps(colour, split):
        return SAY("single_direction")
    distance = max(abs(file_of(target) - file_of(origin)), abs(rank_of(target) - rank_of(origin)))
    blocker = _blocker(origin, step, distance - 1, own | opp)
    if blocker is not None:
        return SAY("blocked", square=NAMES[blocker])
    if own >> target & 1:
        return SAY("own_piece", square=NAMES[target])
    return _split_reason(split)


def ordo_reason(move: Move, own: int, opp: int, colour: int, split: bool) -> Sentence:
    squares = line_squares(move.origin, move.far_end)
    ends = {"first": NAMES[move.origin], "last": NAMES[move.far_end]}
    if squares is None:
        return SAY("not_a_line", **ends)
    for sq in squares:
        if not own >> sq & 1:
            return SAY("gap_in_line", square=NAMES[sq], **ends)
    if move.target == move.origin:
        return SAY("line_must_move")
    step = _direction(move.origin, move.target)
    across, along = LINE_STEPS[colour, split]
    if rank_of(move.origin) == rank_of(move.far_end):
        if step is None or step not in across:
            return SAY("rank_line_forward_split" if split else "rank_line_forward")
    elif step is None or step not in along:
        return SAY("file_line_sideways")
    distance = max(
        abs(file_of(move.target) - file_of(move.origin)),
        abs(rank_of(move.target) - rank_of(move.origin)),
    )
    blockers = [b for sq in squares if (b := _blocker(sq, step, distance, own | opp)) is not None]
    if blockers:
        first = min(blockers)
        if opp >> first & 1:
            return SAY("blocked_no_capture", square=NAMES[first])
        return SAY("blocked", square=NAMES[first])
    return _split_reason(split)


def refusal(
    text: str,
    move: Move,
    own: int,
    opp: int,
    colour: int,
    split: bool,
    unit_moves: Sequence[Move],
    all_moves: Sequence[Move],
) -> RuleViolation:
    """One sentence: what is wrong with ``move`` and what that piece or line could do."""
    typed = normalise(text)
    if not move.is_ordo and not own >> move.origin & 1:
        where = NAMES[move.origin]
        if opp >> move.origin & 1:
            problem = SAY("enemy_piece", square=where, colour=COLOURS[1 - colour])
        else:
            problem = SAY("no_piece", square=where, colour=COLOURS[colour])
        return RuleViolation(
            SAY("not_legal_movable", move=typed, problem=problem, pieces=movable(all_moves))
        )
    subject: str | Sentence
    if move.is_ordo:
        reason = ordo_reason(move, own, opp, colour, split)
        subject = SAY("line_subject", first=NAMES[move.origin], last=NAMES[move.far_end])
    else:
        reason = single_reason(move, own, opp, colour, split)
        subject = NAMES[move.origin]
    if unit_moves:
        advice = SAY("can_play", subject=subject, moves=listing(unit_moves, opp))
    else:
        # Offer moves of the kind the player was trying first: ordo moves for a line.
        alike = [m for m in all_moves if m.is_ordo == move.is_ordo] or list(all_moves)
        advice = SAY("no_move", subject=subject, moves=listing(alike, opp))
    return RuleViolation(SAY("not_legal", move=typed, reason=reason, advice=advice))
