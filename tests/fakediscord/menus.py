"""Application commands as Discord checks them when an app registers them, and the ``data``
of the context-menu interactions (right-click a person: type 2 USER; a message: type 3
MESSAGE) the client sends when one is used.

Discord's rules (API reference, *Application Commands*): a name has 1–32 characters; a
CHAT_INPUT name (and an option's) is lower case from letters, digits, ``-``, ``_`` and ``'``,
while USER and MESSAGE names may be mixed case with spaces; a context menu has no description
and no options; an app has at most 100 CHAT_INPUT, 15 USER and 15 MESSAGE commands in one
scope, each name once per type; localized names follow the same rules as the name.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from . import payloads as p

CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT = 1, 2, 3, 4
MOST = {CHAT_INPUT: 100, USER: 15, MESSAGE: 15, PRIMARY_ENTRY_POINT: 1}
NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100
SLASH_NAME = re.compile(r"^[-_'\w]{1,32}$")


class Refused(ValueError):
    """What Discord answers 400 (Invalid Form Body) for, with the reason it gives."""


def check_command(spec: p.JSON) -> None:
    kind = spec.get("type", CHAT_INPUT)
    if kind not in MOST:
        raise Refused(f"type {kind!r} is not an application command type")
    names = [spec.get("name") or "", *(spec.get("name_localizations") or {}).values()]
    for name in names:
        _check_name(str(name), kind)
    if kind in (USER, MESSAGE):
        if spec.get("description"):
            raise Refused(f"{spec['name']!r}: a context menu command has no description")
        if spec.get("options"):
            raise Refused(f"{spec['name']!r}: a context menu command has no options")
        if any(spec.get("description_localizations") or {}):
            raise Refused(f"{spec['name']!r}: a context menu command has no description")
    elif kind == CHAT_INPUT:
        description = str(spec.get("description") or "")
        if not 1 <= len(description) <= DESCRIPTION_LIMIT:
            raise Refused(f"/{spec['name']}: description of {len(description)} characters")


def _check_name(name: str, kind: int) -> None:
    if not 1 <= len(name) <= NAME_LIMIT:
        raise Refused(f"name {name!r}: {len(name)} characters (1–{NAME_LIMIT})")
    if name != name.strip():
        raise Refused(f"name {name!r}: leading or trailing spaces")
    if kind == CHAT_INPUT and (not SLASH_NAME.match(name) or name != name.lower()):
        raise Refused(f"name {name!r}: not a slash command name")


def check_commands(specs: Sequence[p.JSON]) -> None:
    """A bulk overwrite of one scope, refused whole as Discord refuses it."""
    for spec in specs:
        check_command(spec)
    kinds = Counter(spec.get("type", CHAT_INPUT) for spec in specs)
    for kind, count in kinds.items():
        if count > MOST[kind]:
            raise Refused(f"{count} commands of type {kind}: at most {MOST[kind]}")
    names = Counter((spec.get("type", CHAT_INPUT), spec["name"]) for spec in specs)
    if twice := [name for name, count in names.items() if count > 1]:
        raise Refused(f"names used twice: {twice}")


def user_menu_data(command: p.JSON, target: p.FakeUser, member: p.JSON | None) -> p.JSON:
    """A right-click on ``target`` → the app's USER command: the person as resolved data
    (their member too in a server)."""
    resolved: p.JSON = {"users": {str(target.id): target.json()}}
    if member is not None:
        resolved["members"] = {str(target.id): {k: v for k, v in member.items() if k != "user"}}
    return _menu_data(command, USER, str(target.id), resolved)


def message_menu_data(command: p.JSON, message: p.JSON) -> p.JSON:
    """A right-click on ``message`` → the app's MESSAGE command: the message as it is now."""
    return _menu_data(command, MESSAGE, str(message["id"]), {"messages": {message["id"]: message}})


def _menu_data(command: p.JSON, kind: int, target: str, resolved: p.JSON) -> p.JSON:
    data: p.JSON = {
        "id": command["id"],
        "name": command["name"],
        "type": kind,
        "target_id": target,
        "resolved": resolved,
    }
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    return data
