"""Who plays whom: round-robin leagues, Swiss rounds and FENCE! seating rounds.

Pure functions of plain data (user-id strings, scores, earlier pairings), standard library
only, so the use cases can store a round and replay how it was made. Nothing here draws lots
on its own: the caller shuffles the players with the tournament's seed before a round robin,
and :func:`fence_tables` takes the seed as an argument.

A two-player pairing is ``(first, second)``; ``first`` takes seat 0 and ``second is None``
means a bye.

Decisions where no ruling speaks (a careful organiser's choices, listed here so they are
found next to the code that makes them):

* **Round-robin seats** come from Berger's tables rather than the bare circle method: the
  circle method keeps a player in the same half of the circle for many rounds in a row, so
  seat 0 would come in long runs. With Berger's arithmetic every player's first seats differ
  from anyone else's by at most one, nobody has three first (or second) seats in a row, and
  with an odd number of players everyone has exactly as many first seats as second seats.
* **Swiss** follows the Dutch system's shape (score groups, top half against bottom half,
  the odd player floating down) and then searches, so the hard rules always win over the
  shape: no rematch, and no second bye while someone has had none. If no round satisfies
  both, :class:`PairingError` is raised: in a real Swiss the tournament is over then, and
  quietly allowing a rematch would hide that from the organiser.
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
from collections import Counter, deque
from collections.abc import Mapping, Sequence

Pairing = tuple[str, str | None]

MIN_TABLE = 3
MAX_TABLE = 6
_SEARCH_BUDGET = 2000  # depth-first steps before Swiss pairing switches to matching checks
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
    """One Swiss round: players ordered by score (desc), then seeding order. Within each score
    group the top half meets the bottom half (Dutch style); an odd player floats down to the next
    group. Nobody meets the same opponent twice, and nobody gets a second bye while someone has
    none: found by backtracking when the simple pairing fails (it always succeeds while an
    all-new round exists). A bye goes to the lowest-placed player without one.

    ``players`` are in seeding order (rating order); ``scores`` are points so far (missing:
    0); ``played`` is every pairing of earlier rounds in round order, byes included (players
    no longer listed, e.g. withdrawn, are ignored). First seats: see the module docstring.
    Games come out board by board (the higher-placed player's place), the bye last.
    Raises :class:`PairingError` when no round keeps the rules.
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

    games: list[tuple[str, str]] | None = None
    bye: str | None = None
    if len(order) % 2 == 0:
        games = _pair_in_order(order, scores, met)
    else:
        fewest = min(byes[p] for p in order)
        for candidate in reversed(order):
            if byes[candidate] != fewest:
                continue
            games = _pair_in_order([p for p in order if p != candidate], scores, met)
            if games is not None:
                bye = candidate
                break
    if games is None:
        raise PairingError("every possible round repeats a game or gives someone a second bye")
    out: list[Pairing] = [_seated(a, b, board, history) for board, (a, b) in enumerate(games)]
    if bye is not None:
        out.append((bye, None))
    return out


class _OutOfSteps(Exception):
    """The depth-first search used up its budget (internal to :func:`_pair_in_order`)."""


def _pair_in_order(
    order: Sequence[str], scores: Mapping[str, float], met: Mapping[str, set[str]]
) -> list[tuple[str, str]] | None:
    """Pairs of ``order`` (placement order) with no rematch, higher-placed player first and
    boards in placement order, or None when none exists.

    The answer is the first rematch-free round in preference order: the top unpaired player
    takes the most wanted opponent (see :func:`_preferences`) with whom the others can
    still all be paired, and so on down. A depth-first search with a memory of unpairable
    remainders finds it in a millisecond while few games have been played; when rematches
    box the players in, that search could take exponential time, so after
    ``_SEARCH_BUDGET`` steps each choice is instead checked with Edmonds' matching
    algorithm, which gives the same round in polynomial time.
    """
    n = len(order)
    score = [scores.get(p, 0) for p in order]
    allowed = [[j != i and order[j] not in met[order[i]] for j in range(n)] for i in range(n)]
    partners = [sum(1 << j for j in range(n) if allowed[i][j]) for i in range(n)]
    dead: set[int] = set()
    steps = 0

    def solve(left: tuple[int, ...]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        key = sum(1 << k for k in left)
        if key in dead:
            return None
        steps += 1
        if steps > _SEARCH_BUDGET:
            raise _OutOfSteps
        if not all(partners[k] & key for k in left):
            dead.add(key)
            return None
        top = left[0]
        for other in _preferences(left, score):
            if not allowed[top][other]:
                continue
            rest = solve(tuple(k for k in left if k not in (top, other)))
            if rest is not None:
                return [(top, other), *rest]
        dead.add(key)
        return None

    try:
        found = solve(tuple(range(n)))
    except _OutOfSteps:
        found = _guided(n, allowed, score)
    if found is None:
        return None
    return [(order[a], order[b]) for a, b in found]


def _guided(
    n: int, allowed: Sequence[Sequence[bool]], score: Sequence[float]
) -> list[tuple[int, int]] | None:
    """The same round as the depth-first search, choosing each opponent only after a
    perfect-matching check says everyone left can still be paired."""
    left = list(range(n))
    if not _perfectly_matchable(left, allowed):
        return None
    out: list[tuple[int, int]] = []
    while left:
        top = left[0]
        for other in _preferences(left, score):
            rest = [k for k in left if k not in (top, other)]
            if allowed[top][other] and _perfectly_matchable(rest, allowed):
                out.append((top, other))
                left = rest
                break
        else:  # pragma: no cover - a perfect matching of ``left`` pairs ``top`` somehow
            raise AssertionError("matching check and search disagree")
    return out


def _perfectly_matchable(nodes: Sequence[int], allowed: Sequence[Sequence[bool]]) -> bool:
    """Whether ``nodes`` can all be paired along allowed edges: Edmonds' blossom algorithm.

    From each unmatched vertex a breadth-first search grows an alternating tree; an edge
    closing an odd cycle (a blossom) merges the cycle into one vertex by giving its members
    one ``base``; reaching an unmatched vertex flips the path. A vertex with no augmenting
    path now never gets one later, so the first such vertex settles the answer.
    """
    size = len(nodes)
    if size % 2:
        return False
    adj = [[j for j in range(size) if allowed[nodes[i]][nodes[j]]] for i in range(size)]
    match = [-1] * size
    for v in range(size):  # a greedy start leaves few vertices to augment
        if match[v] == -1:
            for u in adj[v]:
                if match[u] == -1:
                    match[u], match[v] = v, u
                    break
    return all(match[root] != -1 or _augment(root, adj, match) for root in range(size))


def _augment(root: int, adj: Sequence[Sequence[int]], match: list[int]) -> bool:
    """Find an augmenting path from the unmatched ``root`` and flip it into ``match``."""
    size = len(adj)
    parent = [-1] * size
    base = list(range(size))
    queued = [False] * size
    queued[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * size
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, stem: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stem:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                stem = common_base(v, to)
                blossom = [False] * size
                mark(v, stem, to, blossom)
                mark(to, stem, v, blossom)
                for i in range(size):
                    if blossom[base[i]]:
                        base[i] = stem
                        if not queued[i]:
                            queued[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:  # flip the path back to the root
                        back = parent[to]
                        after = match[back]
                        match[to], match[back] = back, to
                        to = after
                    return True
                queued[match[to]] = True
                queue.append(match[to])
    return False


def _preferences(left: Sequence[int], score: Sequence[float]) -> list[int]:
    """Opponents for ``left[0]`` (the top unpaired player) from most to least wanted.

    Its score group splits into a top and a bottom half (leaving out the group's last player
    when the group is odd: that one floats down); the top player meets the first of the
    bottom half, or failing that the next ones down the group, then the ones above that
    point, then lower groups in placement order. Pairing the top player repeatedly this way
    gives exactly top-half-against-bottom-half, and a lone floater meets the top of the
    next group, as in the Dutch system.
    """
    top = left[0]
    group = [k for k in left if score[k] == score[top]]
    below = [k for k in left if score[k] != score[top]]
    if len(group) == 1:
        return below
    middle = len(group) // 2
    return group[middle:] + group[middle - 1 : 0 : -1] + below


def _seated(a: str, b: str, board: int, history: Mapping[str, Sequence[int]]) -> Pairing:
    """Who of ``a`` (higher placed) and ``b`` takes seat 0: see the module docstring."""
    balance_a = sum(1 if s == 0 else -1 for s in history[a])
    balance_b = sum(1 if s == 0 else -1 for s in history[b])
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
