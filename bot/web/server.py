"""Running the web board: inside the Discord bot's process, or in a process of its own.

What aiohttp itself logs is taken in hand here, since a log is read by more people than a
link is meant for: the access log (DEBUG, ``bot.web.access``) writes a request's method,
path, status, size and time and never its query or headers; a request aiohttp cannot parse
(a request line over 8 KB, a malformed header) is one DEBUG line naming the kind of error,
never aiohttp's message, which quotes the request's first bytes. Such a request is answered
as the board answers any error (:class:`GuardedRunner`): the security headers, one plain
sentence, nothing of the request.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler

from bot.service import Service
from bot.service.pages.activity import Confirmer
from bot.settings import Settings
from bot.web.app import DEFAULT_LIMITS, LOOPBACK, Publisher, build_app
from bot.web.guard import unparsed_answer
from bot.web.identity import Network, trusted_networks
from bot.web.limits import WebLimits
from bot.web.live import POLL_SECONDS

log = logging.getLogger(__name__)
access_log = logging.getLogger("bot.web.access")
server_log = logging.getLogger("bot.web.http")

SHUTDOWN_SECONDS = 2.0
"""Open live streams are ended on shutdown; nothing else a page does takes longer."""

Stop = Callable[[], Awaitable[None]]


class PathOnlyAccessLog(AbstractAccessLogger):
    """One DEBUG line per answered request: method, path (no query), status, bytes, ms."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.debug(
            "%s %s %s %s %.1fms",
            request.method,
            request.rel_url.path,
            response.status,
            response.body_length,
            time * 1000,
        )

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.DEBUG)


class ServerLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's server logger, minus the request's bytes in a parse error's message."""

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        error = kwargs.get("exc_info")
        if isinstance(error, HttpProcessingError):
            self.logger.debug(
                "refused a request that is not valid HTTP (%s, %s)", type(error).__name__,
                error.code,
            )  # fmt: skip
            return
        super().log(level, msg, *args, **kwargs)


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler, answering what its parser refuses as the board answers
    every other error (:func:`~bot.web.guard.unparsed_answer`): such a request never reaches
    the app, so the guard's middleware cannot see it, and aiohttp has no hook for it."""

    __slots__ = ()

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        super().handle_error(request, status, exc)  # logs it; refuses if an answer began
        response = unparsed_answer(status)
        response.force_close()
        return response


class GuardedServer(web.Server):
    """aiohttp's server, with :class:`GuardedHandler` for every connection."""

    def __call__(self) -> RequestHandler:
        return GuardedHandler(self, loop=self._loop, **self._kwargs)


class GuardedRunner(web.AppRunner):
    """aiohttp's runner, serving through :class:`GuardedServer` (the server it makes is the
    same in every other way)."""

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = GuardedServer
        return server


def limits_of(settings: Settings) -> dict[str, Any]:
    """``serve``'s keyword arguments for the limits and proxies in ``settings``."""
    return {
        "limits": WebLimits.of(settings),
        "trusted": trusted_networks(settings.web_trusted_proxies),
    }


async def serve(
    service: Service,
    publish: Publisher,
    *,
    host: str,
    port: int,
    poll_seconds: float = POLL_SECONDS,
    limits: WebLimits = DEFAULT_LIMITS,
    trusted: tuple[Network, ...] = LOOPBACK,
    activity: Confirmer | None = None,
) -> Stop:
    """Start serving the web board on ``host:port`` (and as a Discord Activity, given what
    confirms its players); returns what stops it."""
    app = build_app(
        service, publish, poll_seconds=poll_seconds, limits=limits, trusted=trusted,
        activity=activity,
    )  # fmt: skip
    runner = GuardedRunner(
        app,
        access_log=access_log,
        access_log_class=PathOnlyAccessLog,
        logger=ServerLog(server_log, {}),
        shutdown_timeout=SHUTDOWN_SECONDS,
    )
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    log.info("web board listening on %s:%s", host, port)

    async def stop() -> None:
        await runner.cleanup()

    return stop
