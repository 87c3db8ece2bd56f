"""Tournament and community figures: ``python -m benchmarks.tournaments [--players 16,64]``.

What a server running leagues feels: how long pairing a round takes (a Swiss played until no
round without a rematch is left — its hardest rounds come last — a round robin, FENCE! seating
rounds), scoring a table, drawing the standings image and a rating chart, and checking a
player's conditional moves. Results are random but seeded; times are medians (the Swiss's
worst round is reported too).
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import games
from benchmarks.report import emit
from bot.service.play import premoves
from competition import pairing
from competition.standings import Result, standings, standings_cells
from render.chart import rating_chart
from render.standings import standings_image


def _ms(call: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def swiss_to_exhaustion(count: int, seed: int) -> tuple[list[float], list[Result]]:
    """Pair rounds with random results until no round without a rematch exists; the time of
    every round's pairing in ms, and the results."""
    rng = random.Random(seed)
    players = [f"p{i:03d}" for i in range(count)]
    played: list[pairing.Pairing] = []
    results: list[Result] = []
    times: list[float] = []
    for number in range(1, count + 1):
        scores = {p: 0.0 for p in players}
        for row in standings(players, results, "swiss"):
            scores[row.player] = row.points
        start = time.perf_counter()
        try:
            boards = pairing.swiss_pairings(players, scores, played)
        except pairing.PairingError:
            break
        times.append((time.perf_counter() - start) * 1000)
        for first, second in boards:
            played.append((first, second))
            if second is None:
                results.append(Result(number, (first,), (0,), bye=True))
            else:
                results.append(Result(number, (first, second), rng.choice([(0,), (1,), ()])))
    return times, results


def fence_rounds(count: int, rounds: int, seed: int) -> list[float]:
    players = [f"p{i:03d}" for i in range(count)]
    met: dict[frozenset[str], int] = {}
    times = []
    for number in range(rounds):
        start = time.perf_counter()
        tables = pairing.fence_tables(players, 4, met, seed + number)
        times.append((time.perf_counter() - start) * 1000)
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return times


def premove_check_ms(repeat: int) -> float:
    """Checking a full /premove: 12 alternative lines, each 4 turns deep, in Ordo."""
    rules = games.get("ordo")
    rng = random.Random(7)
    state = rules.new(2, rules.options(None), 1)
    state = rules.apply(state, rules.parse(state, rules.legal_notations(state)[0]))
    lines = []
    for _ in range(premoves.MAX_LINES):
        current, line = state, []
        for _ in range(premoves.MAX_DEPTH):
            theirs = rng.choice(rules.legal_notations(current))
            current = rules.apply(current, rules.parse(current, theirs))
            mine = rng.choice(rules.legal_notations(current))
            current = rules.apply(current, rules.parse(current, mine))
            line.append((theirs, mine))
        lines.append(line)
    text = "; ".join(" ".join(f"if {a} then {b}" for a, b in line) for line in lines)
    return _ms(lambda: premoves.merge((), premoves.check(rules, state, 0, premoves.parse(text))),
               repeat)  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tournaments")
    parser.add_argument("--players", default="16,64", help="Swiss field sizes, comma separated")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one repeat of each timed call (the Swiss fields stay the same)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.repeat = 1
    sizes = [int(n) for n in args.players.split(",")]
    figures: dict[str, Any] = {}
    rows: list[tuple[str, str]] = []

    for count in sizes:
        times, results = swiss_to_exhaustion(count, seed=count)
        figures[f"swiss_{count}_rounds"] = len(times)
        figures[f"swiss_{count}_round_ms_median"] = statistics.median(times)
        figures[f"swiss_{count}_round_ms_worst"] = max(times)
        spread = f"median {statistics.median(times):.2f} ms, worst {max(times):.1f} ms"
        rows.append((f"Swiss, {count} players, {len(times)} rounds to exhaustion", spread))
        players = sorted({p for r in results for p in r.seats})
        table_ms = _ms(functools.partial(standings, players, results, "swiss"), args.repeat)
        figures[f"standings_{count}_ms"] = table_ms
        rows.append((f"standings of that Swiss ({len(results)} results)", f"{table_ms:.2f} ms"))

    robin_ms = _ms(lambda: pairing.round_robin([f"p{i}" for i in range(20)]), args.repeat)
    figures["round_robin_20_ms"] = robin_ms
    rows.append(("league schedule, 20 players (19 rounds)", f"{robin_ms:.2f} ms"))

    fence = fence_rounds(60, 3, seed=1)
    figures["fence_tables_60_ms_median"] = statistics.median(fence)
    rows.append(("FENCE! seating round, 60 players at tables of 4",
                 f"median {statistics.median(fence):.1f} ms"))  # fmt: skip

    names = {f"p{i:03d}": f"Player number {i}" for i in range(40)}
    _, results = swiss_to_exhaustion(40, seed=3)
    table = standings(sorted(names), results[: 20 * 5], "swiss")
    header, cells = standings_cells(table, names, "swiss")
    image_ms = _ms(lambda: standings_image("Winter Cup — after round 5 of 6", header, cells),
                   args.repeat)  # fmt: skip
    figures["standings_image_40_rows_ms"] = image_ms
    rows.append(("standings image, 40 rows", f"{image_ms:.0f} ms"))

    rng = random.Random(5)
    series = {
        game: [(1.79e9 + i * 86400.0 * 3, 1500 + rng.uniform(-200, 200), 350 - i * 2.5)
               for i in range(100)]
        for game in ("ordo", "fendo", "fonver", "fuer", "fence")
    }  # fmt: skip
    chart_ms = _ms(lambda: rating_chart(series, title="Rating over time", now=1.79e9 + 3e7),
                   args.repeat)  # fmt: skip
    figures["rating_chart_5x100_ms"] = chart_ms
    rows.append(("rating chart, 5 games × 100 points", f"{chart_ms:.0f} ms"))

    check_ms = premove_check_ms(args.repeat)
    figures["premove_check_12x4_ms"] = check_ms
    rows.append(("checking /premove: 12 lines × 4 turns (Ordo)", f"{check_ms:.1f} ms"))

    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  figure")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    emit("tournaments", figures)


if __name__ == "__main__":
    main()
