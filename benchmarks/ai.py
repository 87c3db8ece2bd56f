"""Strength and speed of the computer opponents: ``python -m benchmarks.ai``.

Per two-player game it plays these pairings, seats alternated game by game:

* ``vs_random``: normal level against the uniform random player;
* ``vs_flat``: normal level against flat Monte Carlo given the same seconds per move;
* ``strong_vs_normal``: strong level against normal level;
* ``easy_vs_one_ply``: easy level against the one-ply player (it wins when handed a
  line, else plays at random): a loss here is a win the computer handed over;
* ``vs_uct``: the computer given ``--uct`` seconds (1 s) against plain UCT
  (:func:`ai.baselines.uct`: UCB1, random playouts, no knowledge) given the same seconds.
  Fonver plays it on 9×9 and 13×13 (rows ``fonver9``, ``fonver13``), the others with their
  default options.

and for FENCE! (3 players, the computer's seat rotating) ``vs_two_random`` against two
random players and ``vs_two_uct`` against two UCT players, each searching one world dealt
from its own view (UCT cannot see hidden cards either). FENCE! plays two rows: ``fence``
with the default options and ``fence_trades`` with Trading Cards, where the computer's
trades are counted (``<pairing>_trades``: offers it made and how many were accepted, offers
it answered and how many it accepted). A score is wins plus half the draws
(a game that hits the ply cap counts as a draw), divided by games.

Also counted: ``move_s_median``, the median seconds of one normal-level call, and per
pairing ``vetoed``: the computer's turns its immediate-loss check overruled (the search
liked a turn best after which the opponent could win at once, and another turn avoided
that), summed over the computer's calls — the blunders the check prevented.

``--quick`` is a smoke run for a loaded two-core machine: two games per pairing (one per
seat) at a tenth of the seconds, done in minutes; its scores are too few to publish. The
full run (no ``--quick``) is what the figures in docs/benchmarks.md come from.

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
from dataclasses import dataclass, field
from typing import Any

import ai
import games
from ai.baselines import flat_monte_carlo, one_ply, random_action, uct
from ai.budget import Budget
from ai.safety import Tally
from benchmarks.report import emit
from games.core import Outcome
from games.fence import actions as fence_actions
from games.fence.determinize import Sampler

TWO_PLAYER = ("ordo", "fendo", "fonver", "fuer")
MULTIPLAYER = ("fence",)
PAIRINGS = {
    "vs_random": ("normal", "random"),
    "vs_flat": ("normal", "flat"),
    "strong_vs_normal": ("strong", "normal"),
    "vs_uct": ("computer", "uct"),
    "easy_vs_one_ply": ("easy", "one_ply"),
}
MULTI_PAIRINGS = {"vs_two_random": "random", "vs_two_uct": "uct"}
TARGETS = {
    "vs_random": 0.95,
    "vs_flat": 0.65,
    "strong_vs_normal": 0.60,
    "vs_uct": 0.80,
    "easy_vs_one_ply": 0.95,
    "vs_two_random": 0.55,
    "vs_two_uct": 0.40,
}
UCT_VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "ordo": ("ordo", {}),
    "fendo": ("fendo", {}),
    "fonver9": ("fonver", {"size": 9}),
    "fonver13": ("fonver", {"size": 13}),
    "fuer": ("fuer", {}),
    "fence": ("fence", {}),
}
"""Rows of the UCT pairing: Fonver on the two sizes the issue names."""
MULTI_VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "fence": ("fence", {}),
    "fence_trades": ("fence", {"trading_cards": True}),
}
"""Rows of the FENCE! pairings: the default game, and with Trading Cards (trades counted)."""
TRADES = ("offered", "offers_accepted", "answered", "accepted")
TARGET_MOVE_S = 2.5
MAX_PLIES = 1_000
QUICK_GAMES = 2
QUICK_SCALE = 0.1
"""``--quick`` plays this share of every budget."""


@dataclass(frozen=True)
class Game:
    """One game to play: who sits where. ``hero`` is the seat whose result is scored;
    ``row`` names the game and its options in the table."""

    game: str
    row: str
    pairing: str
    players: tuple[str, ...]
    hero: int
    seed: int
    seconds: dict[str, float]
    options: dict[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()
    """Moves (notation) played before the players take over, from seat 0's first move on."""


@dataclass(frozen=True)
class Played:
    """How one benchmark game ended: the outcome (``None`` at the ply cap), the seconds of
    each normal-level call, the turns the immediate-loss check vetoed, and the hero's FENCE!
    trades."""

    outcome: Outcome | None
    normal_calls: list[float]
    prevented: int
    trades: dict[str, int]


def _player(kind: str, game: str, seconds: dict[str, float], tally: Tally) -> Callable[..., Any]:
    rules = games.get(game)

    if kind == "random":
        return lambda state, seat, rng: random_action(rules, state, rng)
    if kind == "one_ply":
        return lambda state, seat, rng: one_ply(rules, state, seat, rng)
    if kind == "flat":
        budget = Budget(seconds["normal"])
        return lambda state, seat, rng: flat_monte_carlo(rules, state, seat, budget, rng)
    if kind == "uct":
        budget = Budget(seconds["uct"])
        if game in MULTIPLAYER:
            return lambda state, seat, rng: _uct_from_view(rules, state, seat, budget, rng)
        return lambda state, seat, rng: uct(rules, state, seat, budget, rng)

    def think(state: Any, seat: int, rng: random.Random) -> Any:
        view = rules.view(state, seat)
        level = "normal" if kind == "computer" else kind
        text = ai.choose(
            game,
            view,
            seat,
            level=level,
            seed=rng.randrange(2**31),
            budget_s=seconds[kind],
            tally=tally,
        )
        return rules.parse(state, text)

    return think


def _uct_from_view(rules: Any, state: Any, seat: int, budget: Budget, rng: random.Random) -> Any:
    """UCT for a game of hidden cards, fairly: it searches one world dealt from what its
    seat can see, and its first steps there are exactly the seat's real legal steps."""
    world = Sampler(rules.view(state, seat), seat).sample(rng)
    action = uct(rules, world, seat, budget, rng, seats=state.players)
    return rules.parse(state, rules.format(world, action))


def play_out(job: Game) -> Played:
    """Play ``job`` to its end (or :data:`MAX_PLIES`): the one game loop every benchmark of
    the computer shares (``benchmarks.ladder`` too), so they measure the same thing."""
    rules = games.get(job.game)
    rng = random.Random(job.seed)
    state = rules.new(players=len(job.players), options=job.options or None, seed=job.seed)
    for text in job.opening:
        state = rules.apply(state, rules.parse(state, text))
    tally = Tally()
    players = [_player(kind, job.game, job.seconds, tally) for kind in job.players]
    normal_calls: list[float] = []
    trades = dict.fromkeys(TRADES, 0)
    for _ in range(MAX_PLIES):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_move(state)[0]
        start = time.perf_counter()
        action = players[seat](state, seat, rng)
        if job.players[seat] == "normal":
            normal_calls.append(time.perf_counter() - start)
        _count_trade(trades, job, state, seat, action)
        state = rules.apply(state, action)
    return Played(rules.outcome(state), normal_calls, tally.prevented, trades)


def play(job: Game) -> tuple[float, list[float], int, dict[str, int]]:
    """(score of the hero seat, seconds of each normal-level call, turns vetoed, the hero's
    trades)."""
    played = play_out(job)
    outcome = played.outcome
    if outcome is None or not outcome.winners:
        score = 0.5 if len(job.players) == 2 else 0.0
    else:
        score = 1.0 if job.hero in outcome.winners else 0.0
    return score, played.normal_calls, played.prevented, played.trades


def _count_trade(trades: dict[str, int], job: Game, state: Any, seat: int, action: Any) -> None:
    """The hero's FENCE! trades: an offer it makes, and the answer to one made or received."""
    if job.game != "fence":
        return
    if seat == job.hero and isinstance(action, fence_actions.Offer):
        trades["offered"] += 1
    if state.stage == "offer" and isinstance(action, fence_actions.Accept):
        trades["offers_accepted"] += state.offer[0] == job.hero
        trades["accepted"] += seat == job.hero
    if state.stage == "offer" and seat == job.hero:
        trades["answered"] += 1


def schedule(
    names: list[str],
    count: int,
    seconds: dict[str, float],
    seed: int,
    pairings: list[str],
    uct_count: int,
) -> list[Game]:
    jobs = []
    for game in names:
        if game in MULTIPLAYER:
            for pairing, other in MULTI_PAIRINGS.items():
                if pairing not in pairings:
                    continue
                games_here = uct_count if other == "uct" else count
                for row, (_, options) in MULTI_VARIANTS.items():
                    for i in range(games_here):
                        hero = i % 3
                        kind = "computer" if other == "uct" else "normal"
                        seats = tuple(kind if s == hero else other for s in range(3))
                        jobs.append(
                            Game(game, row, pairing, seats, hero, seed + i, seconds, options)
                        )
            continue
        for pairing, (hero_kind, other) in PAIRINGS.items():
            if pairing not in pairings:
                continue
            rows: list[tuple[str, dict[str, Any]]] = [(game, {})]
            if pairing == "vs_uct":
                rows = [(row, opts) for row, (g, opts) in UCT_VARIANTS.items() if g == game]
            for row, options in rows:
                for i in range(uct_count if pairing == "vs_uct" else count):
                    hero = i % 2
                    seats = (hero_kind, other) if hero == 0 else (other, hero_kind)
                    jobs.append(Game(game, row, pairing, seats, hero, seed + i, seconds, options))
    return jobs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument(
        "--uct-games",
        type=int,
        default=20,
        help="games per row of the UCT pairings (default 20: 10 per seat)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK_GAMES} games per pairing at {QUICK_SCALE:g}× the seconds",
    )
    parser.add_argument("--game", action="append", choices=TWO_PLAYER + MULTIPLAYER)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairing",
        action="append",
        choices=[*PAIRINGS, *MULTI_PAIRINGS],
        help="only these pairings (default all)",
    )
    for level, default in ai.LEVELS.items():
        parser.add_argument(
            f"--{level}",
            type=float,
            default=default,
            help=f"seconds per move at {level} (default {default})",
        )
    parser.add_argument(
        "--uct",
        type=float,
        default=1.0,
        help="seconds per move of both sides in the UCT pairings (default 1)",
    )
    args = parser.parse_args(argv)
    scale = QUICK_SCALE if args.quick else 1.0
    count = QUICK_GAMES if args.quick else args.games
    uct_count = QUICK_GAMES if args.quick else args.uct_games
    names = args.game or [*TWO_PLAYER, *MULTIPLAYER]
    seconds = {level: getattr(args, level) * scale for level in ai.LEVELS}
    seconds["uct"] = seconds["computer"] = args.uct * scale
    jobs = schedule(
        names, count, seconds, args.seed, args.pairing or [*PAIRINGS, *MULTI_PAIRINGS], uct_count
    )
    # The longest games first, so the pool does not end on one long game alone.
    jobs.sort(
        key=lambda job: (job.pairing not in ("strong_vs_normal", "vs_uct"), job.row != "fonver13")
    )

    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    calls: dict[str, list[float]] = defaultdict(list)
    vetoed: dict[tuple[str, str], int] = defaultdict(int)
    traded: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(TRADES, 0))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for job, (score, normal_calls, prevented, trades) in zip(
            jobs, pool.map(play, jobs), strict=True
        ):
            scores[job.row, job.pairing].append(score)
            for key, value in trades.items():
                traded[job.row, job.pairing][key] += value
            calls[job.game].extend(normal_calls)
            vetoed[job.row, job.pairing] += prevented
            print(
                f"  {job.row} {job.pairing} game {len(scores[job.row, job.pairing])}"
                f" (computer in seat {job.hero}): {score:g}",
                flush=True,
            )
    elapsed = time.perf_counter() - start

    figures: dict[str, Any] = {
        "games_per_pairing": count,
        "uct_games": uct_count,
        "quick": args.quick,
        "seconds": {k: round(v, 3) for k, v in seconds.items()},
    }
    print(f"{'row':12} {'pairing':18} {'games':>5} {'score':>6} {'target':>6}     {'vetoed':>6}")
    rows = sorted({job.row for job in jobs}, key=[j.row for j in jobs].index)
    for name in rows:
        row: dict[str, Any] = {}
        for (r, pairing), values in scores.items():
            if r != name:
                continue
            row[pairing] = round(statistics.fmean(values), 3)
            row[f"{pairing}_vetoed"] = vetoed[r, pairing]
            mark = "ok" if row[pairing] >= TARGETS[pairing] else "BELOW"
            print(
                f"{name:12} {pairing:18} {len(values):5} {row[pairing]:6.2f} "
                f"{TARGETS[pairing]:6.2f} {mark:5} {vetoed[r, pairing]:6}"
            )
            if name in MULTI_VARIANTS and MULTI_VARIANTS[name][1].get("trading_cards"):
                row[f"{pairing}_trades"] = dict(traded[r, pairing])
                print(
                    f"{'':12} {'  trades':18} "
                    + ", ".join(f"{key} {value}" for key, value in traded[r, pairing].items())
                )
        if calls.get(name):
            row["move_s_median"] = round(statistics.median(calls[name]), 3) if calls[name] else None
            print(
                f"{name:12} {'move_s_median':18} {len(calls[name]):5} "
                f"{row['move_s_median'] or 0:6.2f} {TARGET_MOVE_S * scale:6.2f}"
            )
        figures[name] = row
    print(f"{len(jobs)} games in {elapsed:.0f} s with {args.jobs} jobs")
    figures["elapsed_s"] = round(elapsed, 1)
    emit("ai", figures)


if __name__ == "__main__":
    main()
