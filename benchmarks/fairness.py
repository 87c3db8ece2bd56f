"""Nobody's load is everybody's delay: ``python -m benchmarks.fairness [--quick]``.

``--owners`` people (default 50: many users) have ``--games`` games between them (default
150, three each) against the strong computer, each with the computer to move first, all due
at once. Meanwhile, for ``--seconds``:

* ``--pairs`` pairs of other people play each other, a move every 0.1 s each, each move checked,
  committed and its board drawn as in the bot — ``human_move_p95_ms`` is how long a person waits
  for their own move's board while the computer's games are searched, played and drawn;
* the scheduler ticks every ``--tick`` seconds (the bot: every 60 s; more often here, to sample
  more ticks) — ``tick_ms_max`` is its longest tick (target ≤ 100 ms);
* while the games are queued, one of the people also plays the strong computer —
  ``own_computer_answer_s_max`` is how long they wait for its answer after moving: the queue
  is round robin by person, so at most one turn of each person ahead of them plus their own
  (target ≤ (owners + 1) × (search budget + 0.5 s for the commit and the board) ÷ search
  processes), never the others' whole queues (with many owners and the strong level's 8 s
  that is minutes: ``--owners 1`` shows it within a slice);
* ``loop_stall_ms_max``: the event loop's longest stall, what the gateway heartbeat sees.

The computer's own budget (issue 34.5): the run alternates ``--rounds`` calm slices (the same
people, no computer game anywhere: what the machine gives anyway) and busy slices (the games
just queued; what is left of every computer game resigned when the slice ends), so whatever
else a shared machine does falls on both alike. ``human_move_p95_ratio``, the busy slices' p95 over
the calm ones', must stay at most 2.

Real processes: ``--workers`` render processes and ``--ai-workers`` search processes (the bot's
defaults for this machine), a SQLite store. ``--quick`` thinks 1 s per search instead of the
strong level's 8 s and watches 40 s busy and 40 s calm (four rounds) instead of 120 s each; the
output says so. ``--owners 1`` is one person with all the games, the queue's other worst case.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import ai
import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.computer.opponents import computer, computer_to_move
from bot.service.match.limits import WithoutComputerLimit
from bot.service.match.workers import Workers, default_search_size, default_size
from bot.service.replies import Reply, is_computer
from storage import ACTIVE, MatchRecord, SqliteStore

TARGETS = {"tick_ms_max": 100.0, "human_move_p95_ms": 500.0, "human_move_p95_ratio": 2.0}
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
        self.unanswered: list[float] = []
        """How long a computer's answer had been awaited when the phase ended without it."""
        self.delivered: dict[int, float] = {}
        """Match id → when its last computer turn was delivered (perf_counter)."""
        self.computer_turns = 0

    def extend(self, other: Figures) -> None:
        """``other``'s observations added to these (slices of one kind pooled)."""
        for name in ("ticks", "moves", "answers", "stalls", "unanswered"):
            getattr(self, name).extend(getattr(other, name))
        self.computer_turns += other.computer_turns


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


async def ordo_in_play(
    service: Service, match_id: int, until: float, fresh: Callable[[], Awaitable[int]]
) -> AsyncIterator[tuple[int, MatchRecord, Any]]:
    """Each position of a player's Ordo match as it stands when they look, until ``until``:
    the match, its record and its state; when it has ended, ``fresh()`` starts the next."""
    rules = games.get("ordo")
    while time.perf_counter() < until:
        record = await service.store.get_match(match_id)
        if record is None or record.status != "active":
            match_id = await fresh()
            continue
        yield match_id, record, rules.load(record.state)


async def person_vs_person(
    service: Service, people: list[User], first: int, until: float, figures: Figures,
    rng: random.Random,
) -> None:  # fmt: skip
    """Two people moving in turn in one Ordo match, a new one when it ends."""
    rules = games.get("ordo")
    fresh = partial(new_pair_match, service, people)
    async for match_id, record, state in ordo_in_play(service, first, until, fresh):
        who = next(p for p in people if p.id == record.seats[rules.to_move(state)[0]])
        text = random_move(state, rng)
        start = time.perf_counter()
        moved = await service.move(who, text, match_id=match_id)
        figures.moves.append(time.perf_counter() - start)
        assert moved.ok, moved.text
        await asyncio.sleep(PAUSE_S)


async def person_vs_computer(
    service: Service, person: User, first: int, until: float, figures: Figures,
    rng: random.Random,
) -> None:  # fmt: skip
    """One of the people also plays the strong computer: move, then wait for its answer."""
    fresh = partial(new_computer_match, service, person)
    async for match_id, _, state in ordo_in_play(service, first, until, fresh):
        moved = await service.move(person, random_move(state, rng), match_id=match_id)
        assert moved.ok, moved.text
        after = await service.store.get_match(match_id)
        assert after is not None
        if not computer_to_move(after):
            continue  # the game ended with this move
        asked = time.perf_counter()
        service.queue_computer_turn(after)  # what the bot's delivery does after a move
        while figures.delivered.get(match_id, 0.0) < asked:
            if time.perf_counter() > until:
                figures.unanswered.append(time.perf_counter() - asked)
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

    def __init__(self, queued: set[int]) -> None:
        self.figures = Figures()
        self.queued = queued
        """The owners' computer games."""

    async def __call__(self, replies: list[Reply]) -> None:
        for reply in replies:
            if reply.match_id is None:
                continue
            self.figures.delivered[reply.match_id] = time.perf_counter()
            if reply.match_id in self.queued:
                self.figures.computer_turns += 1


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else sum(values)


async def phase(
    service: Service, deliveries: Deliveries, seconds: float, args: argparse.Namespace,
    pairs: list[list[User]], rng_seed: int, *, computer: bool,
) -> Figures:  # fmt: skip
    """``seconds`` of the people playing and the scheduler ticking, and with ``computer``
    one of them playing the computer too; what was measured."""
    figures = deliveries.figures = Figures()
    firsts = [await new_pair_match(service, people) for people in pairs]
    until = time.perf_counter() + seconds
    playing = [
        person_vs_person(service, people, first, until, figures, random.Random(rng_seed + n + 1))
        for n, (people, first) in enumerate(zip(pairs, firsts, strict=True))
    ]  # fmt: skip
    if computer:
        against = await new_computer_match(service, pairs[0][0])
        playing.append(person_vs_computer(
            service, pairs[0][0], against, until, figures, random.Random(rng_seed)
        ))  # fmt: skip
    await asyncio.gather(
        scheduler(service, args.tick, until, figures), watch_loop(until, figures), *playing
    )
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
        "own_computer_unanswered_s_max": max(figures.unanswered, default=0.0),
        "loop_stall_ms_max": max(figures.stalls, default=0.0) * 1000,
    }


async def queue_games(service: Service, owners: list[User], games: int) -> dict[int, User]:
    """``games`` strong computer games, the computer to move in each, shared out among
    ``owners`` in turn: match id → owner."""
    games_of: dict[int, User] = {}
    for number in range(games):
        owner = owners[number % len(owners)]
        started = await service.play(owner, "ordo", opponent=computer("strong"), color="second")
        assert started.ok, started.text
        games_of[started.match_id or 0] = owner
    return games_of


async def main_async(args: argparse.Namespace) -> None:
    strong = ai.LEVELS["strong"]
    budget = args.budget if args.budget is not None else (1.0 if args.quick else strong)
    seconds = args.seconds if args.seconds is not None else (40.0 if args.quick else 120.0)
    rounds = max(1, args.rounds)
    workers = Workers(args.workers, args.ai_workers)
    await workers.start()
    queued: set[int] = set()
    deliveries = Deliveries(queued)
    pairs = [[User(f"p{n}a", f"P{n}a"), User(f"p{n}b", f"P{n}b")] for n in range(args.pairs)]
    owners = [User(f"o{n}", f"Owner {n}") for n in range(max(1, args.owners))]
    load_start = os.getloadavg()[0]
    calm, busy = Figures(), Figures()
    round_ratios: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "fairness.sqlite3")
        await store.open()
        try:
            service = Service(
                store, seed_source=lambda: 7, workers=workers,
                computer_seconds={level: budget for level in ai.LEVELS},
                # all the games at once: the worst case, past a server's limit per person
                limits=WithoutComputerLimit(store, time.time),
            )  # fmt: skip
            await service.on_startup()
            player = asyncio.create_task(service.serve_computer_turns(deliveries))
            for number in range(rounds):
                # The same people with none queued (what the machine gives anyway), then with
                # the computer's games due: alternating, so the background load of a shared
                # machine falls on both alike.
                seed, share = 100 * (number + 1), seconds / rounds
                quiet = await phase(service, deliveries, share, args, pairs, seed, computer=False)
                games_of = await queue_games(service, owners, args.games)
                queued.update(games_of)
                loaded = await phase(
                    service, deliveries, share, args, pairs, seed + 50, computer=True
                )
                for match in await service.store.list_matches(statuses=(ACTIVE,)):
                    if any(map(is_computer, match.seats)):  # none queued again
                        person = next(uid for uid in match.seats if not is_computer(uid))
                        await service.resign(User(person, person), match_id=match.id)
                while service.computer_queue.waiting():
                    await asyncio.sleep(0.05)
                calm.extend(quiet)
                busy.extend(loaded)
                if p95(quiet.moves):
                    round_ratios.append(p95(loaded.moves) / p95(quiet.moves))
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
        finally:
            await store.close()
            workers.close()
    _report(
        args, workers, len(owners), budget, seconds, rounds, calm, busy, round_ratios, load_start
    )


def _report(
    args: argparse.Namespace,
    workers: Workers,
    owner_count: int,
    budget: float,
    seconds: float,
    rounds: int,
    calm: Figures,
    busy: Figures,
    round_ratios: list[float],
    load_start: float,
) -> None:
    """The table of calm against busy, and the JSON line."""
    strong = ai.LEVELS["strong"]
    searches = workers.searches_at_once
    answer_target = (owner_count + 1) * (budget + MOVE_S) / searches
    c, b = summary(calm), summary(busy)
    results: dict[str, Any] = dict(b)
    results.update({f"calm_{key}": value for key, value in c.items()})
    results.update({
        "human_move_p95_ratio": (
            b["human_move_p95_ms"] / c["human_move_p95_ms"] if c["human_move_p95_ms"] else 0.0
        ),
        "human_move_p95_ratio_rounds_median": statistics.median(round_ratios or [0.0]),
        "human_move_p95_ratio_rounds_max": max(round_ratios, default=0.0),
        "own_computer_answer_target_s": answer_target,
        "computer_games": args.games,
        "owners": owner_count,
        "rounds": rounds,
        "computer_turns_played": busy.computer_turns,
        "search_budget_s": budget,
        "seconds": seconds,
        "workers": args.workers,
        "ai_workers": workers.search_size,
        "quick": bool(args.quick),
        "load_avg_1m_start": load_start,
        "load_avg_1m": os.getloadavg()[0],
    })  # fmt: skip
    mode = (
        f"QUICK: {budget:g} s per search (the strong level thinks {strong:g} s)"
        if args.quick else f"{budget:g} s per search"
    )  # fmt: skip
    print(f"fairness, {mode}; {args.workers} render + {workers.search_size} search processes "
          f"on {os.cpu_count()} cores (load average {load_start:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end)")  # fmt: skip
    print(f"{rounds} rounds of {seconds / rounds:g} s of the people alone (calm), then "
          f"{seconds / rounds:g} s with {args.games} computer games of {owner_count} people due "
          f"at once (busy; {busy.computer_turns} of their turns played in all, the rest "
          "resigned at the end of each round)")  # fmt: skip
    ratios = ", ".join(f"{r:.2f}" for r in round_ratios)
    rows = [
        ("scheduler tick, longest", f"{c['tick_ms_max']:.1f} ms", f"{b['tick_ms_max']:.1f} ms",
         f"≤ {TARGETS['tick_ms_max']:g} ms",
         f"busy: median {b['tick_ms_median']:.1f} ms over {b['ticks']:.0f} ticks"),
        ("a person's move with its board, p95", f"{c['human_move_p95_ms']:.0f} ms",
         f"{b['human_move_p95_ms']:.0f} ms", f"≤ {TARGETS['human_move_p95_ms']:g} ms",
         f"busy ÷ calm {results['human_move_p95_ratio']:.2f} (≤ 2; by round {ratios}); "
         f"medians {c['human_move_median_ms']:.0f} / {b['human_move_median_ms']:.0f} ms over "
         f"{c['human_moves']:.0f} / {b['human_moves']:.0f} moves"),
        ("their own computer's answer, longest", f"{c['own_computer_answer_s_max']:.2f} s",
         f"{b['own_computer_answer_s_max']:.2f} s", f"≤ {answer_target:g} s",
         f"busy: {b['own_computer_answers']:.0f} answers, the longest wait still unanswered "
         f"when a round ended {b['own_computer_unanswered_s_max']:.1f} s"),
        ("event loop stall, longest", f"{c['loop_stall_ms_max']:.0f} ms",
         f"{b['loop_stall_ms_max']:.0f} ms", "", ""),
    ]  # fmt: skip
    print(f"{'what':<38} {'calm':>9} {'busy':>9} {'target':>9}  detail")
    for what, before, during, target, detail in rows:
        print(f"{what:<38} {before:>9} {during:>9} {target:>9}  {detail}")
    emit("fairness", results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="1 s searches and 40 s of watching (a couple of minutes in all)",
    )
    parser.add_argument("--games", type=int, default=150, help="computer games due at once")
    parser.add_argument(
        "--owners",
        type=int,
        default=50,
        help="people the computer games belong to (1: one person has all)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="how long to watch with the computer's games (and half that "
        "without, before and after)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per search (default: the strong level's; --quick: 1)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=4,
        help="calm and busy slices, alternating (the time is shared out)",
    )
    parser.add_argument("--tick", type=float, default=1.0, help="seconds between ticks")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of people playing")
    parser.add_argument("--workers", type=int, default=default_size())
    parser.add_argument("--ai-workers", type=int, default=default_search_size())
    asyncio.run(main_async(parser.parse_args()))  # fmt: skip


if __name__ == "__main__":
    main()
