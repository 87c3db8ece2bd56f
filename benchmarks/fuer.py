"""How fast the Fuer engine plays: ``python -m benchmarks.fuer [--seconds N]``.

Two figures, each the median of several timed rounds:

* random playouts per second, generating *every* legal turn at every ply (the cost an AI or
  a test suite pays), against the target of 20 per second on one core;
* legal-turn generations per second on positions sampled from random games, with the turns
  per generation, so the cost per turn produced is visible too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from benchmarks.report import emit
from games.fuer import RULES, FuerState

TARGET_PLAYOUTS = 20.0


def playout(seed: int) -> tuple[int, int]:
    """One random game; returns (plies, turns generated)."""
    rng = random.Random(seed)
    state = RULES.new()
    plies = generated = 0
    while RULES.outcome(state) is None:
        turns = RULES.legal_actions(state)
        generated += len(turns)
        state = RULES.apply(state, rng.choice(turns))
        plies += 1
    return plies, generated


def sample_positions(count: int) -> list[FuerState]:
    """Positions from random games, every ply kept, so early and late positions both count."""
    positions: list[FuerState] = []
    seed = 10_000
    while len(positions) < count:
        rng = random.Random(seed)
        state = RULES.new()
        while RULES.outcome(state) is None and len(positions) < count:
            positions.append(state)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        seed += 1
    return positions


def timed_rounds(work: Callable[[], int], rounds: int, seconds: float) -> list[float]:
    """Items per second for each round; ``work`` runs one batch and returns how many items."""
    rates = []
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / rounds:
            done += work()
        rates.append(done / (time.perf_counter() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="total time per figure")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    seeds = iter(range(10**9))
    plies: list[int] = []
    generated: list[int] = []

    def one_playout() -> int:
        p, g = playout(next(seeds))
        plies.append(p)
        generated.append(g)
        return 1

    playout_rates = timed_rounds(one_playout, args.rounds, args.seconds)
    playouts = statistics.median(playout_rates)

    positions = sample_positions(400)
    counts = [len(RULES.legal_actions(s)) for s in positions]

    def one_sweep() -> int:
        for state in positions:
            RULES.legal_actions(state)
        return len(positions)

    generation_rates = timed_rounds(one_sweep, args.rounds, args.seconds)
    generations = statistics.median(generation_rates)
    turns_per_generation = statistics.mean(counts)

    print("Fuer engine benchmark (one core, default options)")
    print(f"  random playouts/s (all turns generated each ply): {playouts:9.1f}")
    print(f"    ratio to the target of {TARGET_PLAYOUTS:.0f}/s: {playouts / TARGET_PLAYOUTS:.1f}x")
    print(f"    plies per game: median {statistics.median(plies):.0f}, max {max(plies)}")
    print(f"    turns generated per game: median {statistics.median(generated):.0f}")
    print(f"  legal-turn generations/s ({len(positions)} sampled positions): {generations:9.0f}")
    print(
        f"    turns per generation: mean {turns_per_generation:.0f}, "
        f"median {statistics.median(counts):.0f}, max {max(counts)}"
    )
    print(f"    turns produced/s: {generations * turns_per_generation:,.0f}")
    spread = (max(playout_rates) - min(playout_rates)) / playouts
    print(f"  spread of playout rounds: {spread:.0%} of the median")
    emit(
        "fuer",
        {"playouts_per_s": playouts, "generations_per_s": generations,
         "turns_per_generation": turns_per_generation},
    )  # fmt: skip


if __name__ == "__main__":
    main()
