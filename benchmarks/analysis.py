"""The analysis board's speed: ``python -m benchmarks.analysis [--quick] [--matches N]``.

A real ``python -m bot.web`` process serves a SQLite database holding ``--matches`` live
matches (default 1,000, Ordo, each accepted and waiting) and one match in mid-play of every
game. For each game a player's link opens the analysis board at the live position and at a
replay position, then plays a line of analysis moves, each the first legal step the previous
answer offered, by HTTP on loopback as the page does. Every request is timed from sending to
the whole answer read; the targets are p95 < 100 ms for opening and for each move.

The web process is a fresh one, so each game's first opening of the live position and its
first of a replay position find nothing kept (the replay of the match's log, the position's
worlds, its legal steps): those two are shown apart ("cold") and count in the p95 like every
other. Beside the slowest request it shows what the web process did meanwhile, from the
kernel's counters: the CPU it ran for and how long its threads waited for a core, which
tells work from a busy machine.

It also counts, in this process on its own service, the store calls one analysis move costs
(target: one write, ``save_analysis``, besides its reads).

The table shows medians and p95 per game; the last line is one JSON object of the figures.
Main has no analysis board, so there is nothing to put beside these figures there.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import ClientSession

from benchmarks.report import emit
from benchmarks.web import (
    ALICE,
    BOB,
    GUILD,
    HERE,
    MANAGER,
    SECRET,
    fence_match,
    free_port,
    ordo_match,
    play,
    wait_serving,
    web_process,
)
from bot.service import Service
from bot.service.match.links import BoardLinks
from storage import MemoryStore, open_store
from storage.wrapped import CountingStore

BUDGET_MS = 100.0
GAMES = ("ordo", "fendo", "fonver", "fuer", "fence")
STEPS = {"ordo": 8, "fendo": 12, "fonver": 9, "fuer": 8}
"""Moves played in each two-player match before it is analysed (mid-play)."""


async def two_player(service: Service, game: str) -> int:
    reply = await service.challenge(ALICE, game, BOB, color="first", guild_id=GUILD)
    assert reply.match_id is not None
    await service.accept(BOB, match_id=reply.match_id)
    await play(service, reply.match_id, STEPS[game], (ALICE, BOB))
    return reply.match_id


@dataclass
class Timing:
    """One request: its time, and what the web process did meanwhile, summed over its
    threads from the kernel's scheduler counters (``/proc/<pid>/task/*/schedstat``): the CPU
    it ran for and the time its runnable threads waited for a core. A slow request with
    little CPU and a long wait waited for the machine, not for the board."""

    label: str
    ms: float
    cpu_ms: float = float("nan")
    queued_ms: float = float("nan")


class Timer:
    """Times requests to the web process ``pid`` (None: wall time only) and keeps them all."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        self.kept: list[Timing] = []

    def counters(self) -> tuple[float, float]:
        """(ran, waited) in ms, all the web process's threads together."""
        ran = waited = 0
        for stat in Path(f"/proc/{self.pid}/task").glob("*/schedstat"):
            with contextlib.suppress(OSError, ValueError):
                fields = stat.read_text().split()
                ran, waited = ran + int(fields[0]), waited + int(fields[1])
        return ran / 1e6, waited / 1e6

    async def timed(
        self, session: ClientSession, label: str, method: str, url: str, **kwargs: Any
    ) -> tuple[float, Any]:
        known = self.pid is not None and Path(f"/proc/{self.pid}/task").is_dir()
        before = self.counters() if known else (float("nan"), float("nan"))
        began = time.perf_counter()
        async with session.request(method, url, **kwargs) as answer:
            body = await answer.json()
            status = answer.status
        elapsed = (time.perf_counter() - began) * 1000
        after = self.counters() if known else (float("nan"), float("nan"))
        if status != 200:
            raise RuntimeError(f"{method} {url}: {status} {body}")
        self.kept.append(Timing(label, elapsed, after[0] - before[0], after[1] - before[1]))
        return elapsed, body


@dataclass
class Opened:
    """A game's openings: the first of the live position and the first of a replay position
    (each the first this fresh web process answers for that match: nothing kept yet), then
    the same positions again (kept)."""

    live: float
    replay: float
    again: list[float]

    @property
    def all(self) -> list[float]:
        return [self.live, self.replay, *self.again]


async def analyse(
    timer: Timer, session: ClientSession, base: str, game: str, match: int, token: str, moves: int
) -> tuple[Opened, list[float]]:
    """Opening times (live and replay positions, cold and kept) and the times of a line of
    moves."""
    head = {"Authorization": f"Bearer {token}", "Origin": base}
    url = f"{base}/m/{match}/analysis"
    live, board = await timer.timed(session, f"{game} first live open", "GET", url, headers=head)
    half = board["live_ply"] // 2
    replay, _ = await timer.timed(
        session, f"{game} first replay open (ply {half})", "GET", f"{url}?ply={half}", headers=head
    )
    again: list[float] = []
    for _ in range(3):
        again.append((await timer.timed(session, f"{game} open", "GET", url, headers=head))[0])
        there = f"{url}?ply={half}"
        again.append((await timer.timed(session, f"{game} open", "GET", there, headers=head))[0])
    for ply in range(board["live_ply"], -1, -1):  # a FENCE! line may stop at once (chance)
        if board["moves"]:
            break
        there = f"{url}?ply={ply}"
        board = (await timer.timed(session, f"{game} open", "GET", there, headers=head))[1]
    steps: list[float] = []
    for _ in range(moves):
        plain = [m for m in board["moves"] if not m.get("chance")]
        if not plain:
            break  # only steps chance decides: timed apart (benchmarks.analysis.chance_pick)
        body = {"op": "move", "move": plain[0]["n"]}
        body |= {"node": board["at"]} if board["at"] is not None else {"ply": board["ply"]}
        took, board = await timer.timed(
            session, f"{game} move", "POST", url, headers=head, json=body
        )
        steps.append(took)
    return Opened(live, replay, again), steps


async def chance_pick(
    timer: Timer, session: ClientSession, base: str, match: int, token: str
) -> tuple[list[float], list[float]]:
    """FENCE!: the times of asking how a step chance decides may fall (the outcomes are
    worked out), and of the pick (one step replayed); each along a line of first steps."""
    head = {"Authorization": f"Bearer {token}", "Origin": base}
    url = f"{base}/m/{match}/analysis"
    _, board = await timer.timed(session, "fence open", "GET", url, headers=head)
    asks: list[float] = []
    picks: list[float] = []
    for _ in range(60):
        if not board["moves"] or len(asks) >= 3:
            break
        where = {"node": board["at"]} if board["at"] is not None else {"ply": board["ply"]}
        chanced = [m for m in board["moves"] if m.get("chance")]
        body = {"op": "move", "move": (chanced or board["moves"])[0]["n"], **where}
        label = "fence chance" if chanced else "fence move"
        took, answer = await timer.timed(session, label, "POST", url, headers=head, json=body)
        if "chance" in answer:
            asks.append(took)
            body["outcome"] = answer["chance"]["outcomes"][0]["outcome"]
            took, answer = await timer.timed(
                session, "fence pick", "POST", url, headers=head, json=body
            )
            picks.append(took)
        board = answer
    return asks, picks


def p95(values: list[float]) -> float:
    """Within the samples: of eight openings, never beyond the slowest (the default method
    extrapolates past it)."""
    return (
        statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]
    )


async def writes_per_move() -> tuple[int, int]:
    """(writes, store calls) of one analysis move, counted on a service of its own."""
    counting = CountingStore(MemoryStore())  # type: ignore[abstract]  # its methods are made with the class (storage.wrapped)
    await counting.open()
    service = Service(counting, web=BoardLinks("http://bench.test", SECRET, time.time))
    match = await two_player(service, "ordo")
    record = await counting.get_match(match)
    assert record is not None and service.pages.links is not None
    token = service.pages.links.url(match, 0, record.seats[0]).partition("#t=")[2]
    first = await service.analysis.change(
        ALICE, token, match_id=match, op="move", ply=0, move="c1-b1"
    )
    at = first.extra["analysis"]["at"]  # type: ignore[index]
    counting.calls.clear()
    done = await service.analysis.change(
        ALICE, token, match_id=match, op="move", node=at, move="a6-a5"
    )
    assert done.ok, done.text
    writes = counting.calls["save_analysis"]
    total = counting.total()
    await counting.close()
    return writes, total


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="boardbot-analysis-") as folder:
        url = f"sqlite:///{folder}/analysis.sqlite3"
        store = open_store(url)
        await store.open()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        bot = Service(store, web=BoardLinks(base, SECRET, time.time), seed_source=lambda: 7)
        await bot.server_settings(MANAGER, GUILD, {"spectators": "public"})
        began = time.perf_counter()
        for _ in range(args.matches):
            await ordo_match(bot, 0)
        made = time.perf_counter() - began
        analysed = {game: await two_player(bot, game) for game in GAMES if game != "fence"}
        analysed["fence"] = await fence_match(bot, 3)
        tokens = {}
        for game, match in analysed.items():
            record = await store.get_match(match)
            assert record is not None and bot.pages.links is not None
            tokens[game] = bot.pages.links.url(match, 0, record.seats[0]).partition("#t=")[2]
        live = len(await store.list_matches(statuses=("active",)))
        await store.close()
        load = os.getloadavg()[0]
        reads = {"WEB_ADDRESS_READS": "1000000", "WEB_LINK_READS": "1000000"}
        server = web_process(HERE, url, port, reads)
        try:
            await wait_serving(port)
            timer = Timer(server.pid)
            results: dict[str, tuple[Opened, list[float]]] = {}
            async with ClientSession() as session:
                for game in GAMES:
                    results[game] = await analyse(
                        timer, session, base, game, analysed[game], tokens[game], args.moves
                    )
                asks, picks = await chance_pick(
                    timer, session, base, analysed["fence"], tokens["fence"]
                )
        finally:
            server.terminate()
            server.wait(timeout=30)
    writes, calls = await writes_per_move()
    figures = report(live, made, results, timer.kept, (load, os.getloadavg()[0]))
    figures |= {"writes_per_move": writes, "store_calls_per_move": calls}
    print(f"store writes per analysis move: {writes} (store calls: {calls}); target one write")
    if asks:
        figures |= {
            "fence_chance_ask_p50_ms": statistics.median(asks),
            "fence_chance_pick_p50_ms": statistics.median(picks),
        }
        print(
            f"FENCE! chance: asking the outcomes p50 {figures['fence_chance_ask_p50_ms']:.0f} ms,"
            f" the pick p50 {figures['fence_chance_pick_p50_ms']:.0f} ms ({len(asks)} each)"
        )
    return figures


def report(
    live: int,
    made: float,
    results: dict[str, tuple[Opened, list[float]]],
    kept: list[Timing],
    load: tuple[float, float],
) -> dict[str, Any]:
    """The table (cold openings apart, and within every p95), the slowest request with what
    the web process did meanwhile, and the figures."""
    print(f"{live} live matches in the database (made in {made:.0f} s); one fresh web process;")
    print(f"load average {load[0]:.1f} at the start, {load[1]:.1f} at the end")
    heads = ("cold live", "cold replay", "open p50", "open p95", "move p50", "move p95")
    print(f"{'game':<10}" + "".join(f"{h:>12}" for h in heads) + f"{'moves':>7}")
    figures: dict[str, Any] = {"live_matches": live, "budget_ms": BUDGET_MS}
    figures |= {"load_start": load[0], "load_end": load[1]}
    all_opens: list[float] = []
    all_moves: list[float] = []
    for game, (opened, steps) in results.items():
        all_opens += opened.all
        all_moves += steps
        steps = steps or [float("nan")]
        row = (
            opened.live,
            opened.replay,
            statistics.median(opened.all),
            p95(opened.all),
            statistics.median(steps),
            p95(steps),
        )
        print(f"{game:<10}" + "".join(f"{v:>10.1f}ms" for v in row) + f"{len(steps):>7}")
        figures |= {
            f"{game}_cold_live_ms": row[0],
            f"{game}_cold_replay_ms": row[1],
            f"{game}_open_p50_ms": row[2],
            f"{game}_open_p95_ms": row[3],
            f"{game}_move_p50_ms": row[4],
            f"{game}_move_p95_ms": row[5],
        }
    figures |= {
        "open_p95_ms": p95(all_opens),
        "move_p95_ms": p95(all_moves),
        "open_p50_ms": statistics.median(all_opens),
        "move_p50_ms": statistics.median(all_moves),
    }
    print(
        f"{'all games':<10}{'':>24}"
        + "".join(f"{figures[k]:>10.1f}ms" for k in ("open_p50_ms", "open_p95_ms"))
        + "".join(f"{figures[k]:>10.1f}ms" for k in ("move_p50_ms", "move_p95_ms"))
    )
    print(f"target: p95 < {BUDGET_MS:.0f} ms for opening (cold ones included) and for each move")
    cold = {t.label.split()[0] + " " + t.label.split()[2]: t for t in kept if " first " in t.label}
    print(
        "web process CPU of the cold openings (live / replay): "
        + ", ".join(
            f"{game} {cold[game + ' live'].cpu_ms:.1f} / {cold[game + ' replay'].cpu_ms:.1f} ms"
            for game in results
        )
    )
    for game in results:
        figures |= {
            f"{game}_cold_live_cpu_ms": cold[game + " live"].cpu_ms,
            f"{game}_cold_replay_cpu_ms": cold[game + " replay"].cpu_ms,
        }
    asked = [t.cpu_ms for t in kept if t.label == "fence chance"]
    if asked:
        figures["fence_chance_ask_cpu_p50_ms"] = statistics.median(asked)
    slowest = max(kept, key=lambda t: t.ms)
    print(
        f"slowest request: {slowest.label}, {slowest.ms:.1f} ms; meanwhile the web process ran"
        f" {slowest.cpu_ms:.1f} ms of CPU and its threads waited {slowest.queued_ms:.1f} ms for"
        " a core"
    )
    figures |= {
        "slowest_ms": slowest.ms,
        "slowest_cpu_ms": slowest.cpu_ms,
        "slowest_queued_ms": slowest.queued_ms,
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer moves per game")
    parser.add_argument("--matches", type=int, default=1000, help="live matches in the database")
    parser.add_argument("--moves", type=int, default=0, help="analysis moves per game")
    args = parser.parse_args()
    args.moves = args.moves or (15 if args.quick else 60)
    emit("analysis", asyncio.run(run(args)))


if __name__ == "__main__":
    main()
