"""The people roles: who a user is (a display name) and what a user or a server chose.

Two roles, because their callers differ: names are written on every command and read for
every listing, while settings are read by the commands that honour them and scanned by the
digest. Both answer for a whole listing's users in one call (``user_names``,
``users_settings``), which is why each has a plural form.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any


class Players(ABC):
    """The users the bot has met and the names it shows for them."""

    @abstractmethod
    async def ensure_user(self, user_id: str, name: str, now: float) -> None:
        """Create the user, or refresh their display name."""

    @abstractmethod
    async def user_name(self, user_id: str) -> str | None: ...

    @abstractmethod
    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        """Display names of the users that have one, in one query (for listings)."""


class Settings(ABC):
    """A user's or a guild's settings: one JSON object each, replaced whole on save.

    Saving ``{}`` forgets the row, so "never set" and "reset" are the same state and the
    digest scan (:meth:`users_with_settings`) never wakes for someone who has nothing set. A
    new per-user preference (a locale, quiet hours) is a key of this object, not a new role.
    """

    @abstractmethod
    async def user_settings(self, user_id: str) -> dict[str, Any]:
        """The user's settings, ``{}`` if none were saved."""

    @abstractmethod
    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """Settings of the users that have any, in one query (for listings)."""

    @abstractmethod
    async def save_user_settings(self, user_id: str, settings: dict[str, Any], now: float) -> None:
        """Replace the user's settings (``{}`` removes them)."""

    @abstractmethod
    async def guild_settings(self, guild_id: str) -> dict[str, Any]:
        """The guild's settings, ``{}`` if none were saved."""

    @abstractmethod
    async def save_guild_settings(
        self, guild_id: str, settings: dict[str, Any], now: float
    ) -> None:
        """Replace the guild's settings (``{}`` removes them)."""

    @abstractmethod
    async def users_with_settings(
        self, *, having: tuple[str, str] | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        """Every user with non-empty settings, by user id; with ``having`` (a key and a text
        value) only those whose settings hold it, picked by the database (the daily digest
        asks for its few subscribers, not for everyone who keeps quiet hours)."""


# -- people: locale, quiet hours, challenge preferences, blocks (issue 43) ------------------
class Personal(ABC):
    """What the bot keeps of a person besides their name and settings: the language their
    client last spoke (a column of ``users``, written only when it changes, read with a match
    by ``read_match``), so DMs sent with no interaction to read it still speak it; whom they
    block; whom they have played. (Quiet hours and who may challenge them are settings.)"""

    @abstractmethod
    async def user_locales(self, user_ids: Sequence[str]) -> dict[str, str]:
        """The last seen client language of each user that has one, in one query."""

    @abstractmethod
    async def save_user_locale(self, user_id: str, locale: str | None, now: float) -> None:
        """Keep ``locale`` as the user's client language (None forgets it), making their
        nameless row if the bot never saw them."""

    @abstractmethod
    async def set_block(self, user_id: str, other_id: str, blocked: bool, now: float) -> None:
        """``user_id`` blocks ``other_id`` (or no longer does); idempotent."""

    @abstractmethod
    async def blocked_by(self, user_id: str) -> list[str]:
        """Whom ``user_id`` blocks, by id."""

    @abstractmethod
    async def blockers_among(self, user_id: str, among: Sequence[str]) -> list[str]:
        """Which of ``among`` block ``user_id``, in one query (read from the blocked side:
        that is what each seat asks)."""

    @abstractmethod
    async def played_together(self, user_id: str, other_id: str) -> bool:
        """Whether the two ever sat in one match that began (active or finished)."""
