"""Reading and writing Fonver text: move notation (ruling 13) and positions (ruling 12).

Move text is read here only for its shape; whether a move is legal is the rules' question.

Position notation is ruling 12's, extended minimally so that every state reachable in play
round-trips:

* line 1…N: the board, top rank first, ``B`` / ``W`` / ``.``;
* then the side to act, ``B`` or ``W`` (``black`` / ``white`` are read too);
* then the phase: ``place``, ``capture``, or — our extension — ``pie`` while the second player
  decides between keep and swap (the side to act is then ``W``, the decider's provisional
  colour);
* then, only when needed, one extra line of flags (our extension): ``pie-rule`` for the opening
  position of a match whose pie rule is still ahead, and ``swapped`` once seat 1 has taken
  Black. Without that line seat 0 plays Black and no pie decision is pending, which is
  exactly a plain ruling-12 position.
"""

from __future__ import annotations

import re

from games.core import InvalidNotation
from games.fonver.actions import KEEP, SWAP, Action, Capture, Place, Point
from games.fonver.board import BLACK, EMPTY, WHITE, Board
from games.fonver.sentences import SAY
from games.text import quoted

SIZES = (9, 11, 13, 15, 17, 19)

_POINT = r"([a-z])(\d{1,2})"
_PLACE_RE = re.compile(rf"^{_POINT}$")
_CAPTURE_RE = re.compile(rf"^{_POINT}\s*[>x-]\s*{_POINT}$")

STONE_CHARS = {".": EMPTY, "B": BLACK, "W": WHITE}
CHAR_OF = {EMPTY: ".", BLACK: "B", WHITE: "W"}
COLOUR_WORDS = {"b": BLACK, "black": BLACK, "w": WHITE, "white": WHITE}
COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}

FLAG_PIE_RULE = "pie-rule"
FLAG_SWAPPED = "swapped"

MOVE_HELP = SAY("how_to")


def _point(file_letter: str, rank_text: str, text: str) -> Point:
    rank = int(rank_text)
    if rank < 1 or rank_text.startswith("0"):
        raise InvalidNotation(SAY("rank_from_one", text=quoted(text)))
    return Point(ord(file_letter) - ord("a"), rank - 1)


def parse_move(text: str) -> Action:
    """Move text → an action, judged only by its shape (``K10``, ``l11>k11``, ``swap``)."""
    cleaned = text.strip().lower()
    if cleaned in {"keep", "swap"}:
        return KEEP if cleaned == "keep" else SWAP
    match = _PLACE_RE.match(cleaned)
    if match:
        return Place(_point(match[1], match[2], cleaned))
    match = _CAPTURE_RE.match(cleaned)
    if match:
        return Capture(_point(match[1], match[2], cleaned), _point(match[3], match[4], cleaned))
    raise InvalidNotation(SAY("unreadable", text=quoted(text), how=MOVE_HELP))


def write_position(board: Board, size: int, colour: int, phase: str, flags: list[str]) -> str:
    """Ruling 12 text (plus the optional flag line described in the module docstring)."""
    rows = [
        "".join(CHAR_OF[board[rank * size + file]] for file in range(size))
        for rank in range(size - 1, -1, -1)
    ]
    lines = [*rows, CHAR_OF[colour], phase]
    if flags:
        lines.append(" ".join(flags))
    return "\n".join(lines)


def read_position(text: str) -> tuple[int, Board, int, str, set[str]]:
    """Position text → (size, board, colour to act, phase, flags), checked for shape only."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    size = len(lines[0]) if lines else 0
    if size not in SIZES or len(lines) < size:
        raise InvalidNotation(SAY("position_board", sizes=", ".join(map(str, SIZES))))
    board_rows = [row.upper() for row in lines[:size]]
    for row in board_rows:
        if len(row) != size or not set(row) <= set(STONE_CHARS):
            raise InvalidNotation(SAY("position_line", row=repr(row), size=size))
    rest = lines[size:]
    if len(rest) not in (2, 3):
        raise InvalidNotation(SAY("position_rest"))
    colour = COLOUR_WORDS.get(rest[0].lower())
    if colour is None:
        raise InvalidNotation(SAY("position_side", side=repr(rest[0])))
    phase = rest[1].lower()
    if phase not in {"place", "capture", "pie"}:
        raise InvalidNotation(SAY("position_phase", phase=repr(rest[1])))
    flags = set(rest[2].lower().split()) if len(rest) == 3 else set()
    unknown = flags - {FLAG_PIE_RULE, FLAG_SWAPPED}
    if unknown:
        raise InvalidNotation(
            SAY(
                "position_flag",
                flag=repr(sorted(unknown)[0]),
                pie_rule=FLAG_PIE_RULE,
                swapped=FLAG_SWAPPED,
            )
        )
    cells = [EMPTY] * (size * size)
    for row_number, row in enumerate(board_rows):
        rank = size - 1 - row_number
        for file, char in enumerate(row):
            cells[rank * size + file] = STONE_CHARS[char]
    return size, tuple(cells), colour, phase, flags
