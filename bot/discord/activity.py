"""Asking Discord who opened the board as an Activity, and where; and keeping the Activity's
Entry Point command through every command sync.

The Activity's page gets a one-time OAuth2 *code* from Discord's client (the Embedded App
SDK's ``authorize``, scope ``identify``) and hands it to the web server, which alone holds the
app's client secret. Here the server trades the code at Discord's token endpoint, asks
``/users/@me`` with the resulting token who that is, and then asks Discord — with the bot's
own token — for the Activity instance the page says it runs in: the instance names its
channel (a thread, a channel, a DM) and the users in it. Only a user Discord lists in that
instance is confirmed, so nothing the page claims about itself (its user, its channel, its
server) is ever believed. The access token goes back to the page for the SDK's
``authenticate`` and is kept nowhere; the client secret and the token never reach a log line.

Every address comes from discord.py's ``Route.BASE``, the REST base the rest of the bot uses
(the fake Discord's in the tests).
"""

from __future__ import annotations

import base64
import logging
import re
from typing import Any

import aiohttp

import discord
from bot.discord.identity import payload
from bot.service.base import Refusal
from bot.service.pages.activity import Confirmed, Player
from discord import app_commands
from discord._types import ClientT
from discord.abc import Snowflake
from discord.http import Route

log = logging.getLogger(__name__)

TIMEOUT = aiohttp.ClientTimeout(total=10)
CODE = re.compile(r"[A-Za-z0-9._~-]{1,200}")
INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,200}")
SCOPE = "identify"


class Unanswered(Exception):
    """Discord's token endpoint or ``/users/@me`` failed on its side (a 5xx)."""


class DiscordActivity:
    """Confirms players for the web board's Activity, with the app's OAuth2 client id and
    secret and ``client``'s bot token (the bot, or a REST-only web process)."""

    def __init__(self, client: discord.Client, client_id: str, client_secret: str) -> None:
        self._client = client
        self.client_id = client_id
        # HTTP Basic auth (RFC 7617) by hand: aiohttp deprecates its BasicAuth helper, and its
        # replacement is too new for the aiohttp versions discord.py allows.
        pair = base64.b64encode(f"{client_id}:{client_secret}".encode()).decode("ascii")
        self._authorization = {"Authorization": f"Basic {pair}"}

    async def confirm(self, code: str, instance_id: str) -> Confirmed:
        """The player behind ``code`` in Activity instance ``instance_id``; a
        :class:`Refusal` when Discord does not confirm both, or does not answer."""
        if not CODE.fullmatch(code) or not INSTANCE.fullmatch(instance_id):
            raise Refusal("web.activity.not_confirmed")
        try:
            async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
                token = await self._exchange(http, code)
                user = await self._user(http, token)
            place = await self._instance(instance_id)
        except (aiohttp.ClientError, TimeoutError, discord.DiscordServerError, Unanswered):
            log.warning("Discord did not answer while confirming an Activity's player")
            raise Refusal("web.activity.discord_away") from None
        users = place.get("users") or []
        location = place.get("location") or {}
        channel = location.get("channel_id")
        if str(user["id"]) not in [str(u) for u in users] or not channel:
            log.info("an Activity's player is not in the instance they named")
            raise Refusal("web.activity.not_confirmed")
        guild = location.get("guild_id")
        player = Player(
            user_id=str(user["id"]),
            name=str(user.get("global_name") or user.get("username") or user["id"]),
            channel_id=str(channel),
            guild_id=str(guild) if guild else None,
        )
        return Confirmed(player, token)

    async def _exchange(self, http: aiohttp.ClientSession, code: str) -> str:
        """The access token for ``code`` (the secret travels as HTTP Basic auth, in no
        address and no body that could be logged)."""
        form = {"grant_type": "authorization_code", "code": code}
        async with http.post(
            f"{Route.BASE}/oauth2/token", data=form, headers=self._authorization
        ) as answer:
            if answer.status >= 500:
                raise Unanswered
            body: Any = await answer.json(content_type=None) if answer.status == 200 else {}
        scopes = str(body.get("scope", "")).split()
        token = body.get("access_token")
        if answer.status != 200 or not isinstance(token, str) or SCOPE not in scopes:
            log.info("Discord refused an Activity's code (status %s)", answer.status)
            raise Refusal("web.activity.not_confirmed")
        return token

    @staticmethod
    async def _user(http: aiohttp.ClientSession, token: str) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"}
        async with http.get(f"{Route.BASE}/users/@me", headers=headers) as answer:
            if answer.status >= 500:
                raise Unanswered
            body: Any = await answer.json(content_type=None) if answer.status == 200 else None
        if not isinstance(body, dict) or not str(body.get("id", "")).isdigit():
            log.info("Discord did not say whose an Activity's token is (status %s)", answer.status)
            raise Refusal("web.activity.not_confirmed")
        return body

    async def _instance(self, instance_id: str) -> dict[str, Any]:
        route = Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id,
            instance_id=instance_id,
        )
        try:
            found = await self._client.http.request(route)
        except discord.NotFound:
            log.info("an Activity named an instance Discord does not know")
            raise Refusal("web.activity.not_confirmed") from None
        except discord.Forbidden:
            log.warning("Discord refused to show an Activity instance: is DISCORD_CLIENT_ID "
                        "this bot's application id?")  # fmt: skip
            raise Refusal("web.activity.not_confirmed") from None
        if not isinstance(found, dict):
            raise Refusal("web.activity.not_confirmed")
        return found


ENTRY_POINT = 4
"""``PRIMARY_ENTRY_POINT``: the command that opens the app's Activity from the App Launcher
(discord.py 2.7 has no command of this type)."""
ENTRY_POINT_FIELDS = (
    "id", "name", "description", "type", "handler", "integration_types", "contexts",
    "name_localizations", "description_localizations", "default_member_permissions", "nsfw",
)  # fmt: skip
"""What of the existing Entry Point command a bulk overwrite sends back: as it stands."""


class KeepsEntryPoint(app_commands.CommandTree[ClientT]):
    """A command tree whose global sync keeps the app's Entry Point command.

    Enabling Activities in the Developer Portal gives the app an Entry Point command
    ("Launch"), and from then on Discord refuses a bulk overwrite of the global commands that
    leaves it out ("You cannot remove this app's Entry Point command in a bulk update
    operation", 50240) — which discord.py's ``tree.sync()`` always does, since it knows no
    such command. So a global sync reads the app's global commands first and sends the Entry
    Point command back unchanged beside the tree's own (however the operator named or set it
    up). Entry Point commands are global only; a server's sync is discord.py's own."""

    async def interaction_check(self, interaction: discord.Interaction[ClientT]) -> bool:
        """The Entry Point command, where the operator set its handler to the app
        (``APP_HANDLER``) rather than to Discord: answered by launching the Activity —
        discord.py has no command of that type to run."""
        if payload(interaction).get("type") == ENTRY_POINT:
            try:
                await interaction.response.launch_activity()
            except discord.HTTPException as error:
                log.info("launching the Activity from its command failed (%s)", error.status)
            return False
        return await super().interaction_check(interaction)

    async def sync(self, *, guild: Snowflake | None = None) -> list[app_commands.AppCommand]:
        application_id = self.client.application_id
        if guild is not None or application_id is None:
            return await super().sync(guild=guild)
        existing = await self._http.get_global_commands(application_id)
        kept = [
            {name: value for name, value in dict(command).items() if name in ENTRY_POINT_FIELDS}
            for command in existing
            if command.get("type") == ENTRY_POINT
        ]
        if not kept:
            return await super().sync()
        commands = self._get_all_commands(guild=None)
        translator = self.translator
        payload: list[dict[str, Any]] = [
            await command.get_translated_payload(self, translator)
            if translator
            else command.to_dict(self)
            for command in commands
        ]
        try:
            synced = await self._http.bulk_upsert_global_commands(
                application_id, payload=[*payload, *kept]
            )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [
            app_commands.AppCommand(data=data, state=self._state)
            for data in synced
            if data.get("type") != ENTRY_POINT
        ]
