"""What a tournament's stored data says: its system, the rounds played and their results,
how many rounds it plans and the pairings of the next one.

Pure functions of the ``data`` dict of a :class:`storage.TournamentRecord`, kept apart from
the use cases (:mod:`bot.service.matchmaking.tournaments.cases`) that read and write the row, so the
rules of a round can be read (and tested) without a store.
"""

from __future__ import annotations

from typing import Any, cast

from competition import pairing
from competition.standings import Result, Row, System, standings

TIE_BREAK = {
    "league": ("tiebreak.sb", "tiebreak.sb_short"),
    "swiss": ("tiebreak.buchholz", "tiebreak.buchholz_short"),
    "tables": ("tiebreak.buchholz", "tiebreak.buchholz_short"),
}
"""The tie-break of each system, in full and as a column title."""
FORMAT_WORDS = {
    "league": "tournament.format.league",
    "swiss": "tournament.format.swiss",
    "tables": "tournament.format.tables",
}


def rows_of(data: dict[str, Any]) -> list[Row]:
    """The standings as they are now."""
    return standings(data["players"], results_of(data), system_of(data))


def system_of(data: dict[str, Any]) -> System:
    return cast(System, data["format"])


def rounds_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return list(data.get("rounds_played", []))


def results_of(data: dict[str, Any]) -> list[Result]:
    """Every finished board and bye recorded so far, as the standings read them."""
    out: list[Result] = []
    for number, rnd in enumerate(rounds_of(data), start=1):
        for board in rnd["boards"]:
            if len(board["seats"]) == 1:
                out.append(Result(number, tuple(board["seats"]), (0,), bye=True))
            elif board.get("winners") is not None:
                out.append(Result(number, tuple(board["seats"]), tuple(board["winners"])))
    return out


def planned_rounds(data: dict[str, Any], most: int) -> int:
    """A league plays everyone once; a Swiss asks for at most as many rounds as a round robin
    has, since only that many rounds without a rematch can exist. The rounds a Swiss or a
    seating tournament plays are capped at ``most`` (the server's limit); a league's follow
    from its field, which is bounded instead (:func:`_league_rounds`)."""
    players = len(data["players"])
    if data["format"] == "league":
        return league_rounds(players)
    if data["format"] == "swiss":
        asked = int(data.get("rounds") or pairing.swiss_rounds(players))
        return min(league_rounds(players), asked, most)
    return min(int(data.get("rounds") or 3), most)


def league_rounds(players: int) -> int:
    """Rounds of a single round robin: an odd field adds a bye round."""
    return players - 1 if players % 2 == 0 else players


def with_next_round(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the next round's pairings recorded (no match made yet)."""
    played = rounds_of(data)
    number = len(played) + 1
    players = list(data["players"])
    system = system_of(data)
    if system == "league":
        boards = [[p for p in pair if p is not None] for pair in data["schedule"][number - 1]]
    elif system == "swiss":
        scores: dict[str, float] = {p: 0.0 for p in players}
        for row in standings(players, results_of(data), "swiss"):
            scores[row.player] = row.points
        history: list[pairing.Pairing] = []
        for rnd in played:
            for b in rnd["boards"]:
                seats = b["seats"]
                history.append((seats[0], seats[1] if len(seats) > 1 else None))
        boards = [
            [p for p in pair if p is not None]
            for pair in pairing.swiss_pairings(players, scores, history)
        ]
    else:
        met: dict[frozenset[str], int] = {}
        for rnd in played:
            for b in rnd["boards"]:
                for i, a in enumerate(b["seats"]):
                    for other in b["seats"][i + 1 :]:
                        key = frozenset((a, other))
                        met[key] = met.get(key, 0) + 1
        boards = pairing.fence_tables(players, int(data["table"]), met, data["seed"] + number)
    return {
        **data,
        "rounds_played": [*played, {"boards": [{"seats": list(b)} for b in boards]}],
    }
