"""A Fonver move log as an SGF game record (FF[4], GM[1]) that Go programs open (issue 18.5).

Fonver is played on a Go board with Go's stones, so a Go viewer (Sabaki, GoGui, KGS, …) is
the natural way to replay a match; what it must not do is apply Go's rules where Fonver's
differ. The record is built by replaying the log with the Fonver rules, so a log that is
not a legal game is refused (``InvalidNotation`` / ``IllegalMove``) rather than written.

How each step is written:

* **Placement** (``k10``): a move node, ``;B[jj]`` or ``;W[jj]``, so viewers number the moves
  and mark the last one. Fonver has no Go captures, but a Go program takes stones off when a
  placement leaves a chain without liberties (the opponent's, or, as suicide, the mover's
  own). When that would happen, the next node is a setup node that puts those stones back
  (``AB``/``AW`` with a comment), so the board a viewer shows is always Fonver's.
* **Crosscut capture** (``l11>k11``): a setup node of its own, ``;AE[source]AB[target]`` (or
  ``AW``) with a comment naming the capture: the moving stone's old point is emptied and the
  captured stone is overwritten by the capturer's colour. The captures go in their own node
  rather than on the placement's node because FF[4] keeps setup properties (AB, AW, AE,
  PL) apart from move properties, and viewers that follow that drop or reorder mixed nodes.
* **Pie decision** (``keep`` / ``swap``): a node with a comment saying who chose what and
  ``PL[W]`` (White places next either way). The stone stays black: after a swap the second
  player owns it, so the swap shows in ``PB``/``PW``, which name the players by the colour
  they finished with, and in the comment.

``names`` are the two players in seat order (seat 0 placed the first stone). ``result`` is
written as SGF's ``RE`` value verbatim ("B+", "W+R", "B+T", "Void", …) and ``date`` as
``DT`` (``YYYY-MM-DD``). Coordinates: SGF counts columns from the left and rows from the
top, both from "a", so ``a1`` (bottom-left) on a 19×19 board is ``as`` and ``s19`` is ``sa``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome
from games.fonver.actions import Capture, PieChoice, Place, Point
from games.fonver.board import BLACK, EMPTY, WHITE, Board, Geometry, chain, geometry, other

_COLOUR_LETTER = {BLACK: "B", WHITE: "W"}
_COLOUR_WORD = {BLACK: "Black", WHITE: "White"}
_ABOUT = (
    "Fonver: Black joins the top and bottom edges, White the left and right. Captures are "
    "Fonver's crosscut captures, written as setup nodes (AE, AB, AW); where a Go program "
    "would take stones off after a move, the next node puts them back."
)


def sgf_point(point: Point, size: int) -> str:
    """``a1`` → ``a`` + the bottom row's letter: SGF rows run from the top."""
    return chr(ord("a") + point.file) + chr(ord("a") + size - 1 - point.rank)


def _text(value: str) -> str:
    """An SGF Text value: a backslash escapes ``]`` and the backslash itself."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _property(name: str, values: Sequence[str]) -> str:
    return name + "".join(f"[{v}]" for v in values)


def go_removals(board: Board, geo: Geometry, placed: int) -> set[int]:
    """The stones a Go program removes after the stone on ``placed`` was put on ``board``:
    opponent chains left without a liberty, else (suicide) the mover's own chain if it has
    none. Fonver removes none of them."""
    colour = board[placed]
    gone: set[int] = set()
    for near in geo.neighbours[placed]:
        if board[near] == other(colour) and near not in gone:
            group = chain(board, geo, near)
            if not _has_liberty(board, geo, group):
                gone |= group
    if not gone:
        own = chain(board, geo, placed)
        if not _has_liberty(board, geo, own):
            gone = own
    return gone


def _has_liberty(board: Board, geo: Geometry, group: set[int]) -> bool:
    return any(board[n] == EMPTY for p in group for n in geo.neighbours[p])


def to_sgf(
    actions: Sequence[str],
    *,
    size: int,
    names: tuple[str, str],
    result: str | None = None,
    date: str | None = None,
) -> str:
    """The SGF text of a Fonver match from its log of step notations (see the module
    docstring for how placements, captures and the pie decision are written)."""
    from games.fonver import RULES as rules  # at call time: the rules import this module

    pie = any(text.strip().lower() in {"keep", "swap"} for text in actions)
    state = rules.new(2, {"size": size, "pie": pie})
    geo = geometry(size)
    nodes: list[str] = []
    for text in actions:
        action = rules.parse(state, text)
        after = rules.apply(state, action)
        colour = state.colour
        if isinstance(action, Place):
            point = action.point
            nodes.append(_property(_COLOUR_LETTER[colour], [sgf_point(point, size)]))
            placed = point.cell(size)
            board = list(state.board)
            board[placed] = colour
            gone = go_removals(tuple(board), geo, placed)
            if gone:
                nodes.append(_restore(tuple(board), gone, size))
        elif isinstance(action, Capture):
            nodes.append(_capture(action, colour, size))
        elif isinstance(action, PieChoice):
            nodes.append(_pie(action, names))
        state = after
    black = names[state.black_seat]
    white = names[1 - state.black_seat]
    root = [
        "FF[4]",
        "GM[1]",
        "CA[UTF-8]",
        "AP[boardbot]",
        f"SZ[{size}]",
        f"PB[{_text(black)}]",
        f"PW[{_text(white)}]",
    ]
    if result is not None:
        root.append(f"RE[{_text(result)}]")
    if date is not None:
        root.append(f"DT[{_text(date)}]")
    root.append(f"GC[{_text(_ABOUT)}]")
    return "(;" + "".join(root) + "".join(f"\n;{node}" for node in nodes) + "\n)\n"


def _restore(board: Board, gone: set[int], size: int) -> str:
    """A setup node putting back the stones a Go program took off after the last move."""
    props = []
    for colour in (BLACK, WHITE):
        points = sorted(sgf_point(Point.at(i, size), size) for i in gone if board[i] == colour)
        if points:
            props.append(_property("A" + _COLOUR_LETTER[colour], points))
    note = "No Go captures in Fonver: the stones a Go program took off stay on the board."
    return "".join(props) + f"C[{_text(note)}]"


def _capture(action: Capture, colour: int, size: int) -> str:
    source, target = sgf_point(action.source, size), sgf_point(action.target, size)
    note = (
        f"{_COLOUR_WORD[colour]} {action}: the stone on {action.source} captures the "
        f"{_COLOUR_WORD[other(colour)]} stone on {action.target}."
    )
    return f"AE[{source}]A{_COLOUR_LETTER[colour]}[{target}]C[{_text(note)}]"


def _pie(action: PieChoice, names: tuple[str, str]) -> str:
    first, second = names
    if action.swap:
        note = (
            f"Pie rule: {second} swaps and plays Black with the first stone; {first} plays White."
        )
    else:
        note = f"Pie rule: {second} keeps White; {first} plays Black."
    return f"PL[W]C[{_text(note)}]"


_SGF_HOW = {"resignation": "R", "timeout": "T"}
"""SGF's words for how a game was won; any other ending (Fonver's connection) is a plain
``B+``/``W+``, which SGF reads as "won, margin not counted"."""


def sgf_result(outcome: Outcome | None, black_seat: int) -> str | None:
    """SGF's ``RE`` value: ``B+R``, ``W+T``, ``B+``, ``0`` for a draw; None while running.

    SGF names the winner by colour, and after a pie swap the second seat is Black, so the
    winning seat is turned into the colour that seat finished with.
    """
    if outcome is None:
        return None
    if not outcome.winners:
        return "0"
    colour = "B" if outcome.winners[0] == black_seat else "W"
    return f"{colour}+{_SGF_HOW.get(outcome.termination, '')}"


__all__ = ["go_removals", "sgf_point", "sgf_result", "to_sgf"]
