"""The table of a league or tournament: points, tie-breaks, ranks, and the text to show.

Pure functions of finished results, standard library only. Points are added up as exact
fractions (a three-way shared win gives ⅓ each, and three thirds must make one point again
when two players are compared for a tie); :class:`Row` hands them out as floats.

Decisions where no ruling speaks:

* **A win everybody shares is a draw**: it gives exactly the points of a game nobody won,
  so it counts as a draw in W-D-L and Sonneborn-Berger too. (FENCE! can end with every
  seat on the same number of cards.)
* **Byes** give their point but are not games: not in ``played``, not in W-D-L, nothing in
  any tie-break.
* **Sonneborn-Berger at a table of more than two** (a 'league' of FENCE!) compares seats in
  pairs the way the ratings do: beating a table-mate earns their final points, sharing a
  win or a drawn game half of them, and losing — or both losing — nothing.
* **Players who left** (in results but not in ``players``) get no row, but their games
  stay and their final points still count in their opponents' tie-breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

System = Literal["league", "swiss", "tables"]

TIEBREAKS: Mapping[str, tuple[str, str]] = {
    "league": ("SB", "Sonneborn-Berger"),
    "swiss": ("Buchholz", "Buchholz"),
    "tables": ("Buchholz", "Buchholz"),
}
"""Per system: (short label for a column or a line, full name for a footnote)."""

_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}
_LARGEST_DENOMINATOR = 3600  # tables of 3–6 make denominators dividing lcm(2..6)^2


@dataclass(frozen=True)
class Result:
    round: int
    seats: tuple[str, ...]  # players in seat order (2 for two-player games, 3-6 for tables)
    winners: tuple[int, ...] | None  # winning seats; () = draw / nobody won; None = unfinished
    bye: bool = False  # seats == (player,) and the player scores a bye

    @property
    def finished(self) -> bool:
        """A bye is always finished; a game once it has winners (possibly none)."""
        return self.bye or self.winners is not None


@dataclass(frozen=True)
class Row:
    rank: int  # 1-based; tied rows share the rank of the first of them
    player: str
    points: float
    tiebreak: float  # Sonneborn-Berger (league), Buchholz (swiss, tables)
    played: int  # finished games, byes not counted
    wins: int
    draws: int
    losses: int


def _check(result: Result) -> None:
    if len(set(result.seats)) != len(result.seats):
        raise ValueError("a player sits twice in one game")
    if result.bye:
        if len(result.seats) != 1:
            raise ValueError("a bye has exactly one seat")
        return
    if len(result.seats) < 2:
        raise ValueError("a game needs at least two seats")
    if result.winners is not None and any(
        not 0 <= seat < len(result.seats) for seat in result.winners
    ):
        raise ValueError("a winning seat is not at the table")


def _shares(result: Result) -> dict[str, Fraction]:
    """Exact points per seat of a finished result (see :func:`points`)."""
    _check(result)
    if not result.finished:
        raise ValueError("the game is not finished yet")
    if result.bye:
        return {result.seats[0]: Fraction(1)}
    won = set(result.winners or ())
    sharing = won or set(range(len(result.seats)))
    return {
        player: Fraction(1, len(sharing)) if seat in sharing else Fraction(0)
        for seat, player in enumerate(result.seats)
    }


def points(result: Result) -> dict[str, float]:
    """Points each seat earns from one finished result. Two players: win 1, draw 1/2, loss 0;
    a bye 1. A multi-player table: the one point of the table is split among its winners
    (a shared win 1/k each); a game nobody won splits it among all seats.

    An unfinished result raises ``ValueError``: it is worth nothing *yet*, which is not the
    same as a loss, and :func:`standings` simply skips it.
    """
    return {player: float(share) for player, share in _shares(result).items()}


def _against(me: int, other: int, won: set[int], seats: int) -> Fraction:
    """``me``'s score against one table-mate, for Sonneborn-Berger."""
    if not won or len(won) == seats:
        return Fraction(1, 2)
    if me in won:
        return Fraction(1) if other not in won else Fraction(1, 2)
    return Fraction(0)


def standings(players: Sequence[str], results: Sequence[Result], system: System) -> list[Row]:
    """Unfinished results (winners None) count for nothing yet. Order: points, then tiebreak,
    then wins, then the order of `players` only for display — rows equal on points, tiebreak and
    wins share a rank. Sonneborn-Berger = sum of the final points of opponents beaten + half the
    final points of opponents drawn. Buchholz = sum of the final points of every opponent met
    (tables: every table-mate; byes add nothing). For 'tables', a 'win' is being among the
    winners, a 'draw' a game nobody won, a 'loss' otherwise.

    A win shared by every seat is a draw in every system (see the module docstring).
    """
    if system not in TIEBREAKS:
        raise ValueError(f"unknown system {system!r}")
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    finished = [r for r in results if r.finished]
    total: Counter[str] = Counter()
    for result in finished:
        total.update(_shares(result))

    tiebreak: dict[str, Fraction] = {p: Fraction(0) for p in players}
    tally: dict[str, Counter[str]] = {p: Counter() for p in players}
    for result in finished:
        if result.bye:
            continue
        won = set(result.winners or ())
        seats = len(result.seats)
        drawn = not won or len(won) == seats
        for me, player in enumerate(result.seats):
            if player not in tally:
                continue
            outcome = "draws" if drawn else "wins" if me in won else "losses"
            tally[player][outcome] += 1
            for other, opponent in enumerate(result.seats):
                if other == me:
                    continue
                weight = _against(me, other, won, seats) if system == "league" else Fraction(1)
                tiebreak[player] += weight * total[opponent]

    def key(player: str) -> tuple[Fraction | int, Fraction, int]:
        return (total[player], tiebreak[player], tally[player]["wins"])

    ordered = sorted(players, key=lambda p: tuple(-k for k in key(p)))
    rows: list[Row] = []
    for index, player in enumerate(ordered):
        same = index > 0 and key(player) == key(ordered[index - 1])
        counts = tally[player]
        rows.append(
            Row(
                rank=rows[-1].rank if same else index + 1,
                player=player,
                points=float(total[player]),
                tiebreak=float(tiebreak[player]),
                played=counts["wins"] + counts["draws"] + counts["losses"],
                wins=counts["wins"],
                draws=counts["draws"],
                losses=counts["losses"],
            )
        )
    return rows


def format_points(value: float) -> str:
    """``2½``, ``⅓``, ``0``: whole numbers plus a vulgar fraction where Unicode has one
    (every share a table of 2–6 can give), else two decimals."""
    exact = Fraction(value).limit_denominator(_LARGEST_DENOMINATOR)
    whole, part = divmod(exact, 1)
    if part == 0:
        return str(whole)
    if part in _VULGAR:
        return f"{whole or ''}{_VULGAR[part]}"
    return f"{value:.2f}"


def _points_word(value: float) -> str:
    return "pt" if 0 < value <= 1 else "pts"


def standings_text(rows: Sequence[Row], names: Mapping[str, str], system: str) -> str:
    """A monospace-free plain text table for Discord and the console, one line per player:
    '1. Alice — 2½ pts (SB 1½) · 2W 1D 0L'. Halves shown as ½.

    ``names`` maps user ids to display names (missing: the id), put in as given: the
    service passes them escaped for Discord markdown (``bot.service.text.markdown``).
    """
    label = TIEBREAKS.get(system, ("TB", "Tie-break"))[0]
    return "\n".join(
        f"{row.rank}. {names.get(row.player, row.player)} — "
        f"{format_points(row.points)} {_points_word(row.points)} "
        f"({label} {format_points(row.tiebreak)}) · "
        f"{row.wins}W {row.draws}D {row.losses}L"
        for row in rows
    )


def standings_cells(
    rows: Sequence[Row], names: Mapping[str, str], system: str
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Header and cells for :func:`render.standings.standings_image`:
    ``("#", "Player", "Pts", <tie-break label>, "W-D-L")``, a tied rank shown on every
    tied row. The footnote to pass is ``f"Tie-break: {TIEBREAKS[system][1]}"``."""
    label = TIEBREAKS.get(system, ("TB", "Tie-break"))[0]
    header: tuple[str, ...] = ("#", "Player", "Pts", label, "W-D-L")
    cells: list[tuple[str, ...]] = [
        (
            str(row.rank),
            names.get(row.player, row.player),
            format_points(row.points),
            format_points(row.tiebreak),
            f"{row.wins}-{row.draws}-{row.losses}",
        )
        for row in rows
    ]
    return header, cells
