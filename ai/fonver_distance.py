"""Connection distance on a Fonver board: how many stones each colour still needs.

The cost of a path is the number of empty points on it; own stones are free and enemy
stones block. Chains are orthogonal (ruling 3), but a diagonal step between two points
whose two shared neighbours are both empty is nearly as good as an orthogonal one: when
the opponent takes one shared point the player takes the other (left alone, the
opponent's second stone there would close a crosscut and capture), like a bridge in Hex.
Counting such diagonals lets the distance see the shapes strong players build.

A 0-1 breadth-first search from each edge gives, for every point, the cheapest path from
that edge; adding the two maps shows the points on a colour's shortest connections, which
is both the evaluation (distance difference) and the move prior (points on either player's
best paths).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from games.fonver.board import BLACK, EMPTY, WHITE

FAR = 10_000
"""Distance of an unreachable point (a walled-off colour has no path at all)."""


@dataclass(frozen=True)
class Links:
    """For each point: orthogonal neighbours, and diagonal neighbours with the two points
    they share; plus the two edges of each colour as index tuples."""

    size: int
    orthogonal: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[tuple[int, int, int], ...], ...]
    edges: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
    goals: dict[int, frozenset[int]]
    """Each colour's far edge as a set, where a distance search may stop."""


@cache
def links(size: int) -> Links:
    n = size
    orthogonal = []
    diagonal = []
    for i in range(n * n):
        rank, file = divmod(i, n)
        orthogonal.append(
            tuple(
                r * n + f
                for r, f in ((rank - 1, file), (rank, file - 1), (rank, file + 1), (rank + 1, file))
                if 0 <= r < n and 0 <= f < n
            )
        )
        diagonal.append(
            tuple(
                ((rank + dr) * n + file + df, (rank + dr) * n + file, rank * n + file + df)
                for dr in (-1, 1)
                for df in (-1, 1)
                if 0 <= rank + dr < n and 0 <= file + df < n
            )
        )
    black = (tuple(range(n)), tuple(range(n * (n - 1), n * n)))
    white = (tuple(range(0, n * n, n)), tuple(range(n - 1, n * n, n)))
    edges = {BLACK: black, WHITE: white}
    goals = {colour: frozenset(far) for colour, (_, far) in edges.items()}
    return Links(n, tuple(orthogonal), tuple(diagonal), edges, goals)


def distances(
    board: tuple[int, ...],
    colour: int,
    sources: tuple[int, ...],
    geo: Links,
    goal: frozenset[int] = frozenset(),
    *,
    bridges: bool = True,
) -> list[int]:
    """Cheapest cost from ``sources`` (one edge) to each point, the point itself included.

    With a ``goal``, stop as soon as a goal point leaves the queue: points leave in order
    of cost, so that point's cost is final and is the cheapest of the goal (the rest of the
    map is then incomplete). Without ``bridges`` only orthogonal steps count: the paths a
    capture check follows, where a bridge is no connection yet.
    """
    dist = [FAR] * len(board)
    queue: deque[int] = deque()
    for point in sources:
        stone = board[point]
        if stone == colour:
            dist[point] = 0
            queue.appendleft(point)
        elif stone == EMPTY and dist[point] > 1:
            dist[point] = 1
            queue.append(point)
    orthogonal = geo.orthogonal
    diagonal = geo.diagonal
    while queue:
        point = queue.popleft()
        if point in goal:
            break
        here = dist[point]
        # orthogonal neighbours, and diagonal ones whose two shared points are empty (a bridge)
        steps = [*orthogonal[point]]
        if bridges:
            steps += [n for n, a, b in diagonal[point] if board[a] == EMPTY and board[b] == EMPTY]
        for near in steps:
            stone = board[near]
            if stone == colour:
                if here < dist[near]:
                    dist[near] = here
                    queue.appendleft(near)
            elif stone == EMPTY and here + 1 < dist[near]:
                dist[near] = here + 1
                queue.append(near)
    return dist


def distance(board: tuple[int, ...], colour: int, geo: Links) -> int:
    """Empty points ``colour`` still needs to join its edges (0 when joined)."""
    low, high = geo.edges[colour]
    dist = distances(board, colour, low, geo, geo.goals[colour])
    return min(dist[p] for p in high)


def through(board: tuple[int, ...], colour: int, geo: Links) -> tuple[list[int], int]:
    """Per point, the cost of ``colour``'s best connection using that point (FAR for
    stones and points off every path), and the colour's distance."""
    low, high = geo.edges[colour]
    up = distances(board, colour, low, geo)
    down = distances(board, colour, high, geo)
    best = min(up[p] for p in high)
    total = [FAR] * len(board)
    for point, stone in enumerate(board):
        if stone == EMPTY:
            total[point] = up[point] + down[point] - 1
    return total, best
