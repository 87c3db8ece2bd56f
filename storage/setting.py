"""Reading the database setting (``DATABASE_URL``, the console's ``--db``) without opening it.

The setting is read once, strictly, before anything starts: a URL of a kind the bot cannot use
(``mysql://``, SQLAlchemy's ``postgresql+asyncpg://``, a typo like ``postgress://``) used to
fall through to "a SQLite file path", so the bot started on an empty file named like the URL —
in a container, a file the next rebuild threw away. Now only three kinds are accepted and
anything else that looks like a URL is one sentence naming its scheme (never the rest: the
rest may hold a password).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

MEMORY_NAMES = (":memory:", "memory", "memory://")
SQLITE_PREFIXES = ("sqlite:///", "sqlite://")
POSTGRES_SCHEMES = ("postgresql", "postgres")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]+):")
"""A URL's scheme: two characters at least, so ``C:\\bot.db`` stays a (Windows) path."""
_SPELLED = {"postgresql": "postgresql://", "sqlite": "sqlite:///"}
_KINDS = "use sqlite:///path/to/file, postgresql://user@host:5432/database or memory"

Kind = Literal["memory", "sqlite", "postgres"]


@dataclass(frozen=True)
class DatabaseSetting:
    """What a database setting names: its kind, and the file or the server URL."""

    kind: Kind
    path: Path | None = None
    """The SQLite file (relative paths are relative to the working directory)."""
    url: str = ""
    """The PostgreSQL URL as given (it may hold a password: never log it)."""

    def describe(self) -> str:
        """The database for a log line or a health check: never the password."""
        if self.kind == "sqlite":
            return f"SQLite {self.path}"
        if self.kind == "memory":
            return "memory (kept only while the process runs)"
        parts = urlsplit(self.url)
        database = parts.path.lstrip("/") or parts.username or "postgres"
        try:
            where = parts.hostname or "the local socket"
            if parts.port is not None:
                where = f"{where}:{parts.port}"
        except ValueError:  # an unreadable port: asyncpg will say so when connecting
            where = "an unreadable address"
        return f"PostgreSQL {database} at {where}"


def read_database_setting(text: str) -> DatabaseSetting:
    """The database ``text`` names; ValueError with one line when it names none the bot has.

    ``memory`` (or ``:memory:``, ``memory://``); ``sqlite:///relative/path``,
    ``sqlite:////absolute/path`` or a plain path; ``postgresql://…`` or ``postgres://…``.
    """
    text = text.strip()
    lowered = text.lower()
    if lowered in MEMORY_NAMES:
        return DatabaseSetting("memory")
    scheme_match = _SCHEME.match(text)
    scheme = scheme_match.group(1).lower() if scheme_match else None
    if scheme in POSTGRES_SCHEMES:
        return DatabaseSetting("postgres", url=text)
    if scheme is not None and scheme != "sqlite":
        raise ValueError(_refusal(scheme_match.group(1) if scheme_match else scheme))
    for prefix in SQLITE_PREFIXES:
        if lowered.startswith(prefix):
            text = text[len(prefix) :]
            break
    else:
        if scheme == "sqlite":  # "sqlite:x.db": neither a URL nor a path
            raise ValueError("write a SQLite file as sqlite:///relative/path or a plain path")
    if not text:
        raise ValueError("the database setting is empty; give a file path or 'memory'")
    return DatabaseSetting("sqlite", path=Path(text))


def _refusal(scheme: str) -> str:
    """One sentence for a URL of another kind, with the spelling that would work."""
    shown = repr(f"{scheme}://")
    base, _, driver = scheme.lower().partition("+")
    if driver and base in POSTGRES_SCHEMES:
        return (
            f"{shown} is SQLAlchemy's spelling; this bot talks to PostgreSQL through "
            f"{driver} by itself: write postgresql://… (drop '+{driver}')"
        )
    if driver and base == "sqlite":
        return f"{shown} is SQLAlchemy's spelling: write sqlite:///… (drop '+{driver}')"
    guess = difflib.get_close_matches(base, list(_SPELLED), n=1, cutoff=0.75)
    if guess:
        return f"unknown database kind {shown}: did you mean {_SPELLED[guess[0]]}?"
    return f"{shown} is not a database this bot can use (SQLite or PostgreSQL): {_KINDS}"
