"""Ordo engine speed: ``python -m benchmarks.ordo``.

Prints random playouts per second (every legal move generated at every ply, through the public
``Rules`` surface, exactly as :meth:`games.core.Rules.random_playout` plays) and the time to
generate all legal moves in mid-game positions, each with its ratio to the target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.report import emit
from games.ordo import RULES, OrdoState

TARGET_PLAYOUTS_PER_SECOND = 25.0
TARGET_GENERATION_MS = 0.25
MID_GAME = range(20, 61)
"""Plies counted as mid-game: past the opening shuffle, before most random games end."""


def playouts(count: int, seed: int) -> tuple[float, float]:
    """(playouts per second, mean plies per game) over ``count`` seeded random games."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(count):
        plies += RULES.random_playout(RULES.new(), rng).ply
    elapsed = time.perf_counter() - start
    return count / elapsed, plies / count


def mid_game_positions(count: int, seed: int) -> list[OrdoState]:
    rng = random.Random(seed)
    found: list[OrdoState] = []
    while len(found) < count:
        state = RULES.new()
        while RULES.outcome(state) is None and state.ply <= MID_GAME.stop:
            if state.ply in MID_GAME:
                found.append(state)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return rng.sample(found, count)


def generation_times_ms(states: list[OrdoState], repeat: int) -> list[float]:
    """Per position, the best of three timings of ``repeat`` generations, in ms per call."""
    times = []
    for state in states:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(repeat):
                RULES.legal_actions(state)
            best = min(best, (time.perf_counter() - start) / repeat)
        times.append(best * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rate, mean_plies = playouts(args.playouts, args.seed)
    print(
        f"random playouts:      {rate:7.1f} /s  (mean {mean_plies:.0f} plies, "
        f"{rate * mean_plies:,.0f} plies/s)  target {TARGET_PLAYOUTS_PER_SECOND:.0f}/s, "
        f"ratio {rate / TARGET_PLAYOUTS_PER_SECOND:.2f}"
    )

    states = mid_game_positions(args.positions, args.seed)
    times = sorted(generation_times_ms(states, args.repeat))
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    moves = statistics.mean(len(RULES.legal_actions(s)) for s in states)
    print(
        f"legal-move generation: median {median:.3f} ms, p95 {p95:.3f} ms over "
        f"{len(states)} mid-game positions (mean {moves:.0f} moves)  target "
        f"{TARGET_GENERATION_MS} ms, ratio {TARGET_GENERATION_MS / median:.2f}"
    )
    start = min(generation_times_ms([RULES.new()], args.repeat * 5))
    print(
        f"start position:        {start:.3f} ms for {len(RULES.legal_actions(RULES.new()))} moves"
    )
    emit(
        "ordo",
        {"playouts_per_s": rate, "mean_plies": mean_plies, "generation_median_ms": median,
         "generation_p95_ms": p95, "start_position_ms": start},
    )  # fmt: skip


if __name__ == "__main__":
    main()
