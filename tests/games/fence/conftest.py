"""Hand-built FENCE! positions for the ruling tests.

``Build`` starts from a real quick-map match (so every field is consistent) and replaces the
map, pieces, hands and Stash with small hand-made ones, so each test shows one rule on a
map of a few City tiles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games.fence import RULES
from games.fence.cards import sort_key
from games.fence.engine import settle
from games.fence.state import NOT_PLACED, FenceState
from games.fence.world import tiles_of


class Build:
    # A 2x2 block: Old Town, Tanner's Row east of it (One Way: it may be left westwards into
    # Old Town but not entered from there), Sunnyside north, Cabbagetown north-east.
    SQUARE = (
        ("old-town", 0, 0, 0),
        ("tanners-row", 1, 0, 0),
        ("sunnyside", 0, 1, 0),
        ("cabbagetown", 1, 1, 0),
    )

    def __init__(self) -> None:
        self.tiles = tiles_of(RULES.new(2, {"quick_map": True}, seed=0))

    def tile(self, slug: str) -> int:
        return next(i for i, t in enumerate(self.tiles) if t.slug == slug)

    def hood(self, slug: str) -> int:
        for i, t in enumerate(self.tiles):
            for k, h in enumerate(t.hoods):
                if h.slug == slug:
                    return i * 4 + k
        raise KeyError(slug)

    def state(
        self,
        *,
        players: int = 2,
        placed: tuple[tuple[str, int, int, int], ...] = (("old-town", 0, 0, 0),),
        pawns: dict[int, str | None] | None = None,
        cops: str | None = None,
        hands: dict[int, list[str]] | None = None,
        red: list[str] | None = None,
        blue: list[str] | None = None,
        options: dict[str, Any] | None = None,
        settle_now: bool = False,
        **fields: Any,
    ) -> FenceState:
        base = RULES.new(players, {"quick_map": True, **(options or {})}, seed=0)
        pawn_ids: list[int | None] = [None] * players
        for seat, slug in (pawns or {}).items():
            # None: in Jail; "": not on the map yet (setup).
            pawn_ids[seat] = None if slug is None else NOT_PLACED if not slug else self.hood(slug)
        hand_list = [tuple(sorted((hands or {}).get(s, []), key=sort_key)) for s in range(players)]
        cells = tuple(sorted(((x, y), self.tile(s), rot // 90) for s, x, y, rot in placed))
        values: dict[str, Any] = {
            "placed": cells,
            "tile_hands": ((),) * players,
            "tiles_out": (),
            "map_done": True,
            "pawns": tuple(pawn_ids),
            "cops": None if cops is None else self.hood(cops),
            "hands": tuple(hand_list),
            "start": ((),) * players,
            "revealed": (),
            "pending_tiles": (),
            "red": tuple(red if red is not None else ["R1", "R2", "R3"]),
            "blue": tuple(blue if blue is not None else ["B1", "B2", "B3"]),
            "mixed": (),
            "discard": (),
            "stage": "turn",
            "actor": 0,
            "first": 0,
            "round": 1,
            "turn": 0,
            "goods": (),
            "events": (),
            "unreliable": (False,) * players,
            "ritzy": None,
            "tunnel": (),
        }
        values.update(fields)
        state = replace(base, **values)
        return settle(state, []) if settle_now else state


@pytest.fixture(scope="session")
def build() -> Build:
    return Build()


@pytest.fixture
def square(build: Build) -> tuple[tuple[str, int, int, int], ...]:
    """The 2x2 ``SQUARE`` plus Night Market, a tile without coordinates, to its west."""
    return (*build.SQUARE, ("night-market", -1, 0, 0))


@pytest.fixture
def city(build: Build, square: tuple[tuple[str, int, int, int], ...]) -> Callable[..., Any]:
    """A state on ``square`` with these pawns, the Cops in Tanner's Row unless told."""

    def state(pawns: dict[int, str | None], cops: str = "tanners-row", **given: Any) -> Any:
        return build.state(placed=square, pawns=pawns, cops=cops, **given)

    return state
