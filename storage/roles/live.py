"""The live-messages role: a match's status card and its one live ping, by message id, and
each player's status card of a direct match (in their DM with the bot).

Why stored: a bot restarts while a correspondence match lasts weeks; the next move must edit
the same status card and un-ping the same message, so their ids are rows, not memory. A role
of its own because only the delivery of posts reads or writes it (the match never changes for
it: no version, no ``updated_at``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.records import LiveMessages, PlayerStatus


class LiveStatus(ABC):
    """live: where a match's status card and live ping are."""

    @abstractmethod
    async def live_messages(self, match_id: int) -> LiveMessages | None:
        """The match's live messages, None before its first post was kept."""

    async def keep_live_messages(self, live: LiveMessages) -> None:
        """Replace the match's live messages whole; ``LookupError`` for an unknown match and
        ``ValueError`` for an empty id (a card nobody can find again)."""
        if not (live.channel_id and live.status_id) or live.ping_id == "":
            raise ValueError("live messages need a channel and a status message")
        await self._keep_live_messages(live)

    @abstractmethod
    async def _keep_live_messages(self, live: LiveMessages) -> None: ...

    @abstractmethod
    async def player_statuses(self, match_id: int) -> list[PlayerStatus]:
        """Each player's status card of the match, by user id; empty before the first."""

    async def keep_player_status(self, status: PlayerStatus) -> None:
        """Replace one player's status card of the match whole (keyed by match and user);
        ``LookupError`` for an unknown match and ``ValueError`` for an empty id."""
        ids = (status.user_id, status.channel_id, status.status_id, status.latest_id)
        if not all(ids):
            raise ValueError("a player's status card needs a player, a channel and messages")
        await self._keep_player_status(status)

    @abstractmethod
    async def _keep_player_status(self, status: PlayerStatus) -> None: ...
