"""From a person's menu and a board post's (issue 43 item 5), on the real discord.py client
against the fake Discord, on SQLite and on PostgreSQL: right-click a person → "Challenge to a
game…" (the game menu, then the form of the usual options, then the challenge ``/play`` would
make) and "Games with this player"; right-click a board post → "Open on the board". Refusals
are one sentence and store nothing; where only the players installed the app the menus work
too."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

from bot.discord.app import BoardBot, create_bot
from bot.settings import Settings
from tests.bot.conftest import FakeClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord import menus as fake_menus
from tests.fakediscord.fixtures import running_client, serving
from tests.fakediscord.layout import shown_text
from tests.fakediscord.payloads import FakeUser
from tests.fakediscord.server import Call, NotOffered

from .test_bot_ordo import EPHEMERAL, custom_ids, flags_of, followup, press, thread_posts

pytestmark = pytest.mark.e2e

CHALLENGE, GAMES_WITH, OPEN_BOARD = (
    "Challenge to a game…",
    "Games with this player",
    "Open on the board",
)
SELECT, MODAL, LABEL = 3, 9, 18


@asynccontextmanager
async def menu_bot(
    server: FakeDiscord, database: str, *, global_commands: bool = False
) -> AsyncIterator[BoardBot]:
    """The bot with the web board's links on (no page server: only links are signed)."""
    settings = Settings(
        discord_token=server.token,
        database_path=database,
        dev_guild_id=None if global_commands else server.guild_id,
        default_time="none",
        workers=0,
        web_base_url="http://127.0.0.1:9",
        web_secret="menus-end-to-end-secret-0123456789abcdef",
    )
    bot = create_bot(settings, clock=FakeClock())
    async with running_client(bot, server):
        yield bot


async def answer(server: FakeDiscord, payload: dict[str, Any]) -> tuple[Call, Call | None]:
    """An interaction's callback and, for a deferred one, the follow-up with its answer."""
    start = server.mark()
    callback = await server.interact(payload)
    assert callback is not None
    if callback.json["type"] != 5:
        return callback, None
    return callback, await followup(server, payload, start)


def text_of(callback: Call, later: Call | None) -> str:
    body = later.json if later is not None else callback.json.get("data", {})
    return str(body.get("content") or "")


async def challenge_by_menu(
    server: FakeDiscord,
    who: str,
    whom: str,
    game: str,
    fields: dict[str, str],
    *,
    channel: int | None = None,
) -> tuple[Call, Call | None]:
    """``who`` right-clicks ``whom`` → Challenge to a game…, picks ``game`` and sends the
    form with ``fields`` (by label); the form's answer."""
    asked, picker = await answer(
        server, server.user_menu(CHALLENGE, whom, user=who, channel=channel)
    )
    assert picker is not None and flags_of(asked) & EPHEMERAL
    target = server.user(whom).id
    assert custom_ids(picker.json) == [f"bbm:game:{target}"]
    menu = picker.json["components"][0]["components"][0]
    assert menu["type"] == SELECT and {o["value"] for o in menu["options"]} >= {"ordo", "fence"}
    message = server.messages[int(picker.response["id"])]
    pick = server.component(
        f"bbm:game:{target}", user=who, message=message, component_type=SELECT, values=[game]
    )
    form = await server.interact(pick)
    assert form is not None and form.json["type"] == MODAL, form.json
    labels = form.json["data"]["components"]
    assert all(label["type"] == LABEL for label in labels), labels
    inputs = {label["label"]: label["component"]["custom_id"] for label in labels}
    assert len(form.json["data"]["title"]) <= 45
    unknown = set(fields) - set(inputs)
    assert not unknown, (unknown, inputs)
    sent = server.modal_submit(
        form.json["data"]["custom_id"],
        {inputs[label]: fields.get(label, "") for label in inputs},
        user=who,
        channel=channel,
    )
    return await answer(server, sent)


async def test_a_challenge_from_a_persons_menu_ends_as_play_does(
    server: FakeDiscord, database: str
) -> None:
    async with menu_bot(server, database) as bot:
        synced = {(c["type"], c["name"]): c for c in server.commands[server.guild_id]}
        for kind, name in ((2, CHALLENGE), (2, GAMES_WITH), (3, OPEN_BOARD)):
            menu = synced[(kind, name)]
            assert not menu.get("description") and not menu.get("options")
            assert set(menu["name_localizations"]) == {"de", "pl"}
        assert (
            synced[(2, CHALLENGE)]["name_localizations"]["de"] == "Zu einer Partie herausfordern…"
        )

        callback, told = await challenge_by_menu(
            server,
            "alice",
            "bob",
            "ordo",
            {"Clock": "2d per move", "Your seat": "first", "Rated": "no"},
        )
        assert text_of(callback, told).startswith("Challenge sent to Bob (match #1)."), told
        record = await bot.service.store.get_match(1)
        assert record is not None and record.status == "challenge"
        assert record.seats[0] == str(server.user("alice").id)  # the seat typed in the form
        assert record.meta.get("rated") is False, record.meta
        thread_id = int(
            server.calls("POST", rf"/channels/{server.channel_id}/threads")[-1].response["id"]
        )
        offer = thread_posts(server, thread_id)[-1]
        await press(server, "bb:accept:1::", user="bob", message=int(offer.response["id"]))
        board = thread_posts(server, thread_id)[-1]
        assert board.file_names == ["board.png"]

        # a board post's menu: the caller's own link, privately; never in a log
        shown, link = await answer(
            server, server.message_menu(OPEN_BOARD, int(board.response["id"]), user="bob")
        )
        assert link is not None and flags_of(shown) & EPHEMERAL
        [button] = [b for row in link.json["components"] for b in row["components"]]
        assert button["url"].startswith("http://127.0.0.1:9/") and "#t=" in button["url"]
        onlooker, looking = await answer(
            server, server.message_menu(OPEN_BOARD, int(board.response["id"]), user="carol")
        )
        assert looking is not None and "match #1" in text_of(onlooker, looking)
        people_post = server.user_menu(GAMES_WITH, "bob", user="alice")
        asked, games = await answer(server, people_post)
        listed = text_of(asked, games)
        assert listed.startswith("You and Bob: 1 game — wins 0, draws 0, losses 0."), listed
        assert "#1 Ordo — **your turn**" in listed, listed
        none, nothing = await answer(server, server.user_menu(GAMES_WITH, "carol", user="alice"))
        assert text_of(none, nothing).startswith("You and Carol have no games together yet.")


async def test_a_board_menu_on_a_message_not_mine_is_one_sentence(
    server: FakeDiscord, database: str
) -> None:
    async with menu_bot(server, database):
        mine = await server._new_message(
            server.channel_id, server.user("bob"), {"content": "hi"}, ()
        )
        callback, later = await answer(server, server.message_menu(OPEN_BOARD, mine, user="alice"))
        assert later is None and flags_of(callback) & EPHEMERAL
        assert text_of(callback, later).startswith("That message is not a board post of mine")


async def test_refusals_from_the_menu_are_one_sentence_and_store_nothing(
    server: FakeDiscord, database: str
) -> None:
    server.users["robot"] = FakeUser("robot", 1_400_000_000_000_000_099, "robot", "Robot", bot=True)
    async with menu_bot(server, database) as bot:
        said = []
        for who, whom in (("alice", "alice"), ("alice", "robot")):
            callback, later = await answer(server, server.user_menu(CHALLENGE, whom, user=who))
            said.append(text_of(callback, later))
            assert custom_ids((later or callback).json) == [] if later else True
        assert said == [
            "You can't challenge yourself — pick another player.",
            "Other bots can't play — challenge a person, or pick me to play the computer.",
        ]
        await answer(
            server, server.slash("me", {"allow": "nobody"}, user="bob", subcommand="challenges")
        )
        server.client_locales["alice"] = "de"
        callback, later = await answer(server, server.user_menu(CHALLENGE, "bob", user="alice"))
        assert later is not None and text_of(callback, later) == (
            "Bob nimmt gerade keine Herausforderungen an."
        )  # the sentence of /play's refusal, in the challenger's language
        assert custom_ids(later.json) == []
        # a bad form: one sentence, nothing stored
        server.client_locales["alice"] = "en-US"
        callback, told = await challenge_by_menu(
            server, "alice", "carol", "ordo", {"Rated": "maybe"}
        )
        assert text_of(callback, told) == "Option rated cannot be 'maybe': type true or false."
        callback, told = await challenge_by_menu(
            server, "alice", "carol", "ordo", {"Clock": "forever and a day"}
        )
        assert told is not None and text_of(callback, told).startswith(
            "I can't read 'forever and a day' as a length of time"
        ), text_of(callback, told)
        assert await bot.service.store.list_matches() == []


async def test_a_lobby_from_the_menu_invites_the_person(server: FakeDiscord, database: str) -> None:
    async with menu_bot(server, database) as bot:
        callback, told = await challenge_by_menu(server, "alice", "bob", "fence", {"Seats": "3"})
        assert told is not None, callback.json
        [record] = await bot.service.store.list_matches()
        assert record.game == "fence" and record.meta["lobby"]["seats"] == 3, record.meta
        bob = server.user("bob").id
        lobby_post = server.calls("POST", r"/channels/\d+/messages")[-1]
        assert f"<@{bob}>" in shown_text(lobby_post.json), lobby_post.json
        assert int(bob) in lobby_post.json["allowed_mentions"]["users"]  # pinged, not just named


async def test_the_menus_work_where_only_the_players_installed_the_app(database: str) -> None:
    clock = FakeClock()
    async with serving(clock=clock) as server:
        server.install("alice", "bob")
        dm = server.private_dm("alice", "bob")
        async with menu_bot(server, database, global_commands=True):
            synced = {(c["type"], c["name"]): c for c in server.commands[None]}
            for key in ((2, CHALLENGE), (2, GAMES_WITH), (3, OPEN_BOARD)):
                assert synced[key]["integration_types"] == [0, 1]
                assert synced[key]["contexts"] == [0, 1, 2]
            with pytest.raises(NotOffered):
                server.user_menu(CHALLENGE, "alice", user="carol", channel=dm)  # not installed
            callback, told = await challenge_by_menu(
                server, "alice", "bob", "ordo", {"Your seat": "second"}, channel=dm
            )
            assert text_of(callback, told) == "Challenge sent to Bob (match #1)."
            assert server.calls(None, rf"/channels/{dm}(/.*)?") == []  # answers only
            asked, games = await answer(
                server, server.user_menu(GAMES_WITH, "bob", user="alice", channel=dm)
            )
            assert "#1 Ordo — a challenge still waiting for an answer" in text_of(asked, games)


def test_the_fake_refuses_menus_discord_refuses() -> None:
    menu = {"type": 2, "name": "Challenge to a game…"}
    fake_menus.check_commands([menu, {"type": 3, "name": "Open on the board"}])
    refused = [
        [{**menu, "description": "Challenge someone"}],
        [{**menu, "name": "A name far longer than thirty-two characters"}],
        [{**menu, "name_localizations": {"de": "x" * 33}}],
        [{**menu, "options": [{"type": 3, "name": "game", "description": "which"}]}],
        [{"type": 2, "name": f"menu {n}"} for n in range(16)],
        [menu, dict(menu)],
        [{"type": 1, "name": "Play", "description": "mixed case is for menus only"}],
    ]
    for specs in refused:
        with pytest.raises(fake_menus.Refused):
            fake_menus.check_commands(specs)
    fake_menus.check_commands([{"type": 2, "name": f"menu {n}"} for n in range(15)])


async def test_the_fake_answers_a_bad_registration_as_discord_does(
    server: FakeDiscord,
) -> None:
    url = f"{server.api_base}/applications/{server.app_id}/commands"
    headers = {"Authorization": f"Bot {server.token}"}
    async with aiohttp.ClientSession() as session:
        bad = [{"type": 2, "name": "Challenge", "description": "not for a menu"}]
        async with session.put(url, json=bad, headers=headers) as reply:
            assert reply.status == 400 and (await reply.json())["code"] == 50035
        good = [{"type": 2, "name": "Challenge"}]
        async with session.put(url, json=good, headers=headers) as reply:
            assert reply.status == 200


async def test_the_bots_own_menu_challenges_the_computer(
    server: FakeDiscord, database: str
) -> None:
    async with menu_bot(server, database) as bot:
        callback, told = await challenge_by_menu(
            server, "alice", "bot", "ordo", {"Your seat": "first"}
        )
        assert told is not None, callback.json
        [record] = await bot.service.store.list_matches()
        assert record.status == "active" and record.seats[1] == "ai:normal:1"
        asked, games = await answer(server, server.user_menu(GAMES_WITH, "bot", user="alice"))
        assert f"#{record.id} Ordo" in text_of(asked, games), text_of(asked, games)


async def test_a_form_opened_before_a_restart_is_answered_after_it(
    server: FakeDiscord, database: str
) -> None:
    bob = server.user("bob").id
    async with menu_bot(server, database):
        _, picker = await answer(server, server.user_menu(CHALLENGE, "bob", user="alice"))
        assert picker is not None
        message = server.messages[int(picker.response["id"])]
    async with menu_bot(server, database) as bot:  # the menu outlives the restart
        pick = server.component(
            f"bbm:game:{bob}", user="alice", message=message, component_type=SELECT, values=["ordo"]
        )
        form = await server.interact(pick)
        assert form is not None and form.json["type"] == MODAL
    async with menu_bot(server, database) as bot:  # and so does the open form
        sent = server.modal_submit(
            form.json["data"]["custom_id"], {"time": "2d per move", "seat": "second"}, user="alice"
        )
        callback, told = await answer(server, sent)
        assert text_of(callback, told).startswith("Challenge sent to Bob (match #1)."), told
        [record] = await bot.service.store.list_matches()
        assert record.seats == (str(bob), str(server.user("alice").id))
