"""What every answer of the web board goes through: where a request may come from, the
security headers, and plain pages for errors.

Why one middleware: a rule each route would have to remember is a rule one route forgets.
Here, once for all of them:

* **Where from.** A request that changes something must come from the board's own pages:
  browsers say where a request comes from (``Sec-Fetch-Site``, ``Origin``), so one from
  another site is refused before any route runs, whatever it carries. The data routes also
  refuse being read by other sites' pages (a page of ours is only ever opened from elsewhere,
  never its data). A client that is no browser sends neither header and is judged by its
  credential alone.
* **Headers.** Every answer — pages, data, streams, and errors 400 to 500 — carries the same
  security headers: no referrer, no caching, no framing, only the page's own scripts.
* **Errors are for people.** A refusal, a bad body, a limit or a crash gets one plain
  sentence from the catalogue (JSON for the page's own requests, a plain page otherwise),
  never a traceback, never anything from the request; a crash is logged with the route and
  the match, never with what the request carried.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import web

from bot.service import User
from bot.web.html import plain_page
from bot.web.limits import Limited
from bot.words import language_of, words

if TYPE_CHECKING:
    from aiohttp.typedefs import Middleware

log = logging.getLogger(__name__)

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}
"""Nothing is cached or sent on as a referrer, and a page runs only its own scripts. The
scripts and style set their own ``Cache-Control`` (cached for a year: their address
changes with them); every other header applies to them too."""
DISCORD_FRAMES = " ".join(
    ("https://discord.com", "https://*.discord.com", "https://discordapp.com",
     "https://*.discordapp.com")
)  # fmt: skip
"""Discord's clients (web, desktop, their test builds), which frame an Activity."""
DATA_ROUTES = frozenset({"state", "position", "events", "move", "activity_token", "activity_here"})
"""Routes the page itself calls: they answer errors in JSON and refuse other sites."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ERROR_KEYS = {
    400: "web.http.bad_request",
    403: "web.http.cross_site",
    404: "web.http.not_found",
    405: "web.http.method",
    413: "web.http.too_large",
    415: "web.http.bad_request",
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def framed_by_discord(response: web.StreamResponse, client_id: str) -> None:
    """Let Discord's client frame ``response`` (the Activity's page) and nobody else: the
    board's policy with Discord's origins, and this app's own proxy origin, as the only
    frame ancestors. The page is the same for everyone, so other origins may embed it as a
    resource (a frame's parent may require that)."""
    policy = SECURITY_HEADERS["Content-Security-Policy"].replace(
        "frame-ancestors 'none'",
        f"frame-ancestors {DISCORD_FRAMES} https://{client_id}.discordsays.com",
    )
    response.headers["Content-Security-Policy"] = policy
    response.headers["Cross-Origin-Resource-Policy"] = "cross-origin"


def viewer_of(request: web.Request) -> User:
    """Whoever sent the request, before any credential says more: only their language."""
    header = request.headers.get("Accept-Language", "")
    first = header.split(",")[0].split(";")[0].strip()
    return User("", "", locale=language_of(first or "en"))


def origin_of(url: str) -> str:
    """``https://board.example.org`` for ``https://board.example.org/sub/path``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def from_elsewhere(request: web.Request, origins: frozenset[str]) -> bool:
    """Whether a browser says this request comes from a page of another origin: its
    ``Sec-Fetch-Site`` is not ``same-origin``, or its ``Origin`` is neither one of
    ``origins`` (the board's public address) nor this request's own host. (A page opened by
    a sibling subdomain is *same-site*, not same-origin, and is refused too.)"""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site != "same-origin":
        return True
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    if origin.lower() in origins:
        return False
    return urlsplit(origin).netloc.lower() != request.host.lower()


def refused_from_elsewhere(request: web.Request, origins: frozenset[str]) -> bool:
    """A change from another site, or another site's page reading the data routes."""
    if request.method not in SAFE_METHODS:
        return from_elsewhere(request, origins)
    site = request.headers.get("Sec-Fetch-Site")
    return _route(request) in DATA_ROUTES and site in ("cross-site", "same-site")


def _route(request: web.Request) -> str | None:
    route = request.match_info.route
    return route.name if route is not None else None


def answer(request: web.Request, status: int, text: str) -> web.Response:
    """An error or refusal as the caller reads it: JSON for the page's own requests, a
    plain page otherwise."""
    if _route(request) in DATA_ROUTES:
        return web.json_response({"error": text}, status=status)
    page = plain_page(text, words(viewer_of(request).locale))
    return web.Response(text=page, content_type="text/html", status=status)


def unparsed_answer(status: int) -> web.Response:
    """The answer to a request aiohttp could not read (a header or line too long, a bad
    method): the plain page of any error, with every security header, in the default
    language (nothing of the request was read, its language neither) — never aiohttp's own
    text, which quotes the request's first bytes (a link's token, say)."""
    say = words()
    page = plain_page(say(ERROR_KEYS.get(status, "errors.internal")), say)
    response = web.Response(text=page, content_type="text/html", status=status)
    response.headers.update(SECURITY_HEADERS)
    return response


def error_text(request: web.Request, status: int) -> str:
    say = words(viewer_of(request).locale)
    return say(ERROR_KEYS.get(status, "errors.internal"))


def guard(origins: frozenset[str]) -> Middleware:  # aiohttp's type: a protocol in newer ones
    """The middleware, for a board served at ``origins``."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        response: web.StreamResponse
        try:
            if refused_from_elsewhere(request, origins):
                response = answer(request, 403, error_text(request, 403))
            else:
                response = await handler(request)
        except Limited as limited:
            say = words(viewer_of(request).locale)
            text = say("web.http.too_many", n=limited.retry_after)
            response = answer(request, 429, text)
            response.headers["Retry-After"] = str(limited.retry_after)
        except web.HTTPException as error:
            if error.status < 400:
                raise
            response = answer(request, error.status, error_text(request, error.status))
            if "Allow" in error.headers:
                response.headers["Allow"] = error.headers["Allow"]
        except Exception:
            log.exception(
                "web board: %s %s failed (match %s)",
                request.method,
                _route(request) or "?",
                request.match_info.get("match", "-"),
            )
            response = answer(request, 500, error_text(request, 500))
        if not response.prepared:
            for name, value in SECURITY_HEADERS.items():
                response.headers.setdefault(name, value)
        return response

    return middleware
