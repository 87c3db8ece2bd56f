"""Persistence for the bot: the :class:`Store` interface and its implementations.

Pick one with :func:`open_store` from the configured database setting, then use it as an async
context manager (``async with open_store(url) as store: ...``), which opens and migrates it.
"""

from __future__ import annotations

from pathlib import Path

from storage.base import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    CLOSED_STATUSES,
    DECLINED,
    FINISHED,
    OPEN_STATUSES,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_CLOSED,
    TOURNAMENT_FINISHED,
    TOURNAMENT_RUNNING,
    TOURNAMENT_SIGNUP,
    UNCHANGED,
    ActionRecord,
    MatchClosed,
    MatchRecord,
    MatchUpdate,
    Rating,
    RatingPoint,
    RatingsChanged,
    RatingsWrite,
    StaleVersion,
    StatusChanged,
    Store,
    StoreBusy,
    TournamentClosed,
    TournamentRecord,
    Uses,
)
from storage.memory import MemoryStore
from storage.migrations import SchemaTooNew
from storage.sqlite import SqliteStore

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "CHALLENGE",
    "CLOSED_STATUSES",
    "DECLINED",
    "FINISHED",
    "OPEN_STATUSES",
    "TOURNAMENT_CANCELLED",
    "TOURNAMENT_CLOSED",
    "TOURNAMENT_FINISHED",
    "TOURNAMENT_RUNNING",
    "TOURNAMENT_SIGNUP",
    "UNCHANGED",
    "ActionRecord",
    "MatchClosed",
    "MatchRecord",
    "MatchUpdate",
    "MemoryStore",
    "Rating",
    "RatingPoint",
    "RatingsChanged",
    "RatingsWrite",
    "SchemaTooNew",
    "SqliteStore",
    "StaleVersion",
    "StatusChanged",
    "Store",
    "StoreBusy",
    "TournamentClosed",
    "TournamentRecord",
    "Uses",
    "open_store",
]

_MEMORY_NAMES = (":memory:", "memory", "memory://")
_SQLITE_PREFIXES = ("sqlite:///", "sqlite://")
_POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def open_store(url_or_path: str) -> Store:
    """The store a setting names, not yet opened.

    ``":memory:"``, ``"memory"`` or ``"memory://"`` give a :class:`MemoryStore`: SQLite's own
    ``:memory:`` database would vanish with its connection anyway, and the twin is faster.
    Anything else is a SQLite file path, optionally written as a URL: ``sqlite:///data/bot.db``
    (relative) or ``sqlite:////srv/bot.db`` (absolute), as SQLAlchemy spells them.
    ``postgresql://…`` or ``postgres://…`` names a PostgreSQL server (``storage/postgres.py``,
    needing the ``postgres`` extra); it is imported only then, so SQLite installs need no
    driver.
    """
    text = url_or_path.strip()
    if text.lower() in _MEMORY_NAMES:
        return MemoryStore()
    if text.lower().startswith(_POSTGRES_PREFIXES):
        return _postgres_store(text)
    for prefix in _SQLITE_PREFIXES:
        if text.lower().startswith(prefix):
            text = text[len(prefix) :]
            break
    if not text:
        raise ValueError("the database setting is empty; give a file path or 'memory'")
    return SqliteStore(Path(text))


def _postgres_store(dsn: str) -> Store:
    """The PostgreSQL store, with a sentence instead of a traceback when it is missing."""
    try:
        from storage.postgres import PostgresStore  # type: ignore[import-not-found]
    except ImportError as exc:
        raise RuntimeError(
            "DATABASE_URL names PostgreSQL, but the PostgreSQL store is not available "
            f"({exc}); install it with: pip install '.[postgres]'"
        ) from exc
    store: Store = PostgresStore(dsn)
    return store
