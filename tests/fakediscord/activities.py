"""The fake Discord's side of Activities: OAuth2 codes and tokens, Activity instances, the
Entry Point command and the LAUNCH_ACTIVITY interaction response.

What Discord does, as far as the board needs it:

* **OAuth2.** The Embedded App SDK's ``authorize`` gives the page a one-time code for the
  user (here :meth:`Activities.authorize` mints it, as Discord's client would); the app's
  server trades it at ``POST /oauth2/token`` (form ``grant_type=authorization_code&code=…``,
  the client id and secret as HTTP Basic auth) for an access token, and ``GET /users/@me``
  with ``Authorization: Bearer <token>`` says whose it is. A code works once and expires
  after ten minutes; a wrong secret is ``401 invalid_client``, a bad code ``400
  invalid_grant`` — the bodies Discord sends.
* **Instances.** Launching the app's Activity in a channel (from the App Launcher, or by an
  interaction answered with LAUNCH_ACTIVITY, type 12) puts the user in that channel's
  instance, made on first launch; ``GET /applications/<id>/activity-instances/<instance>``
  (bot token) returns it with its location and users, 404 for an unknown one.
* **The Entry Point command.** An app with Activities enabled has one global command of type
  ``PRIMARY_ENTRY_POINT`` (4), made by Discord when Activities are switched on; a bulk
  overwrite of the global commands that leaves it out is refused with Discord's error 50240.
  An app without Activities cannot launch one (LAUNCH_ACTIVITY is a 400).
"""

from __future__ import annotations

import base64
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import payloads as p

if TYPE_CHECKING:
    from .server import FakeDiscord, RestRequest

EMBEDDED = 1 << 17
"""Application flag: the app has an Activity (``EMBEDDED``)."""
PRIMARY_ENTRY_POINT = 4
DISCORD_LAUNCH_ACTIVITY = 2
CB_LAUNCH_ACTIVITY = 12
CODE_SECONDS = 600.0
ENTRY_POINT_KEPT = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please "
    "include the Entry Point command in your update request or delete it separately."
)
INVALID_GRANT = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
DEFAULT_ENTRY_POINT: p.JSON = {
    "name": "launch",
    "description": "Launch BoardBot",
    "type": PRIMARY_ENTRY_POINT,
    "handler": DISCORD_LAUNCH_ACTIVITY,
    "integration_types": [0, 1],
    "contexts": [0, 1, 2],
}


@dataclass
class Instance:
    """One Activity instance: where it runs and who is in it."""

    instance_id: str
    channel_id: int
    guild_id: int | None
    users: list[int] = field(default_factory=list)

    def json(self, app_id: int) -> p.JSON:
        kind = "gc" if self.guild_id else "pc"
        location_id = f"{kind}-{self.guild_id}-{self.channel_id}" if self.guild_id else (
            f"{kind}-{self.channel_id}"
        )  # fmt: skip
        location: p.JSON = {"id": location_id, "kind": kind, "channel_id": str(self.channel_id)}
        if self.guild_id:
            location["guild_id"] = str(self.guild_id)
        return {
            "application_id": str(app_id),
            "instance_id": self.instance_id,
            "launch_id": self.instance_id.split("-")[1],
            "location": location,
            "users": [str(u) for u in self.users],
        }


@dataclass
class Activities:
    """The app's Activity state inside one :class:`FakeDiscord`."""

    server: FakeDiscord
    client_secret: str = field(default_factory=lambda: "fake-secret-" + secrets.token_hex(12))
    codes: dict[str, tuple[int, tuple[str, ...], float]] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    instances: dict[int, Instance] = field(default_factory=dict)
    """By channel id: one instance per channel, as Discord keeps it."""

    def enable(self) -> None:
        """Switch Activities on, as the Developer Portal does: the app is ``EMBEDDED`` and
        gets the default Entry Point command."""
        server = self.server
        server.app_flags |= EMBEDDED
        current = server.commands.get(None, [])
        if not any(c["type"] == PRIMARY_ENTRY_POINT for c in current):
            entry = server._store_command(None, dict(DEFAULT_ENTRY_POINT), current)
            server.commands[None] = [*current, entry]

    @property
    def enabled(self) -> bool:
        return bool(self.server.app_flags & EMBEDDED)

    # -- what Discord's client does for a user -------------------------------------------------
    def launch(self, who: Any, channel_id: int | None = None) -> Instance:
        """``who`` opens the Activity in ``channel_id`` (the App Launcher): into the channel's
        instance, made on first launch."""
        user = self.server.user(who)
        channel_id = channel_id or self.server.channel_id
        channel = self.server.channel(channel_id)
        instance = self.instances.get(channel_id)
        if instance is None:
            launch = self.server.new_id()
            guild = int(channel["guild_id"]) if "guild_id" in channel else None
            instance = Instance(f"i-{launch}-{'gc' if guild else 'pc'}-{channel_id}",
                                channel_id, guild)  # fmt: skip
            self.instances[channel_id] = instance
        if user.id not in instance.users:
            instance.users.append(user.id)
        return instance

    def authorize(
        self, who: Any, *, scopes: tuple[str, ...] = ("identify",), age: float = 0.0
    ) -> str:
        """The code Discord's client hands the SDK's ``authorize`` for ``who`` (``age``
        seconds old: past ten minutes it has expired)."""
        code = secrets.token_urlsafe(22)
        self.codes[code] = (self.server.user(who).id, scopes, time.time() - age + CODE_SECONDS)
        return code

    # -- routes ------------------------------------------------------------------------------
    async def token(self, req: RestRequest) -> tuple[int, Any]:
        client = _basic(req.headers.get("Authorization", "")) or (
            str((req.json or {}).get("client_id", "")),
            str((req.json or {}).get("client_secret", "")),
        )
        if client != (str(self.server.app_id), self.client_secret):
            return 401, {"error": "invalid_client"}
        form = req.json or {}
        found = self.codes.pop(str(form.get("code", "")), None)
        if form.get("grant_type") != "authorization_code" or found is None:
            return 400, INVALID_GRANT
        user_id, scopes, expires = found
        if expires < time.time():
            return 400, INVALID_GRANT
        access = secrets.token_urlsafe(22)
        self.tokens[access] = user_id
        return 200, {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(22),
            "scope": " ".join(scopes),
        }

    async def me(self, req: RestRequest) -> tuple[int, Any]:
        scheme, _, token = req.headers.get("Authorization", "").partition(" ")
        user_id = self.tokens.get(token) if scheme == "Bearer" else None
        if user_id is None:
            return 401, {"message": "401: Unauthorized", "code": 0}
        return 200, self.server.user(user_id).json()

    async def instance(self, req: RestRequest) -> tuple[int, Any]:
        if req.int_param("app_id") != self.server.app_id:
            return 403, p.error_body(50001)
        wanted = req.params["instance_id"]
        for instance in self.instances.values():
            if instance.instance_id == wanted:
                return 200, instance.json(self.server.app_id)
        return 404, {"message": "404: Not Found", "code": 0}

    def check_bulk(self, scope: int | None, new: list[p.JSON], previous: list[p.JSON]) -> None:
        """Discord's refusal of a global overwrite that drops the Entry Point command."""
        from .server import DiscordError

        if scope is not None:
            if any(c.get("type") == PRIMARY_ENTRY_POINT for c in new):
                raise DiscordError(400, 50035, "Entry Point commands cannot be guild commands")
            return
        for old in previous:
            if old["type"] != PRIMARY_ENTRY_POINT:
                continue
            kept = any(
                c.get("id") == old["id"]
                or (c.get("name") == old["name"] and c.get("type") == PRIMARY_ENTRY_POINT)
                for c in new
            )
            if not kept:
                raise DiscordError(400, 50240, ENTRY_POINT_KEPT)

    def launched_by(self, interaction: p.JSON) -> p.JSON:
        """Answering ``interaction`` with LAUNCH_ACTIVITY: its user joins the Activity of
        its channel. Refused (400) for an app without Activities."""
        from .server import DiscordError

        if not self.enabled:
            raise DiscordError(400, 50035, "Invalid Form Body")
        user = interaction.get("member", {}).get("user") or interaction["user"]
        instance = self.launch(int(user["id"]), int(interaction["channel_id"]))
        return {"type": CB_LAUNCH_ACTIVITY, "activity_instance": {"id": instance.instance_id}}


def _basic(header: str) -> tuple[str, str] | None:
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        user, _, password = base64.b64decode(value).decode().partition(":")
    except ValueError:
        return None
    return user, password
