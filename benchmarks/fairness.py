"""Nobody's load is everybody's delay: ``python -m benchmarks.fairness [--quick]``.

One person ("heavy") has ``--games`` games against the strong computer, each with the
computer to move first, all due at once. Meanwhile, for ``--seconds``:

* the scheduler ticks every ``--tick`` seconds (the bot: every 60 s; more often here, to
  sample more ticks) — ``tick_ms_max`` is its longest tick (target ≤ 100 ms: before the
  computer's queue, one tick played every due turn, 150 × 8 s);
* ``--pairs`` pairs of other people play each other, a move every 0.1 s, each move checked,
  committed and its board rendered as in the bot — ``human_move_p95_ms`` (target ≤ 500 ms on
  2 cores) is how long a person waits for their own move's board while the searches run;
* one of them also plays the strong computer — ``own_computer_answer_s_max`` is how long
  they wait for its answer after moving: at most the one turn of heavy's already being
  searched plus their own (target ≤ 2 × (search budget + 0.5 s for the commit and the
  board)), not heavy's whole queue (first come, first served: 150 × 8 s = 20 minutes);
* ``loop_stall_ms_max``: the event loop's longest stall, what the gateway heartbeat sees.

Real processes: ``--workers`` render processes and ``--ai-workers`` search processes (the
bot's defaults for this machine), a SQLite store. ``--quick`` thinks 1 s per search instead of
the strong level's 8 s and watches for 40 s instead of 120 s; the output says so.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ai
import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.opponents import computer, computer_to_move
from bot.service.replies import Reply
from bot.service.workers import Workers, default_search_size, default_size
from storage import SqliteStore

TARGETS = {"tick_ms_max": 100.0, "human_move_p95_ms": 500.0}
HEAVY = User("heavy", "Heavy")
PAUSE_S = 0.1
"""How long a person 'thinks' between moves in this benchmark."""
MOVE_S = 0.5
"""Allowance per computer turn beside its search: its commit and its board."""


class Figures:
    """What the run observed, shared by its coroutines."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self.moves: list[float] = []
        self.answers: list[float] = []
        self.stalls: list[float] = []
        self.delivered: dict[int, float] = {}
        """Match id → when its last computer turn was delivered (perf_counter)."""
        self.heavy_turns = 0


def random_move(state: Any, rng: random.Random) -> str:
    """A random legal Ordo move, typed."""
    rules = games.get("ordo")
    return rules.format(state, rng.choice(rules.legal_actions(state)))


async def new_pair_match(service: Service, people: list[User]) -> int:
    reply = await service.challenge(people[0], "ordo", people[1], color="first")
    await service.accept(people[1], match_id=reply.match_id)
    return reply.match_id or 0


async def new_computer_match(service: Service, person: User) -> int:
    reply = await service.play(person, "ordo", opponent=computer("strong"), color="first")
    return reply.match_id or 0


async def person_vs_person(
    service: Service, people: list[User], match_id: int, until: float, figures: Figures,
    rng: random.Random,
) -> None:  # fmt: skip
    """Two people moving in turn in one Ordo match, a new one when it ends."""
    rules = games.get("ordo")
    while time.perf_counter() < until:
        record = await service.store.get_match(match_id)
        if record is None or record.status != "active":
            match_id = await new_pair_match(service, people)
            continue
        state = rules.load(record.state)
        who = next(p for p in people if p.id == record.seats[rules.to_move(state)[0]])
        text = random_move(state, rng)
        start = time.perf_counter()
        moved = await service.move(who, text, match_id=match_id)
        figures.moves.append(time.perf_counter() - start)
        assert moved.ok, moved.text
        await asyncio.sleep(PAUSE_S)


async def person_vs_computer(
    service: Service, person: User, match_id: int, until: float, figures: Figures,
    rng: random.Random,
) -> None:  # fmt: skip
    """One of the people also plays the strong computer: move, then wait for its answer."""
    rules = games.get("ordo")
    while time.perf_counter() < until:
        record = await service.store.get_match(match_id)
        if record is None or record.status != "active":
            match_id = await new_computer_match(service, person)
            continue
        state = rules.load(record.state)
        moved = await service.move(person, random_move(state, rng), match_id=match_id)
        assert moved.ok, moved.text
        after = await service.store.get_match(match_id)
        assert after is not None
        if not computer_to_move(after):
            continue  # the game ended with this move
        asked = time.perf_counter()
        service.queue_computer_turn(after)  # what the bot's delivery does after a move
        while figures.delivered.get(match_id, 0.0) < asked:
            if time.perf_counter() > until + 60:
                return
            await asyncio.sleep(0.01)
        figures.answers.append(figures.delivered[match_id] - asked)
        await asyncio.sleep(PAUSE_S)


async def scheduler(service: Service, every: float, until: float, figures: Figures) -> None:
    """Ticks, the first once the people are playing (they all start at the same instant,
    a burst no real minute has)."""
    await asyncio.sleep(every / 2)
    while time.perf_counter() < until:
        start = time.perf_counter()
        await service.tick()
        figures.ticks.append(time.perf_counter() - start)
        await asyncio.sleep(every)


async def watch_loop(until: float, figures: Figures) -> None:
    while time.perf_counter() < until:
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        figures.stalls.append(max(0.0, time.perf_counter() - before - 0.01))


def deliverer(figures: Figures, heavy_matches: set[int]) -> Callable[[list[Reply]], Any]:
    async def deliver(replies: list[Reply]) -> None:
        for reply in replies:
            if reply.match_id is None:
                continue
            figures.delivered[reply.match_id] = time.perf_counter()
            if reply.match_id in heavy_matches:
                figures.heavy_turns += 1

    return deliver


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else sum(values)


async def main_async(args: argparse.Namespace) -> None:
    strong = ai.LEVELS["strong"]
    budget = args.budget if args.budget is not None else (1.0 if args.quick else strong)
    seconds = args.seconds if args.seconds is not None else (40.0 if args.quick else 120.0)
    workers = Workers(args.workers, args.ai_workers)
    await workers.start()
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "fairness.sqlite3")
        await store.open()
        try:
            service = Service(
                store, seed_source=lambda: 7, workers=workers,
                computer_seconds={level: budget for level in ai.LEVELS},
            )  # fmt: skip
            await service.on_startup()
            heavy = set()
            for _ in range(args.games):
                started = await service.play(
                    HEAVY, "ordo", opponent=computer("strong"), color="second"
                )
                assert started.ok, started.text
                heavy.add(started.match_id or 0)
            pairs = [[User(f"p{n}a", f"P{n}a"), User(f"p{n}b", f"P{n}b")]
                     for n in range(args.pairs)]  # fmt: skip
            firsts = [await new_pair_match(service, people) for people in pairs]
            against = await new_computer_match(service, pairs[0][0])
            player = asyncio.create_task(
                service.serve_computer_turns(deliverer(figures, heavy))
            )
            until = time.perf_counter() + seconds
            await asyncio.gather(
                scheduler(service, args.tick, until, figures),
                watch_loop(until, figures),
                person_vs_computer(service, pairs[0][0], against, until, figures,
                                   random.Random(1)),
                *(person_vs_person(service, people, first, until, figures, random.Random(n))
                  for n, (people, first) in enumerate(zip(pairs, firsts, strict=True))),
            )  # fmt: skip
            queued = len(service.computer_queue)
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
        finally:
            await store.close()
            workers.close()
    answer_target = 2 * (budget + MOVE_S)
    results = {
        "tick_ms_max": max(figures.ticks, default=0.0) * 1000,
        "tick_ms_median": statistics.median(figures.ticks or [0.0]) * 1000,
        "tick_ms_first": (figures.ticks or [0.0])[0] * 1000,
        "ticks": len(figures.ticks),
        "human_move_p95_ms": p95(figures.moves) * 1000,
        "human_move_median_ms": statistics.median(figures.moves or [0.0]) * 1000,
        "human_moves": len(figures.moves),
        "own_computer_answer_s_max": max(figures.answers, default=0.0),
        "own_computer_answer_s_median": statistics.median(figures.answers or [0.0]),
        "own_computer_answers": len(figures.answers),
        "own_computer_answer_target_s": answer_target,
        "loop_stall_ms_max": max(figures.stalls, default=0.0) * 1000,
        "heavy_games": args.games,
        "heavy_turns_played": figures.heavy_turns,
        "heavy_turns_still_queued": queued,
        "search_budget_s": budget,
        "seconds": seconds,
        "workers": args.workers,
        "ai_workers": workers.search_size,
        "quick": bool(args.quick),
        "load_avg_1m": os.getloadavg()[0],
    }
    mode = (
        f"QUICK: {budget:g} s per search (the strong level thinks {ai.LEVELS['strong']:g} s)"
        if args.quick else f"{budget:g} s per search"
    )  # fmt: skip
    print(f"fairness, {mode}; {seconds:g} s watched; {args.workers} render + "
          f"{workers.search_size} search processes on {os.cpu_count()} cores "
          f"(load average {os.getloadavg()[0]:.1f} as it ended)")  # fmt: skip
    print(f"heavy: {args.games} computer games due at once; {figures.heavy_turns} of their turns "
          f"played meanwhile, {queued} still queued")  # fmt: skip
    rows = [
        ("scheduler tick, longest", f"{results['tick_ms_max']:.1f} ms",
         f"≤ {TARGETS['tick_ms_max']:g} ms", f"median {results['tick_ms_median']:.1f} ms "
         f"over {len(figures.ticks)} ticks; the first (queues all {args.games}) "
         f"{results['tick_ms_first']:.1f} ms"),
        ("a person's move with its board, p95", f"{results['human_move_p95_ms']:.0f} ms",
         f"≤ {TARGETS['human_move_p95_ms']:g} ms",
         f"median {results['human_move_median_ms']:.0f} ms over {len(figures.moves)} moves"),
        ("their own computer's answer, longest", f"{results['own_computer_answer_s_max']:.2f} s",
         f"≤ {answer_target:g} s", f"median {results['own_computer_answer_s_median']:.2f} s over "
         f"{len(figures.answers)} answers"),
        ("event loop stall, longest", f"{results['loop_stall_ms_max']:.0f} ms", "", ""),
    ]  # fmt: skip
    print(f"{'what':<38} {'measured':>10} {'target':>10}  detail")
    for what, measured, target, detail in rows:
        print(f"{what:<38} {measured:>10} {target:>10}  {detail}")
    emit("fairness", results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="1 s searches and 40 s of watching (a couple of minutes in all)")
    parser.add_argument("--games", type=int, default=150, help="the heavy person's games")
    parser.add_argument("--seconds", type=float, default=None, help="how long to watch")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per search (default: the strong level's; --quick: 1)")
    parser.add_argument("--tick", type=float, default=1.0, help="seconds between ticks")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of people playing")
    parser.add_argument("--workers", type=int, default=default_size())
    parser.add_argument("--ai-workers", type=int, default=default_search_size())
    asyncio.run(main_async(parser.parse_args()))  # fmt: skip


if __name__ == "__main__":
    main()
