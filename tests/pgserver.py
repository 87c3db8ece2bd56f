"""One real PostgreSQL server for the test session, from the ``pgserver`` pip package.

``pgserver`` ships PostgreSQL binaries in a wheel and copes with being run as root (it runs
the server as an unprivileged user), so ``pip install -e ".[dev]"`` is the whole set-up. A
server that cannot start fails the tests that need it with a sentence saying why: they are
never skipped, because a storage engine whose tests silently vanish is an untested engine.

Isolation is cheap on purpose: the contract tests share one database, migrated once, and
every test starts by emptying its tables (one ``TRUNCATE``), which takes milliseconds where a
new database per test took half a second. Tests about migrations themselves, or about several
stores at once, ask for :func:`fresh_database` instead. The server runs without ``fsync``: it
is thrown away at the end, and durability is PostgreSQL's job, not the one under test.
"""

from __future__ import annotations

import itertools
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage.pg_migrations import MIGRATIONS, migrate

_counter = itertools.count(1)
_SHARED = "contract"
_SPEED_OVER_DURABILITY = (
    "ALTER SYSTEM SET fsync = off;"
    " ALTER SYSTEM SET synchronous_commit = off;"
    " ALTER SYSTEM SET full_page_writes = off;"
    " SELECT pg_reload_conf();"
)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """The running server; cleaned up (stopped, files removed) at the end of the session."""
    folder = tempfile.mkdtemp(prefix="boardbot-pg-")
    with warnings.catch_warnings():
        # platformdirs, asked by pgserver, notes that a container has no XDG_RUNTIME_DIR.
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR")
        try:
            import pgserver
        except ImportError as exc:  # pragma: no cover - a broken install
            pytest.fail(f"PostgreSQL tests need pgserver: pip install -e '.[dev]' ({exc})")
        try:
            server = pgserver.get_server(folder, cleanup_mode="delete")
            server.psql(_SPEED_OVER_DURABILITY)
        except Exception as exc:
            pytest.fail(f"could not start the test PostgreSQL server in {folder}: {exc}")
    yield server
    server.cleanup()


@pytest.fixture(scope="session")
def pg_shared_database(pg_server: Any) -> str:
    """The URL of the database the contract tests share, created once."""
    return _create_database(pg_server, _SHARED)


@pytest.fixture
async def pg_url(pg_shared_database: str) -> str:
    """The shared database, migrated and emptied for this test (schema kept)."""
    return await emptied(pg_shared_database)


async def emptied(url: str) -> str:
    """``url`` after migrating its database and emptying every table but the schema's own."""
    conn = await asyncpg.connect(url)
    try:
        await migrate(conn, 0.0)  # a no-op but for the first test
        tables = await conn.fetchval(
            "SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables"
            " WHERE schemaname = 'public' AND tablename <> 'schema_version'"
        )
        await conn.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()
    return url


def fresh_database(server: Any) -> str:
    """A new empty database on the session server; its URL."""
    return _create_database(server, f"t{next(_counter)}")


async def migrated_through(conn: Any, count: int) -> None:
    """Bring an empty database to PostgreSQL migration ``count`` as an older bot left it: its
    version table, then each migration's statements and its row; an upgrade test goes on
    from there."""
    await conn.execute(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
        " applied_at DOUBLE PRECISION NOT NULL)"
    )
    for number, statements in enumerate(MIGRATIONS[:count], start=1):
        for statement in statements:
            await conn.execute(statement)
        await conn.execute("INSERT INTO schema_version VALUES ($1, 0)", number)


def _create_database(server: Any, name: str) -> str:
    server.psql(f"CREATE DATABASE {name};")
    return str(server.get_uri(name))


def password_database(server: Any, user: str, password: str) -> str:
    """A new database owned by ``user``, who must give ``password`` (the session server
    trusts everyone else); its URL names the user but holds no password."""
    hba = Path(server.pgdata) / "pg_hba.conf"
    rule = f"local all {user} scram-sha-256\n"
    if rule not in hba.read_text():
        hba.write_text(rule + hba.read_text())  # first matching line wins: before "trust"
    quoted = password.replace("'", "''")
    server.psql(f"CREATE ROLE {user} LOGIN PASSWORD '{quoted}'; SELECT pg_reload_conf();")
    name = f"t{next(_counter)}"
    server.psql(f"CREATE DATABASE {name} OWNER {user};")
    return str(server.get_uri(name)).replace("postgres:@", f"{user}@", 1)
