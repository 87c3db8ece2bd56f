"""FENCE! lobbies: gather 2–6 players, then the creator starts the game."""

from __future__ import annotations

from bot.service import Service, User
from storage.base import ACTIVE, CANCELLED, CHALLENGE

from .conftest import ALICE, BOB, CAROL

DAVE = User("dave", "dave")


async def open_lobby(service: Service, seats: int = 3, **options: object) -> int:
    reply = await service.play(ALICE, "fence", seats=seats, options={"quick_map": True, **options})
    assert reply.ok, reply.text
    assert reply.match_id is not None
    return reply.match_id


async def test_lobby_post_lists_seats_options_and_buttons(service: Service) -> None:
    reply = await service.play(
        ALICE, "fence", seats=4, options={"quick_map": True, "round_limit": 12}
    )
    assert reply.ok and reply.created
    post = reply.post
    assert post is not None
    assert "Players (1/4): alice." in post.text
    assert "quick_map: true" in post.text and "round_limit: 12" in post.text
    assert "trading_cards" not in post.text  # defaults are not repeated (issue 14.12)
    assert [b.action for b in post.buttons] == ["join", "leave", "add_computer", "start"]
    record = await service.store.get_match(reply.match_id)
    assert record is not None and record.status == CHALLENGE


async def test_seats_outside_two_to_six_are_refused(service: Service) -> None:
    for seats in (1, 7):
        reply = await service.play(ALICE, "fence", seats=seats)
        assert not reply.ok and "2–6 players" in reply.text
    assert await service.store.list_matches() == []


async def test_bad_option_is_refused_before_a_lobby_exists(service: Service) -> None:
    reply = await service.play(ALICE, "fence", seats=3, options={"round_limit": 0})
    assert not reply.ok and "round_limit" in reply.text
    assert await service.store.list_matches() == []


async def test_invitation_pings_the_invited_but_reserves_nothing(service: Service) -> None:
    reply = await service.play(ALICE, "fence", seats=2, invited=[BOB, ALICE, BOB])
    assert reply.post is not None
    assert reply.post.mentions == ("bob",)
    assert "bob: you are invited" in reply.post.ping
    assert "Invited: bob." in reply.post.text
    # carol was not invited but may take the free seat; bob then finds the lobby full
    joined = await service.join(CAROL, match_id=reply.match_id)
    assert joined.ok, joined.text
    full = await service.join(BOB, match_id=reply.match_id)
    assert not full.ok and "full" in full.text


async def test_join_finds_the_lobby_without_an_id(service: Service) -> None:
    """The console has no threads: /join finds the only lobby with a free seat."""
    match_id = await open_lobby(service)
    reply = await service.join(BOB)
    assert reply.ok, reply.text
    assert reply.match_id == match_id
    assert reply.post is not None and "Players (2/3): alice, bob." in reply.post.text
    again = await service.join(BOB)
    assert not again.ok


async def test_join_prefers_the_lobby_one_is_invited_to(service: Service) -> None:
    await open_lobby(service)
    invited = await service.play(BOB, "fence", seats=3, invited=[CAROL])
    reply = await service.join(CAROL)
    assert reply.ok and reply.match_id == invited.match_id
    # dave is invited nowhere and two lobbies have room: he must say which
    ambiguous = await service.join(DAVE)
    assert not ambiguous.ok and "match:<id>" in ambiguous.text


async def test_join_in_a_channel_only_sees_lobbies_opened_there(service: Service) -> None:
    here = await service.play(ALICE, "fence", seats=3, channel_id="100")
    await service.play(CAROL, "fence", seats=3, channel_id="200")
    reply = await service.join(BOB, where="100")
    assert reply.ok and reply.match_id == here.match_id


async def test_full_lobby_refuses_and_pings_the_creator(service: Service) -> None:
    match_id = await open_lobby(service, seats=2)
    reply = await service.join(BOB, match_id=match_id)
    assert reply.post is not None
    assert reply.post.mentions == ("alice",)
    assert "the lobby is full" in reply.post.ping
    late = await service.join(CAROL, match_id=match_id)
    assert not late.ok and "full" in late.text


async def test_leave_frees_the_seat(service: Service) -> None:
    match_id = await open_lobby(service)
    await service.join(BOB, match_id=match_id)
    reply = await service.leave(BOB, match_id=match_id)
    assert reply.ok and reply.post is not None
    assert "Players (1/3): alice." in reply.post.text
    record = await service.store.get_match(match_id)
    assert record is not None and record.seats == ("alice",)
    outsider = await service.leave(CAROL, match_id=match_id)
    assert not outsider.ok and "not in lobby" in outsider.text


async def test_creator_leaving_closes_the_lobby_and_tells_the_others(service: Service) -> None:
    match_id = await open_lobby(service)
    await service.join(BOB, match_id=match_id)
    reply = await service.leave(ALICE)
    assert reply.ok and reply.post is not None
    assert reply.post.mentions == ("bob",)
    assert "no game will start" in reply.post.text
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == CANCELLED
    late = await service.join(CAROL, match_id=match_id)
    assert not late.ok and "was closed" in late.text


async def test_creator_decline_closes_the_lobby(service: Service) -> None:
    match_id = await open_lobby(service)
    reply = await service.decline(ALICE, match_id=match_id)
    assert reply.ok
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == CANCELLED


async def test_accept_on_a_lobby_is_refused(service: Service) -> None:
    match_id = await open_lobby(service)
    await service.join(BOB, match_id=match_id)
    reply = await service.accept(BOB, match_id=match_id)
    assert not reply.ok and "/lobby join" in reply.text
    # without an id there is nothing to accept either: lobbies are not challenges
    implicit = await service.accept(BOB)
    assert not implicit.ok


async def test_only_the_creator_starts_and_only_with_enough_players(service: Service) -> None:
    match_id = await open_lobby(service)
    alone = await service.start(ALICE, match_id=match_id)
    assert not alone.ok and "at least 2 players" in alone.text
    await service.join(BOB, match_id=match_id)
    not_creator = await service.start(BOB, match_id=match_id)
    assert not not_creator.ok and "Only alice" in not_creator.text
    started = await service.start(ALICE)
    assert started.ok, started.text
    record = await service.store.get_match(match_id)
    assert record is not None and record.status == ACTIVE
    assert record.seats == ("alice", "bob")
    assert "lobby" not in record.meta
    # a game that started cannot be joined or started again
    late = await service.join(CAROL, match_id=match_id)
    assert not late.ok and "already started" in late.text
    twice = await service.start(ALICE, match_id=match_id)
    assert not twice.ok and "already started" in twice.text


async def test_start_post_names_seats_and_pings_the_first_player(service: Service) -> None:
    match_id = await open_lobby(service)
    await service.join(BOB)
    await service.join(CAROL)
    reply = await service.start(ALICE)
    post = reply.post
    assert post is not None and post.image is not None
    assert "Seats: alice (Green), bob (Orange), carol (Purple)." in post.text
    record = await service.store.get_match(match_id)
    assert record is not None
    rules_state = service.reader.load(record)
    first = rules_state.rules.to_move(rules_state.state)
    assert post.mentions == tuple(record.seats[s] for s in first)
    assert "My cards" in [b.label for b in post.buttons]


async def test_games_lists_a_lobby(service: Service) -> None:
    await open_lobby(service)
    await service.join(BOB)
    mine = await service.games(ALICE)
    assert "lobby 2/3 — start it with /lobby start" in mine.text
    theirs = await service.games(BOB)
    assert "lobby 2/3" in theirs.text and "/lobby start" not in theirs.text
