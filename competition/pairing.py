"""Who plays whom: round-robin leagues, Swiss rounds and FENCE! seating rounds.

Pure functions of plain data (user-id strings, scores, earlier pairings), so the use cases
can store a round and replay how it was made; the one library is ``networkx``, whose
maximum-weight matching chooses each Swiss round. Nothing here draws lots on its own: the
caller shuffles the players with the tournament's seed before a round robin, and
:func:`fence_tables` takes the seed as an argument.

A two-player pairing is ``(first, second)``; ``first`` takes seat 0 and ``second is None``
means a bye.

Decisions where no ruling speaks (a careful organiser's choices, listed here so they are
found next to the code that makes them):

* **Round-robin seats** come from Berger's tables rather than the bare circle method: the
  circle method keeps a player in the same half of the circle for many rounds in a row, so
  seat 0 would come in long runs. With Berger's arithmetic every player's first seats differ
  from anyone else's by at most one, nobody has three first (or second) seats in a row, and
  with an odd number of players everyone has exactly as many first seats as second seats.
* **Swiss** rounds are one weighted matching over every game the hard rules allow (no
  rematch, no second bye while someone has none), so the round found is the best one, not
  the first one a search reaches: a top board's choice never pushes players far from their
  score lower down. If no round keeps both rules, :class:`PairingError` is raised: in a real
  Swiss the tournament is over then, and quietly allowing a rematch would hide that from
  the organiser.
* **What a Swiss round weighs**, most important first: the bye goes to the lowest-placed
  player who can take it (a bye is a free point, never the leader's to take); players meet
  their own score, as closely as possible; players get the seat they are due; and last the
  Dutch system's shape (top half of a score group against the bottom half, an odd group's
  last player floating down). Seats come before shape as in the Dutch system, whose
  transpositions give way to colour preferences: after round 1's alternating boards, the
  winners' top half meets the bottom half in the order that lets everyone change seats.
* **Swiss first seat**: the player who has sat first less often than second (counting
  first minus second seats) takes seat 0; if equal, whoever sat second the last time their
  seats differed; if their histories are the same, the higher-placed player takes seat 0 on
  the 1st, 3rd, 5th … board and seat 1 on the others, so round 1 alternates down the boards.
* **Table sizes** differ by at most one within a round: winning a table of three is easier
  than winning a table of five, and a tournament's points should mean the same at every
  table. Among such splits the round minimises, over all players, how far their table is
  from the wanted size (a table of 5 at size 4 costs 5, a table of 3 costs 3): 6 players at
  size 4 sit as 3+3 rather than 6, and 10 as 4+3+3 rather than 5+5. Remaining ties go to
  fewer, larger tables.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import networkx as nx

Pairing = tuple[str, str | None]

MIN_TABLE = 3
MAX_TABLE = 6
_SCORE_STEPS = 12  # score differences in twelfths: halves, thirds and quarters stay whole
_MOST_RESTARTS = 40
_FEWEST_RESTARTS = 4
_RESTART_BUDGET = 2000  # restarts times players


class PairingError(ValueError):
    """No round exists that keeps the hard rules (no rematch, byes spread out)."""


def _check_players(players: Sequence[str]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")


# --------------------------------------------------------------------------------------------
# Round robin
# --------------------------------------------------------------------------------------------


def round_robin(players: Sequence[str]) -> list[list[Pairing]]:
    """Every round of a single round robin (circle method): n-1 rounds for even n, n rounds for
    odd n (one bye per round, each player exactly one bye). Every pair meets exactly once.
    Seat 0 ('first') alternates so nobody's count of first seats differs from anyone's by more
    than one, and nobody has three first seats (or three second seats) in a row where avoidable.
    Deterministic in the order of `players` (the caller shuffles with the tournament seed).

    Berger's arithmetic: with ``n`` even, the last player is fixed and the others are
    numbered ``0 … m-1`` (``m = n-1``); in round ``r`` players ``i`` and ``j`` meet when
    ``i + j ≡ r (mod m)``, and the one with ``2i ≡ r`` meets the fixed player. Of ``i < j``
    the smaller takes seat 0 when ``i + j`` is odd; the fixed player takes seat 0 in odd
    rounds. An odd count adds a phantom as the fixed player, whose opponent has the bye.
    Each round lists its games by the first player's place in ``players``, the bye last.
    """
    _check_players(players)
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    seats: list[str | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    fixed = len(seats) - 1
    m = len(seats) - 1
    rounds: list[list[Pairing]] = []
    for r in range(m):
        games: list[tuple[int, int]] = []
        for i in range(m):
            j = (r - i) % m
            if i == j:
                games.append((i, fixed) if r % 2 == 0 else (fixed, i))
            elif i < j:
                games.append((i, j) if (i + j) % 2 else (j, i))
        pairings: list[Pairing] = []
        bye: Pairing | None = None
        for a, b in sorted(games, key=min):
            first, second = seats[a], seats[b]
            if first is None or second is None:
                bye = (first or second or "", None)
            else:
                pairings.append((first, second))
        if bye is not None:
            pairings.append(bye)
        rounds.append(pairings)
    return rounds


# --------------------------------------------------------------------------------------------
# Swiss
# --------------------------------------------------------------------------------------------


def swiss_rounds(count: int) -> int:
    """Default number of Swiss rounds for `count` players: ceil(log2(count)), at least 1
    (and at most count-1 so a full round of new pairings always exists).

    Fewer than two players is no tournament: ``ValueError``.
    """
    if count < 2:
        raise ValueError("a Swiss needs at least two players")
    return max(1, min(math.ceil(math.log2(count)), count - 1))


def swiss_pairings(
    players: Sequence[str],
    scores: Mapping[str, float],
    played: Sequence[Pairing],
) -> list[Pairing]:
    """One Swiss round, chosen as a whole: the best round among all that keep the hard rules.

    ``players`` are in seeding order (rating order); ``scores`` are points so far (missing:
    0); ``played`` is every pairing of earlier rounds in round order, byes included (players
    no longer listed, e.g. withdrawn, are ignored). Players are placed by score, then seed.

    Hard rules: nobody meets the same opponent twice, and nobody gets a second bye while
    someone has none. Among the rounds that keep them, one weighted matching
    (:func:`networkx.max_weight_matching` on :func:`_round_graph`) picks, in this order of
    importance: the bye for the lowest-placed player who can take it; players meeting their
    own score (the smallest total of squared score differences); seats everyone is due
    (see the module docstring); and the Dutch shape, top half of a score group against the
    bottom half, an odd group's last player floating down to meet the top of the next.

    Games come out board by board (the higher-placed player's place), the bye last; first
    seats as in the module docstring. Raises :class:`PairingError` when no round keeps the
    rules.
    """
    _check_players(players)
    if len(players) < 2:
        raise ValueError("a Swiss round needs at least two players")
    seed = {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (-scores.get(p, 0), seed[p]))
    met: dict[str, set[str]] = {p: set() for p in players}
    byes: Counter[str] = Counter()
    history: dict[str, list[int]] = {p: [] for p in players}
    for first, second in played:
        if second is None:
            byes[first] += 1
            continue
        for me, them, seat in ((first, second, 0), (second, first, 1)):
            if me in met:
                met[me].add(them)
                history[me].append(seat)

    graph = _round_graph(order, scores, met, byes, history)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < graph.number_of_nodes():
        raise PairingError("every possible round repeats a game or gives someone a second bye")
    games = sorted((min(a, b), max(a, b)) for a, b in matching)
    out: list[Pairing] = []
    bye: str | None = None
    for a, b in games:
        if b == len(order):
            bye = order[a]
        else:
            out.append(_seated(order[a], order[b], len(out), history))
    if bye is not None:
        out.append((bye, None))
    return out


def _round_graph(
    order: Sequence[str],
    scores: Mapping[str, float],
    met: Mapping[str, set[str]],
    byes: Mapping[str, int],
    history: Mapping[str, Sequence[int]],
) -> nx.Graph:
    """Vertices are places ``0 … n-1`` in ``order``, plus ``n`` for the bye when ``n`` is odd;
    an edge is a game the rules allow, weighted so that a heavier perfect matching is a
    better round.

    Each edge has four costs, most important first: the bye's (0 for the lowest place, one
    more per place up), the score's (:func:`_score_cost`), the seats' (:func:`_seat_cost`)
    and the shape's (:func:`_shape_cost`). Every perfect matching has the same number of
    edges, so the heaviest one has the smallest total cost; each cost is multiplied by more
    than any round's total of every cost after it, so no amount of a lesser cost ever buys
    a greater one.
    """
    n = len(order)
    score = [scores.get(p, 0) for p in order]
    ideal = _dutch_partners(score)
    due = [_due_seat(history[p]) for p in order]
    imbalance = [abs(_balance(history[p])) for p in order]
    games = [(i, j) for i in range(n) for j in range(i + 1, n) if order[j] not in met[order[i]]]
    costs = {
        (i, j): (
            0,
            _score_cost(score[i], score[j]),
            _seat_cost(due[i], due[j], imbalance[i], imbalance[j]),
            _shape_cost(i, j, ideal),
        )
        for i, j in games
    }
    if n % 2:
        fewest = min(byes[p] for p in order)
        costs.update({(k, n): (n - 1 - k, 0, 0, 0) for k in range(n) if byes[order[k]] == fewest})
    most_edges = n // 2 + 1
    scales = [1]
    for level in (3, 2, 1):  # shape, seats, score: each above every lesser cost together
        largest = max((cost[level] for cost in costs.values()), default=0)
        scales.insert(0, scales[0] * (largest * most_edges + 1))
    total = {
        edge: sum(c * s for c, s in zip(cost, scales, strict=True)) for edge, cost in costs.items()
    }
    ceiling = max(total.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(n + n % 2))
    graph.add_weighted_edges_from((a, b, ceiling - cost) for (a, b), cost in total.items())
    return graph


def _score_cost(a: float, b: float) -> int:
    """The squared score difference, in twelfths of a point so it is a whole number: two
    floats of one point each cost less than one float of two points, the way a Swiss
    moves players between neighbouring score groups rather than far."""
    return round(((a - b) * _SCORE_STEPS) ** 2)


def _balance(history: Sequence[int]) -> int:
    """First seats minus second seats."""
    return sum(1 if seat == 0 else -1 for seat in history)


def _due_seat(history: Sequence[int]) -> int | None:
    """The seat a player is due: the one they had less often, else the other of the one
    they had last; None before their first game."""
    balance = _balance(history)
    if balance:
        return 0 if balance < 0 else 1
    return 1 - history[-1] if history else None


def _seat_cost(due_a: int | None, due_b: int | None, off_a: int, off_b: int) -> int:
    """Two players due the same seat: one of them (the one less off balance, see
    :func:`_seated`) sits in the other seat and ends that far off balance plus one, so the
    cost is that; players whose wishes differ, or who have none yet, cost nothing."""
    if due_a is None or due_a != due_b:
        return 0
    return min(off_a, off_b) + 1


def _dutch_partners(score: Sequence[float]) -> dict[int, int]:
    """Each place's opponent in the round that ignores history: score groups from the top,
    a player floating down from the group above meets the top of the next group, the rest
    of a group pairs its top half against its bottom half, and an odd group's last player
    floats down. The lowest player of an odd field, who would have the bye, has no entry."""
    partner: dict[int, int] = {}
    floater: int | None = None
    start = 0
    while start < len(score):
        end = start
        while end < len(score) and score[end] == score[start]:
            end += 1
        group = list(range(start, end))
        if floater is not None:
            partner[floater], partner[group[0]] = group[0], floater
            group = group[1:]
        floater = group.pop() if len(group) % 2 else None
        half = len(group) // 2
        for top, bottom in zip(group[:half], group[half:], strict=True):
            partner[top], partner[bottom] = bottom, top
        start = end
    return partner


def _shape_cost(i: int, j: int, ideal: Mapping[int, int]) -> int:
    """How far a game of places ``i`` and ``j`` is from the Dutch shape: how many places
    each one's opponent is from the opponent :func:`_dutch_partners` gives them. Meeting
    the next player of the bottom half costs less than meeting someone of one's own
    half, so a rematch is avoided by a transposition rather than an exchange."""
    return sum(abs(them - ideal[me]) for me, them in ((i, j), (j, i)) if me in ideal)


def _seated(a: str, b: str, board: int, history: Mapping[str, Sequence[int]]) -> Pairing:
    """Who of ``a`` (higher placed) and ``b`` takes seat 0: see the module docstring."""
    balance_a, balance_b = _balance(history[a]), _balance(history[b])
    if balance_a != balance_b:
        return (a, b) if balance_a < balance_b else (b, a)
    for seat_a, seat_b in zip(reversed(history[a]), reversed(history[b]), strict=False):
        if seat_a != seat_b:
            return (a, b) if seat_a == 1 else (b, a)
    return (a, b) if board % 2 == 0 else (b, a)


# --------------------------------------------------------------------------------------------
# FENCE! tables
# --------------------------------------------------------------------------------------------


def table_sizes(count: int, table_size: int) -> list[int]:
    """How many seats each table of a seating round gets, largest first.

    Every size is 3–6 and sizes differ by at most one (fair tables: see the module
    docstring); the number of tables minimises the total, over players, of how far their
    table is from ``table_size`` (ties: fewer tables).
    """
    if not MIN_TABLE <= table_size <= MAX_TABLE:
        raise ValueError(f"a table seats {MIN_TABLE} to {MAX_TABLE} players")
    if count < MIN_TABLE:
        raise ValueError(f"a seating round needs at least {MIN_TABLE} players")
    best: tuple[int, int, list[int]] | None = None
    for tables in range(-(-count // MAX_TABLE), count // MIN_TABLE + 1):
        small, extra = divmod(count, tables)
        sizes = [small + 1] * extra + [small] * (tables - extra)
        cost = sum(size * abs(size - table_size) for size in sizes)
        if best is None or (cost, tables) < best[:2]:
            best = (cost, tables, sizes)
    assert best is not None  # any count of 3 or more fits some number of tables
    return best[2]


def fence_tables(
    players: Sequence[str],
    table_size: int,
    met: Mapping[frozenset[str], int],
    seed: int,
) -> list[list[str]]:
    """One seating round for a multi-player game: split players into tables of 3..6 as close to
    table_size as possible (e.g. 7 players at size 4 -> 4+3; 5 players at size 4 -> 5; never a
    table under 3; fewer than 3 players raises ValueError), preferring seatings where pairs who
    met least sit together least (a greedy or local-search minimum of repeated meetings; seeded
    and deterministic). Seat order within a table is shuffled by the seed.

    ``met[frozenset({a, b})]`` is how often ``a`` and ``b`` already shared a table (missing:
    never). The seating minimises the sum of those counts over every pair seated together:
    one more meeting of a pair that met ``k`` times adds ``k``, so the search spreads
    meetings out instead of letting one pair meet again and again. The search swaps players
    between tables while that lowers the sum, from several seeded random starts, and keeps
    the best; the same arguments always give the same tables.
    """
    _check_players(players)
    sizes = table_sizes(len(players), table_size)
    rng = random.Random(seed)
    n = len(players)
    cost = [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in players] for a in players]
    best: list[list[int]] | None = None
    best_total = 0
    for _ in range(_restarts(n) if len(sizes) > 1 else 1):
        shuffled = list(range(n))
        rng.shuffle(shuffled)
        tables: list[list[int]] = []
        start = 0
        for size in sizes:
            tables.append(shuffled[start : start + size])
            start += size
        _improve(tables, cost)
        total = sum(cost[a][b] for t in tables for a in t for b in t) // 2
        if best is None or total < best_total:
            best, best_total = tables, total
        if best_total == 0:
            break
    assert best is not None
    seated = [[players[k] for k in table] for table in best]
    for table in seated:
        rng.shuffle(table)
    return seated


def _restarts(count: int) -> int:
    """Seeded starts of the seating search: many for small rounds, where one costs
    microseconds and a single start misses the best seating about once in a hundred
    rounds, fewer for large ones so a round of a hundred players stays well under a second."""
    return max(_FEWEST_RESTARTS, min(_MOST_RESTARTS, _RESTART_BUDGET // count))


def _improve(tables: list[list[int]], cost: Sequence[Sequence[int]]) -> None:
    """Swap two players between tables while any swap lowers the total (first improvement).

    ``near[x][t]`` is ``x``'s summed cost with everyone at table ``t``, kept up to date
    on every swap, so judging a swap costs four lookups instead of two table scans.
    """
    n = len(cost)
    near = [[sum(cost[x][y] for y in table) for table in tables] for x in range(n)]
    improved = True
    while improved:
        improved = False
        for t, first in enumerate(tables):
            for u in range(t + 1, len(tables)):
                second = tables[u]
                for i in range(len(first)):
                    for j in range(len(second)):
                        a, b = first[i], second[j]
                        gain = near[a][t] + near[b][u] - near[b][t] - near[a][u] + 2 * cost[a][b]
                        if gain > 0:
                            first[i], second[j] = b, a
                            for x in range(n):
                                near[x][t] += cost[x][b] - cost[x][a]
                                near[x][u] += cost[x][a] - cost[x][b]
                            improved = True
