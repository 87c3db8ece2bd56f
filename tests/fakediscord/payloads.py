"""Builders for Discord-shaped JSON objects, shared by the fake server and by tests.

Everything here is a pure function of its arguments (plus a `Snowflakes` generator the caller
owns), so the shape of every payload the fake sends lives in one place. When discord.py starts
rejecting a payload after an upgrade, this is the file to fix: the field lists follow Discord's
API reference and what ``discord.py`` 2.7 reads with ``data[...]`` (a ``KeyError`` there is the
usual symptom of a missing field).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000
API_VERSION = 10

# Permission sets as the decimal strings Discord sends. Ordinary members get what a fresh server's
# @everyone role gets; the bot gets everything except Administrator so that a forgotten
# permission overwrite still bites in tests that set one up.
EVERYONE_PERMISSIONS = discord.Permissions.general() | discord.Permissions.text()
EVERYONE_PERMISSIONS.update(
    administrator=False,
    manage_channels=False,
    manage_guild=False,
    manage_roles=False,
    manage_webhooks=False,
    manage_expressions=False,
    view_audit_log=False,
    manage_messages=False,
    manage_threads=False,
    mention_everyone=False,
    ban_members=False,
    kick_members=False,
    moderate_members=False,
)
BOT_PERMISSIONS = discord.Permissions.all()
BOT_PERMISSIONS.update(administrator=False)
ALL_PERMISSIONS = discord.Permissions.all()

# Interaction and component type numbers, named so builders read like the API reference.
INTERACTION_PING = 1
INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

COMPONENT_ACTION_ROW = 1
COMPONENT_BUTTON = 2
COMPONENT_STRING_SELECT = 3
COMPONENT_TEXT_INPUT = 4
COMPONENT_LABEL = 18
"""A modal's field under its label: the label component wraps one input."""

OPTION_SUB_COMMAND = 1
OPTION_SUB_COMMAND_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_BOOLEAN = 5
OPTION_USER = 6
OPTION_NUMBER = 10

CHANNEL_TEXT = 0
CHANNEL_DM = 1
CHANNEL_GROUP_DM = 3
CHANNEL_PUBLIC_THREAD = 11
CHANNEL_PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, CHANNEL_PUBLIC_THREAD, CHANNEL_PRIVATE_THREAD})

MESSAGE_FLAG_EPHEMERAL = 1 << 6
MESSAGE_FLAG_LOADING = 1 << 7

# Interaction context types: where a command was used.
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1
CONTEXT_PRIVATE_CHANNEL = 2
"""A DM between people or a group DM: only apps a user installed can be used there."""

# Installation contexts (keys of ``authorizing_integration_owners``).
GUILD_INSTALL = "0"
USER_INSTALL = "1"

# What an app may do where it is not a member (a DM, a group DM, a server without it), as
# Discord reports it in ``app_permissions``; its own DM adds external emojis.
APP_PERMISSIONS_ELSEWHERE = discord.Permissions(
    attach_files=True, embed_links=True, mention_everyone=True
)
APP_PERMISSIONS_BOT_DM = APP_PERMISSIONS_ELSEWHERE | discord.Permissions(use_external_emojis=True)

# Discord's error texts for the codes tests are likely to inject.
ERROR_MESSAGES: Mapping[int, str] = {
    0: "General error",
    10003: "Unknown Channel",
    10007: "Unknown Member",
    10008: "Unknown Message",
    10013: "Unknown User",
    10062: "Unknown interaction",
    40060: "Interaction has already been acknowledged",
    40094: "This interaction has hit the maximum number of follow up messages",
    50001: "Missing Access",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50027: "Invalid Webhook Token",
    50035: "Invalid Form Body",
    50083: "Thread is archived",
    160005: "Thread is locked",
}


def error_body(code: int, message: str | None = None) -> JSON:
    """The JSON error body Discord returns; discord.py reads ``code`` and ``message`` from it."""
    return {"code": code, "message": message or ERROR_MESSAGES.get(code, "Error")}


def iso(moment: datetime) -> str:
    return moment.isoformat()


def snowflake_time_ms(snowflake: int) -> int:
    return (snowflake >> 22) + DISCORD_EPOCH_MS


@dataclass
class Snowflakes:
    """Hands out unique, increasing ids whose embedded time is "now".

    Ids carry the current clock so that discord.py sees fresh interactions (``is_expired`` and
    ``created_at`` behave), while the low bits come from a counter so that ids created within the
    same millisecond still differ and sort in creation order.
    """

    clock_ms: Callable[[], int] = field(default=lambda: int(time.time() * 1000))
    _last: int = 0
    _issued: int = 0

    def __call__(self) -> int:
        self._issued += 1
        stamp = (self.clock_ms() - DISCORD_EPOCH_MS) << 22
        self._last = max(stamp | (self._issued & 0xFFF), self._last + 1)
        return self._last


@dataclass(frozen=True)
class FakeUser:
    """A person (or the bot) in the fake world; tests refer to them by ``key``."""

    key: str
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def json(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


def bot_user_json(bot: FakeUser) -> JSON:
    """The ``/users/@me`` shape: a user plus the fields only the owner of a token sees."""
    return {**bot.json(), "verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}


def role_json(
    role_id: int, name: str, permissions: discord.Permissions, *, position: int, managed: bool
) -> JSON:
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions.value),
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def member_json(
    user: FakeUser,
    *,
    roles: Sequence[int] = (),
    joined_at: datetime,
    permissions: discord.Permissions | None = None,
    include_user: bool = True,
) -> JSON:
    """A guild member; interaction payloads add the member's resolved ``permissions``."""
    data: JSON = {
        "roles": [str(r) for r in roles],
        "nick": None,
        "avatar": None,
        "banner": None,
        "joined_at": iso(joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if include_user:
        data["user"] = user.json()
    if permissions is not None:
        data["permissions"] = str(permissions.value)
    return data


def text_channel_json(
    channel_id: int, guild_id: int, name: str, *, position: int, topic: str | None = None
) -> JSON:
    return {
        "id": str(channel_id),
        "type": CHANNEL_TEXT,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "topic": topic,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": None,
        "default_auto_archive_duration": 1440,
        "default_thread_rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_json(
    thread_id: int,
    *,
    guild_id: int,
    parent_id: int,
    owner_id: int,
    name: str,
    thread_type: int = CHANNEL_PUBLIC_THREAD,
    auto_archive_duration: int = 1440,
    created_at: datetime,
    invitable: bool = True,
) -> JSON:
    return {
        "id": str(thread_id),
        "type": thread_type,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": iso(created_at),
            "locked": False,
            "invitable": invitable,
            "create_timestamp": iso(created_at),
        },
    }


def dm_channel_json(channel_id: int, recipient: FakeUser, *also: FakeUser) -> JSON:
    """A DM channel: the bot's with ``recipient``, or with ``also`` one between two people."""
    return {
        "id": str(channel_id),
        "type": CHANNEL_DM,
        "last_message_id": None,
        "recipients": [recipient.json(), *(u.json() for u in also)],
        "flags": 0,
    }


def group_dm_json(channel_id: int, owner: FakeUser, members: Sequence[FakeUser]) -> JSON:
    return {
        "id": str(channel_id),
        "type": CHANNEL_GROUP_DM,
        "last_message_id": None,
        "recipients": [u.json() for u in members],
        "owner_id": str(owner.id),
        "name": None,
        "icon": None,
        "flags": 0,
    }


def guild_json(
    *,
    guild_id: int,
    name: str,
    owner_id: int,
    roles: Sequence[JSON],
    channels: Sequence[JSON],
    members: Sequence[JSON],
    member_count: int,
    threads: Sequence[JSON] = (),
    joined_at: datetime,
    preferred_locale: str = "en-US",
) -> JSON:
    """A GUILD_CREATE payload: the full guild plus the gateway-only extras discord.py expects."""
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": preferred_locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "widget_enabled": False,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "features": [],
        "roles": list(roles),
        "emojis": [],
        "stickers": [],
        "incidents_data": None,
        # Gateway-only fields.
        "unavailable": False,
        "large": False,
        "lazy": True,
        "joined_at": iso(joined_at),
        "member_count": member_count,
        "members": list(members),
        "channels": list(channels),
        "threads": list(threads),
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def application_json(app_id: int, owner: FakeUser, *, name: str, flags: int) -> JSON:
    return {
        "id": str(app_id),
        "name": name,
        "icon": None,
        "description": "Fake application for end-to-end tests",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": owner.json(),
        "team": None,
        "flags": flags,
        "interactions_endpoint_url": None,
        "tags": [],
        "redirect_uris": [],
        "approximate_guild_count": 1,
    }


def attachment_json(
    attachment_id: int, filename: str, data: bytes, *, content_type: str | None
) -> JSON:
    url = f"https://cdn.fake.invalid/attachments/{attachment_id}/{filename}"
    out: JSON = {
        "id": str(attachment_id),
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    }
    if filename.lower().endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        # PNG stores width and height big-endian right after the IHDR chunk header.
        out["width"] = int.from_bytes(data[16:20], "big")
        out["height"] = int.from_bytes(data[20:24], "big")
    return out


def message_json(
    *,
    message_id: int,
    channel_id: int,
    author: FakeUser,
    created_at: datetime,
    content: str = "",
    embeds: Sequence[JSON] = (),
    components: Sequence[JSON] = (),
    attachments: Sequence[JSON] = (),
    flags: int = 0,
    webhook_id: int | None = None,
    application_id: int | None = None,
    message_type: int = 0,
) -> JSON:
    data: JSON = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "type": message_type,
        "author": author.json(),
        "content": content,
        "timestamp": iso(created_at),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": list(attachments),
        "embeds": list(embeds),
        "components": list(components),
        "pinned": False,
        "flags": flags,
    }
    if webhook_id is not None:
        data["webhook_id"] = str(webhook_id)
    if application_id is not None:
        data["application_id"] = str(application_id)
    return data


def button_row(custom_id: str, label: str = "Button") -> JSON:
    """A one-button action row, used when a test presses a button on a message it never saw."""
    return {
        "type": COMPONENT_ACTION_ROW,
        "components": [
            {"type": COMPONENT_BUTTON, "style": 1, "label": label, "custom_id": custom_id}
        ],
    }


def infer_option_type(value: Any) -> int:
    """Guess an option's type from a Python value when no synced command says otherwise."""
    if isinstance(value, FakeUser):
        return OPTION_USER
    if isinstance(value, bool):
        return OPTION_BOOLEAN
    if isinstance(value, int):
        return OPTION_INTEGER
    if isinstance(value, float):
        return OPTION_NUMBER
    return OPTION_STRING


@dataclass(frozen=True)
class InteractionContext:
    """Who acts where: the parts every interaction payload repeats."""

    app_id: int
    guild_id: int | None
    channel: JSON
    user: FakeUser
    member: JSON | None
    app_permissions: discord.Permissions = BOT_PERMISSIONS
    locale: str = "en-US"
    guild_locale: str = "en-US"
    """The server's "preferred locale" (community servers set it; others say en-US)."""
    context: int = CONTEXT_GUILD
    owners: Mapping[str, str] = field(default_factory=dict)
    """``authorizing_integration_owners``: GUILD_INSTALL → the server's id (``"0"`` in the
    bot's DM), USER_INSTALL → the id of the user who installed the app."""


def interaction_json(
    *,
    interaction_id: int,
    token: str,
    interaction_type: int,
    ctx: InteractionContext,
    data: JSON | None = None,
    message: JSON | None = None,
) -> JSON:
    payload: JSON = {
        "id": str(interaction_id),
        "application_id": str(ctx.app_id),
        "type": interaction_type,
        "token": token,
        "version": 1,
        "channel_id": ctx.channel["id"],
        "channel": ctx.channel,
        "app_permissions": str(ctx.app_permissions.value),
        "locale": ctx.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": dict(ctx.owners),
        "context": ctx.context,
    }
    if data is not None:
        payload["data"] = data
    if message is not None:
        payload["message"] = message
    if ctx.guild_id is not None:
        payload["guild_id"] = str(ctx.guild_id)
        payload["guild"] = {"id": str(ctx.guild_id), "locale": ctx.guild_locale, "features": []}
        payload["guild_locale"] = ctx.guild_locale
        payload["member"] = ctx.member
    else:
        payload["user"] = ctx.user.json()
    return payload


def now() -> datetime:
    return datetime.now(UTC)
