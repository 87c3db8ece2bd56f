"""The analysis board's speed: ``python -m benchmarks.analysis [--quick] [--matches N]``.

A real ``python -m bot.web`` process serves a SQLite database holding ``--matches`` live
matches (default 1,000, Ordo, each accepted and waiting) and one match in mid-play of every
game. For each game a player's link opens the analysis board at the live position and at a
replay position, then plays a line of analysis moves, each the first legal step the previous
answer offered, by HTTP on loopback as the page does. Every request is timed from sending to
the whole answer read; the targets are p95 < 100 ms for opening and for each move.

It also counts, in this process on its own service, the store calls one analysis move costs
(target: one write, ``save_analysis``, besides its reads).

The table shows medians and p95 per game; the last line is one JSON object of the figures.
Main has no analysis board, so there is nothing to put beside these figures there.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
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


async def timed(session: ClientSession, method: str, url: str, **kwargs: Any) -> tuple[float, Any]:
    began = time.perf_counter()
    async with session.request(method, url, **kwargs) as answer:
        body = await answer.json()
        status = answer.status
    elapsed = (time.perf_counter() - began) * 1000
    if status != 200:
        raise RuntimeError(f"{method} {url}: {status} {body}")
    return elapsed, body


async def analyse(
    session: ClientSession, base: str, match: int, token: str, moves: int
) -> tuple[list[float], list[float]]:
    """Opening times (live and replay positions) and the times of a line of moves."""
    head = {"Authorization": f"Bearer {token}", "Origin": base}
    url = f"{base}/m/{match}/analysis"
    opens: list[float] = []
    took, board = await timed(session, "GET", url, headers=head)
    opens.append(took)
    half = board["live_ply"] // 2
    for _ in range(3):
        opens.append((await timed(session, "GET", f"{url}?ply={half}", headers=head))[0])
        opens.append((await timed(session, "GET", url, headers=head))[0])
    for ply in range(board["live_ply"], -1, -1):  # a FENCE! line may stop at once (chance)
        if board["moves"]:
            break
        board = (await timed(session, "GET", f"{url}?ply={ply}", headers=head))[1]
    steps: list[float] = []
    for _ in range(moves):
        plain = [m for m in board["moves"] if not m.get("chance")]
        if not plain:
            break  # only steps chance decides: timed apart (benchmarks.analysis.chance_pick)
        body = {"op": "move", "move": plain[0]["n"]}
        body |= {"node": board["at"]} if board["at"] is not None else {"ply": board["ply"]}
        took, board = await timed(session, "POST", url, headers=head, json=body)
        steps.append(took)
    return opens, steps


async def chance_pick(
    session: ClientSession, base: str, match: int, token: str
) -> tuple[list[float], list[float]]:
    """FENCE!: the times of asking how a step chance decides may fall (the outcomes are
    worked out), and of the pick (one step replayed); each along a line of first steps."""
    head = {"Authorization": f"Bearer {token}", "Origin": base}
    url = f"{base}/m/{match}/analysis"
    _, board = await timed(session, "GET", url, headers=head)
    asks: list[float] = []
    picks: list[float] = []
    for _ in range(60):
        if not board["moves"] or len(asks) >= 3:
            break
        where = {"node": board["at"]} if board["at"] is not None else {"ply": board["ply"]}
        chanced = [m for m in board["moves"] if m.get("chance")]
        body = {"op": "move", "move": (chanced or board["moves"])[0]["n"], **where}
        took, answer = await timed(session, "POST", url, headers=head, json=body)
        if "chance" in answer:
            asks.append(took)
            body["outcome"] = answer["chance"]["outcomes"][0]["outcome"]
            took, answer = await timed(session, "POST", url, headers=head, json=body)
            picks.append(took)
        board = answer
    return asks, picks


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


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
        reads = {"WEB_ADDRESS_READS": "1000000", "WEB_LINK_READS": "1000000"}
        server = web_process(HERE, url, port, reads)
        try:
            await wait_serving(port)
            results: dict[str, tuple[list[float], list[float]]] = {}
            async with ClientSession() as session:
                for game in GAMES:
                    results[game] = await analyse(
                        session, base, analysed[game], tokens[game], args.moves
                    )
                asks, picks = await chance_pick(session, base, analysed["fence"], tokens["fence"])
        finally:
            server.terminate()
            server.wait(timeout=30)
    writes, calls = await writes_per_move()
    print(f"{live} live matches in the database (made in {made:.0f} s); one web process")
    print(
        f"{'game':<10}{'open p50':>10}{'open p95':>10}{'move p50':>10}{'move p95':>10}{'moves':>7}"
    )
    figures: dict[str, Any] = {"live_matches": live, "budget_ms": BUDGET_MS}
    all_opens: list[float] = []
    all_moves: list[float] = []
    for game, (opens, steps) in results.items():
        all_opens += opens
        all_moves += steps
        steps = steps or [float("nan")]
        row = (statistics.median(opens), p95(opens), statistics.median(steps), p95(steps))
        print(f"{game:<10}" + "".join(f"{v:>8.1f}ms" for v in row) + f"{len(steps):>7}")
        figures |= {
            f"{game}_open_p50_ms": row[0],
            f"{game}_open_p95_ms": row[1],
            f"{game}_move_p50_ms": row[2],
            f"{game}_move_p95_ms": row[3],
        }
    figures |= {
        "open_p95_ms": p95(all_opens),
        "move_p95_ms": p95(all_moves),
        "open_p50_ms": statistics.median(all_opens),
        "move_p50_ms": statistics.median(all_moves),
        "writes_per_move": writes,
        "store_calls_per_move": calls,
    }
    print(
        f"{'all games':<10}{figures['open_p50_ms']:>8.1f}ms{figures['open_p95_ms']:>8.1f}ms"
        f"{figures['move_p50_ms']:>8.1f}ms{figures['move_p95_ms']:>8.1f}ms   (target p95 < 100 ms)"
    )
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
