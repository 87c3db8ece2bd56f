"""Open challenges (issue 18.2): posted for anyone, listed per server, accepted by one person
only (within the rating range), withdrawn by the challenger, kept across restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import Service, User
from storage import ACTIVE, CANCELLED, CHALLENGE, FINISHED, Rating, SqliteStore

from .conftest import ALICE, BOB, CAROL, FakeClock

GUILD = "g1"


async def _seek(service: Service, **kwargs: object) -> int:
    reply = await service.play(ALICE, "ordo", guild_id=GUILD, channel_id="c1", **kwargs)  # type: ignore[arg-type]
    assert reply.ok, reply.text
    assert reply.match_id is not None and reply.created
    return reply.match_id


async def _rate(service: Service, user: str, rating: float) -> None:
    """A stored rating for ``user`` (the store rates only finished matches)."""
    store = service.store
    done = await store.create_match(
        game="ordo", options={}, seed=1, status=FINISHED, seats=[user, "x"], created_by=user,
        state={}, now=0.0, guild_id=GUILD,
    )  # fmt: skip
    await store.save_ratings(
        GUILD, "ordo", done.id, [Rating(user, "ordo", GUILD, rating=rating, games=9)], 0.0
    )


async def test_an_open_challenge_is_posted_for_anyone(service: Service) -> None:
    reply = await service.play(ALICE, "ordo", guild_id=GUILD, channel_id="c1", color="first")
    assert reply.ephemeral and "anyone may accept" in reply.text
    assert reply.post is not None and reply.post.mentions == ()
    assert "looking for an opponent" in reply.post.text
    assert [b.action for b in reply.post.buttons] == ["accept", "decline"]
    record = await service.store.get_match(reply.match_id or 0)
    assert record is not None and record.status == CHALLENGE and record.seats == ("alice",)


async def test_anyone_may_accept_and_the_match_starts(service: Service) -> None:
    match = await _seek(service, color="second")
    accepted = await service.accept(BOB, match_id=match)
    assert accepted.ok, accepted.text
    record = await service.store.get_match(match)
    assert record is not None and record.status == ACTIVE
    assert record.seats == ("bob", "alice")  # alice asked for the second seat
    assert accepted.post is not None
    assert "bob accepts alice's open challenge" in accepted.post.text
    # bob moves first and is pinged; alice hears that her challenge was taken.
    assert set(accepted.post.mentions) == {"bob", "alice"}
    assert "seek" not in record.meta
    late = await service.accept(CAROL, match_id=match)
    assert not late.ok


async def test_only_one_of_two_simultaneous_accepts_gets_the_game(service: Service) -> None:
    match = await _seek(service)
    results = await asyncio.gather(
        service.accept(BOB, match_id=match), service.accept(CAROL, match_id=match)
    )
    assert sorted(r.ok for r in results) == [False, True]
    record = await service.store.get_match(match)
    assert record is not None and len(record.seats) == 2 and "alice" in record.seats


async def test_the_challenger_withdraws_and_nobody_else_can(service: Service) -> None:
    match = await _seek(service)
    own = await service.accept(ALICE, match_id=match)
    assert not own.ok and "your own open challenge" in own.text
    other = await service.decline(BOB, match_id=match)
    assert not other.ok and "Only the challenger" in other.text
    withdrawn = await service.decline(ALICE, match_id=match)
    assert withdrawn.ok
    record = await service.store.get_match(match)
    assert record is not None and record.status == CANCELLED
    assert not (await service.accept(BOB, match_id=match)).ok


async def test_the_rating_range_decides_who_may_accept(service: Service) -> None:
    await _rate(service, "bob", 1900.0)
    match = await _seek(service, min_rating=1400, max_rating=1800)
    refused = await service.accept(BOB, match_id=match)
    assert not refused.ok and "1900" in refused.text and "1400–1800" in refused.text
    assert (await service.accept(CAROL, match_id=match)).ok  # unrated: counted as 1500
    upside_down = await service.play(
        ALICE, "ordo", guild_id=GUILD, min_rating=1800, max_rating=1400
    )
    assert not upside_down.ok


async def test_seeks_lists_this_servers_open_challenges(service: Service) -> None:
    first = await _seek(service, time_control="3d+1d max 7d")
    await service.play(BOB, "fonver", guild_id="elsewhere")
    taken = await _seek(service)
    await service.accept(CAROL, match_id=taken)
    listing = await service.seeks(BOB, guild_id=GUILD)
    assert f"#{first} Ordo — alice (1500?)" in listing.text
    assert f"#{taken}" not in listing.text and "Fonver" not in listing.text
    empty = await service.seeks(BOB, guild_id="nowhere")
    assert "no open challenges" in empty.text


async def test_a_seek_survives_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = str(tmp_path / "bot.sqlite3")
    async with SqliteStore(path) as store:
        match = await _seek(Service(store, clock=clock, seed_source=lambda: 7))
    async with SqliteStore(path) as store:
        service = Service(store, clock=clock, seed_source=lambda: 7)
        assert f"#{match}" in (await service.seeks(BOB, guild_id=GUILD)).text
        assert (await service.accept(BOB, match_id=match)).ok


async def test_the_console_posts_lists_and_accepts(clock: FakeClock, tmp_path: Path) -> None:
    from bot.console import Console
    from storage import MemoryStore

    out: list[str] = []
    async with MemoryStore() as store:
        shell = Console(Service(store, clock=clock, seed_source=lambda: 7), tmp_path, out.append)
        await shell.handle("alice: /play ordo min_rating:1000")
        await shell.handle("bob: /seeks")
        assert any("#1 Ordo — alice" in line for line in out)
        await shell.handle("bob: /match accept 1")
        assert any("bob accepts alice's open challenge" in line for line in out)
        out.clear()
        await shell.handle("carol: /play ordo max_rating:lots")
        assert out == ["[only carol] max_rating takes a whole number, not 'lots'."]


async def test_a_user_outside_the_server_cannot_accept(service: Service) -> None:
    match = await _seek(service)
    stranger = User("dave", "dave", guild_id="other", can_view=lambda place: True)
    refused = await service.accept(stranger, match_id=match)
    assert not refused.ok
