"""Render speed and PNG size: ``python -m benchmarks.render [--game ordo|fence]``.

Ordo targets: median render ≤ 40 ms and every PNG ≤ 200 KB. Views come from random playouts
of the Ordo engine when it is importable, so the boards look like real games (captures, ordo
moves, split sides); otherwise from a handful of hand-made positions, which keeps the
renderer benchmarkable on its own.

FENCE! targets: median render ≤ 80 ms, every PNG ≤ 300 KB (the phone budget; a
city is several times an Ordo board). Views are 3- and 4-player Quick Map games stopped at
random depths, plus drafting positions with the legal spots of a tile highlighted, since
those are the images a player waits for during the draft.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import render
from benchmarks.report import emit

TARGETS = {"ordo": (40.0, 200_000), "fence": (80.0, 300_000)}

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


def _from_engine(count: int, seed: int) -> list[Case]:
    """Positions at varied depths of random games, each with its last move highlighted."""
    import games

    rules = games.get("ordo")
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count:
        state = rules.new(seed=rng.randrange(1 << 30))
        depth = rng.randrange(1, 80)
        highlight: list[dict[str, Any]] = []
        for _ in range(depth):
            if rules.outcome(state) is not None:
                break
            action = rng.choice(rules.legal_actions(state))
            highlight = [rules.highlight(state, action)]
            state = rules.apply(state, action)
        status = None
        outcome = rules.outcome(state)
        if outcome is not None:
            status = outcome.reason or "Game over"
        perspective = rng.choice([None, 0, 1])
        cases.append((rules.view(state, perspective), highlight, perspective, status))
    return cases


def _fence_cases(count: int, seed: int) -> list[Case]:
    """Quick Map games (the map is built at once) and drafts (the map grows turn by turn),
    each stopped at a random depth."""
    import games

    rules = games.get("fence")
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count:
        drafting = len(cases) % 4 == 3
        options = {} if drafting else {"quick_map": True}
        state = rules.new(rng.choice([3, 4]), options, seed=rng.randrange(1 << 30))
        highlight: list[dict[str, Any]] = []
        for _ in range(rng.randrange(1, 25 if drafting else 120)):
            if rules.outcome(state) is not None:
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(TARGETS), default="ordo")
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    game = args.game
    target_ms, target_bytes = TARGETS[game]
    if game == "fence":
        cases = _fence_cases(args.views, args.seed)
        source = "random Quick Map games and drafts of games.fence"
    else:
        try:
            cases = _from_engine(args.views, args.seed)
            source = "random playouts of games.ordo"
        except Exception as error:  # the engine is optional for this benchmark
            cases = _hand_made(args.views, args.seed)
            source = f"hand-made views (engine unavailable: {type(error).__name__})"

    players = ["alice", "bob", "carol", "dave"]
    started = time.perf_counter()
    render.render(
        game,
        cases[0][0],
        perspective=cases[0][2],
        highlight=cases[0][1],
        players=players,
        status=cases[0][3],
    )
    cold_ms = (time.perf_counter() - started) * 1000

    times: list[float] = []
    sizes: list[int] = []
    for view, highlight, perspective, status in cases:
        for _ in range(args.repeats):
            started = time.perf_counter()
            png = render.render(
                game,
                view,
                perspective=perspective,
                highlight=highlight,
                players=players,
                status=status,
            )
            times.append((time.perf_counter() - started) * 1000)
        sizes.append(len(png))

    p50 = statistics.median(times)
    p95 = _percentile(times, 0.95)
    print(f"{game} render benchmark: {len(cases)} views x {args.repeats} repeats ({source})")
    print(f"  first render (fonts, board cache cold): {cold_ms:7.1f} ms")
    print(f"  render time p50: {p50:7.1f} ms   p95: {p95:7.1f} ms   max: {max(times):7.1f} ms")
    print(
        f"  PNG size median: {statistics.median(sizes) / 1000:7.1f} KB   "
        f"max: {max(sizes) / 1000:7.1f} KB"
    )
    print(f"  p50 / target ({target_ms:.0f} ms): {p50 / target_ms:5.2f}")
    print(f"  max PNG / target ({target_bytes // 1000} KB): {max(sizes) / target_bytes:5.2f}")
    emit(
        "render",
        {"game": game, "p50_ms": p50, "p95_ms": p95, "cold_ms": cold_ms,
         "png_median_bytes": int(statistics.median(sizes)), "png_max_bytes": max(sizes)},
    )  # fmt: skip


if __name__ == "__main__":
    main()
