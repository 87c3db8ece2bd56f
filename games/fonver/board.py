"""Board geometry and the pure board questions of Fonver: crosscuts, chains, connections.

A board is a flat tuple of colours indexed ``rank * size + file`` with rank 0 at the bottom,
so ``a1`` is index 0 and the point names of ruling 1 map onto indices without a lookup.
Everything that depends only on the board size (neighbours, the 2×2 blocks around a point,
the edges, the point names) is computed once per size and shared: play then costs only the
few points a move touches, which is what makes random playouts fast enough for benchmarks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

EMPTY = 0
BLACK = 1
WHITE = 2

Board = tuple[int, ...]


def other(colour: int) -> int:
    """The opposing colour."""
    return BLACK + WHITE - colour


@dataclass(frozen=True)
class Geometry:
    """Everything about an N×N board that never changes during a match.

    A 2×2 block is named by its *anchor*, the index of its lower-left point; its points are
    ``anchor, anchor + 1, anchor + size, anchor + size + 1``.
    """

    size: int
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    blocks_of: tuple[tuple[int, ...], ...]
    """The anchors of the (up to four) 2×2 blocks each point belongs to."""
    black_edges: tuple[frozenset[int], frozenset[int]]
    """Ruling 2: Black owns rank 1 and rank N; a corner lies on both edges meeting there."""
    white_edges: tuple[frozenset[int], frozenset[int]]
    """Ruling 2: White owns file a and the last file."""

    @property
    def points(self) -> int:
        return self.size * self.size

    def block(self, anchor: int) -> tuple[int, int, int, int]:
        """The block's points: lower-left, lower-right, upper-left, upper-right."""
        n = self.size
        return (anchor, anchor + 1, anchor + n, anchor + n + 1)

    def edges(self, colour: int) -> tuple[frozenset[int], frozenset[int]]:
        return self.black_edges if colour == BLACK else self.white_edges

    def name(self, index: int) -> str:
        return self.names[index]

    def index(self, name: str) -> int | None:
        """The index of a point name such as ``k10``, or ``None`` when it is not on this board."""
        if len(name) < 2 or not ("a" <= name[0] <= "z") or not name[1:].isdigit():
            return None
        file = ord(name[0]) - ord("a")
        rank = int(name[1:]) - 1
        if not (0 <= file < self.size and 0 <= rank < self.size) or name[1] == "0":
            return None
        return rank * self.size + file


@cache
def geometry(size: int) -> Geometry:
    """The shared geometry of a board size (a pure, memoised function of ``size``)."""
    n = size
    names = tuple(f"{chr(ord('a') + i % n)}{i // n + 1}" for i in range(n * n))
    neighbours: list[tuple[int, ...]] = []
    blocks_of: list[tuple[int, ...]] = []
    for i in range(n * n):
        rank, file = divmod(i, n)
        near = []
        if rank > 0:
            near.append(i - n)
        if file > 0:
            near.append(i - 1)
        if file < n - 1:
            near.append(i + 1)
        if rank < n - 1:
            near.append(i + n)
        neighbours.append(tuple(near))
        anchors = []
        for dr in (-1, 0):
            for df in (-1, 0):
                r, f = rank + dr, file + df
                if 0 <= r < n - 1 and 0 <= f < n - 1:
                    anchors.append(r * n + f)
        blocks_of.append(tuple(anchors))
    return Geometry(
        size=n,
        names=names,
        neighbours=tuple(neighbours),
        blocks_of=tuple(blocks_of),
        black_edges=(frozenset(range(n)), frozenset(range(n * (n - 1), n * n))),
        white_edges=(frozenset(range(0, n * n, n)), frozenset(range(n - 1, n * n, n))),
    )


def empty_board(size: int) -> Board:
    return (EMPTY,) * (size * size)


def is_crosscut(board: Board, anchor: int, size: int) -> bool:
    """Ruling 4: one colour on one diagonal of the block, the other colour on the other."""
    a = board[anchor]
    d = board[anchor + size + 1]
    b = board[anchor + 1]
    c = board[anchor + size]
    return a == d and b == c and a != EMPTY and b != EMPTY and a != b


def crosscuts_at(board: Board, geo: Geometry, points: Iterable[int]) -> set[int]:
    """Anchors of the crosscuts among the blocks touching ``points``.

    Only a block containing a changed point can have changed, so this is all an update needs.
    """
    size = geo.size
    found: set[int] = set()
    for point in points:
        for anchor in geo.blocks_of[point]:
            if is_crosscut(board, anchor, size):
                found.add(anchor)
    return found


def all_crosscuts(board: Board, geo: Geometry) -> frozenset[int]:
    """Every crosscut on the board (used when a position is loaded, not during play)."""
    n = geo.size
    return frozenset(
        r * n + f for r in range(n - 1) for f in range(n - 1) if is_crosscut(board, r * n + f, n)
    )


def chain(board: Board, geo: Geometry, start: int) -> set[int]:
    """Ruling 3: the maximal orthogonally connected group of ``start``'s colour."""
    colour = board[start]
    seen = {start}
    stack = [start]
    neighbours = geo.neighbours
    while stack:
        point = stack.pop()
        for near in neighbours[point]:
            if near not in seen and board[near] == colour:
                seen.add(near)
                stack.append(near)
    return seen


def spans(stones: set[int], geo: Geometry, colour: int) -> bool:
    """Whether a set of stones touches both of ``colour``'s edges."""
    low, high = geo.edges(colour)
    return not low.isdisjoint(stones) and not high.isdisjoint(stones)


def connects_from(board: Board, geo: Geometry, point: int) -> bool:
    """Whether the chain through ``point`` touches both edges of its colour."""
    return spans(chain(board, geo, point), geo, board[point])


def connected(board: Board, geo: Geometry, colour: int) -> bool:
    """Ruling 10: does any chain of ``colour`` touch both of its edges?

    One flood fill from every stone on the first edge, stopping at the first stone found on
    the opposite edge.
    """
    low, high = geo.edges(colour)
    start = [p for p in low if board[p] == colour]
    if not start or not any(board[p] == colour for p in high):
        return False
    seen = set(start)
    stack = list(start)
    neighbours = geo.neighbours
    while stack:
        point = stack.pop()
        if point in high:
            return True
        for near in neighbours[point]:
            if near not in seen and board[near] == colour:
                seen.add(near)
                stack.append(near)
    return False


def winning_chain(board: Board, geo: Geometry, colour: int) -> set[int]:
    """The stones of a chain joining ``colour``'s edges (empty if none): shown at the end so
    players see why the game ended."""
    low, _ = geo.edges(colour)
    seen: set[int] = set()
    for start in sorted(low):
        if board[start] == colour and start not in seen:
            stones = chain(board, geo, start)
            if spans(stones, geo, colour):
                return stones
            seen |= stones
    return set()


def with_stones(board: Board, changes: Sequence[tuple[int, int]]) -> Board:
    """A copy of ``board`` with ``(index, colour)`` changes applied."""
    cells = list(board)
    for index, colour in changes:
        cells[index] = colour
    return tuple(cells)
