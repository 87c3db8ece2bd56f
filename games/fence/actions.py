"""The steps a player can take, as small frozen values.

Every pending choice is its own step (which neighbourhood the pawn takes, which colour a
drawn card is), so the bot can offer each as a list of buttons or autocomplete entries.
Cards are strings: ``R1``–``R6``, ``B1``–``B6``, with Color Swap the Jokers ``RJ``/``BJ``
and with Boats the boats ``RX``/``BX``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.fence.citymap import Pos


@dataclass(frozen=True, slots=True)
class Place:
    """Draft: put one of your tiles on an empty spot (ruling 12)."""

    tile: int
    pos: Pos
    rot: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Draft: put one of your tiles in place of the tile at ``pos`` and take that one (13)."""

    tile: int
    pos: Pos
    rot: int


@dataclass(frozen=True, slots=True)
class PlacePawn:
    """Setup: your pawn goes on this neighbourhood (ruling 16)."""

    hood: int


@dataclass(frozen=True, slots=True)
class PlaceCops:
    """Setup: the First Player picks the Cops' neighbourhood on the rolled tile (17)."""

    hood: int


@dataclass(frozen=True, slots=True)
class PlaceTunnel:
    """Tunnel option: the First Player picks a tunnel end on the rolled tile."""

    hood: int


@dataclass(frozen=True, slots=True)
class PlacePost:
    """Trading Post option: the First Player picks the Post's neighbourhood on the rolled
    tile, as for the Cops."""

    hood: int


@dataclass(frozen=True, slots=True)
class Yourself:
    """Move Yourself with one or two cards to ``hood`` (ruling 20)."""

    cards: tuple[str, ...]
    hood: int


@dataclass(frozen=True, slots=True)
class Push:
    """Move Others, pawn part: move ``seat``'s pawn one road step to ``hood``."""

    seat: int
    hood: int


@dataclass(frozen=True, slots=True)
class CopsRoad:
    """Move Others, Cops part: one road step, One Way signs ignored."""

    hood: int


@dataclass(frozen=True, slots=True)
class TipOff:
    """Move Others, Cops part: play one or two cards and send the Cops to ``hood``."""

    cards: tuple[str, ...]
    hood: int


@dataclass(frozen=True, slots=True)
class Hunch:
    """State's Evidence on a Hunch: a jailed player rolls one die for the Cops."""

    colour: str  # "red" or "blue"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one card of this colour from the Stash (State's Evidence, Hot Goods)."""

    colour: str  # "red" or "blue"


@dataclass(frozen=True, slots=True)
class Boat:
    """Boats option: open a Move Others turn by putting this colour's boat in play."""

    colour: str  # "red" or "blue"


@dataclass(frozen=True, slots=True)
class Offer:
    """Trading Cards option: offer ``seat`` the card ``give`` for the card ``ask``."""

    seat: int
    give: str
    ask: str


@dataclass(frozen=True, slots=True)
class Accept:
    """Trading Cards option: the offeree takes the offer (they must hold the asked card)."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """Trading Cards option: the offeree turns the offer down."""


@dataclass(frozen=True, slots=True)
class PostTrade:
    """Trading Post option: give ``give`` face down to ``seat`` and take their card number
    ``pick`` (1-based) of a hand the engine shuffles first, so the number says nothing."""

    seat: int
    give: str
    pick: int


@dataclass(frozen=True, slots=True)
class NoTrade:
    """Trading Post option: end the turn on the Post without trading."""


Action = (
    Place
    | Swap
    | PlacePawn
    | PlaceCops
    | PlaceTunnel
    | Yourself
    | Push
    | CopsRoad
    | TipOff
    | Hunch
    | Draw
    | PlacePost
    | Boat
    | Offer
    | Accept
    | Refuse
    | PostTrade
    | NoTrade
)

HoodAction = PlacePawn | PlaceCops | PlaceTunnel | PlacePost | Yourself | Push | CopsRoad | TipOff
"""The actions that name a neighbourhood (``hood``): pieces set down or moved."""
