"""The ratings role: per-guild Glicko-2 ladders and each player's history on them.

A role of its own because ratings are written apart from a match's commit only once
(:meth:`Ratings.save_ratings`, for a match rated late) and read by ladders and charts that
never touch a match; the write that usually stores them is the finishing
:meth:`storage.roles.matches.Matches.commit`, which carries a :class:`RatingsWrite`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from storage.integrity import check_ratings
from storage.records import Rating, RatingPoint


class Ratings(ABC):
    """Ratings by (guild, game, user), stored once per rated match, and their history."""

    @abstractmethod
    async def rating(self, guild_id: str, game: str, user_id: str) -> Rating | None:
        """The stored rating, or None for someone never rated in that game and guild."""

    @abstractmethod
    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """The game's ladder in that guild: highest rating first, ties by user id."""

    @abstractmethod
    async def user_ratings(self, guild_id: str, user_id: str) -> list[Rating]:
        """The user's ratings in that guild, by game name."""

    async def save_ratings(
        self, guild_id: str, game: str, match_id: int, ratings: Sequence[Rating], now: float
    ) -> bool:
        """Store the ratings a finished match produced, once.

        One transaction records ``match_id`` as rated and upserts every rating (with
        ``updated_at = now``). If the match was rated before it changes nothing and returns
        False, so a retry after a crash or a double click can never count a match twice.
        Raises ``LookupError`` for an unknown match and ``ValueError`` for a rating of another
        game or guild, the same user twice, or a value that is not a finite number.
        """
        rows = check_ratings(guild_id, game, ratings, now)
        return await self._save_ratings(guild_id, game, match_id, rows, now)

    @abstractmethod
    async def _save_ratings(
        self, guild_id: str, game: str, match_id: int, rows: tuple[Rating, ...], now: float
    ) -> bool:
        """Store checked rating rows with the match's receipt (``LookupError``: no match)."""

    @abstractmethod
    async def rating_history(self, guild_id: str, game: str, user_id: str) -> list[RatingPoint]:
        """The user's rating after each rated match of ``game`` in that guild, oldest first
        (ties in time by match id); ``[]`` for someone never rated there.

        No method writes history: every write of ratings (a finishing commit with
        ``ratings``, :meth:`save_ratings`) adds one point per rated user in its own
        transaction, so the history always ends at the stored rating and a match already
        rated adds nothing.
        """
