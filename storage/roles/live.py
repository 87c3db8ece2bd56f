"""The live-messages role: a match's status card and its one live ping, by message id.

Why stored: a bot restarts while a correspondence match lasts weeks; the next move must edit
the same status card and un-ping the same message, so their ids are rows, not memory. A role
of its own because only the delivery of posts reads or writes it (the match never changes for
it: no version, no ``updated_at``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.records import LiveMessages


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
