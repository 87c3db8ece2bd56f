"""Facts about a match's city that every stage asks for: its tiles, its road graph, which
neighbourhoods are usable, which tile sits at a coordinate, and names for notation.

Everything here is derived from the state (and cached on it), never stored twice.
"""

from __future__ import annotations

from functools import cache, lru_cache

from games.fence.citymap import CityMap, Pos, hood_id, tile_of
from games.fence.state import FenceState, Table
from games.fence.tiles import Hood, Tile, city, old_town_index

COPY_SUFFIX = " II"
MAPS_KEPT = 64
"""Cities whose road graph a process keeps: a match in its turns has one city, one in its
draft a few more each step."""


@cache
def match_tiles(big_map: bool) -> tuple[Tile, ...]:
    """The tile instances of a match: the City, or two copies of it under Big Map.

    The second copy's neighbourhoods are renamed ("Old Town II") so every name stays unique
    and notation never has to guess which copy a player meant.
    """
    base = city().tiles
    if not big_map:
        return base
    copies = tuple(
        Tile(
            coords=t.coords,
            water=t.water,
            hoods=tuple(Hood(h.name + COPY_SUFFIX, h.links, h.waterfront) for h in t.hoods),
        )
        for t in base
    )
    return base + copies


def tiles_of(state: FenceState | Table) -> tuple[Tile, ...]:
    opts = state.opts if isinstance(state, Table) else dict(state.options)
    return match_tiles(bool(opts["big_map"]))


def town_hood() -> int:
    return hood_id(old_town_index(city()), 0)


def build_map(state: FenceState | Table) -> CityMap:
    """The road graph of ``state``'s placed tiles: the same city gives the same graph, so it
    is built once per city, however many states and working copies share it (a step,
    a world dealt for analysis, or a die rolled another way, mostly moves pieces and cards);
    a map is only read once built (:class:`CityMap`)."""
    opts = state.opts if isinstance(state, Table) else dict(state.options)
    tunnel = (state.tunnel[0], state.tunnel[1]) if len(state.tunnel) == 2 else None
    return _built(bool(opts["big_map"]), tuple(sorted(state.placed)), tunnel)


@lru_cache(maxsize=MAPS_KEPT)
def _built(
    big_map: bool, placed: tuple[tuple[Pos, int, int], ...], tunnel: tuple[int, int] | None
) -> CityMap:
    cells = {pos: (tile, rot) for pos, tile, rot in placed}
    return CityMap(match_tiles(big_map), cells, town_hood(), tunnel)


def city_map(state: FenceState) -> CityMap:
    """The road graph of ``state``, built once per state."""
    found = state._cache.get("map")
    if found is None:
        found = build_map(state)
        state._cache["map"] = found
    return found


def tiles_at(state: FenceState | Table, coords: tuple[int, int]) -> list[int]:
    """Placed tiles with these coordinates (two under Big Map), in tile order."""
    tiles = tiles_of(state)
    return sorted(t for _, t, _ in state.placed if tiles[t].coords == coords)


def hood_name(tiles: tuple[Tile, ...], hood: int) -> str:
    return tiles[tile_of(hood)].hoods[hood % 4].name
