"""The board inside Discord, in the service (issue 35, part 2.1): a session for the player
Discord confirmed plays their seat, anyone in the match's thread watches its public view, a
forged, changed, ended or missing session is refused, and the Activity opens on the match it
was launched for and lists the player's others there."""

from __future__ import annotations

import pytest

import games
from bot.service import Service, User
from bot.service.base import Refusal
from bot.service.pages.activity import AIM_MINUTES, ActivitySessions, Player
from bot.service.text.command_map import command_names
from bot.words import words

from .conftest import ALICE, BOB, CAROL, GUILD, MANAGER, SECRET, FakeClock, start

say = words()
VIEWER = User("", "")
THREAD = "t1"


async def session(service: Service, user: User, channel: str, guild: str | None = GUILD) -> str:
    return await service.activity.welcome(Player(user.id, user.name, channel, guild))


async def threaded(service: Service, game: str = "ordo") -> int:
    match = await start(service, game)
    await service.attach_place(match, channel_id="c1", thread_id=THREAD)
    return match


async def refusal(service: Service, token: str | None, match: int) -> str:
    with pytest.raises(Refusal) as refused:
        await service.pages.access(token, match)
    return refused.value.key


async def test_a_player_s_session_plays_their_seat(service: Service) -> None:
    match = await threaded(service)
    alice = await session(service, ALICE, THREAD)
    page = await service.pages.page(VIEWER, alice, match_id=match)
    assert page.ok and page.extra["page"]["seat"] == 0 and page.extra["page"]["moves"]
    moved = await service.pages.move(VIEWER, alice, "c2-c3", match_id=match, version=None)
    assert moved.ok, moved.text
    assert [a.notation for a in await service.store.actions(match)] == ["c2-c3"]
    # Bob's session, from anywhere, is his own seat's, and it is his turn now.
    bob = await session(service, BOB, "somewhere-else")
    page = await service.pages.page(VIEWER, bob, match_id=match)
    assert page.extra["page"]["seat"] == 1 and page.extra["page"]["moves"]


async def test_someone_in_the_thread_watches_the_public_view_only(service: Service) -> None:
    match = await threaded(service)
    carol = await session(service, CAROL, THREAD)
    page = (await service.pages.page(VIEWER, carol, match_id=match)).extra["page"]
    record = await service.store.get_match(match)
    assert record is not None
    rules = games.get("ordo")
    assert page["seat"] is None and page["moves"] == []
    assert page["view"] == rules.view(rules.load(record.state), None)
    moved = await service.pages.move(VIEWER, carol, "c2-c3", match_id=match, version=None)
    assert not moved.ok and moved.text == say("web.looking_only")
    # From another channel of the server she may not, unless the server lets everyone look.
    elsewhere = await session(service, CAROL, "c9")
    assert await refusal(service, elsewhere, match) == "web.activity.not_here"
    assert await refusal(service, None, match) == "web.private"
    await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
    assert (await service.pages.access(elsewhere, match)).seat is None


async def test_forged_changed_ended_and_missing_sessions_are_refused(
    service: Service, clock: FakeClock
) -> None:
    match = await threaded(service)
    player = Player(ALICE.id, ALICE.name, THREAD, GUILD)
    forged = ActivitySessions("another-secret-" + "x" * 32, clock).issue(player)
    assert await refusal(service, forged, match) == "web.activity.not_confirmed"
    token = await session(service, ALICE, THREAD)
    body, signature = token.split(".")
    bob_body = (await session(service, BOB, THREAD)).split(".")[0]
    assert await refusal(service, f"{bob_body}.{signature}", match) == "web.activity.not_confirmed"
    assert await refusal(service, f"{body}.{signature[:-2]}xx", match) == (
        "web.activity.not_confirmed"
    )
    # A link's signature never makes a session, nor a session's a link.
    links = service.pages.links
    assert links is not None
    assert await refusal(service, links.token(match, 0, ALICE.id) + "x", match) == "web.bad_link"
    assert (await service.pages.access(links.token(match, 0, ALICE.id), match)).seat == 0
    clock.now += 61 * 60
    assert await refusal(service, token, match) == "web.activity.expired"
    here = await service.activity.here(VIEWER, token)
    assert not here.ok and here.text == say("web.activity.expired")
    missing = await service.activity.here(VIEWER, None)
    assert not missing.ok and missing.text == say("web.activity.not_confirmed")


async def test_a_session_is_no_link_where_there_is_no_activity(clock: FakeClock) -> None:
    from bot.service.match.links import BoardLinks
    from storage import MemoryStore

    from .conftest import BASE

    store = MemoryStore()
    await store.open()
    plain = Service(store, clock=clock, web=BoardLinks(BASE, SECRET, clock))
    match = await start(plain)
    token = ActivitySessions(SECRET, clock).issue(Player(ALICE.id, "Alice", "c1", GUILD))
    with pytest.raises(Refusal) as refused:
        await plain.pages.access(token, match)
    assert refused.value.key == "web.bad_link"
    assert not plain.activity.enabled
    answer = await plain.activity.here(VIEWER, token)
    assert answer.text == say("web.activity.off")
    await store.close()


async def test_the_activity_opens_on_the_match_it_was_launched_for(
    service: Service, clock: FakeClock
) -> None:
    first = await threaded(service)  # Alice to move
    second = await start(service)  # in #c1 without a thread, Alice to move
    assert (await service.move(ALICE, "c2-c3", match_id=second)).ok  # now Bob's turn
    other = await service.challenge(
        ALICE, "ordo", CAROL, color="first", guild_id="g2", channel_id="c7"
    )
    assert other.match_id is not None
    assert (await service.accept(CAROL, match_id=other.match_id)).ok
    token = await session(service, ALICE, THREAD)
    here = await service.activity.here(VIEWER, token)
    assert here.ok and here.extra["open"] == first
    listed = here.extra["matches"]
    assert [m["match"] for m in listed] == [first, second]  # this server's only
    assert listed[0]["turn"] and not listed[1]["turn"]
    assert listed[0]["label"] == say(
        "web.activity.entry_turn", game="Ordo", match=first, players="Alice and Bob"
    )
    assert listed[1]["label"] == say("web.activity.entry", game="Ordo", match=second,
                                     players="Alice and Bob")  # fmt: skip
    # "Play on the board" under the second match's post, in the thread: it opens there.
    assert (await service.activity.aim(ALICE, match_id=second, where=THREAD)).ok
    assert (await service.activity.here(VIEWER, token)).extra["open"] == second
    clock.now += AIM_MINUTES * 60 + 1
    assert (await service.activity.here(VIEWER, token)).extra["open"] == first
    # The page asks for another of the player's matches: it opens that one.
    asked = await service.activity.here(VIEWER, token, wanted=other.match_id)
    assert asked.extra["open"] == other.match_id
    assert other.match_id in [m["match"] for m in asked.extra["matches"]]
    # In a channel of the server without a match of its own: the player's turn first.
    lobby = await session(service, ALICE, "c9")
    assert (await service.activity.here(VIEWER, lobby)).extra["open"] == first


async def test_nothing_to_open_says_how_to_start(service: Service) -> None:
    await threaded(service)
    for locale in ("en", "de", "pl"):
        token = await session(service, User("dave", "Dave"), "c9")
        here = await service.activity.here(User("", "", locale=locale), token)
        play = command_names(locale).full("play")
        assert not here.ok and here.text == words(locale)("web.activity.no_match", play=play)
    # Someone in the thread who plays nothing there still watches its match.
    watcher = await session(service, User("dave", "Dave"), THREAD)
    here = await service.activity.here(VIEWER, watcher)
    assert here.ok and here.extra["matches"][0]["match"] == here.extra["open"]


async def test_in_a_dm_the_activity_opens_on_the_match_played_there(service: Service) -> None:
    """A match started in a DM between players who installed the app (no server, no
    thread): opened from that DM by a player, by someone else in it (watching), and listed
    with the player's other matches outside servers in their DM with the bot."""
    in_dm = User("alice", "Alice", bot_here=False, can_view=lambda place: place == "dm1")
    made = await service.play(
        in_dm, "ordo", opponent=User("bob", "Bob", bot_here=False), color="first",
        guild_id=None, channel_id="dm1",
    )  # fmt: skip
    assert made.ok and made.match_id is not None
    assert (await service.accept(User("bob", "Bob", bot_here=False), match_id=made.match_id)).ok
    server_match = await threaded(service)
    alice = await session(service, ALICE, "dm1", None)
    here = await service.activity.here(VIEWER, alice)
    assert here.extra["open"] == made.match_id
    assert [m["match"] for m in here.extra["matches"]] == [made.match_id]
    # Someone else in that DM watches it; from another DM she may not.
    carol = await session(service, CAROL, "dm1", None)
    assert (await service.pages.access(carol, made.match_id)).seat is None
    stranger = await session(service, CAROL, "dm7", None)
    assert await refusal(service, stranger, made.match_id) == "web.activity.not_here"
    # Alice's DM with the bot lists her matches outside servers, not the server's.
    own = await session(service, ALICE, "bot-dm", None)
    listed = (await service.activity.here(VIEWER, own)).extra["matches"]
    assert [m["match"] for m in listed] == [made.match_id] and server_match != made.match_id
