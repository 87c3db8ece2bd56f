"""The live status rule (:mod:`bot.service.play.status`): which message shows a match's
status and which one loses its ping after each post, on the service alone."""

from __future__ import annotations

from bot.service import Service
from bot.service.replies import Post
from storage.base import LiveMessages

from .conftest import ALICE, BOB, start_ordo

TURN = Post(text="board", ping="your turn", mentions=("bob",), title="Ordo")
NOTICE = Post(text="I can't DM <@bob>", mentions=("bob",))


async def test_the_first_post_becomes_the_status_message_and_pings_move_on(
    service: Service,
) -> None:
    match = await start_ordo(service)
    assert await service.live_posted(match, "t", "10", TURN) is None
    assert await service.store.live_messages(match) == LiveMessages(match, "t", "10", "10")
    second = await service.live_posted(match, "t", "11", TURN, "https://x/11")
    assert second is not None
    # The status message held the first ping: its edit takes it, nothing else to un-ping.
    assert (second.status_id, second.unping) == ("10", None)
    assert "alice (White) to move" in second.card.text
    assert "https://x/11" in second.card.text
    assert not second.card.mentions and not second.card.ping
    third = await service.live_posted(match, "t", "12", TURN)
    assert third is not None and (third.status_id, third.unping) == ("10", "11")
    assert await service.store.live_messages(match) == LiveMessages(match, "t", "10", "12")


async def test_a_notice_or_a_post_elsewhere_keeps_the_live_ping(service: Service) -> None:
    match = await start_ordo(service)
    await service.live_posted(match, "t", "10", TURN)
    await service.live_posted(match, "t", "11", TURN)
    notice = await service.live_posted(match, "t", "12", NOTICE)
    assert notice is not None and notice.unping is None
    fallback = await service.live_posted(match, "parent", "13", TURN)
    assert fallback is not None and (fallback.channel_id, fallback.unping) == ("t", None)
    assert await service.store.live_messages(match) == LiveMessages(match, "t", "10", "11")


async def test_the_card_tells_the_result_without_clocks(service: Service) -> None:
    match = await start_ordo(service)
    await service.live_posted(match, "t", "10", TURN)
    resigned = await service.resign(BOB, match_id=match)
    assert resigned.ok, resigned.text
    card = await service.live_card(match, "https://x/9")
    assert card is not None
    assert "alice (White) wins. bob resigned." in card.text
    assert "⏳" not in card.text
    assert ALICE.id not in card.mentions


async def test_an_unknown_match_has_no_card(service: Service) -> None:
    assert await service.live_posted(404, "t", "1", TURN) is None
    assert await service.live_card(404) is None


async def test_an_open_challenge_keeps_its_starter(service: Service) -> None:
    """A lobby's or a challenge's starter holds the buttons still pressed: no edit yet."""
    reply = await service.challenge(ALICE, "ordo", BOB, color="white")
    assert reply.match_id is not None
    await service.live_posted(reply.match_id, "t", "10", TURN)
    assert await service.live_posted(reply.match_id, "t", "11", NOTICE) is None
    card = await service.live_card(reply.match_id)
    assert card is not None and "Waiting for the challenge" in card.text


def jump(channel_id: str, message_id: str) -> str:
    return f"https://x/{channel_id}/{message_id}"


async def test_a_players_first_board_dm_becomes_their_status_card(service: Service) -> None:
    """A direct match's status cards, one per player in their DM: the first board DM is the
    card, left alone by the change that sent it; every later change edits it, with a jump
    to that player's latest board DM (none while the card is that board itself)."""
    match = await start_ordo(service)
    assert await service.live_dm_posted(match, "alice", "da", "1") is True
    assert await service.live_player_changes(match, jump, fresh={"alice"}) == []
    assert await service.live_dm_posted(match, "bob", "db", "2") is True
    [alice] = await service.live_player_changes(match, jump, fresh={"bob"})
    assert (alice.channel_id, alice.status_id, alice.unping) == ("da", "1", None)
    assert "alice (White) to move" in alice.card.text and "https://x/" not in alice.card.text
    assert await service.live_dm_posted(match, "alice", "da", "3") is False
    changes = await service.live_player_changes(match, jump)
    assert [(c.channel_id, c.status_id) for c in changes] == [("da", "1"), ("db", "2")]
    assert "https://x/da/3" in changes[0].card.text
    assert not changes[0].card.mentions and not changes[0].card.ping
    assert [s.latest_id for s in await service.store.player_statuses(match)] == ["3", "2"]


async def test_a_new_dm_channel_starts_a_new_status_card(service: Service) -> None:
    match = await start_ordo(service)
    await service.live_dm_posted(match, "alice", "da", "1")
    assert await service.live_dm_posted(match, "alice", "other", "5") is True
    [status] = await service.store.player_statuses(match)
    assert (status.channel_id, status.status_id, status.latest_id) == ("other", "5", "5")
