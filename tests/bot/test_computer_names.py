"""Issue 33: a computer player's name is said in the reader's language wherever it is shown.

Its stored name ("Computer (easy)") was written once, in English; a German server's thread
posts, the board image's title bar, ``/me games`` and the web board's players list read it
as it stood. Now each place names a computer seat from its id in its reader's words
("Computer (leicht)", "Komputer (łatwy)"), and the stored name is only a fallback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import unquote

import pytest

import render
from bot.service import Service, User
from bot.service.computer.opponents import computer
from bot.service.match.links import BoardLinks
from bot.service.text.computer_names import computer_name
from bot.words import words
from storage import MemoryStore
from tests.bot.conftest import FakeClock

GUILD = "g1"
MANAGER = User("carol", "carol", manages_server=True, guild_id=GUILD)


@pytest.fixture
async def service() -> AsyncIterator[Service]:
    store = MemoryStore()
    await store.open()
    clock = FakeClock()
    links = BoardLinks("http://board.test", "a-test-secret-that-is-long-enough-0123456789", clock)
    yield Service(store, clock=clock, seed_source=lambda: 12345, web=links)
    await store.close()


def test_the_name_comes_from_the_id_in_each_language() -> None:
    easy, second = computer("easy"), computer("strong", 2)
    assert easy.name == "Computer (easy)"  # stored: English, as before
    assert computer_name(easy.id, words("de")) == "Computer (leicht)"
    assert computer_name(easy.id, words("pl")) == "Komputer (łatwy)"
    assert computer_name(second.id, words("de")) == "Computer 2 (stark)"
    assert computer_name(computer("auto").id, words("en")) == "Computer (auto)"
    assert computer_name("alice", words("de")) is None


@pytest.mark.parametrize(
    ("language", "named"), [("de", "Computer (leicht)"), ("pl", "Komputer (łatwy)")]
)
async def test_posts_lists_images_and_the_web_board_name_the_computer_in_the_readers_words(
    service: Service, monkeypatch: pytest.MonkeyPatch, language: str, named: str
) -> None:
    chosen = await service.server_settings(MANAGER, GUILD, {"language": language})
    assert chosen.ok, chosen.text
    drawn: list[dict[str, Any]] = []
    real = render.render

    def spy(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "render", spy)
    alice = User("alice", "alice", guild_id=GUILD, locale=language)
    made = await service.challenge(alice, "ordo", computer("easy"), color="white", guild_id=GUILD)
    assert made.ok and made.match_id is not None, made.text
    shown = [made.text, made.post.text if made.post else ""]
    for move in ("c1-b1", "d1-e1"):
        played = await service.move(alice, move, match_id=made.match_id)
        if played.ok:
            shown += [played.text, played.post.text if played.post else ""]
            break
    for answer in await service.computer_turns(made.match_id):
        shown.append(answer.post.text if answer.post else "")
    board = await service.board(alice, match_id=made.match_id)
    shown += [board.text, board.post.text if board.post else ""]
    listed = await service.games(alice)
    shown.append(listed.text)
    said = "\n".join(shown)
    assert named in said and "(easy)" not in said, said
    assert drawn and all(named in kwargs["players"] for kwargs in drawn), drawn
    assert all("Computer (easy)" not in kwargs["players"] for kwargs in drawn)
    link = (await service.web_link(alice, match_id=made.match_id)).links[0].url
    seen = await service.pages.page(alice, unquote(link.split("#t=", 1)[1]), match_id=made.match_id)
    assert seen.ok, seen.text
    assert named in [player["name"] for player in seen.extra["page"]["players"]]  # type: ignore[index]


async def test_a_rated_game_against_the_computer_names_it_in_the_rating_line(
    service: Service,
) -> None:
    chosen = await service.server_settings(MANAGER, GUILD, {"language": "de"})
    assert chosen.ok, chosen.text
    alice = User("alice", "alice", guild_id=GUILD, locale="de")
    made = await service.challenge(
        alice, "ordo", computer("easy"), color="white", guild_id=GUILD, rated=True
    )
    assert made.ok and made.match_id is not None, made.text
    ended = await service.resign(alice, match_id=made.match_id)
    assert ended.ok, ended.text
    said = "\n".join([ended.text, ended.post.text if ended.post else ""])
    assert "Computer (leicht) 1500" in said and "(easy)" not in said, said
