"""One move's path through the bot: ``python -m benchmarks.move_path [--game ordo] [--moves 5]``.

Why: a newcomer follows a move through the code to learn the service, and every module it
enters, and every return to a module it had already left, is one more place to read. This
traces the moves with ``sys.setprofile`` (and ``threading.setprofile`` for the worker thread
a move's parse and apply run in), counting only the bot's own modules (``bot.*``):

* ``modules_per_move``: distinct ``bot`` modules a move's calls enter (median over moves);
* ``returns_per_move``: times the running ``bot`` module changes to one the move had entered
  before and left (the "back and forth" a reader must follow);
* ``bot_calls_per_move``: calls into ``bot`` functions;
* ``reader_calls_per_move``: calls of the match reader's methods from outside the reader;
* ``store_calls_per_move``: store calls, counted by a counting store under the service.

Each move is typed in its match's thread on a server, on the memory store, the board drawn
in the service's own thread (no worker processes), after two untraced warm-up moves. The
figures count code, not time, so they are the same on a busy machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import threading
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import games
from benchmarks.report import emit
from bot.service import Service, User
from storage import open_store
from storage.wrapped import CountingStore

GUILD = "g1"
READER_CLASS = "MatchReader"


@dataclass
class Trace:
    """What one traced move did, from the profiler's call and return events."""

    modules: set[str] = field(default_factory=set)
    path: list[str] = field(default_factory=list)
    calls: int = 0
    reader_calls: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("bot."):
            return
        with self.lock:
            self.calls += 1
            self.modules.add(module)
            if not self.path or self.path[-1] != module:
                self.path.append(module)
            owner = frame.f_locals.get("self")
            caller = frame.f_back.f_globals.get("__name__", "") if frame.f_back else ""
            if type(owner).__name__ == READER_CLASS and not caller.endswith(".reader"):
                self.reader_calls += 1

    def returns(self) -> int:
        """Entries into a module already entered before and left since."""
        seen: set[str] = set()
        back = 0
        for module in self.path:
            if module in seen:
                back += 1
            seen.add(module)
        return back


async def traced_moves(game: str, count: int) -> list[tuple[Trace, int]]:
    counted = CountingStore(open_store("memory"))
    service = Service(counted, seed_source=lambda: 7)
    await service.open()
    try:
        people = [User(f"p{s}", f"P{s}", guild_id=GUILD, guild_locale="en-US") for s in "ab"]
        made = await service.challenge(people[0], game, people[1], color="first", guild_id=GUILD)
        match_id = made.match_id or 0
        assert (await service.accept(people[1], match_id=match_id)).ok
        await service.attach_place(match_id, channel_id="c1", thread_id="t1")
        record = await service.store.get_match(match_id)
        assert record is not None
        rules, rng = games.get(game), random.Random(1)
        state, seats = rules.load(record.state), record.seats
        out: list[tuple[Trace, int]] = []
        for number in range(count + 2):
            action = rng.choice(rules.legal_actions(state))
            text = rules.format(state, action)
            who = people[0] if seats[rules.to_move(state)[0]] == people[0].id else people[1]
            state = rules.apply(state, action)
            trace, before = Trace(), counted.made_by_this_task()
            if number >= 2:
                sys.setprofile(trace.hook)
                threading.setprofile(trace.hook)
            try:
                moved = await service.move(who, text, where="t1")
            finally:
                sys.setprofile(None)
                threading.setprofile(None)  # type: ignore[arg-type]
            assert moved.ok, moved.text
            if number >= 2:
                out.append((trace, counted.made_by_this_task() - before))
        return out
    finally:
        await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ordo", choices=games.available())
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="three moves")
    parser.add_argument("--show", action="store_true", help="print the first move's path")
    args = parser.parse_args()
    moves = asyncio.run(traced_moves(args.game, 3 if args.quick else args.moves))
    figures = {
        "game": args.game,
        "modules_per_move": statistics.median(len(t.modules) for t, _ in moves),
        "returns_per_move": statistics.median(t.returns() for t, _ in moves),
        "bot_calls_per_move": statistics.median(t.calls for t, _ in moves),
        "reader_calls_per_move": statistics.median(t.reader_calls for t, _ in moves),
        "store_calls_per_move": statistics.median(calls for _, calls in moves),
    }
    if args.show:
        print(" → ".join(m.removeprefix("bot.") for m in moves[0][0].path))
    print(f"{'figure':<24} {'median':>8}")
    for key, value in figures.items():
        if key != "game":
            print(f"{key:<24} {value:>8}")
    emit("move_path", figures)


if __name__ == "__main__":
    main()
