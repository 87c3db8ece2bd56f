"""The service decides who may act, commits each action once and answers in sentences."""

from __future__ import annotations

import asyncio
import logging

import pytest

import games
from bot.service import Service, replay
from storage import SqliteStore

from .conftest import ALICE, BOB, CAROL, FakeClock, start_ordo


async def test_challenge_pings_opponent_with_buttons(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, color="first")
    assert reply.ok and reply.created
    assert reply.post is not None
    assert reply.post.mentions == ("bob",)
    assert [b.action for b in reply.post.buttons] == ["accept", "decline"]
    assert "alice (White)" in reply.post.text and "bob (Black)" in reply.post.text


async def test_color_second_gives_challenger_black(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, color="second")
    record = await service.store.get_match(reply.match_id)
    assert record is not None and record.seats == ("bob", "alice")


async def test_bad_color_names_allowed_values(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, color="purple")
    assert not reply.ok
    assert "first, second, random, White or Black" in reply.text


async def test_unknown_option_is_refused_with_the_known_ones(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, options={"size": "9"})
    assert not reply.ok and "size" in reply.text
    assert await service.store.list_matches() == []


async def test_unknown_game_lists_games(service: Service) -> None:
    reply = await service.challenge(ALICE, "chess", BOB)
    assert not reply.ok and "ordo" in reply.text


async def test_cannot_challenge_yourself(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", ALICE)
    assert not reply.ok and "yourself" in reply.text


async def test_challenger_cannot_accept_own_challenge(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB)
    again = await service.accept(ALICE, match_id=reply.match_id)
    assert not again.ok and "opponent must accept" in again.text


async def test_decline_and_withdraw(service: Service) -> None:
    first = await service.challenge(ALICE, "ordo", BOB)
    declined = await service.decline(BOB, match_id=first.match_id)
    assert declined.ok
    assert (await service.store.get_match(first.match_id)).status == "declined"
    second = await service.challenge(ALICE, "ordo", BOB)
    withdrawn = await service.decline(ALICE, match_id=second.match_id)
    assert withdrawn.ok
    assert (await service.store.get_match(second.match_id)).status == "cancelled"


async def test_accept_starts_and_pings_first_mover_with_board(service: Service) -> None:
    reply = await service.challenge(ALICE, "ordo", BOB, color="black")
    accepted = await service.accept(BOB)
    assert accepted.ok
    assert accepted.post is not None and accepted.post.image is not None
    assert accepted.post.image.startswith(b"\x89PNG")
    assert accepted.post.mentions == ("bob",)  # bob is White and moves first
    assert reply.match_id == accepted.match_id


async def test_move_is_logged_and_next_player_pinged(service: Service) -> None:
    match_id = await start_ordo(service)
    reply = await service.move(ALICE, "A3 - A4")
    assert reply.ok, reply.text
    assert reply.post is not None
    assert reply.post.mentions == ("bob",)
    assert "alice (White) played a3-a4" in reply.post.text
    actions = await service.store.actions(match_id)
    assert [(a.ply, a.seat, a.notation) for a in actions] == [(1, 0, "a3-a4")]
    assert actions[0].detail["highlight"]["from"] == ["a3"]


async def test_out_of_turn_and_outsider_are_refused(service: Service) -> None:
    match_id = await start_ordo(service)
    out_of_turn = await service.move(BOB, "a6-a5", match_id=match_id)
    assert not out_of_turn.ok and "alice (White)'s turn" in out_of_turn.text
    outsider = await service.move(CAROL, "a3-a4", match_id=match_id)
    assert not outsider.ok and "not playing" in outsider.text
    assert await service.store.actions(match_id) == []


async def test_illegal_move_writes_nothing_and_suggests(service: Service) -> None:
    match_id = await start_ordo(service)
    before = await service.store.get_match(match_id)
    reply = await service.move(ALICE, "a3-a7")
    assert not reply.ok
    assert "a3-a4" in reply.text  # a legal alternative for that piece
    after = await service.store.get_match(match_id)
    assert after.version == before.version
    assert await service.store.actions(match_id) == []


async def test_stale_button_press_is_refused(service: Service) -> None:
    match_id = await start_ordo(service)
    record = await service.store.get_match(match_id)
    await service.move(ALICE, "a3-a4")
    stale = await service.move(BOB, "a6-a5", match_id=match_id, version=record.version)
    assert not stale.ok and "out of date" in stale.text


async def test_two_concurrent_moves_apply_once(service: Service) -> None:
    match_id = await start_ordo(service)
    first, second = await asyncio.gather(
        service.move(ALICE, "a3-a4", match_id=match_id),
        service.move(ALICE, "b3-b4", match_id=match_id),
    )
    assert sorted([first.ok, second.ok]) == [False, True]
    loser = first if not first.ok else second
    assert "board changed" in loser.text
    assert len(await service.store.actions(match_id)) == 1


async def test_several_matches_need_match_option(service: Service) -> None:
    await start_ordo(service)
    await start_ordo(service)
    reply = await service.move(ALICE, "a3-a4")
    assert not reply.ok and "match:<id>" in reply.text


async def test_resign_finishes_and_blocks_moves(service: Service) -> None:
    match_id = await start_ordo(service)
    reply = await service.resign(BOB)
    assert reply.ok
    record = await service.store.get_match(match_id)
    assert record.status == "finished"
    assert record.result["winners"] == [0] and record.result["termination"] == "resignation"
    assert "alice (White) wins" in reply.post.text
    late = await service.move(ALICE, "a3-a4", match_id=match_id)
    assert not late.ok and "over" in late.text


async def test_draw_offer_accept_and_decline(service: Service) -> None:
    match_id = await start_ordo(service)
    offer = await service.draw(ALICE)
    assert offer.ok and offer.post.mentions == ("bob",)
    again = await service.draw(ALICE)
    assert not again.ok and "already offered" in again.text
    declined = await service.decline(BOB)
    assert declined.ok
    assert "draw_offer" not in (await service.store.get_match(match_id)).meta
    await service.draw(BOB)
    accepted = await service.accept(ALICE)
    assert accepted.ok
    record = await service.store.get_match(match_id)
    assert record.status == "finished" and record.result["winners"] == []


async def test_a_move_withdraws_a_pending_draw_offer(service: Service) -> None:
    match_id = await start_ordo(service)
    await service.draw(BOB)
    await service.move(ALICE, "a3-a4")
    assert "draw_offer" not in (await service.store.get_match(match_id)).meta


async def test_undo_needs_consent_and_replays_log(service: Service) -> None:
    match_id = await start_ordo(service)
    await service.move(ALICE, "a3-a4")
    refused = await service.undo(BOB)
    assert not refused.ok and "your own last move" in refused.text
    request = await service.undo(ALICE)
    assert request.ok and request.post.mentions == ("bob",)
    done = await service.accept(BOB)
    assert done.ok, done.text
    assert await service.store.actions(match_id) == []
    logged = await service.store.actions(match_id, include_undone=True)
    assert [a.undone for a in logged] == [True]
    record = await service.store.get_match(match_id)
    rules = games.get("ordo")
    assert rules.load(record.state) == rules.new(2, {}, record.seed)
    again = await service.move(ALICE, "b3-b4")
    assert again.ok
    assert [a.ply for a in await service.store.actions(match_id)] == [2]


async def test_undo_refused_by_opponent(service: Service) -> None:
    match_id = await start_ordo(service)
    await service.move(ALICE, "a3-a4")
    await service.undo(ALICE)
    refused = await service.decline(BOB)
    assert refused.ok
    assert len(await service.store.actions(match_id)) == 1


async def test_games_lists_whose_turn(service: Service, clock: FakeClock) -> None:
    await start_ordo(service)
    clock.advance(3 * 3600)
    mine = await service.games(ALICE)
    theirs = await service.games(BOB)
    assert "**your turn**" in mine.text and "3 h ago" in mine.text
    assert "alice's turn" in theirs.text


async def test_history_numbers_turns(service: Service) -> None:
    await start_ordo(service)
    await service.move(ALICE, "a3-a4")
    await service.move(BOB, "a6-a5")
    reply = await service.history(CAROL, match_id=1)
    assert "1. alice (White): a3-a4" in reply.text
    assert "2. bob (Black): a6-a5" in reply.text


async def test_rules_summary_mentions_notation(service: Service) -> None:
    reply = await service.rules("ordo")
    assert reply.ok and "a2:d2-a3" in reply.text


async def test_suggestions_filter_and_cache(service: Service) -> None:
    match_id = await start_ordo(service)
    everything = await service.suggestions(ALICE, "", match_id=match_id)
    assert 0 < len(everything) <= 25
    narrowed = await service.suggestions(ALICE, "a3", match_id=match_id)
    assert narrowed and all(s.startswith("a3") for s in narrowed)
    assert "a3-a4" in narrowed
    assert await service.suggestions(BOB, "", match_id=match_id) == []  # not bob's turn
    record = await service.store.get_match(match_id)
    assert (match_id, record.version, "en") in service.moves._legal


async def test_internal_error_is_an_apology_logged_with_match_id(
    service: Service, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    match_id = await start_ordo(service)
    rules = games.get("ordo")

    def boom(*_: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(type(rules), "apply", boom)
    with caplog.at_level(logging.ERROR):
        reply = await service.move(ALICE, "a3-a4", match_id=match_id)
    assert not reply.ok and "Sorry" in reply.text and "kaboom" not in reply.text
    assert f"match {match_id}" in caplog.text
    assert await service.store.actions(match_id) == []


async def test_rebuilding_from_the_log_matches_the_snapshot(tmp_path) -> None:
    store = SqliteStore(tmp_path / "log.sqlite3")
    await store.open()
    try:
        service = Service(store, clock=FakeClock(), seed_source=lambda: 7)
        match_id = await start_ordo(service)
        rules = games.get("ordo")
        import random

        rng = random.Random(3)
        for _ in range(30):
            record = await store.get_match(match_id)
            if record.status != "active":
                break
            state = rules.load(record.state)
            seat = rules.to_move(state)[0]
            mover = ALICE if seat == 0 else BOB
            move = rules.format(state, rng.choice(rules.legal_actions(state)))
            assert (await service.move(mover, move, match_id=match_id)).ok
        record = await store.get_match(match_id)
        rebuilt = replay(rules, record, await store.actions(match_id))
        assert rules.dump(rebuilt) == record.state
    finally:
        await store.close()


async def test_finished_matches_do_not_make_the_choice_ambiguous(service: Service) -> None:
    old = await start_ordo(service)
    await service.resign(BOB, match_id=old)
    current = await start_ordo(service)
    reply = await service.move(ALICE, "a3-a4")
    assert reply.ok and reply.match_id == current
    board = await service.board(ALICE)
    assert board.ok and board.match_id == current
    finished = await service.board(ALICE, match_id=old)
    assert finished.ok and "wins" in finished.post.text
