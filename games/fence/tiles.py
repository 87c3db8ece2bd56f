"""Tiles as data: the format of rulings 4–6, loading a set from JSON, and validating it.

A tile set is a JSON file (``data/city.json`` is the default "City"). Each tile is::

    {"coords": [1, 3] | null,
     "water": ["NE", ...],                      # corners that are water, the rest is land
     "hoods": [{"name": "Old Town",
                "links": {"N": "both", "E": "out", ...},   # both | out | in (One Way)
                "waterfront": false}]}

A set that breaks the format is refused with the tile and the reason, because a silently
broken tile would only show up as an unplaceable tile or an unreachable neighbourhood in the
middle of somebody's game. Rotations are precomputed here once per tile: placement legality
is checked thousands of times per draft and must only do table look-ups.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

SIDES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
LINK_KINDS = ("both", "out", "in")
MAX_HOODS = 4  # one per road side at most, so hood ids can be tile * 4 + index

Link = tuple[int, str]
"""(hood index on the tile, link kind) at one side, or absent."""


class TileSetError(ValueError):
    """A tile set file that breaks the format; the message names the tile and the reason."""


@dataclass(frozen=True, slots=True)
class Hood:
    """A neighbourhood: its name, its road links by side (unrotated) and whether it is on
    the water (ruling 5)."""

    name: str
    links: tuple[tuple[int, str], ...]
    waterfront: bool

    @property
    def slug(self) -> str:
        return slugify(self.name)


Turn = tuple[tuple[bool, ...], tuple[bool, ...], tuple[Link | None, ...], int]
"""Roads per side, water per corner, links per side, and the 8-bit signature of one rotation."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as printed; ``turns`` holds its 4 rotations, worked out once on load."""

    coords: tuple[int, int] | None
    water: tuple[bool, bool, bool, bool]
    hoods: tuple[Hood, ...]
    turns: tuple[Turn, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.turns:
            object.__setattr__(self, "turns", _rotations(self.water, self.hoods))

    @property
    def name(self) -> str:
        return " / ".join(h.name for h in self.hoods)

    @property
    def slug(self) -> str:
        """The tile's notation name: its first neighbourhood's, which is unique in a set."""
        return self.hoods[0].slug

    def roads(self, rot: int) -> tuple[bool, ...]:
        return self.turns[rot][0]

    def corners(self, rot: int) -> tuple[bool, ...]:
        return self.turns[rot][1]

    def side_links(self, rot: int) -> tuple[Link | None, ...]:
        """For each side N, E, S, W after ``rot`` clockwise quarter turns: (hood, kind)."""
        return self.turns[rot][2]

    def signature(self, rot: int) -> int:
        """Road sides in bits 0–3, water corners in bits 4–7: matching is one mask compare."""
        return self.turns[rot][3]


def _rotations(water: tuple[bool, ...], hoods: tuple[Hood, ...]) -> tuple[Turn, ...]:
    """Roads, water corners and links for each of the 4 rotations (ruling 6).

    A quarter turn clockwise carries side ``s`` to ``s + 1`` and corner ``c`` to ``c + 1``
    (N→E, NE→SE), so everything turns together.
    """
    out = []
    for rot in range(4):
        links: list[Link | None] = [None] * 4
        for index, hood in enumerate(hoods):
            for side, kind in hood.links:
                links[(side + rot) % 4] = (index, kind)
        wet = [False] * 4
        for corner, is_water in enumerate(water):
            wet[(corner + rot) % 4] = is_water
        roads = tuple(link is not None for link in links)
        sig = sum(1 << s for s in range(4) if roads[s]) + sum(16 << c for c in range(4) if wet[c])
        out.append((roads, tuple(wet), tuple(links), sig))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TileSet:
    name: str
    tiles: tuple[Tile, ...]

    def __len__(self) -> int:
        return len(self.tiles)


def slugify(name: str) -> str:
    """``Tanner's Row`` → ``tanners-row``: typeable in Discord, unique per name."""
    text = name.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _fail(where: str, reason: str) -> TileSetError:
    return TileSetError(f"Tile {where} is broken: {reason}.")


def _read_hood(where: str, raw: Any, tile_water: tuple[bool, ...]) -> Hood:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
        raise _fail(where, "every neighbourhood needs a non-empty name")
    name = raw["name"]
    links_raw = raw.get("links")
    if not isinstance(links_raw, dict) or not links_raw:
        raise _fail(where, f"{name} has no road links")
    links: list[tuple[int, str]] = []
    for side_name, kind in links_raw.items():
        if side_name not in SIDES:
            raise _fail(where, f"{name} links to unknown side {side_name!r}")
        if kind not in LINK_KINDS:
            raise _fail(where, f"{name} has link kind {kind!r} (use both, out or in)")
        links.append((SIDES.index(side_name), kind))
    kinds = {kind for _, kind in links}
    # A neighbourhood one can only enter or only leave could never be reached and left again.
    if "both" not in kinds and not {"in", "out"} <= kinds:
        raise _fail(where, f"{name} can only be entered or only left")
    waterfront = raw.get("waterfront", False)
    if not isinstance(waterfront, bool):
        raise _fail(where, f"{name} has a waterfront flag that is not true/false")
    if waterfront and not any(tile_water):
        raise _fail(where, f"{name} is waterfront on a tile without water")
    return Hood(name=name, links=tuple(sorted(links)), waterfront=waterfront)


def _read_tile(index: int, raw: Any) -> Tile:
    where = f"#{index + 1}"
    if not isinstance(raw, dict):
        raise _fail(where, "it is not an object")
    hoods_raw = raw.get("hoods")
    if isinstance(hoods_raw, list) and hoods_raw and isinstance(hoods_raw[0], dict):
        where = f"#{index + 1} ({hoods_raw[0].get('name', '?')})"
    coords_raw = raw.get("coords")
    coords: tuple[int, int] | None = None
    if coords_raw is not None:
        if (
            not isinstance(coords_raw, list)
            or len(coords_raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in coords_raw)
            or not all(1 <= v <= 6 for v in coords_raw)
        ):
            raise _fail(where, "coordinates must be two whole numbers from 1 to 6, or null")
        coords = (coords_raw[0], coords_raw[1])
    water_raw = raw.get("water", [])
    if not isinstance(water_raw, list) or any(c not in CORNERS for c in water_raw):
        raise _fail(where, f"water corners must be among {', '.join(CORNERS)}")
    water = tuple(c in water_raw for c in CORNERS)
    if not isinstance(hoods_raw, list) or not hoods_raw:
        raise _fail(where, "it has no neighbourhoods")
    if len(hoods_raw) > MAX_HOODS:
        raise _fail(where, f"it has more than {MAX_HOODS} neighbourhoods")
    hoods = tuple(_read_hood(where, h, water) for h in hoods_raw)
    used: set[int] = set()
    for hood in hoods:
        for side, _ in hood.links:
            if side in used:
                raise _fail(where, f"side {SIDES[side]} belongs to two neighbourhoods")
            used.add(side)
    return Tile(coords=coords, water=(water[0], water[1], water[2], water[3]), hoods=hoods)


def parse_tileset(data: Any) -> TileSet:
    """A validated tile set from decoded JSON, or :class:`TileSetError` saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise TileSetError("A tile set must be an object with a list of tiles.")
    tiles = tuple(_read_tile(i, raw) for i, raw in enumerate(data["tiles"]))
    if not tiles:
        raise TileSetError("A tile set needs at least one tile.")
    names: dict[str, str] = {}
    coords_seen: dict[tuple[int, int], str] = {}
    for tile in tiles:
        for hood in tile.hoods:
            if hood.slug in names:
                raise _fail(tile.name, f"{hood.name} is already a name on {names[hood.slug]}")
            names[hood.slug] = tile.name
        if tile.coords is not None:
            if tile.coords in coords_seen:
                taken = coords_seen[tile.coords]
                raise _fail(tile.name, f"coordinates {tile.coords} are already on {taken}")
            coords_seen[tile.coords] = tile.name
    if slugify("Old Town") not in names:
        raise TileSetError("A tile set needs an Old Town tile: the map is built around it.")
    return TileSet(name=str(data.get("name", "unnamed")), tiles=tiles)


@cache
def city() -> TileSet:
    """The default set, loaded once per process (it is immutable)."""
    text = resources.files("games.fence").joinpath("data/city.json").read_text("utf-8")
    return parse_tileset(json.loads(text))


def old_town_index(tileset: TileSet) -> int:
    return next(i for i, t in enumerate(tileset.tiles) if t.slug == "old-town")
