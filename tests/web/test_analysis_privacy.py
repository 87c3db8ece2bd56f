"""A player's analysis is a secret like a hand, proved differentially: two worlds play the
same match with the same seeds and clock, and in one of them the first player keeps lines and
a note (and after the end, too). Every answer the other seat or a spectator gets — the web
board's data, replay positions, the live stream's version, their own analysis board, board
images, history, export, listings, conditional moves, notes — is identical in both worlds,
and so is the number of store calls each answer costs (no answer reads another's analysis,
so none can take longer because of it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

import games
from bot.service import Service
from bot.web.app import build_app
from storage import MemoryStore
from storage.wrapped import CountingStore

from .conftest import ALICE, BOB, CAROL, GUILD, MANAGER, FakeClock, Published, bearer, web_service

ORIGIN = {"Origin": "http://board.test"}


async def _play(service: Service, match: int, steps: int) -> None:
    for _ in range(steps):
        record = await service.store.get_match(match)
        assert record is not None
        rules = games.get(record.game)
        state = rules.load(record.state)
        seat = rules.to_move(state)[0]
        notation = rules.legal_notations(state)[0]
        who = ALICE if record.seats[seat] == ALICE.id else BOB
        assert (await service.move(who, notation, match_id=match)).ok


def _comparable(reply: Any) -> Any:
    """A reply as plain data (its place's callbacks and links included)."""
    return dataclasses.asdict(reply) if dataclasses.is_dataclass(reply) else reply


class World:
    """One run of the match, with or without Alice's analysis."""

    def __init__(self, secret: bool) -> None:
        self.secret = secret
        self.counting = CountingStore(MemoryStore())
        self.clock = FakeClock()
        self.service = web_service(self.counting, self.clock)
        self.answers: list[tuple[str, Any, int]] = []

    async def note(self, name: str, call: Callable[[], Awaitable[Any]]) -> None:
        before = self.counting.total()
        answer = await call()
        self.answers.append((name, answer, self.counting.total() - before))

    async def alice_analyses(self, client: TestClient, match: int, alice: str) -> None:
        """Lines, a branch, a promotion and a note: every kind of write."""
        head = {**bearer(alice), **ORIGIN}
        opened = await (await client.get(f"/m/{match}/analysis", headers=head)).json()
        first = opened["moves"][0]["n"]
        body = {"op": "move", "ply": opened["ply"], "move": first}
        one = await (await client.post(f"/m/{match}/analysis", headers=head, json=body)).json()
        for move in one["moves"][:2]:
            body = {"op": "move", "node": one["at"], "move": move["n"]}
            two = await client.post(f"/m/{match}/analysis", headers=head, json=body)
            assert two.status == 200
        last = (await two.json())["at"]
        body = {"op": "promote", "node": last}
        assert (await client.post(f"/m/{match}/analysis", headers=head, json=body)).status == 200
        body = {"op": "note", "note": "**they** will push on the left"}
        assert (await client.post(f"/m/{match}/analysis", headers=head, json=body)).status == 200
        assert (await self.service.match_note(ALICE, "and watch the centre", match_id=match)).ok

    async def look(self, client: TestClient, match: int, bob: str, when: str) -> None:
        """Everything Bob and a spectator (Carol, on a server where anyone may look) ask."""
        s = self.service
        last = (await s.store.get_match(match)).version  # type: ignore[union-attr]
        for who, head in (("bob", bearer(bob)), ("spectator", {})):
            for path in (
                "/state",
                "/at/0",
                "/at/1",
                "/analysis",
                "/analysis?seat=0",
                "/analysis?node=1",
                "/analysis?node=2&seat=1",
            ):

                async def ask(path: str = path, head: dict[str, str] = head) -> Any:
                    answer = await client.get(f"/m/{match}{path}", headers=head)
                    return answer.status, await answer.read()

                await self.note(f"{when} {who} GET {path}", ask)

            async def change(head: dict[str, str] = head) -> Any:
                body = {"op": "delete", "node": 2}
                answer = await client.post(
                    f"/m/{match}/analysis", headers={**head, **ORIGIN}, json=body
                )
                return answer.status, await answer.read()

            await self.note(f"{when} {who} POST delete", change)
        await self.note(f"{when} version", lambda: s.pages.version(match))
        await self.note(f"{when} versions", lambda: s.pages.versions([match]))
        await self.note(f"{when} match row", lambda: self._row(match, last))
        for user in (BOB, CAROL):
            for name, call in (
                ("board", lambda u=user: s.board(u, match_id=match)),
                ("history", lambda u=user: s.history(u, match_id=match)),
                ("export", lambda u=user: s.export(u, match_id=match)),
                ("games", lambda u=user: s.games(u)),
                ("premove", lambda u=user: s.premove(u, None, match_id=match)),
                ("note", lambda u=user: s.match_note(u, None, match_id=match)),
                ("review", lambda u=user: s.review(u, match_id=match)),
            ):
                await self.note(f"{when} {user.id} {name}", lambda c=call: _reply(c))

    async def _row(self, match: int, version: int) -> Any:
        record = await self.service.store.get_match(match)
        assert record is not None
        return (record.version == version, record.updated_at, record.meta, record.version)

    async def run(self, game: str) -> list[tuple[str, Any, int]]:
        s = self.service
        await s.store.open()
        await s.server_settings(MANAGER, GUILD, {"spectators": "public"})
        app = build_app(s, Published(), poll_seconds=0.05)
        async with TestClient(TestServer(app)) as client:
            made = await s.challenge(ALICE, game, BOB, color="first", guild_id=GUILD)
            match = made.match_id
            assert match is not None and (await s.accept(BOB, match_id=match)).ok
            await _play(s, match, 3)
            alice = (await s.web_link(ALICE, match_id=match)).links[0].url
            bob = (await s.web_link(BOB, match_id=match)).links[0].url
            if self.secret:
                await self.alice_analyses(client, match, alice)
            await self.look(client, match, bob, "running")
            await _play(s, match, 1)
            assert (await s.resign(ALICE, match_id=match)).ok
            if self.secret:
                body = {"op": "note", "note": "lost it on the left"}
                head = {**bearer(alice), **ORIGIN}
                assert (
                    await client.post(f"/m/{match}/analysis", headers=head, json=body)
                ).status == 200
            await self.look(client, match, bob, "finished")
        await s.store.close()
        return self.answers


async def _reply(call: Callable[[], Awaitable[Any]]) -> Any:
    return _comparable(await call())


@pytest.mark.parametrize("game", ["ordo", "fonver"])
async def test_no_answer_to_another_seat_or_a_spectator_changes_with_the_lines(game: str) -> None:
    # One world after the other, never interleaved: each is then a whole run of its own, and
    # nothing one world does (its requests in flight, its renders and replays on the shared
    # thread pool, the process's caches it fills) can land inside a measurement of the other
    # — under load, interleaved worlds reached each step at different moments, so an answer
    # and its count of store calls could differ with the machine's timing, not the lines.
    plain = await World(False).run(game)
    secret = await World(True).run(game)
    assert [name for name, _, _ in plain] == [name for name, _, _ in secret]
    for (name, without, calls), (_, with_lines, calls_with) in zip(plain, secret, strict=True):
        assert with_lines == without, name
        assert calls_with == calls, name
    # And the worlds did differ: Alice's own analysis is there in one of them.
    assert any("delete" in name for name, _, _ in plain)


async def test_the_owner_sees_their_lines_and_note_and_only_in_their_own_export() -> None:
    world = World(True)
    s = world.service
    await s.store.open()
    app = build_app(s, Published(), poll_seconds=0.05)
    async with TestClient(TestServer(app)) as client:
        made = await s.challenge(ALICE, "ordo", BOB, color="first", guild_id=GUILD)
        match = made.match_id
        assert match is not None and (await s.accept(BOB, match_id=match)).ok
        alice = (await s.web_link(ALICE, match_id=match)).links[0].url
        await world.alice_analyses(client, match, alice)
        mine = await s.export(ALICE, match_id=match)
        theirs = await s.export(BOB, match_id=match)
    names = [name for name, _ in mine.files]
    assert f"match{match}-my-analysis.txt" in names
    text = dict(mine.files)[f"match{match}-my-analysis.txt"].decode()
    assert "and watch the centre" in text and "after step 0:" in text
    assert all("analysis" not in name for name, _ in theirs.files)
    shown = await s.match_note(ALICE, None, match_id=match)
    assert "and watch the centre" in shown.text and shown.ephemeral
    await s.store.close()
