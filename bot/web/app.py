"""The web board's HTTP side (aiohttp): pages, the data they read, live updates and moves.

Like the console and the Discord cogs, this only parses requests and hands them to the
service (:attr:`bot.service.Service.pages`, which decides who may look and plays moves
through :meth:`Service.move`); what a move posts to the match's thread goes to ``publish``,
given by whoever runs the web board (the Discord bot's delivery, or a REST-only client in a
web process of its own).

Routes (``<match>`` is the match id, ``?t=`` the signed link's token when there is one):

    GET  /m/<match>              the board page (or a plain page saying why not)
    GET  /m/<match>/state        what the page draws, as JSON
    GET  /m/<match>/at/<ply>     the public position after <ply> steps (the replay)
    GET  /m/<match>/events       server-sent events: the match's version whenever it changes
    POST /m/<match>/move         {"move": notation, "version": n}: play (a seat's link only)
    GET  /static/<version>/<file>  scripts and style (cached for a year: the version changes)
    GET  /healthz                "ok"
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from bot.service import Service, User
from bot.service.replies import Reply
from bot.web.html import board_page, refused_page
from bot.web.live import GONE, POLL_SECONDS, LiveHub
from bot.words import language_of, words

log = logging.getLogger(__name__)

Publisher = Callable[[Reply], Awaitable[None]]
"""Delivers what a move made on the web posts: the thread post, pings and DMs."""

SERVICE = web.AppKey("service", Service)
PUBLISH = web.AppKey("publish", Callable[[Reply], Awaitable[None]])
HUB = web.AppKey("hub", LiveHub)
ASSETS = web.AppKey("assets", dict[str, tuple[bytes, str]])
VERSION = web.AppKey("version", str)

KEEP_ALIVE_SECONDS = 15.0
MOVE_BODY_LIMIT = 4096
SHARED_MODULES = ("app.js", "chooser.js", "moves.js", "players.js", "svg.js", "zoom.js")
CONTENT_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
"""A page's address can hold its link, so nothing is cached or sent on as a referrer, and
the page runs only its own scripts."""


def load_assets() -> dict[str, tuple[bytes, str]]:
    """Every file under ``static/`` (read once: a handful of small files)."""
    assets: dict[str, tuple[bytes, str]] = {}
    root = resources.files(__package__) / "static"

    def walk(folder: Any, prefix: str) -> None:
        for entry in folder.iterdir():
            name = prefix + entry.name
            if entry.is_dir():
                walk(entry, name + "/")
            elif "." + name.rsplit(".", 1)[-1] in CONTENT_TYPES:
                suffix = "." + name.rsplit(".", 1)[-1]
                assets[name] = (entry.read_bytes(), CONTENT_TYPES[suffix])

    walk(root, "")
    return assets


def viewer_of(request: web.Request) -> User:
    """Whoever opened the page, before any link says more: only their language is known."""
    header = request.headers.get("Accept-Language", "")
    first = header.split(",")[0].split(";")[0].strip()
    return User("", "", locale=language_of(first or "en"))


def _token(request: web.Request) -> str | None:
    return request.query.get("t") or None


def _json(data: Any, status: int = 200) -> web.Response:
    response = web.json_response(
        data, status=status, dumps=lambda d: json.dumps(d, separators=(",", ":"))
    )
    response.headers.update(SECURITY_HEADERS)
    response.enable_compression()
    return response


def _refused(request: web.Request, reply: Reply) -> web.Response:
    say = words(viewer_of(request).locale)
    response = web.Response(
        text=refused_page(reply.text, say), content_type="text/html", status=403
    )
    response.headers.update(SECURITY_HEADERS)
    return response


async def board(request: web.Request) -> web.Response:
    service = request.app[SERVICE]
    viewer = viewer_of(request)
    token = _token(request)
    reply = await service.pages.page(viewer, token, match_id=request.match_info["match"])
    if not reply.ok:
        return _refused(request, reply)
    page = reply.extra["page"]
    modules = [*SHARED_MODULES, f"games/{page['game']}.js"]
    static = f"../static/{request.app[VERSION]}"
    html = board_page(page, words(viewer.locale), token, static, modules)
    response = web.Response(text=html, content_type="text/html")
    response.headers.update(SECURITY_HEADERS)
    response.enable_compression()
    return response


async def state(request: web.Request) -> web.Response:
    service = request.app[SERVICE]
    reply = await service.pages.page(
        viewer_of(request), _token(request), match_id=request.match_info["match"]
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra["page"])


async def position(request: web.Request) -> web.Response:
    service = request.app[SERVICE]
    try:
        ply = int(request.match_info["ply"])
    except ValueError:
        raise web.HTTPNotFound() from None
    reply = await service.pages.position(
        viewer_of(request), _token(request), match_id=request.match_info["match"], ply=ply
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra["position"])


async def events(request: web.Request) -> web.StreamResponse:
    """The match's public version, now and whenever it changes; a comment line every few
    seconds keeps proxies from closing a quiet stream."""
    service = request.app[SERVICE]
    reply = await service.pages.watch(
        viewer_of(request), _token(request), match_id=request.match_info["match"]
    )
    if not reply.ok or reply.match_id is None:
        return _json({"error": reply.text}, status=403)
    seen = int(reply.extra["version"])
    response = web.StreamResponse(
        headers={
            **SECURITY_HEADERS,
            "Content-Type": "text/event-stream",
            "X-Accel-Buffering": "no",  # nginx: pass each event on at once
        }
    )
    await response.prepare(request)
    hub = request.app[HUB]
    try:
        async with hub.subscribe(reply.match_id, seen) as queue:
            # Subscribed first: once a page has read this, no later change can pass it by.
            await response.write(f"event: version\ndata: {seen}\n\n".encode())
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if version == GONE:
                    break
                await response.write(f"event: version\ndata: {version}\n\n".encode())
    except ConnectionResetError:
        pass  # the page went away
    return response


async def move(request: web.Request) -> web.Response:
    """A clicked move: the service plays it as the link's seat, then its thread post and
    pings go out exactly as for ``/move``, and every page of the match hears of it now."""
    service = request.app[SERVICE]
    if request.content_length is not None and request.content_length > MOVE_BODY_LIMIT:
        raise web.HTTPRequestEntityTooLarge(MOVE_BODY_LIMIT, request.content_length)
    try:
        body = json.loads(await request.text())
        text = str(body["move"])
        version = body.get("version")
        version = int(version) if version is not None else None
    except (ValueError, KeyError, TypeError):
        raise web.HTTPBadRequest() from None
    reply = await service.pages.move(
        viewer_of(request),
        _token(request),
        text,
        match_id=request.match_info["match"],
        version=version,
    )
    if reply.ok and reply.match_id is not None:
        try:
            await request.app[PUBLISH](reply)
        except Exception:
            log.exception("posting a web move failed (match %s)", reply.match_id)
        request.app[HUB].poke(reply.match_id)
    return _json({"ok": reply.ok, "text": reply.text}, status=200 if reply.ok else 409)


async def static(request: web.Request) -> web.Response:
    found = request.app[ASSETS].get(request.match_info["path"])
    if found is None:
        raise web.HTTPNotFound()
    body, content_type = found
    response = web.Response(body=body, content_type=content_type)
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.enable_compression()
    return response


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok")


def build_app(
    service: Service, publish: Publisher, *, poll_seconds: float = POLL_SECONDS
) -> web.Application:
    """The web board for one service; ``publish`` delivers what its moves post."""
    app = web.Application(client_max_size=MOVE_BODY_LIMIT * 4)
    assets = load_assets()
    digest = hashlib.sha256()
    for name in sorted(assets):
        digest.update(name.encode() + assets[name][0])
    app[SERVICE] = service
    app[PUBLISH] = publish
    app[HUB] = LiveHub(service.pages.version, interval=poll_seconds)
    app[ASSETS] = assets
    app[VERSION] = digest.hexdigest()[:12]
    app.router.add_get("/m/{match}", board)
    app.router.add_get("/m/{match}/state", state)
    app.router.add_get("/m/{match}/at/{ply}", position)
    app.router.add_get("/m/{match}/events", events)
    app.router.add_post("/m/{match}/move", move)
    app.router.add_get("/static/{version}/{path:.+}", static)
    app.router.add_get("/healthz", health)

    async def stop_streams(app: web.Application) -> None:
        await app[HUB].close()

    app.on_shutdown.append(stop_streams)
    return app
