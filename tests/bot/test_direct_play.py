"""Play where the bot cannot post (issue 35 part 1), through the service.

A player who installed the app may play in a DM, a group DM or a server without the bot:
there Discord lets the bot answer commands and nothing more. The service decides it once,
when the match is made (its ``venue``), and from then on a post is the answer to the command
that caused it and everything else goes to each player by DM; a DM that cannot be delivered
is kept and shown at the player's next command.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.service.replies import DirectMessage, Reply
from bot.words import words
from storage import VENUE_DIRECT, VENUE_SERVER, MemoryStore, Notice

from .conftest import FakeClock

HOUR = 3600.0
DAY = 24 * HOUR

# In a DM between alice and bob (a channel the bot is not in), each with the app installed.
ALICE = User("alice", "alice", bot_here=False, can_view=lambda place: place == "dm1")
BOB = User("bob", "bob", bot_here=False, can_view=lambda place: place == "dm1")
CAROL = User("carol", "carol", bot_here=False, can_view=lambda place: place == "gdm")
# alice in a server without the bot, whose Manage Server she has
ALICE_ABROAD = User(
    "alice", "alice", bot_here=False, guild_id="g9", manages_server=True,
    can_view=lambda place: False,
)  # fmt: skip


@pytest.fixture
def svc(service: Service) -> Service:
    return service


def dm_to(reply: Reply, user_id: str) -> list[DirectMessage]:
    return [dm for dm in reply.dms if dm.user_id == user_id]


async def any_legal(svc: Service, match_id: int) -> str:
    record = await svc.store.get_match(match_id)
    assert record is not None
    loaded = svc.reader.load(record)
    return str(loaded.rules.format(loaded.state, loaded.rules.legal_actions(loaded.state)[0]))


async def direct_ordo(svc: Service, time: str = "3d+1d max 7d") -> int:
    made = await svc.play(
        ALICE, "ordo", opponent=BOB, color="first", time_control=time,
        guild_id=None, channel_id="dm1",
    )  # fmt: skip
    assert made.ok, made.text
    assert made.match_id is not None
    accepted = await svc.accept(BOB, match_id=made.match_id)
    assert accepted.ok, accepted.text
    return made.match_id


async def test_a_challenge_in_a_dm_is_answered_there_and_reaches_the_opponent_by_dm(
    svc: Service,
) -> None:
    made = await svc.play(
        ALICE, "ordo", opponent=BOB, color="first", guild_id="g9", channel_id="dm1"
    )
    record = await svc.store.get_match(made.match_id or 0)
    assert record is not None
    assert record.venue == VENUE_DIRECT
    assert record.guild_id is None  # no server's settings, limits or ladder apply
    assert record.channel_id == "dm1"
    assert made.match_place is not None and made.match_place.venue == VENUE_DIRECT
    post = made.post  # the answer to alice's /play, public where she typed it
    assert post is not None and post.mentions == () and post.ping == ""
    assert "rated on the friends' ladder" in post.text
    [dm] = dm_to(made, "bob")
    assert dm.post is not None and {b.action for b in dm.post.buttons} == {"accept", "decline"}
    assert dm.text.startswith("bob, ")  # the line that would have pinged him
    assert dm_to(made, "alice") == []  # she sees the answer; no DM of it


async def test_moves_answer_where_they_are_made_and_the_next_player_hears_by_dm(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await direct_ordo(svc)
    moved = await svc.move(ALICE, "a3-a4", match_id=match_id)
    assert moved.ok, moved.text
    assert moved.post is not None and moved.post.mentions == ()
    assert moved.post.image is not None  # the board, in the DM alice moved in
    [dm] = dm_to(moved, "bob")
    assert dm.post is not None and dm.post.image == moved.post.image
    assert "it's your turn" in dm.text.lower() and dm.topic == f"board:{match_id}"
    # bob wants DMs instead of thread pings: in a direct match he gets the board all the same,
    # never a second, text-only "your turn"
    await svc.notify(BOB, mode="dm")
    clock.advance(DAY)
    again = await svc.move(BOB, "a6-a5", match_id=match_id)
    [to_alice] = dm_to(again, "alice")
    assert to_alice.post is not None and to_alice.post.image is not None
    third = await svc.move(ALICE, await any_legal(svc, match_id), match_id=match_id)
    assert third.ok, third.text
    assert [dm.post is not None for dm in dm_to(third, "bob")] == [True]


async def test_the_clock_reaches_players_by_dm_and_the_result_rates_on_the_friends_ladder(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await direct_ordo(svc, "3d per move")
    clock.advance(2 * DAY + HOUR)  # 23 h left for alice
    [reminder] = await svc.tick()
    assert reminder.post is None  # no channel to post in
    [dm] = dm_to(reminder, "alice")
    assert "23 h left" in dm.summary() and not dm.text and dm_to(reminder, "bob") == []
    clock.advance(DAY)
    [ended] = await svc.tick()
    assert ended.post is None
    for player in ("alice", "bob"):
        [result] = dm_to(ended, player)
        assert result.post is not None and "ran out of time" in result.post.text
        assert any(b.action == "rematch" for b in result.post.buttons)
    friends = await svc.store.ratings("", "ordo")
    assert {r.user_id for r in friends} == {"alice", "bob"}
    rating = await svc.rating(BOB)
    assert rating.text.startswith("Ratings of bob on the friends' ladder")
    stats = await svc.stats(BOB)
    assert stats.text.startswith("Record of bob in games outside a server")
    # the rematch is played where the match was, whoever asks and from wherever
    from_a_server = User("bob", "bob", guild_id="g1")
    again = await svc.rematch(from_a_server, match_id=match_id)
    record = await svc.store.get_match(again.match_id or 0)
    assert record is not None and record.venue == VENUE_DIRECT and record.guild_id is None
    assert [dm.user_id for dm in again.dms] == ["alice"]


async def test_a_server_with_the_bot_is_unchanged(svc: Service) -> None:
    here = User("alice", "alice", guild_id="g1")
    made = await svc.play(here, "ordo", opponent=User("bob", "bob"), guild_id="g1", channel_id="c1")
    record = await svc.store.get_match(made.match_id or 0)
    assert record is not None and record.venue == VENUE_SERVER and record.guild_id == "g1"
    assert made.post is not None and made.post.mentions == ("bob",) and made.dms == ()


async def test_server_commands_say_why_they_are_not_here(svc: Service) -> None:
    refusals = [
        await svc.server_settings(ALICE_ABROAD, "g9", {"time": "1d per move"}),
        await svc.leaderboard(ALICE_ABROAD, None, guild_id="g9"),
        await svc.seeks(ALICE_ABROAD, guild_id="g9"),
        await svc.tournament_create(ALICE_ABROAD, "ordo", guild_id="g9", channel_id="c9"),
        await svc.tournaments(ALICE_ABROAD, guild_id="g9"),
    ]
    for refused in refusals:
        assert not refused.ok
        assert refused.text.startswith("That belongs to a server with me in it.")
    assert await svc.store.guild_settings("g9") == {}  # nothing kept of a server without me


async def test_a_move_on_the_web_board_reaches_everyone_by_dm(svc: Service) -> None:
    match_id = await direct_ordo(svc)
    web_move = svc.reader.placing(svc.moves.move, answered=False)
    moved = await web_move(ALICE, "a3-a4", match_id=match_id)
    assert moved.ok and moved.post is None  # no command to answer, so no channel
    assert [dm.user_id for dm in moved.dms] == ["bob"]


async def test_someone_in_the_group_dm_may_take_an_open_challenge_made_there(
    svc: Service,
) -> None:
    in_gdm = replace(ALICE, can_view=lambda place: place == "gdm")
    seek = await svc.play(in_gdm, "ordo", guild_id=None, channel_id="gdm")
    assert seek.ok and "anyone may accept" in seek.text
    elsewhere = User("dave", "dave", bot_here=False, can_view=lambda place: place == "dm7")
    refused = await svc.accept(elsewhere, match_id=seek.match_id)
    assert not refused.ok and "can't see that match" in refused.text
    taken = await svc.accept(CAROL, match_id=seek.match_id)
    assert taken.ok, taken.text
    assert taken.post is not None and [dm.user_id for dm in taken.dms] == ["alice"]


async def test_a_lobby_in_a_group_dm_invites_by_dm(svc: Service) -> None:
    in_gdm = replace(ALICE, can_view=lambda place: place == "gdm")
    opened = await svc.play(
        in_gdm, "fence", seats=3, invited=[BOB, CAROL], options={"quick_map": True},
        channel_id="gdm",
    )  # fmt: skip
    assert opened.ok, opened.text
    assert sorted(dm.user_id for dm in opened.dms) == ["bob", "carol"]
    assert all(dm.post is not None and dm.post.buttons for dm in opened.dms)
    await svc.join(BOB, match_id=opened.match_id)
    await svc.join(CAROL, match_id=opened.match_id)
    started = await svc.start(in_gdm, match_id=opened.match_id)
    assert started.post is not None and started.post.mentions == ()  # shown in the group DM
    hands = [dm for dm in started.dms if dm.topic.startswith("hand:")]
    assert hands and {dm.user_id for dm in hands} <= {"alice", "bob", "carol"}
    assert all(dm.post is None and dm.image is not None for dm in hands)  # as in a server
    [turn] = [dm for dm in started.dms if dm.post is not None]  # the first to act: the board
    assert "your turn" in turn.text and turn.post.image is not None
    assert any(b.action == "panel" for b in turn.post.buttons)  # the guided turn, from the DM


async def test_an_undelivered_dm_waits_for_the_next_command_and_is_shown_once(
    svc: Service, clock: FakeClock
) -> None:
    match_id = await direct_ordo(svc)
    moved = await svc.move(ALICE, "a3-a4", match_id=match_id)
    [turn] = dm_to(moved, "bob")
    await svc.undelivered(turn, match_id)  # bob's DMs are closed
    clock.advance(3 * HOUR)
    later = await svc.move(ALICE, "a4-a5", match_id=match_id)  # not bob's command: kept
    assert later.notices == ()
    await svc.undelivered(DirectMessage("bob", "Hand: R1", topic="hand:9"), 9)
    shown = await svc.games(BOB)  # any command of his
    [notice] = shown.notices
    lines = notice.splitlines()
    assert lines[0] == "While I couldn't reach you by DM, 2 messages waited for you:"
    assert lines[1].startswith("• 3 h ago: bob, it's your turn")
    assert "Hand: R1" in notice
    assert (await svc.games(BOB)).notices == ()  # once


async def test_a_newer_board_replaces_a_stale_one_and_many_notices_wait_their_turn(
    svc: Service,
) -> None:
    for n in range(3):
        await svc.undelivered(DirectMessage("bob", f"board {n}", topic="board:1"), 1)
    for n in range(30):
        await svc.undelivered(DirectMessage("bob", f"news {n:02d} " + "x" * 90), 1)
    first = (await svc.games(BOB)).notices[0]
    assert "board 2" in first and "board 0" not in first and "board 1" not in first
    assert len(first) <= 2000 and first.splitlines()[-1].startswith("…and ")
    second = (await svc.games(BOB)).notices[0]
    assert "news 29" in second and "news 00" not in second
    assert (await svc.games(BOB)).notices == ()


async def test_a_command_costs_no_look_for_notices_nobody_has(
    svc: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most players never have a notice: their commands read nothing more for them."""
    looks: list[str] = []
    read = svc.store.notices

    async def counted(user_id: str) -> list[Notice]:
        looks.append(user_id)
        return await read(user_id)

    monkeypatch.setattr(svc.store, "notices", counted)
    await direct_ordo(svc)
    await svc.games(BOB)
    assert looks == []
    await svc.undelivered(DirectMessage("bob", "Your turn"), 1)
    assert (await svc.games(BOB)).notices and looks == ["bob"]
    await svc.games(BOB)
    assert looks == ["bob"]  # all shown: no look again


async def test_a_notice_another_process_kept_comes_within_a_tick(
    svc: Service, clock: FakeClock
) -> None:
    """The web board's own process posts a move and keeps a DM it could not deliver; the
    bot's process learns of it at its next tick and shows it with the player's command."""
    await svc.games(BOB)
    web = Service(svc.store, clock=clock)
    await web.undelivered(DirectMessage("bob", "alice played a3-a4", topic="board:1"), 1)
    await svc.lead_ticks()  # what every bot process asks before each tick
    [notice] = (await svc.games(BOB)).notices
    assert "alice played a3-a4" in notice


async def test_a_command_in_a_dm_acts_on_the_match_started_there(svc: Service) -> None:
    first = await direct_ordo(svc)
    with_carol = await svc.play(ALICE, "ordo", opponent=CAROL, color="first", channel_id="dm2")
    await svc.accept(CAROL, match_id=with_carol.match_id)
    moved = await svc.move(ALICE, "a3-a4", where="dm2")
    assert moved.ok and moved.match_id == with_carol.match_id
    refused = await svc.move(ALICE, "a3-a4", where="dm9")  # neither was started there
    assert not refused.ok and f"#{first}" in refused.text


async def test_with_the_web_board_on_a_turn_dm_carries_the_players_own_link(
    clock: FakeClock,
) -> None:
    """In a server the turn DM carries the player's link; in a direct match the board DM,
    which is the turn's news, carries it the same way — the web link goes by DM."""
    store = MemoryStore()
    await store.open()
    links = BoardLinks("https://board.example.org/", "s" * 32, clock)
    svc = Service(store, clock=clock, seed_source=lambda: 12345, web=links)
    match_id = await direct_ordo(svc)
    moved = await svc.move(ALICE, "a3-a4", match_id=match_id)
    [dm] = dm_to(moved, "bob")
    [link] = dm.links
    assert link.url.startswith(f"https://board.example.org/m/{match_id}")
    assert moved.post is not None and moved.post.buttons[-1].action == "web_link"  # no link
    await store.close()


# -- the language of a direct match's posts ---------------------------------------------------
HANS = User(
    "hans", "hans", bot_here=False, locale="de", can_view=lambda place: place in ("dm1", "gdm")
)


async def test_a_direct_match_speaks_the_language_of_the_player_who_started_it(
    svc: Service, clock: FakeClock
) -> None:
    """No server to ask: the starter's language, kept with the match, for every post of it
    (the answers in the DM, the boards and pings sent by DM, the ending's lines), as a
    server's posts speak the server's."""
    made = await svc.play(
        HANS, "ordo", opponent=BOB, color="first", time_control="3d+1d max 7d",
        guild_id=None, channel_id="dm1",
    )  # fmt: skip
    assert made.ok, made.text
    record = await svc.store.get_match(made.match_id or 0)
    assert record is not None and record.venue == VENUE_DIRECT
    assert record.meta["language"] == "de"
    assert made.post is not None and "Freundes" in made.post.text, made.post.text
    await svc.accept(BOB, match_id=record.id)
    moved = await svc.move(HANS, "a3-a4", match_id=record.id)
    assert moved.ok, moved.text
    assert moved.post is not None and "a3-a4" in moved.post.text
    assert "am Zug" in moved.post.text, moved.post.text
    [dm] = dm_to(moved, "bob")
    assert dm.text.startswith("bob, du bist in Ordo am Zug")  # the ping, as in a thread
    assert dm.post is not None and dm.post.text == moved.post.text  # the match's: German
    resigned = await svc.resign(BOB, match_id=record.id)
    assert resigned.ok, resigned.text
    shared = " ".join(
        [resigned.post.text if resigned.post else ""]
        + [dm.post.text for dm in resigned.dms if dm.post is not None]
    )
    assert "gibt auf" in shared or "aufgegeben" in shared, shared
    # a match started by an English speaker in the same DM speaks English
    other = await svc.play(BOB, "ordo", opponent=HANS, guild_id=None, channel_id="dm1")
    record = await svc.store.get_match(other.match_id or 0)
    assert record is not None and record.meta["language"] == "en"


async def test_open_challenges_and_lobbies_in_a_group_dm_speak_their_starters_language(
    svc: Service,
) -> None:
    in_gdm = replace(HANS, can_view=lambda place: place == "gdm")
    seek = await svc.play(in_gdm, "ordo", guild_id=None, channel_id="gdm")
    assert seek.ok and seek.post is not None
    assert "Jeder hier kann annehmen" in seek.post.text or "annehmen" in seek.post.text
    lobby = await svc.play(
        in_gdm, "fence", seats=3, invited=[CAROL], options={"quick_map": True},
        channel_id="gdm",
    )  # fmt: skip
    assert lobby.ok and lobby.post is not None
    assert words("de")("lobby.opens", player="hans", game="FENCE!") in lobby.post.text
    # in a server with the bot nothing changes: the server's language, nothing kept
    in_server = await svc.play(
        replace(HANS, bot_here=True, guild_id="g1", can_view=lambda place: True),
        "ordo", opponent=BOB, guild_id="g1", channel_id="c1",
    )  # fmt: skip
    record = await svc.store.get_match(in_server.match_id or 0)
    assert record is not None and "language" not in record.meta
