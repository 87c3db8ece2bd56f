"""FENCE! on the analysis board where chance decides: the player picks how a step falls (a
roll, a card drawn) from outcomes offered from their own view alone, the pick is kept in the
tree, and the line goes on from it. Proved differentially too: two matches that differ only
in what the player cannot see (the other hands, the Stash's order, the dice to come) get the
same analysis answers."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import games
from bot.service import Service
from bot.service.play.analysis import chance, lines
from bot.words import words
from games.fence.determinize import sample_state

from .conftest import ALICE
from .test_analysis_cases import changed, fence_match, opened, stored, token_of

say = words()


async def to_chance(service: Service, token: str, match: int) -> tuple[dict[str, Any], str]:
    """The board at the first position of the line of first steps where a step chance
    decides is offered, and that step."""
    board = await opened(service, token, match)
    for _ in range(40):
        offered = [m for m in board["moves"] if m.get("chance")]
        if offered:
            return board, offered[0]["n"]
        assert board["moves"], "the line stopped before chance decided anything"
        where = {"ply": board["ply"]} if board["at"] is None else {"node": board["at"]}
        reply = await changed(
            service, token, match, op="move", move=board["moves"][0]["n"], **where
        )
        assert reply.ok, reply.text
        board = reply.extra["analysis"]
    raise AssertionError("no step chance decides in 40 steps")


def where(board: dict[str, Any]) -> dict[str, Any]:
    return {"ply": board["ply"]} if board["at"] is None else {"node": board["at"]}


async def test_a_chance_step_offers_its_outcomes_and_the_pick_goes_on(service: Service) -> None:
    match = await fence_match(service)
    token = await token_of(service, ALICE, match)
    board, step = await to_chance(service, token, match)
    before = await stored(service, match)
    # Asked without an outcome: the outcomes to pick from, in words; nothing is written.
    asked = await changed(service, token, match, op="move", move=step, **where(board))
    assert asked.ok and asked.text == say("analysis.pick_outcome", move=step)
    offered = asked.extra["analysis"]["chance"]
    assert offered["move"] == step and len(offered["outcomes"]) > 1
    labels = [o["label"] for o in offered["outcomes"]]
    assert len(set(labels)) == len(labels)  # each outcome once, told apart by its words
    assert asked.extra["analysis"]["at"] == board["at"]
    assert await stored(service, match) == before
    # Each pick is its own node, kept with its number; the line goes on from it.
    first, last = offered["outcomes"][0], offered["outcomes"][-1]
    one = await changed(service, token, match, op="move", move=step, outcome=first["outcome"],
                        **where(board))  # fmt: skip
    two = await changed(service, token, match, op="move", move=step, outcome=last["outcome"],
                        **where(board))  # fmt: skip
    assert one.ok and two.ok, (one.text, two.text)
    a, b = one.extra["analysis"], two.extra["analysis"]
    assert a["at"] != b["at"] and a["view"] != b["view"]
    kept = await stored(service, match)
    notations = {kept.tree["nodes"][str(n)]["n"] for n in (a["at"], b["at"])}
    assert notations == {lines.chance_step(step, o["outcome"]) for o in (first, last)}
    listed = {n["id"]: n for n in b["tree"]}
    assert listed[a["at"]]["chance"] and listed[b["at"]]["chance"]
    # Opened again (a restart: a new process's board), the pick falls the same way.
    again = await opened(service, token, match, node=b["at"])
    assert again["view"] == b["view"] and again["moves"] == b["moves"]
    assert b["moves"] or b["ended"]
    follow = b["moves"][0]["n"]
    further = await changed(service, token, match, op="move", node=b["at"], move=follow)
    assert further.ok, further.text


async def test_a_bad_outcome_is_one_sentence_and_changes_nothing(service: Service) -> None:
    match = await fence_match(service)
    token = await token_of(service, ALICE, match)
    board, step = await to_chance(service, token, match)
    before = await stored(service, match)
    wrong = await changed(service, token, match, op="move", move=step, outcome=99_999,
                          **where(board))  # fmt: skip
    assert not wrong.ok and wrong.text == say("analysis.no_outcome", move=step)
    assert await stored(service, match) == before


async def test_the_owners_export_writes_a_pick_as_the_outcome_in_their_words(
    service: Service,
) -> None:
    match = await fence_match(service)
    token = await token_of(service, ALICE, match)
    board, step = await to_chance(service, token, match)
    asked = await changed(service, token, match, op="move", move=step, **where(board))
    last = asked.extra["analysis"]["chance"]["outcomes"][-1]
    picked = await changed(service, token, match, op="move", move=step, outcome=last["outcome"],
                           **where(board))  # fmt: skip
    assert picked.ok, picked.text
    name = f"match{match}-my-analysis.txt"
    for locale in ("en", "de", "pl"):
        reader = dataclasses.replace(ALICE, locale=locale)
        # The words the board offers that pick with, in the reader's language.
        offered = await service.analysis.change(
            reader, token, match_id=match, op="move", move=step, **where(board)
        )
        label = next(
            o["label"]
            for o in offered.extra["analysis"]["chance"]["outcomes"]
            if o["outcome"] == last["outcome"]
        )
        text = dict((await service.export(reader, match_id=match)).files)[name].decode()
        written = words(locale)("analysis.export_chance", move=step, outcome=label)
        assert written in text, (written, text)
        assert lines.CHANCE_MARK not in text  # never the raw number of the pick


def _positions(players: int, seed: int) -> list[Any]:
    """Positions of a FENCE! game played out at random, from its first main turn on."""
    rules = games.get("fence")
    state = rules.new(players, {"quick_map": True}, seed)
    rng = random.Random(seed)
    found = []
    for _ in range(160):
        if rules.outcome(state) is not None:
            break
        if state.stage != "draft" and state.round > 0:
            found.append(state)
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return found[::12]


def test_two_matches_differing_only_in_hidden_cards_get_the_same_answers() -> None:
    """The analysis board's answers — its worlds, the steps it offers, which of them chance
    decides, the outcomes and their order — for a real position and for another one dealt
    from the same seat's view (other hands, another Stash order, another seed for the dice)
    are the same."""
    rules = games.get("fence")
    compared = chanced = 0
    for players, seed in ((2, 3), (3, 8)):
        for real in _positions(players, seed):
            seat = (real.actor + 1) % players
            other = sample_state(dict(rules.view(real, seat)), seat, random.Random(seed + 99))
            assert rules.dump(other) != rules.dump(real)  # the hidden cards really differ
            assert rules.view(other, seat) == rules.view(real, seat)
            one, two = rules.analysis_worlds(real, seat), rules.analysis_worlds(other, seat)
            assert [rules.dump(w) for w in one] == [rules.dump(w) for w in two]
            for action in rules.legal_actions(one[0]):
                judged = chance.judged(rules, seat, one, action)
                assert judged == chance.judged(rules, seat, two, action)
                if judged.chance:
                    chanced += 1
                    mine = chance.outcomes(rules, seat, one, action)
                    theirs = chance.outcomes(rules, seat, two, action)
                    assert [(o.number, o.told) for o in mine] == [
                        (o.number, o.told) for o in theirs
                    ]
            compared += 1
    assert compared >= 4 and chanced >= 1
