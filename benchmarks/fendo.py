"""Fendo engine speed: ``python -m benchmarks.fendo [--playouts N] [--positions N]``.

Targets (7×7): at least 50 random playouts per second with every legal action generated at
every ply, and legal-action generation at most 0.25 ms (median) over mid-game positions.
Figures are printed, never asserted: timing belongs here, not in the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.report import emit
from games.fendo import RULES
from games.fendo.state import FendoState

PLAYOUT_TARGET = 50.0
GENERATION_TARGET_MS = 0.25


def playouts(count: int, seed: int, early_end: bool) -> tuple[float, float, float]:
    """Playouts per second of wall-clock and of CPU time, and mean plies, generating the full
    action list every ply. On a shared machine the CPU-time rate is the steadier figure."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(count):
        state = RULES.new(options={"early_end": early_end})
        while RULES.outcome(state) is None:
            actions = RULES.legal_actions(state)
            state = RULES.apply(state, rng.choice(actions))
            plies += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return count / elapsed, count / cpu, plies / count


def midgame_positions(count: int, seed: int) -> list[FendoState]:
    """Positions 10 to 30 plies into random 7×7 games (early end off, so none is over)."""
    rng = random.Random(seed)
    found: list[FendoState] = []
    while len(found) < count:
        state = RULES.new(options={"early_end": False})
        for ply in range(31):
            if RULES.outcome(state) is not None:
                break
            if ply >= 10 and rng.random() < 0.25:
                found.append(state)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return found[:count]


def generation_times_ms(states: list[FendoState], repeats: int) -> list[float]:
    """Per position, the best of ``repeats`` timings (the least disturbed by other load)."""
    times: list[float] = []
    for state in states:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter_ns()
            RULES.legal_actions(state)
            best = min(best, time.perf_counter_ns() - start)
        times.append(best / 1e6)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    for early_end in (True, False):
        rate, cpu_rate, plies = playouts(args.playouts, args.seed, early_end)
        label = "on " if early_end else "off"
        print(
            f"playouts 7x7 (early_end {label}): {rate:6.1f}/s wall, {cpu_rate:6.1f}/s CPU, "
            f"mean {plies:.1f} plies; CPU rate / target = {cpu_rate / PLAYOUT_TARGET:.2f} "
            f"(target >= {PLAYOUT_TARGET:.0f}/s)"
        )

    states = midgame_positions(args.positions, args.seed)
    sizes = [len(RULES.legal_actions(s)) for s in states]
    times = sorted(generation_times_ms(states, repeats=5))
    median = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"legal actions, {len(states)} mid-game positions (median {statistics.median(sizes):.0f}"
        f" actions): median {median:.3f} ms  p95 {p95:.3f} ms  max {times[-1]:.3f} ms"
    )
    print(
        f"  median / target = {median / GENERATION_TARGET_MS:.2f} "
        f"(target <= {GENERATION_TARGET_MS} ms; below 1 is good)"
    )
    start_state = RULES.new()
    start_ms = statistics.median(generation_times_ms([start_state] * 50, repeats=5))
    print(f"legal actions at the start position (212 actions): {start_ms:.3f} ms")
    emit(
        "fendo",
        {"playouts_per_s_cpu_early_end_off": cpu_rate, "generation_median_ms": median,
         "generation_p95_ms": p95, "start_position_ms": start_ms},
    )  # fmt: skip


if __name__ == "__main__":
    main()
