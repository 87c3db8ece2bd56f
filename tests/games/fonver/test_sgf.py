"""Fonver logs as SGF (issue 18.5): a Go viewer replaying the record must end on Fonver's
board, with Fonver's captures, the pie decision and the players' final colours."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core import IllegalMove, InvalidNotation
from games.fonver.actions import Point
from games.fonver.board import BLACK, WHITE
from games.fonver.sgf import sgf_point, to_sgf

RULES = games.get("fonver")

# -- a tiny SGF reader and a Go board, written independently of the module under test --------

_TOKEN = re.compile(r"\s*(?:(\()|(\))|(;)|([A-Z]+)((?:\[(?:\\.|[^\\\]])*\]\s*)+))", re.S)
_VALUE = re.compile(r"\[((?:\\.|[^\\\]])*)\]", re.S)


def parse_sgf(text: str) -> list[dict[str, list[str]]]:
    """The nodes of a single-variation game tree, each as {property: [values]}."""
    nodes: list[dict[str, list[str]]] = []
    depth = 0
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        assert match, f"unreadable SGF at {text[pos : pos + 20]!r}"
        pos = match.end()
        if match[1]:
            depth += 1
            assert depth == 1, "no variations expected"
        elif match[2]:
            depth -= 1
        elif match[3]:
            nodes.append({})
        else:
            assert nodes, "a property before the first node"
            assert match[4] not in nodes[-1], f"{match[4]} twice in one node"
            values = [re.sub(r"\\(.)", r"\1", v) for v in _VALUE.findall(match[5])]
            nodes[-1][match[4]] = values
    assert depth == 0
    return nodes


def go_replay(nodes: list[dict[str, list[str]]]) -> dict[tuple[int, int], str]:
    """What a Go viewer shows at the end: setup stones placed as given, moves played with
    Go's captures (opponent chains without liberties, then suicide)."""
    size = int(nodes[0]["SZ"][0])
    board: dict[tuple[int, int], str] = {}

    def xy(value: str) -> tuple[int, int]:
        return ord(value[0]) - ord("a"), ord(value[1]) - ord("a")

    def group(start: tuple[int, int]) -> tuple[set[tuple[int, int]], bool]:
        colour, seen, stack, free = board[start], {start}, [start], False
        while stack:
            x, y = stack.pop()
            for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if not (0 <= p[0] < size and 0 <= p[1] < size):
                    continue
                if p not in board:
                    free = True
                elif board[p] == colour and p not in seen:
                    seen.add(p)
                    stack.append(p)
        return seen, free

    for node in nodes[1:]:
        moves = [k for k in ("B", "W") if k in node]
        setup = [k for k in ("AB", "AW", "AE", "PL") if k in node]
        assert not (moves and setup), f"move and setup mixed in {node}"
        for value in node.get("AE", []):
            board.pop(xy(value), None)
        for key in ("AB", "AW"):
            for value in node.get(key, []):
                board[xy(value)] = key[1]
        for colour in moves:
            p = xy(node[colour][0])
            assert p not in board, f"move on an occupied point {node}"
            board[p] = colour
            took = False
            x, y = p
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in board and board[q] != colour:
                    stones, free = group(q)
                    if not free:
                        took = True
                        for s in stones:
                            del board[s]
            if not took:
                stones, free = group(p)
                if not free:
                    for s in stones:
                        del board[s]
    return board


def fonver_board(state) -> dict[tuple[int, int], str]:
    size = state.size
    out = {}
    for index, cell in enumerate(state.board):
        if cell in (BLACK, WHITE):
            rank, file = divmod(index, size)
            out[(file, size - 1 - rank)] = "B" if cell == BLACK else "W"
    return out


def _random_game(size: int, seed: int, pie: bool = True, limit: int = 400):
    state = RULES.new(2, {"size": size, "pie": pie}, seed)
    rng = random.Random(seed)
    log = []
    while RULES.outcome(state) is None and len(log) < limit:
        action = rng.choice(RULES.legal_actions(state))
        log.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    return log, state


# -- the tests -------------------------------------------------------------------------------

SHORT = ["d4", "keep", "e4", "e5", "d5", "e4>e5"]
SHORT_SGF = (
    "(;FF[4]GM[1]CA[UTF-8]AP[boardbot]SZ[9]PB[alice]PW[bob]RE[W+R]DT[2026-11-25]"
    "GC[Fonver: Black joins the top and bottom edges, White the left and right. Captures are "
    "Fonver's crosscut captures, written as setup nodes (AE, AB, AW); where a Go program "
    "would take stones off after a move, the next node puts them back.]\n"
    ";B[df]\n"
    ";PL[W]C[Pie rule: bob keeps White; alice plays Black.]\n"
    ";W[ef]\n"
    ";B[ee]\n"
    ";W[de]\n"
    ";AE[ef]AW[ee]C[White e4>e5: the stone on e4 captures the Black stone on e5.]\n"
    ")\n"
)


def test_a_short_game_with_a_capture_is_written_exactly() -> None:
    text = to_sgf(SHORT, size=9, names=("alice", "bob"), result="W+R", date="2026-11-25")
    assert text == SHORT_SGF
    nodes = parse_sgf(text)
    root = nodes[0]
    assert root["GM"] == ["1"] and root["FF"] == ["4"] and root["SZ"] == ["9"]
    state = RULES.new(2, {"size": 9})
    for step in SHORT:
        state = RULES.apply(state, RULES.parse(state, step))
    assert go_replay(nodes) == fonver_board(state)


def test_corners_map_to_sgf_corners() -> None:
    assert sgf_point(Point(0, 0), 9) == "ai"  # a1, bottom-left
    assert sgf_point(Point(8, 8), 9) == "ia"  # i9, top-right
    assert sgf_point(Point(0, 8), 9) == "aa"  # a9, top-left
    assert sgf_point(Point(8, 0), 9) == "ii"  # i1, bottom-right
    assert sgf_point(Point(18, 0), 19) == "ss"
    nodes = parse_sgf(to_sgf(["a1", "keep", "i9", "a9", "i1"], size=9, names=("a", "b")))
    assert [n.get("B", n.get("W")) for n in nodes[1:] if "B" in n or "W" in n] == [
        ["ai"],
        ["ia"],
        ["aa"],
        ["ii"],
    ]


def test_a_pie_swap_names_the_second_player_black_and_says_so() -> None:
    nodes = parse_sgf(to_sgf(["e5", "swap", "d4"], size=9, names=("alice", "bob")))
    root = nodes[0]
    assert root["PB"] == ["bob"] and root["PW"] == ["alice"]
    pie = nodes[2]
    assert pie["PL"] == ["W"] and "bob swaps" in pie["C"][0]
    assert nodes[1] == {"B": ["ee"]} and nodes[3] == {"W": ["df"]}


def test_without_the_pie_rule_there_is_no_pie_node() -> None:
    nodes = parse_sgf(to_sgf(["e5", "d4"], size=9, names=("alice", "bob")))
    assert nodes[0]["PB"] == ["alice"] and nodes[0]["PW"] == ["bob"]
    assert [set(n) for n in nodes[1:]] == [{"B"}, {"W"}]
    assert "RE" not in nodes[0] and "DT" not in nodes[0]


def test_stones_a_go_program_would_capture_are_put_back() -> None:
    # White's i9 corner stone loses its last liberty to h9 and i8 under Go rules.
    log = ["h9", "keep", "i9", "i8"]
    text = to_sgf(log, size=9, names=("a", "b"))
    nodes = parse_sgf(text)
    assert nodes[-1].get("AW") == ["ia"] and "No Go captures" in nodes[-1]["C"][0]
    state = RULES.new(2, {"size": 9})
    for step in log:
        state = RULES.apply(state, RULES.parse(state, step))
    assert go_replay(nodes) == fonver_board(state)


def test_names_and_results_are_escaped() -> None:
    nodes = parse_sgf(to_sgf(["e5"], size=9, names=("a]b", "c\\d"), result="B+"))
    assert nodes[0]["PB"] == ["a]b"] and nodes[0]["PW"] == ["c\\d"] and nodes[0]["RE"] == ["B+"]


@pytest.mark.parametrize("log", [["e5", "zz"], ["e5", "e5"], ["keep"]])
def test_a_log_that_is_no_legal_game_is_refused(log: list[str]) -> None:
    with pytest.raises((InvalidNotation, IllegalMove)):
        to_sgf(log, size=9, names=("a", "b"))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([9, 11]), st.integers(0, 10_000), st.booleans())
def test_a_go_viewer_ends_every_game_on_fonvers_board(size: int, seed: int, pie: bool) -> None:
    log, state = _random_game(size, seed, pie)
    nodes = parse_sgf(to_sgf(log, size=size, names=("alice", "bob")))
    assert go_replay(nodes) == fonver_board(state)
    placements = sum(1 for step in log if ">" not in step and step not in {"keep", "swap"})
    assert sum(1 for n in nodes if "B" in n or "W" in n) == placements
