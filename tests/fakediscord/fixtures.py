"""Pytest fixtures and helpers that point the real discord.py at a `FakeDiscord`.

discord.py reads its REST base from ``discord.http.Route.BASE`` and its gateway from
``DiscordWebSocket.DEFAULT_GATEWAY`` (a plain ``Client`` never asks ``/gateway/bot``), so those
two class attributes are all that needs redirecting. `patched_discord` restores them on exit,
which keeps one test's fake from leaking into the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator

import discord
import pytest
import pytest_asyncio
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import FakeDiscord

# discord.py waits this long after the last GUILD_CREATE before firing on_ready; its default of
# two seconds would dominate every end-to-end test.
FAST_GUILD_READY_TIMEOUT = 0.1


@contextlib.contextmanager
def patched_discord(server: FakeDiscord) -> Iterator[None]:
    """Redirect discord.py's REST and gateway endpoints to ``server`` for the block."""
    saved_base = Route.BASE
    saved_gateway = DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = server.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)
    try:
        yield
    finally:
        Route.BASE = saved_base
        DiscordWebSocket.DEFAULT_GATEWAY = saved_gateway


@contextlib.asynccontextmanager
async def serving(**options: object) -> AsyncIterator[FakeDiscord]:
    """Start a `FakeDiscord` on a free loopback port with discord.py patched to use it."""
    server = FakeDiscord(**options)  # type: ignore[arg-type]
    await server.start()
    try:
        with patched_discord(server):
            yield server
    finally:
        await server.stop()


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with serving() as server:
        yield server


@pytest.fixture
def server(fake_discord: FakeDiscord) -> FakeDiscord:
    """The fake Discord under the name most tests give it: the server the bot talks to."""
    return fake_discord


class _ErrorCollector(logging.Handler):
    """Keeps discord.py's "Ignoring exception in ..." reports, which would otherwise be lost.

    discord.py swallows exceptions raised by event handlers, command callbacks and view
    callbacks after logging them, so a broken handler looks like a hang to a test. Collecting
    them lets `running_client` fail loudly and lets timeouts print the real cause.
    """

    def __init__(self, sink: list[str]) -> None:
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        self.sink.append(text)


@contextlib.asynccontextmanager
async def running_client(
    bot: discord.Client,
    server: FakeDiscord,
    *,
    token: str | None = None,
    timeout: float = 60.0,
    strict: bool = True,
    guild_ready_timeout: float = FAST_GUILD_READY_TIMEOUT,
) -> AsyncIterator[discord.Client]:
    """Run ``bot`` against ``server`` until the block ends, then close it cleanly.

    On entry the bot has logged in, run ``setup_hook``, IDENTIFYed, and cached every guild the
    server has. With ``strict``, errors discord.py logged while the bot ran, crashes of the
    fake's own handlers and messages the fake refused as Discord would fail the test on exit.
    A closed bot cannot be started again; start a
    new instance against the same server to simulate a restart. ``token`` defaults to the one
    the server accepts.
    """
    # Private, but it is the only knob for the ready delay on a bot built elsewhere.
    bot._connection.guild_ready_timeout = guild_ready_timeout
    errors_before = len(server.client_errors)
    fake_errors_before = len(server.internal_errors)
    refusals_before = len(server.refusals)
    collector = _ErrorCollector(server.client_errors)
    discord_log = logging.getLogger("discord")
    discord_log.addHandler(collector)
    task = asyncio.create_task(bot.start(token or server.token), name="fake-discord-client")
    try:
        await _wait_ready(bot, server, task, timeout)
        yield bot
    finally:
        await bot.close()
        try:
            await asyncio.wait_for(task, timeout)
        finally:
            discord_log.removeHandler(collector)
    new_errors = server.client_errors[errors_before:]
    fake_errors = server.internal_errors[fake_errors_before:]
    refused = server.refusals[refusals_before:]
    if strict and (new_errors or fake_errors or refused):
        raise AssertionError(
            f"discord.py logged errors while the bot ran: {new_errors}; "
            f"the fake itself failed on: {fake_errors}; Discord would have refused: {refused}"
        )


async def eventually(
    predicate: Callable[[], bool], *, timeout: float = 10.0, interval: float = 0.01
) -> None:
    """Wait until ``predicate()`` holds, for state the bot updates from gateway events.

    Gateway events and REST replies travel on different sockets, so after a REST call the
    matching event may still be in flight; polling briefly is simpler than tracking it. The
    timeouts here (and the bot's 60 s to become ready, which includes opening the store and
    starting the worker processes) only bound a hang: on a shared, loaded machine a start-up
    took over 10 s, and a wait that fails because the machine is slow is not a finding.
    """
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"condition not met within {timeout}s")
        await asyncio.sleep(interval)


async def _wait_ready(
    bot: discord.Client, server: FakeDiscord, task: asyncio.Task[None], timeout: float
) -> None:
    ready = asyncio.ensure_future(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when="FIRST_COMPLETED")
        if task in done:
            task.result()  # re-raise a start-up failure such as LoginFailure
            raise AssertionError("bot.start() returned before the bot became ready")
        if ready not in done:
            raise AssertionError(f"bot not ready within {timeout}s: {server.client_errors}")
    finally:
        ready.cancel()
    guild = bot.get_guild(server.guild_id)
    if guild is None or guild.unavailable:
        raise AssertionError("bot became ready without the fake guild in its cache")
