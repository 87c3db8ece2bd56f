"""Players of one server, as the service tests seat them: a name is the user's id and name."""

from __future__ import annotations

from bot.service import User


def on_server(guild: str, *names: str) -> tuple[User, ...]:
    """One :class:`User` per name, acting from ``guild`` (as Discord gives a command's server)."""
    return tuple(User(name, name, guild_id=guild) for name in names)
