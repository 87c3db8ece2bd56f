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

Before heavy's games exist, the same people play for half as long ("calm"): what this
machine gives anyway (on a shared machine, noise from elsewhere shows there too), so the
"busy" column's difference is what heavy's queue costs everyone else.

Real processes: ``--workers`` render processes and ``--ai-workers`` search processes (the
bot's defaults for this machine), a SQLite store. ``--quick`` thinks 1 s per search instead of
the strong level's 8 s and watches for 40 s (+ 20 s calm) instead of 120 s (+ 60 s); the
output says so.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import ai
import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.limits import WithoutComputerLimit
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


class Deliveries:
    """The computer's player posts here: the phase running now gets the figures."""

    def __init__(self, heavy: set[int]) -> None:
        self.figures = Figures()
        self.heavy = heavy

    async def __call__(self, replies: list[Reply]) -> None:
        for reply in replies:
            if reply.match_id is None:
                continue
            self.figures.delivered[reply.match_id] = time.perf_counter()
            if reply.match_id in self.heavy:
                self.figures.heavy_turns += 1


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else sum(values)


async def phase(
    service: Service, deliveries: Deliveries, seconds: float, args: argparse.Namespace,
    pairs: list[list[User]], rng_seed: int,
) -> Figures:  # fmt: skip
    """``seconds`` of the people playing and the scheduler ticking; what was measured."""
    figures = deliveries.figures = Figures()
    firsts = [await new_pair_match(service, people) for people in pairs]
    against = await new_computer_match(service, pairs[0][0])
    until = time.perf_counter() + seconds
    await asyncio.gather(
        scheduler(service, args.tick, until, figures),
        watch_loop(until, figures),
        person_vs_computer(service, pairs[0][0], against, until, figures,
                           random.Random(rng_seed)),
        *(person_vs_person(service, people, first, until, figures,
                           random.Random(rng_seed + n + 1))
          for n, (people, first) in enumerate(zip(pairs, firsts, strict=True))),
    )  # fmt: skip
    return figures


def summary(figures: Figures) -> dict[str, float]:
    return {
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
        "loop_stall_ms_max": max(figures.stalls, default=0.0) * 1000,
    }


async def main_async(args: argparse.Namespace) -> None:
    strong = ai.LEVELS["strong"]
    budget = args.budget if args.budget is not None else (1.0 if args.quick else strong)
    seconds = args.seconds if args.seconds is not None else (40.0 if args.quick else 120.0)
    workers = Workers(args.workers, args.ai_workers)
    await workers.start()
    heavy: set[int] = set()
    deliveries = Deliveries(heavy)
    pairs = [[User(f"p{n}a", f"P{n}a"), User(f"p{n}b", f"P{n}b")] for n in range(args.pairs)]
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "fairness.sqlite3")
        await store.open()
        try:
            service = Service(
                store, seed_source=lambda: 7, workers=workers,
                computer_seconds={level: budget for level in ai.LEVELS},
                # one person's 150 games: the worst case, past any server's limit (at most 50)
                limits=WithoutComputerLimit(store, time.time),
            )  # fmt: skip
            await service.on_startup()
            player = asyncio.create_task(service.serve_computer_turns(deliveries))
            # The same people first without heavy's games: what the machine gives anyway.
            calm = await phase(service, deliveries, seconds / 2, args, pairs, 100)
            for _ in range(args.games):
                started = await service.play(
                    HEAVY, "ordo", opponent=computer("strong"), color="second"
                )
                assert started.ok, started.text
                heavy.add(started.match_id or 0)
            busy = await phase(service, deliveries, seconds, args, pairs, 200)
            queued = len(service.computer_queue)
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
        finally:
            await store.close()
            workers.close()
    answer_target = 2 * (budget + MOVE_S)
    results: dict[str, Any] = summary(busy)
    results.update({f"calm_{key}": value for key, value in summary(calm).items()})
    results.update({
        "own_computer_answer_target_s": answer_target,
        "heavy_games": args.games,
        "heavy_turns_played": busy.heavy_turns,
        "heavy_turns_still_queued": queued,
        "search_budget_s": budget,
        "seconds": seconds,
        "workers": args.workers,
        "ai_workers": workers.search_size,
        "quick": bool(args.quick),
        "load_avg_1m": os.getloadavg()[0],
    })  # fmt: skip
    mode = (
        f"QUICK: {budget:g} s per search (the strong level thinks {strong:g} s)"
        if args.quick else f"{budget:g} s per search"
    )  # fmt: skip
    print(f"fairness, {mode}; {args.workers} render + {workers.search_size} search processes "
          f"on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} as it ended)")
    print(f"calm: {seconds / 2:g} s of the people alone; busy: {seconds:g} s with heavy's "
          f"{args.games} computer games due at once ({busy.heavy_turns} of their turns played, "
          f"{queued} still queued at the end)")  # fmt: skip
    c, b = summary(calm), summary(busy)
    rows = [
        ("scheduler tick, longest", f"{c['tick_ms_max']:.1f} ms", f"{b['tick_ms_max']:.1f} ms",
         f"≤ {TARGETS['tick_ms_max']:g} ms", f"busy: median {b['tick_ms_median']:.1f} ms over "
         f"{b['ticks']:.0f} ticks, the first (queues all {args.games}) "
         f"{b['tick_ms_first']:.1f} ms"),
        ("a person's move with its board, p95", f"{c['human_move_p95_ms']:.0f} ms",
         f"{b['human_move_p95_ms']:.0f} ms", f"≤ {TARGETS['human_move_p95_ms']:g} ms",
         f"busy: median {b['human_move_median_ms']:.0f} ms over {b['human_moves']:.0f} moves"),
        ("their own computer's answer, longest", f"{c['own_computer_answer_s_max']:.2f} s",
         f"{b['own_computer_answer_s_max']:.2f} s", f"≤ {answer_target:g} s",
         f"busy: median {b['own_computer_answer_s_median']:.2f} s over "
         f"{b['own_computer_answers']:.0f} answers"),
        ("event loop stall, longest", f"{c['loop_stall_ms_max']:.0f} ms",
         f"{b['loop_stall_ms_max']:.0f} ms", "", ""),
    ]  # fmt: skip
    print(f"{'what':<38} {'calm':>10} {'busy':>10} {'target':>10}  detail")
    for what, calm_figure, busy_figure, target, detail in rows:
        print(f"{what:<38} {calm_figure:>10} {busy_figure:>10} {target:>10}  {detail}")
    emit("fairness", results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="1 s searches and 40 s of watching (a couple of minutes in all)")
    parser.add_argument("--games", type=int, default=150, help="the heavy person's games")
    parser.add_argument("--seconds", type=float, default=None,
                        help="how long to watch with heavy's games (and half that without)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per search (default: the strong level's; --quick: 1)")
    parser.add_argument("--tick", type=float, default=1.0, help="seconds between ticks")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of people playing")
    parser.add_argument("--workers", type=int, default=default_size())
    parser.add_argument("--ai-workers", type=int, default=default_search_size())
    asyncio.run(main_async(parser.parse_args()))  # fmt: skip


if __name__ == "__main__":
    main()
