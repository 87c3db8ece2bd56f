"""Issue 39 item 3: a move is named steps over a match read once — authorize, parse, confirm,
premove, commit, announce — and each is tested here alone, on a real Ordo match."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import Refusal, Service, Step
from bot.service.match.reader import MatchContext
from bot.service.play import turns
from bot.service.play.turns import Typed
from bot.words import words
from games.core import IllegalMove

from .conftest import ALICE, BOB, start_ordo


async def _context(service: Service, who=ALICE, match: int | None = None) -> MatchContext:
    match = match or await start_ordo(service)
    return await service.reader.context(who, match, None)


def _step(notation: str, confirm: str | None = None) -> Step:
    return Step(notation=notation, highlight={}, description=None, ends_turn=True, confirm=confirm)


# -- the context -----------------------------------------------------------------------------
async def test_the_context_is_read_once_with_names_language_and_log(service: Service) -> None:
    context = await _context(service)
    assert context.record.status == "active" and context.loaded is context
    assert context.names() == ["alice", "bob"] and context.language == "en"
    assert context.shared.language == "en" and list(context.log) == []
    assert context.names() is context.names()  # worked out once per language


async def test_the_context_after_a_commit_carries_the_new_rows(service: Service) -> None:
    context = await _context(service)
    typed = turns.parse(context, 0, "c1-b1", words("en"))
    rows = turns.log_records(typed.steps, 0, 0, 1, 5.0, None)
    after = context.after(context.record, typed.state, rows)
    assert [a.notation for a in after.log] == ["c1-b1"] and after.state is typed.state
    assert after.names() == context.names() and after.language == context.language


# -- authorize -------------------------------------------------------------------------------
async def test_authorize_gives_the_seat_to_move(service: Service) -> None:
    assert turns.authorize(await _context(service), ALICE, None) == 0


async def test_authorize_names_whose_turn_it_is(service: Service) -> None:
    context = await _context(service, BOB)
    with pytest.raises(Refusal) as refused:
        turns.authorize(context, BOB, None)
    assert refused.value.key == "move.not_your_turn" and "alice" in str(refused.value)


async def test_authorize_refuses_an_old_button_and_a_match_over(service: Service) -> None:
    context = await _context(service)
    with pytest.raises(Refusal) as refused:
        turns.authorize(context, ALICE, context.record.version - 1)
    assert refused.value.key == "move.out_of_date"
    finished = dataclasses.replace(context.record, status="finished")
    over = dataclasses.replace(context, record=finished)
    with pytest.raises(Refusal) as refused:
        turns.authorize(over, ALICE, None)
    assert refused.value.key == "move.match_over"


# -- parse -----------------------------------------------------------------------------------
async def test_parse_plays_the_text_and_reads_the_confirmation_mark(service: Service) -> None:
    context = await _context(service)
    typed = turns.parse(context, 0, "c1-b1 !", words("en"))
    assert typed.confirmed and [s.notation for s in typed.steps] == ["c1-b1"]
    assert context.rules.to_move(typed.state) == [1]
    assert not turns.parse(context, 0, "c1-b1", words("en")).confirmed


async def test_parse_refuses_nothing_and_passes_on_an_illegal_move(service: Service) -> None:
    context = await _context(service)
    with pytest.raises(Refusal) as refused:
        turns.parse(context, 0, "   ", words("en"))
    assert refused.value.key == "move.empty"
    with pytest.raises(IllegalMove):
        turns.parse(context, 0, "z9-z8", words("en"))


async def test_an_empty_move_is_answered_with_how_to_type_one_in_the_movers_language(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The example comes from the catalogue, not the engine's English (a German mover read
    Ordo's English notation help)."""
    context = await _context(service)
    german = words("de")
    with pytest.raises(Refusal) as refused:
        turns.parse(context, 0, "", german)
    told = refused.value.say("de")
    assert told == german("move.empty", example=german("rules.ordo.notation_help"))
    assert german("rules.ordo.notation_help") != words("en")("rules.ordo.notation_help")
    monkeypatch.setattr(context.rules, "info", dataclasses.replace(context.rules.info,
                                                                   notation_help=""))  # fmt: skip
    with pytest.raises(Refusal) as refused:
        turns.parse(context, 0, " ", german)
    assert refused.value.say("de") == german("move.empty_see_rules", game="ordo")


async def test_parse_completes_an_autocomplete_group_sent_as_it_is(service: Service) -> None:
    context = await _context(service)
    legal = context.rules.legal_notations(context.state)
    groups: dict[str, list[str]] = {}
    for notation in legal:
        for cut in range(1, len(notation)):
            if notation[:cut] not in legal:
                groups.setdefault(notation[:cut], []).append(notation)
    one = next(stem for stem, found in groups.items() if len(found) == 1)
    typed = turns.parse(context, 0, f"{one} …", words("en"))
    assert [s.notation for s in typed.steps] == groups[one]
    several = next(stem for stem, found in groups.items() if len(found) > 1)
    with pytest.raises(Refusal) as refused:
        turns.parse(context, 0, several, words("en"))
    assert refused.value.key == "move.prefix"


# -- confirm ---------------------------------------------------------------------------------
def test_confirm_asks_about_a_risky_step_unless_told_or_pressed() -> None:
    risky = Typed(None, (_step("a1", "cops"),))
    question = turns.confirm(risky, None)
    assert question is not None and question.key == "move.cops"
    assert question.params == {"move": "a1"}
    assert turns.confirm(dataclasses.replace(risky, confirmed=True), None) is None
    assert turns.confirm(risky, 7) is None  # a button carries its version: pressed on purpose
    assert turns.confirm(Typed(None, (_step("a1"),)), None) is None


# -- premove, commit, announce ---------------------------------------------------------------
async def test_premove_leaves_a_turn_without_stored_lines_as_it_is(service: Service) -> None:
    context = await _context(service)
    typed = turns.parse(context, 0, "c1-b1", words("en"))
    turn = await service.moves.turn(context, 0, typed)
    assert turn.ended and turn.number == 1 and [r.notation for r in turn.rows] == ["c1-b1"]
    assert await service.moves.premove(context, turn) is turn


async def test_premove_plays_the_stored_answer_into_the_same_turn(service: Service) -> None:
    match = await start_ordo(service)
    assert (await service.move(ALICE, "c1-b1", match_id=match)).ok
    assert (await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)).ok
    context = await _context(service, BOB, match)
    typed = turns.parse(context, 1, "a6-a5", words("en"))
    turn = await service.moves.premove(context, await service.moves.turn(context, 1, typed))
    assert [s.notation for s in turn.answer] == ["d1-e1"] and turn.author == 0
    assert [r.notation for r in turn.rows] == ["a6-a5", "d1-e1"]
    assert turn.rows[-1].detail["conditional"] is True
    assert await service.store.get_match(match) == context.record  # nothing stored yet


async def test_commit_stores_once_and_announce_tells_it(service: Service) -> None:
    context = await _context(service)
    typed = turns.parse(context, 0, "c1-b1", words("en"))
    turn = await service.moves.turn(context, 0, typed)
    done = await service.moves.commit_turn(context, turn)
    assert done.record.version == context.record.version + 1
    assert [a.notation for a in await service.store.actions(context.record.id)] == ["c1-b1"]
    reply = await service.moves.announce(ALICE, context, turn, done)
    assert reply.ok and reply.text == "Played c1-b1."
    assert reply.post is not None and reply.post.mentions == (BOB.id,)
