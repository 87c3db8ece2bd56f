"""FENCE! simulation: ``python -m benchmarks.fence [--games N] [--no-check]``.

Plays seeded random games (every legal step chosen uniformly) for 2, 3, 4 and 6 players,
with default options and with every option on, through the public ``Rules`` surface. After
every step it checks the invariants below and stops with the seed and step if one breaks.
Printed per configuration: games per second (wall clock and CPU), average rounds and steps,
and how games ended. Target: at least 5 complete 4-player games per second on one core
(measured without the invariant checks, which cost more than the game itself).

Invariants:
- cards: hands + Stash + discard + unrevealed starting cards = 12 per player (the Mixed
  Blind Stash rounds the players up to even), plus the Jokers of Color Swap;
- every pawn is on a usable neighbourhood, in Jail, or not yet placed during setup; the
  Cops likewise once placed;
- no two tiles share a spot and no tile is both placed and in a hand;
- the map is valid: every neighbour matches and every tile reaches Old Town and back.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

from benchmarks.report import emit
from games.fence import RULES
from games.fence.cards import decks
from games.fence.info import OPTIONS
from games.fence.state import NOT_PLACED, FenceState
from games.fence.world import city_map

TARGET_GAMES_PER_SECOND = 5.0
PLAYER_COUNTS = (2, 3, 4, 6)


def all_options() -> dict[str, Any]:
    """Every option on. Big Map and the dice round limit are left at their defaults: Big Map
    doubles the city (a separate figure), and two dice would end most games by round 12."""
    chosen: dict[str, Any] = {o.name: True for o in OPTIONS if o.kind == "bool"}
    chosen.update(quick_map=False, big_map=False, dice_round_limit=False, more_hot_goods="n")
    return chosen


class InvariantError(AssertionError):
    pass


def check(state: FenceState) -> None:
    """Raise :class:`InvariantError` naming the first broken invariant (module docstring)."""
    red, blue = decks(state.players, dict(state.options))
    held = [*state.red, *state.blue, *state.mixed, *state.discard]
    held += [c for hand in state.hands for c in hand]
    held += [c for start in state.start for c in start]
    held += [c for boats in state.boats for c in boats]  # boats in play are cards too
    if Counter(held) != Counter(red + blue):
        raise InvariantError(f"cards are not conserved: {len(held)} for {len(red + blue)}")
    city = city_map(state)
    spots = [pos for pos, _, _ in state.placed]
    if len(set(spots)) != len(spots):
        raise InvariantError("two tiles on one spot")
    placed = {tile for _, tile, _ in state.placed}
    in_hand = {t for hand in state.tile_hands for t in hand}
    if placed & in_hand or placed & set(state.tiles_out):
        raise InvariantError("a tile is both on the map and elsewhere")
    if not city.is_valid(bool(state.option("all_hoods_connected"))):
        raise InvariantError("the map is not valid")
    good = city.usable()
    for seat, hood in enumerate(state.pawns):
        if hood is None or hood == NOT_PLACED:
            continue
        if hood not in good:
            raise InvariantError(f"seat {seat}'s pawn is on an unusable neighbourhood")
    if state.cops is not None and state.cops not in good:
        raise InvariantError("the Cops are on an unusable neighbourhood")


def play(players: int, options: dict[str, Any], seed: int, checked: bool) -> FenceState:
    rng = random.Random(seed)
    state = RULES.new(players, options, seed)
    step = 0
    while RULES.outcome(state) is None:
        actions = RULES.legal_actions(state)
        state = RULES.apply(state, actions[rng.randrange(len(actions))])
        step += 1
        if checked:
            try:
                check(state)
            except InvariantError as exc:
                raise InvariantError(
                    f"{exc} (players {players}, seed {seed}, step {step})"
                ) from None
    return state


def run(players: int, options: dict[str, Any], games: int, checked: bool) -> dict[str, Any]:
    endings: Counter[str] = Counter()
    rounds = []
    wall = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        final = play(players, options, seed, checked)
        endings[final.termination] += 1
        rounds.append(final.round)
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    return {
        "games_per_second": games / wall,
        "cpu_games_per_second": games / cpu,
        "mean_rounds": statistics.fmean(rounds),
        "median_rounds": statistics.median(rounds),
        "endings": dict(endings),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per configuration")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    args = parser.parse_args()
    configs = [("default", {}), ("all options", all_options())]
    print(f"FENCE! simulation, {args.games} seeded random games per line")
    for label, options in configs:
        for players in PLAYER_COUNTS:
            result = run(players, options, args.games, checked=not args.no_check)
            endings = ", ".join(f"{k} {v}" for k, v in sorted(result["endings"].items()))
            print(
                f"{label:12s} {players}p: {result['games_per_second']:6.2f} games/s "
                f"(cpu {result['cpu_games_per_second']:6.2f}), rounds mean "
                f"{result['mean_rounds']:5.1f} median {result['median_rounds']:5.1f}; {endings}"
            )
    speed = run(4, {}, args.games, checked=False)
    ratio = speed["cpu_games_per_second"] / TARGET_GAMES_PER_SECOND
    print(
        f"4 players, default options, no checks: {speed['cpu_games_per_second']:.2f} games/s "
        f"of CPU; {ratio:.2f}x the target of {TARGET_GAMES_PER_SECOND:.0f}"
    )
    emit("fence", {"cpu_games_per_s_4p": speed["cpu_games_per_second"], "target_ratio": ratio})


if __name__ == "__main__":
    main()
