"""The analysis board's use cases without a browser: every line replayed on the engine, bad
input answered with one sentence and nothing changed, the limits per match and per player,
conditional moves made from a line (the premove rules unchanged), FENCE! from the player's
own view, the review's evaluation only after the end, and the Activity's session opening the
same board."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp.test_utils import TestClient

import games
from bot.service import Service, User
from bot.service.pages.activity import Player
from bot.service.pages.analysis import NOTE_LIMIT, AnalysisLimits
from bot.words import words
from storage.base import ActionRecord

from .conftest import ALICE, BOB, CAROL, GUILD, MANAGER, bearer, start

say = words()
ORIGIN = {"Origin": "http://board.test"}


async def token_of(service: Service, user: User, match: int) -> str:
    url = (await service.web_link(user, match_id=match)).links[0].url
    return url.partition("#t=")[2]


async def opened(service: Service, token: str, match: int, **where: Any) -> dict[str, Any]:
    reply = await service.analysis.open(ALICE, token, match_id=match, **where)
    assert reply.ok, reply.text
    return reply.extra["analysis"]  # type: ignore[return-value]


async def changed(service: Service, token: str, match: int, **body: Any) -> Any:
    return await service.analysis.change(ALICE, token, match_id=match, **body)


async def stored(service: Service, match: int, user: str = "alice") -> Any:
    return await service.store.analysis(match, user)


async def test_a_line_is_replayed_on_the_engine_and_kept(service: Service) -> None:
    match = await start(service)
    token = await token_of(service, ALICE, match)
    board = await opened(service, token, match)
    rules = games.get("ordo")
    state = rules.new(2, None, 4242)
    assert [m["n"] for m in board["moves"]] == rules.legal_notations(state)
    first = board["moves"][0]["n"]
    one = (await changed(service, token, match, op="move", ply=0, move=first)).extra["analysis"]
    after = rules.apply(state, rules.parse(state, first))
    # The other side's steps, as the engine has them after the first.
    assert [m["n"] for m in one["moves"]] == rules.legal_notations(after)
    assert one["path"] == [1, 2] and one["tree"][1]["n"] == first
    # The same step again is the same node, not a second one.
    again = (await changed(service, token, match, op="move", ply=0, move=first)).extra["analysis"]
    assert again["at"] == one["at"] and again["nodes"] == 2
    record = await service.store.get_match(match)
    assert record is not None and record.version == 2  # nothing played: the match as it was


async def test_a_kept_replay_grows_with_the_log_and_is_dropped_when_a_step_changed(
    service: Service,
) -> None:
    match = await start(service)
    rules = games.get("ordo")
    record = await service.store.get_match(match)
    assert record is not None

    def step(ply: int, notation: str) -> ActionRecord:
        return ActionRecord(ply=ply, seat=(ply - 1) % 2, notation=notation, created_at=0.0)

    def fresh(log: list[ActionRecord]) -> list[Any]:
        state = rules.new(2, record.options, record.seed)
        states = [state]
        for action in log:
            state = rules.apply(state, rules.parse(state, action.notation))
            states.append(state)
        return [rules.dump(s) for s in states]

    start_state = rules.new(2, record.options, record.seed)
    first, other = rules.legal_notations(start_state)[:2]
    after = rules.apply(start_state, rules.parse(start_state, first))
    reply = rules.legal_notations(after)[0]
    for log in (
        [step(1, first)],
        [step(1, first), step(2, reply)],  # grown: only the new step replayed
        [step(1, other)],  # an agreed undo and another step: never the kept line
    ):
        states = await service.pages.replayed(record, rules, log)
        assert [rules.dump(s) for s in states] == fresh(log)


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"op": "move", "ply": 0, "move": "a1-a9"}, None),  # the engine's own sentence
        ({"op": "move", "node": 99, "move": "c1-b1"}, "analysis.no_node"),
        ({"op": "delete", "node": 99}, "analysis.no_node"),
        ({"op": "promote", "node": None}, "analysis.no_node"),
        ({"op": "move", "ply": 7, "move": "c1-b1"}, "web.no_position"),
        ({"op": "note", "note": "x" * (NOTE_LIMIT + 1)}, "analysis.note_too_long"),
        ({"op": "shuffle"}, "analysis.bad_request"),
        ({"op": "move", "ply": 0, "move": "c1-b1", "seat": 1}, "analysis.not_yours"),
    ],
)
async def test_bad_input_is_one_sentence_and_changes_nothing(
    service: Service, body: dict[str, Any], key: str | None
) -> None:
    match = await start(service)
    token = await token_of(service, ALICE, match)
    kept = await changed(service, token, match, op="move", ply=0, move="c1-b1")
    assert kept.ok
    before = await stored(service, match)
    reply = await changed(service, token, match, **body)
    assert not reply.ok and reply.text.count(".") <= 2 and "\n" not in reply.text
    if key == "analysis.note_too_long":
        assert reply.text == say(key, n=NOTE_LIMIT, length=NOTE_LIMIT + 1)
    elif key == "web.no_position":
        assert reply.text == say(key, ply=7, last=0)
    elif key == "analysis.no_node":
        assert reply.text.startswith(say(key, node="X").split("X")[0])
    elif key is not None:
        assert reply.text == say(key)
    assert await stored(service, match) == before


async def test_a_refusal_reads_in_the_readers_language(service: Service) -> None:
    match = await start(service)
    token = await token_of(service, ALICE, match)
    german = User("alice", "Alice", locale="de", guild_id=GUILD)
    reply = await service.analysis.open(german, token, match_id=match, node=5)
    assert reply.text == words("de")("analysis.no_node", node="5")


async def test_a_spectator_and_the_other_seat_never_reach_alices_lines(service: Service) -> None:
    match = await start(service)
    alice = await token_of(service, ALICE, match)
    await changed(service, alice, match, op="move", ply=0, move="c1-b1")
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    watcher = await service.analysis.open(CAROL, None, match_id=match)
    assert watcher.text == say("analysis.players_only")
    bob = await token_of(service, BOB, match)
    theirs = await service.analysis.open(BOB, bob, match_id=match, seat=0)
    assert theirs.text == say("analysis.not_yours")
    own = await service.analysis.open(BOB, bob, match_id=match)
    assert own.ok and own.extra["analysis"]["tree"] == []  # their own board: empty
    node = await service.analysis.open(BOB, bob, match_id=match, node=2)
    assert node.text == say("analysis.no_node", node="2")  # Alice's node ids mean nothing


async def test_the_limits_answer_with_a_sentence(service: Service) -> None:
    service.analysis.limits = AnalysisLimits(match_nodes=3, match_bytes=400, player_nodes=5)
    first, second = await start(service), await start(service)
    alice_1, alice_2 = await token_of(service, ALICE, first), await token_of(service, ALICE, second)
    one = await changed(service, alice_1, first, op="move", ply=0, move="c1-b1")
    two = await changed(
        service, alice_1, first, op="move", node=one.extra["analysis"]["at"], move="a6-a5"
    )
    assert two.ok
    three = await changed(
        service, alice_1, first, op="move", node=two.extra["analysis"]["at"], move="b1-c1"
    )
    assert three.text == say("analysis.match_nodes", n=3)
    long = await changed(service, alice_1, first, op="note", note="ü" * 300)
    assert long.text == say("analysis.match_bytes", n=0)
    other = await changed(service, alice_2, second, op="move", ply=0, move="c1-b1")
    assert other.ok  # 5 nodes in all
    full = await changed(
        service, alice_2, second, op="move", node=other.extra["analysis"]["at"], move="a6-a5"
    )
    assert full.text == say("analysis.player_nodes")
    assert (await stored(service, second)).nodes == 2


async def test_the_note_by_command_is_escaped_limited_and_private(service: Service) -> None:
    match = await start(service)
    assert (await service.match_note(ALICE, None, match_id=match)).text == say(
        "analysis.note_none", match=match
    )
    saved = await service.match_note(ALICE, "**bold** @everyone", match_id=match)
    assert saved.ok and saved.ephemeral and saved.text == say("analysis.note_saved", match=match)
    shown = await service.match_note(ALICE, None, match_id=match)
    assert "\\*\\*bold\\*\\*" in shown.text and "@everyone" not in shown.text
    assert (await service.match_note(BOB, None, match_id=match)).text == say(
        "analysis.note_none", match=match
    )
    long = await service.match_note(ALICE, "y" * (NOTE_LIMIT + 1), match_id=match)
    assert long.text == say("analysis.note_too_long", n=NOTE_LIMIT, length=NOTE_LIMIT + 1)
    assert (await stored(service, match)).note == "**bold** @everyone"
    assert (await service.match_note(CAROL, "mine", match_id=match)).ok is False
    cleared = await service.match_note(ALICE, "clear", match_id=match)
    assert cleared.text == say("analysis.note_cleared", match=match)
    # After the end the note is still there to write and read.
    assert (await service.resign(BOB, match_id=match)).ok
    assert (await service.match_note(ALICE, "lesson", match_id=match)).ok
    assert "lesson" in (await service.match_note(ALICE, None, match_id=match)).text


async def test_a_line_becomes_conditional_moves_under_the_premove_rules(service: Service) -> None:
    match = await start(service)
    bob = await token_of(service, BOB, match)  # Alice is to move: Bob waits
    mine = await changed(service, bob, match, op="move", ply=0, move="c1-b1")
    node = mine.extra["analysis"]["at"]
    short = await changed(service, bob, match, op="keep", node=node)
    assert short.text == say("analysis.keep_too_short")
    answer = await changed(service, bob, match, op="move", node=node, move="a6-a5")
    kept = await changed(service, bob, match, op="keep", node=answer.extra["analysis"]["at"])
    assert kept.ok, kept.text
    assert kept.extra["analysis"]["premoves"] == ["if c1-b1 then a6-a5"]
    listed = await service.premove(BOB, None, match_id=match)
    assert "if c1-b1 then a6-a5" in listed.text
    # The answer is played when Alice plays the move, exactly as a typed /premove.
    assert (await service.move(ALICE, "c1-b1", match_id=match)).ok
    record = await service.store.get_match(match)
    assert record is not None and record.version == 4
    # Alice, to move, is told what /premove tells her: on her turn she just moves.
    alice = await token_of(service, ALICE, match)
    live = await changed(service, alice, match, op="move", ply=2, move="b1-c1")
    refused = await changed(service, alice, match, op="keep", node=live.extra["analysis"]["at"])
    assert refused.text == say("premove.your_turn")


async def test_conditional_moves_are_cancelled_on_the_board(service: Service) -> None:
    match = await start(service)
    bob = await token_of(service, BOB, match)
    one = await changed(service, bob, match, op="move", ply=0, move="c1-b1")
    two = await changed(
        service, bob, match, op="move", node=one.extra["analysis"]["at"], move="a6-a5"
    )
    assert (await changed(service, bob, match, op="keep", node=two.extra["analysis"]["at"])).ok
    gone = await changed(service, bob, match, op="unkeep")
    assert gone.ok and gone.extra["analysis"]["premoves"] == []
    record = await service.store.get_match(match)
    assert record is not None and "premoves" not in record.meta


async def fence_match(service: Service) -> int:
    opened = await service.play(ALICE, "fence", seats=2, options={"quick_map": True})
    match = opened.match_id
    assert match is not None
    await service.join(BOB, match_id=match)
    await service.start(ALICE, match_id=match)
    rules = games.get("fence")
    for _ in range(200):
        record = await service.store.get_match(match)
        assert record is not None
        state = rules.load(record.state)
        if state.stage == "turn":
            return match
        who = ALICE if record.seats[rules.to_move(state)[0]] == ALICE.id else BOB
        assert (await service.move(who, rules.legal_notations(state)[0] + "!", match_id=match)).ok
    raise AssertionError("no turn stage")


async def test_fence_analyses_from_the_players_own_view(service: Service) -> None:
    match = await fence_match(service)
    record = await service.store.get_match(match)
    assert record is not None
    rules = games.get("fence")
    state = rules.load(record.state)
    for user, seat in ((ALICE, 0), (BOB, 1)):
        token = await token_of(service, user, match)
        board = (await service.analysis.open(user, token, match_id=match)).extra["analysis"]
        assert board["view"]["hand"] == list(rules.view(state, seat)["hand"])
        worlds = rules.analysis_worlds(state, seat)
        assert len(worlds) > 1
        assert all(rules.view(world, seat) == rules.view(state, seat) for world in worlds)
        # Everything offered as it is shows the seat the same in every world, and uses no
        # chance (a step chance decides is marked: the player picks how it falls).
        offered = {move["n"] for move in board["moves"] if not move.get("chance")}
        assert offered
        for action in rules.legal_actions(worlds[0]):
            notation = rules.format(worlds[0], action)
            afters = []
            for world in worlds:
                try:
                    afters.append(rules.apply(world, rules.parse(world, notation)))
                except games.core.IllegalMove:
                    afters.append(None)
            same = None not in afters and all(
                rules.view(a, seat) == rules.view(afters[0], seat) for a in afters
            )
            known = same and rules.analysis_known(worlds[0], afters[0], seat)
            assert (notation in offered) == known, notation


async def test_the_review_shows_only_after_the_end(service: Service) -> None:
    match = await start(service)
    token = await token_of(service, ALICE, match)
    await changed(service, token, match, op="move", ply=0, move="c1-b1")
    assert all("eval" not in n for n in (await opened(service, token, match, ply=0))["tree"])
    assert (await service.resign(BOB, match_id=match)).ok
    await service.store.request_review(match, "alice", 1.0)
    await service.store.finish_review(match, {"kind": "chances", "chances": [0.25]}, 2.0)
    board = await opened(service, token, match, ply=0)
    root = next(n for n in board["tree"] if n["p"] is None)
    assert root["eval"] == 0.25  # Alice is the first seat: her chance as the review has it
    bob = await token_of(service, BOB, match)
    theirs = (await service.analysis.open(BOB, bob, match_id=match, ply=0)).extra["analysis"]
    assert theirs["tree"] == []  # Bob's own board is empty: the review is on nodes one has


async def test_the_activity_session_opens_the_same_board(
    service: Service, client: TestClient
) -> None:
    match = await start(service)
    assert service.pages.sessions is not None
    session = service.pages.sessions.issue(Player("alice", "Alice", "c1", GUILD))
    answer = await client.get(f"/m/{match}/analysis", headers=bearer(session))
    assert answer.status == 200, await answer.text()
    body = {"op": "move", "ply": 0, "move": "c1-b1"}
    moved = await client.post(
        f"/m/{match}/analysis", headers={**bearer(session), **ORIGIN}, json=body
    )
    assert moved.status == 200
    link = await token_of(service, ALICE, match)
    # The same lines from the link's page: one board for the player on every frame.
    back = await client.get(f"/m/{match}/analysis?ply=0", headers=bearer(link))
    assert [n.get("n") for n in (await back.json())["tree"]] == [None, "c1-b1"]
