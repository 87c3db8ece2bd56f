"""The city map: placed tiles on a grid, the road graph between neighbourhoods, and the
legality of placements and swaps (rulings 7, 8, 12–14).

Positions are ``(x, y)`` with Old Town at ``(0, 0)``, x growing east and y growing north, so
"1,-2" means one column east and two rows south of Old Town. Neighbourhoods are numbered
``tile * 4 + index`` (a tile has at most four), which keeps the road graph a dict of ints.

Tiles are *instances*: ``tile`` is an index into the match's tile list, which under Big Map
holds two copies of the set (instance ``i`` is printed tile ``i % len(set)``).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from games.fence.tiles import MAX_HOODS, Tile

Pos = tuple[int, int]
Cell = tuple[int, int]
"""(tile instance, rotation) at a position."""

STEP: tuple[Pos, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N, E, S, W
# Corner c of a tile at (x, y) is grid vertex (x, y) + CORNER_VERTEX[c]: NE, SE, SW, NW.
CORNER_VERTEX: tuple[Pos, ...] = ((1, 1), (1, 0), (0, 0), (0, 1))
# Which tiles touch vertex (vx, vy), and with which of their corners.
VERTEX_TILES: tuple[tuple[Pos, int], ...] = (
    ((-1, -1), 0),  # the tile south-west of the vertex touches it with its NE corner
    ((-1, 0), 1),  # north-west tile, SE corner
    ((0, 0), 2),  # north-east tile, SW corner
    ((0, -1), 3),  # south-east tile, NW corner
)
_LEAVES = frozenset({"both", "out"})
_ENTERS = frozenset({"both", "in"})
_NORTH_EAST = (0, 1)
_ALL_SIDES = (0, 1, 2, 3)


def hood_id(tile: int, index: int) -> int:
    return tile * MAX_HOODS + index


def tile_of(hood: int) -> int:
    return hood // MAX_HOODS


def neighbour(pos: Pos, side: int) -> Pos:
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def _reach(starts: Iterable[int], graph: Mapping[int, Sequence[int]]) -> set[int]:
    seen = set(starts)
    queue = deque(seen)
    while queue:
        node = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def distances(starts: Iterable[int], graph: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Fewest road steps from any of ``starts`` to every reachable neighbourhood."""
    dist = dict.fromkeys(starts, 0)
    queue = deque(dist)
    while queue:
        node = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


@dataclass
class CityMap:
    """The road graph of a set of placed tiles; built from a state's placements and then
    only read (it is cached per state, never changed once built).

    ``succ``/``pred`` obey One Way signs (pawns, Hot Goods); ``roads`` ignores them (Cops).
    ``tunnel`` is an extra two-way link between two neighbourhoods (the Tunnel option).
    """

    tiles: Sequence[Tile]
    cells: dict[Pos, Cell]
    old_town: int
    tunnel: tuple[int, int] | None = None
    succ: dict[int, list[int]] = field(default_factory=dict)
    pred: dict[int, list[int]] = field(default_factory=dict)
    roads: dict[int, list[int]] = field(default_factory=dict)
    where: dict[int, Pos] = field(default_factory=dict)
    _usable: frozenset[int] | None = None
    _fwd: set[int] | None = None
    _bwd: set[int] | None = None
    _spots: list[tuple[Pos, tuple[int, int]]] | None = None
    _water: dict[int, list[int]] | None = None
    _joined: set[int] = field(default_factory=set)
    """Neighbourhoods with a road into a neighbouring tile (the tunnel aside)."""
    _stranded: frozenset[int] | None = None
    coords_kept: dict[tuple[int, ...], list[Pos]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The coordinates dice may name, by the tiles left out (``setup.valid_coords``)."""

    def __post_init__(self) -> None:
        for pos, (tile, rot) in self.cells.items():
            self.where[tile] = pos
            # Each shared side once: look north and east only.
            for a, kind_a, b, kind_b in self._roads_across(tile, rot, pos, _NORTH_EAST):
                self._link(a, kind_a, b, kind_b)
                self._joined.update((a, b))
        if self.tunnel is not None:
            a, b = self.tunnel
            self._link(a, "both", b, "both")

    def _roads_across(
        self, tile: int, rot: int, pos: Pos, sides: Sequence[int]
    ) -> list[tuple[int, str, int, str]]:
        """The roads ``tile`` (turned ``rot``, at ``pos``) shares with placed neighbours on
        ``sides``: (its neighbourhood, its link kind, theirs, their link kind). A road
        joins only where both tiles have one on the shared side; building the graph and
        testing a placement must agree on that, so both read it here."""
        links = self.tiles[tile].side_links(rot)
        roads: list[tuple[int, str, int, str]] = []
        for side in sides:
            mine = links[side]
            if mine is None:
                continue
            other = self.cells.get(neighbour(pos, side))
            if other is None:
                continue
            theirs = self.tiles[other[0]].side_links(other[1])[(side + 2) % 4]
            if theirs is not None:
                roads.append(
                    (hood_id(tile, mine[0]), mine[1], hood_id(other[0], theirs[0]), theirs[1])
                )
        return roads

    def _link(self, a: int, kind_a: str, b: int, kind_b: str) -> None:
        self.roads.setdefault(a, []).append(b)
        self.roads.setdefault(b, []).append(a)
        if kind_a in _LEAVES and kind_b in _ENTERS:
            self.succ.setdefault(a, []).append(b)
            self.pred.setdefault(b, []).append(a)
        if kind_b in _LEAVES and kind_a in _ENTERS:
            self.succ.setdefault(b, []).append(a)
            self.pred.setdefault(a, []).append(b)

    # -- reachability ------------------------------------------------------------------------
    def forward(self) -> set[int]:
        if self._fwd is None:
            self._fwd = _reach([self.old_town], self.succ)
        return self._fwd

    def backward(self) -> set[int]:
        if self._bwd is None:
            self._bwd = _reach([self.old_town], self.pred)
        return self._bwd

    def usable(self) -> frozenset[int]:
        """Neighbourhoods with a road route from Old Town and back (ruling 14): the rest are
        off limits once the map is done."""
        if self._usable is None:
            self._usable = frozenset(self.forward() & self.backward())
        return self._usable

    def water(self) -> dict[int, list[int]]:
        """Tiles joined by water (Boats): two tiles sharing a side are, when a corner point
        of that side is water (on both, since corners match, ruling 7).

        Water is tracked tile by tile, not body by body: the seed only counts "tiles moved
        by water", and lets boats pass under bridges and ignore One Way signs.
        """
        if self._water is None:
            graph: dict[int, list[int]] = {}
            for pos, (tile, rot) in self.cells.items():
                wet = self.tiles[tile].corners(rot)
                for side in range(4):
                    other = self.cells.get(neighbour(pos, side))
                    # side s runs between corners s - 1 and s (N: NW and NE, E: NE and SE…)
                    if other is not None and (wet[(side - 1) % 4] or wet[side]):
                        graph.setdefault(tile, []).append(other[0])
            self._water = graph
        return self._water

    def hoods_of(self, tile: int) -> list[int]:
        return [hood_id(tile, k) for k in range(len(self.tiles[tile].hoods))]

    def frontier(self) -> list[Pos]:
        """Empty spots sharing a side with a placed tile, in a fixed order."""
        spots = {
            neighbour(pos, side)
            for pos in self.cells
            for side in range(4)
            if neighbour(pos, side) not in self.cells
        }
        return sorted(spots)

    # -- matching (ruling 7) -----------------------------------------------------------------
    def requirements(self, pos: Pos, ignore: Pos | None = None) -> tuple[int, int]:
        """What a tile at ``pos`` must show, as (mask, value) over tile signatures: road or
        not per side, water or not per corner, where placed tiles constrain it. ``ignore``
        leaves out the tile a swap takes away."""
        mask = value = 0
        cells = self.cells
        tiles = self.tiles
        x, y = pos
        for side, (dx, dy) in enumerate(STEP):
            npos = (x + dx, y + dy)
            other = cells.get(npos)
            if other is not None and npos != ignore:
                mask |= 1 << side
                if tiles[other[0]].turns[other[1]][0][(side + 2) % 4]:
                    value |= 1 << side
        for corner, (cx, cy) in enumerate(CORNER_VERTEX):
            vx, vy = x + cx, y + cy
            for (dx, dy), their_corner in VERTEX_TILES:
                tpos = (vx + dx, vy + dy)
                if tpos in (pos, ignore):
                    continue
                other = cells.get(tpos)
                if other is not None:
                    mask |= 16 << corner
                    if tiles[other[0]].turns[other[1]][1][their_corner]:
                        value |= 16 << corner
                    break
        return mask, value

    def fitting_rotations(self, tile: int, reqs: tuple[int, int]) -> list[int]:
        mask, value = reqs
        turns = self.tiles[tile].turns
        return [rot for rot in range(4) if turns[rot][3] & mask == value]

    # -- connection (ruling 12) ----------------------------------------------------------------
    def _new_edges(
        self, tile: int, rot: int, pos: Pos
    ) -> tuple[dict[int, list[int]], dict[int, list[int]], set[int]]:
        """Directed edges a tile at ``pos`` would add (out of and into its neighbourhoods),
        and which of its neighbourhoods have a road into a placed tile."""
        out: dict[int, list[int]] = {}
        into: dict[int, list[int]] = {}
        connected: set[int] = set()
        for a, kind_a, b, kind_b in self._roads_across(tile, rot, pos, _ALL_SIDES):
            connected.add(a)
            if kind_a in _LEAVES and kind_b in _ENTERS:
                out.setdefault(a, []).append(b)
                into.setdefault(b, []).append(a)
            if kind_b in _LEAVES and kind_a in _ENTERS:
                into.setdefault(a, []).append(b)  # a is entered from b
                out.setdefault(b, []).append(a)
        return out, into, connected

    def connects(
        self,
        tile: int,
        rot: int,
        pos: Pos,
        fwd: set[int],
        bwd: set[int],
        require_all: bool,
    ) -> bool:
        """Whether a new tile meets ruling 12 given the current reach sets ``fwd`` (from Old
        Town) and ``bwd`` (to Old Town).

        Only the new tile's edges can extend reach, so the search starts from its
        neighbourhoods and walks on only while it finds nodes the old sets did not have;
        that keeps a check to a handful of steps instead of a walk over the whole city.
        """
        out, into, connected = self._new_edges(tile, rot, pos)
        if not connected:
            return False
        mine = self.hoods_of(tile)
        reach_f = self._extend(mine, fwd, into, out, self.succ)
        reach_b = self._extend(mine, bwd, out, into, self.pred)
        both = {h for h in mine if h in reach_f and h in reach_b}
        if not both:
            return False
        needed = set(mine) if require_all else connected
        return needed <= both

    @staticmethod
    def _extend(
        mine: list[int],
        base: set[int],
        entering: dict[int, list[int]],
        leaving: dict[int, list[int]],
        graph: Mapping[int, Sequence[int]],
    ) -> set[int]:
        """New nodes reachable once the new tile's edges exist, in one search direction."""
        added: set[int] = set()
        queue = deque(h for h in mine if any(b in base for b in entering.get(h, ())))
        added.update(queue)
        while queue:
            node = queue.popleft()
            for nxt in (*graph.get(node, ()), *leaving.get(node, ())):
                if nxt not in base and nxt not in added:
                    added.add(nxt)
                    queue.append(nxt)
        return added

    def placements(self, tile: int, require_all: bool) -> list[tuple[Pos, int]]:
        """Every legal (spot, rotation) for ``tile``, in a fixed order (ruling 12)."""
        fwd, bwd = self.forward(), self.backward()
        if self._spots is None:
            self._spots = [(pos, self.requirements(pos)) for pos in self.frontier()]
        out = []
        for pos, reqs in self._spots:
            for rot in self.fitting_rotations(tile, reqs):
                if self.connects(tile, rot, pos, fwd, bwd, require_all):
                    out.append((pos, rot))
        return out

    def _place(self, pos: Pos, cell: Cell) -> None:
        """``cell`` put down at ``pos``, the map grown to what one built with it would be
        (its roads, the frontier's requirements near it; reach worked out afresh). Only
        :func:`random_build` grows a map, its own: building the map from scratch after every
        tile was most of a Quick Map's set-up, and every replay of a match starts with it."""
        tile, rot = cell
        self.cells[pos] = cell
        self.where[tile] = pos
        for a, kind_a, b, kind_b in self._roads_across(tile, rot, pos, _ALL_SIDES):
            self._link(a, kind_a, b, kind_b)
            self._joined.update((a, b))
        self._usable = self._fwd = self._bwd = self._water = self._stranded = None
        self.coords_kept.clear()
        if self._spots is None:
            return
        x, y = pos
        kept = {spot: reqs for spot, reqs in self._spots if spot != pos}
        for side in _ALL_SIDES:
            spot = neighbour(pos, side)
            if spot not in self.cells and spot not in kept:
                kept[spot] = self.requirements(spot)
        for spot in kept:  # a tile constrains the sides and corners of the 3×3 around it
            if abs(spot[0] - x) <= 1 and abs(spot[1] - y) <= 1:
                kept[spot] = self.requirements(spot)
        self._spots = sorted(kept.items())

    def with_cells(self, cells: dict[Pos, Cell]) -> CityMap:
        return CityMap(self.tiles, cells, self.old_town, self.tunnel)

    def swaps(self, tile: int, require_all: bool) -> list[tuple[Pos, int]]:
        """Every legal (spot, rotation) to swap ``tile`` in (ruling 13): the tile is legal
        where it lands and every other placed tile still reaches Old Town and back."""
        out = []
        old_pos = self.where.get(tile_of(self.old_town))
        for pos in sorted(self.cells):
            if pos == old_pos:
                continue
            rots = self.fitting_rotations(tile, self.requirements(pos))
            if not rots:
                continue
            for rot in rots:
                cells = dict(self.cells)
                cells[pos] = (tile, rot)
                if self.with_cells(cells).valid_after_swap(tile, require_all, self):
                    out.append((pos, rot))
        return out

    def valid_after_swap(
        self, new_tile: int, require_all: bool, before: CityMap | None = None
    ) -> bool:
        """The whole map after a swap: the new tile obeys ruling 12, every other tile still
        has a neighbourhood with a route from Old Town and back (with Placing
        Multi-Neighborhood Tiles: every neighbourhood of every tile), and — given the map
        ``before`` the swap — no neighbourhood with a road into the city is left stranded
        that was not stranded already.

        Ruling 13 says every placed tile must *still* be legal; ruling 12's second half asks
        every neighbourhood with a road into a placed tile to reach Old Town and back. Later
        placements can already leave such a neighbourhood one-way stranded without breaking
        any rule at their time, so "still" is read as "no worse than before the swap": a swap
        may not strand a neighbourhood of a tile it never touched (issue 14.2).
        """
        usable = self.usable()
        for tile in self.where:
            hoods = self.hoods_of(tile)
            good = [h in usable for h in hoods]
            if require_all and not all(good):
                return False
            if not any(good):
                return False
        pos = self.where[new_tile]
        _, _, connected = self._new_edges(new_tile, self.cells[pos][1], pos)
        if not connected <= usable:
            return False
        return before is None or self.stranded() <= before.stranded()

    def road_joins(self, tile: int, rot: int, pos: Pos) -> int:
        """How many sides of ``tile`` at ``pos`` carry a road on into a placed neighbour
        (Rewarded Tile Placement counts these)."""
        links = self.tiles[tile].side_links(rot)
        joins = 0
        for side, mine in enumerate(links):
            other = self.cells.get(neighbour(pos, side))
            if mine is None or other is None:
                continue
            if self.tiles[other[0]].side_links(other[1])[(side + 2) % 4] is not None:
                joins += 1
        return joins

    def stranded(self) -> frozenset[int]:
        """Neighbourhoods with a road into a neighbouring tile but no route from Old Town and
        back.

        Read off the roads the graph was built from (each shared side joins both its
        neighbourhoods), once per map: a swap's every candidate compares itself with the
        map before it, so that map's answer is asked for again and again."""
        if self._stranded is None:
            self._stranded = frozenset(self._joined - self.usable())
        return self._stranded

    def is_valid(self, require_all: bool = False) -> bool:
        """Every pair of neighbours matches and every tile has a usable neighbourhood
        (the simulation's map invariant)."""
        for pos, (tile, rot) in self.cells.items():
            reqs = self.requirements(pos)
            if rot not in self.fitting_rotations(tile, reqs):
                return False
        return self.valid_after_swap(tile_of(self.old_town), require_all)


def random_build(
    tiles: Sequence[Tile],
    order: Sequence[int],
    old_town: int,
    rng: random.Random,
    require_all: bool = False,
) -> dict[Pos, Cell]:
    """A random legal map: Old Town in the centre, then each tile of ``order`` at a uniformly
    random legal spot and rotation; a tile with no legal spot waits and is tried again after
    the next successful placement, until a full round places nothing (quick_map, ruling 15).
    """
    cells: dict[Pos, Cell] = {(0, 0): (old_town, 0)}
    town = hood_id(old_town, 0)
    waiting = [t for t in order if t != old_town]
    city = CityMap(tiles, dict(cells), town)  # grown tile by tile (CityMap._place)
    while waiting:
        placed_one = False
        for tile in list(waiting):
            options = city.placements(tile, require_all)
            if options:
                pos, rot = options[rng.randrange(len(options))]
                cells[pos] = (tile, rot)
                city._place(pos, (tile, rot))
                waiting.remove(tile)
                placed_one = True
                break
        if not placed_one:
            break
    return cells
