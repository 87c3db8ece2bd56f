"""The web board's HTTP side (aiohttp): pages, the data they read, live updates and moves.

Like the console and the Discord cogs, this only parses requests and hands them to the
service (:attr:`bot.service.Service.pages`, which decides who may look and plays moves
through :meth:`Service.move`); what a move posts to the match's thread goes to ``publish``,
given by whoever runs the web board (the Discord bot's delivery, or a REST-only client in a
web process of its own).

Routes (``<match>`` is the match id). No address ever holds a link's token: the page sends
it as ``Authorization: Bearer …`` (:mod:`bot.web.identity`).

    GET  /m/<match>              the board page: one shell for everyone, which then asks
    GET  /m/<match>/state        what the page draws, as JSON
    GET  /m/<match>/at/<ply>     the public position after <ply> steps (the replay)
    GET  /m/<match>/events       server-sent events: the match's version whenever it changes
    POST /m/<match>/move         {"move": notation, "version": n}: play (a seat's link only)
    GET  /m/<match>/analysis     the seat's own analysis board (?ply=, ?node=: which position)
    POST /m/<match>/analysis     {"op": …}: one change to it (a step, promote, delete, the
                                 note, conditional moves from a line: bot.service.pages.analysis)
    GET  /static/<version>/<file>  scripts and style (cached for a year: the version changes)
    GET  /healthz                "ok"

With the board set up as a Discord Activity (``DISCORD_CLIENT_ID``), also — all relative to
the page, so they work the same behind Discord's proxy (``https://<app>.discordsays.com``,
under ``/.proxy/`` or not) as on the board's own address:

    GET  /                       the same board page, which Discord's client may frame
    POST /activity/token         {"code", "instance_id"}: Discord's word for the player → a
                                 session (:mod:`bot.service.pages.activity`) and Discord's token
    GET  /activity/here?match=N  with a session: the match to open, the player's matches there

Every route passes :mod:`bot.web.guard` (where from, headers, errors) and the data routes
the process's :class:`~bot.web.limits.Limiter` (429 with ``Retry-After``).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, NamedTuple, TypeVar, cast

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.service import Service
from bot.service.pages.activity import Confirmer
from bot.service.replies import Reply
from bot.settings import Settings
from bot.web.guard import SECURITY_HEADERS, framed_by_discord, guard, origin_of, viewer_of
from bot.web.html import board_page
from bot.web.identity import Caller, Network, address_of, caller, trusted_networks
from bot.web.limits import Limiter, WebLimits
from bot.web.live import GONE, POLL_SECONDS, Hangups, LiveHub
from bot.words import words

log = logging.getLogger(__name__)

BodyModel = TypeVar("BodyModel", bound=BaseModel)
Publisher = Callable[[Reply], Awaitable[None]]
"""Delivers what a move made on the web posts: the thread post, pings and DMs."""

SERVICE = web.AppKey("service", Service)
PUBLISH: web.AppKey[Publisher] = web.AppKey("publish")
HUB = web.AppKey("hub", LiveHub)
HANGUPS = web.AppKey("hangups", Hangups)
LIMITER = web.AppKey("limiter", Limiter)
TRUSTED = web.AppKey("trusted", tuple)
ASSETS = web.AppKey("assets", dict[str, "Asset"])
PAGES = web.AppKey("pages", dict[tuple[str, str, str | None], "Asset"])
VERSION = web.AppKey("version", str)
ACTIVITY = web.AppKey("activity", Confirmer)

KEEP_ALIVE_SECONDS = 15.0
MOVE_BODY_LIMIT = 4096
MOVE_LIMIT = 1000
"""Characters in a typed move: far more than any turn's notation."""
ANALYSIS_NOTE_LIMIT = 4000
"""Characters a note's field may bring (the service's own limit is lower, and says so)."""
ANALYSIS_BODY_LIMIT = 6 * ANALYSIS_NOTE_LIMIT + 1024
"""Bytes of an analysis change: a note of that many characters, each JSON-escaped."""
SYNC_COMPRESS_LIMIT = 1 << 20
"""Data answers up to this size are compressed at once, not in a thread: compressing the
biggest match's data takes well under a millisecond, less than the trip to a thread."""
DEFAULT_LIMITS = WebLimits.of(Settings.model_construct())
"""The settings' defaults, for tests and benchmarks that build the app without settings."""
LOOPBACK = trusted_networks(Settings.model_construct().web_trusted_proxies)
SHARED_MODULES = ("analysis.js", "chooser.js", "moves.js", "players.js", "svg.js", "zoom.js")
"""What ``app.js`` imports, preloaded by the page (``link.js`` and ``app.js`` are its scripts)."""
CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".md": "text/plain",  # the licence of what ships under static/vendor/
}


class MoveBody(BaseModel):
    """A move's body, read strictly: a string and an integer, nothing else, nothing deep
    (a float, ``Infinity``, a string version or nesting is a 400, not a crash)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    move: str = Field(max_length=MOVE_LIMIT)
    version: int | None = Field(default=None, ge=0, le=2**53)


class AnalysisBody(BaseModel):
    """One change to the analysis board, read as strictly as a move."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    op: str = Field(max_length=20)
    node: int | None = Field(default=None, ge=0, le=2**53)
    ply: int | None = Field(default=None, ge=0, le=2**31)
    move: str = Field(default="", max_length=MOVE_LIMIT)
    outcome: int | None = Field(default=None, ge=0, le=100_000)
    note: str | None = Field(default=None, max_length=ANALYSIS_NOTE_LIMIT)
    seat: int | None = Field(default=None, ge=0, le=64)


class TokenBody(BaseModel):
    """What the Activity's page brings from Discord's client: the one-time OAuth2 code and
    the instance it runs in (both checked with Discord, never believed)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    code: str = Field(min_length=1, max_length=200)
    instance_id: str = Field(min_length=1, max_length=200)


class Asset(NamedTuple):
    """A file the board serves as it is: its bytes, their type, and the same bytes
    gzip-compressed once (None where that is no smaller), so no request compresses them."""

    body: bytes
    content_type: str
    packed: bytes | None

    @classmethod
    def of(cls, body: bytes, content_type: str) -> Asset:
        packed = gzip.compress(body, 9, mtime=0)
        return cls(body, content_type, packed if len(packed) < len(body) else None)


def load_assets() -> dict[str, Asset]:
    """Every file under ``static/`` (read and compressed once: a handful of small files)."""
    assets: dict[str, Asset] = {}
    root = resources.files(__package__) / "static"

    def walk(folder: Any, prefix: str) -> None:
        for entry in folder.iterdir():
            name = prefix + entry.name
            if entry.is_dir():
                walk(entry, name + "/")
            elif "." + name.rsplit(".", 1)[-1] in CONTENT_TYPES:
                suffix = "." + name.rsplit(".", 1)[-1]
                assets[name] = Asset.of(entry.read_bytes(), CONTENT_TYPES[suffix])

    walk(root, "")
    return assets


def _json(data: Any, status: int = 200) -> web.Response:
    response = web.Response(
        body=json.dumps(data, separators=(",", ":")).encode(),
        status=status,
        content_type="application/json",
        zlib_executor_size=SYNC_COMPRESS_LIMIT,
    )
    response.enable_compression()
    return response


def takes_gzip(request: web.Request) -> bool:
    """Whether the client said it reads gzip (``Accept-Encoding``, not with ``q=0``)."""
    for coding in request.headers.get("Accept-Encoding", "").lower().split(","):
        name, _, weight = coding.partition(";")
        if name.strip() == "gzip":
            return weight.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _asset(request: web.Request, asset: Asset) -> web.Response:
    """``asset`` as the client reads it: its compressed bytes where it takes gzip."""
    charset = "utf-8" if asset.content_type in ("text/plain", "text/html") else None
    packed = asset.packed is not None and takes_gzip(request)
    body = asset.packed if packed else asset.body
    response = web.Response(body=body, content_type=asset.content_type, charset=charset)
    if packed:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    return response


def _caller(request: web.Request) -> tuple[int, Caller]:
    match_id = int(request.match_info["match"])
    pages = request.app[SERVICE].pages
    return match_id, caller(request, pages.links, match_id, request.app[TRUSTED], pages.sessions)


def _page(request: web.Request, static: str, client_id: str | None = None) -> web.Response:
    """The shell in the reader's language, built and compressed once per language (it
    depends on nothing else)."""
    say = words(viewer_of(request).locale)
    pages = request.app[PAGES]
    key = (say.language, static, client_id)
    if key not in pages:
        html = board_page(say, static, list(SHARED_MODULES), client_id=client_id)
        pages[key] = Asset.of(html.encode(), "text/html")
    return _asset(request, pages[key])


async def board(request: web.Request) -> web.Response:
    """The same page for every match and visitor: nothing in it depends on who asks."""
    return _page(request, f"../static/{request.app[VERSION]}")


async def activity_page(request: web.Request) -> web.Response:
    """The same page again, where Discord opens the Activity (the root of its URL mapping):
    it learns who is playing from Discord and which match from the server (``static/link.js``).
    Only here may Discord's client frame the board."""
    client_id = request.app[ACTIVITY].client_id
    response = _page(request, f"static/{request.app[VERSION]}", client_id)
    framed_by_discord(response, client_id)
    return response


async def _read(request: web.Request, model: type[BodyModel], limit: int) -> BodyModel:
    """A small JSON body read strictly into ``model`` (415, 413, 400 otherwise)."""
    if request.content_type != "application/json":
        raise web.HTTPUnsupportedMediaType()
    if request.content_length is not None and request.content_length > limit:
        raise web.HTTPRequestEntityTooLarge(limit, request.content_length)
    try:
        return model.model_validate_json(await request.read())
    except ValidationError:
        raise web.HTTPBadRequest() from None


async def activity_token(request: web.Request) -> web.Response:
    """Discord's code and the Activity's instance, checked with Discord: a session for that
    player. Counted as a change per address (no session exists yet to count it under)."""
    trusted = request.app[TRUSTED]
    request.app[LIMITER].move(address_of(request, trusted), None)
    body = await _read(request, TokenBody, MOVE_BODY_LIMIT)
    reply = await request.app[SERVICE].activity.sign_in(
        viewer_of(request), request.app[ACTIVITY], code=body.code, instance_id=body.instance_id
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra)


async def activity_here(request: web.Request) -> web.Response:
    """With a session: the match the Activity opens on and the player's matches there."""
    pages = request.app[SERVICE].pages
    who = caller(request, pages.links, None, request.app[TRUSTED], pages.sessions)
    request.app[LIMITER].read(who.address, who.holder)
    wanted = request.query.get("match", "")
    reply = await request.app[SERVICE].activity.here(
        viewer_of(request), who.credential, wanted=wanted if wanted.isdigit() else None
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra)


async def state(request: web.Request) -> web.Response:
    match_id, who = _caller(request)
    request.app[LIMITER].read(who.address, who.holder)
    reply = await request.app[SERVICE].pages.page(
        viewer_of(request), who.credential, match_id=match_id
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra["page"])


async def position(request: web.Request) -> web.Response:
    match_id, who = _caller(request)
    request.app[LIMITER].read(who.address, who.holder)
    reply = await request.app[SERVICE].pages.position(
        viewer_of(request), who.credential, match_id=match_id, ply=int(request.match_info["ply"])
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra["position"])


async def events(request: web.Request) -> web.StreamResponse:
    """The match's public version, now and whenever it changes; a comment line every few
    seconds keeps proxies from closing a quiet stream."""
    match_id, who = _caller(request)
    limiter = request.app[LIMITER]
    limiter.read(who.address, who.holder)
    with limiter.stream(who.address, who.holder):
        reply = await request.app[SERVICE].pages.watch(
            viewer_of(request), who.credential, match_id=match_id
        )
        if not reply.ok or reply.match_id is None:
            return _json({"error": reply.text}, status=403)
        version = reply.extra["version"]
        assert isinstance(version, int)
        return await _stream(request, reply.match_id, version)


async def _stream(request: web.Request, match_id: int, seen: int) -> web.StreamResponse:
    response = web.StreamResponse(
        headers={
            **SECURITY_HEADERS,
            "Content-Type": "text/event-stream",
            "X-Accel-Buffering": "no",  # nginx: pass each event on at once
        }
    )
    await response.prepare(request)

    def closed() -> bool:
        transport = request.transport
        return transport is None or transport.is_closing()

    try:
        async with request.app[HUB].subscribe(match_id, seen) as queue:
            # Subscribed first: once a page has read this, no later change can pass it by.
            await response.write(f"event: version\ndata: {seen}\n\n".encode())
            with request.app[HANGUPS].watch(queue, closed):
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
    pings go out exactly as for ``/move``, every page of the match hears of it now, and the
    computer, if it is to answer, is queued in this process at once."""
    match_id, who = _caller(request)
    request.app[LIMITER].move(who.address, who.holder)
    body = await _read(request, MoveBody, MOVE_BODY_LIMIT)
    service = request.app[SERVICE]
    reply = await service.pages.move(
        viewer_of(request), who.credential, body.move, match_id=match_id, version=body.version
    )
    if reply.ok and reply.match_id is not None:
        try:
            await request.app[PUBLISH](reply)
        except Exception:
            log.exception("posting a web move failed (match %s)", reply.match_id)
        request.app[HUB].poke(reply.match_id)
        if (where := reply.match_place) is not None and where.computer_in_play:
            await service.queue_computer_turn_of(reply.match_id)
    return _json({"ok": reply.ok, "text": reply.text}, status=200 if reply.ok else 409)


def _number(request: web.Request, name: str) -> int | None:
    text = request.query.get(name, "")
    return int(text) if text.isdigit() and len(text) < 16 else None


async def analysis(request: web.Request) -> web.Response:
    """The caller's own analysis board at one position (a read: nothing is written)."""
    match_id, who = _caller(request)
    request.app[LIMITER].read(who.address, who.holder)
    reply = await request.app[SERVICE].analysis.open(
        viewer_of(request),
        who.credential,
        match_id=match_id,
        ply=_number(request, "ply"),
        node=_number(request, "node"),
        seat=_number(request, "seat"),
    )
    if not reply.ok:
        return _json({"error": reply.text}, status=403)
    return _json(reply.extra["analysis"])


async def analysis_change(request: web.Request) -> web.Response:
    """One change to the caller's analysis board, counted as a read (it posts nothing and
    wakes nobody: one store write of the caller's own row)."""
    match_id, who = _caller(request)
    request.app[LIMITER].read(who.address, who.holder)
    body = await _read(request, AnalysisBody, ANALYSIS_BODY_LIMIT)
    service = request.app[SERVICE]
    reply = await service.analysis.change(
        viewer_of(request), who.credential, match_id=match_id, **body.model_dump()
    )
    if "analysis" not in reply.extra:
        return _json({"error": reply.text}, status=409)
    board = cast("dict[str, Any]", reply.extra["analysis"])
    return _json({**board, "ok": reply.ok, "text": reply.text})


async def static(request: web.Request) -> web.Response:
    found = request.app[ASSETS].get(request.match_info["path"])
    if found is None:
        raise web.HTTPNotFound()
    response = _asset(request, found)
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok")


def build_app(
    service: Service,
    publish: Publisher,
    *,
    poll_seconds: float = POLL_SECONDS,
    limits: WebLimits = DEFAULT_LIMITS,
    trusted: tuple[Network, ...] = LOOPBACK,
    activity: Confirmer | None = None,
) -> web.Application:
    """The web board for one service; ``publish`` delivers what its moves post, ``limits``
    bound what one link, one address and the process take, ``trusted`` are the proxies
    whose ``X-Forwarded-For`` names the client, ``activity`` (with the service's sessions)
    serves the board as a Discord Activity too."""
    origins = {origin_of(service.pages.links.base_url)} if service.pages.links else set()
    discord = activity is not None and service.activity.enabled
    if discord:
        assert activity is not None
        origins.add(f"https://{activity.client_id}.discordsays.com")  # its proxy's origin
    middlewares = [guard(frozenset(origins))]
    app = web.Application(client_max_size=ANALYSIS_BODY_LIMIT, middlewares=middlewares)
    assets = load_assets()
    digest = hashlib.sha256()
    for name in sorted(assets):
        digest.update(name.encode() + assets[name].body)
    app[SERVICE] = service
    app[PUBLISH] = publish
    app[HUB] = LiveHub(service.pages.versions, interval=poll_seconds, changes=service.pages.changes)
    app[HANGUPS] = Hangups()
    app[LIMITER] = Limiter(limits)
    app[TRUSTED] = trusted
    app[ASSETS] = assets
    app[PAGES] = {}
    app[VERSION] = digest.hexdigest()[:12]
    match = r"/m/{match:\d{1,15}}"
    app.router.add_get(match, board, name="board")
    app.router.add_get(match + "/state", state, name="state")
    app.router.add_get(match + r"/at/{ply:\d{1,9}}", position, name="position")
    app.router.add_get(match + "/events", events, name="events")
    app.router.add_post(match + "/move", move, name="move")
    app.router.add_get(match + "/analysis", analysis, name="analysis")
    app.router.add_post(match + "/analysis", analysis_change, name="analysis_change")
    app.router.add_get("/static/{version}/{path:.+}", static, name="static")
    app.router.add_get("/healthz", health, name="health")
    if discord:
        assert activity is not None
        app[ACTIVITY] = activity
        app.router.add_get("/", activity_page, name="activity_page")
        app.router.add_post("/activity/token", activity_token, name="activity_token")
        app.router.add_get("/activity/here", activity_here, name="activity_here")

    async def stop_streams(app: web.Application) -> None:
        await app[HANGUPS].close()
        await app[HUB].close()

    app.on_shutdown.append(stop_streams)
    return app
