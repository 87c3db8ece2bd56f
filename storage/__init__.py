"""Persistence for the bot: the :class:`Store` interface and its implementations.

Pick one with :func:`open_store` from the configured database setting, then use it as an async
context manager (``async with open_store(url) as store: ...``), which opens and migrates it.
"""

from __future__ import annotations

from storage import base
from storage.base import *  # noqa: F403  (the records, the roles and the Store, as base lists them)
from storage.base import Store
from storage.memory import MemoryStore
from storage.migrations import SchemaTooNew
from storage.setting import DatabaseSetting, read_database_setting
from storage.sqlite import SqliteStore

__all__ = [
    "DatabaseSetting",
    "MemoryStore",
    "SchemaTooNew",
    "SqliteStore",
    "open_store",
    "read_database_setting",
]
__all__ += base.__all__


def open_store(url_or_path: str, *, password: str | None = None) -> Store:
    """The store a setting names, not yet opened (see :func:`read_database_setting`).

    ``":memory:"``, ``"memory"`` or ``"memory://"`` give a :class:`MemoryStore`: SQLite's own
    ``:memory:`` database would vanish with its connection anyway, and the twin is faster.
    A SQLite file is a plain path or a URL: ``sqlite:///data/bot.db`` (relative) or
    ``sqlite:////srv/bot.db`` (absolute), as SQLAlchemy spells them.
    ``postgresql://…`` or ``postgres://…`` names a PostgreSQL server (``storage/postgres.py``,
    needing the ``postgres`` extra); it is imported only then, so SQLite installs need no
    driver. ``password``, when given, is the server's password kept apart from the URL, so
    any character works in it (no percent-encoding). Any other kind of URL is a ValueError.
    """
    setting = read_database_setting(url_or_path)
    if setting.kind == "memory":
        return MemoryStore()
    if setting.kind == "postgres":
        return _postgres_store(setting.url, password)
    assert setting.path is not None
    return SqliteStore(setting.path)


def _postgres_store(dsn: str, password: str | None) -> Store:
    """The PostgreSQL store, with a sentence instead of a traceback when it is missing."""
    try:
        from storage.postgres import PostgresStore
    except ImportError as exc:
        raise RuntimeError(
            "DATABASE_URL names PostgreSQL, but the PostgreSQL store is not available "
            f"({exc}); install it with: pip install '.[postgres]'"
        ) from exc
    return PostgresStore(dsn, password=password or None)
