"""Render speed on positions a worker has not drawn before, and PNG encodings side by side:
``python -m benchmarks.render [--case NAME] [--views N] [--warm N] [--quick]``.

What a player waits for is a board the worker has never drawn: the next position of a match
it last drew many images ago, or of a match it never drew. So every measured view here is
a position of its own random game, at a random depth, drawn once. The worker is first
brought to steady state: ``--warm`` views of other random games of the same case (several
positions of each) are drawn and not measured, as in a worker that has run a while (fonts,
empty boards and the FENCE! tile set cached; a new position's names, crowds and lines of
text still drawn afresh).
Drawing consecutive positions of one match instead (the earlier form of this benchmark)
finds most of each image already cached and reads low: FENCE! 9.1 ms there, 14.6 ms
measured from outside on unseen positions.

Cases: each two-player game at its default options (Fendo 7×7, Fonver 19×19); FENCE! with 3,
4, 5 and 6 seats, on a Quick Map (``q``) and on a full drafted city (``c``): the whole map
as posted after a move, and (``-close``) the close-up of a guided step, the choices of one
piece ringed, as the panel draws it. Every image is drawn as the bot posts it: full size,
the last step highlighted, the seats' names in the title bar, PNG encoding included.

Targets (issue 34.2): p50 ≤ 10 ms and p95 ≤ 20 ms for every case, in CPU time of the
drawing process (on a shared machine wall time counts the waits for a core too; both are
printed). PNG budgets: ≤ 200 KB a board, ≤ 300 KB a FENCE! picture.

The second table encodes the very canvases drawn above (a sample per kind of picture) in
each candidate way, with the time, the size and how far the decoded picture is from the
canvas (the largest difference of a channel, and the share of pixels more than 16 levels
off): the palette must not band a colour or break anti-aliasing visibly.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import random
import statistics
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageChops

import games
import render
from benchmarks.report import emit
from render import common

TARGET_P50_MS = 10.0
TARGET_P95_MS = 20.0
TARGET_BYTES = {"ordo": 200_000, "fendo": 200_000, "fonver": 200_000, "fuer": 200_000,
                "fence": 300_000}  # fmt: skip
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


@dataclass(frozen=True)
class View:
    """One picture to draw: ``render.render``'s arguments."""

    view: Mapping[str, Any]
    highlight: list[dict[str, Any]]
    perspective: int | None = None
    status: str | None = None
    focus: list[int] | None = None
    players: list[str] = field(default_factory=lambda: NAMES[:2])


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    make: Callable[[random.Random, list[int]], list[View]]
    """Views of one fresh random game at those depths (fewer when the game ends first or a
    position offers nothing to draw)."""
    depth: int
    """How deep into a game a measured view is taken: uniformly up to this."""


# -- views -------------------------------------------------------------------------------------


def _board_views(game: str, rng: random.Random, depths: list[int]) -> list[View]:
    """A two-player game at default options, each view with its last turn highlighted and
    ``depths`` counted in turns."""
    rules = games.get(game)
    state = rules.new(2, {}, seed=rng.randrange(1 << 30))
    turn: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    out: list[View] = []
    played = 0
    for depth in sorted(depths):
        while played < depth and rules.outcome(state) is None:
            before = state
            action = rng.choice(rules.legal_actions(state))
            turn.append(rules.presentation.highlight(state, action))
            state = rules.apply(state, action)
            if rules.turn_ended(before, state):
                last, turn, played = turn, [], played + 1
        outcome = rules.outcome(state)
        status = (str(outcome.reason or "") or "Game over") if outcome else None
        out.append(View(rules.view(state, None), turn or last, 0, status))
        if outcome:
            break
    return out


def _close_up_of(state: Any, highlight: list[dict[str, Any]], rng: random.Random) -> Any:
    """A guided step choosing where one piece goes (a push, the Cops, one's own pawn), as
    the panel draws it: the piece and its places in focus, the places ringed (None: no
    piece has two places to go)."""
    rules = games.get("fence")
    groups: dict[tuple[Any, ...], list[int]] = {}
    for action in rules.legal_actions(state):
        facts = rules.presentation.highlight(state, action)
        if facts.get("kind") in ("pawn", "cops") and isinstance(facts.get("to"), int):
            key = (facts["kind"], facts.get("from"), facts.get("seat"), str(facts.get("cards")))
            groups.setdefault(key, [])
            if facts["to"] not in groups[key]:
                groups[key].append(facts["to"])
    choices = [(key, hoods) for key, hoods in groups.items() if len(hoods) > 1]
    if not choices:
        return None
    (_, start, _, _), hoods = rng.choice(choices)
    focus = [start, *hoods] if isinstance(start, int) else hoods
    return focus, [*highlight, {"kind": "choices", "hoods": hoods}]


def _fence_views(
    seats: int, quick: bool, close: bool, rng: random.Random, depths: list[int]
) -> list[View]:
    """A FENCE! game, ``depths`` counted in steps after its setup: the whole map with the
    last step highlighted, or (``close``) a guided step's close-up."""
    rules = games.get("fence")
    state = rules.new(seats, {"quick_map": quick}, seed=rng.randrange(1 << 30))
    highlight: list[dict[str, Any]] = []
    out: list[View] = []
    played = 0
    for depth in sorted(depths):
        while rules.outcome(state) is None and (state.stage != "turn" or played < depth):
            played += state.stage == "turn"
            action = rng.choice(rules.legal_actions(state))
            highlight = [rules.presentation.highlight(state, action)]
            state = rules.apply(state, action)
        if rules.outcome(state) is not None:
            break
        view = rules.view(state, None)
        if not close:
            out.append(View(view, highlight, players=NAMES[:seats]))
        elif (found := _close_up_of(state, highlight, rng)) is not None:
            out.append(View(view, found[1], focus=found[0], players=NAMES[:seats]))
    return out


def cases() -> list[Case]:
    out = [
        Case(g, g, functools.partial(_board_views, g), 60)
        for g in ("ordo", "fendo", "fonver", "fuer")
    ]
    for seats in (3, 4, 5, 6):
        for quick in (True, False):
            name = f"fence-{seats}{'q' if quick else 'c'}"
            for close in (False, True):
                out.append(
                    Case(
                        f"{name}-close" if close else name,
                        "fence",
                        functools.partial(_fence_views, seats, quick, close),
                        150,
                    )
                )
    return out


def views_of(case: Case, count: int, rng: random.Random) -> list[View]:
    """``count`` views, each of its own fresh game at a random depth: unseen positions."""
    out: list[View] = []
    while len(out) < count:
        out += case.make(rng, [rng.randrange(case.depth)])
    return out


def warm_views(case: Case, count: int, rng: random.Random) -> list[View]:
    """``count`` views of other games of the case, several per game (cheaper to make)."""
    out: list[View] = []
    while len(out) < count:
        out += case.make(rng, list(range(0, case.depth, max(1, case.depth // 20))))
    return out[:count]


# -- drawing -----------------------------------------------------------------------------------


class Encodes:
    """Wraps a renderer module's ``to_png``: how long encoding took, and a few canvases."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.canvases: list[Image.Image] = []
        self.ms: list[float] = []
        self._patched: list[tuple[Any, Any]] = []

    def __enter__(self) -> Encodes:
        for name in ("render.ordo", "render.fendo", "render.fonver", "render.fuer",
                     "render.fence.city"):  # fmt: skip
            module: Any = importlib.import_module(name)
            real = module.to_png
            self._patched.append((module, real))
            module.to_png = self._wrap(real)
        return self

    def _wrap(self, real: Callable[..., bytes]) -> Callable[..., bytes]:
        def timed(image: Image.Image, **kwargs: Any) -> bytes:
            if len(self.canvases) < self.keep:
                self.canvases.append(image.copy())
            started = time.process_time()
            png = real(image, **kwargs)
            self.ms.append((time.process_time() - started) * 1000)
            return png

        return timed

    def __exit__(self, *exc: object) -> None:
        for module, real in self._patched:
            module.to_png = real


def draw(case: Case, item: View) -> bytes:
    return render.render(
        case.game,
        item.view,
        perspective=item.perspective,
        highlight=item.highlight,
        players=item.players,
        status=item.status,
        focus=item.focus,
    )


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(
    case: Case, warm: int, count: int, seed: int, keep: int
) -> tuple[dict[str, Any], list[Image.Image]]:
    rng = random.Random(f"{seed}-{case.name}")
    for item in warm_views(case, warm, rng):  # steady state: other games of the same kind
        draw(case, item)
    measured = views_of(case, count, rng)
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    pixels: list[int] = []
    with Encodes(keep) as encodes:
        for item in measured:
            started, cpu_started = time.perf_counter(), time.process_time()
            png = draw(case, item)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - cpu_started) * 1000)
            sizes.append(len(png))
            width, height = Image.open(io.BytesIO(png)).size
            pixels.append(width * height)
    row = {
        "p50_cpu_ms": statistics.median(cpu),
        "p95_cpu_ms": _percentile(cpu, 0.95),
        "p50_ms": statistics.median(wall),
        "p95_ms": _percentile(wall, 0.95),
        "encode_p50_ms": statistics.median(encodes.ms),
        "png_median_bytes": int(statistics.median(sizes)),
        "png_max_bytes": max(sizes),
        "megapixels": statistics.median(pixels) / 1e6,
    }
    return row, encodes.canvases


# -- encodings ---------------------------------------------------------------------------------


def _png(image: Image.Image, **options: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", **options)
    return buffer.getvalue()


ENCODINGS: dict[str, Callable[[Image.Image], bytes]] = {
    "shipped": common.to_png,
    "rgb z6 (lossless)": lambda im: _png(im, compress_level=6),
    "rgb z1": lambda im: _png(im, compress_level=1),
    "p256 z1": lambda im: _png(common.quantized(im), compress_level=1),
    "p256 z2": lambda im: _png(common.quantized(im), compress_level=2),
    "p256 z6": lambda im: _png(common.quantized(im), compress_level=6),
    "p256 rle z1": lambda im: _png(
        common.quantized(im), compress_level=1, compress_type=zlib.Z_RLE
    ),
    "p256 huffman": lambda im: _png(
        common.quantized(im), compress_level=1, compress_type=zlib.Z_HUFFMAN_ONLY
    ),
    "palette only": lambda im: common.quantized(im).tobytes(),
}
"""Each candidate encoding of an RGB canvas; "palette only" is choosing and mapping the
palette without any PNG, to show what the palette costs by itself."""


def _fidelity(canvas: Image.Image, png: bytes) -> tuple[int, float]:
    """The largest channel difference between the canvas and the decoded PNG, and the share
    of pixels more than 16 levels off."""
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    red, green, blue = ImageChops.difference(canvas.convert("RGB"), decoded).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    histogram = worst.histogram()
    far = sum(histogram[17:]) / max(1, canvas.width * canvas.height)
    return max(i for i, n in enumerate(histogram) if n), far


def compare_encodings(groups: dict[str, list[Image.Image]]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    print("\nPNG encodings of the same canvases (median per canvas; CPU ms, KB; fidelity: "
          "largest channel difference / share of pixels > 16 off)")  # fmt: skip
    header = f"{'encoding':>20}" + "".join(f"{g:>26}" for g in groups)
    print(header)
    for name, encode in ENCODINGS.items():
        cells = []
        for group, canvases in groups.items():
            times, sizes, worst, far = [], [], 0, 0.0
            for canvas in canvases:
                started = time.process_time()
                data = encode(canvas)
                times.append((time.process_time() - started) * 1000)
                sizes.append(len(data))
                if name != "palette only":
                    diff, share = _fidelity(canvas, data)
                    worst, far = max(worst, diff), max(far, share)
            ms, kb = statistics.median(times), statistics.median(sizes) / 1000
            key = name.replace(" ", "_").replace("(", "").replace(")", "")
            figures[f"enc_{group}_{key}_ms"] = ms
            figures[f"enc_{group}_{key}_bytes"] = int(statistics.median(sizes))
            fidelity = "" if name == "palette only" else f" {worst:>3}/{far:.4f}"
            cells.append(f"{ms:6.1f} ms {kb:6.0f} KB{fidelity}")
        print(f"{name:>20}" + "".join(f"{c:>26}" for c in cells))
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", default="all", help="one case (e.g. fence-3q-close) or all")
    parser.add_argument("--views", type=int, default=40, help="measured views per case")
    parser.add_argument("--warm", type=int, default=100, help="views drawn first per case")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--canvases", type=int, default=6, help="canvases per case encoded")
    parser.add_argument("--quick", action="store_true", help="12 views, 40 warm-up per case")
    args = parser.parse_args(argv)
    if args.quick:
        args.views, args.warm = min(args.views, 12), min(args.warm, 40)
    chosen = [c for c in cases() if args.case in ("all", c.name)]
    if not chosen:
        parser.error(f"no case {args.case!r}: {', '.join(c.name for c in cases())}")

    print(
        f"render benchmark: {args.views} unseen views per case after {args.warm} warm-up views, "
        "each drawn once, PNG included (CPU and wall ms)"
    )
    print(
        f"{'case':>16} {'Mpx':>5} {'p50 CPU':>8} {'p95 CPU':>8} {'p50 wall':>9} {'p95 wall':>9} "
        f"{'encode':>7} {'PNG median':>11} {'PNG max':>8}"
    )
    figures: dict[str, Any] = {}
    groups: dict[str, list[Image.Image]] = {}
    for case in chosen:
        row, canvases = measure(case, args.warm, args.views, args.seed, args.canvases)
        group = "fence_close" if case.name.endswith("close") else case.game
        groups.setdefault(group, []).extend(canvases)
        print(
            f"{case.name:>16} {row['megapixels']:5.2f} {row['p50_cpu_ms']:8.1f} "
            f"{row['p95_cpu_ms']:8.1f} {row['p50_ms']:9.1f} {row['p95_ms']:9.1f} "
            f"{row['encode_p50_ms']:7.1f} {row['png_median_bytes'] / 1000:8.1f} KB "
            f"{row['png_max_bytes'] / 1000:5.0f} KB"
        )
        figures.update({f"{key}_{case.name}": value for key, value in row.items()})
    worst50 = max(figures[f"p50_cpu_ms_{c.name}"] for c in chosen)
    worst95 = max(figures[f"p95_cpu_ms_{c.name}"] for c in chosen)
    over = [c.name for c in chosen if figures[f"png_max_bytes_{c.name}"] > TARGET_BYTES[c.game]]
    print(
        f"\ntarget: p50 <= {TARGET_P50_MS:g} ms and p95 <= {TARGET_P95_MS:g} ms (CPU) in every "
        f"case; worst p50 {worst50:.1f} ms (ratio {worst50 / TARGET_P50_MS:.2f}), worst p95 "
        f"{worst95:.1f} ms (ratio {worst95 / TARGET_P95_MS:.2f}); PNG over budget: "
        f"{', '.join(over) or 'none'}"
    )
    figures.update(compare_encodings(groups))
    emit(
        "render",
        {"case": args.case, "p50_cpu_ms_worst": worst50, "p95_cpu_ms_worst": worst95, **figures},
    )


if __name__ == "__main__":
    main()
