"""Strength and speed of the computer opponents: ``python -m benchmarks.ai``.

Per two-player game it plays four pairings, colours alternated game by game:

* ``vs_random``: normal level against the uniform random player;
* ``vs_flat``: normal level against flat Monte Carlo given the same seconds per move;
* ``strong_vs_normal``: strong level against normal level;

and for FENCE! (3 players) ``vs_two_random``: the AI seat (rotating) against two random
players. A score is wins plus half the draws (a game that hits the ply cap counts as a draw),
divided by games. ``move_s_median`` is the median seconds of one normal-level call.

Games run in a process pool (``--jobs``, default the number of cores), so run it on an
otherwise idle machine: every player thinks against the wall clock.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import ai
import games
from ai.baselines import flat_monte_carlo, random_action
from ai.budget import Budget
from benchmarks.report import emit

TWO_PLAYER = ("ordo", "fendo", "fonver", "fuer")
MULTIPLAYER = ("fence",)
PAIRINGS = {
    "vs_random": ("normal", "random"),
    "vs_flat": ("normal", "flat"),
    "strong_vs_normal": ("strong", "normal"),
}
TARGETS = {"vs_random": 0.95, "vs_flat": 0.65, "strong_vs_normal": 0.60, "vs_two_random": 0.55}
TARGET_MOVE_S = 2.5
MAX_PLIES = 1_000


@dataclass(frozen=True)
class Game:
    """One game to play: who sits where. ``hero`` is the seat whose result is scored."""

    game: str
    pairing: str
    players: tuple[str, ...]
    hero: int
    seed: int
    seconds: dict[str, float]


def _player(kind: str, game: str, seconds: dict[str, float]) -> Callable[..., Any]:
    rules = games.get(game)

    if kind == "random":
        return lambda state, seat, rng: random_action(rules, state, rng)
    if kind == "flat":
        budget = Budget(seconds["normal"])
        return lambda state, seat, rng: flat_monte_carlo(rules, state, seat, budget, rng)

    def think(state: Any, seat: int, rng: random.Random) -> Any:
        view = rules.view(state, seat)
        text = ai.choose(
            game, view, seat, level=kind, seed=rng.randrange(2**31), budget_s=seconds[kind]
        )
        return rules.parse(state, text)

    return think


def play(job: Game) -> tuple[float, list[float]]:
    """(score of the hero seat, seconds of each normal-level call)."""
    rules = games.get(job.game)
    rng = random.Random(job.seed)
    state = rules.new(players=len(job.players), seed=job.seed)
    players = [_player(kind, job.game, job.seconds) for kind in job.players]
    normal_calls: list[float] = []
    for _ in range(MAX_PLIES):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_move(state)[0]
        start = time.perf_counter()
        action = players[seat](state, seat, rng)
        if job.players[seat] == "normal":
            normal_calls.append(time.perf_counter() - start)
        state = rules.apply(state, action)
    outcome = rules.outcome(state)
    if outcome is None or not outcome.winners:
        score = 0.5 if len(job.players) == 2 else 0.0
    else:
        score = 1.0 if job.hero in outcome.winners else 0.0
    return score, normal_calls


def schedule(
    names: list[str], count: int, seconds: dict[str, float], seed: int, pairings: list[str]
) -> list[Game]:
    jobs = []
    for game in names:
        if game in MULTIPLAYER and "vs_two_random" in pairings:
            for i in range(count):
                hero = i % 3
                seats = tuple("normal" if s == hero else "random" for s in range(3))
                jobs.append(Game(game, "vs_two_random", seats, hero, seed + i, seconds))
            continue
        if game in MULTIPLAYER:
            continue
        for pairing, (hero_kind, other) in PAIRINGS.items():
            if pairing not in pairings:
                continue
            for i in range(count):
                hero = i % 2
                seats = (hero_kind, other) if hero == 0 else (other, hero_kind)
                jobs.append(Game(game, pairing, seats, hero, seed + i, seconds))
    return jobs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--quick", action="store_true", help="6 games per pairing")
    parser.add_argument("--game", action="append", choices=TWO_PLAYER + MULTIPLAYER)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairing",
        action="append",
        choices=[*PAIRINGS, "vs_two_random"],
        help="only these pairings (default all)",
    )
    for level, seconds in ai.LEVELS.items():
        parser.add_argument(
            f"--{level}",
            type=float,
            default=seconds,
            help=f"seconds per move at {level} (default {seconds})",
        )
    args = parser.parse_args(argv)
    count = 6 if args.quick else args.games
    names = args.game or [*TWO_PLAYER, *MULTIPLAYER]
    seconds = {level: getattr(args, level) for level in ai.LEVELS}
    jobs = schedule(names, count, seconds, args.seed, args.pairing or [*PAIRINGS, "vs_two_random"])

    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    calls: dict[str, list[float]] = defaultdict(list)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for job, (score, normal_calls) in zip(jobs, pool.map(play, jobs), strict=True):
            scores[job.game, job.pairing].append(score)
            calls[job.game].extend(normal_calls)
            print(
                f"  {job.game} {job.pairing} game {len(scores[job.game, job.pairing])}: {score:g}",
                flush=True,
            )
    elapsed = time.perf_counter() - start

    figures: dict[str, Any] = {"games_per_pairing": count, "seconds": seconds}
    print(f"{'game':8} {'pairing':18} {'games':>5} {'score':>6} {'target':>6}")
    for game in names:
        row: dict[str, Any] = {}
        for (g, pairing), values in scores.items():
            if g != game:
                continue
            row[pairing] = round(statistics.fmean(values), 3)
            mark = "ok" if row[pairing] >= TARGETS[pairing] else "BELOW"
            print(
                f"{game:8} {pairing:18} {len(values):5} {row[pairing]:6.2f} "
                f"{TARGETS[pairing]:6.2f} {mark}"
            )
        row["move_s_median"] = round(statistics.median(calls[game]), 3) if calls[game] else None
        print(
            f"{game:8} {'move_s_median':18} {len(calls[game]):5} "
            f"{row['move_s_median'] or 0:6.2f} {TARGET_MOVE_S:6.2f}"
        )
        figures[game] = row
    print(f"{len(jobs)} games in {elapsed:.0f} s with {args.jobs} jobs")
    emit("ai", figures)


if __name__ == "__main__":
    main()
