"""The web board's weight and speed: ``python -m benchmarks.web [--quick] [--screenshots DIR]``.

* **Page weight** — the board page (its HTML with the match's data inside) plus every script
  and style it loads, raw and gzip-compressed as served, for an Ordo player and a FENCE!
  player (the biggest data). Target: under 200 KB before images.
* **Time to first view** — a real headless Chromium (the tests' one, fetched from npm once,
  see ``tests/browser.py``) opens a player's link at 360 px wide with a cold cache; the page
  marks ``board-drawn`` once the board is on screen. Target: under 1 s on this machine.
* **Live-update delay** — a move committed by *another* service on the same database (as
  the Discord bot's process would) until an open page shows it: the web process's poll,
  the page's fetch and its redraw. Target: within 1 s.

* **Live pages at scale** (``--streams N --matches M``, default 10,000 over 1,000; 2,000
  over 200 with ``--quick``) — a real ``python -m bot.web`` process (its per-address limits
  raised by its settings) holds N live streams opened by a bounded client in this process
  on loopback, M matches watched; another service on the same database (the bot's process)
  makes moves, and the time from each commit until each watcher of that match has the new
  version is measured (target p95 ≤ 500 ms), with the web process's resident memory per
  stream. SQLite by default (one versions query per half second for every watched match);
  ``--postgres`` uses a throwaway local PostgreSQL, where changes arrive by LISTEN/NOTIFY.
  ``--streams 0`` leaves it out.

* **Against another build** (``--against DIR``: another checkout, e.g. main's worktree) — the
  first views of this checkout's build and of the one in DIR, side by side in one run: each
  served by its own ``python -m bot.web`` process (that checkout's code) on the same database,
  the pages opened alternately, this build first on every other page, so both meet the same
  machine. A change's before and after measured this way differ by the change, not by the
  hour.

``--screenshots DIR`` also saves two phone pictures like those in docs/images/ (an Ordo board
page and the FENCE! city, 360 px wide).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import ClientSession, web

import games
from benchmarks.report import emit
from bot.service import Service, User
from bot.service.match.links import BoardLinks
from bot.service.replies import Reply
from bot.web.app import build_app
from storage import Store, open_store

SECRET = "benchmark-secret-0123456789-0123456789"
GUILD = "bench"
PAGE_BUDGET = 200_000
FIRST_VIEW_BUDGET_MS = 1000.0
LIVE_BUDGET_MS = 1000.0
HERE = Path(__file__).resolve().parents[1]
ALICE = User("1", "Alice", guild_id=GUILD)
BOB = User("2", "Bob", guild_id=GUILD)
CAROL = User("3", "Carol", guild_id=GUILD)
MANAGER = User("9", "Mia", manages_server=True, guild_id=GUILD)
ASSET = re.compile(r'href="([^"]+\.(?:js|css))"|src="([^"]+\.js)"')


async def ordo_match(service: Service, moves: int) -> int:
    reply = await service.challenge(ALICE, "ordo", BOB, color="first", guild_id=GUILD)
    assert reply.match_id is not None
    await service.accept(BOB, match_id=reply.match_id)
    await play(service, reply.match_id, moves, (ALICE, BOB))
    return reply.match_id


async def fence_match(service: Service, players: int = 4) -> int:
    """A FENCE! match in its turns (the city built), a few turns in."""
    guests = [BOB, CAROL, User("4", "Dave", guild_id=GUILD)][: players - 1]
    reply = await service.play(
        ALICE, "fence", invited=guests, seats=players, guild_id=GUILD,
        options={"quick_map": True},
    )  # fmt: skip
    assert reply.match_id is not None
    for guest in guests:
        await service.join(guest, match_id=reply.match_id)
    await service.start(ALICE, match_id=reply.match_id)
    await play(service, reply.match_id, 12, (ALICE, *guests))
    return reply.match_id


def first_legal(rules: Any, state: Any) -> str:
    """The first legal step, confirmed ("!") where the game would ask."""
    return str(rules.legal_notations(state)[0]) + "!"


async def play(
    service: Service,
    match: int,
    steps: int,
    users: tuple[User, ...],
    choose: Callable[[Any, Any], str] = first_legal,
) -> None:
    """``steps`` steps (fewer once the game is over), each ``choose(rules, state)`` typed by
    the seat to move through the service, as its player would."""
    by_id = {u.id: u for u in users}
    for _ in range(steps):
        record = await service.store.get_match(match)
        assert record is not None
        rules = games.get(record.game)
        state = rules.load(record.state)
        if rules.outcome(state) is not None or not rules.to_move(state):
            return
        seat = rules.to_move(state)[0]
        done = await service.move(by_id[record.seats[seat]], choose(rules, state), match_id=match)
        assert done.ok, done.text


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def link(service: Service, record_seats: tuple[str, ...], match: int, seat: int) -> str:
    links = service.pages.links
    assert links is not None
    return links.url(match, seat, record_seats[seat])


async def weight(session: ClientSession, url: str) -> tuple[int, int]:
    """(raw bytes, gzip bytes) of the page and everything it loads before images: the
    shell, its scripts and style, the match's data (asked with the link) and its game's
    drawing module."""
    page = url.split("#")[0]
    auth = {"Authorization": f"Bearer {url.partition('#t=')[2]}"}
    async with session.get(page) as answer:
        html = await answer.text()
    async with session.get(page + "/state", headers=auth) as answer:
        data = await answer.read()
    files = [html.encode(), data]
    base = page.rsplit("/", 1)[0] + "/"
    paths = [next(p for p in found if p) for found in ASSET.findall(html)]
    static = paths[0].rsplit("/", 1)[0]
    paths.append(f"{static}/games/{json.loads(data)['game']}.js")
    for path in paths:
        async with session.get(base + path) as answer:
            files.append(await answer.read())
    return sum(len(f) for f in files), sum(len(gzip.compress(f, 6)) for f in files)


async def first_view(browser: Any, url: str) -> float:
    """Milliseconds from navigation until the board is drawn, in a fresh context (a cold
    cache, no stored token)."""
    context = await browser.new_context(viewport={"width": 360, "height": 780})
    page = await context.new_page()
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']")
    drawn = await page.evaluate("() => performance.getEntriesByName('board-drawn')[0].startTime")
    await context.close()
    return float(drawn)


async def first_views(browser: Any, url: str, samples: int) -> list[float]:
    return [await first_view(browser, url) for _ in range(samples)]


async def side_by_side(browser: Any, urls: tuple[str, str], samples: int) -> list[list[float]]:
    """First views of two builds of the same page, alternately, each first every other time."""
    times: list[list[float]] = [[], []]
    for sample in range(samples):
        for which in (0, 1) if sample % 2 == 0 else (1, 0):
            times[which].append(await first_view(browser, urls[which]))
    return times


def web_process(root: Path, url: str, port: int, extra: dict[str, str]) -> subprocess.Popen[bytes]:
    """``python -m bot.web`` running the code of the checkout at ``root``."""
    env = {
        **os.environ, "PYTHONPATH": str(root), "DATABASE_URL": url,
        "WEB_BASE_URL": f"http://127.0.0.1:{port}", "WEB_SECRET": SECRET,
        "WEB_PORT": str(port), "WEB_HOST": "127.0.0.1", "WORKERS": "0", "LOG_LEVEL": "WARNING",
        "DISCORD_TOKEN": "", **extra,
    }  # fmt: skip
    return subprocess.Popen([sys.executable, "-m", "bot.web"], env=env, cwd=root)


def moved(url: str, port: int) -> str:
    """The same link at another local port."""
    return re.sub(r"^http://127\.0\.0\.1:\d+", f"http://127.0.0.1:{port}", url)


async def against(
    browser: Any, database: str, urls: dict[str, str], other: Path, samples: int
) -> dict[str, list[list[float]]]:
    """Each game's first views on this build and on ``other``'s, side by side."""
    ports = (free_port(), free_port())
    reads = {"WEB_ADDRESS_READS": "100000"}
    roots = (HERE, other)
    servers = [web_process(roots[i], database, ports[i], reads) for i in (0, 1)]
    try:
        for port in ports:
            await wait_serving(port)
        return {
            game: await side_by_side(browser, (moved(u, ports[0]), moved(u, ports[1])), samples)
            for game, u in urls.items()
        }
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)


async def live_delays(
    browser: Any, url: str, mover: Service, match: int, samples: int
) -> list[float]:
    """A move by another service on the same database, until the page shows its ply."""
    page = await browser.new_page(viewport={"width": 360, "height": 780})
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']")
    delays = []
    users = (ALICE, BOB)
    rng = random.Random(7)
    for _ in range(samples):
        record = await mover.store.get_match(match)
        assert record is not None
        ply = len(await mover.store.actions(match))
        await asyncio.sleep(rng.uniform(0, 0.5))  # at any point of the poll's half second
        began = time.time()
        await play(mover, match, 1, users)
        await page.wait_for_selector(f"body[data-ply='{ply + 1}']", timeout=10_000)
        # The page's own clock stamp (same machine): waiting for a selector polls coarsely.
        drawn = int(await page.get_attribute("body", "data-drawn-at") or 0) / 1000
        delays.append((drawn - began) * 1000)
    await page.close()
    return delays


async def screenshots(browser: Any, folder: Path, ordo_url: str, fence_url: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    page = await browser.new_page(viewport={"width": 360, "height": 740})
    await page.goto(ordo_url)
    await page.wait_for_selector("body[data-ready='1']")
    await page.click("#board [data-id='c2']")
    await page.screenshot(path=str(folder / "web-board-phone.png"))
    await page.goto(fence_url)
    await page.wait_for_selector("body[data-ready='1']")
    await page.locator("#options button.option").first.click()  # where the pawn may go
    await page.click("#zoom-out")
    await page.screenshot(path=str(folder / "web-fence-city-phone.png"))
    await page.close()


def _report(
    args: argparse.Namespace,
    weights: dict[str, tuple[int, int]],
    views: dict[str, list[float]],
    delays: list[float],
    pairs: dict[str, list[list[float]]],
) -> dict[str, Any]:
    """The table of the pages' weight, first views and live updates, and their figures."""
    print(f"{'what':<34}{'figure':>14}{'target':>14}")
    for game, (raw, packed) in weights.items():
        print(f"{game + ' page, raw':<34}{raw / 1000:>11.1f} KB{'< 200 KB':>14}")
        print(f"{game + ' page, gzip':<34}{packed / 1000:>11.1f} KB")
    for game, times in views.items():
        median = statistics.median(times)
        print(f"{game + ' first view, median':<34}{median:>11.0f} ms{'< 1000 ms':>14}")
        print(f"{game + ' first view, slowest':<34}{max(times):>11.0f} ms")
    print(f"{'live update, median':<34}{statistics.median(delays):>11.0f} ms{'< 1000 ms':>14}")
    print(f"{'live update, slowest':<34}{max(delays):>11.0f} ms")
    compared = {}
    if pairs:
        print(f"\nfirst views side by side, {args.pages} each: this build | {args.against}")
    for game, (mine, theirs) in pairs.items():
        here, there = statistics.median(mine), statistics.median(theirs)
        print(f"{game + ' first view, median':<34}{here:>11.0f} ms{there:>11.0f} ms")
        compared[f"first_view_ms_{game}_median_here"] = here
        compared[f"first_view_ms_{game}_median_against"] = there
    return {
        **compared,
        "page_kb_ordo": weights["ordo"][0] / 1000,
        "page_kb_ordo_gzip": weights["ordo"][1] / 1000,
        "page_kb_fence": weights["fence"][0] / 1000,
        "page_kb_fence_gzip": weights["fence"][1] / 1000,
        "first_view_ms_ordo_median": statistics.median(views["ordo"]),
        "first_view_ms_fence_median": statistics.median(views["fence"]),
        "first_view_ms_max": max(max(v) for v in views.values()),
        "live_update_ms_median": statistics.median(delays),
        "live_update_ms_max": max(delays),
        "within_targets": max(w[0] for w in weights.values()) < PAGE_BUDGET
        and max(max(v) for v in views.values()) < FIRST_VIEW_BUDGET_MS
        and max(delays) < LIVE_BUDGET_MS,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from tests.browser import LAUNCH_ARGS, chromium, launch_env

    with tempfile.TemporaryDirectory(prefix="boardbot-web-bench-") as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        web_store, bot_store = open_store(url), open_store(url)
        await web_store.open()
        await bot_store.open()
        server = web.AppRunner(web.Application())
        try:
            port = args.port or free_port()
            links = BoardLinks(f"http://127.0.0.1:{port}", SECRET, time.time)
            web_service = Service(web_store, web=links)
            # "the Discord bot's process"; a fixed seed draws the same city every run
            bot = Service(bot_store, web=links, seed_source=lambda: 4242)
            await bot.server_settings(MANAGER, GUILD, {"spectators": "public"})
            ordo = await ordo_match(bot, 6)
            fence = await fence_match(bot)
            live = await ordo_match(bot, 0)

            async def publish(reply: Reply) -> None:
                return None

            server = web.AppRunner(build_app(web_service, publish), shutdown_timeout=1)
            await server.setup()
            await web.TCPSite(server, "127.0.0.1", port).start()
            seats = {}
            for match in (ordo, fence, live):
                record = await bot.store.get_match(match)
                assert record is not None
                seats[match] = record.seats
            rules = games.get("fence")
            fence_record = await bot.store.get_match(fence)
            assert fence_record is not None
            fence_seat = rules.to_move(rules.load(fence_record.state))[0]
            urls = {
                "ordo": link(bot, seats[ordo], ordo, 0),
                "fence": link(bot, seats[fence], fence, fence_seat),
            }
            async with ClientSession() as session:
                weights = {game: await weight(session, u) for game, u in urls.items()}
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=str(chromium()), args=LAUNCH_ARGS, env=launch_env()
                )
                try:
                    views = {
                        game: await first_views(browser, u, args.pages) for game, u in urls.items()
                    }
                    delays = await live_delays(
                        browser, link(bot, seats[live], live, 0), bot, live, args.moves
                    )
                    pairs = {}
                    if args.against:
                        other = Path(args.against).resolve()
                        pairs = await against(browser, url, urls, other, args.pages)
                    if args.screenshots:
                        shots = Path(args.screenshots)
                        await screenshots(browser, shots, urls["ordo"], urls["fence"])
                finally:
                    await browser.close()
        finally:
            await server.cleanup()
            await web_store.close()
            await bot_store.close()

    return _report(args, weights, views, delays, pairs)


STREAM_P95_BUDGET_MS = 500.0


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def answers_on(port: int) -> bool:
    """Whether a web process on ``port`` answers its health check within a minute (a try
    every 0.1 s): what a benchmark and a deployment test wait for before they start."""
    async with ClientSession() as session:
        for _ in range(600):
            try:
                async with session.get(f"http://127.0.0.1:{port}/healthz") as answer:
                    if answer.status == 200:
                        return True
            except OSError:
                pass
            await asyncio.sleep(0.1)
    return False


async def wait_serving(port: int) -> None:
    if not await answers_on(port):
        raise RuntimeError("the web process did not start")


async def watch(
    session: ClientSession,
    url: str,
    match: int,
    heard: dict[tuple[int, int], list[float]],
    gate: asyncio.Semaphore,
    opened: list[int],
) -> None:
    """One live page: record when each version of its match arrives."""
    async with gate:  # a bounded number of connections being opened at once
        answer = await session.get(url, timeout=aiohttp.ClientTimeout(total=None))
    try:
        if answer.status != 200:
            raise RuntimeError(f"stream refused: {answer.status}")
        first = True
        async for raw in answer.content:
            line = raw.decode().strip()
            if line.startswith("data:"):
                heard.setdefault((match, int(line[5:])), []).append(time.perf_counter())
                if first:
                    opened[0] += 1
                    first = False
    finally:
        answer.release()


async def _deliveries(
    args: argparse.Namespace,
    bot: Service,
    store: Store,
    matches: list[int],
    committed: dict[tuple[int, int], float],
    heard: dict[tuple[int, int], list[float]],
) -> list[float]:
    """Moves played one by one in random watched matches: each one's delay, in milliseconds,
    from its commit to every watcher of its match hearing it."""
    rng = random.Random(11)
    delays: list[float] = []
    for _ in range(args.stream_moves):
        match = rng.choice(matches)
        await asyncio.sleep(rng.uniform(0, 0.5))
        await play(bot, match, 1, (ALICE, BOB))
        record = await store.get_match(match)
        assert record is not None
        done = committed[(match, record.version)]
        watchers = args.streams // len(matches) + (
            1 if matches.index(match) < args.streams % len(matches) else 0
        )
        key = (match, record.version)
        for _ in range(200):
            if len(heard.get(key, [])) >= watchers:
                break
            await asyncio.sleep(0.05)
        arrivals = heard.get(key, [])
        if len(arrivals) < watchers:
            raise RuntimeError(f"{watchers - len(arrivals)} watchers missed a move")
        delays += [(t - done) * 1000 for t in arrivals]
    return delays


def _stream_report(
    args: argparse.Namespace, delays: list[float], open_s: float, grown: float, rss_after: float
) -> dict[str, Any]:
    """The streams' table and figures."""
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))]
    per_stream = grown / args.streams
    engine = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"{'live streams (' + engine + ')':<34}{args.streams:>14}{'over ' + str(args.matches):>14}"
    )
    print(f"{'opening them all':<34}{open_s:>12.1f} s")
    print(f"{'move to every watcher, median':<34}{statistics.median(delays):>11.0f} ms")
    print(f"{'move to every watcher, p95':<34}{p95:>11.0f} ms{'<= 500 ms':>14}")
    print(f"{'move to every watcher, slowest':<34}{delays[-1]:>11.0f} ms")
    print(f"{'web process memory per stream':<34}{per_stream:>11.1f} KB")
    return {
        "streams": args.streams,
        "stream_matches": args.matches,
        "stream_engine": engine.lower(),
        "stream_open_s": open_s,
        "stream_delivery_ms_median": statistics.median(delays),
        "stream_delivery_ms_p95": p95,
        "stream_delivery_ms_max": delays[-1],
        "stream_deliveries": len(delays),
        "stream_memory_kb_each": per_stream,
        "stream_rss_mb": rss_after / 1024,
        "streams_within_target": p95 <= STREAM_P95_BUDGET_MS,
    }


async def streams(args: argparse.Namespace) -> dict[str, Any]:
    """Live pages at scale: see the module's docstring."""
    pg_folder = None
    with tempfile.TemporaryDirectory(prefix="boardbot-web-streams-") as folder:
        if args.postgres:
            import pgserver  # type: ignore[import-untyped]

            pg_folder = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
            url = str(pg_folder.get_uri())
        else:
            url = f"sqlite:///{folder}/streams.sqlite3"
        store = open_store(url)
        await store.open()
        port = free_port()
        links = BoardLinks(f"http://127.0.0.1:{port}", SECRET, time.time)
        bot = Service(store, web=links)
        await bot.server_settings(MANAGER, GUILD, {"spectators": "public"})
        matches = [await ordo_match(bot, 0) for _ in range(args.matches)]
        committed: dict[tuple[int, int], float] = {}
        commit = store._commit  # the engine's own write, under every wrapper's check

        async def timed(match_id: int, *given: Any, **named: Any) -> Any:
            """When each version was committed: a delivery is timed from there."""
            record = await commit(match_id, *given, **named)
            committed[(match_id, record.version)] = time.perf_counter()
            return record

        store._commit = timed  # type: ignore[method-assign]
        big = str(args.streams * 2)
        limits = {"WEB_ADDRESS_STREAMS": big, "WEB_STREAMS": big, "WEB_ADDRESS_READS": big}
        server = web_process(HERE, url, port, limits)
        try:
            await wait_serving(port)
            before = rss_kb(server.pid)
            heard: dict[tuple[int, int], list[float]] = {}
            opened = [0]
            connector = aiohttp.TCPConnector(limit=args.streams + 10)
            async with ClientSession(connector=connector) as session:
                gate = asyncio.Semaphore(100)
                began = time.perf_counter()
                watched = [matches[i % len(matches)] for i in range(args.streams)]
                tasks = [
                    asyncio.create_task(
                        watch(session, f"{links.page_url(m)}/events", m, heard, gate, opened)
                    )
                    for m in watched
                ]
                while opened[0] < args.streams:
                    failed = [t for t in tasks if t.done()]
                    if failed:
                        failed[0].result()
                        raise RuntimeError("a stream ended")
                    await asyncio.sleep(0.1)
                open_s = time.perf_counter() - began
                await asyncio.sleep(2)
                after = rss_kb(server.pid)
                delays = await _deliveries(args, bot, store, matches, committed, heard)
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            server.terminate()
            server.wait(timeout=30)
            await store.close()
            if pg_folder is not None:
                pg_folder.cleanup()
    return _stream_report(args, delays, open_s, after - before, after)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few samples only")
    parser.add_argument("--pages", type=int, default=None, help="first views to time per game")
    parser.add_argument("--moves", type=int, default=None, help="live updates to time")
    parser.add_argument("--port", type=int, default=0, help="local port (default: a free one)")
    parser.add_argument("--screenshots", help="save the README's phone pictures here")
    parser.add_argument("--against", help="another checkout: first views side by side with it")
    parser.add_argument("--streams", type=int, default=None, help="live streams (0: none)")
    parser.add_argument("--matches", type=int, default=None, help="matches they watch")
    parser.add_argument("--stream-moves", type=int, default=None, help="moves to time")
    parser.add_argument("--postgres", action="store_true", help="streams on PostgreSQL")
    parser.add_argument("--streams-only", action="store_true", help="only live pages at scale")
    args = parser.parse_args()
    pages, moves = (3, 5) if args.quick else (10, 20)
    args.pages = pages if args.pages is None else args.pages
    args.moves = moves if args.moves is None else args.moves
    defaults = (2000, 200, 20) if args.quick else (10_000, 1000, 40)
    args.streams = defaults[0] if args.streams is None else args.streams
    args.matches = defaults[1] if args.matches is None else args.matches
    args.stream_moves = defaults[2] if args.stream_moves is None else args.stream_moves

    async def both() -> dict[str, Any]:
        figures = {} if args.streams_only else await run(args)
        if args.streams:
            figures.update(await streams(args))
        return figures

    emit("web", asyncio.run(both()))


if __name__ == "__main__":
    main()
