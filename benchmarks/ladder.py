"""The computer's levels on the players' rating ladder: ``python -m benchmarks.ladder``.

Per game, four players meet in a round robin: the uniform random player (the fixed anchor)
and the levels easy, normal and strong. Every two-player pairing starts from each of a small
fixed set of **balanced openings** (:data:`OPENINGS`: a few moves after which neither side is
clearly ahead), each opening played twice with the colours swapped, so a first-move advantage
cancels out instead of hiding which player is stronger. The openings are chosen so:

* **Ordo** — a first move and Black's mirror image of it: the position is as symmetric as
  the start, and the opening only varies the games;
* **Fendo** — the start itself, each time with another seed (the AI breaks ties between
  equal-looking actions by it, so the games differ). Mirrored first placements were tried
  first and were not balanced: from ``c3 e5`` the second player won every game between two
  levels, easy against strong included, and from ``d3 d5`` the first player did; from the
  start strong beat normal with either colour;
* **Fonver** — a first stone, then the pie rule: the second player keeps or swaps it, which
  is the rule's own way of making the first move fair;
* **Fuer** — the first player wins between equal players from the start, so its openings are
  two turns after which the side to move did *not* win every game against itself: each was
  kept from the AI's own best first turns and replies when normal against normal (at a
  tenth of its seconds, 4 seeds) won with either side (``--check-openings`` repeats it);
* **FENCE!** — three-seat tables of every three of the four players, each deal (seed) played
  in all three rotations of the seats; the finishing order counts as a game between every
  two seats of the table (the winner ahead, then by cards held, ties as draws).

The results are rated on the players' Glicko scale by :func:`competition.ladder.fit`: the
random player is fixed at :data:`ANCHOR` (1000: a newcomer's 1500 would be expected to
score 95 % against a player who moves at random), one virtual draw per pairing keeps perfect
scores finite, and RD is Glicko's deviation from the games played.

``--scale`` multiplies every level's seconds, keeping their 0.3 : 2 : 8 ratios; the full
run is scale 1 (8 s a move for strong, hours on two cores), docs/computer.md's figures say which
scale they were measured at. ``--write`` stores the ratings in ``ai/ladder.toml``, where
``/play``, ``/rules`` and ``level:auto`` read them. Games run in a process pool (``--jobs``)
and every player thinks against the wall clock, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
import tomllib
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ai
from ai.ladder import LADDER_FILE
from benchmarks.ai import Game, Played, play_out
from benchmarks.report import emit
from competition.ladder import Fitted, fit, pairwise
from competition.ratings import finishing_ranks

PLAYERS = ("random", *ai.LEVELS)
ANCHOR = 1000.0
"""The random player's fixed rating."""
GAMES = ("ordo", "fendo", "fonver", "fuer", "fence")
MULTIPLAYER = ("fence",)
FENCE_SEATS = 3

OPENINGS: dict[str, tuple[tuple[str, ...], ...]] = {
    "ordo": (
        ("c2-c4", "c7-c5"),
        ("e3-e4", "e6-e5"),
        ("h2-h4", "h7-h5"),
        ("b3-b4", "b6-b5"),
        ("f3-f4", "f6-f5"),
        ("d2-b4", "d7-b5"),
        ("g2-g4", "g7-g5"),
        ("i3-i4", "i6-i5"),
        ("e2-c4", "e7-c5"),
        ("f2-h4", "f7-h5"),
        ("d2-d4", "d7-d5"),
        ("j3-j4", "j6-j5"),
    ),
    "fendo": ((), (), (), (), (), ()),  # the start, each time with another seed
    "fonver": (("d4",), ("k3",), ("c10",), ("f15",), ("q5",), ("o16",)),
    "fuer": (),  # filled below from FUER_OPENINGS
    "fence": ((), (), (), (), (), ()),  # a FENCE! opening is its deal: the game's seed
}
"""Per game, the balanced openings in the order they are used (``--openings N`` takes the
first N). The module docstring says how each game's were chosen."""

FUER_OPENINGS: tuple[tuple[str, ...], ...] = (
    ("g3 +e3", "g2 +d4 +f4"),
    ("g3 +f2", "g2 +e2 +e4"),
    ("d5 +e3", "e5 +d2 +d4"),
    ("c4 +f2", "c3 +e2 +e4"),
    ("d5 +e3", "e5 +d2 +f2"),
    ("e1 +e3", "f1 +d2 +d4"),
    ("f1 +e3", "e1 +f1 +f3"),
    ("g2 +e3", "g3 +e2 +g2"),
    ("e1 +e3", "f1 +d2 +f2"),
    ("c3 +d4", "c4 +c3 +e3"),
)
"""Kept by ``--check-openings`` (normal against itself at scale 0.1, 4 seeds) from the AI's
own ranking of first turns and replies: the first five from 16 candidates (its 1st, 2nd,
3rd, 5th, 8th, 12th, 17th and 24th first turns, each with its 1st and 4th reply), after
which the side to move won 2, 3, 1, 1 and 1 of 4 (of the other 11, five always lost and four
always won); the next five from 16 more (its 4th, 6th, 7th, 9th, 10th, 11th, 14th and 20th
first turns with their 2nd and 3rd replies), won 2, 2, 2, 1 and 3 of 4."""
OPENINGS["fuer"] = FUER_OPENINGS

QUICK_SCALE = 0.05
QUICK_OPENINGS = 1
QUICK_FONVER_SIZE = 9
"""``--quick`` rates Fonver on 9×9: a 19×19 game between two levels runs 100–400 moves."""


@dataclass(frozen=True)
class Ladder:
    """One game's measured ladder: fitted ratings, pairwise scores and games per pairing."""

    game: str
    ratings: dict[str, Fitted]
    scores: dict[tuple[str, str], list[float]]


def schedule(
    game: str,
    openings: int,
    seconds: dict[str, float],
    seed: int,
    options: dict[str, Any] | None = None,
) -> list[Game]:
    """Every game of ``game``'s round robin: two-player pairings from each opening with
    the colours swapped, FENCE! tables of three in every rotation of each deal."""
    jobs = []
    if game in MULTIPLAYER:
        for deal in range(openings):
            for table in itertools.combinations(PLAYERS, FENCE_SEATS):
                for turn in range(FENCE_SEATS):
                    seats = table[turn:] + table[:turn]
                    jobs.append(Game(game, game, "table", seats, 0, seed + deal, seconds))
        return jobs
    for index, opening in enumerate(OPENINGS[game][:openings]):
        for a, b in itertools.combinations(PLAYERS, 2):
            for seats in ((a, b), (b, a)):
                jobs.append(
                    Game(
                        game,
                        game,
                        f"{a}_vs_{b}",
                        seats,
                        0,
                        seed + index,
                        seconds,
                        options=dict(options or {}),
                        opening=opening,
                    )
                )
    return jobs


def results(job: Game, played: Played) -> list[tuple[str, str, float]]:
    """The game as pairwise results ``(player, player, first's score)``."""
    outcome = played.outcome
    seats = len(job.players)
    if seats == 2:
        if outcome is None or not outcome.winners or len(outcome.winners) == 2:
            score = 0.5
        else:
            score = 1.0 if 0 in outcome.winners else 0.0
        return [(job.players[0], job.players[1], score)]
    winners = outcome.winners if outcome is not None else ()
    scores = outcome.scores if outcome is not None else None
    ranks = finishing_ranks(seats, winners, list(scores) if scores else None)
    return [(job.players[i], job.players[j], s) for i, j, s in pairwise(ranks)]


def measure(
    game: str,
    openings: int,
    seconds: dict[str, float],
    seed: int,
    jobs: int,
    options: dict[str, Any] | None = None,
) -> Ladder:
    work = schedule(game, openings, seconds, seed, options)
    # The longest pairings first, so the pool does not end on one long game alone.
    work.sort(key=lambda job: -sum(seconds.get(p, 0.0) for p in job.players))
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    found: list[tuple[str, str, float]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for job, played in zip(work, pool.map(play_out, work), strict=True):
            for a, b, score in results(job, played):
                found.append((a, b, score))
                key, s = (
                    ((a, b), score)
                    if PLAYERS.index(a) > PLAYERS.index(b)
                    else ((b, a), 1.0 - score)
                )
                scores[key].append(s)
            print(
                f"  {game} {' '.join(job.players)}: "
                f"{played.outcome.winners if played.outcome else 'ply cap'}",
                flush=True,
            )
    return Ladder(game, fit(found, "random", ANCHOR), dict(scores))


def report(ladder: Ladder) -> dict[str, Any]:
    """Print one game's table and hand back its figures for the JSON line."""
    print(f"\n{ladder.game}: rating ± RD (random fixed at {ANCHOR:g})")
    for player in PLAYERS:
        r = ladder.ratings[player]
        print(f"  {player:7} {r.rating:6.0f} ± {r.rd:3.0f}")
    print(f"  {'pairing':18} {'games':>5} {'score':>6}")
    pairings: dict[str, float] = {}
    for (a, b), values in sorted(
        ladder.scores.items(), key=lambda kv: (PLAYERS.index(kv[0][0]), kv[0][1])
    ):
        name = f"{a}_vs_{b}"
        pairings[name] = round(statistics.fmean(values), 3)
        print(f"  {name:18} {len(values):5} {pairings[name]:6.2f}")
    return {
        "ratings": {p: round(ladder.ratings[p].rating) for p in PLAYERS},
        "rd": {p: round(ladder.ratings[p].rd) for p in PLAYERS},
        "scores": pairings,
        "games_per_pairing": max(len(v) for v in ladder.scores.values()),
        "strong_vs_normal": pairings.get("strong_vs_normal"),
    }


def write(
    figures: dict[str, dict[str, Any]], command: str, scale: float, path: Path = LADDER_FILE
) -> None:
    """Store the levels' ratings in ``ai/ladder.toml``, keeping games not measured now."""
    known: dict[str, Any] = tomllib.loads(path.read_text()) if path.exists() else {}
    ladder: dict[str, Any] = dict(known.get("games", {}))
    for game, row in figures.items():
        ladder[game] = {
            "command": command,
            "scale": scale,
            "elapsed_s": row["elapsed_s"],
            "games_per_pairing": row["games_per_pairing"],
            "strong_vs_normal": row["strong_vs_normal"],
            **{level: row["ratings"][level] for level in PLAYERS},
            "rd": {level: row["rd"][level] for level in PLAYERS},
        }
    lines = [
        "# The computer's levels on the players' rating ladder, written by",
        "# `python -m benchmarks.ladder --write` (see its docstring and docs/computer.md,",
        '# "The levels on the rating ladder"). The random player is the anchor; `scale` is',
        "# the share of each level's seconds the games were played at.",
    ]
    for game in GAMES:
        if game not in ladder:
            continue
        row = ladder[game]
        lines.append(f"\n[games.{game}]")
        for key, value in row.items():
            if key == "rd":
                continue
            lines.append(f"{key} = {json.dumps(value)}")
        rd = ", ".join(f"{k} = {v}" for k, v in row["rd"].items())
        lines.append(f"rd = {{ {rd} }}")
    path.write_text("\n".join(lines) + "\n")


def check_openings(
    game: str, openings: list[tuple[str, ...]], seconds: dict[str, float], seeds: int, jobs: int
) -> list[float]:
    """Per opening, the share of ``seeds`` games normal against normal that the side to
    move after it won: an opening is balanced when that is neither 0 nor 1."""
    work = [
        Game(game, game, "self", ("normal", "normal"), 0, seed, seconds, opening=opening)
        for opening in openings
        for seed in range(seeds)
    ]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        played = list(pool.map(play_out, work))
    shares = []
    for index, opening in enumerate(openings):
        mover = len(opening) % 2
        won = [
            1.0
            if p.outcome and p.outcome.winners == (mover,)
            else 0.0
            if p.outcome and p.outcome.winners
            else 0.5
            for p in played[index * seeds : (index + 1) * seeds]
        ]
        shares.append(statistics.fmean(won))
        print(f"  {' '.join(opening) or '(start)':30} side to move won {shares[-1]:.2f}")
    return shares


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument(
        "--openings",
        "--games",
        type=int,
        default=4,
        help="openings (FENCE!: deals) per game, each played both ways (default 4)",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="share of every level's seconds (default 1: the real levels)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK_OPENINGS} opening per game at scale {QUICK_SCALE:g}",
    )
    parser.add_argument(
        "--fonver-size",
        type=int,
        default=None,
        help="Fonver's board (default its own, 19; --quick plays 9)",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="store the ratings in ai/ladder.toml")
    parser.add_argument(
        "--check-openings",
        action="store_true",
        help="only play normal against itself (4 seeds, both seats the same "
        "player) from each opening and print who won",
    )
    args = parser.parse_args(argv)
    if args.check_openings:
        for game in args.game or [g for g in GAMES if g not in MULTIPLAYER]:
            print(game)
            check_openings(
                game,
                list(OPENINGS[game][: args.openings]),
                {level: s * args.scale for level, s in ai.LEVELS.items()},
                4,
                args.jobs,
            )
        print(json.dumps({"benchmark": "ladder", "checked": True}))
        return
    scale = QUICK_SCALE if args.quick else args.scale
    openings = QUICK_OPENINGS if args.quick else args.openings
    seconds = {level: s * scale for level, s in ai.LEVELS.items()}
    names = args.game or list(GAMES)
    command = " ".join(
        ["python -m benchmarks.ladder", *(argv if argv is not None else sys.argv[1:])]
    )
    start = time.perf_counter()
    figures: dict[str, dict[str, Any]] = {}
    for game in names:
        began = time.perf_counter()
        size = args.fonver_size or (QUICK_FONVER_SIZE if args.quick else None)
        options = {"size": size} if game == "fonver" and size else None
        row = report(measure(game, openings, seconds, args.seed, args.jobs, options))
        if options:
            row["options"] = options
        row["elapsed_s"] = round(time.perf_counter() - began, 1)
        figures[game] = row
        if args.write:  # game by game, so a long run interrupted keeps what it measured
            write({game: row}, command, scale)
    elapsed = time.perf_counter() - start
    print(
        "\nstrong_vs_normal: "
        + ", ".join(f"{g} {f['strong_vs_normal']:.2f}" for g, f in figures.items())
    )
    print(f"{len(names)} games rated in {elapsed:.0f} s with {args.jobs} jobs, scale {scale:g}")
    emit(
        "ladder",
        {
            "scale": scale,
            "openings": openings,
            "anchor": ANCHOR,
            "seconds": {k: round(v, 3) for k, v in seconds.items()},
            "elapsed_s": round(elapsed, 1),
            **figures,
        },
    )


if __name__ == "__main__":
    main()
