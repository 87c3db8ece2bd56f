"""Conditional moves (issue 18.1): entered privately, played in the transaction of the move
they answer, dropped on a miss, kept across restarts, costing no time, revealing nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.service import Refusal, Service
from bot.service.play import premoves as pm
from storage import MemoryStore, SqliteStore

from .conftest import ALICE, BOB, CAROL, FakeClock, start_ordo

ORDO = games.get("ordo")


async def _after_first_move(service: Service) -> int:
    """Ordo #1 with White's (alice's) first move played: bob (Black) is to move."""
    match = await start_ordo(service)
    assert (await service.move(ALICE, "c1-b1", match_id=match)).ok
    return match


async def _notations(service: Service, match: int) -> list[str]:
    return [a.notation for a in await service.store.actions(match)]


# -- reading lines ---------------------------------------------------------------------------
def test_parse_reads_alternatives_and_depth() -> None:
    assert pm.parse("if a6-a5 then c1-b1") == [[("a6-a5", "c1-b1")]]
    assert pm.parse("IF a6-a5 THEN d1-e1 if b6-b5 then g1-f1; if e6-e5 then h1-i1") == [
        [("a6-a5", "d1-e1"), ("b6-b5", "g1-f1")],
        [("e6-e5", "h1-i1")],
    ]
    assert pm.parse("if k10 l11>k11 then m3\nif a1 then b2") == [
        [("k10 l11>k11", "m3")],
        [("a1", "b2")],
    ]


@pytest.mark.parametrize(
    "text",
    ["a6-a5", "if a6-a5", "then c1-b1", "if a6-a5 then", "c1-b1 if a6-a5 then d1-e1",
     "if a6-a5 if b6-b5 then c1-b1", ""],
)  # fmt: skip
def test_parse_refuses_what_is_not_if_then(text: str) -> None:
    with pytest.raises(Refusal) as refused:
        pm.parse(text)
    assert refused.value.key == "premove.malformed"


def test_parse_refuses_lines_deeper_than_the_limit() -> None:
    line = " ".join(["if a6-a5 then c1-b1"] * (pm.MAX_DEPTH + 1))
    with pytest.raises(Refusal) as refused:
        pm.parse(line)
    assert refused.value.key == "premove.too_deep"


def test_merge_adds_alternatives_and_the_newest_answer_wins() -> None:
    tree = pm.merge((), [[("a", "b"), ("c", "d")], [("a", "b"), ("e", "f")], [("g", "h")]])
    assert pm.describe(tree) == [
        "if a then b if c then d",
        "if a then b if e then f",
        "if g then h",
    ]
    changed = pm.merge(tree, [[("a", "x")]])
    assert pm.describe(changed) == ["if a then x", "if g then h"]
    assert pm.count(changed) == 2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_stored_lines_read_back_as_typed(data: st.DataObject) -> None:
    """parse(describe(check(lines))) == lines: what /premove shows can be typed again."""
    state = ORDO.apply(ORDO.new(2, ORDO.options(None), 1), ORDO.parse(ORDO.new(2, {}, 1), "c1-b1"))
    lines: list[pm.Line] = []
    for _ in range(data.draw(st.integers(1, 3))):
        current, line = state, []
        for _ in range(data.draw(st.integers(1, 3))):
            theirs = data.draw(st.sampled_from(ORDO.legal_notations(current)))
            current = ORDO.apply(current, ORDO.parse(current, theirs))
            if ORDO.outcome(current) is not None:
                break
            mine = data.draw(st.sampled_from(ORDO.legal_notations(current)))
            current = ORDO.apply(current, ORDO.parse(current, mine))
            line.append((theirs, mine))
            if ORDO.outcome(current) is not None:
                break
        if line:
            lines.append(line)
    if not lines:
        return
    checked = pm.check(ORDO, state, 0, lines)
    tree = pm.merge((), checked)
    again = pm.check(ORDO, state, 0, pm.parse("; ".join(pm.describe(tree))))
    assert pm.merge((), again) == tree


# -- the use case ----------------------------------------------------------------------------
async def test_entry_is_private_and_refused_on_your_own_turn(service: Service) -> None:
    match = await start_ordo(service)
    mine = await service.premove(ALICE, "if a6-a5 then c1-b1", match_id=match)
    assert not mine.ok and "your turn" in mine.text
    await service.move(ALICE, "c1-b1", match_id=match)
    stored = await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    assert stored.ok and stored.ephemeral and stored.post is None and not stored.dms
    assert "if a6-a5 then d1-e1" in stored.text
    shown = await service.premove(ALICE, match_id=match)
    assert shown.ephemeral and "if a6-a5 then d1-e1" in shown.text
    theirs = await service.premove(BOB, match_id=match)
    assert "a6-a5" not in theirs.text and "d1-e1" not in theirs.text
    outsider = await service.premove(CAROL, "if a6-a5 then d1-e1", match_id=match)
    assert not outsider.ok


async def test_a_matching_move_is_answered_in_the_same_commit(service: Service) -> None:
    match = await _after_first_move(service)
    await service.premove(ALICE, "if a6-a5 then d1-e1; if b6-b5 then g1-f1", match_id=match)
    before = await service.store.get_match(match)
    assert before is not None
    reply = await service.move(BOB, "a6-a5", match_id=match)
    assert reply.ok and reply.post is not None
    after = await service.store.get_match(match)
    assert after is not None and after.version == before.version + 1  # one transaction
    assert await _notations(service, match) == ["c1-b1", "a6-a5", "d1-e1"]
    assert "d1-e1" in reply.post.text and "conditional" in reply.post.text
    assert reply.post.mentions == (BOB.id,)  # bob is to move again, and pinged
    log = await service.store.actions(match)
    assert log[-1].seat == 0 and log[-1].detail["conditional"] is True
    assert log[-1].detail["turn"] == log[-2].detail["turn"] + 1
    # The alternative that did not happen is gone with the rest of the tree.
    assert "no conditional" in (await service.premove(ALICE, match_id=match)).text


async def test_a_miss_cancels_every_line_and_tells_nobody(service: Service) -> None:
    match = await _after_first_move(service)
    await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    reply = await service.move(BOB, "b6-b5", match_id=match)
    assert reply.ok and reply.post is not None
    assert "d1-e1" not in reply.post.text and "conditional" not in reply.post.text
    assert await _notations(service, match) == ["c1-b1", "b6-b5"]
    assert reply.post.mentions == (ALICE.id,)
    assert "no conditional" in (await service.premove(ALICE, match_id=match)).text
    record = await service.store.get_match(match)
    assert record is not None and pm.META_KEY not in record.meta


async def test_a_nested_line_answers_turn_after_turn(service: Service) -> None:
    match = await _after_first_move(service)
    stored = await service.premove(ALICE, "if a6-a5 then d1-e1 if e6-e5 then g1-f1", match_id=match)
    assert stored.ok, stored.text
    await service.move(BOB, "a6-a5", match_id=match)
    left = await service.premove(ALICE, match_id=match)
    assert "if e6-e5 then g1-f1" in left.text and "a6-a5" not in left.text
    await service.move(BOB, "e6-e5", match_id=match)
    assert await _notations(service, match) == ["c1-b1", "a6-a5", "d1-e1", "e6-e5", "g1-f1"]


@pytest.mark.parametrize(
    ("text", "key_words"),
    [
        ("if a6-a4 then d1-e1", "could not play a6-a4"),
        ("if a6-a5 then d1-d5", "could not answer a6-a5 with d1-d5"),
        ("if a6-a5 then d1-e1 if b6-b5 then g1-f1", "could not play b6-b5"),
        ("if a6-a5", "can't read"),
    ],
)
async def test_illegal_lines_are_refused_at_entry_with_the_reason(
    service: Service, text: str, key_words: str
) -> None:
    match = await _after_first_move(service)
    refused = await service.premove(ALICE, text, match_id=match)
    assert not refused.ok and key_words in refused.text
    assert "no conditional" in (await service.premove(ALICE, match_id=match)).text


async def test_clear_forgets_the_lines(service: Service) -> None:
    match = await _after_first_move(service)
    await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    assert "cleared" in (await service.premove(ALICE, "clear", match_id=match)).text
    await service.move(BOB, "a6-a5", match_id=match)
    assert await _notations(service, match) == ["c1-b1", "a6-a5"]


async def test_entering_lines_leaves_no_trace_the_opponent_could_notice(
    service: Service, clock: FakeClock
) -> None:
    """Bob's button from the last post still plays, and his listing order stays."""
    match = await _after_first_move(service)
    posted = await service.store.get_match(match)
    assert posted is not None
    clock.advance(3600)
    await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    entered = await service.store.get_match(match)
    assert entered is not None and entered.updated_at == posted.updated_at
    pressed = await service.move(BOB, "b6-b5", match_id=match, version=posted.version)
    assert pressed.ok, pressed.text
    # A press on a board that really changed is still refused.
    stale = await service.move(ALICE, "d1-e1", match_id=match, version=posted.version)
    assert not stale.ok and "out of date" in stale.text


async def test_an_answer_costs_no_time(service: Service, clock: FakeClock) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, color="white", time_control="1d per move")
    assert reply.match_id is not None
    match = reply.match_id
    await service.accept(BOB, match_id=match)
    await service.move(ALICE, "c1-b1", match_id=match)
    await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    clock.advance(5 * 3600)
    await service.move(BOB, "a6-a5", match_id=match)
    record = await service.store.get_match(match)
    assert record is not None
    banks = record.meta["clock"]["banks"]
    assert banks[0] == pytest.approx(24 * 3600)  # alice answered in no time
    assert record.meta["clock"]["running"] == [1]


async def test_an_undo_drops_the_lines(service: Service) -> None:
    match = await _after_first_move(service)
    await service.move(BOB, "a6-a5", match_id=match)
    await service.move(ALICE, "d1-e1", match_id=match)
    assert (await service.premove(ALICE, "if e6-e5 then g1-f1", match_id=match)).ok
    await service.undo(ALICE, match_id=match)
    await service.accept(BOB, match_id=match)
    # alice's d1-e1 is taken back: the lines answered a position that is gone.
    assert "no conditional" in (await service.premove(ALICE, match_id=match)).text


async def test_multi_player_games_have_no_conditional_moves(service: Service) -> None:
    opened = await service.play(ALICE, "fence", invited=[BOB, CAROL], seats=3)
    assert opened.match_id is not None
    await service.join(BOB, match_id=opened.match_id)
    await service.join(CAROL, match_id=opened.match_id)
    record = await service.store.get_match(opened.match_id)
    assert record is not None
    if record.status != "active":
        await service.start(ALICE, match_id=opened.match_id)
    refused = await service.premove(BOB, "if x then y", match_id=opened.match_id)
    assert not refused.ok and "two-player" in refused.text


async def test_lines_survive_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = str(tmp_path / "bot.sqlite3")
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 12345)
        match = await _after_first_move(service)
        await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 12345)
        await service.move(BOB, "a6-a5", match_id=match)
        assert await _notations(service, match) == ["c1-b1", "a6-a5", "d1-e1"]


async def test_a_computer_move_triggers_the_answer(clock: FakeClock) -> None:
    """The computer moves through the same path as a person, so lines answer it too."""
    async with MemoryStore() as store:
        service = Service(store, clock=clock, seed_source=lambda: 12345)
        from bot.service.computer.opponents import computer

        bot = computer("easy")
        started = await service.challenge(ALICE, "ordo", bot, color="white")
        match = started.match_id
        assert match is not None
        await service.move(ALICE, "c1-b1", match_id=match)
        record = await service.store.get_match(match)
        assert record is not None
        state = ORDO.load(record.state)
        lines = "; ".join(
            f"if {n} then {ORDO.legal_notations(ORDO.apply(state, ORDO.parse(state, n)))[0]}"
            for n in ORDO.legal_notations(state)[:10]
        )
        stored = await service.premove(ALICE, lines, match_id=match)
        assert stored.ok, stored.text
        service.computer_seconds = {k: 0.05 for k in service.computer_seconds}
        await service.computer_turns(match)
        played = await _notations(service, match)
        expected = dict(
            (b.theirs, b.mine) for b in pm.merge((), pm.check(ORDO, state, 0, pm.parse(lines)))
        )
        if played[1] in expected:
            assert played[2:] == [expected[played[1]]]
        else:
            assert played[2:] == []


def test_autocomplete_offers_their_moves_after_if_and_yours_after_then() -> None:
    state = ORDO.new(2, ORDO.options(None), 1)
    state = ORDO.apply(state, ORDO.parse(state, "c1-b1"))
    first = pm.complete(ORDO, state, 0, "")
    assert first[0] == "if a6-a5 then " and all(c.startswith("if ") for c in first)
    assert pm.complete(ORDO, state, 0, "if b6") == [
        "if b6-b5 then ",
        "if b6-a5 then ",
        "if b6-c6 then ",
        "if b6-d6 then ",
    ]
    mine = pm.complete(ORDO, state, 0, "if a6-a5 then d1")
    assert "if a6-a5 then d1-e1" in mine and all(m.startswith("if a6-a5 then d1-") for m in mine)
    deeper = pm.complete(ORDO, state, 0, "if a6-a5 then d1-e1 if e6")
    assert deeper and all(c.startswith("if a6-a5 then d1-e1 if e6") for c in deeper)
    again = pm.complete(ORDO, state, 0, "if a6-a5 then d1-e1; if b6-b5 then g1")
    assert "if a6-a5 then d1-e1; if b6-b5 then g1-f1" in again
    assert pm.complete(ORDO, state, 0, "if a6-a4 then d1") == []  # nothing after a wrong turn


async def test_the_console_speaks_premove(clock: FakeClock, tmp_path: Path) -> None:
    from bot.console import Console

    out: list[str] = []
    async with MemoryStore() as store:
        shell = Console(
            Service(store, clock=clock, seed_source=lambda: 12345), tmp_path, out.append
        )
        for line in (
            "alice: /play ordo opponent:bob color:first",
            "bob: /match accept",
            "alice: /move c1-b1",
            'alice: /premove lines:"if a6-a5 then d1-e1"',
            "alice: /premove",
        ):
            await shell.handle(line)
        private = [line for line in out if "if a6-a5 then d1-e1" in line]
        assert private and all(line.startswith("[only alice] ") for line in private)
        out.clear()
        await shell.handle("bob: /move a6-a5")
        assert any(
            re.search(r"alice \((White|Black)\) answers at once with a conditional move: d1-e1", s)
            for s in out
        )
        assert "[notify bob] bob, it's your turn in Ordo (match #1)." in out


def test_a_turn_of_several_steps_is_completed_step_by_step() -> None:
    """Fonver's pie choice "keep" is not a whole turn: a stone follows in the same turn."""
    fonver = games.get("fonver")
    state = fonver.new(2, fonver.options(None), 1)
    state = fonver.apply(state, fonver.parse(state, "a1"))
    assert "if swap then " in pm.complete(fonver, state, 0, "")
    assert pm.complete(fonver, state, 0, "if keep") == ["if keep "]  # not "then" yet
    offered = pm.complete(fonver, state, 0, "if keep d")
    assert offered[0] == "if keep d1 then "
    with pytest.raises(Refusal) as refused:
        pm.check(fonver, state, 0, pm.parse("if keep then b1"))
    assert refused.value.key == "premove.unfinished_turn"
    assert pm.check(fonver, state, 0, pm.parse("if keep d1 then b1")) == [[("keep d1", "b1")]]


async def test_only_the_public_version_is_current_whatever_is_stored_privately(
    service: Service,
) -> None:
    """Issue 32.1: a press (or a web page's move) carrying any version but the public one
    gets the same "out of date", with or without conditional moves stored; the numbers
    between the public and the stored version are no oracle for them."""
    from bot.service.match.transition import public_version, stale

    match = await _after_first_move(service)
    posted = await service.store.get_match(match)
    assert posted is not None
    plain = [stale(posted, posted.version + d) for d in (-1, 1, 2)]
    await service.premove(ALICE, "if a6-a5 then d1-e1", match_id=match)
    between = await service.store.get_match(match)
    assert between is not None and between.version > posted.version
    assert public_version(between) == posted.version
    held = [stale(between, posted.version + d) for d in (-1, 1, 2)]
    assert plain == held == [True, True, True]
    assert not stale(between, posted.version)
    for offset in (1, 2):
        refused = await service.move(BOB, "", match_id=match, version=posted.version + offset)
        assert not refused.ok and "out of date" in refused.text
    await service.premove(ALICE, "clear", match_id=match)
    cleared = await service.store.get_match(match)
    assert cleared is not None and public_version(cleared) == posted.version
    pressed = await service.move(BOB, "b6-b5", match_id=match, version=posted.version)
    assert pressed.ok, pressed.text
    moved = await service.store.get_match(match)
    assert moved is not None and public_version(moved) == moved.version
