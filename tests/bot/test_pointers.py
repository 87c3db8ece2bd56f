"""Issue "What a player sees and reads", items 6 and 7: refusals that point the right way,
and option values that are refused or explained instead of taken quietly."""

from __future__ import annotations

from bot.service import Service, User

from .conftest import ALICE, BOB, CAROL, FakeClock

GUILD = "g1"


async def test_move_while_own_challenge_waits_names_who_must_answer(service: Service) -> None:
    made = await service.challenge(ALICE, "ordo", BOB)
    assert made.ok
    reply = await service.move(ALICE, "a3-a4")
    assert not reply.ok
    assert "start one with /play" not in reply.text
    assert "bob" in reply.text and f"#{made.match_id}" in reply.text


async def test_history_right_after_the_end_finds_the_match_just_played(service: Service) -> None:
    made = await service.challenge(ALICE, "ordo", BOB, color="first", guild_id=GUILD)
    assert made.match_id is not None
    await service.attach_place(made.match_id, channel_id="c1", thread_id=None)
    await service.accept(BOB, match_id=made.match_id)
    await service.move(ALICE, "a3-a4", match_id=made.match_id)
    await service.resign(BOB, match_id=made.match_id)
    for where in ("c1", None):
        history = await service.history(ALICE, where=where)
        assert history.ok, history.text
        assert "1. alice (White): a3-a4" in history.text


async def test_accept_with_nothing_for_me_points_to_open_challenges(service: Service) -> None:
    opened = await service.play(CAROL, "ordo", guild_id=GUILD)
    assert opened.ok, opened.text
    reply = await service.accept(User("bob", "bob", guild_id=GUILD))
    assert not reply.ok
    assert "/seeks" in reply.text
    alone = await service.accept(User("bob", "bob", guild_id="elsewhere"))
    assert not alone.ok and "/seeks" not in alone.text


async def test_negative_vacation_is_refused_as_such(service: Service) -> None:
    reply = await service.vacation(ALICE, -5)
    assert not reply.ok
    assert "not on vacation" not in reply.text and "-5" in reply.text


async def test_too_long_a_vacation_says_what_was_asked_and_the_most_there_is(
    service: Service, clock: FakeClock
) -> None:
    reply = await service.vacation(ALICE, 9999)
    assert not reply.ok
    assert "9999" in reply.text and "30" in reply.text
    assert (await service.vacation(ALICE, 30)).ok


async def test_rating_range_with_a_named_opponent_is_refused(service: Service) -> None:
    reply = await service.play(ALICE, "ordo", opponent=BOB, min_rating=2000)
    assert not reply.ok and "min_rating" in reply.text
    assert await service.store.list_matches() == []
    lobby = await service.play(ALICE, "fence", seats=3, max_rating=1200)
    assert not lobby.ok and "max_rating" in lobby.text
