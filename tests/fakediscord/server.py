"""A fake Discord on 127.0.0.1 that the real discord.py 2.7 client can log in to.

What it fakes:
    * the REST routes a slash-command bot uses (log-in, application info, command sync,
      interaction callbacks, follow-up webhooks, channel messages with attachments, threads,
      DMs, users and members), each recorded as a `Call` so tests can assert on what the bot sent;
    * the gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME and
      server-initiated RECONNECT, plus `dispatch` to push any event with proper sequence numbers;
    * one guild ("Fake Guild") with a #games and a #lobby text channel, an owner and four
      ordinary members (alice, bob, carol, dave), and the bot itself; with
      ``second_guild=True`` a second one with its own #games, for sharding;
    * shards: a connection that IDENTIFYs with ``shard: [id, count]`` is sent only the
      servers (and their events and interactions) Discord's rule gives that shard;
    * user installs: people who installed the app to their account (``install``) may use
      its commands in DMs between people and group DMs (``private_dm``, ``group_dm``:
      interaction context 2) and in a server the bot is not in (``add_foreign_guild``), and
      the app can do there only what Discord lets it: answer the interaction. Every REST call
      on such a channel is refused (403, Missing Access); a follow-up token lives 15 minutes
      (``clock``) and, where only the user installed the app, makes at most five follow-ups;
      the first follow-up after a deferred answer edits the "thinking…" message and keeps its
      ephemerality, as Discord documents. Interactions carry ``context`` and
      ``authorizing_integration_owners`` as Discord sends them;
    * Discord's error shape (``{"code": ..., "message": ...}``) for unknown objects, double
      interaction acknowledgements, archived threads, closed DMs (sending, or opening the DM
      at all) and injected faults.

What it does not fake: rate limits, voice, privileged intents and member chunking,
presence, permission checks beyond "archived thread", "DMs closed" and "not a member",
compression (frames are
plain JSON text, which discord.py accepts even after asking for ``zlib-stream``), CDN downloads
(attachment URLs point at ``cdn.fake.invalid``), and the gateway events Discord would echo for
the bot's own messages unless ``echo_messages`` is set.

Adding a route: write an ``async def _route_name(self, req: RestRequest) -> Reply`` method
that returns ``(status, body)`` or raises `DiscordError`, then add one `RouteSpec` line to
`ROUTES` with the method and a path regex using named groups (paths are matched without the
``/api/v10`` prefix). Routes under ``/interactions`` and ``/webhooks`` are unauthenticated, as on
Discord; every other route checks the ``Authorization: Bot <token>`` header.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord
from aiohttp import BodyPartReader, WSMsgType, web

from . import layout, menus
from . import payloads as p
from .activities import CB_LAUNCH_ACTIVITY, Activities
from .payloads import JSON, FakeUser

log = logging.getLogger(__name__)

Reply = tuple[int, Any]

DEFAULT_TOKEN = "fake-bot-token"
HEARTBEAT_INTERVAL_MS = 45_000
API_PREFIX = f"/api/v{p.API_VERSION}"
GATEWAY_PATH = "/gateway-ws/"

# Fixed ids for the fixed world, so failures print the same ids run after run. Objects created
# while a test runs (messages, threads, interactions) get clock-based ids from `Snowflakes`.
BOT_ID = 1_100_000_000_000_000_001
GUILD_ID = 1_200_000_000_000_000_001
SECOND_GUILD_ID = 1_200_000_000_004_194_305
"""A second server for sharding tests; with two shards it falls on the other one than
``GUILD_ID`` (Discord's rule: ``(guild_id >> 22) % shard_count``)."""
SECOND_CHANNEL_ID = 1_300_000_000_000_000_003
GAMES_CHANNEL_ID = 1_300_000_000_000_000_001
LOBBY_CHANNEL_ID = 1_300_000_000_000_000_002
BOT_ROLE_ID = 1_500_000_000_000_000_001
FOREIGN_GUILD_ID = 1_200_000_000_000_000_101
"""A server the bot is not in, where people who installed the app may use it."""
FOREIGN_CHANNEL_ID = 1_300_000_000_000_000_101
FOLLOWUP_TOKEN_SECONDS = 15 * 60
"""How long an interaction's token takes follow-ups and edits (Discord: 15 minutes)."""
USER_INSTALL_FOLLOWUPS = 5
"""Follow-ups an interaction may make where only its user installed the app."""
USER_ID_BASE = 1_400_000_000_000_000_000
DEFAULT_USERS: Sequence[tuple[str, str]] = (
    ("owner", "Guild Owner"),
    ("alice", "Alice"),
    ("bob", "Bob"),
    ("carol", "Carol"),
    ("dave", "Dave"),
)
WORLD_CREATED = datetime(2024, 1, 1, tzinfo=p.UTC)

# Gateway opcodes.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_RECONNECT = 7
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILD_MEMBERS = 1 << 1

# Interaction callback types.
CB_PONG = 1
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9


class NotOffered(AssertionError):
    """A test asked for a command Discord would not offer to that user in that place (the
    app not installed, a command for servers only): the test is wrong, not the bot."""


class DiscordError(Exception):
    """Raised by a route handler to answer with Discord's error JSON."""

    def __init__(
        self, status: int, code: int, message: str | None = None, errors: JSON | None = None
    ) -> None:
        self.status = status
        self.body = p.error_body(code, message)
        if errors:
            self.body["errors"] = errors
        super().__init__(f"{status} {self.body['message']} (code {code})")


@dataclass(frozen=True)
class UploadedFile:
    """One file part of a multipart request (``files[0]``, ``files[1]``, ...)."""

    field: str
    filename: str
    data: bytes
    content_type: str | None


@dataclass(frozen=True)
class Call:
    """One REST request the client made, with the fake's answer."""

    index: int
    method: str
    path: str
    query: Mapping[str, str]
    json: Any
    files: tuple[UploadedFile, ...]
    status: int
    response: Any
    route: str | None

    @property
    def file_names(self) -> list[str]:
        return [f.filename for f in self.files]

    def matches(self, method: str | None, pattern: str | None) -> bool:
        if method is not None and method.upper() != self.method:
            return False
        return pattern is None or re.fullmatch(pattern, self.path) is not None


@dataclass(frozen=True)
class RestRequest:
    """What a route handler gets: the matched path groups and the decoded body."""

    method: str
    path: str
    params: Mapping[str, str]
    query: Mapping[str, str]
    json: Any
    files: tuple[UploadedFile, ...]
    headers: Mapping[str, str] = field(default_factory=dict)

    def int_param(self, name: str) -> int:
        return int(self.params[name])


@dataclass(frozen=True)
class RouteSpec:
    method: str
    pattern: re.Pattern[str]
    handler: str
    auth: bool | str = True
    """True: the bot's token; False: none; ``"bearer"``: a user's OAuth2 access token (the
    handler checks it)."""


def _route(method: str, path: str, handler: str, *, auth: bool | str = True) -> RouteSpec:
    return RouteSpec(method, re.compile(path), handler, auth)


_ID = r"\d+"
_TOKEN = r"[^/]+"
_WEBHOOK_MESSAGE = (
    rf"/webhooks/(?P<app_id>{_ID})/(?P<token>{_TOKEN})/messages/(?P<message>@original|{_ID})"
)
ROUTES: Sequence[RouteSpec] = (
    _route("GET", r"/users/@me", "_oauth_me", auth="bearer"),
    _route("POST", r"/oauth2/token", "_oauth_token", auth=False),
    _route(
        "GET",
        rf"/applications/(?P<app_id>{_ID})/activity-instances/(?P<instance_id>[A-Za-z0-9_-]+)",
        "_activity_instance",
    ),
    _route("GET", r"/users/@me", "_get_me"),
    _route("GET", rf"/users/(?P<user_id>{_ID})", "_get_user"),
    _route("POST", r"/users/@me/channels", "_create_dm"),
    _route("GET", r"/gateway", "_get_gateway"),
    _route("GET", r"/gateway/bot", "_get_gateway"),
    _route("GET", r"/applications/@me", "_get_application"),
    _route("GET", r"/oauth2/applications/@me", "_get_application"),
    _route("GET", rf"/applications/(?P<app_id>{_ID})/commands", "_get_commands"),
    _route("PUT", rf"/applications/(?P<app_id>{_ID})/commands", "_put_commands"),
    _route("POST", rf"/applications/(?P<app_id>{_ID})/commands", "_post_command"),
    _route(
        "GET",
        rf"/applications/(?P<app_id>{_ID})/guilds/(?P<guild_id>{_ID})/commands",
        "_get_commands",
    ),
    _route(
        "PUT",
        rf"/applications/(?P<app_id>{_ID})/guilds/(?P<guild_id>{_ID})/commands",
        "_put_commands",
    ),
    _route(
        "POST",
        rf"/applications/(?P<app_id>{_ID})/guilds/(?P<guild_id>{_ID})/commands",
        "_post_command",
    ),
    _route(
        "POST",
        rf"/interactions/(?P<interaction_id>{_ID})/(?P<token>{_TOKEN})/callback",
        "_interaction_callback",
        auth=False,
    ),
    _route("POST", rf"/webhooks/(?P<app_id>{_ID})/(?P<token>{_TOKEN})", "_followup", auth=False),
    _route(
        "GET",
        _WEBHOOK_MESSAGE,
        "_get_webhook_message",
        auth=False,
    ),
    _route(
        "PATCH",
        _WEBHOOK_MESSAGE,
        "_edit_webhook_message",
        auth=False,
    ),
    _route(
        "DELETE",
        _WEBHOOK_MESSAGE,
        "_delete_webhook_message",
        auth=False,
    ),
    _route("GET", rf"/channels/(?P<channel_id>{_ID})", "_get_channel"),
    _route("PATCH", rf"/channels/(?P<channel_id>{_ID})", "_edit_channel"),
    _route("POST", rf"/channels/(?P<channel_id>{_ID})/typing", "_typing"),
    _route("POST", rf"/channels/(?P<channel_id>{_ID})/messages", "_create_message"),
    _route(
        "GET", rf"/channels/(?P<channel_id>{_ID})/messages/(?P<message_id>{_ID})", "_get_message"
    ),
    _route(
        "PATCH", rf"/channels/(?P<channel_id>{_ID})/messages/(?P<message_id>{_ID})", "_edit_message"
    ),
    _route(
        "DELETE",
        rf"/channels/(?P<channel_id>{_ID})/messages/(?P<message_id>{_ID})",
        "_delete_message",
    ),
    _route("POST", rf"/channels/(?P<channel_id>{_ID})/threads", "_create_thread"),
    _route(
        "POST",
        rf"/channels/(?P<channel_id>{_ID})/messages/(?P<message_id>{_ID})/threads",
        "_create_thread",
    ),
    _route(
        "PUT",
        rf"/channels/(?P<channel_id>{_ID})/thread-members/(?P<user_id>{_ID}|@me)",
        "_add_thread_member",
    ),
    _route(
        "DELETE",
        rf"/channels/(?P<channel_id>{_ID})/thread-members/(?P<user_id>{_ID}|@me)",
        "_remove_thread_member",
    ),
    _route("GET", rf"/guilds/(?P<guild_id>{_ID})/members/(?P<user_id>{_ID})", "_get_member"),
)


@dataclass
class _Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    message: str | None
    remaining: int


@dataclass
class _InteractionState:
    """What the fake remembers about an interaction it handed to the client."""

    payload: JSON
    channel_id: int
    message_id: int | None
    created_at: float = 0.0
    """The fake clock when it was sent: its token takes follow-ups for 15 minutes."""
    response_type: int | None = None
    original_id: int | None = None
    followups: int = 0
    """New messages it made by follow-up (the one that edits the "thinking…" answer aside)."""

    @property
    def user_installed_only(self) -> bool:
        """Only the user installed the app here: Discord's limit of five follow-ups holds."""
        return set(self.payload.get("authorizing_integration_owners") or {}) == {p.USER_INSTALL}

    def forced_ephemeral(self, external_apps_off: set[int]) -> bool:
        """A server that turned off *Use External Apps* lets an app it did not add answer
        only its caller: every message of such an interaction is ephemeral."""
        guild = self.payload.get("guild_id")
        return self.user_installed_only and guild is not None and int(guild) in external_apps_off


@dataclass
class _GatewaySession:
    ws: web.WebSocketResponse
    session_id: str = ""
    seq: int = 0
    identified: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shard: tuple[int, int] | None = None
    """``(shard_id, shard_count)`` from IDENTIFY; None for an unsharded client."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether this connection receives the events of ``guild_id``."""
        if guild_id is None or self.shard is None:
            return True
        return (guild_id >> 22) % self.shard[1] == self.shard[0]


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in {"1", "true", "yes"}


class FakeDiscord:
    """The fake server plus its world; one instance per test.

    State outlives client connections, so a test can stop a bot, start a new one against the
    same instance, and find its messages, threads and synced commands still there.
    """

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        heartbeat_interval_ms: int = HEARTBEAT_INTERVAL_MS,
        users: Sequence[tuple[str, str]] = DEFAULT_USERS,
        echo_messages: bool = False,
        snowflakes: p.Snowflakes | None = None,
        second_guild: bool = False,
        clock: Callable[[], float] = time.time,
        activities: bool = False,
    ) -> None:
        self.token = token
        self.clock = clock
        """Seconds, for the life of interaction tokens: a test's fake clock moves it on."""
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.echo_messages = echo_messages
        self.new_id = snowflakes or p.Snowflakes()

        self.bot = FakeUser("bot", BOT_ID, "boardbot", "BoardBot", bot=True)
        self.app_id = BOT_ID
        self.app_flags = 1 << 23
        self.users: dict[str, FakeUser] = {
            key: FakeUser(key, USER_ID_BASE + n, key, display)
            for n, (key, display) in enumerate(users, start=1)
        }
        self.guild_id = GUILD_ID
        self.preferred_locale = "en-US"
        """The guild's Discord "preferred locale": set ``de`` for a German community."""
        self.client_locales: dict[str, str] = {}
        """The language of each user's Discord client by key (``{"bob": "de"}``); en-US
        for anyone not named."""
        self.guild_name = "Fake Guild"
        self.owner = next(iter(self.users.values()))
        self.channel_id = GAMES_CHANNEL_ID
        self.lobby_id = LOBBY_CHANNEL_ID
        self.channels: dict[int, JSON] = {
            GAMES_CHANNEL_ID: p.text_channel_json(GAMES_CHANNEL_ID, GUILD_ID, "games", position=0),
            LOBBY_CHANNEL_ID: p.text_channel_json(LOBBY_CHANNEL_ID, GUILD_ID, "lobby", position=1),
        }
        self.guild_ids = [GUILD_ID]
        if second_guild:
            self.guild_ids.append(SECOND_GUILD_ID)
            self.channels[SECOND_CHANNEL_ID] = p.text_channel_json(
                SECOND_CHANNEL_ID, SECOND_GUILD_ID, "games", position=0
            )
        self.messages: dict[int, JSON] = {}
        self.thread_members: dict[int, set[int]] = {}
        self.commands: dict[int | None, list[JSON]] = {}
        self.dms_closed: set[int] = set()
        self.dms_refused: set[int] = set()
        """Users the bot may not even open a DM with (50007 at ``POST /users/@me/channels``)."""
        self.installed: set[int] = set()
        """Users who installed the app to their account (its commands follow them anywhere)."""
        self.unjoined: set[int] = set()
        """Channels the bot is not a member of: DMs between people, group DMs, the channels of
        a server it is not in. Discord refuses it every REST call there."""
        self.foreign_guilds: set[int] = set()
        self.external_apps_off: set[int] = set()
        self.requests: list[Call] = []
        self.gateway_received: list[JSON] = []
        self.identify_count = 0
        self.resume_count = 0
        self.client_errors: list[str] = []
        self.internal_errors: list[str] = []
        self.refusals: list[JSON] = []
        """Every message the fake refused as Discord would (:mod:`.layout`), its 400 body."""

        self._interactions: dict[int, _InteractionState] = {}
        self._by_token: dict[str, int] = {}
        self._faults: list[_Fault] = []
        self._holds: list[tuple[str, re.Pattern[str], asyncio.Event]] = []
        self._sessions: list[_GatewaySession] = []
        self._issued_ids: set[str] = set()
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self.activities = Activities(self)
        """The app's Activity (OAuth2, instances, the Entry Point command)."""
        if activities:
            self.activities.enable()

    # ----------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for session in list(self._sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeDiscord.start() has not been awaited")
        return self._port

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    # ----------------------------------------------------------------- world lookups

    def user(self, who: str | FakeUser | int) -> FakeUser:
        """Resolve a user key ("alice"), id or `FakeUser`, so helpers accept any of them."""
        if isinstance(who, FakeUser):
            return who
        if isinstance(who, int):
            for user in (self.bot, *self.users.values()):
                if user.id == who:
                    return user
            raise KeyError(f"no fake user with id {who}")
        if who == "bot":
            return self.bot
        return self.users[who]

    def channel(self, channel_id: int) -> JSON:
        return self.channels[channel_id]

    def message(self, message_id: int) -> JSON:
        return self.messages[message_id]

    def messages_in(self, channel_id: int) -> list[JSON]:
        """Messages still present in a channel, oldest first (ids increase with time)."""
        return [m for mid, m in sorted(self.messages.items()) if int(m["channel_id"]) == channel_id]

    def threads(self, parent_id: int | None = None) -> list[JSON]:
        return [
            c
            for _, c in sorted(self.channels.items())
            if c["type"] in p.THREAD_TYPES
            and (parent_id is None or int(c["parent_id"]) == parent_id)
        ]

    def thread_named(self, name: str) -> JSON:
        for thread in self.threads():
            if thread["name"] == name:
                return thread
        raise KeyError(f"no thread named {name!r}; threads: {[t['name'] for t in self.threads()]}")

    def open_dm(self, who: str | FakeUser | int) -> JSON:
        """The bot's DM channel with a user, created on first use as Discord does."""
        existing = self.dm_channel_of(who)
        if existing is not None:
            return existing
        channel = p.dm_channel_json(self.new_id(), self.user(who))
        self.channels[int(channel["id"])] = channel
        return channel

    def dm_channel_of(self, who: str | FakeUser | int) -> JSON | None:
        """The bot's own DM channel with a user, if one was opened."""
        user = self.user(who)
        for channel_id, channel in self.channels.items():
            if (
                channel["type"] == p.CHANNEL_DM
                and channel_id not in self.unjoined
                and channel["recipients"][0]["id"] == str(user.id)
            ):
                return channel
        return None

    # ----------------------------------------------------------------- user installs

    def install(self, *who: str | FakeUser | int) -> None:
        """These users add the app to their account (a user install): its commands are then
        offered to them in every DM, group DM and server."""
        self.installed.update(self.user(w).id for w in who)

    def private_dm(self, first: str | FakeUser | int, second: str | FakeUser | int) -> int:
        """A DM between two people (not with the bot); its channel id."""
        channel = p.dm_channel_json(self.new_id(), self.user(first), self.user(second))
        return self._unjoined(channel)

    def group_dm(self, owner: str | FakeUser | int, *others: str | FakeUser | int) -> int:
        """A group DM of people (the bot is not in it); its channel id."""
        members = [self.user(owner), *(self.user(o) for o in others)]
        channel = p.group_dm_json(self.new_id(), members[0], members)
        return self._unjoined(channel)

    def add_foreign_guild(self, *, external_apps: bool = True) -> int:
        """A server the bot was never added to ("Elsewhere", with a #general), whose members
        may use the app they installed; the channel's id. Without ``external_apps`` its
        managers turned off *Use External Apps*: Discord then shows every answer of such an
        app to its caller alone."""
        self.foreign_guilds.add(FOREIGN_GUILD_ID)
        if not external_apps:
            self.external_apps_off.add(FOREIGN_GUILD_ID)
        channel = p.text_channel_json(FOREIGN_CHANNEL_ID, FOREIGN_GUILD_ID, "general", position=0)
        return self._unjoined(channel)

    def _unjoined(self, channel: JSON) -> int:
        channel_id = int(channel["id"])
        self.channels[channel_id] = channel
        self.unjoined.add(channel_id)
        return channel_id

    def member_json(self, user: FakeUser, *, with_permissions: bool = False) -> JSON:
        roles = [BOT_ROLE_ID] if user.id == self.bot.id else []
        perms = None
        if with_permissions:
            perms = self._permissions_of(user)
        return p.member_json(user, roles=roles, joined_at=WORLD_CREATED, permissions=perms)

    def _permissions_of(self, user: FakeUser) -> discord.Permissions:
        if user.id == self.owner.id:
            return p.ALL_PERMISSIONS
        if user.id == self.bot.id:
            return p.BOT_PERMISSIONS
        return p.EVERYONE_PERMISSIONS

    def guild_json(self, *, all_members: bool = False, guild_id: int = GUILD_ID) -> JSON:
        """The GUILD_CREATE payload; like Discord, it lists only the bot unless the client
        asked for the privileged members intent."""
        roles = [
            p.role_json(guild_id, "@everyone", p.EVERYONE_PERMISSIONS, position=0, managed=False),
            p.role_json(BOT_ROLE_ID, "BoardBot", p.BOT_PERMISSIONS, position=1, managed=True),
        ]
        everyone = (self.bot, *self.users.values())
        members = [self.member_json(u) for u in (everyone if all_members else (self.bot,))]
        guild_channels = [c for c in self.channels.values() if c.get("guild_id") == str(guild_id)]
        return p.guild_json(
            guild_id=guild_id,
            name=self.guild_name,
            owner_id=self.owner.id,
            roles=roles,
            channels=[c for c in guild_channels if c["type"] not in p.THREAD_TYPES],
            threads=[
                c
                for c in guild_channels
                if c["type"] in p.THREAD_TYPES and not c["thread_metadata"]["archived"]
            ],
            members=members,
            member_count=len(everyone),
            joined_at=WORLD_CREATED,
            preferred_locale=self.preferred_locale,
        )

    # ----------------------------------------------------------------- recording and waiting

    def calls(self, method: str | None = None, pattern: str | None = None) -> list[Call]:
        """Recorded REST calls, oldest first, filtered by method and a full-match path regex."""
        return [c for c in self.requests if c.matches(method, pattern)]

    @property
    def unknown_calls(self) -> list[Call]:
        return [c for c in self.requests if c.route is None]

    def mark(self) -> int:
        """An index to pass as ``start`` so a wait ignores calls made before this point."""
        return len(self.requests)

    async def wait_for_call(
        self,
        method: str | None,
        pattern: str | None,
        *,
        timeout: float = 5.0,
        start: int = 0,
        where: Callable[[Call], bool] | None = None,
    ) -> Call:
        """The first matching call at or after index ``start``, waiting for it if needed."""

        def find() -> Call | None:
            for call in self.requests[start:]:
                if call.matches(method, pattern) and (where is None or where(call)):
                    return call
            return None

        try:
            async with self._changed:
                await asyncio.wait_for(self._changed.wait_for(find), timeout)
        except TimeoutError:
            seen = [f"{c.method} {c.path} -> {c.status}" for c in self.requests[start:]]
            raise AssertionError(
                f"no {method} {pattern} call within {timeout}s; calls since #{start}: {seen}; "
                f"client errors: {self.client_errors}; fake errors: {self.internal_errors}"
            ) from None
        found = find()
        assert found is not None
        return found

    # ----------------------------------------------------------------- fault injection

    def fail_next(
        self,
        method: str,
        pattern: str,
        *,
        status: int = 403,
        code: int = 50013,
        message: str | None = None,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` matching calls with a Discord error instead of handling them.

        Statuses of 500 and above make discord.py retry after sleeping a second or more, so
        prefer 4xx codes in fast tests.
        """
        self._faults.append(
            _Fault(method.upper(), re.compile(pattern), status, code, message, times)
        )

    def block_dms(self, who: str | FakeUser | int, *, opening: bool = False) -> None:
        """Make sending to this user's DM channel fail with 50007, as when DMs are closed;
        with ``opening``, opening the DM channel fails so already (someone who shares no
        server with the bot, say)."""
        self.dms_closed.add(self.user(who).id)
        if opening:
            self.dms_refused.add(self.user(who).id)

    async def archive_thread(self, thread_id: int, *, notify: bool = True) -> None:
        """Archive a thread, as Discord does after inactivity.

        With ``notify`` a connected client hears THREAD_UPDATE, as on Discord; without it the
        client's cache still thinks the thread is open, which is how a missed event looks.
        """
        thread = self.channels[thread_id]
        thread["thread_metadata"]["archived"] = True
        thread["thread_metadata"]["archive_timestamp"] = p.iso(p.now())
        if notify and self.connected:
            await self.dispatch("THREAD_UPDATE", thread)

    def hold(self, method: str, pattern: str) -> asyncio.Event:
        """Keep every matching call waiting (a slow Discord) until the returned event is set."""
        gate = asyncio.Event()
        self._holds.append((method.upper(), re.compile(pattern), gate))
        return gate

    def _take_fault(self, method: str, path: str) -> _Fault | None:
        for fault in self._faults:
            if fault.method == method and fault.pattern.fullmatch(path):
                fault.remaining -= 1
                if fault.remaining <= 0:
                    self._faults.remove(fault)
                return fault
        return None

    # ----------------------------------------------------------------- REST plumbing

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await self._read_body(request)
        for held, pattern, gate in self._holds:
            if held == method and pattern.fullmatch(path):
                await gate.wait()
        bearer = request.headers.get("Authorization", "").startswith("Bearer ")
        spec, params = self._resolve(method, path, bearer=bearer)
        status: int
        reply: Any
        if spec is None:
            log.warning("fake discord: unknown route %s %s", method, path)
            status, reply = 404, {"message": "404: Not Found", "code": 0}
        elif spec.auth is True and request.headers.get("Authorization") != f"Bot {self.token}":
            status, reply = 401, {"message": "401: Unauthorized", "code": 0}
        elif (fault := self._take_fault(method, path)) is not None:
            status, reply = fault.status, p.error_body(fault.code, fault.message)
        else:
            req = RestRequest(
                method, path, params, dict(request.query), body, files, dict(request.headers)
            )
            handler: Callable[[RestRequest], Awaitable[Reply]] = getattr(self, spec.handler)
            try:
                status, reply = await handler(req)
            except DiscordError as exc:
                status, reply = exc.status, exc.body
            except Exception as exc:
                # A bug in the fake must not look like a Discord outage: a 5xx would make
                # discord.py retry for seconds. Answer 400 at once and keep the cause for asserts.
                log.exception("fake discord: handler %s crashed", spec.handler)
                self.internal_errors.append(f"{method} {path}: {exc!r}")
                status, reply = 400, p.error_body(0, f"fake discord crashed: {exc!r}")
        await self._record(
            Call(
                index=len(self.requests),
                method=method,
                path=path,
                query=dict(request.query),
                json=body,
                files=files,
                status=status,
                # Handlers return live store objects; snapshot them so later edits to a message
                # or thread do not rewrite what the client was told at the time.
                response=copy.deepcopy(reply),
                route=spec.handler if spec else None,
            )
        )
        if status == 204:
            return web.Response(status=204)
        # discord.py only decodes JSON when the content type is exactly "application/json".
        return web.Response(
            status=status,
            body=json.dumps(reply).encode(),
            headers={"Content-Type": "application/json"},
        )

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self.requests.append(call)
            self._changed.notify_all()

    @staticmethod
    def _resolve(
        method: str, path: str, *, bearer: bool = False
    ) -> tuple[RouteSpec | None, dict[str, str]]:
        for spec in ROUTES:
            if spec.method == method and (spec.auth == "bearer") <= bearer:
                match = spec.pattern.fullmatch(path)
                if match:
                    return spec, match.groupdict()
        return None, {}

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, tuple[UploadedFile, ...]]:
        if not request.can_read_body:
            return None, ()
        if request.content_type == "application/x-www-form-urlencoded":
            return dict(await request.post()), ()
        if request.content_type.startswith("multipart/"):
            body: Any = None
            files: list[UploadedFile] = []
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                raw = await part.read(decode=False)
                if part.name == "payload_json":
                    body = json.loads(raw)
                else:
                    files.append(
                        UploadedFile(
                            field=part.name or "",
                            filename=part.filename or "",
                            data=bytes(raw),
                            content_type=part.headers.get("Content-Type"),
                        )
                    )
            return body, tuple(files)
        text = await request.text()
        return (json.loads(text) if text else None), ()

    # ----------------------------------------------------------------- message store

    def _attachments_from(
        self, body: JSON, files: tuple[UploadedFile, ...], existing: Sequence[JSON] = ()
    ) -> list[JSON]:
        """Turn the ``attachments`` list plus uploaded parts into stored attachment objects.

        discord.py numbers new files by upload index and lists kept attachments by their real
        id, so small ids point at ``files[i]`` parts and anything else must already exist.
        """
        by_field = {f.field: f for f in files}
        kept = {a["id"]: a for a in existing}
        wanted = body.get("attachments")
        if wanted is None:
            wanted = [{"id": i} for i in range(len(files))]
            out = list(existing)
        else:
            out = []
        for entry in wanted:
            upload = by_field.get(f"files[{entry['id']}]")
            if upload is not None:
                out.append(
                    p.attachment_json(
                        self.new_id(),
                        entry.get("filename") or upload.filename,
                        upload.data,
                        content_type=upload.content_type,
                    )
                )
            elif str(entry["id"]) in kept:
                out.append(kept[str(entry["id"])])
        return out

    async def _new_message(
        self,
        channel_id: int,
        author: FakeUser,
        body: JSON,
        files: tuple[UploadedFile, ...],
        *,
        interaction: _InteractionState | None = None,
        extra_flags: int = 0,
    ) -> JSON:
        body = body or {}
        if interaction is not None and interaction.forced_ephemeral(self.external_apps_off):
            extra_flags |= p.MESSAGE_FLAG_EPHEMERAL
        attachments = self._attachments_from(body, files)
        self._check_layout({**body, "flags": (body.get("flags") or 0) | extra_flags}, attachments)
        message = p.message_json(
            message_id=self.new_id(),
            channel_id=channel_id,
            author=author,
            created_at=p.now(),
            content=body.get("content") or "",
            embeds=body.get("embeds") or [],
            components=copy.deepcopy(body.get("components") or []),
            attachments=attachments,
            flags=(body.get("flags") or 0) | extra_flags,
            webhook_id=self.app_id if interaction else None,
            application_id=self.app_id if interaction else None,
            message_type=20 if interaction else 0,
        )
        layout.resolve(message["components"], attachments)
        message["mentions"] = self._mentioned(message, body.get("allowed_mentions"))
        if interaction is not None:
            user = interaction.payload.get("member", {}).get("user") or interaction.payload["user"]
            message["interaction_metadata"] = {
                "id": interaction.payload["id"],
                "type": interaction.payload["type"],
                "user": user,
                "authorizing_integration_owners": interaction.payload[
                    "authorizing_integration_owners"
                ],
            }
        self.messages[int(message["id"])] = message
        channel = self.channels.get(channel_id)
        if channel is not None:
            channel["last_message_id"] = message["id"]
            if channel["type"] in p.THREAD_TYPES:
                channel["message_count"] += 1
                channel["total_message_sent"] += 1
        if self.echo_messages and not message["flags"] & p.MESSAGE_FLAG_EPHEMERAL:
            await self._echo("MESSAGE_CREATE", message, author)
        return message

    async def _edit_stored(
        self, message: JSON, body: JSON | None, files: tuple[UploadedFile, ...]
    ) -> JSON:
        body = body or {}
        edited = dict(message)
        for key in ("content", "embeds", "components"):
            if key in body:
                edited[key] = copy.deepcopy(
                    body[key] if body[key] is not None else ([] if key != "content" else "")
                )
        if "attachments" in body or files:
            edited["attachments"] = self._attachments_from(body, files, message["attachments"])
        # A card stays a card (Discord never drops the V2 flag); an edit may make one.
        edited["flags"] = message["flags"] | ((body.get("flags") or 0) & layout.FLAG_COMPONENTS_V2)
        edited["flags"] &= ~p.MESSAGE_FLAG_LOADING
        if "components" in body or "attachments" in body or files:
            self._check_layout(edited, edited["attachments"])
            layout.resolve(edited["components"], edited["attachments"])
        if "content" in body or "components" in body:
            # Discord parses an edit's mentions again (under the edit's allowed mentions),
            # without notifying anyone anew: a ping edited away is no mention any more.
            edited["mentions"] = self._mentioned(edited, body.get("allowed_mentions"))
        message.update(edited)
        message["edited_timestamp"] = p.iso(p.now())
        if self.echo_messages and not message["flags"] & p.MESSAGE_FLAG_EPHEMERAL:
            await self._echo("MESSAGE_UPDATE", message, self.user(int(message["author"]["id"])))
        return message

    def _mentioned(self, message: JSON, allowed: JSON | None) -> list[JSON]:
        """The users a message mentions as Discord lists them: each ``<@id>`` of its text
        (content and text displays) that ``allowed`` lets through (all of them without it)."""
        ids = dict.fromkeys(int(i) for i in re.findall(r"<@!?(\d+)>", layout.shown_text(message)))
        if allowed is not None:
            listed = {int(u) for u in allowed.get("users") or ()}
            parsed = "users" in (allowed.get("parse") or ())
            ids = {i: None for i in ids if parsed or i in listed}
        known = {u.id: u for u in (self.bot, *self.users.values())}
        return [known[i].json() for i in ids if i in known]

    def _check_layout(self, message: JSON, attachments: Sequence[JSON]) -> None:
        """Refuse what Discord would not show (:mod:`tests.fakediscord.layout`), with its
        400 answer; what it keeps has its card's images pointed at the stored attachments."""
        try:
            layout.check_message(message, [a["filename"] for a in attachments])
        except layout.Refused as refused:
            self.refusals.append(refused.body())
            raise DiscordError(400, refused.code, refused.message, refused.errors) from None

    async def _echo(self, event: str, message: JSON, author: FakeUser) -> None:
        channel = self.channels.get(int(message["channel_id"]))
        data = dict(message)
        if channel is not None and "guild_id" in channel:
            data["guild_id"] = channel["guild_id"]
            data["member"] = self.member_json(author)
            data["member"].pop("user")
        if self.connected:
            await self.dispatch(event, data)

    def _channel_or_404(self, channel_id: int) -> JSON:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise DiscordError(404, 10003)
        if channel_id in self.unjoined:
            raise DiscordError(403, 50001)  # not a member: no reading, posting or editing
        return channel

    def _message_or_404(self, channel_id: int, message_id: int) -> JSON:
        self._channel_or_404(channel_id)
        message = self.messages.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            raise DiscordError(404, 10008)
        return message

    def _check_postable(self, channel: JSON) -> None:
        if channel["type"] in p.THREAD_TYPES:
            meta = channel["thread_metadata"]
            if meta["archived"]:
                raise DiscordError(400, 50083)
            if meta["locked"]:
                raise DiscordError(403, 160005)
        if (
            channel["type"] == p.CHANNEL_DM
            and int(channel["recipients"][0]["id"]) in self.dms_closed
        ):
            raise DiscordError(403, 50007)

    # ----------------------------------------------------------------- routes: users, app, gateway

    async def _get_me(self, req: RestRequest) -> Reply:
        return 200, p.bot_user_json(self.bot)

    async def _get_user(self, req: RestRequest) -> Reply:
        try:
            return 200, self.user(req.int_param("user_id")).json()
        except KeyError:
            raise DiscordError(404, 10013) from None

    async def _create_dm(self, req: RestRequest) -> Reply:
        try:
            user = self.user(int(req.json["recipient_id"]))
        except KeyError:
            raise DiscordError(400, 50035) from None
        if user.id in self.dms_refused:
            raise DiscordError(403, 50007)
        return 200, self.open_dm(user)

    async def _get_member(self, req: RestRequest) -> Reply:
        if req.int_param("guild_id") not in self.guild_ids:
            raise DiscordError(404, 10004, "Unknown Guild")
        try:
            user = self.user(req.int_param("user_id"))
        except KeyError:
            raise DiscordError(404, 10007) from None
        return 200, self.member_json(user)

    async def _get_gateway(self, req: RestRequest) -> Reply:
        return 200, {
            "url": self.gateway_url.rstrip("/"),
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _oauth_token(self, req: RestRequest) -> Reply:
        return await self.activities.token(req)

    async def _oauth_me(self, req: RestRequest) -> Reply:
        return await self.activities.me(req)

    async def _activity_instance(self, req: RestRequest) -> Reply:
        return await self.activities.instance(req)

    async def _get_application(self, req: RestRequest) -> Reply:
        return 200, p.application_json(
            self.app_id, self.owner, name="BoardBot", flags=self.app_flags
        )

    # ----------------------------------------------------------------- routes: app commands

    def _scope(self, req: RestRequest) -> int | None:
        if req.int_param("app_id") != self.app_id:
            raise DiscordError(403, 50001)
        guild = req.params.get("guild_id")
        return int(guild) if guild else None

    def _store_command(self, scope: int | None, spec: JSON, previous: Sequence[JSON]) -> JSON:
        """Echo a command as Discord does, keeping the id of a same-named command (overwrite)."""
        kind = spec.get("type", 1)
        old = next((c for c in previous if c["name"] == spec["name"] and c["type"] == kind), None)
        stored: JSON = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **spec,
            "id": old["id"] if old else str(self.new_id()),
            "application_id": str(self.app_id),
            "type": kind,
            "version": str(self.new_id()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _get_commands(self, req: RestRequest) -> Reply:
        return 200, self.commands.get(self._scope(req), [])

    async def _put_commands(self, req: RestRequest) -> Reply:
        scope = self._scope(req)
        previous = self.commands.get(scope, [])
        self._check_specs(req.json)
        self.activities.check_bulk(scope, req.json, previous)
        self.commands[scope] = [self._store_command(scope, spec, previous) for spec in req.json]
        return 200, self.commands[scope]

    async def _post_command(self, req: RestRequest) -> Reply:
        scope = self._scope(req)
        previous = self.commands.get(scope, [])
        kind = req.json.get("type", 1)
        kept = [
            c for c in previous if not (c["name"] == req.json.get("name") and c["type"] == kind)
        ]
        self._check_specs([*kept, req.json])
        stored = self._store_command(scope, req.json, previous)
        self.commands[scope] = [c for c in previous if c["id"] != stored["id"]] + [stored]
        return 201, stored

    @staticmethod
    def _check_specs(specs: Sequence[JSON]) -> None:
        """Discord's checks of what an app registers (:mod:`.menus`): 400 when one fails."""
        try:
            menus.check_commands(specs)
        except menus.Refused as refused:
            raise DiscordError(400, 50035, f"Invalid Form Body: {refused}") from None

    def find_command(self, name: str, guild_id: int | None, kind: int = 1) -> JSON | None:
        """A synced command by name (of a type: 1 slash, 2 a person's menu, 3 a message's),
        guild commands first, as Discord's client would offer it."""
        scopes = (guild_id, None) if guild_id is not None else (None,)
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command["type"] == kind:
                    return command
        return None

    # ----------------------------------------------------------------- routes: interactions

    def _interaction(self, interaction_id: int, token: str) -> _InteractionState:
        state = self._interactions.get(interaction_id)
        if state is None or state.payload["token"] != token:
            raise DiscordError(404, 10062)
        return state

    def _by_webhook_token(self, req: RestRequest) -> _InteractionState:
        interaction_id = self._by_token.get(req.params["token"])
        if req.int_param("app_id") != self.app_id or interaction_id is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        state = self._interactions[interaction_id]
        if state.response_type is None:
            # Discord only accepts the follow-up token once the interaction was acknowledged.
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self.clock() - state.created_at > FOLLOWUP_TOKEN_SECONDS:
            raise DiscordError(401, 50027)  # the token lived its 15 minutes
        return state

    async def _interaction_callback(self, req: RestRequest) -> Reply:
        state = self._interaction(req.int_param("interaction_id"), req.params["token"])
        if state.response_type is not None:
            raise DiscordError(400, 40060)
        body: JSON = req.json or {}
        kind = body.get("type")
        data: JSON = body.get("data") or {}
        resource: JSON | None = None
        launched: JSON | None = None
        if kind == CB_MESSAGE:
            message = await self._new_message(
                state.channel_id, self.bot, data, req.files, interaction=state
            )
            state.original_id = int(message["id"])
            resource = message
        elif kind == CB_DEFERRED_MESSAGE:
            flags = (data.get("flags") or 0) & p.MESSAGE_FLAG_EPHEMERAL
            message = await self._new_message(
                state.channel_id,
                self.bot,
                {"flags": flags},
                (),
                interaction=state,
                extra_flags=p.MESSAGE_FLAG_LOADING,
            )
            state.original_id = int(message["id"])
            resource = message
        elif kind in (CB_DEFERRED_UPDATE, CB_UPDATE):
            if state.message_id is None:
                raise DiscordError(400, 50035, "Invalid Form Body")
            state.original_id = state.message_id
            if kind == CB_UPDATE:
                resource = await self._edit_stored(self.messages[state.message_id], data, req.files)
        elif kind == CB_LAUNCH_ACTIVITY:
            launched = self.activities.launched_by(state.payload)
        elif kind not in (CB_PONG, CB_AUTOCOMPLETE, CB_MODAL):
            raise DiscordError(400, 50035, "Invalid Form Body")
        state.response_type = kind
        if not _truthy(req.query.get("with_response")):
            return 204, None
        original = self.messages.get(state.original_id) if state.original_id else None
        reply: JSON = {
            "interaction": {
                "id": state.payload["id"],
                "type": state.payload["type"],
                "response_message_loading": kind == CB_DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(
                    original and original["flags"] & p.MESSAGE_FLAG_EPHEMERAL
                ),
            }
        }
        if original is not None:
            reply["interaction"]["response_message_id"] = original["id"]
        if resource is not None:
            reply["resource"] = {"type": kind, "message": resource}
        if launched is not None:
            reply["resource"] = launched
        return 200, reply

    async def _followup(self, req: RestRequest) -> Reply:
        state = self._by_webhook_token(req)
        loading = self.messages.get(state.original_id) if state.original_id else None
        if (
            state.response_type == CB_DEFERRED_MESSAGE
            and loading is not None
            and loading["flags"] & p.MESSAGE_FLAG_LOADING
        ):
            # Discord: the first follow-up after a deferred answer edits its "thinking…"
            # message, whose ephemerality stays what the deferral chose.
            body = dict(req.json or {})
            body["flags"] = (body.get("flags") or 0) & layout.FLAG_COMPONENTS_V2
            message = await self._edit_stored(loading, body, req.files)
        else:
            if state.user_installed_only and state.followups >= USER_INSTALL_FOLLOWUPS:
                raise DiscordError(400, 40094)
            message = await self._new_message(
                state.channel_id, self.bot, req.json or {}, req.files, interaction=state
            )
            state.followups += 1
        if _truthy(req.query.get("wait")):
            return 200, message
        return 204, None

    def _webhook_message(self, req: RestRequest) -> tuple[_InteractionState, JSON]:
        state = self._by_webhook_token(req)
        ref = req.params["message"]
        message_id = state.original_id if ref == "@original" else int(ref)
        message = self.messages.get(message_id) if message_id is not None else None
        if message is None:
            raise DiscordError(404, 10008)
        return state, message

    async def _get_webhook_message(self, req: RestRequest) -> Reply:
        return 200, self._webhook_message(req)[1]

    async def _edit_webhook_message(self, req: RestRequest) -> Reply:
        _, message = self._webhook_message(req)
        return 200, await self._edit_stored(message, req.json, req.files)

    async def _delete_webhook_message(self, req: RestRequest) -> Reply:
        _, message = self._webhook_message(req)
        del self.messages[int(message["id"])]
        return 204, None

    # ----------------------------------------------------------------- routes: channels

    async def _get_channel(self, req: RestRequest) -> Reply:
        return 200, self._channel_or_404(req.int_param("channel_id"))

    async def _edit_channel(self, req: RestRequest) -> Reply:
        channel = self._channel_or_404(req.int_param("channel_id"))
        body: JSON = req.json or {}
        for key in ("name", "topic", "rate_limit_per_user"):
            if key in body:
                channel[key] = body[key]
        is_thread = channel["type"] in p.THREAD_TYPES
        if is_thread:
            meta = channel["thread_metadata"]
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body:
                    meta[key] = body[key]
            if "archived" in body:
                meta["archive_timestamp"] = p.iso(p.now())
        if "guild_id" in channel and self.connected:
            await self.dispatch("THREAD_UPDATE" if is_thread else "CHANNEL_UPDATE", channel)
        return 200, channel

    async def _typing(self, req: RestRequest) -> Reply:
        self._channel_or_404(req.int_param("channel_id"))
        return 204, None

    async def _create_message(self, req: RestRequest) -> Reply:
        channel = self._channel_or_404(req.int_param("channel_id"))
        self._check_postable(channel)
        message = await self._new_message(int(channel["id"]), self.bot, req.json or {}, req.files)
        return 200, message

    async def _get_message(self, req: RestRequest) -> Reply:
        return 200, self._message_or_404(req.int_param("channel_id"), req.int_param("message_id"))

    async def _edit_message(self, req: RestRequest) -> Reply:
        channel = self._channel_or_404(req.int_param("channel_id"))
        message = self._message_or_404(int(channel["id"]), req.int_param("message_id"))
        self._check_postable(channel)
        return 200, await self._edit_stored(message, req.json, req.files)

    async def _delete_message(self, req: RestRequest) -> Reply:
        message = self._message_or_404(req.int_param("channel_id"), req.int_param("message_id"))
        del self.messages[int(message["id"])]
        return 204, None

    async def _create_thread(self, req: RestRequest) -> Reply:
        parent = self._channel_or_404(req.int_param("channel_id"))
        if parent["type"] != p.CHANNEL_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        body: JSON = req.json or {}
        from_message = "message_id" in req.params
        if from_message:
            # A thread started from a message shares that message's id, as on Discord.
            message = self._message_or_404(int(parent["id"]), req.int_param("message_id"))
            thread_id = int(message["id"])
            if thread_id in self.channels:
                raise DiscordError(
                    400, 160004, "A thread has already been created for this message"
                )
            message["flags"] |= 1 << 5
            kind = p.CHANNEL_PUBLIC_THREAD
        else:
            thread_id = self.new_id()
            kind = body.get("type") or p.CHANNEL_PRIVATE_THREAD
        thread = p.thread_json(
            thread_id,
            guild_id=int(parent["guild_id"]),
            parent_id=int(parent["id"]),
            owner_id=self.bot.id,
            name=body.get("name", "thread"),
            thread_type=kind,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            created_at=p.now(),
            invitable=body.get("invitable", True) is not False,
        )
        self.channels[thread_id] = thread
        self.thread_members[thread_id] = {self.bot.id}
        if self.connected:
            await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return 201, thread

    def _thread_or_404(self, req: RestRequest) -> JSON:
        channel = self._channel_or_404(req.int_param("channel_id"))
        if channel["type"] not in p.THREAD_TYPES:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _thread_member_id(self, req: RestRequest) -> int:
        raw = req.params["user_id"]
        return self.bot.id if raw == "@me" else int(raw)

    async def _add_thread_member(self, req: RestRequest) -> Reply:
        thread = self._thread_or_404(req)
        if thread["thread_metadata"]["archived"]:
            raise DiscordError(400, 50083)
        user_id = self._thread_member_id(req)
        try:
            self.user(user_id)
        except KeyError:
            raise DiscordError(404, 10013) from None
        self.thread_members[int(thread["id"])].add(user_id)
        thread["member_count"] = len(self.thread_members[int(thread["id"])])
        return 204, None

    async def _remove_thread_member(self, req: RestRequest) -> Reply:
        thread = self._thread_or_404(req)
        self.thread_members[int(thread["id"])].discard(self._thread_member_id(req))
        thread["member_count"] = len(self.thread_members[int(thread["id"])])
        return 204, None

    # ----------------------------------------------------------------- gateway

    @property
    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self._sessions)

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH (op 0) to every identified client connection — with shards, only to
        the one owning the event's server, as Discord does."""
        guild = data.get("guild_id") if isinstance(data, dict) else None
        sessions = [
            s
            for s in self._sessions
            if s.identified and not s.ws.closed and s.owns(int(guild) if guild else None)
        ]
        if not sessions:
            raise RuntimeError(f"cannot dispatch {event}: no client is connected")
        for session in sessions:
            await self._send_dispatch(session, event, data)

    async def request_reconnect(self, *, timeout: float = 5.0) -> None:
        """Ask connected clients to reconnect (op 7) and wait until they are back.

        discord.py answers with a RESUME on a new socket; the old sockets stop receiving
        dispatches at once so no event is lost in the gap.
        """
        before = self.resume_count + self.identify_count
        for session in [s for s in self._sessions if not s.ws.closed]:
            session.identified = False
            await session.ws.send_json({"op": OP_RECONNECT, "d": None})
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(
                    lambda: self.resume_count + self.identify_count > before and self.connected
                ),
                timeout,
            )

    async def wait_until_connected(self, timeout: float = 5.0) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: self.connected), timeout)

    async def _send_dispatch(self, session: _GatewaySession, event: str, data: Any) -> None:
        async with session.lock:
            session.seq += 1
            await session.ws.send_json({"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data})

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        self._sessions.append(session)
        try:
            await ws.send_json(
                {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    try:
                        await self._on_gateway_message(session, json.loads(msg.data))
                    except Exception as exc:
                        log.exception("fake discord: gateway handler crashed")
                        self.internal_errors.append(f"gateway {msg.data[:80]}: {exc!r}")
                elif msg.type is WSMsgType.ERROR:
                    break
        finally:
            self._sessions.remove(session)
            async with self._changed:
                self._changed.notify_all()
        return ws

    async def _on_gateway_message(self, session: _GatewaySession, payload: JSON) -> None:
        self.gateway_received.append(payload)
        op = payload.get("op")
        data = payload.get("d")
        if op == OP_HEARTBEAT:
            await session.ws.send_json({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            await self._identify(session, data)
        elif op == OP_RESUME:
            await self._resume(session, data)
        else:
            log.debug("fake discord: ignoring gateway op %s", op)

    async def _identify(self, session: _GatewaySession, data: JSON) -> None:
        if data.get("token") != self.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identify_count += 1
        if data.get("shard"):
            session.shard = (int(data["shard"][0]), int(data["shard"][1]))
        guilds = [g for g in self.guild_ids if session.owns(g)]
        session.session_id = f"session-{len(self._issued_ids) + 1}"
        self._issued_ids.add(session.session_id)
        ready = {
            "v": p.API_VERSION,
            "user": p.bot_user_json(self.bot),
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "application": {"id": str(self.app_id), "flags": self.app_flags},
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = list(session.shard)
        await self._send_dispatch(session, "READY", ready)
        members_intent = bool(int(data.get("intents") or 0) & INTENT_GUILD_MEMBERS)
        for guild in guilds:
            await self._send_dispatch(
                session, "GUILD_CREATE", self.guild_json(all_members=members_intent, guild_id=guild)
            )
        # Only now may other events go out, so none can slip in between READY and GUILD_CREATE.
        session.identified = True
        async with self._changed:
            self._changed.notify_all()

    async def _resume(self, session: _GatewaySession, data: JSON) -> None:
        # The socket being resumed is usually gone already, so check against every id issued.
        if data.get("token") != self.token or data.get("session_id") not in self._issued_ids:
            await session.ws.send_json({"op": OP_INVALID_SESSION, "d": False})
            return
        self.resume_count += 1
        session.session_id = data["session_id"]
        session.seq = int(data.get("seq") or 0)
        session.identified = True
        await self._send_dispatch(session, "RESUMED", {"_trace": ["fake-discord"]})
        async with self._changed:
            self._changed.notify_all()

    # ----------------------------------------------------------------- interaction builders

    def _context(
        self,
        who: str | FakeUser | int,
        channel_id: int | None,
        message: JSON | None = None,
    ) -> p.InteractionContext:
        """Who acts where, as Discord describes it: the interaction context (a server, the
        bot's DM, a DM or group DM of people) and which installs authorise it — the server's
        where the bot was added, the user's own where they installed the app; for a button,
        those of the interaction whose answer carries it."""
        user = self.user(who)
        channel = self.channels[channel_id or self.channel_id]
        guild_id = int(channel["guild_id"]) if "guild_id" in channel else None
        member = self.member_json(user, with_permissions=True) if guild_id else None
        mine = {p.USER_INSTALL: str(user.id)} if user.id in self.installed else {}
        permissions = p.APP_PERMISSIONS_ELSEWHERE
        if guild_id in self.guild_ids:
            context, owners = p.CONTEXT_GUILD, {p.GUILD_INSTALL: str(guild_id), **mine}
            permissions = p.BOT_PERMISSIONS
        elif guild_id is not None:  # a server the bot is not in
            context, owners = p.CONTEXT_GUILD, mine
        elif int(channel["id"]) in self.unjoined:  # people's DM or group DM
            context, owners = p.CONTEXT_PRIVATE_CHANNEL, mine
        else:  # the bot's own DM with this user
            context, owners = p.CONTEXT_BOT_DM, {p.GUILD_INSTALL: "0", **mine}
            permissions = p.APP_PERMISSIONS_BOT_DM
        if message is not None and context != p.CONTEXT_BOT_DM and guild_id not in self.guild_ids:
            # A button is pressable by anyone who sees it; what authorises it is the install
            # of the interaction that put it there.
            metadata = message.get("interaction_metadata") or {}
            owners = dict(metadata.get("authorizing_integration_owners") or owners)
        return p.InteractionContext(
            app_id=self.app_id,
            guild_id=guild_id,
            channel=channel,
            user=user,
            member=member,
            app_permissions=permissions,
            locale=self.client_locales.get(user.key, "en-US"),
            guild_locale=self.preferred_locale,
            context=context,
            owners=owners,
        )

    def _check_offered(self, name: str, ctx: p.InteractionContext, kind: int = 1) -> None:
        """Refuse to build a command Discord would not offer here: outside the servers the bot
        is in, only a command synced globally, installable to users and allowed in this
        context is offered, and only to someone who installed the app."""
        if ctx.guild_id in self.guild_ids or ctx.context == p.CONTEXT_BOT_DM:
            return
        command = self.find_command(name, None, kind)
        if ctx.user.id not in self.installed:
            raise NotOffered(f"{ctx.user.key} has not installed the app: no /{name} here")
        if command is None:
            raise NotOffered(f"/{name} is not a global command: Discord offers it only in servers")
        if 1 not in (command.get("integration_types") or [0]):
            raise NotOffered(f"/{name} is not installable to users")
        if ctx.context not in (command.get("contexts") or [0, 1]):
            raise NotOffered(f"/{name} is not allowed in interaction context {ctx.context}")

    def _register(
        self, kind: int, ctx: p.InteractionContext, data: JSON, message: JSON | None
    ) -> JSON:
        interaction_id = self.new_id()
        token = f"itoken-{interaction_id}"
        payload = p.interaction_json(
            interaction_id=interaction_id,
            token=token,
            interaction_type=kind,
            ctx=ctx,
            data=data,
            message=message,
        )
        self._interactions[interaction_id] = _InteractionState(
            payload=payload,
            channel_id=int(ctx.channel["id"]),
            message_id=int(message["id"]) if message else None,
            created_at=self.clock(),
        )
        self._by_token[token] = interaction_id
        return payload

    def _command_data(
        self,
        name: str,
        options: Mapping[str, Any] | None,
        ctx: p.InteractionContext,
        subcommand: str | None,
        focused: str | None,
    ) -> JSON:
        """Build ``data`` for a slash or autocomplete interaction.

        Option types come from the synced command when there is one (so an integer option is
        sent as Discord would send it), otherwise they are guessed from the Python values.
        """
        command = self.find_command(name, ctx.guild_id)
        declared: list[JSON] = command.get("options", []) if command else []
        path = subcommand.split() if subcommand else []
        for part in path:
            declared = next((o.get("options", []) for o in declared if o["name"] == part), [])
        types = {o["name"]: o["type"] for o in declared}
        resolved: JSON = {}
        leaf: list[JSON] = []
        for key, value in (options or {}).items():
            kind = types.get(key) or p.infer_option_type(value)
            option: JSON = {"name": key, "type": kind}
            if kind == p.OPTION_USER and key != focused:
                user = self.user(value)
                option["value"] = str(user.id)
                resolved.setdefault("users", {})[str(user.id)] = user.json()
                if ctx.guild_id is not None:
                    member = self.member_json(user, with_permissions=True)
                    member.pop("user")
                    resolved.setdefault("members", {})[str(user.id)] = member
            else:
                option["value"] = str(value) if key == focused else value
            if key == focused:
                option["focused"] = True
            leaf.append(option)
        nested = leaf
        for depth, part in reversed(list(enumerate(path))):
            kind = p.OPTION_SUB_COMMAND if depth == len(path) - 1 else p.OPTION_SUB_COMMAND_GROUP
            nested = [{"name": part, "type": kind, "options": nested}]
        data: JSON = {
            "id": command["id"] if command else str(self.new_id()),
            "name": name,
            "type": 1,
            "options": nested,
        }
        if command and "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def slash(
        self,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: str | FakeUser | int = "alice",
        channel: int | None = None,
        subcommand: str | None = None,
    ) -> JSON:
        """An APPLICATION_COMMAND interaction; ``subcommand`` may be ``"sub"`` or ``"group sub"``.

        User options take a user key, id or `FakeUser`; they are sent as ids with
        ``resolved.users`` and ``resolved.members`` filled in.
        """
        ctx = self._context(user, channel)
        self._check_offered(name, ctx)
        data = self._command_data(name, options, ctx, subcommand, focused=None)
        return self._register(p.INTERACTION_APPLICATION_COMMAND, ctx, data, None)

    def autocomplete(
        self,
        name: str,
        options: Mapping[str, Any],
        *,
        focused: str,
        user: str | FakeUser | int = "alice",
        channel: int | None = None,
        subcommand: str | None = None,
    ) -> JSON:
        """An APPLICATION_COMMAND_AUTOCOMPLETE interaction with ``focused`` being typed."""
        if focused not in options:
            raise ValueError(f"focused option {focused!r} must be one of {list(options)}")
        ctx = self._context(user, channel)
        self._check_offered(name, ctx)
        data = self._command_data(name, options, ctx, subcommand, focused=focused)
        return self._register(p.INTERACTION_AUTOCOMPLETE, ctx, data, None)

    def component(
        self,
        custom_id: str,
        *,
        user: str | FakeUser | int = "alice",
        message: JSON | int | None = None,
        component_type: int = p.COMPONENT_BUTTON,
        values: Sequence[str] | None = None,
        channel: int | None = None,
    ) -> JSON:
        """A MESSAGE_COMPONENT interaction: a button press, or a select with ``values``.

        ``message`` is the message carrying the component (a stored message or its id); without
        one, a bot message with a matching button is created in the channel first.
        """
        if message is None:
            message = p.message_json(
                message_id=self.new_id(),
                channel_id=channel or self.channel_id,
                author=self.bot,
                created_at=p.now(),
                components=[p.button_row(custom_id)],
            )
            self.messages[int(message["id"])] = message
        elif isinstance(message, int):
            message = self.messages[message]
        message = copy.deepcopy(message)  # the payload shows the message as it is now
        ctx = self._context(user, int(message["channel_id"]), message)
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if component_type != p.COMPONENT_BUTTON:
            data["values"] = list(values or [])
        return self._register(p.INTERACTION_COMPONENT, ctx, data, message)

    def user_menu(
        self,
        name: str,
        target: str | FakeUser | int,
        *,
        user: str | FakeUser | int = "alice",
        channel: int | None = None,
    ) -> JSON:
        """A right-click on ``target`` → the app's USER command ``name`` (as synced: a menu
        never registered is never offered, and raises :class:`NotOffered`)."""
        return self._menu(menus.USER, name, user, channel, self.user(target))

    def message_menu(
        self, name: str, message: JSON | int, *, user: str | FakeUser | int = "alice"
    ) -> JSON:
        """A right-click on ``message`` (stored, or its id) → the app's MESSAGE command."""
        stored = self.messages[message] if isinstance(message, int) else message
        return self._menu(menus.MESSAGE, name, user, int(stored["channel_id"]), stored)

    def _menu(
        self,
        kind: int,
        name: str,
        user: str | FakeUser | int,
        channel: int | None,
        target: FakeUser | JSON,
    ) -> JSON:
        ctx = self._context(user, channel)
        self._check_offered(name, ctx, kind)
        command = self.find_command(name, ctx.guild_id, kind)
        if command is None:
            raise NotOffered(f"no {name!r} menu of type {kind} is registered")
        if isinstance(target, FakeUser):
            member = self.member_json(target, with_permissions=True) if ctx.guild_id else None
            data = menus.user_menu_data(command, target, member)
        else:
            data = menus.message_menu_data(command, copy.deepcopy(target))
        return self._register(p.INTERACTION_APPLICATION_COMMAND, ctx, data, None)

    def modal_submit(
        self,
        custom_id: str,
        fields: Mapping[str, str],
        *,
        user: str | FakeUser | int = "alice",
        channel: int | None = None,
    ) -> JSON:
        """A MODAL_SUBMIT interaction with text inputs keyed by their custom ids, each under
        its label, as Discord sends a form of label components."""
        ctx = self._context(user, channel)
        labels = [
            {
                "type": p.COMPONENT_LABEL,
                "component": {"type": p.COMPONENT_TEXT_INPUT, "custom_id": key, "value": value},
            }
            for key, value in fields.items()
        ]
        data: JSON = {"custom_id": custom_id, "components": labels}
        return self._register(p.INTERACTION_MODAL_SUBMIT, ctx, data, None)

    async def interact(
        self, payload: JSON, *, wait: bool = True, timeout: float = 5.0
    ) -> Call | None:
        """Dispatch INTERACTION_CREATE and, by default, return the client's callback call."""
        start = self.mark()
        await self.dispatch("INTERACTION_CREATE", payload)
        if not wait:
            return None
        return await self.wait_for_callback(payload, timeout=timeout, start=start)

    async def wait_for_callback(
        self, payload: JSON, *, timeout: float = 5.0, start: int = 0
    ) -> Call:
        pattern = rf"/interactions/{payload['id']}/{re.escape(payload['token'])}/callback"
        return await self.wait_for_call("POST", pattern, timeout=timeout, start=start)

    def original_response(self, payload: JSON) -> JSON | None:
        """The message an interaction's response created or updated, as stored now."""
        state = self._interactions[int(payload["id"])]
        return self.messages.get(state.original_id) if state.original_id else None
