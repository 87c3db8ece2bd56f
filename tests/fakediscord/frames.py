"""Discord's client around an Activity, for the browser tests: the parent frame and the
proxy, on their real origins.

Discord's client shows an Activity as an iframe of ``https://<app id>.discordsays.com/…``
(Discord's proxy, which forwards to the app's URL mapping — here the bot's web board, with
or without the ``/.proxy/`` prefix) inside its own page on ``https://discord.com``, and talks
to it by ``postMessage`` through the Embedded App SDK. :class:`DiscordFrames` serves both
origins over TLS from one loopback port (a certificate from a test CA, ``trustme``);
Chromium reaches them by name through ``--host-resolver-rules`` (:meth:`chromium_args`), so
the page's origin, the SDK's checks of the parent's origin, the board's framing policy and
its ``Origin`` checks all see exactly the names they see in Discord.

The parent page (``/channels/<guild>/<channel>/activity?user=<key>``) plays Discord's side of
the SDK's protocol, written from the SDK's source: it answers the HANDSHAKE with the READY
dispatch, AUTHORIZE with a fresh OAuth2 code the fake Discord minted for its user, and
AUTHENTICATE — after asking the fake Discord's ``/users/@me`` with the token, as Discord's
client does — with the user; anything else with an empty answer. It frames the Activity with
the query Discord adds (``frame_id``, ``instance_id``, ``platform``, ``guild_id``,
``channel_id``, ``location_id``), joining its user to the channel's instance as the client
does when someone opens it. ``discord.com/api/…`` is the fake Discord's REST.
"""

from __future__ import annotations

import json
import secrets
import ssl
from html import escape
from pathlib import Path

import trustme
from aiohttp import ClientSession, web

from .activities import CODE_SECONDS
from .server import FakeDiscord

API = "/api/v10"
HOP_BY_HOP = frozenset(
    {
        "host", "connection", "keep-alive", "transfer-encoding", "content-length",
        "content-encoding", "upgrade", "te", "trailer", "proxy-authorization",
    }
)  # fmt: skip
PARENT = (Path(__file__).parent / "parent.html").read_text(encoding="utf-8")
"""Discord's client page around the Activity (its script plays Discord's side of the SDK)."""


class DiscordFrames:
    """``https://discord.com`` (the client's page around the Activity, and the fake
    Discord's REST under ``/api``) and ``https://<app>.discordsays.com`` (the proxy to the
    web board at ``board``), served from one loopback port."""

    def __init__(self, server: FakeDiscord, board: str, *, prefix: str = "/.proxy/") -> None:
        self.server = server
        self.board = board.rstrip("/")
        self.prefix = prefix
        self.proxy_host = f"{server.app_id}.discordsays.com"
        self.ca = trustme.CA()
        self._runner: web.AppRunner | None = None
        self._http: ClientSession | None = None
        self.port = 0
        self.proxied: list[tuple[str, str, int]] = []
        """Every request through the proxy: method, path as the browser sent it, status."""

    @property
    def origin(self) -> str:
        return f"https://{self.proxy_host}"

    def chromium_args(self) -> list[str]:
        return [
            f"--host-resolver-rules=MAP discord.com 127.0.0.1:{self.port},"
            f" MAP {self.proxy_host} 127.0.0.1:{self.port}"
        ]

    def parent_url(
        self, user: str, channel_id: int, *, prefix: str | None = None, code: str = "good"
    ) -> str:
        """The client's page for ``user`` with the Activity open in ``channel_id`` (under
        ``prefix``, the proxy's by default); ``code``: what its AUTHORIZE answers — ``good``,
        ``forged``, ``expired`` (eleven minutes old) or ``declined`` (no code: an error)."""
        guild = self.server.channel(channel_id).get("guild_id", "@me")
        where = "" if prefix is None else f"&prefix={prefix}"
        return (
            f"https://discord.com/channels/{guild}/{channel_id}/activity?user={user}"
            f"&code={code}{where}"
        )

    async def start(self) -> None:
        certificate = self.ca.issue_cert("discord.com", self.proxy_host)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        certificate.configure_cert(context)
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._http = ClientSession(auto_decompress=True)
        # A live update streaming through the proxy never ends by itself: a second, not
        # aiohttp's default minute, is how long the test waits for it at the end.
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, ssl_context=context)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._http is not None:
            await self._http.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> DiscordFrames:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        host = request.host.partition(":")[0]
        if host == self.proxy_host:
            return await self._proxy(request)
        if request.path.startswith(API):
            return await self._forward(request, self.server.api_base + request.path[len(API) :])
        if request.path == "/fake/authorize" and request.method == "POST":
            kind = request.query.get("code", "")
            age = CODE_SECONDS + 1 if kind == "expired" else 0.0
            code = self.server.activities.authorize(request.query["user"], age=age)
            return web.json_response({"code": "forged-" + code[7:] if kind == "forged" else code})
        parts = request.path.strip("/").split("/")
        if len(parts) == 4 and parts[0] == "channels" and parts[3] == "activity":
            return self._parent(request, int(parts[2]))
        raise web.HTTPNotFound()

    def _parent(self, request: web.Request, channel_id: int) -> web.Response:
        key = request.query["user"]
        user = self.server.user(key)
        instance = self.server.activities.launch(key, channel_id)
        frame_id = secrets.token_hex(8)
        channel = self.server.channel(channel_id)
        guild = channel.get("guild_id")
        query = {
            "instance_id": instance.instance_id,
            "location_id": instance.json(self.server.app_id)["location"]["id"],
            "launch_id": instance.instance_id.split("-")[1],
            "frame_id": frame_id,
            "platform": "desktop",
            **({"guild_id": str(guild)} if guild else {}),
            "channel_id": str(channel_id),
        }
        prefix = request.query.get("prefix", self.prefix)
        src = f"{self.origin}{prefix}?" + "&".join(f"{k}={v}" for k, v in query.items())
        setup = {
            "code": request.query.get("code", "good"),
            "user": key,
            "user_id": str(user.id),
            "client_id": str(self.server.app_id),
            "frame_id": frame_id,
        }
        html = PARENT.replace("__SRC__", escape(src)).replace(
            "__SETUP__", json.dumps(setup).replace("<", "\\u003c")
        )
        return web.Response(text=html, content_type="text/html")

    async def _proxy(self, request: web.Request) -> web.StreamResponse:
        """Discord's proxy: the URL mapping ``/`` → the board, ``/.proxy/`` stripped, the
        answer streamed through (live updates included). Like Discord's, it hides the
        player's address: the board sees the proxy's."""
        path = request.rel_url.path
        target = path[len("/.proxy") :] if path.startswith("/.proxy/") else path
        url = self.board + target + (f"?{request.query_string}" if request.query_string else "")
        response = await self._forward(request, url)
        self.proxied.append((request.method, path, response.status))
        return response

    async def _forward(self, request: web.Request, url: str) -> web.StreamResponse:
        assert self._http is not None
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        body = await request.read()
        async with self._http.request(
            request.method, url, headers=headers, data=body or None, allow_redirects=False
        ) as upstream:
            response = web.StreamResponse(status=upstream.status)
            for name, value in upstream.headers.items():
                if name.lower() not in HOP_BY_HOP:
                    response.headers.add(name, value)
            await response.prepare(request)
            try:
                async for chunk in upstream.content.iter_any():
                    await response.write(chunk)
            except (ConnectionResetError, ConnectionError):
                pass
            return response
