"""Running the web board: inside the Discord bot's process, or in a process of its own."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.service import Service
from bot.web.app import Publisher, build_app
from bot.web.live import POLL_SECONDS

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 2.0
"""Open live streams are ended on shutdown; nothing else a page does takes longer."""

Stop = Callable[[], Awaitable[None]]


async def serve(
    service: Service,
    publish: Publisher,
    *,
    host: str,
    port: int,
    poll_seconds: float = POLL_SECONDS,
) -> Stop:
    """Start serving the web board on ``host:port``; returns what stops it."""
    runner = web.AppRunner(
        build_app(service, publish, poll_seconds=poll_seconds),
        access_log=None,
        shutdown_timeout=SHUTDOWN_SECONDS,
    )
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    log.info("web board listening on %s:%s", host, port)

    async def stop() -> None:
        await runner.cleanup()

    return stop
