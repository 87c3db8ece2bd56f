"""Matches of every game in positions worth looking at, served by a real web board on a
loopback port: the browser tests open them, and ``python -m tests.web.scenes DIR`` saves the
README's phone and desktop pictures from them.

Every scene is played through the service (the same calls Discord makes), with fixed seeds
and seeded random moves, so a picture or a test sees the same position on every run.
"""

from __future__ import annotations

import argparse
import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

import games
from benchmarks.web import play
from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.service.replies import Reply
from bot.web.app import build_app
from storage import MemoryStore
from tests.people import on_server
from tests.ports import free_port
from tests.web.conftest import FakeClock

SECRET = "a-scene-secret-that-is-long-enough-0123456789"
GUILD = "g1"
TIME = "3d+1d max 7d"
ALICE, BOB, CAROL, DAVE, ERIN, FRANK = on_server(
    GUILD, "alice", "bob", "carol", "dave", "erin", "frank"
)
MANAGER = User("mia", "Mia", manages_server=True, guild_id=GUILD)
USERS = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 10_000


@dataclass
class Board:
    """A running web board: its service, its address and the matches made on it."""

    service: Service
    base: str
    clock: FakeClock
    matches: dict[str, int] = field(default_factory=dict)

    def watch_url(self, match: int) -> str:
        """The match's plain address: a watcher's page (the server lets anyone look)."""
        return f"{self.base}/m/{match}"

    async def seat_url(self, match: int, user: User) -> str:
        """The link Discord gives ``user``: their seat's when they play in the match."""
        reply = await self.service.web_link(user, match_id=match)
        assert reply.ok, reply.text
        return reply.links[0].url

    async def position(self, match: int) -> tuple[Any, Any]:
        """The match's rules and its state now, as stored."""
        record = await self.service.store.get_match(match)
        assert record is not None
        rules = games.get(record.game)
        return rules, rules.load(record.state)

    async def mover(self, match: int) -> User:
        """The player to move (the first, if several)."""
        record = await self.service.store.get_match(match)
        assert record is not None
        rules, state = await self.position(match)
        return USERS[record.seats[rules.to_move(state)[0]]]


async def play_moves(
    service: Service,
    match: int,
    count: int,
    rng: random.Random,
    *,
    pick: Callable[..., Any] | None = None,
) -> None:
    """``count`` steps of seeded random legal moves (``pick(rules, state, actions)`` to
    choose otherwise), each played by the seat to move through the service."""

    def choose(rules: Any, state: Any) -> str:
        actions = rules.legal_actions(state)
        return str(
            rules.format(state, pick(rules, state, actions) if pick else rng.choice(actions))
        )

    await play(service, match, count, tuple(USERS.values()), choose)


async def two_player(
    service: Service, game: str, moves: int, seed: int, options: dict[str, Any] | None = None
) -> int:
    reply = await service.challenge(
        ALICE, game, BOB, color="first", guild_id=GUILD, channel_id="c1", time_control=TIME,
        options=options,
    )  # fmt: skip
    assert reply.ok and reply.match_id is not None, reply.text
    assert (await service.accept(BOB, match_id=reply.match_id)).ok
    await play_moves(service, reply.match_id, moves, random.Random(seed))
    return reply.match_id


async def fence(service: Service, players: int, *, quick: bool = True) -> int:
    """A FENCE! match whose city is built, at its first turn."""
    guests = [BOB, CAROL, DAVE, ERIN, FRANK][: players - 1]
    reply = await service.play(
        ALICE, "fence", invited=guests, seats=players, guild_id=GUILD, time_control=TIME,
        options={"quick_map": quick},
    )  # fmt: skip
    assert reply.ok and reply.match_id is not None, reply.text
    match = reply.match_id
    for guest in guests:
        assert (await service.join(guest, match_id=match)).ok
    assert (await service.start(ALICE, match_id=match)).ok
    rules = games.get("fence")

    def first(rules: Any, state: Any, actions: list[Any]) -> Any:
        return actions[0]

    for _ in range(400):
        record = await service.store.get_match(match)
        assert record is not None
        if rules.view(rules.load(record.state), None)["stage"] == "turn":
            return match
        await play_moves(service, match, 1, random.Random(0), pick=first)
    raise AssertionError("the city was never finished")


SCENES: dict[str, Callable[[Service], Awaitable[int]]] = {
    "ordo": lambda service: two_player(service, "ordo", 7, 1),
    "fuer": lambda service: two_player(service, "fuer", 8, 3),
    "fendo": lambda service: two_player(service, "fendo", 12, 3),
    "fonver": lambda service: two_player(service, "fonver", 9, 4),
    "fence": lambda service: fence(service, 4),
    "fence2": lambda service: fence(service, 2),
}
"""One match per game in mid-play, plus FENCE! for four and a FENCE! for two."""

SIZES: dict[str, Callable[[Service], Awaitable[int]]] = {
    "fonver9": lambda service: two_player(service, "fonver", 9, 4, {"size": 9}),
    "fonver13": lambda service: two_player(service, "fonver", 9, 4, {"size": 13}),
    "fendo9": lambda service: two_player(service, "fendo", 12, 3, {"size": 9}),
    "fendo11": lambda service: two_player(service, "fendo", 12, 3, {"size": 11}),
    "fence3": lambda service: fence(service, 3),
    "fence5": lambda service: fence(service, 5),
    "fence6": lambda service: fence(service, 6),
}
"""The other sizes: Fonver 9 and 13 (19 is the default), Fendo 9 and 11, FENCE! for three,
five and six (the phone tests measure every one; SCENES has the defaults)."""


@asynccontextmanager
async def serving(*names: str) -> AsyncIterator[Board]:
    """A service on the memory store with signed links, its web board on a free loopback
    port, and the scenes ``names`` made on it (anyone on the server may watch)."""
    store = MemoryStore()
    await store.open()
    clock = FakeClock()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    service = Service(
        store, clock=clock, seed_source=lambda: 4242, web=BoardLinks(base, SECRET, clock)
    )

    async def publish(reply: Reply) -> None:
        return None

    runner = web.AppRunner(build_app(service, publish, poll_seconds=0.05), shutdown_timeout=1)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    board = Board(service, base, clock)
    try:
        await service.server_settings(MANAGER, GUILD, {"spectators": "public"})
        for name in names:
            board.matches[name] = await {**SCENES, **SIZES}[name](service)
        yield board
    finally:
        await runner.cleanup()
        await store.close()


@asynccontextmanager
async def opened(
    browser: Any, url: str, viewport: dict[str, int] = PHONE, **screen: Any
) -> AsyncIterator[Any]:
    """A page of ``browser`` at ``url``, drawn and ready; closed afterwards. ``screen`` is
    more of the device (``has_touch``, ``is_mobile``: a phone's touch screen)."""
    page = await browser.new_page(viewport=viewport, **screen)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda said: errors.append(said.text) if said.type == "error" else None)
    try:
        await page.goto(url)
        try:
            await page.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)
        except Exception as exc:
            raise AssertionError(f"the page was never ready: {errors}") from exc
        yield page
        assert not errors, errors
    finally:
        await page.close()


README = {
    "web-board-phone.png": ("ordo", PHONE, ("#board .cell.target",)),
    "web-fence-city-phone.png": (
        "fence",
        PHONE,
        ("#options button.option >> nth=1", "#options button.option"),
    ),
    "web-fuer-phone.png": ("fuer", PHONE, ("#board .cell.target",)),
    "web-fendo-phone.png": ("fendo", PHONE, ("#board [data-id='e5']", "#board [data-id='b2']")),
    "web-fence-desktop.png": ("fence", DESKTOP, ()),
}
"""The README's pictures: scene, screen, and what the player clicks first (CSS selectors, the
first match each); the FENCE! desktop one is a watcher's page."""


async def shoot(folder: Path, names: list[str], *, readme: bool = False) -> None:
    """Pictures of the scenes as their player to move sees them, phone and desktop; with
    ``readme``, the README's pictures instead."""
    from playwright.async_api import async_playwright

    from tests.browser import LAUNCH_ARGS, chromium, launch_env

    folder.mkdir(parents=True, exist_ok=True)
    wanted = {scene for scene, _, _ in README.values()} if readme else (names or SCENES)
    async with serving(*wanted) as board, async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(chromium()), args=LAUNCH_ARGS, env=launch_env()
        )
        try:
            shots = (
                [(file, *README[file]) for file in README]
                if readme
                else [
                    (f"{name}-{size}.png", name, screen, ())
                    for name in board.matches
                    for size, screen in (("phone", PHONE), ("desktop", DESKTOP))
                ]
            )
            for file, scene, screen, clicks in shots:
                match = board.matches[scene]
                watching = readme and screen is DESKTOP
                url = (
                    board.watch_url(match)
                    if watching
                    else await board.seat_url(match, await board.mover(match))
                )
                touch = {"has_touch": True, "is_mobile": True} if screen is PHONE else {}
                async with opened(browser, url, screen, **touch) as page:
                    for selector in clicks:
                        await page.locator(selector).first.click()
                    await page.evaluate("() => window.scrollTo(0, 0)")
                    await page.screenshot(path=str(folder / file))
        finally:
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Pictures of the web board's scenes")
    parser.add_argument("folder")
    parser.add_argument("names", nargs="*", help="scenes to shoot (default: all)")
    parser.add_argument("--readme", action="store_true", help="the README's pictures")
    args = parser.parse_args()
    asyncio.run(shoot(Path(args.folder), args.names, readme=args.readme))


if __name__ == "__main__":
    main()
