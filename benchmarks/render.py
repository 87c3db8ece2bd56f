"""Render speed and PNG size of every game: ``python -m benchmarks.render [--game NAME]``.

Each game is drawn at the size the bot posts it: default options (Fendo 7×7, Fonver 19×19),
full width, the last turn's highlights and four names in the title bar, PNG encoding
included (wall time; the CPU time beside it shows how much of that was waiting for a core on
a busy machine). Target for every game (issue "Safe to run for a community", 5): median render
≤ 10 ms, so 16 players moving at once on 2 cores do not queue behind the renderer. PNG
budgets: ≤ 200 KB a board, ≤ 300 KB a FENCE! city (several times an Ordo board).

Views come from random playouts of each engine: runs of ten consecutive positions from
random depths on, drawn in game order as the bot draws a match's images, each highlighted as
the bot highlights the last turn (every step of it); every view is drawn once per pass.
Ordo falls back on a handful of hand-made positions when its engine is not importable, which
keeps the renderer benchmarkable on its own. FENCE! runs are 3- and 4-player Quick Map games
and drafts with the legal spots of the tile being placed highlighted.
``--quick`` draws fewer views (a smoke run in seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import struct
import time
from typing import Any

import render
from benchmarks.report import emit

TARGET_MS = 10.0
"""Median render of every game, encoding included (issue "Safe to run for a community", 5)."""
TARGET_BYTES = {"ordo": 200_000, "fendo": 200_000, "fonver": 200_000, "fuer": 200_000,
                "fence": 300_000}  # fmt: skip
GAMES = tuple(TARGET_BYTES)

Case = tuple[dict[str, Any], list[dict[str, Any]], int | None, str | None]

_HAND_MADE: list[list[str]] = [
    [
        "..BB..BB..",
        "BBBBBBBBBB",
        "BB..BB..BB",
        "..........",
        "..........",
        "WW..WW..WW",
        "WWWWWWWWWW",
        "..WW..WW..",
    ],
    [
        "..B...B.B.",
        "BB.BBB.B.B",
        "B...BW..BB",
        "...W..B...",
        "..WW.W....",
        "W...W...WW",
        "W.W..WWW.W",
        "..W...W...",
    ],
    [
        "..........",
        "....B.....",
        "...BB.....",
        "..W.......",
        "..........",
        "......W...",
        "..........",
        "..........",
    ],
]


RUN = 10
"""Consecutive positions taken from each game: the bot draws a match's images one per move,
and what the renderers keep from one image (a board, a tile, a name) serves the next."""


def _playout_cases(game: str, count: int, seed: int) -> list[Case]:
    """Runs of ``RUN`` consecutive turns of two-player games at default options, each run
    from a random depth on, each position with every step of its last turn highlighted and
    the first player's perspective, as the bot posts them."""
    import games

    rules = games.get(game)
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count:
        state = rules.new(2, {}, seed=rng.randrange(1 << 30))
        skip = rng.randrange(0, 60)
        run = 0
        turn: list[dict[str, Any]] = []  # the steps of the turn under way
        while run < RUN and len(cases) < count:
            outcome = rules.outcome(state)
            if outcome is not None:
                if skip <= 0:
                    status = outcome.reason or "Game over"
                    cases.append((rules.view(state, None), turn, 0, status))
                break
            before = state
            action = rng.choice(rules.legal_actions(state))
            turn.append(rules.highlight(state, action))
            state = rules.apply(state, action)
            if rules.turn_ended(before, state):
                skip -= 1
                if skip < 0 and rules.outcome(state) is None:
                    cases.append((rules.view(state, None), turn, 0, None))
                    run += 1
                turn = []
    return cases


def _fence_cases(count: int, seed: int) -> list[Case]:
    """Runs of ``RUN`` consecutive steps of 3- and 4-player games: Quick Map games (the map
    is built at once) from a random depth on, and every fourth run a draft (the map grows
    step by step) with the legal spots of the tile being placed highlighted, since those are
    the images a player waits for during the draft."""
    import games

    rules = games.get("fence")
    rng = random.Random(seed)
    cases: list[Case] = []
    runs = 0
    while len(cases) < count:
        drafting = runs % 4 == 3
        runs += 1
        options = {} if drafting else {"quick_map": True}
        state = rules.new(rng.choice([3, 4]), options, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(0, 8 if drafting else 100)):
            if rules.outcome(state) is not None:
                break
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        for _ in range(RUN):
            if rules.outcome(state) is not None or len(cases) >= count:
                break
            action = rng.choice(rules.legal_actions(state))
            highlight = [rules.highlight(state, action)]
            state = rules.apply(state, action)
            view = rules.view(state, None)
            if drafting and view["stage"] == "draft":
                places = [a for a in rules.legal_actions(state) if type(a).__name__ == "Place"]
                spots = sorted({tuple(a.pos) for a in places})
                highlight = [*highlight, {"kind": "spots", "spots": [list(p) for p in spots]}]
            outcome = rules.outcome(state)
            cases.append((view, highlight, None, outcome.reason if outcome else None))
    return cases


def _hand_made(count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    for i in range(count):
        board = _HAND_MADE[i % len(_HAND_MADE)]
        view = {
            "game": "ordo",
            "board": board,
            "to_move": i % 2,
            "counts": [sum(r.count("W") for r in board), sum(r.count("B") for r in board)],
            "split": [rng.random() < 0.2, rng.random() < 0.2],
            "ply": i,
        }
        highlight = [
            {
                "notation": "c3xc6",
                "kind": "single",
                "from": ["c3"],
                "to": ["c6"],
                "captured": ["c6"] if i % 3 == 0 else [],
            }
        ]
        cases.append((view, highlight, i % 2, None))
    return cases


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))
    return ordered[index]


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk, which always comes first."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def cases_for(game: str, count: int, seed: int) -> tuple[list[Case], str]:
    if game == "fence":
        return _fence_cases(count, seed), "random Quick Map games and drafts"
    try:
        return _playout_cases(game, count, seed), "random playouts"
    except Exception as error:  # the engine is optional for the Ordo benchmark
        if game != "ordo":
            raise
        return _hand_made(count, seed), f"hand-made views ({type(error).__name__})"


def measure(game: str, cases: list[Case], repeats: int) -> dict[str, Any]:
    players = ["alice", "bob", "carol", "dave"]
    started = time.perf_counter()
    view, highlight, perspective, status = cases[0]
    render.render(
        game, view, perspective=perspective, highlight=highlight, players=players, status=status
    )
    cold_ms = (time.perf_counter() - started) * 1000
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    shapes: list[tuple[int, int]] = []
    # Every view once per pass, never twice in a row: the bot draws each position once, so
    # a repeat straight after would find every sprite it needs already drawn.
    for repeat in range(repeats):
        for view, highlight, perspective, status in cases:
            started, cpu_started = time.perf_counter(), time.process_time()
            png = render.render(
                game,
                view,
                perspective=perspective,
                highlight=highlight,
                players=players,
                status=status,
            )
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - cpu_started) * 1000)
            if repeat == 0:
                sizes.append(len(png))
                shapes.append(_png_size(png))
    widths = sorted(w for w, _ in shapes)
    heights = sorted(h for _, h in shapes)
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": _percentile(times, 0.95),
        "max_ms": max(times),
        "p50_cpu_ms": statistics.median(cpu),
        "cold_ms": cold_ms,
        "png_median_bytes": int(statistics.median(sizes)),
        "png_max_bytes": max(sizes),
        "width": widths[len(widths) // 2],
        "height": heights[len(heights) // 2],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["all", *GAMES], default="all")
    parser.add_argument("--views", type=int, default=40, help="views per game")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="10 views x 2 repeats per game")
    args = parser.parse_args(argv)
    if args.quick:
        args.views, args.repeats = min(args.views, 10), min(args.repeats, 2)

    chosen = GAMES if args.game == "all" else (args.game,)
    figures: dict[str, Any] = {}
    print(f"render benchmark: {args.views} views x {args.repeats} repeats per game, PNG included")
    print(
        f"{'game':>7} {'views from':>16} {'median px':>10} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'p50 CPU':>8} {'cold ms':>8} {'PNG median':>11} {'PNG max':>8}"
    )
    for game in chosen:
        cases, source = cases_for(game, args.views, args.seed)
        row = measure(game, cases, args.repeats)
        print(
            f"{game:>7} {source[:16]:>16} {row['width']:>4}x{row['height']:<5} "
            f"{row['p50_ms']:7.1f} {row['p95_ms']:7.1f} {row['p50_cpu_ms']:8.1f} "
            f"{row['cold_ms']:8.1f} "
            f"{row['png_median_bytes'] / 1000:8.1f} KB {row['png_max_bytes'] / 1000:5.0f} KB"
        )
        figures.update({f"{key}_{game}": value for key, value in row.items()})
    worst = max(figures[f"p50_ms_{g}"] for g in chosen)
    over = [g for g in chosen if figures[f"png_max_bytes_{g}"] > TARGET_BYTES[g]]
    print(
        f"\ntarget: p50 <= {TARGET_MS:g} ms for every game; worst p50 {worst:.1f} ms "
        f"(ratio {worst / TARGET_MS:.2f}); PNG over budget: {', '.join(over) or 'none'}"
    )
    emit("render", {"game": args.game, "p50_ms_worst": worst, **figures})


if __name__ == "__main__":
    main()
