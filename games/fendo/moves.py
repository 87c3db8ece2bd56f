"""What a player may do (rulings 7–9) and what doing it changes (rulings 6, 9, 10).

The hot paths work on whole bitboards. Two facts keep fence checks cheap:

* Pieces never affect connectivity, so whether a fence splits the open area depends only on
  the fences, not on which piece moved where. It is worked out at most once per fence
  position per call (:class:`Scan`) and reused for every piece and destination.
* A fence inside a fully unfenced 2×2 block can never split anything (the block is a cycle
  around it), so most fences on an open board are accepted without any flood fill.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from games.fendo.geometry import SIDES, Edge, flood, squares_of
from games.fendo.sentences import COLOURS, SAY
from games.fendo.state import Action, Add, Build, FendoState
from games.sentences import Sentence

SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}
ENCLOSES_EMPTY = SAY("encloses_empty")
TWO_OPEN = SAY("two_open")


def split_verdict(pieces_away: int, pieces_total: int) -> Sentence | None:
    """Ruling 7 for a fence that splits the open area in two: the part away from the piece
    must not be empty, and the two parts may not both keep two or more pieces. The piece's
    own part always holds the piece itself."""
    if pieces_away == 0:
        return ENCLOSES_EMPTY
    if pieces_away >= 2 and pieces_total - pieces_away >= 2:
        return TWO_OPEN
    return None


def _slide_up(start: int, open_: int, shift: int, empty: int) -> int:
    """Empty squares passed sliding from every square of ``start`` towards higher bits (east
    with ``shift`` 1, north with ``shift`` n) through the ``open_`` sides."""
    seen = 0
    x = ((start & open_) << shift) & empty
    while x:
        seen |= x
        x = ((x & open_) << shift) & empty
    return seen


def _slide_down(start: int, open_: int, shift: int, empty: int) -> int:
    """As :func:`_slide_up`, towards lower bits (west or south): a side is open when the
    square it leads to has its east (north) side open."""
    seen = 0
    x = (start >> shift) & open_ & empty
    while x:
        seen |= x
        x = (x >> shift) & open_ & empty
    return seen


def reach(start: int, empty: int, east_open: int, north_open: int, n: int) -> int:
    """Ruling 7's route: the squares a piece on ``start`` (a one-bit mask) can stop on with a
    straight line and at most one right-angle turn over empty squares, its own included."""
    across = _slide_up(start, east_open, 1, empty) | _slide_down(start, east_open, 1, empty)
    along = _slide_up(start, north_open, n, empty) | _slide_down(start, north_open, n, empty)
    # The one turn: continue vertically from any square of the horizontal leg, and vice versa.
    turned = (
        _slide_up(across, north_open, n, empty)
        | _slide_down(across, north_open, n, empty)
        | _slide_up(along, east_open, 1, empty)
        | _slide_down(along, east_open, 1, empty)
    )
    return start | across | along | turned


class Scan:
    """Per-position facts shared by every piece's fence checks during one call.

    Lives only for the duration of one query, so its cache is not shared state.
    """

    __slots__ = (
        "_cuts",
        "_splits",
        "east_open",
        "empty",
        "n",
        "north_open",
        "occupied",
        "open_area",
        "open_pieces",
        "safe_east",
        "safe_north",
        "state",
    )

    def __init__(self, state: FendoState) -> None:
        n = state.size
        self.state = state
        self.n = n
        self.occupied = state.pieces[0] | state.pieces[1]
        self.empty = state.geo.full & ~self.occupied
        self.east_open = eo = state.geo.can_go_east & ~state.fences_east
        self.north_open = no = state.geo.can_go_north & ~state.fences_north
        self.open_area = state.open_area
        self.open_pieces = (self.occupied & state.open_area).bit_count()
        block = eo & no & (eo >> n) & (no >> 1)  # lower-left corners of unfenced 2×2 blocks
        self.safe_east = eo & (block | (block << n))
        self.safe_north = no & (block | (block << 1))
        self._splits: dict[Edge, int] = {}
        self._cuts: dict[int, tuple[int, int]] = {}

    def far_side(self, edge: Edge, square: int) -> int:
        """The squares cut off from ``square`` by a new fence at ``edge``; 0 if it splits
        nothing. ``square`` is one of the fence's two squares."""
        high_part = self._splits.get(edge)
        kind, low = edge
        if high_part is None:
            if kind == "e":
                high = low + 1
                high_part = flood(1 << high, self.east_open & ~(1 << low), self.north_open, self.n)
            else:
                high = low + self.n
                high_part = flood(1 << high, self.east_open, self.north_open & ~(1 << low), self.n)
            if (high_part >> low) & 1:
                high_part = 0
            self._splits[edge] = high_part
        if not high_part:
            return 0
        return high_part if square == low else self.open_area & ~high_part

    def _cut(self, to: int, side: str) -> tuple[int, int]:
        """The far side of a fence on ``side`` of ``to`` and how many pieces stand there now;
        cached per square and side because every piece that can reach ``to`` asks again."""
        key = (to << 2) | SIDE_INDEX[side]
        found = self._cuts.get(key)
        if found is None:
            away = self.far_side(edge_of(to, side, self.n), to)
            found = (away, (self.occupied & away).bit_count())
            self._cuts[key] = found
        return found

    def verdict(self, piece: int, to: int, side: str) -> Sentence | None:
        """Why a fence on ``side`` of ``to`` is illegal once ``piece`` has moved there."""
        away, standing = self._cut(to, side)
        if not away:
            return None
        # The moving piece leaves the far side if it started there.
        return split_verdict(standing - ((away >> piece) & 1), self.open_pieces)

    def reach(self, piece: int) -> int:
        return reach(1 << piece, self.empty, self.east_open, self.north_open, self.n)

    def legal_fences(self, piece: int, reached: int) -> tuple[int, int, int, int]:
        """For each side (n, e, s, w): the squares of ``reached`` where the piece could stop
        and legally fence that side."""
        n = self.n
        north_open, east_open = self.north_open, self.east_open
        safe_north, safe_east = self.safe_north, self.safe_east
        per_side = (
            ("n", reached & north_open, safe_north),
            ("e", reached & east_open, safe_east),
            ("s", reached & (north_open << n), safe_north << n),
            ("w", reached & (east_open << 1), safe_east << 1),
        )
        result = []
        for side, candidates, safe in per_side:
            good = candidates & safe
            doubtful = candidates & ~safe
            while doubtful:
                bit = doubtful & -doubtful
                doubtful ^= bit
                if self.verdict(piece, bit.bit_length() - 1, side) is None:
                    good |= bit
            result.append(good)
        return (result[0], result[1], result[2], result[3])


def edge_of(square: int, side: str, n: int) -> Edge:
    """The fence position on an inner side of ``square`` (the side must not be the edge)."""
    if side == "n":
        return ("n", square)
    if side == "e":
        return ("e", square)
    if side == "s":
        return ("n", square - n)
    return ("e", square - 1)


def is_over(state: FendoState) -> bool:
    """Ruling 10's three endings."""
    if not state.open_area or state.passes >= 2:
        return True
    return state.early_end and 2 * max(c.bit_count() for c in state.closed) > state.size**2


def add_targets(scan: Scan, seat: int) -> int:
    """Ruling 8: empty squares one move away from any of the seat's pieces in the open area,
    whether or not that piece could be selected under ruling 7."""
    targets = 0
    for piece in squares_of(scan.state.pieces[seat] & scan.open_area):
        targets |= scan.reach(piece)
    return targets & scan.empty


def legal_actions(state: FendoState) -> list[Action]:
    """Every action for the seat to move: adds by square, then builds by piece, destination
    and side (n, e, s, w)."""
    if is_over(state):
        return []
    seat = state.to_move
    mine = state.pieces[seat] & state.open_area
    if not mine:
        return []
    scan = Scan(state)
    actions: list[Action] = []
    reached_by: list[tuple[int, int]] = []
    targets = 0
    for piece in squares_of(mine):
        reached = scan.reach(piece)
        reached_by.append((piece, reached))
        targets |= reached
    if state.stock[seat]:
        actions.extend(Add(square) for square in squares_of(targets & scan.empty))
    append = actions.append
    for piece, reached in reached_by:
        north, east, south, west = scan.legal_fences(piece, reached)
        stops = north | east | south | west
        while stops:
            bit = stops & -stops
            stops ^= bit
            to = bit.bit_length() - 1
            if north & bit:
                append(Build(piece, to, "n"))
            if east & bit:
                append(Build(piece, to, "e"))
            if south & bit:
                append(Build(piece, to, "s"))
            if west & bit:
                append(Build(piece, to, "w"))
    return actions


def has_action(state: FendoState, seat: int) -> bool:
    """Whether ``seat`` could act now (the test behind ruling 9's automatic pass)."""
    mine = state.pieces[seat] & state.open_area
    if not mine:
        return False
    scan = Scan(state)
    if state.stock[seat] and add_targets(scan, seat):
        return True
    return any(any(scan.legal_fences(p, scan.reach(p))) for p in squares_of(mine))


def build_problem(state: FendoState, action: Build) -> Sentence | None:
    """Why ``action`` breaks ruling 7 (None if it is legal). Wording follows the rulings."""
    geo = state.geo
    seat = state.to_move
    piece, to, side = action
    names = geo.names
    if not (0 <= piece < geo.squares and 0 <= to < geo.squares and side in SIDES):
        return SAY("not_square_side")
    if not (state.pieces[seat] >> piece) & 1:
        return SAY("no_piece", colour=COLOURS[seat], square=names[piece])
    if not (state.open_area >> piece) & 1:
        return SAY("closed_piece", square=names[piece])
    scan = Scan(state)
    if to != piece:
        if (scan.occupied >> to) & 1:
            return SAY("occupied", square=names[to])
        if not (scan.reach(piece) >> to) & 1:
            return SAY("no_route", piece=names[piece], square=names[to])
    edge = geo.edge(to, side)
    if edge is None:
        return SAY(f"edge_{side}", square=names[to])
    kind, low = edge
    fenced = state.fences_east if kind == "e" else state.fences_north
    if (fenced >> low) & 1:
        return SAY("fenced", fence=geo.edge_name(edge))
    return scan.verdict(piece, to, side)


def add_problem(state: FendoState, action: Add) -> Sentence | None:
    """Why ``action`` breaks ruling 8 (None if it is legal)."""
    geo = state.geo
    seat = state.to_move
    square = action.square
    if not 0 <= square < geo.squares:
        return SAY("add_off_board")
    if not state.stock[seat]:
        return SAY("no_stock")
    if not state.pieces[seat] & state.open_area:
        return SAY("no_open_piece")
    if (state.occupied >> square) & 1:
        return SAY("occupied", square=geo.names[square])
    if not (add_targets(Scan(state), seat) >> square) & 1:
        return SAY("add_too_far", square=geo.names[square])
    return None


def play(state: FendoState, action: Action) -> FendoState:
    """The position after a legal ``action`` (checked by the caller), passes resolved."""
    seat = state.to_move
    if isinstance(action, Add):
        pieces = list(state.pieces)
        pieces[seat] |= 1 << action.square
        stock = list(state.stock)
        stock[seat] -= 1
        after = replace(
            state,
            pieces=(pieces[0], pieces[1]),
            stock=(stock[0], stock[1]),
            to_move=1 - seat,
            passes=0,
        )
        return settle(after)
    piece, to, side = action
    pieces = list(state.pieces)
    pieces[seat] = (pieces[seat] & ~(1 << piece)) | (1 << to)
    kind, low = edge_of(to, side, state.size)
    scan = Scan(state)
    away = scan.far_side((kind, low), to)
    fences_east = state.fences_east | ((1 << low) if kind == "e" else 0)
    fences_north = state.fences_north | ((1 << low) if kind == "n" else 0)
    open_area = state.open_area
    closed = list(state.closed)
    if away:
        near = open_area & ~away
        open_area = 0
        for part in (near, away):
            white = (part & pieces[0]).bit_count()
            orange = (part & pieces[1]).bit_count()
            if white + orange == 1:
                closed[0 if white else 1] |= part
            else:
                open_area = part
    after = replace(
        state,
        pieces=(pieces[0], pieces[1]),
        fences_east=fences_east,
        fences_north=fences_north,
        open_area=open_area,
        closed=(closed[0], closed[1]),
        to_move=1 - seat,
        passes=0,
    )
    return settle(after)


def settle(state: FendoState) -> FendoState:
    """Ruling 9: pass automatically for whoever is to move and cannot act; two passes in a
    row end the game (ruling 10)."""
    while not is_over(state) and not has_action(state, state.to_move):
        state = replace(state, to_move=1 - state.to_move, passes=state.passes + 1)
    return state


def route(state: FendoState, piece: int, to: int) -> list[int] | None:
    """One legal route from ``piece`` to ``to`` (both ends included): straight if possible,
    else across first, else along first. The player never types the route (ruling 14), so
    this fixed preference only decides what the board image draws."""
    n = state.size
    if piece == to:
        return [piece]
    pf, pr, tf, tr = piece % n, piece // n, to % n, to // n
    candidates = [(pr * n + tf,), (tr * n + pf,)] if pf != tf and pr != tr else [()]
    for corner in candidates:
        points = [piece, *corner, to]
        path = [piece]
        ok = True
        for a, b in pairwise(points):
            step = _direction(a, b, n)
            square = a
            while square != b and ok:
                ok = _can_step(state, square, step)
                square = square + step
                ok = ok and not (state.occupied >> square) & 1
                path.append(square)
        if ok:
            return path
    return None


def _direction(a: int, b: int, n: int) -> int:
    if a // n == b // n:
        return 1 if b > a else -1
    return n if b > a else -n


def _can_step(state: FendoState, square: int, step: int) -> bool:
    n = state.size
    east_open = state.east_open
    north_open = state.north_open
    if step == 1:
        return bool((east_open >> square) & 1)
    if step == -1:
        return bool((east_open >> (square - 1)) & 1) and square % n > 0
    if step == n:
        return bool((north_open >> square) & 1)
    return square >= n and bool((north_open >> (square - n)) & 1)
