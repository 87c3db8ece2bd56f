"""The FENCE! computer never peeks (issue 15.3): it is given only its seat's view, so two
states that differ only in other players' hidden cards give it identical inputs and the same
move for the same seed; and it plays whole games through every stage."""

from __future__ import annotations

import dataclasses
import random

import pytest

import ai
import games
from ai.fence import exposed, judge
from games.fence.actions import Offer
from games.fence.state import FenceState
from games.fence.world import city_map

RULES = games.get("fence")


def _midgame(seed: int = 11) -> FenceState:
    rng = random.Random(seed)
    state = RULES.new(players=3, seed=seed, options={"quick_map": True})
    while RULES.outcome(state) is None:
        if state.stage == "turn" and state.round >= 2 and all(len(h) >= 2 for h in state.hands):
            return state
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    raise AssertionError("no mid-game position found")


def _swap_hidden(state: FenceState, seat: int) -> FenceState:
    """The same position with the other players' hands exchanged with cards of the Stash,
    a different Stash order and different future dice: what ``seat`` cannot see."""
    others = [s for s in range(state.players) if s != seat]
    red, blue = list(state.red), list(state.blue)
    hands = [list(h) for h in state.hands]
    for other in others:
        for i, card in enumerate(hands[other]):
            pile = red if card[0] == "R" else blue
            if pile:
                hands[other][i], pile[0] = pile[0], card
    random.Random(5).shuffle(red)
    random.Random(6).shuffle(blue)
    return dataclasses.replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        red=tuple(red),
        blue=tuple(blue),
        seed=state.seed + 1,
    )


def test_no_peeking_other_hidden_cards_change_nothing() -> None:
    state = _midgame()
    seat = RULES.to_move(state)[0]
    other = _swap_hidden(state, seat)
    assert other.hands != state.hands and other.seed != state.seed  # really different secrets
    view, other_view = RULES.view(state, seat), RULES.view(other, seat)
    assert view == other_view  # the computer's whole input
    first = ai.choose("fence", view, seat, seed=7, iterations=40)
    assert ai.choose("fence", other_view, seat, seed=7, iterations=40) == first
    assert RULES.parse(state, first) in RULES.legal_actions(state)


def test_the_real_cards_are_not_what_the_search_sees(monkeypatch: object) -> None:
    """Every world the search plays in is a sample dealt from the view: none of them is the
    real state (whose seed the sampler never learns)."""
    import ai.fence as fence_ai

    state = _midgame(13)
    seat = RULES.to_move(state)[0]
    worlds: list[FenceState] = []
    real_sample = fence_ai.Sampler.sample

    def recording(self: fence_ai.Sampler, rng: random.Random) -> FenceState:
        world = real_sample(self, rng)
        worlds.append(world)
        return world

    monkeypatch.setattr(fence_ai.Sampler, "sample", recording)  # type: ignore[attr-defined]
    ai.choose("fence", RULES.view(state, seat), seat, seed=3, iterations=25)
    assert len(worlds) >= 25
    assert all(w.seed != state.seed for w in worlds)
    assert all(w.hands[seat] == state.hands[seat] for w in worlds)


def test_judging_prefers_rivals_in_jail_and_itself_free() -> None:
    state = _midgame()
    seat = 0
    rivals_jailed = dataclasses.replace(
        state, pawns=tuple(p if s == seat else None for s, p in enumerate(state.pawns))
    )
    self_jailed = dataclasses.replace(
        state, pawns=tuple(None if s == seat else p for s, p in enumerate(state.pawns))
    )
    assert judge(rivals_jailed, seat) > judge(state, seat) > judge(self_jailed, seat)


def test_whole_games_from_the_draft_through_every_stage() -> None:
    """The computer holds seat 0 from the first drafted tile to the end (or 600 steps)."""
    for seed in (1,):
        rng = random.Random(seed)
        state = RULES.new(players=3, seed=seed)
        stages = set()
        for step in range(600):
            if RULES.outcome(state) is not None:
                break
            seat = RULES.to_move(state)[0]
            if seat == 0:
                stages.add(state.stage)
                text = ai.choose("fence", RULES.view(state, 0), 0, seed=step, iterations=2)
                action = RULES.parse(state, text)
            else:
                action = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
        assert {"draft", "turn"} <= stages


def _wins_this_turn(state: FenceState, seat: int, action: object) -> bool:
    """Whether ``action`` (with the best second half of a Move Others) wins at once."""
    after = RULES.apply(state, action)
    if after.winners is not None:
        return seat in after.winners
    if after.stage == "second" and after.actor == seat:
        return any(RULES.apply(after, b).winners == (seat,) for b in RULES.legal_actions(after))
    return False


def _winning_position(seed: int) -> tuple[FenceState, int, list[object]]:
    """The first position of a seeded random game where the seat to play can win this turn
    with at most a quarter of its actions."""
    rng = random.Random(seed)
    state = RULES.new(players=3, seed=seed, options={"quick_map": True})
    while RULES.outcome(state) is None:
        seat = RULES.to_move(state)[0]
        if state.stage == "turn":
            actions = RULES.legal_actions(state)
            winning = [a for a in actions if _wins_this_turn(state, seat, a)]
            if winning and len(winning) * 4 <= len(actions):
                return state, seat, winning
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    raise AssertionError("no winning position in this game")


@pytest.mark.parametrize("seed", [2, 3, 6])
def test_ruling_26_jails_the_last_free_rival_when_it_can(seed: int) -> None:
    """Mate in one: the last rival out of Jail can be jailed this turn (by a push onto the
    Cops, the Cops onto it, or a push *then* the Cops — seeds 2 and 6 need both halves)."""
    state, seat, winning = _winning_position(seed)
    text = ai.choose("fence", RULES.view(state, seat), seat, seed=7, iterations=10)
    assert RULES.parse(state, text) in winning


def test_a_pawn_next_to_the_cops_is_judged_in_danger() -> None:
    state = _midgame()
    seat = RULES.to_move(state)[0]
    city = city_map(state)
    hood = state.pawns[seat]
    assert hood is not None and state.cops is not None
    beside = [h for h in city.roads.get(state.cops, ()) if h != hood]
    far = [h for h in sorted(city.usable()) if not exposed(city, h, state.cops)]
    assert beside and far
    near_state = dataclasses.replace(state, pawns=_with(state.pawns, seat, beside[0]))
    far_state = dataclasses.replace(state, pawns=_with(state.pawns, seat, far[0]))
    assert exposed(city, beside[0], state.cops)
    assert judge(near_state, seat) < judge(far_state, seat)


def _with(pawns: tuple[int | None, ...], seat: int, hood: int) -> tuple[int | None, ...]:
    return tuple(hood if s == seat else p for s, p in enumerate(pawns))


def test_the_search_never_serialises_or_loads_a_real_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer gets a view and deals its own worlds: it has no use for the engine's
    storage doors, through which a real state could come in."""
    state = _midgame(17)
    seat = RULES.to_move(state)[0]
    view = RULES.view(state, seat)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the computer touched a whole state's storage")

    for name in ("dump", "load", "from_position", "position"):
        monkeypatch.setattr(type(RULES), name, refused)
    text = ai.choose("fence", view, seat, seed=2, iterations=20)
    monkeypatch.undo()
    assert RULES.parse(state, text) in RULES.legal_actions(state)


def test_the_first_judgement_runs_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a seconds budget the whole call stops on time, the judging of every candidate
    before the search included: with the clock out of time from the start, the call judges
    one action (and its second halves), plays one playout and answers."""
    import time
    import types

    import ai.budget as budget_module
    import ai.fence as fence_ai

    late = types.SimpleNamespace(monotonic=lambda: time.monotonic() + 1_000.0)
    monkeypatch.setattr(budget_module, "time", late)
    judged: list[object] = []
    real_judge = fence_ai.judge
    monkeypatch.setattr(fence_ai, "judge", lambda s, seat: judged.append(s) or real_judge(s, seat))
    state = _midgame(19)
    seat = RULES.to_move(state)[0]
    actions = RULES.legal_actions(state)
    text = ai.choose("fence", RULES.view(state, seat), seat, seed=1, budget_s=0.5)
    assert RULES.parse(state, text) in actions
    assert len(actions) > 8 and len(judged) <= 1 + 16  # one plan judged, one playout


FLAGS = (
    "ritzy_tile", "joker_swap", "boats", "tunnel", "turn_taking_pawns", "rewarded_tiles",
    "missing_tiles", "trading_post", "trading_cards", "mixed_stash", "hot_goods_by_cards",
    "wasted_hot_goods", "evidence_hunch", "accumulation_victory",
)  # fmt: skip


def test_whole_games_with_every_option_and_table_size() -> None:
    """Trade offers made and answered, State's Evidence, boats, the Tunnel and the Trading
    Post: the computer in seat 0 plays every stage it meets to the end of the game."""
    counts = [_whole_game_with_every_option(players) for players in (2, 4, 6)]
    assert sum(answered for answered, _ in counts) > 0  # its own offers: test_fence_trades


def _whole_game_with_every_option(players: int) -> tuple[int, int]:
    rng = random.Random(players)
    options = {"quick_map": True, **dict.fromkeys(FLAGS, True)}
    state = RULES.new(players=players, seed=players, options=options)
    answered = offered = 0
    for step in range(800):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_move(state)[0]
        if seat == 0:
            text = ai.choose("fence", RULES.view(state, 0), 0, seed=step, iterations=2)
            action = RULES.parse(state, text)
            answered += state.stage == "offer"
            offered += isinstance(action, Offer)
        else:
            action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
    assert RULES.outcome(state) is not None
    return answered, offered


def test_the_draft_places_the_tile_of_its_own_starting_cards() -> None:
    """Ruling 16: a pawn starts on the tile of its owner's starting cards, so the computer
    puts that tile on the map when it can (it knows its own cards, nobody else's)."""
    from games.fence import actions as act
    from games.fence.world import tiles_of

    checked = 0
    for seed in range(40):
        state = RULES.new(players=3, seed=seed)
        rng = random.Random(seed)
        while state.stage == "draft" and checked < 3:
            seat = RULES.to_move(state)[0]
            red, blue = (int(c[1]) for c in state.start[seat])
            home = [
                a
                for a in RULES.legal_actions(state)
                if isinstance(a, act.Place) and tiles_of(state)[a.tile].coords == (red, blue)
            ]
            if home:
                text = ai.choose("fence", RULES.view(state, seat), seat, seed=seed, iterations=5)
                assert RULES.parse(state, text) in home
                checked += 1
                break
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert checked == 3
