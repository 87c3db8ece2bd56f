"""How fast the Fonver engine plays: ``python -m benchmarks.fonver [--seconds N]``.

A playout is a whole random game through the public ``Rules`` surface: every step lists the
legal actions (all empty points, or every legal capture step while a crosscut is open) and
applies a random one, including the pie decision. Printed per board size: the median
playouts per second over several rounds, mean steps and captures per game, the time per
step, and the ratio to the target of 20 playouts per second on 19×19 on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.report import emit
from games.fonver import RULES, Capture

TARGET_PLAYOUTS = 20.0
SIZES = (9, 13, 19)


def playout(size: int, seed: int) -> tuple[int, int]:
    """One random game; returns (steps, capture steps)."""
    rng = random.Random(seed)
    state = RULES.new(options={"size": size})
    steps = captures = 0
    while RULES.to_move(state):
        action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
        steps += 1
        captures += isinstance(action, Capture)
    assert RULES.outcome(state) is not None
    return steps, captures


def measure(size: int, seconds: float, rounds: int) -> dict[str, float]:
    rates: list[float] = []
    steps = captures = games = 0
    seed = 0
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / rounds:
            s, c = playout(size, seed)
            seed += 1
            done += 1
            steps += s
            captures += c
        rates.append(done / (time.perf_counter() - start))
    games = seed
    median = statistics.median(rates)
    return {
        "playouts_per_s": median,
        "steps_per_game": steps / games,
        "captures_per_game": captures / games,
        "us_per_step": 1e6 / (median * steps / games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per board size")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results = {size: measure(size, args.seconds, args.rounds) for size in SIZES}
    print(f"{'size':>5} {'playouts/s':>11} {'steps/game':>11} {'captures':>9} {'µs/step':>8}")
    for size, r in results.items():
        print(
            f"{size:>5} {r['playouts_per_s']:>11.1f} {r['steps_per_game']:>11.1f} "
            f"{r['captures_per_game']:>9.1f} {r['us_per_step']:>8.1f}"
        )
    big = results[19]["playouts_per_s"]
    print(f"19×19 vs target {TARGET_PLAYOUTS:.0f}/s: {big / TARGET_PLAYOUTS:.2f}×")
    print(f"13×13 / 19×19 playout rate: {results[13]['playouts_per_s'] / big:.2f}×")
    emit(
        "fonver",
        {f"playouts_per_s_{size}": results[size]["playouts_per_s"] for size in results},
    )


if __name__ == "__main__":
    main()
